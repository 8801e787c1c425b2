/**
 * The certificates a cluster runs on, described without any key material: the chain kube-apiserver presents,
 * the client certificate of a kubeconfig user, and the kubelet CSRs waiting for someone to approve them.
 * Only public facts leave this module (names, validity, fingerprints); private keys are never read, and the
 * certificate data itself is never put into an error message.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import * as tls from 'node:tls';
import { readKubeconfigTextSync } from '../kubeconfig/fileAccess';
import { errorMessage } from '../util/errors';
import { jsonObject, text } from '../kube/jsonFields';

export interface DistinguishedName {
  readonly commonName?: string;
  /** O: Kubernetes reads a client certificate's organizations as the user's groups (`system:masters`, `system:nodes`). */
  readonly organizations: readonly string[];
}

export interface CertificateInfo {
  readonly subject: DistinguishedName;
  readonly issuer: DistinguishedName;
  readonly subjectAltNames: { readonly dns: readonly string[]; readonly ip: readonly string[] };
  /** ISO times. */
  readonly notBefore: string;
  readonly notAfter: string;
  /** Issued by its own key: a CA root, or a serving certificate nobody vouches for. */
  readonly selfSigned: boolean;
  readonly isCa: boolean;
  readonly serialNumber: string;
  readonly fingerprint256: string;
}

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** Only the first CERTIFICATE block is handed on: a PEM file may hold a private key too. */
function x509Of(pemOrDer: string | Buffer): X509Certificate {
  const input = typeof pemOrDer === 'string' ? pemOrDer : pemOrDer.includes('-----BEGIN') ? pemOrDer.toString('latin1') : pemOrDer;
  const certificate = typeof input === 'string' ? pemBlock.exec(input)?.[0] : input;
  if (!certificate) throw new Error('no PEM certificate found');
  try {
    return new X509Certificate(certificate);
  } catch (error) {
    throw new Error(`not an X.509 certificate: ${errorMessage(error)}`);
  }
}

/** toLegacyObject gives each attribute as a string, or an array when it repeats (several O). */
function nameOf(fields: unknown): DistinguishedName {
  const record = jsonObject(fields);
  const values = (value: unknown) => (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
  const commonName = values(record.CN)[0];
  const organizations = values(record.O);
  return commonName === undefined ? { organizations } : { commonName, organizations };
}

// `DNS:kubernetes, IP Address:10.96.0.1`: a value that could be misread is a JSON string literal (CVE-2021-44532;
// https://nodejs.org/api/crypto.html#x509subjectaltname), so a plain split at ", " would be wrong.
const altNameEntry = /^([^:,]+):("(?:[^"\\]|\\.)*"|[^,]*)(?:, |$)/;

function altNamesOf(subjectAltName: string | undefined): CertificateInfo['subjectAltNames'] {
  const dns: string[] = [];
  const ip: string[] = [];
  let rest = subjectAltName ?? '';
  for (let entry = altNameEntry.exec(rest); rest && entry; entry = altNameEntry.exec(rest)) {
    let value = entry[2]!;
    if (value.startsWith('"')) {
      try {
        value = JSON.parse(value) as string;
      } catch {
        break;
      }
    }
    if (entry[1] === 'DNS') dns.push(value);
    else if (entry[1] === 'IP Address') ip.push(value);
    rest = rest.slice(entry[0].length);
  }
  return { dns, ip };
}

function signedBySelf(certificate: X509Certificate): boolean {
  try {
    return certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}

/** A PEM text (the first certificate in it) or DER bytes. Throws when there is no certificate. */
export function describeCertificate(pemOrDer: string | Buffer): CertificateInfo {
  const certificate = x509Of(pemOrDer);
  const legacy = certificate.toLegacyObject();
  return {
    subject: nameOf(legacy.subject),
    issuer: nameOf(legacy.issuer),
    subjectAltNames: altNamesOf(certificate.subjectAltName),
    notBefore: new Date(certificate.validFrom).toISOString(),
    notAfter: new Date(certificate.validTo).toISOString(),
    selfSigned: signedBySelf(certificate),
    isCa: certificate.ca,
    serialNumber: certificate.serialNumber,
    fingerprint256: certificate.fingerprint256,
  };
}

/** Whole days until notAfter at `now` (ms), rounded down: 0 on the last day, negative once expired. */
export function daysLeft(certificate: Pick<CertificateInfo, 'notAfter'>, now: number): number {
  return Math.floor((Date.parse(certificate.notAfter) - now) / 86_400_000);
}

export type ServerCertificateFailure = 'invalidUrl' | 'unreachable' | 'timeout' | 'notTls';

export class ServerCertificateError extends Error {
  constructor(
    readonly server: string,
    readonly failure: ServerCertificateFailure,
    readonly reason?: string,
  ) {
    const what =
      failure === 'invalidUrl'
        ? 'is not an https:// URL'
        : failure === 'unreachable'
          ? 'cannot be reached'
          : failure === 'timeout'
            ? 'did not complete a TLS handshake in time'
            : 'answered, but not with a TLS handshake';
    super(`${server} ${what}${reason ? ` (${reason})` : ''}`);
  }
}

export interface ServerCertificateOptions {
  /** 10 s by default. */
  readonly timeoutMs?: number;
  /** The name to ask for (SNI), e.g. the kubeconfig's `tls-server-name`; the URL's host name by default. */
  readonly servername?: string;
}

function chainOf(peer: tls.DetailedPeerCertificate): CertificateInfo[] {
  const chain: CertificateInfo[] = [];
  const seen = new Set<tls.DetailedPeerCertificate>();
  // A root's issuerCertificate is itself; an incomplete chain ends at an empty object.
  for (let link: tls.DetailedPeerCertificate | undefined = peer; link?.raw && !seen.has(link); link = link.issuerCertificate) {
    seen.add(link);
    chain.push(describeCertificate(link.raw));
  }
  return chain;
}

/**
 * The chain the API server presents in the TLS handshake, leaf first. It is read, not trusted: verification
 * is off because nothing is sent over the connection, which is closed as soon as the certificates arrive.
 */
export function serverCertificate(serverUrl: string, options: ServerCertificateOptions = {}): Promise<CertificateInfo[]> {
  let url: URL | undefined;
  try {
    url = new URL(serverUrl);
  } catch {
    // reported below
  }
  if (url?.protocol !== 'https:') return Promise.reject(new ServerCertificateError(serverUrl, 'invalidUrl'));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || 443);
  // RFC 6066 does not allow an IP address as a server name, and Node warns when given one.
  const servername = options.servername ?? (isIP(host) ? undefined : host);
  const server = url.host;
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    const socket = tls.connect({ host, port, rejectUnauthorized: false, ...(servername ? { servername } : {}) });
    const close = () => {
      settled = true;
      clearTimeout(timer);
      socket.destroy();
    };
    const fail = (failure: ServerCertificateFailure, reason?: string) => {
      if (settled) return;
      close();
      reject(new ServerCertificateError(server, failure, reason));
    };
    const timer = setTimeout(() => fail('timeout'), options.timeoutMs ?? 10_000);
    socket.once('connect', () => (connected = true));
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate(true);
      close();
      try {
        resolve(chainOf(peer));
      } catch (error) {
        reject(error);
      }
    });
    // Once TCP is up, a failure is the peer's answer (plain HTTP gives "wrong version number"), not the network.
    socket.on('error', (error: NodeJS.ErrnoException) => fail(connected ? 'notTls' : 'unreachable', error.code ?? error.message));
  });
}

/** The kubeconfig user's client certificate: `client-certificate-data` (base64 PEM) or the `client-certificate` file. */
export interface KubeconfigCertificateSource {
  readonly certData?: string;
  readonly certFile?: string;
}

/** Undefined for a user without a certificate (a token, an exec plugin). Throws when the certificate cannot be read. */
export function clientCertificateFromKubeconfigUser(user: KubeconfigCertificateSource): CertificateInfo | undefined {
  if (user.certData) return describeCertificate(Buffer.from(user.certData, 'base64'));
  // A regular file of bounded size only: a path in a kubeconfig could name a pipe or a device.
  if (user.certFile) return describeCertificate(readKubeconfigTextSync(user.certFile));
  return undefined;
}

/** The signers of kubelet certificates (https://kubernetes.io/docs/reference/access-authn-authz/certificate-signing-requests/#kubernetes-signers). */
export const kubeletSigners: readonly string[] = ['kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving'];

export interface PendingCsr {
  readonly name: string;
  readonly signerName: string;
  /** spec.username: who asked, e.g. `system:node:worker-1` or a bootstrap token's user. */
  readonly requestor: string;
  /** Undefined when the object has no creationTimestamp. */
  readonly ageSeconds: number | undefined;
}

/** Every one of these ends a request's wait; a request without any is still pending. */
const decidedConditions = new Set(['Approved', 'Denied', 'Failed']);

/**
 * Kubelet CertificateSigningRequests nobody has decided on yet, oldest first. kube-controller-manager may
 * approve client requests by itself, but never kubelet-serving ones (the signers page above): those wait here.
 */
export function pendingKubeletCsrs(csrs: readonly unknown[], now: number): PendingCsr[] {
  const pending: PendingCsr[] = [];
  for (const csr of csrs) {
    const object = jsonObject(csr);
    const spec = jsonObject(object.spec);
    const signerName = text(spec.signerName);
    if (!signerName || !kubeletSigners.includes(signerName)) continue;
    const conditions = jsonObject(object.status).conditions;
    if (Array.isArray(conditions) && conditions.some((condition) => decidedConditions.has(jsonObject(condition).type as string))) continue;
    const metadata = jsonObject(object.metadata);
    const created = Date.parse(text(metadata.creationTimestamp) ?? '');
    pending.push({
      name: text(metadata.name) ?? '',
      signerName,
      requestor: text(spec.username) ?? '',
      ageSeconds: Number.isFinite(created) ? Math.max(0, Math.floor((now - created) / 1000)) : undefined,
    });
  }
  return pending.sort((a, b) => (b.ageSeconds ?? -1) - (a.ageSeconds ?? -1));
}
