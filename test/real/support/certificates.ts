/**
 * The certificates of a real control plane, made with the `openssl` command (OpenSSL 3): a CA, serving and
 * client certificates signed by it, and the service-account key pair. P-256 keys throughout: Kubernetes 1.20
 * accepts them everywhere, and they are made in milliseconds where RSA keys take seconds on a busy machine.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyPair {
  certPath: string;
  keyPath: string;
  certPem: string;
  keyPem: string;
}

export interface CertificateRequest {
  /** File names inside the folder: `<name>.crt` and `<name>.key`. */
  name: string;
  commonName: string;
  /** Subject organisations: Kubernetes reads them as the user's groups. */
  organizations?: string[];
  usage: 'server' | 'client';
  dnsNames?: string[];
  ipAddresses?: string[];
}

function openssl(args: string[], cwd: string): void {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`could not run openssl: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr.trim()}`);
}

/** An openssl `-subj` value: `/` and `\` in names are escaped so that a name cannot add fields of its own. */
function subject(commonName: string, organizations: string[] = []): string {
  const escape = (value: string) => value.replace(/[\\/]/g, (c) => `\\${c}`);
  return [...organizations.map((o) => `/O=${escape(o)}`), `/CN=${escape(commonName)}`].join('');
}

function requestConfig(extensions: string[]): string {
  return [
    '[req]',
    'distinguished_name = dn',
    'x509_extensions = ext',
    'prompt = no',
    '[dn]',
    'CN = unused',
    '[ext]',
    ...extensions,
    '',
  ].join('\n');
}

function readPair(dir: string, name: string): KeyPair {
  const certPath = join(dir, `${name}.crt`);
  const keyPath = join(dir, `${name}.key`);
  return { certPath, keyPath, certPem: readFileSync(certPath, 'utf8'), keyPem: readFileSync(keyPath, 'utf8') };
}

const KEY_ARGS = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A self-signed CA, `<dir>/ca.crt` and `<dir>/ca.key`. */
export function createCa(dir: string, commonName: string): KeyPair {
  const config = join(dir, 'ca.cnf');
  writeFileSync(
    config,
    requestConfig([
      'basicConstraints = critical,CA:TRUE',
      'keyUsage = critical,keyCertSign,cRLSign,digitalSignature',
      'subjectKeyIdentifier = hash',
    ]),
  );
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-config',
      config,
      ...KEY_ARGS,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '3650',
      '-utf8',
      '-subj',
      subject(commonName),
    ],
    dir,
  );
  return readPair(dir, 'ca');
}

/** A certificate signed by `ca`, written beside its key as `<dir>/<name>.crt` and `<dir>/<name>.key`. */
export function issueCertificate(ca: KeyPair, dir: string, request: CertificateRequest): KeyPair {
  const altNames = [...(request.dnsNames ?? []).map((n) => `DNS:${n}`), ...(request.ipAddresses ?? []).map((ip) => `IP:${ip}`)];
  const config = join(dir, `${request.name}.cnf`);
  writeFileSync(
    config,
    requestConfig([
      'basicConstraints = critical,CA:FALSE',
      'keyUsage = critical,digitalSignature,keyEncipherment',
      `extendedKeyUsage = ${request.usage === 'server' ? 'serverAuth' : 'clientAuth'}`,
      'authorityKeyIdentifier = keyid',
      ...(altNames.length > 0 ? [`subjectAltName = ${altNames.join(',')}`] : []),
    ]),
  );
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-config',
      config,
      '-CA',
      ca.certPath,
      '-CAkey',
      ca.keyPath,
      ...KEY_ARGS,
      '-keyout',
      `${request.name}.key`,
      '-out',
      `${request.name}.crt`,
      '-days',
      '365',
      '-utf8',
      '-subj',
      subject(request.commonName, request.organizations),
    ],
    dir,
  );
  return readPair(dir, request.name);
}

/** The service-account signing key and its public half: `<dir>/<name>.key` and `<dir>/<name>.pub`. */
export function createSigningKey(dir: string, name: string): { keyPath: string; publicKeyPath: string } {
  openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`], dir);
  openssl(['pkey', '-in', `${name}.key`, '-pubout', '-out', `${name}.pub`], dir);
  return { keyPath: join(dir, `${name}.key`), publicKeyPath: join(dir, `${name}.pub`) };
}
