import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import type { KubeConfig } from '@kubernetes/client-node';
import { WatchHub } from '../../../../src/core/kube/watchHub';
import type { SlimMeta } from '../../../../src/core/kube/slim';
import { type HostileServer, listBody, sendJson, startHostileServer, watchEvents } from '../../../support/hostileServer';
import { until } from '../../../support/until';

const PODS = '/api/v1/namespaces/kube-system/pods';

interface RawPod {
  metadata: { name: string; namespace: string; uid: string; resourceVersion: string; labels: Record<string, string> };
  spec: { nodeName: string };
}

const rawPod = (name: string, resourceVersion: string, labels: Record<string, string> = {}, nodeName = 'node-a'): RawPod => ({
  metadata: { name, namespace: 'kube-system', uid: `uid-${name}`, resourceVersion, labels },
  spec: { nodeName },
});

const meta = (raw: unknown): SlimMeta => {
  const m = (raw as RawPod).metadata;
  return {
    name: m.name,
    namespace: m.namespace,
    uid: m.uid,
    resourceVersion: m.resourceVersion,
    creationTimestamp: null,
    labels: m.labels,
    annotations: {},
    ownerReferences: [],
    deletionTimestamp: null,
  };
};
/** Two subscribers' shapes of the same Pod: one keeps the node, the other the labels. */
const withNode = (raw: unknown) => ({ metadata: meta(raw), node: (raw as RawPod).spec.nodeName });
const withLabels = (raw: unknown) => ({ metadata: meta(raw), tier: (raw as RawPod).metadata.labels.tier ?? null });
const tierIs = (tier: string) => (raw: unknown) => (raw as RawPod).metadata.labels.tier === tier;

/** A collection the test holds: lists answer its Pods; open watches hear what `send` sends. */
function servePods(hostile: HostileServer, pods: Map<string, RawPod>) {
  const open = new Set<ServerResponse>();
  let version = 10;
  hostile.script(PODS, ({ watch, query, response }) => {
    if (!watch) {
      const selector = query.get('labelSelector');
      const items = [...pods.values()].filter(
        (pod) => !selector || selector.split(',').every((term) => pod.metadata.labels[term.split('=')[0]!] === term.split('=')[1]),
      );
      sendJson(response, 200, listBody(items, String(version)));
      return;
    }
    watchEvents(response, []);
    open.add(response);
    response.on('close', () => open.delete(response));
  });
  return {
    open,
    send(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: RawPod) {
      version++;
      pod.metadata.resourceVersion = String(version);
      if (type === 'DELETED') pods.delete(pod.metadata.name);
      else pods.set(pod.metadata.name, pod);
      for (const response of open) watchEvents(response, [{ type, object: pod }]);
    },
  };
}

describe('the shared watch layer', function () {
  this.timeout(20_000);
  let hostile: HostileServer;
  let config: KubeConfig;
  let hub: WatchHub;

  beforeEach(async () => {
    hostile = await startHostileServer();
    config = await hostile.clientConfig();
    hub = new WatchHub(config, { backoff: { initialMs: 100, maxMs: 400 }, healthyAfterMs: 200 });
  });

  afterEach(async () => {
    hub.dispose();
    await hostile.close();
  });

  it('lists and watches a collection once for every subscriber, each keeping its own shape', async () => {
    const pods = new Map([['etcd-a', rawPod('etcd-a', '5', { tier: 'control-plane' })]]);
    const server = servePods(hostile, pods);
    const byNode = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    const byLabel = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels });
    await Promise.all([byNode.start(), byLabel.start()]);
    await Promise.all([byNode.whenSettled(), byLabel.whenSettled()]);
    await until('the watch is open', () => server.open.size === 1);
    assert.equal(hostile.count(PODS, 'list'), 1);
    assert.equal(hostile.count(PODS, 'watch'), 1);
    assert.deepEqual(
      byNode.list().map((pod) => pod.node),
      ['node-a'],
    );
    assert.deepEqual(
      byLabel.list().map((pod) => pod.tier),
      ['control-plane'],
    );

    const heard: string[] = [];
    byNode.onAdd((pod) => heard.push(`node:${pod.metadata.name}`));
    byLabel.onAdd((pod) => heard.push(`label:${pod.metadata.name}`));
    server.send('ADDED', rawPod('kube-proxy-b', '0', { tier: 'node' }, 'node-b'));
    await until('both heard the new Pod', () => heard.length === 2);
    assert.deepEqual(heard.sort(), ['label:kube-proxy-b', 'node:kube-proxy-b']);
    assert.deepEqual(hub.openCollections(), [{ path: PODS, subscribers: 2, state: 'synced' }]);
  });

  it('fills a subscriber that joins later from a fresh list, with the watch resumed from it and nothing repeated to the others', async () => {
    const pods = new Map([['etcd-a', rawPod('etcd-a', '5')]]);
    const server = servePods(hostile, pods);
    const first = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    const firstHeard: string[] = [];
    first.onAdd((pod) => firstHeard.push(`add ${pod.metadata.name}`));
    first.onUpdate((pod) => firstHeard.push(`update ${pod.metadata.name}`));
    first.onDelete((pod) => firstHeard.push(`delete ${pod.metadata.name}`));
    await first.start();
    await first.whenSettled();
    await until('the first watch is open', () => server.open.size === 1);

    const late = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels });
    await late.start();
    assert.equal(late.state, 'connecting', 'its objects are not in yet');
    await late.whenSettled();
    assert.equal(late.state, 'synced');
    assert.deepEqual(
      late.list().map((pod) => pod.metadata.name),
      ['etcd-a'],
    );
    await until('one watch is open again', () => server.open.size === 1 && hostile.count(PODS, 'watch') === 2);
    assert.equal(hostile.count(PODS, 'list'), 2);
    // The first list from the watch cache; the newcomer's, the latest state, never older than what the first saw.
    assert.deepEqual(
      hostile.requests.filter((r) => r.path === PODS && !r.watch).map((r) => r.query.get('resourceVersion')),
      ['0', null],
    );
    assert.deepEqual(firstHeard, ['add etcd-a'], 'the relist for the newcomer changes nothing for the first');

    server.send('MODIFIED', rawPod('etcd-a', '0', {}, 'node-b'));
    await until('the first heard the change', () => firstHeard.length === 2);
    assert.deepEqual(first.get('etcd-a', 'kube-system')?.node, 'node-b');
  });

  it('serves a selected subscription from the unselected collection of its path, and drops what stops matching', async () => {
    const pods = new Map([
      ['web-1', rawPod('web-1', '5', { tier: 'web' })],
      ['db-1', rawPod('db-1', '6', { tier: 'db' })],
    ]);
    const server = servePods(hostile, pods);
    const all = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await all.start();
    await all.whenSettled();
    const web = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels, labelSelector: 'tier=web', matches: tierIs('web') });
    await web.start();
    await web.whenSettled();
    assert.deepEqual(
      web.list().map((pod) => pod.metadata.name),
      ['web-1'],
    );
    assert.ok(
      hostile.requests.every((request) => !request.query.has('labelSelector')),
      'no request with the selector',
    );
    assert.equal(hub.openCollections().length, 1);
    await until('the watch is open, from the list that served the newcomer', () => server.open.size === 1);

    const deleted: string[] = [];
    web.onDelete((pod) => deleted.push(pod.metadata.name));
    server.send('MODIFIED', rawPod('web-1', '0', { tier: 'db' }));
    await until('web-1 left the selection', () => deleted.length === 1);
    assert.deepEqual(web.list(), []);
    assert.equal(all.list().length, 2);
  });

  it('opens a collection of its own for a selected subscription when no wider one is open', async () => {
    servePods(
      hostile,
      new Map([
        ['web-1', rawPod('web-1', '5', { tier: 'web' })],
        ['db-1', rawPod('db-1', '6', { tier: 'db' })],
      ]),
    );
    const web = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels, labelSelector: 'tier=web', matches: tierIs('web') });
    await web.start();
    await web.whenSettled();
    assert.deepEqual(
      web.list().map((pod) => pod.metadata.name),
      ['web-1'],
    );
    assert.ok(
      hostile.requests.filter((request) => request.path === PODS).every((request) => request.query.get('labelSelector') === 'tier=web'),
    );
    assert.deepEqual(hub.openCollections(), [{ path: PODS, labelSelector: 'tier=web', subscribers: 1, state: 'synced' }]);
  });

  it('closes the watch after the last subscriber leaves, and opens a new one for the next', async () => {
    const server = servePods(hostile, new Map([['etcd-a', rawPod('etcd-a', '5')]]));
    const one = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    const two = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.whenSettled(), two.whenSettled()]);
    await until('the watch is open', () => server.open.size === 1);
    one.dispose();
    assert.equal(hub.openCollections()[0]?.subscribers, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.open.size, 1, 'the other subscriber keeps it open');
    two.dispose();
    await until('the watch is closed', () => server.open.size === 0);
    assert.deepEqual(hub.openCollections(), []);
    assert.equal(two.state, 'stopped');

    const again = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await again.start();
    await again.whenSettled();
    assert.equal(again.list().length, 1);
    await until('a new watch is open', () => server.open.size === 1);
  });

  it('does not serve a selected subscription from a wider collection that fails: it asks for its own', async () => {
    const pods = new Map([['web-1', rawPod('web-1', '5', { tier: 'web' })]]);
    hostile.script(PODS, ({ watch, query, response }) => {
      // Allowed by name or selector only, as RBAC's resourceNames allows one object and not the list.
      if (!query.get('labelSelector'))
        return sendJson(response, 403, {
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'Forbidden',
          code: 403,
          message: 'forbidden',
        });
      if (watch) return watchEvents(response, []);
      sendJson(response, 200, listBody([...pods.values()], '7'));
    });
    const all = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await all.start();
    await all.whenSettled();
    assert.equal(all.state, 'error');
    const web = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels, labelSelector: 'tier=web', matches: tierIs('web') });
    await web.start();
    await web.whenSettled();
    assert.equal(web.state, 'synced');
    assert.deepEqual(
      web.list().map((pod) => pod.metadata.name),
      ['web-1'],
    );
    assert.equal(hub.openCollections().length, 2);
  });

  it('settles a subscription started after its context closed, as stopped, without a request', async () => {
    hub.dispose();
    const late = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await late.start();
    await late.whenSettled();
    assert.equal(late.state, 'stopped');
    assert.equal(hostile.count(PODS), 0);
  });

  it('lists at once for a newcomer to a collection that retries, instead of settling it on the old failure', async () => {
    const pods = new Map([['etcd-a', rawPod('etcd-a', '5')]]);
    let failing = false;
    const open = new Set<ServerResponse>();
    hostile.script(PODS, ({ watch, response }) => {
      if (failing)
        return sendJson(response, 500, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 500, message: 'etcd is slow' });
      if (!watch) return sendJson(response, 200, listBody([...pods.values()], '9'));
      watchEvents(response, []);
      open.add(response);
      response.on('close', () => open.delete(response));
    });
    // A backoff far longer than the test: only a newcomer can make the collection try again in time.
    hub.dispose();
    hub = new WatchHub(config, { backoff: { initialMs: 60_000, maxMs: 60_000 }, healthyAfterMs: 100 });
    const first = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await first.start();
    await first.whenSettled();
    await until('the watch is open', () => open.size === 1);
    failing = true;
    for (const response of open) response.destroy();
    await until('the collection retries', () => first.state === 'error');
    assert.equal(first.list().length, 1, 'the last good list stays');

    const listsBefore = hostile.count(PODS, 'list');
    const late = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels });
    await late.start();
    await late.whenSettled();
    assert.equal(hostile.count(PODS, 'list'), listsBefore + 1, 'it settled on a list it asked for, not on the old failure');
    assert.equal(late.state, 'error');
    assert.equal(late.hasListed, false);
    failing = false;
    const again = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels });
    await again.start();
    await until('the next list fills both newcomers', () => late.hasListed && again.hasListed, 5_000);
    assert.deepEqual(
      late.list().map((pod) => pod.metadata.name),
      ['etcd-a'],
    );
  });

  it('settles a subscription whose first list is still on its way when the context closes', async () => {
    hostile.script(PODS, () => undefined); // never answers
    const pending = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    await pending.start();
    await until('the list was asked for', () => hostile.count(PODS, 'list') === 1);
    hub.dispose();
    await pending.whenSettled();
    assert.equal(pending.state, 'stopped');
  });

  it('tells a listener to every version of each new one once, not again when a later list repeats it', async () => {
    const pods = new Map([['etcd-a', rawPod('etcd-a', '5')]]);
    const server = servePods(hostile, pods);
    const kept = hub.subscribe({ path: PODS, what: 'Pods', slim: withNode });
    const versions: string[] = [];
    kept.onReceive((pod) => versions.push(pod.metadata.resourceVersion));
    await kept.start();
    await kept.whenSettled();
    await until('the watch is open', () => server.open.size === 1);
    // A change of nothing the subscriber keeps (its status, say): a new version, the same slim object.
    server.send('MODIFIED', rawPod('etcd-a', '0'));
    await until('the new version heard', () => versions.length === 2);
    assert.equal(kept.get('etcd-a', 'kube-system')!.metadata.resourceVersion, '5', 'the stored object stays');
    // A newcomer makes the collection list again: the same version comes back, and nobody is told again.
    const newcomer = hub.subscribe({ path: PODS, what: 'Pods', slim: withLabels });
    await newcomer.start();
    await newcomer.whenSettled();
    assert.deepEqual(versions, ['5', '11']);
  });

  it('gives one state to every subscriber: a failing collection fails for all, and a late subscriber settles at once with its error', async () => {
    hostile.script(PODS, ({ response }) =>
      sendJson(response, 403, {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        reason: 'Forbidden',
        code: 403,
        message: 'pods is forbidden',
      }),
    );
    const first = hub.subscribe({ path: PODS, what: 'Pods in kube-system', slim: withNode });
    await first.start();
    await first.whenSettled();
    assert.equal(first.state, 'error');
    assert.equal(first.lastError?.kind, 'forbidden');
    const late = hub.subscribe({ path: PODS, what: 'Pods in kube-system', slim: withLabels });
    await late.start();
    await late.whenSettled();
    assert.equal(late.state, 'error');
    assert.equal(late.hasListed, false);
    assert.equal(hub.openCollections().length, 1);
  });
});

describe('who opens watches', () => {
  it('is the watch layer alone: no product file outside it opens a collection or a stream', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const src = join(__dirname, '..', '..', '..', '..', 'src');
    const files = (folder: string): string[] =>
      readdirSync(folder).flatMap((name) =>
        statSync(join(folder, name)).isDirectory() ? files(join(folder, name)) : name.endsWith('.ts') ? [join(folder, name)] : [],
      );
    const layer = new Set(['core/kube/resourceWatch.ts', 'core/kube/watchHub.ts']);
    const offenders = files(src)
      .map((file) => relative(src, file))
      .filter((file) => !layer.has(file) && !file.startsWith('demo/'))
      .filter((file) =>
        /new (ResourceWatch|SharedCollection)\b|\bapi\.watch\(|KubeApi\b[^;]*\.watch\(/.test(readFileSync(join(src, file), 'utf8')),
      );
    assert.deepEqual(offenders, []);
  });
});
