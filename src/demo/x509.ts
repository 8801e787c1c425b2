import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A minimal DER writer for the two certificates the demo server needs (a CA and a serving certificate).
 * node:crypto signs but cannot build certificates; the structure is small and fixed (RFC 5280), so writing
 * it here avoids a dependency. Keys are ECDSA P-256: generated in about a millisecond.
 */

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const explicit = (tagNumber: number, item: Buffer) => tlv(0xa0 | tagNumber, item);

function integer(value: Buffer): Buffer {
  let bytes = value;
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1]! & 0x80) === 0) bytes = bytes.subarray(1);
  // A leading 1 bit would make the number negative, which strict parsers (Go's) reject for serials.
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.from([0]), bytes);
const octetString = (bytes: Buffer) => tlv(0x04, bytes);
const booleanTrue = () => tlv(0x01, Buffer.from([0xff]));

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // RFC 5280: UTCTime through 2049, GeneralizedTime after.
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2), 'ascii')) : tlv(0x18, Buffer.from(iso, 'ascii'));
}

function name(commonName: string, organization?: string): Buffer {
  const rdns = [];
  if (organization) rdns.push(set(sequence(oid('2.5.4.10'), utf8String(organization))));
  rdns.push(set(sequence(oid('2.5.4.3'), utf8String(commonName))));
  return sequence(...rdns);
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? sequence(oid(id), booleanTrue(), octetString(value)) : sequence(oid(id), octetString(value));
}

const ecdsaWithSha256 = () => sequence(oid('1.2.840.10045.4.3.2'));

// keyUsage bits, numbered from the most significant bit of the first byte.
const DIGITAL_SIGNATURE = 0x80;
const KEY_ENCIPHERMENT = 0x20;
const KEY_CERT_SIGN = 0x04;

interface CertificateRequest {
  subject: { commonName: string; organization?: string };
  issuer: { commonName: string; organization?: string };
  publicKey: KeyObject;
  signingKey: KeyObject;
  isCa: boolean;
  ipAddresses?: string[];
  dnsNames?: string[];
  validDays: number;
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

function certificateDer(request: CertificateRequest): Buffer {
  const now = Date.now();
  const notBefore = new Date(now - 60 * 60 * 1000);
  const notAfter = new Date(now + request.validDays * 24 * 60 * 60 * 1000);
  const extensions = [
    extension(
      '2.5.29.15',
      true,
      tlv(
        0x03,
        Buffer.from([request.isCa ? 2 : 5]),
        Buffer.from([request.isCa ? DIGITAL_SIGNATURE | KEY_ENCIPHERMENT | KEY_CERT_SIGN : DIGITAL_SIGNATURE | KEY_ENCIPHERMENT]),
      ),
    ),
    extension('2.5.29.19', true, request.isCa ? sequence(booleanTrue()) : sequence()),
  ];
  if (!request.isCa) {
    extensions.push(extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.1'))));
    const altNames = [
      ...(request.dnsNames ?? []).map((dns) => tlv(0x82, Buffer.from(dns, 'ascii'))),
      ...(request.ipAddresses ?? []).map((ip) => tlv(0x87, ipv4Bytes(ip))),
    ];
    extensions.push(extension('2.5.29.17', false, sequence(...altNames)));
  }
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(randomBytes(16)),
    ecdsaWithSha256(),
    name(request.issuer.commonName, request.issuer.organization),
    sequence(time(notBefore), time(notAfter)),
    name(request.subject.commonName, request.subject.organization),
    request.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, request.signingKey);
  return sequence(tbs, ecdsaWithSha256(), bitString(signature));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export interface ServingCertificates {
  caPem: string;
  certPem: string;
  keyPem: string;
}

/** A fresh CA (CN "kubernetes", as kubeadm names it) and a kube-apiserver serving certificate for loopback. */
export function createServingCertificates(validDays = 365): ServingCertificates {
  const ca = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const server = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const caDer = certificateDer({
    subject: { commonName: 'kubernetes' },
    issuer: { commonName: 'kubernetes' },
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    isCa: true,
    validDays,
  });
  const serverDer = certificateDer({
    subject: { commonName: 'kube-apiserver' },
    issuer: { commonName: 'kubernetes' },
    publicKey: server.publicKey,
    signingKey: ca.privateKey,
    isCa: false,
    ipAddresses: ['127.0.0.1'],
    dnsNames: ['localhost', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc'],
    validDays,
  });
  const keyPem = createPrivateKey(server.privateKey.export({ type: 'pkcs8', format: 'pem' }))
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();
  return { caPem: pem('CERTIFICATE', caDer), certPem: pem('CERTIFICATE', serverDer), keyPem };
}
