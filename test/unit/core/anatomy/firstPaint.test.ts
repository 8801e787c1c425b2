import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { ClusterSession } from '../../../../src/core/anatomy/clusterSession';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import { type HostileServer, listBody, sendJson, startHostileServer, watchEvents } from '../../../support/hostileServer';
import { until } from '../../../support/until';

const NODES = '/api/v1/nodes';
const PODS = '/api/v1/namespaces/kube-system/pods';

function node(name: string, controlPlane: boolean): unknown {
  return {
    metadata: {
      name,
      uid: `uid-${name}`,
      resourceVersion: '5',
      labels: controlPlane ? { 'node-role.kubernetes.io/control-plane': '' } : {},
    },
    spec: controlPlane ? { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } : {},
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

function apiServerPod(nodeName: string): unknown {
  return {
    metadata: {
      name: `kube-apiserver-${nodeName}`,
      namespace: 'kube-system',
      uid: 'uid-apiserver',
      resourceVersion: '5',
      labels: { component: 'kube-apiserver', tier: 'control-plane' },
      annotations: { 'kubernetes.io/config.mirror': 'x' },
      ownerReferences: [{ kind: 'Node', name: nodeName, controller: true }],
    },
    spec: { nodeName, containers: [{ image: 'registry.k8s.io/kube-apiserver:v1.37.0' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

describe('the first paint of a large cluster', function () {
  this.timeout(30_000);
  let hostile: HostileServer;
  let session: ClusterSession | undefined;
  /** Full lists held back, as a 5,000-node cluster's take seconds; answered by release(). */
  let held: (() => void)[] = [];
  /** The small reads of the first paint, when a test holds them back too. */
  let heldSmall: (() => void)[] = [];
  const release = () => {
    for (const answer of [...held.splice(0), ...heldSmall.splice(0)]) answer();
  };

  beforeEach(async () => {
    hostile = await startHostileServer();
    held = [];
    heldSmall = [];
  });

  afterEach(async () => {
    session?.dispose();
    session = undefined;
    release();
    await hostile.close();
  });

  /** Nodes and kube-system Pods whose small reads answer at once and whose whole lists wait for release(). */
  function scriptLargeCluster(options: { holdSmallReads?: boolean } = {}): void {
    const all = [node('cp', true), node('w1', false), node('w2', false)];
    const small = (response: ServerResponse, body: unknown) =>
      options.holdSmallReads ? heldSmall.push(() => sendJson(response, 200, body)) : sendJson(response, 200, body);
    hostile.script(NODES, ({ query, watch, response }) => {
      if (watch) return watchEvents(response, []);
      const selector = query.get('labelSelector');
      if (selector === 'node-role.kubernetes.io/control-plane') return small(response, listBody([all[0]], '5'));
      if (selector) return small(response, listBody([], '5'));
      if (query.get('limit') === '1' && !query.has('resourceVersion'))
        return small(response, {
          kind: 'List',
          metadata: { resourceVersion: '5', continue: 'next', remainingItemCount: 2 },
          items: [all[0]],
        });
      held.push(() => sendJson(response, 200, listBody(all, '5')));
    });
    hostile.script(PODS, ({ query, watch, response }) => {
      if (watch) return watchEvents(response, []);
      if (query.get('labelSelector') === 'tier=control-plane') return small(response, listBody([apiServerPod('cp')], '5'));
      held.push(() => sendJson(response, 200, listBody([apiServerPod('cp')], '5')));
    });
  }

  async function open(): Promise<{ anatomies: ClusterAnatomy[]; started: Promise<void> }> {
    session = new ClusterSession({ context: 'large', config: await hostile.clientConfig(), coalesceMs: 20 });
    const anatomies: ClusterAnatomy[] = [];
    session.onDidChange((anatomy) => anatomies.push(anatomy));
    return { anatomies, started: session.start() };
  }

  it('shows the control plane and the number of nodes while the whole lists are on their way, then the whole anatomy', async () => {
    scriptLargeCluster();
    const { anatomies, started } = await open();
    await until('the first paint', () => anatomies.length > 0);
    const first = anatomies[0]!;
    assert.equal(session!.status.state, 'connecting');
    assert.deepEqual(first.loading, { nodes: 3 });
    assert.deepEqual(
      first.nodes.map((n) => [n.name, n.role]),
      [['cp', 'control-plane']],
    );
    assert.ok(first.nodes[0]!.components.some((c) => c.component === 'kube-apiserver'));
    // Only part of the cluster is in: nothing is judged missing from it.
    assert.deepEqual(first.absent, []);
    release();
    await started;
    const whole = session!.current!;
    assert.equal(whole.loading, undefined);
    assert.deepEqual(whole.nodes.map((n) => n.name).sort(), ['cp', 'w1', 'w2']);
    assert.equal(session!.status.state, 'connected');
  });

  it('lists every collection from the watch cache, and starts each watch from its list', async () => {
    scriptLargeCluster();
    const { started } = await open();
    await until('the whole lists asked for', () => held.length >= 2);
    release();
    await started;
    const wholeLists = hostile.requests.filter((r) => !r.watch && r.query.has('limit') && r.query.get('limit') !== '1');
    assert.ok(wholeLists.length >= 9, `${wholeLists.length} lists`);
    for (const list of wholeLists) assert.equal(list.query.get('resourceVersion'), '0', `${list.path}?${list.query}`);
    await until('the Node watch', () => hostile.requests.some((r) => r.watch && r.path === NODES));
    assert.equal(hostile.requests.find((r) => r.watch && r.path === NODES)!.query.get('resourceVersion'), '5');
  });

  it('paints nothing early when the whole lists come first', async () => {
    scriptLargeCluster({ holdSmallReads: true });
    const { anatomies, started } = await open();
    await until('the whole lists and the small reads asked for', () => held.length >= 2 && heldSmall.length >= 4);
    for (const answer of held.splice(0)) answer();
    await started;
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(anatomies.length > 0);
    assert.ok(anatomies.every((anatomy) => anatomy.loading === undefined));
  });
});
