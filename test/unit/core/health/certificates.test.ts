import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import {
  type CertificateInfo,
  clientCertificateFromKubeconfigUser,
  daysLeft,
  describeCertificate,
  pendingKubeletCsrs,
  serverCertificate,
  ServerCertificateError,
} from '../../../../src/core/health/certificates';

const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
// `openssl req -x509` marks every certificate a CA unless told otherwise; kubeadm's leaf certificates are not.
const leaf = ['-addext', 'basicConstraints=critical,CA:FALSE'];

/** Certificates made by openssl, as kubeadm's would look: a CA, a serving certificate it signed, an admin client. */
interface Pki {
  dir: string;
  selfSigned: string;
  selfSignedKey: string;
  ca: string;
  serving: string;
  servingKey: string;
  admin: string;
  adminKey: string;
}

function makePki(): Pki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-pki-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    ...ec,
    '-subj',
    '/CN=kube-apiserver',
    '-addext',
    'subjectAltName=DNS:kubernetes,IP:127.0.0.1',
    '-days',
    '30',
    '-keyout',
    file('self.key'),
    '-out',
    file('self.crt'),
  );
  openssl('req', '-x509', ...ec, '-subj', '/CN=kubernetes', '-days', '3650', '-keyout', file('ca.key'), '-out', file('ca.crt'));
  openssl(
    'req',
    '-x509',
    ...ec,
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-subj',
    '/CN=kube-apiserver',
    '-addext',
    'subjectAltName=DNS:kubernetes,DNS:kubernetes.default.svc,IP:10.96.0.1,IP:127.0.0.1',
    ...leaf,
    '-days',
    '365',
    '-keyout',
    file('serving.key'),
    '-out',
    file('serving.crt'),
  );
  openssl(
    'req',
    '-x509',
    ...ec,
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-subj',
    '/O=system:masters/O=kubeadm:cluster-admins/CN=kubernetes-admin',
    ...leaf,
    '-days',
    '365',
    '-keyout',
    file('admin.key'),
    '-out',
    file('admin.crt'),
  );
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  return {
    dir,
    selfSigned: read('self.crt'),
    selfSignedKey: read('self.key'),
    ca: read('ca.crt'),
    serving: read('serving.crt'),
    servingKey: read('serving.key'),
    admin: read('admin.crt'),
    adminKey: read('admin.key'),
  };
}

/** Nothing secret may leave: no PEM block, no key field, and no more fields than these. */
function assertNoKeyMaterial(info: CertificateInfo): void {
  assert.deepEqual(Object.keys(info).sort(), [
    'fingerprint256',
    'isCa',
    'issuer',
    'notAfter',
    'notBefore',
    'selfSigned',
    'serialNumber',
    'subject',
    'subjectAltNames',
  ]);
  assert.doesNotMatch(JSON.stringify(info), /BEGIN|PRIVATE|pubkey|modulus/i);
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

describe('certificates', function () {
  this.timeout(60_000);
  let pki: Pki;

  before(() => {
    pki = makePki();
  });

  after(() => {
    fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  describe('describeCertificate', () => {
    it('reads names, addresses, validity and whether it signed itself', () => {
      const info = describeCertificate(pki.selfSigned);
      assert.deepEqual(info.subject, { commonName: 'kube-apiserver', organizations: [] });
      assert.deepEqual(info.issuer, info.subject);
      assert.deepEqual(info.subjectAltNames, { dns: ['kubernetes'], ip: ['127.0.0.1'] });
      assert.equal(info.selfSigned, true);
      assert.match(info.fingerprint256, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      const lifetimeDays = (Date.parse(info.notAfter) - Date.parse(info.notBefore)) / 86_400_000;
      assert.equal(lifetimeDays, 30);
      assertNoKeyMaterial(info);
    });

    it('tells a certificate its CA signed from a self-signed one, and reads several organizations', () => {
      const serving = describeCertificate(pki.serving);
      assert.equal(serving.selfSigned, false);
      assert.equal(serving.isCa, false);
      assert.deepEqual(serving.issuer, { commonName: 'kubernetes', organizations: [] });
      assert.deepEqual(serving.subjectAltNames, { dns: ['kubernetes', 'kubernetes.default.svc'], ip: ['10.96.0.1', '127.0.0.1'] });
      assert.deepEqual(describeCertificate(pki.admin).subject, {
        commonName: 'kubernetes-admin',
        organizations: ['system:masters', 'kubeadm:cluster-admins'],
      });
      assert.equal(describeCertificate(pki.ca).isCa, true);
    });

    it('reads DER bytes and PEM bytes alike, and only the certificate of a file that holds its key first', () => {
      const pem = describeCertificate(pki.serving);
      assert.deepEqual(describeCertificate(new X509Certificate(pki.serving).raw), pem);
      assert.deepEqual(describeCertificate(Buffer.from(pki.servingKey + pki.serving)), pem);
    });

    it('throws without echoing what it was given', () => {
      for (const input of ['', 'not a certificate', pki.servingKey, Buffer.from([1, 2, 3])]) {
        assert.throws(
          () => describeCertificate(input),
          (error: Error) => !error.message.includes('PRIVATE') && !error.message.includes('not a certificate'),
        );
      }
      const corrupt = pki.serving.replace(/\n[A-Za-z0-9+/]{20}/, '\nAAAAAAAAAAAAAAAAAAAA');
      assert.throws(() => describeCertificate(corrupt), /not an X\.509 certificate/);
    });

    it('counts whole days left, negative once expired', () => {
      const info = describeCertificate(pki.selfSigned);
      const notAfter = Date.parse(info.notAfter);
      assert.equal(daysLeft(info, notAfter - 2 * 86_400_000 - 1), 2);
      assert.equal(daysLeft(info, notAfter - 1), 0);
      assert.equal(daysLeft(info, notAfter + 1), -1);
      assert.equal(daysLeft(info, Date.parse(info.notBefore)), 30);
    });
  });

  describe('clientCertificateFromKubeconfigUser', () => {
    it('reads client-certificate-data, or the client-certificate file, and nothing for a token user', () => {
      const expected = describeCertificate(pki.admin);
      assert.deepEqual(clientCertificateFromKubeconfigUser({ certData: Buffer.from(pki.admin).toString('base64') }), expected);
      const combined = path.join(pki.dir, 'admin-with-key.pem');
      fs.writeFileSync(combined, pki.adminKey + pki.admin);
      const fromFile = clientCertificateFromKubeconfigUser({ certFile: combined });
      assert.deepEqual(fromFile, expected);
      assertNoKeyMaterial(fromFile!);
      assert.equal(clientCertificateFromKubeconfigUser({}), undefined);
    });

    it('throws for a missing file or data that is no certificate', () => {
      assert.throws(() => clientCertificateFromKubeconfigUser({ certFile: path.join(pki.dir, 'missing.crt') }), /does not exist/);
      assert.throws(
        () => clientCertificateFromKubeconfigUser({ certData: Buffer.from('hello').toString('base64') }),
        /not an X\.509 certificate/,
      );
    });
  });

  describe('serverCertificate', () => {
    const servers: net.Server[] = [];
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    });

    async function start<T extends net.Server>(server: T): Promise<number> {
      servers.push(server);
      return listen(server);
    }

    /** A TLS server that records the name each client asked for (SNI) and counts the connections still open. */
    async function tlsServer(key: string, cert: string): Promise<{ port: number; names: string[]; open: () => number }> {
      const names: string[] = [];
      let open = 0;
      const server = tls.createServer({ key, cert, SNICallback: (name, done) => (names.push(name), done(null)) });
      server.on('connection', (socket: net.Socket) => {
        open++;
        socket.on('close', () => open--);
      });
      return { port: await start(server), names, open: () => open };
    }

    it('returns the chain the server presents, leaf first, and closes the connection', async () => {
      const server = await tlsServer(pki.servingKey, pki.serving + pki.ca);
      const chain = await serverCertificate(`https://127.0.0.1:${server.port}/`);
      assert.deepEqual(
        chain.map((c) => [c.subject.commonName, c.selfSigned]),
        [
          ['kube-apiserver', false],
          ['kubernetes', true],
        ],
      );
      assert.deepEqual(chain[0], describeCertificate(pki.serving));
      chain.forEach(assertNoKeyMaterial);
      const deadline = Date.now() + 5_000;
      while (server.open() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(server.open(), 0);
    });

    it("asks for the URL's host name, or the given one, but never for an IP address (RFC 6066)", async () => {
      const server = await tlsServer(pki.selfSignedKey, pki.selfSigned);
      const [self] = await serverCertificate(`https://localhost:${server.port}`);
      assert.equal(self!.selfSigned, true);
      await serverCertificate(`https://127.0.0.1:${server.port}`);
      await serverCertificate(`https://127.0.0.1:${server.port}`, { servername: 'kubernetes' });
      assert.deepEqual(server.names, ['localhost', 'kubernetes']);
    });

    it('says which failure it was: no listener, no TLS, no answer, no https URL', async () => {
      const closed = net.createServer();
      const closedPort = await listen(closed);
      await new Promise((resolve) => closed.close(resolve));
      await assert.rejects(
        serverCertificate(`https://127.0.0.1:${closedPort}`),
        (error: ServerCertificateError) => error.failure === 'unreachable' && error.reason === 'ECONNREFUSED',
      );

      const plain = await start(http.createServer((_request, response) => response.end('ok')));
      await assert.rejects(
        serverCertificate(`https://127.0.0.1:${plain}`),
        (error: ServerCertificateError) => error instanceof ServerCertificateError && error.failure === 'notTls',
      );

      const sockets: net.Socket[] = [];
      const silent = net.createServer((socket) => sockets.push(socket));
      const silentPort = await start(silent);
      await assert.rejects(
        serverCertificate(`https://127.0.0.1:${silentPort}`, { timeoutMs: 200 }),
        (error: ServerCertificateError) => error.failure === 'timeout',
      );
      sockets.forEach((socket) => socket.destroy());

      for (const url of ['http://127.0.0.1:6443', 'not a url', '']) {
        await assert.rejects(serverCertificate(url), (error: ServerCertificateError) => error.failure === 'invalidUrl', url);
      }
    });
  });

  describe('pendingKubeletCsrs', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    const csr = (name: string, signerName: string, conditions: string[], created = '2026-12-01T11:59:00Z') => ({
      apiVersion: 'certificates.k8s.io/v1',
      kind: 'CertificateSigningRequest',
      metadata: { name, creationTimestamp: created },
      spec: { signerName, username: `system:node:${name}`, request: 'LS0tLS1CRUdJTi...' },
      status: { conditions: conditions.map((type) => ({ type, status: 'True' })) },
    });

    it('keeps kubelet requests nobody has approved, denied or failed, oldest first', () => {
      const pending = pendingKubeletCsrs(
        [
          csr('serving-new', 'kubernetes.io/kubelet-serving', []),
          csr('serving-old', 'kubernetes.io/kubelet-serving', [], '2026-12-01T10:00:00Z'),
          csr('client', 'kubernetes.io/kube-apiserver-client-kubelet', []),
          csr('approved', 'kubernetes.io/kubelet-serving', ['Approved']),
          csr('denied', 'kubernetes.io/kubelet-serving', ['Denied']),
          csr('failed', 'kubernetes.io/kube-apiserver-client-kubelet', ['Approved', 'Failed']),
          csr('other-signer', 'kubernetes.io/kube-apiserver-client', []),
          csr('undated', 'kubernetes.io/kubelet-serving', [], ''),
        ],
        now,
      );
      assert.deepEqual(pending, [
        { name: 'serving-old', signerName: 'kubernetes.io/kubelet-serving', requestor: 'system:node:serving-old', ageSeconds: 7200 },
        { name: 'serving-new', signerName: 'kubernetes.io/kubelet-serving', requestor: 'system:node:serving-new', ageSeconds: 60 },
        { name: 'client', signerName: 'kubernetes.io/kube-apiserver-client-kubelet', requestor: 'system:node:client', ageSeconds: 60 },
        { name: 'undated', signerName: 'kubernetes.io/kubelet-serving', requestor: 'system:node:undated', ageSeconds: undefined },
      ]);
    });

    it('skips what is not a request', () => {
      assert.deepEqual(pendingKubeletCsrs([null, 'x', 7, [], {}, { spec: { signerName: 5 } }], now), []);
    });
  });
});
