import * as assert from 'node:assert/strict';
import { BoundPods } from '../../../../src/core/placement/boundPods';
import { schedulingNodeOf, schedulingPodOf } from '../../../../src/core/placement/objects';
import { explainPlacement } from '../../../../src/core/placement/place';
import { renderPlacementText } from '../../../../src/core/placement/render';
import { whyNodeLinesPerNode, whyNodeParts } from '../../../../src/core/placement/whyNodeText';

type Loose = Record<string, unknown>;

const node = (name: string, zone: string, labels: Record<string, string> = {}, taints: Loose[] = []) =>
  schedulingNodeOf({
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone, ...labels } },
    spec: { taints },
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  });

const replicaSet = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9f', uid: 'rs-web', controller: true };

/** A Pod of the Deployment web (its ReplicaSet web-7d9f), bound to `nodeName`. */
function webPod(name: string, nodeName: string, spec: Loose = {}) {
  return {
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels: { app: 'web' }, ownerReferences: [replicaSet] },
    spec: { nodeName, containers: [{ name: 'web', resources: { requests: { cpu: '500m', memory: '512Mi' } } }], ...spec },
    status: {
      phase: 'Running',
      conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: '2026-12-04T09:30:00Z' }],
    },
  };
}

/** Another workload's Pod: load on a node that is no replica. */
const busyPod = (name: string, nodeName: string, cpu: string) =>
  schedulingPodOf({
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels: { app: 'batch' } },
    spec: { nodeName, containers: [{ name: 'batch', resources: { requests: { cpu, memory: '1Gi' } } }] },
    status: { phase: 'Running' },
  });

const webSpec = {
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey: 'topology.kubernetes.io/zone',
      whenUnsatisfiable: 'ScheduleAnyway',
      labelSelector: { matchLabels: { app: 'web' } },
    },
  ],
  affinity: {
    nodeAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        { weight: 20, preference: { matchExpressions: [{ key: 'disktype', operator: 'In', values: ['ssd'] }] } },
      ],
    },
  },
};

/** Three nodes, the Deployment's three replicas one on each; w1 is the busiest, w2 the least busy; w1 and w3 share zone a. */
function cluster() {
  const nodes = [node('w1', 'a'), node('w2', 'b'), node('w3', 'a', { disktype: 'ssd' })];
  const raw = [webPod('web-1', 'w1', webSpec), webPod('web-2', 'w2', webSpec), webPod('web-3', 'w3', webSpec)];
  const bound = new BoundPods();
  for (const pod of raw) bound.upsert(schedulingPodOf(pod));
  bound.upsert(busyPod('batch-1', 'w1', '2'));
  bound.upsert(busyPod('batch-2', 'w3', '1'));
  return { nodes, bound, asked: schedulingPodOf(raw[1]) };
}

describe('placement: why a bound Pod is on its node', () => {
  it('says where the other replicas of the same controller run, per node, not counting the Pod itself', () => {
    const { nodes, bound, asked } = cluster();
    const why = explainPlacement({ pod: asked, nodes, bound }).whyThisNode;
    assert.ok(why, 'a bound Pod gets the inputs of the scoring');
    assert.equal(why.node, 'w2');
    assert.deepEqual(why.controller, { kind: 'ReplicaSet', name: 'web-7d9f', uid: 'rs-web' });
    assert.deepEqual(Object.fromEntries(why.nodes.map((entry) => [entry.node, entry.replicas])), { w1: ['web-1'], w2: [], w3: ['web-3'] });
    const replicas = whyNodeParts(why).sections[0]!;
    assert.equal(replicas.title, 'Other replicas of ReplicaSet web-7d9f, per node (spreading prefers the node with fewer):');
    assert.deepEqual(replicas.rows, ['w1: 1 (web-1)', 'w2 (this node): none', 'w3: 1 (web-3)']);
  });

  it('orders the nodes it fits by the room left after the Pod, and marks this node’s place', () => {
    const { nodes, bound, asked } = cluster();
    const why = explainPlacement({ pod: asked, nodes, bound }).whyThisNode!;
    assert.deepEqual(
      why.nodes.map((entry) => [entry.node, entry.roomRank, entry.here]),
      [
        ['w2', 1, true],
        ['w3', 2, false],
        ['w1', 3, false],
      ],
    );
    // w1: 4 CPUs less web-1's 500m and batch-1's 2, before this Pod.
    assert.deepEqual(why.nodes.find((entry) => entry.node === 'w1')!.room, [
      { resource: 'cpu', allocatable: 4000, requested: 2500, free: 1500 },
      { resource: 'memory', allocatable: 8 * 2 ** 30, requested: 1.5 * 2 ** 30, free: 6.5 * 2 ** 30 },
      { resource: 'pods', allocatable: 110, requested: 2, free: 108 },
    ]);
    // On w2 the Pod is judged without itself: nothing else runs there.
    assert.equal(why.nodes.find((entry) => entry.here)!.room!.find((room) => room.resource === 'cpu')!.free, 4000);
    const room = whyNodeParts(why).sections[1]!;
    assert.equal(
      room.rows[0],
      '1. w2 (this node): 90% of cpu and memory free (cpu 3500m free of 4, memory 7.5Gi free of 8Gi, pods 109 free of 110)',
    );
    assert.equal(room.rows.at(-1), 'By room left, this node is number 1 of 3.');
  });

  it('says which nodes satisfy the Pod’s topology spread constraints and preferred affinities', () => {
    const { nodes, bound, asked } = cluster();
    const why = explainPlacement({ pod: asked, nodes, bound }).whyThisNode!;
    assert.deepEqual(Object.fromEntries(why.nodes.map((entry) => [entry.node, entry.spread])), {
      // Zone a holds web-1 and web-3; zone b none but this one.
      w1: [{ domain: 'a', matching: 2, satisfied: false }],
      w2: [{ domain: 'b', matching: 0, satisfied: true }],
      w3: [{ domain: 'a', matching: 2, satisfied: false }],
    });
    assert.deepEqual(Object.fromEntries(why.nodes.map((entry) => [entry.node, entry.preferred])), { w1: [false], w2: [false], w3: [true] });
    const parts = whyNodeParts(why);
    assert.deepEqual(parts.sections[2], {
      kind: 'spread',
      title: "The Pod's topology spread constraints:",
      rows: [
        'topology.kubernetes.io/zone, maxSkew 1, ScheduleAnyway [app=web]: satisfied on: w2 (this node) in b with 0 matching; not satisfied on: w3 in a with 2 matching, w1 in a with 2 matching',
      ],
    });
    assert.deepEqual(parts.sections[3], {
      kind: 'preferred',
      title: "The Pod's preferred (soft) affinities:",
      rows: ['node affinity, weight 20: disktype In (ssd): satisfied on: w3; not satisfied on: w2 (this node), w1'],
    });
  });

  it('gives the placement view a few lines under each node the Pod fits: its place by room, the other replicas there', () => {
    const { nodes, bound, asked } = cluster();
    const why = explainPlacement({ pod: asked, nodes, bound }).whyThisNode!;
    assert.deepEqual(whyNodeLinesPerNode(why), {
      w1: ['room left: number 3 of 3, 50% free', 'other replicas here: 1'],
      w2: ['room left: number 1 of 3, 90% free', 'other replicas here: 0'],
      w3: ['room left: number 2 of 3, 62% free', 'other replicas here: 1'],
    });
  });

  it('lists ten nodes and this one in a large cluster, counting the rest, and ranks level nodes alike', () => {
    // 30 empty nodes in three zones; the Pod on w-17, one other replica on w-03.
    const nodes = Array.from({ length: 30 }, (_, index) => node(`w-${String(index).padStart(2, '0')}`, 'abc'[index % 3]!));
    const bound = new BoundPods();
    bound.upsert(schedulingPodOf(webPod('web-a', 'w-03', webSpec)));
    const asked = schedulingPodOf(webPod('web-b', 'w-17', webSpec));
    const why = explainPlacement({ pod: asked, nodes, bound }).whyThisNode!;
    // Every node but w-03 is empty: 29 level first, w-03 after them.
    assert.deepEqual([...new Set(why.nodes.filter((entry) => entry.node !== 'w-03').map((entry) => entry.roomRank))], [1]);
    assert.equal(why.nodes.find((entry) => entry.node === 'w-03')!.roomRank, 30);
    const [replicas, room, spread] = whyNodeParts(why).sections;
    assert.deepEqual(replicas!.rows, ['w-03: 1 (web-a)', 'w-17 (this node): none', 'none on the 28 other nodes']);
    assert.equal(room!.rows.filter((row) => /^\d+\. /.test(row)).length, 11, 'ten, and this node');
    assert.ok(room!.rows.some((row) => row.startsWith('1. w-17 (this node): ')));
    assert.ok(room!.rows.includes('… and 19 more nodes'));
    // Zone a holds web-a (10 nodes, not satisfied: all listed); b and c none (20 nodes: ten listed, this one first).
    assert.match(
      spread!.rows[0]!,
      /satisfied on: w-17 \(this node\) in c with 0 matching, (w-\d+ in [bc] with 0 matching, ){9}… and 10 more nodes; not satisfied on: (w-\d+ in a with 1 matching(, |$)){10}/,
    );
  });

  it('says once that the scores cannot be read, what is shown instead, and when the Pod was bound', () => {
    const { nodes, bound, asked } = cluster();
    const text = renderPlacementText(explainPlacement({ pod: asked, nodes, bound }));
    assert.match(text, /\nWhy on w2\?\n {2}The scheduler's scores are its own and cannot be read from outside it\. /);
    assert.match(
      text,
      /a node that looks worse here may have won on a plugin not modelled \(image locality, a score plugin of a custom profile\)/,
    );
    assert.match(text, /or the cluster may have changed since the bind\. The Pod was bound at 2026-12-04T09:30:00Z\.\n/);
    assert.equal(text.match(/cannot be (read|recovered) from outside/g)?.length, 1, 'said once, not again under "Not judged"');
  });

  it('says what is not known when the bound Pods cannot be read, and is absent for a Pod not yet bound', () => {
    const { nodes, asked } = cluster();
    const parts = whyNodeParts(explainPlacement({ pod: asked, nodes, bound: null }).whyThisNode!);
    assert.deepEqual(
      parts.sections.map((section) => section.title),
      [
        'The other replicas are not known: the Pods bound to the nodes could not be read.',
        'The room on each node is not known: the Pods bound to the nodes could not be read.',
      ],
    );
    const pending = schedulingPodOf({ ...webPod('web-4', '', webSpec), status: { phase: 'Pending' } });
    assert.equal(explainPlacement({ pod: pending, nodes, bound: null }).whyThisNode, undefined);
  });

  it('names the PreferNoSchedule taints the Pod does not tolerate on the nodes it fits', () => {
    const { bound, asked } = cluster();
    const nodes = [node('w1', 'a'), node('w2', 'b'), node('w3', 'a', {}, [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }])];
    const parts = whyNodeParts(explainPlacement({ pod: asked, nodes, bound }).whyThisNode!);
    assert.deepEqual(parts.sections.at(-1), {
      kind: 'taints',
      title: 'PreferNoSchedule taints the Pod does not tolerate (TaintToleration prefers nodes without):',
      rows: ['w3: spot=true:PreferNoSchedule'],
    });
  });
});
