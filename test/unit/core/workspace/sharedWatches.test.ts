// Every feature on at once, against the demo over real HTTPS: each collection is watched by one stream.
import * as assert from 'node:assert/strict';
import { KubeApi, type WatchStream } from '../../../../src/core/kube/kubeApi';
import type { ClusterWorkspace } from '../../../../src/core/workspace/clusterWorkspace';
import { type RunningDemo, demoWorkspace, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

/** The watch streams the process opens, by collection, counted where every one of them is opened. */
function countWatchStreams() {
  const original = KubeApi.prototype.watch;
  const open = new Map<string, number>();
  const opened = new Map<string, number>();
  let mostAtOnce = 0;
  KubeApi.prototype.watch = async function (this: KubeApi, path, what, query, handlers): Promise<WatchStream> {
    const key = [path, query.get('labelSelector') ?? '', query.get('fieldSelector') ?? ''].filter(Boolean).join(' ');
    const stream = await original.call(this, path, what, query, handlers);
    open.set(key, (open.get(key) ?? 0) + 1);
    opened.set(key, (opened.get(key) ?? 0) + 1);
    mostAtOnce = Math.max(mostAtOnce, open.get(key)!);
    const closed = () => open.set(key, open.get(key)! - 1);
    stream.ended.then(closed, closed);
    return stream;
  };
  return {
    open: () => new Map([...open].filter(([, count]) => count > 0)),
    opened,
    mostAtOnce: () => mostAtOnce,
    restore: () => (KubeApi.prototype.watch = original),
  };
}

describe('one watch per collection with every feature on', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let workspace: ClusterWorkspace;
  let streams: ReturnType<typeof countWatchStreams>;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
    streams = countWatchStreams();
    workspace = demoWorkspace(demo, { trace: { throttleMs: 20 } });
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
  });

  after(async () => {
    streams.restore();
    workspace.dispose();
    await demo.stop();
  });

  it("shares the anatomy's collections with placement, a trace of a kube-system Deployment, the next change, health and the hands-on", async () => {
    // kube-system's Events are watched once the first anatomy stands.
    await until(`the anatomy's 10 collections (${[...streams.open().keys()].join(', ')})`, () => streams.open().size === 10);

    workspace.health.setActive('test', true);
    workspace.handsOn.setActive('test', true);
    workspace.placement.hold('test', true);
    assert.ok(await workspace.placement.ready());
    const trace = workspace.traces.start({ kind: 'Deployment', namespace: 'kube-system', name: 'coredns' })!;
    await trace.start();
    assert.equal(trace.state, 'live');
    assert.ok(trace.current.counts.pods >= 2, "the trace sees coredns's Pods through the shared collection");
    const next = workspace.traces.waitForNextChange()!;
    await next.start();
    assert.equal(next.error, undefined);
    // The streams the late subscribers' lists interrupted are open again.
    await until(
      'every stream open again',
      // (and the server has seen the interrupted ones end)
      () =>
        [...streams.open().values()].every((count) => count === 1) &&
        streams.open().size === 12 &&
        demo.cluster.control.activeWatches() === 12,
      10_000,
    );

    const open = streams.open();
    // Placement adds the one collection nobody else reads (bound Pods of all namespaces); its Nodes are the anatomy's.
    assert.equal([...open.keys()].filter((key) => key.startsWith('/api/v1/pods ')).length, 1);
    assert.equal([...open.keys()].filter((key) => key.startsWith('/api/v1/nodes')).length, 1);
    // The trace adds the one collection of its own, kube-system's EndpointSlices (where Service kube-dns has
    // coredns's endpoints).
    assert.deepEqual(
      [...open.keys()].filter((key) => key.includes('/endpointslices')),
      ['/apis/discovery.k8s.io/v1/namespaces/kube-system/endpointslices'],
    );
    // The trace and the next change ride on kube-system's Deployments, ReplicaSets, Pods and Events.
    assert.deepEqual(
      [...open.keys()].filter((key) => key.includes('/namespaces/kube-system/') && key.includes(' ')),
      [],
      'no selected copy of a kube-system collection',
    );
    assert.equal(streams.mostAtOnce(), 1, 'never two streams of one collection at once');
    assert.equal(demo.cluster.control.activeWatches(), open.size, 'the server holds as many watches as there are collections');
    const subscribers = workspace.live.session!.hub.openCollections().reduce((sum, collection) => sum + collection.subscribers, 0);
    assert.ok(subscribers >= open.size + 7, `the features subscribe to shared collections (${subscribers} subscribers of ${open.size})`);
  });
});
