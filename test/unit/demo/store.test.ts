import * as assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { resourceTypeOfKind, type KubeObject } from '../../../src/demo/resources';
import { parseFieldSelector, parseLabelSelector, SelectorError } from '../../../src/demo/selectors';
import { ExpiredError, ObjectStore } from '../../../src/demo/store';
import { humanDuration } from '../../../src/demo/tables';
import { createServingCertificates } from '../../../src/demo/x509';

const configMaps = resourceTypeOfKind('ConfigMap');
const pods = resourceTypeOfKind('Pod');
const configMap = (name: string, namespace = 'default', data: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace },
  data,
});

describe('demo object store', () => {
  it('gives every change a new resourceVersion and keeps key order', () => {
    const store = new ObjectStore();
    const b = store.create(configMaps, configMap('b'));
    const a = store.create(configMaps, configMap('a', 'kube-system'));
    assert.equal(b.metadata.resourceVersion, '1');
    assert.equal(a.metadata.resourceVersion, '2');
    assert.ok(a.metadata.uid && a.metadata.creationTimestamp);
    assert.deepEqual(
      store.list(configMaps).map((object) => `${object.metadata.namespace}/${object.metadata.name}`),
      ['default/b', 'kube-system/a'],
    );
    assert.deepEqual(
      store.list(configMaps, 'kube-system').map((object) => object.metadata.name),
      ['a'],
    );
    const updated = store.update(configMaps, { ...b, data: { k: 'v' } });
    assert.equal(updated.metadata.resourceVersion, '3');
    assert.equal(updated.metadata.uid, b.metadata.uid);
  });

  it('rebuilds a list as it was at an older revision from its history', () => {
    const store = new ObjectStore();
    store.create(configMaps, configMap('a'));
    const b = store.create(configMaps, configMap('b'));
    const revision = store.revision;
    store.update(configMaps, { ...b, data: { changed: 'yes' } });
    store.delete(configMaps, 'default', 'a');
    store.create(configMaps, configMap('c'));
    const then = store.listAt(configMaps, revision);
    assert.deepEqual(
      then.map((object) => object.metadata.name),
      ['a', 'b'],
    );
    assert.deepEqual(then[1]!.data, {});
  });

  it('replays events after a revision and refuses compacted ones with ExpiredError', () => {
    const store = new ObjectStore(3);
    for (const name of ['a', 'b', 'c', 'd', 'e']) store.create(configMaps, configMap(name));
    assert.deepEqual(
      store.eventsSince(3).map((event) => event.object.metadata.name),
      ['d', 'e'],
    );
    assert.throws(() => store.eventsSince(1), ExpiredError);
    store.compact();
    assert.throws(() => store.eventsSince(4), ExpiredError);
    assert.deepEqual(store.eventsSince(5), []);
  });

  it('carries the previous object and the deletion revision on DELETED events', () => {
    const store = new ObjectStore();
    store.create(configMaps, configMap('a'));
    const seen: string[] = [];
    store.subscribe((event) =>
      seen.push(`${event.type}:${event.object.metadata.resourceVersion}:${event.previous?.metadata.resourceVersion}`),
    );
    store.delete(configMaps, 'default', 'a');
    assert.deepEqual(seen, ['DELETED:2:1']);
  });
});

describe('demo selectors', () => {
  const labels = { tier: 'control-plane', component: 'etcd' };
  it('matches equality, set and existence requirements', () => {
    const cases: [string, boolean][] = [
      ['tier=control-plane', true],
      ['tier==control-plane', true],
      ['tier!=control-plane', false],
      ['tier', true],
      ['!tier', false],
      ['component in (etcd,kube-scheduler)', true],
      ['component notin (etcd)', false],
      ['missing notin (x)', true],
      ['tier=control-plane,component=etcd', true],
      ['tier=control-plane,component=kube-apiserver', false],
      ['', true],
    ];
    for (const [selector, expected] of cases) assert.equal(parseLabelSelector(selector)(labels), expected, selector);
    assert.equal(parseLabelSelector('node-role.kubernetes.io/control-plane')({ 'node-role.kubernetes.io/control-plane': '' }), true);
  });

  it('rejects malformed selectors', () => {
    for (const selector of ['a in (b', 'a=b c', '=x', 'a in b)', 'a>x'])
      assert.throws(() => parseLabelSelector(selector), SelectorError, selector);
    assert.throws(() => parseFieldSelector('spec.image=x', pods), /field label not supported: spec.image/);
  });

  it('matches the supported field selectors, with != and defaults', () => {
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'n' },
      spec: { nodeName: 'w' },
      status: { phase: 'Running' },
    };
    assert.equal(parseFieldSelector('spec.nodeName=w,status.phase!=Failed', pods)(pod), true);
    assert.equal(parseFieldSelector('metadata.namespace=other', pods)(pod), false);
    assert.equal(parseFieldSelector('spec.hostNetwork=false', pods)(pod), true);
  });
});

describe('demo table and certificate helpers', () => {
  it('prints ages as the API server does', () => {
    assert.deepEqual([5_000, 119_000, 125_000, 600_000, 3 * 3600_000 + 60_000, 49 * 3600_000].map(humanDuration), [
      '5s',
      '119s',
      '2m5s',
      '10m',
      '3h1m',
      '2d1h',
    ]);
  });

  it('creates a CA and a loopback serving certificate signed by it', () => {
    const certificates = createServingCertificates();
    const ca = new X509Certificate(certificates.caPem);
    const server = new X509Certificate(certificates.certPem);
    assert.equal(ca.ca, true);
    assert.equal(server.ca, false);
    assert.ok(server.checkIssued(ca));
    assert.ok(server.verify(ca.publicKey));
    assert.ok(server.checkIP('127.0.0.1'));
    assert.ok(server.checkHost('localhost'));
  });
});
