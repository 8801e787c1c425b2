import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import type { KubeConfig } from '@kubernetes/client-node';
import { type ResourceWatchOptions, ResourceWatch, restartDelay, type WatchState } from '../../../../src/core/kube/resourceWatch';
import { slimNode, type SlimNode } from '../../../../src/core/kube/slim';
import { type HostileServer, listBody, sendJson, startHostileServer, statusBody, watchEvents } from '../../../support/hostileServer';
import { until } from '../../../support/until';

describe('watch restart backoff', () => {
  const backoff = { initialMs: 1_000, maxMs: 30_000 };

  it('doubles from the initial delay and stops at the cap', () => {
    const ceiling = (failures: number) => restartDelay(failures, backoff, () => 1);
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 50].map(ceiling), [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads restarts over the upper half of the delay', () => {
    assert.equal(
      restartDelay(2, backoff, () => 0),
      2_000,
    );
    assert.equal(
      restartDelay(2, backoff, () => 0.5),
      3_000,
    );
    assert.equal(
      restartDelay(2, backoff, () => 1),
      4_000,
    );
  });
});

const NODES = '/api/v1/nodes';

function rawNode(name: string, resourceVersion: string, options: { heartbeat?: string; labels?: Record<string, string> } = {}) {
  return {
    kind: 'Node',
    apiVersion: 'v1',
    metadata: { name, uid: `uid-${name}`, resourceVersion, labels: options.labels ?? {} },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          lastHeartbeatTime: options.heartbeat ?? '2026-01-01T00:00:00Z',
          lastTransitionTime: '2026-01-01T00:00:00Z',
        },
      ],
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `fill` bytes as fast as the client takes them, up to 512 MiB; records how many went out once it hangs up. */
function streamForever(response: ServerResponse, fill: string, closedAfter: number[]): void {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let written = 0;
  const pump = () => {
    while (!response.destroyed && written < 512 * 2 ** 20) {
      written += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
  };
  response.on('close', () => closedAfter.push(written));
  pump();
}

describe('a collection against a hostile API server', function () {
  this.timeout(30_000);
  let hostile: HostileServer;
  let config: KubeConfig;
  let watch: ResourceWatch<SlimNode> | undefined;
  let states: WatchState[];

  beforeEach(async () => {
    hostile = await startHostileServer();
    config = await hostile.clientConfig();
    states = [];
  });

  afterEach(async () => {
    watch?.dispose();
    watch = undefined;
    await hostile.close();
  });

  async function startWatch(options: Partial<ResourceWatchOptions<SlimNode>> = {}): Promise<ResourceWatch<SlimNode>> {
    watch = new ResourceWatch<SlimNode>(config, {
      path: NODES,
      what: 'Nodes',
      slim: slimNode,
      backoff: { initialMs: 100, maxMs: 400 },
      healthyAfterMs: 300,
      ...options,
    });
    watch.onDidChangeState((state) => states.push(state));
    await watch.start();
    await watch.whenSettled();
    return watch;
  }

  /** Restarts at 100 ms doubling to 400 ms, jitter down to half: at most about one per 200 ms once capped. */
  const restartBound = (windowMs: number) => Math.ceil(windowMs / 200) + 3;

  function listing(items: unknown[] = [rawNode('a', '10')], resourceVersion = '10') {
    return (respond: (r: Parameters<Parameters<HostileServer['script']>[1]>[0]) => void) =>
      hostile.script(NODES, (request) =>
        request.watch ? respond(request) : sendJson(request.response, 200, listBody(items, resourceVersion)),
      );
  }

  it('backs off when every watch ends at once with an empty 200, and never says synced meanwhile', async () => {
    listing()(({ response }) => watchEvents(response, [], true));
    const live = await startWatch();
    const before = hostile.count(NODES, 'watch');
    await sleep(2_000);
    const watches = hostile.count(NODES, 'watch') - before;
    assert.ok(watches >= 2 && watches <= restartBound(2_000), `${watches} watches in 2 s`);
    assert.equal(live.state, 'error');
    assert.match(live.lastError?.message ?? '', /Nodes: the watch closed at once/);
    assert.deepEqual(states, ['synced', 'error'], 'no flapping back to synced');
    assert.deepEqual(
      live.list().map((n) => n.metadata.name),
      ['a'],
      'the listed objects stay',
    );
    assert.equal(hostile.count(NODES, 'list'), 1, 'resumes from the known resourceVersion, no relist');
  });

  it('backs off on garbage bytes and on ERROR events', async () => {
    let garbage = true;
    listing()(({ response }) => {
      if (garbage) {
        watchEvents(response, []);
        response.end('\u0000\u0001 this is not JSON {{{\n');
      } else watchEvents(response, [{ type: 'ERROR', object: statusBody(500, 'InternalError', 'etcdserver: leader changed') }], true);
    });
    const live = await startWatch();
    await sleep(1_500);
    assert.ok(hostile.count(NODES, 'watch') <= restartBound(1_500), `${hostile.count(NODES, 'watch')} watches`);
    assert.equal(live.lastError?.kind, 'protocol');
    assert.match(live.lastError!.message, /Nodes sent something that is not a watch event/);
    garbage = false;
    const before = hostile.count(NODES, 'watch');
    await until('the ERROR event', () => live.lastError?.message.includes('leader changed'));
    await sleep(1_500);
    assert.ok(hostile.count(NODES, 'watch') - before <= restartBound(1_500) + 1, `${hostile.count(NODES, 'watch') - before} watches`);
    assert.equal(live.state, 'error');
  });

  it('backs off when every watch expires at once (a 410 loop) instead of relisting in a storm', async () => {
    listing()(({ response }) =>
      watchEvents(response, [{ type: 'ERROR', object: statusBody(410, 'Expired', 'too old resource version: 10 (20)') }], true),
    );
    const live = await startWatch();
    await sleep(2_000);
    const lists = hostile.count(NODES, 'list');
    assert.ok(lists >= 2 && lists <= restartBound(2_000), `${lists} lists in 2 s`);
    assert.equal(live.lastError?.kind, 'expired');
    assert.match(live.lastError!.message, /410 Gone\) as soon as it opened/);
  });

  it('relists when the resourceVersion it resumes from has expired', async () => {
    let expire = false;
    listing()(({ response }) => {
      if (expire) watchEvents(response, [{ type: 'ERROR', object: statusBody(410, 'Expired', 'too old') }], true);
      else watchEvents(response, []);
    });
    const live = await startWatch();
    await sleep(400);
    expire = true;
    // The next watch, resumed after the reset, answers 410: the resourceVersion is gone, so the list is fetched again.
    hostile.resetConnections();
    await until('a relist', () => hostile.count(NODES, 'list') >= 2);
    assert.equal(live.list().length, 1);
  });

  it('relists at once, with no error, when a watch resumed from an older version expires (an API server that restarted)', async () => {
    let lists = 0;
    let watches = 0;
    hostile.script(NODES, ({ watch: isWatch, query, response }) => {
      if (!isWatch) {
        lists++;
        sendJson(response, 200, listBody([rawNode('a', lists === 1 ? '10' : '11')], lists === 1 ? '10' : '11'));
        return;
      }
      watches++;
      // The first watch works, then ends cleanly; resuming from version 10 is refused as too old; after the
      // relist, the watch from version 11 stays open.
      if (watches === 1) {
        watchEvents(response, []);
        setTimeout(() => response.end(), 400);
      } else if (query.get('resourceVersion') === '10')
        watchEvents(response, [{ type: 'ERROR', object: statusBody(410, 'Expired', 'too old resource version: 10 (11)') }], true);
      else watchEvents(response, []);
    });
    const live = await startWatch();
    await until('the relist after the expired resume', () => lists === 2 && watches >= 3);
    await sleep(500);
    assert.deepEqual(states, ['synced'], 'never in error');
    assert.equal(live.lastError, undefined);
    assert.deepEqual(
      live.list().map((n) => n.metadata.name),
      ['a'],
    );
    assert.equal(lists, 2, 'one relist, not a storm');
  });

  it('stops following endless continue tokens at the page cap, naming the collection and the cap', async () => {
    let page = 0;
    hostile.script(NODES, ({ response }) => sendJson(response, 200, listBody([rawNode(`n${page++}`, '5')], '5', 'more')));
    const live = await startWatch({ limits: { maxListPages: 20 } });
    assert.equal(live.state, 'error');
    assert.equal(live.lastError?.kind, 'too-large');
    assert.equal(live.lastError?.message, 'Nodes: the list goes on past 20 pages, the most this reads; not read');
    assert.equal(hostile.count(NODES, 'list'), 20);
    assert.equal(live.hasListed, false);
    assert.deepEqual(live.list(), []);
  });

  it('abandons a body as it streams past the byte cap', async () => {
    const closedAfter: number[] = [];
    hostile.script(NODES, ({ response }) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"kind":"NodeList","items":[');
      streamForever(response, ' ', closedAfter);
    });
    const live = await startWatch({ limits: { maxResponseBytes: 2 ** 20 } });
    assert.equal(live.lastError?.kind, 'too-large');
    assert.equal(live.lastError?.message, 'Nodes: one item of the list is larger than 1 MiB, the most this reads; not read');
    await until('the server to see the connection closed', () => closedAfter.length > 0);
    assert.ok(closedAfter[0]! < 16 * 2 ** 20, `${closedAfter[0]} bytes sent before the client hung up`);
  });

  it('abandons a watch that streams bytes without ever ending a line', async () => {
    const closedAfter: number[] = [];
    listing()(({ response }) => {
      watchEvents(response, []);
      streamForever(response, 'x', closedAfter);
    });
    const live = await startWatch({ limits: { maxResponseBytes: 2 ** 20 } });
    await until('the watch to fail', () => live.lastError);
    assert.equal(live.lastError?.message, 'Nodes: one watch event is larger than 1 MiB, the most this reads; not read');
    await until('the server to see the connection closed', () => closedAfter.length > 0);
    assert.ok(closedAfter[0]! < 16 * 2 ** 20, `${closedAfter[0]} bytes sent before the client hung up`);
  });

  it('caps the bytes of a whole list across its pages', async () => {
    const big = { metadata: { name: 'x'.repeat(200 * 1024), resourceVersion: '3' } };
    hostile.script(NODES, ({ response }) => sendJson(response, 200, listBody([big], '3', 'more')));
    const live = await startWatch({ limits: { maxListBytes: 2 ** 20 } });
    assert.equal(live.lastError?.message, 'Nodes: the list is larger than 1 MiB, the most this reads; not read');
    assert.ok(hostile.count(NODES, 'list') <= 6);
  });

  it('says a 403 mid-session is forbidden, then clears it when the resumed watch works again', async () => {
    let forbidden = false;
    listing()(({ response }) => {
      if (forbidden)
        sendJson(
          response,
          403,
          statusBody(
            403,
            'Forbidden',
            'nodes is forbidden: User "viewer" cannot watch resource "nodes" in API group "" at the cluster scope',
          ),
        );
      else watchEvents(response, []);
    });
    const live = await startWatch();
    forbidden = true;
    hostile.resetConnections();
    await until('the 403', () => live.lastError?.kind === 'forbidden');
    assert.match(live.lastError!.message, /cannot watch resource "nodes"/);
    forbidden = false;
    await until('the error to clear', () => live.state === 'synced' && live.lastError === undefined, 5_000);
    const last = hostile.requests.at(-1)!;
    assert.ok(last.watch && last.query.get('resourceVersion') === '10', 'resumed from the known resourceVersion');
    assert.equal(hostile.count(NODES, 'list'), 1);
  });

  it('resumes after a reset connection from the last event and matches a fresh list afterwards', async () => {
    // The server's truth: a small store with a revision, lists and watches served from it.
    const objects = new Map<string, Record<string, unknown>>([
      ['a', rawNode('a', '10')],
      ['b', rawNode('b', '10')],
    ]);
    let revision = 10;
    const later: { type: string; object: unknown }[] = [];
    hostile.script(NODES, ({ watch: isWatch, query, response }) => {
      if (!isWatch) return sendJson(response, 200, listBody([...objects.values()], String(revision)));
      if (query.get('resourceVersion') === '10') {
        const a = rawNode('a', String(++revision), { labels: { zone: 'one' } });
        objects.set('a', a);
        watchEvents(response, [{ type: 'MODIFIED', object: a }]);
        setTimeout(() => response.socket?.destroy(), 50);
        return;
      }
      watchEvents(response, later);
    });
    const live = await startWatch();
    const resumed = await until('the resumed watch', () =>
      hostile.requests.find((r) => r.watch && r.query.get('resourceVersion') === '11'),
    );
    assert.ok(resumed);
    // What happened while it was away, replayed on the resumed watch.
    objects.delete('b');
    const c = rawNode('c', String(++revision + 1));
    revision++;
    objects.set('c', c);
    later.push({ type: 'DELETED', object: rawNode('b', '12') }, { type: 'ADDED', object: c });
    hostile.resetConnections();
    await until('recovery', () => live.state === 'synced' && live.get('c') !== undefined && live.get('b') === undefined, 5_000);
    const fresh = [...objects.values()].map(slimNode);
    const byName = (n: SlimNode) => n.metadata.name;
    assert.deepEqual(live.list().map(byName).sort(), fresh.map(byName).sort());
    assert.deepEqual(live.get('a')?.metadata.labels, { zone: 'one' });
    assert.equal(hostile.count(NODES, 'list'), 1, 'no relist was needed');
  });

  it('fires no update when only what it does not keep changed (a heartbeat time)', async () => {
    const updates: string[] = [];
    let received = 0;
    listing()(({ response }) =>
      watchEvents(response, [
        { type: 'MODIFIED', object: rawNode('a', '11', { heartbeat: '2026-01-01T00:05:00Z' }) },
        { type: 'MODIFIED', object: rawNode('a', '12', { heartbeat: '2026-01-01T00:10:00Z' }) },
        { type: 'MODIFIED', object: rawNode('a', '13', { heartbeat: '2026-01-01T00:10:00Z', labels: { zone: 'two' } }) },
      ]),
    );
    watch = new ResourceWatch<SlimNode>(config, { path: NODES, what: 'Nodes', slim: slimNode });
    const first = new Promise<SlimNode>((resolve) => watch!.onAdd(resolve));
    watch.onUpdate((node) => updates.push(node.metadata.resourceVersion));
    watch.onReceive(() => received++);
    await watch.start();
    const stored = await first;
    await until('every event', () => received === 4);
    assert.deepEqual(updates, ['13']);
    assert.notEqual(watch.get('a'), stored);
    assert.deepEqual(watch.get('a')?.metadata.labels, { zone: 'two' });
  });
});
