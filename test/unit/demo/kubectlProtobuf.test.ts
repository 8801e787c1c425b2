import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { parse } from 'yaml';
import { decodeProtobufObject, ProtobufDecodeError } from '../../../src/demo/protobuf/decode';
import { kubectlOrSkip, runKubectl, startDemo, type RunningDemo } from '../../support/demo';
import { until } from '../../support/until';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---- a minimal protobuf writer: the bytes a Kubernetes client would send ----

function varint(value: bigint | number): Buffer {
  let remaining = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  while (remaining >= 0x80n) {
    bytes.push(Number(remaining & 0x7fn) | 0x80);
    remaining >>= 7n;
  }
  bytes.push(Number(remaining));
  return Buffer.from(bytes);
}

const tag = (field: number, wireType: number) => varint((field << 3) | wireType);
const varintField = (field: number, value: bigint | number) => Buffer.concat([tag(field, 0), varint(value)]);
const bytesField = (field: number, ...content: (Buffer | string)[]) => {
  const body = Buffer.concat(content.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  return Buffer.concat([tag(field, 2), varint(body.length), body]);
};
const mapEntry = (field: number, key: string, value: Buffer | string) => bytesField(field, bytesField(1, key), bytesField(2, value));

/** The envelope: `k8s\0`, then runtime.Unknown {typeMeta = 1 {apiVersion = 1, kind = 2}, raw = 2}. */
function envelope(apiVersion: string, kind: string, raw: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from('k8s\u0000', 'latin1'),
    bytesField(1, bytesField(1, apiVersion), bytesField(2, kind)),
    bytesField(2, raw),
  ]);
}

const deploymentKind = { apiVersion: 'apps/v1', kind: 'Deployment' };

/** Field numbers from k8s.io/api/apps/v1, core/v1 and apimachinery meta/v1 generated.proto. */
function deploymentBytes(): Buffer {
  const objectMeta = Buffer.concat([
    bytesField(1, 'web'), // name
    bytesField(8, varintField(1, 1_767_225_600)), // creationTimestamp {seconds}
    mapEntry(11, 'app', 'web'), // labels
  ]);
  const container = Buffer.concat([
    bytesField(1, 'nginx'), // name
    bytesField(2, 'nginx:1.27'), // image
    bytesField(6, varintField(3, 80)), // ports[{containerPort}]
    bytesField(6, ''), // ports[{}]: containerPort has no omitempty, so JSON carries 0
    bytesField(8, mapEntry(1, 'cpu', bytesField(1, '500m'))), // resources.limits {cpu: Quantity}
  ]);
  const podSpec = Buffer.concat([
    bytesField(1, bytesField(1, 'config'), bytesField(2, bytesField(19, bytesField(1, bytesField(1, 'settings'))))), // volumes: name, inline VolumeSource.configMap, inline LocalObjectReference.name
    bytesField(2, container), // containers
    bytesField(14, bytesField(4, varint(1000), varint(2000))), // securityContext.supplementalGroups, packed int64
  ]);
  const spec = Buffer.concat([
    varintField(1, 0), // replicas: a pointer, so 0 is kept
    bytesField(2, mapEntry(1, 'app', 'web')), // selector.matchLabels
    bytesField(3, bytesField(1, bytesField(8, '')), bytesField(2, podSpec)), // template: metadata with an unset creationTimestamp, spec
    bytesField(
      4,
      bytesField(1, 'RollingUpdate'),
      bytesField(2, bytesField(1, varintField(1, 0), varintField(2, 1)), bytesField(2, varintField(1, 1), bytesField(3, '25%'))),
    ), // strategy
    varintField(5, 0), // minReadySeconds: omitempty, so 0 is left out
    varintField(99, 7), // an unknown field number: skipped
    Buffer.concat([tag(98, 1), Buffer.alloc(8)]), // unknown, 64-bit
    Buffer.concat([tag(97, 5), Buffer.alloc(4)]), // unknown, 32-bit
    Buffer.concat([tag(96, 3), varintField(1, 5), tag(96, 4)]), // unknown, a group
  ]);
  return envelope('apps/v1', 'Deployment', Buffer.concat([bytesField(1, objectMeta), bytesField(2, spec)]));
}

function decodeError(body: Buffer, expected = deploymentKind): string {
  try {
    decodeProtobufObject(body, expected);
  } catch (error) {
    if (error instanceof ProtobufDecodeError) return error.message;
    throw error;
  }
  assert.fail('the body decoded');
}

describe('demo cluster: protobuf request bodies decoded as kube-apiserver decodes them', function () {
  describe('the decoder, on bytes', () => {
    it('turns a Deployment message into the JSON object the API would have received', () => {
      const { object } = decodeProtobufObject(deploymentBytes(), deploymentKind);
      assert.deepEqual(object, {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', creationTimestamp: '2026-01-01T00:00:00Z', labels: { app: 'web' } },
        spec: {
          replicas: 0,
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: {},
            spec: {
              volumes: [{ name: 'config', configMap: { name: 'settings' } }],
              containers: [
                {
                  name: 'nginx',
                  image: 'nginx:1.27',
                  ports: [{ containerPort: 80 }, { containerPort: 0 }],
                  resources: { limits: { cpu: '500m' } },
                },
              ],
              securityContext: { supplementalGroups: [1000, 2000] },
            },
          },
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: '25%' } },
        },
      });
    });

    it("writes bytes as base64, as JSON has them, and takes the envelope's empty kind from the URL", () => {
      const raw = Buffer.concat([
        bytesField(1, bytesField(1, 'blob')),
        mapEntry(3, 'logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])),
      ]);
      const { object } = decodeProtobufObject(envelope('', '', raw), { apiVersion: 'v1', kind: 'ConfigMap' });
      assert.deepEqual(object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'blob' }, binaryData: { 'logo.png': 'iVBOR/8A' } });
    });

    it('refuses malformed bodies with a clear message, never crashing or hanging', () => {
      const valid = deploymentBytes();
      assert.match(
        decodeError(Buffer.from('{"kind":"Deployment"}')),
        /does not appear to be a protobuf message, expected prefix \[107 56 115 0\]/,
      );
      assert.equal(decodeError(valid.subarray(0, valid.length - 3)), 'unexpected EOF', 'a length past the end');
      const truncatedVarint = envelope(
        'apps/v1',
        'Deployment',
        Buffer.concat([bytesField(2, Buffer.concat([tag(1, 0), Buffer.from([0xff, 0xff])]))]),
      );
      assert.equal(decodeError(truncatedVarint), 'unexpected EOF', 'a varint cut off inside its region');
      const hugeLength = Buffer.concat([Buffer.from('k8s\u0000', 'latin1'), tag(2, 2), varint(2n ** 62n), Buffer.from('x')]);
      assert.equal(decodeError(hugeLength), 'unexpected EOF');
      const overlongVarint = Buffer.concat([Buffer.from('k8s\u0000', 'latin1'), Buffer.alloc(11, 0xff)]);
      assert.equal(decodeError(overlongVarint), 'proto: integer overflow');
      const wrongWireType = envelope('apps/v1', 'Deployment', Buffer.concat([varintField(1, 5)]));
      assert.equal(decodeError(wrongWireType), 'proto: wrong wireType = 0 for field metadata');
      const deepGroups = envelope(
        'apps/v1',
        'Deployment',
        Buffer.concat([
          Buffer.concat(Array.from({ length: 100_000 }, () => tag(50, 3))),
          Buffer.concat(Array.from({ length: 100_000 }, () => tag(50, 4))),
        ]),
      );
      assert.match(decodeError(deepGroups), /groups nest deeper than 1000/);
      const deepFieldsV1 = envelope(
        'apps/v1',
        'Deployment',
        bytesField(1, bytesField(17, bytesField(7, bytesField(1, `${'{"f:a":'.repeat(5_000)}{}${'}'.repeat(5_000)}`)))),
      );
      assert.match(decodeError(deepFieldsV1), /metadata\.managedFields\[0\]\.fieldsV1: exceeded max depth of 1000/);
      assert.equal(decodeError(Buffer.from('k8s\u0000', 'latin1')), 'empty body');
    });

    it('refuses a raw marked contentEncoding gzip instead of reading it as a plain message', () => {
      const raw = bytesField(1, bytesField(1, 'blob'));
      const withEncoding = (encoding: string) => Buffer.concat([envelope('v1', 'ConfigMap', raw), bytesField(3, encoding)]);
      assert.equal(
        decodeError(withEncoding('gzip'), { apiVersion: 'v1', kind: 'ConfigMap' }),
        'unsupported contentEncoding "gzip": the object must be sent unencoded',
      );
      assert.deepEqual(
        decodeProtobufObject(withEncoding(''), { apiVersion: 'v1', kind: 'ConfigMap' }).object.metadata,
        { name: 'blob' },
        'an empty encoding is none',
      );
    });
  });

  describe('with real kubectl', function () {
    this.timeout(90_000);
    let demo: RunningDemo;

    const kubectl = (...args: string[]) => runKubectl(demo, args);
    const ok = async (...args: string[]) => {
      const result = await kubectl(...args);
      assert.equal(result.code, 0, `kubectl ${args.join(' ')} failed: ${result.stderr}`);
      return result.stdout;
    };
    const getJson = async (...args: string[]): Promise<Loose> =>
      JSON.parse(await ok('get', ...args, '-o', 'json', '--show-managed-fields')) as Loose;

    /** A raw POST, for bodies kubectl would never send. */
    const post = (path: string, body: Buffer): Promise<{ status: number; json: Loose }> =>
      new Promise((resolve, reject) => {
        const headers = {
          'Content-Type': 'application/vnd.kubernetes.protobuf',
          Accept: 'application/vnd.kubernetes.protobuf,application/json',
          Authorization: `Bearer ${demo.cluster.token}`,
          'Content-Length': String(body.length),
        };
        const request = httpsRequest(`${demo.cluster.server}${path}`, { method: 'POST', headers, ca: demo.cluster.caPem }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Loose }),
          );
        });
        request.on('error', reject);
        request.end(body);
      });

    before(async function () {
      kubectlOrSkip(this);
      demo = await startDemo({ timeScale: 20, leaseRenewSeconds: 0.2 });
    });
    after(async () => {
      await demo?.stop();
    });

    it('create deployment: the Deployment has the spec kubectl built, kubectl-create owns it, and its Pods run', async () => {
      assert.match(await ok('create', 'deployment', 'hello', '--image=nginx:1.27', '--replicas=2'), /deployment\.apps\/hello created/);
      const deployment = await getJson('deployment', 'hello');
      assert.equal(deployment.spec.replicas, 2);
      assert.deepEqual(deployment.metadata.labels, { app: 'hello' });
      assert.deepEqual(deployment.spec.selector, { matchLabels: { app: 'hello' } });
      assert.deepEqual(deployment.spec.template.metadata.labels, { app: 'hello' });
      const containers = deployment.spec.template.spec.containers as Loose[];
      assert.deepEqual(
        containers.map((container) => [container.name, container.image, container.imagePullPolicy]),
        [['nginx', 'nginx:1.27', 'IfNotPresent']],
      );
      const [created] = deployment.metadata.managedFields as Loose[];
      assert.equal(created!.manager, 'kubectl-create');
      assert.equal(created!.operation, 'Update');
      assert.ok(
        created!.fieldsV1['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"nginx"}']['f:image'],
        'kubectl-create owns the image',
      );
      const pods = await until('two Running Pods', async () => {
        const items = (await getJson('pods', '-l', 'app=hello')).items as Loose[];
        return items.length === 2 && items.every((pod) => pod.status.phase === 'Running') && items;
      });
      assert.ok(pods.every((pod) => pod.spec.containers[0].image === 'nginx:1.27'));
    });

    it('create namespace, then create configmap in it --from-literal and --from-file (text and binary)', async () => {
      assert.match(await ok('create', 'namespace', 'ops'), /namespace\/ops created/);
      assert.equal((await getJson('namespace', 'ops')).status.phase, 'Active');
      const textFile = join(demo.directory, 'greeting.txt');
      writeFileSync(textFile, 'hello\nworld\n');
      const binaryFile = join(demo.directory, 'logo.bin');
      writeFileSync(binaryFile, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]));
      await ok(
        'create',
        'configmap',
        'settings',
        '-n',
        'ops',
        '--from-literal=mode=fast',
        `--from-file=${textFile}`,
        `--from-file=${binaryFile}`,
      );
      const configMap = await getJson('configmap', 'settings', '-n', 'ops');
      assert.deepEqual(configMap.data, { mode: 'fast', 'greeting.txt': 'hello\nworld\n' });
      assert.deepEqual(configMap.binaryData, { 'logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]).toString('base64') });
      assert.equal((configMap.metadata.managedFields as Loose[])[0]!.manager, 'kubectl-create');
    });

    it('create service clusterip and expose deployment make Services with the ports and selectors asked for', async () => {
      await ok('create', 'service', 'clusterip', 'web', '--tcp=80:8080');
      const web = await getJson('service', 'web');
      assert.deepEqual(web.spec.ports, [{ name: '80-8080', port: 80, protocol: 'TCP', targetPort: 8080 }]);
      assert.deepEqual(web.spec.selector, { app: 'web' });
      assert.equal(web.spec.type, 'ClusterIP');
      assert.match(web.spec.clusterIP, /^10\.96\.\d+\.\d+$/);
      assert.match(await ok('expose', 'deployment', 'hello', '--port', '80'), /service\/hello exposed/);
      const hello = await getJson('service', 'hello');
      assert.deepEqual(hello.spec.selector, { app: 'hello' });
      assert.deepEqual(hello.spec.ports, [{ port: 80, protocol: 'TCP', targetPort: 80 }]);
    });

    it('create deployment --dry-run=server -o yaml shows the defaults and stores nothing', async () => {
      const preview = parse(await ok('create', 'deployment', 'preview', '--image=nginx', '--dry-run=server', '-o', 'yaml')) as Loose;
      assert.equal(preview.metadata.name, 'preview');
      assert.equal(preview.spec.replicas, 1);
      assert.equal(preview.spec.revisionHistoryLimit, 10);
      assert.deepEqual(preview.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } });
      assert.equal(preview.spec.template.spec.containers[0].imagePullPolicy, 'Always', 'no tag means :latest');
      assert.equal(preview.spec.template.spec.restartPolicy, 'Always');
      const missing = await kubectl('get', 'deployment', 'preview');
      assert.notEqual(missing.code, 0);
      assert.match(missing.stderr, /deployments\.apps "preview" not found/);
    });

    it('answers 400 to a malformed or mismatched protobuf body, 413 to an oversized one, and stays up', async () => {
      const truncated = deploymentBytes().subarray(0, 40);
      const cut = await post('/apis/apps/v1/namespaces/default/deployments', truncated);
      assert.equal(cut.status, 400);
      assert.equal(cut.json.message, 'Deployment in version "v1" cannot be handled as a Deployment: unexpected EOF');
      const configMapToNamespaces = await post('/api/v1/namespaces', envelope('v1', 'ConfigMap', bytesField(1, bytesField(1, 'x'))));
      assert.equal(configMapToNamespaces.status, 400);
      assert.match(
        configMapToNamespaces.json.message,
        /^ConfigMap in version "v1" cannot be handled as a Namespace: the object's kind \(ConfigMap\) does not match the kind on the URL \(Namespace\)$/,
      );
      const unservedKind = await post('/api/v1/namespaces/default/configmaps', envelope('v1', 'Secret', Buffer.alloc(0)));
      assert.equal(unservedKind.status, 400);
      const prototypeLabel = await post(
        '/api/v1/namespaces',
        envelope('v1', 'Namespace', bytesField(1, bytesField(1, 'evil'), mapEntry(11, '__proto__', 'x'))),
      );
      assert.equal(prototypeLabel.status, 400);
      assert.match(prototypeLabel.json.message, /unknown field "metadata\.labels\.__proto__"/);
      const oversized = await post(
        '/api/v1/namespaces',
        envelope('v1', 'Namespace', bytesField(1, bytesField(12, mapEntry(1, 'big', 'x'.repeat(4 * 1024 * 1024))))),
      );
      assert.equal(oversized.status, 413);
      assert.equal((await getJson('namespace', 'default')).metadata.name, 'default');
    });
  });
});
