import * as assert from 'node:assert/strict';
import { BoundPods } from '../../../../src/core/placement/boundPods';
import type { FilterEvidence } from '../../../../src/core/placement/filters';
import {
  isPlacementField,
  manifestObjectAt,
  type PlacementHover,
  placementHover,
  placementHoverText,
  rejectedNodeText,
} from '../../../../src/core/placement/hoverAnswer';
import { manifestPod } from '../../../../src/core/placement/manifestPod';
import { schedulingNodeOf, schedulingPodOf } from '../../../../src/core/placement/objects';
import { explainPlacement } from '../../../../src/core/placement/place';
import { manifestPositionAt, parseManifest } from '../../../../src/core/yaml/yamlPath';

type Loose = Record<string, unknown>;

function node(name: string, options: { taints?: Loose[]; labels?: Record<string, string>; cpu?: string } = {}) {
  return schedulingNodeOf({
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...options.labels } },
    spec: { taints: options.taints },
    status: { allocatable: { cpu: options.cpu ?? '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  });
}

const controlPlaneTaint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const kind = () => [
  node('multi-node-control-plane', { taints: [controlPlaneTaint] }),
  node('multi-node-worker'),
  node('multi-node-worker2'),
];

/** The hover's answer for a manifest object against nodes, as the workspace would give it. */
function answer(object: Loose, nodes = kind(), options: { bound?: BoundPods | null; boundPodsError?: string } = {}) {
  const made = manifestPod(object)!;
  const pod = schedulingPodOf(made.pod, 'default');
  const report = explainPlacement({ pod, nodes, bound: options.bound === undefined ? new BoundPods() : options.bound });
  return placementHover(
    { pod, report, ...(options.boundPodsError !== undefined && { boundPodsError: options.boundPodsError }) },
    { context: 'kind-multi-node', perNode: made.perNode === true },
  );
}

const podManifest = (spec: Loose = {}): Loose => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web' },
  spec: { containers: [{ name: 'main', image: 'nginx' }], ...spec },
});

describe("placement: the manifest hover's answer", () => {
  it("answers on the fields that decide where a Pod runs, in a Pod and in each workload's template", () => {
    assert.ok(isPlacementField('Pod', ['spec', 'tolerations']));
    assert.ok(isPlacementField('Pod', ['spec', 'tolerations', 0, 'key']));
    assert.ok(isPlacementField('Pod', ['spec', 'nodeSelector']));
    assert.ok(isPlacementField('Pod', ['spec', 'nodeName']));
    assert.ok(isPlacementField('Pod', ['spec', 'priorityClassName']));
    assert.ok(
      isPlacementField('Deployment', [
        'spec',
        'template',
        'spec',
        'affinity',
        'nodeAffinity',
        'requiredDuringSchedulingIgnoredDuringExecution',
        'nodeSelectorTerms',
        0,
      ]),
    );
    assert.ok(isPlacementField('CronJob', ['spec', 'jobTemplate', 'spec', 'template', 'spec', 'tolerations']));
    assert.ok(isPlacementField('DaemonSet', ['spec', 'template', 'spec', 'containers', 0, 'resources', 'requests', 'cpu']));
    assert.ok(isPlacementField('StatefulSet', ['spec', 'template', 'spec', 'initContainers', 1, 'resources', 'requests']));
    for (const kindName of ['ReplicaSet', 'Job', 'ReplicationController'])
      assert.ok(isPlacementField(kindName, ['spec', 'template', 'spec', 'nodeSelector']), kindName);
    assert.ok(!isPlacementField('Pod', ['spec', 'containers', 0, 'resources', 'limits']));
    assert.ok(!isPlacementField('Pod', ['spec', 'containers', 0, 'resources']));
    assert.ok(!isPlacementField('Pod', ['spec', 'containers', 0, 'image']));
    assert.ok(!isPlacementField('Pod', ['spec']));
    assert.ok(!isPlacementField('Deployment', ['spec', 'tolerations']), "not the workload's own spec");
    assert.ok(!isPlacementField('Service', ['spec', 'nodeSelector']));
  });

  it('reads the whole object of the document at the position, the List item inside a List, and nothing from a broken one', () => {
    const text = [
      'apiVersion: v1',
      'kind: Service',
      'metadata:',
      '  name: front',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      'spec:',
      '  template:',
      '    spec:',
      '      tolerations:',
      '      - key: a',
      '        operator: Exists',
      '---',
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: v1',
      '  kind: Pod',
      '  metadata:',
      '    name: listed',
      '  spec:',
      '    nodeName: n1',
      '---',
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: broken',
      'spec:',
      '  tolerations: [',
      '',
    ].join('\n');
    const parsed = parseManifest(text)!;
    const at = (line: number, column: number) => manifestPositionAt(parsed, parsed.lineStarts[line - 1]! + column - 1)!;
    const deployment = manifestObjectAt(parsed, at(13, 8)) as Loose;
    assert.equal(deployment.kind, 'Deployment');
    assert.deepEqual(manifestPod(deployment)?.pod.spec, { tolerations: [{ key: 'a', operator: 'Exists' }] });
    const listed = manifestObjectAt(parsed, at(25, 6)) as Loose;
    assert.deepEqual(listed, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'listed' }, spec: { nodeName: 'n1' } });
    const broken = manifestPositionAt(parsed, parsed.lineStarts[31]! + 3);
    assert.deepEqual(broken?.path, ['spec', 'tolerations']);
    assert.equal(manifestObjectAt(parsed, broken), undefined, 'a document with a syntax error');
  });

  it('does not expand an alias bomb', () => {
    const lines = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: bomb', 'spec:', '  a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 10; level++)
      lines.push(
        `  a${level}: &a${level} [${Array(10)
          .fill(`*a${level - 1}`)
          .join(', ')}]`,
      );
    lines.push('  tolerations: []', '');
    const parsed = parseManifest(lines.join('\n'))!;
    const position = manifestPositionAt(parsed, parsed.lineStarts[lines.length - 2]! + 3)!;
    assert.deepEqual(position.path, ['spec', 'tolerations']);
    assert.equal(manifestObjectAt(parsed, position), undefined);
  });

  it("names the nodes that fit and the control plane's taint when the Pod does not tolerate it", () => {
    const hover = answer(podManifest({ tolerations: [{ key: 'example.com/gpu', operator: 'Exists' }] }));
    assert.equal(hover.fits, 2);
    assert.equal(
      placementHoverText(hover),
      'On kind-multi-node now: fits 2 of 3 nodes: multi-node-worker, multi-node-worker2; multi-node-control-plane has the taint node-role.kubernetes.io/control-plane:NoSchedule, not tolerated',
    );
  });

  it("fits 3 of 3 with the control plane's toleration", () => {
    const hover = answer(
      podManifest({ tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }] }),
    );
    assert.equal(
      placementHoverText(hover),
      'On kind-multi-node now: fits 3 of 3 nodes: multi-node-control-plane, multi-node-worker, multi-node-worker2',
    );
  });

  it('says "fits 0 of N nodes" plainly, lists at most three that do not fit, and counts the rest', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e'].map((name) => node(name, { labels: { zone: 'z1' } }));
    const hover = answer(podManifest({ nodeSelector: { zone: 'z2' }, priorityClassName: 'high' }), nodes);
    assert.equal(hover.rejected.length, 3);
    assert.equal(hover.moreRejected, 2);
    const [first, ...rest] = placementHoverText(hover).split('\n');
    assert.equal(
      first,
      'On kind-multi-node now: fits 0 of 5 nodes; a has zone=z1, not z2 (nodeSelector); b has zone=z1, not z2 (nodeSelector); c has zone=z1, not z2 (nodeSelector); … and 2 more nodes that do not fit',
    );
    assert.deepEqual(rest, ['With priority class high the scheduler may evict lower-priority Pods to make room.']);
    const six = answer(podManifest({ nodeSelector: { zone: 'z2' } }), [...nodes, node('f')]);
    assert.match(placementHoverText(six), /^On kind-multi-node now: fits 0 of 6 nodes; a has .*; … and 3 more nodes that do not fit$/);
  });

  it('lists at most five nodes that fit', () => {
    const nodes = Array.from({ length: 8 }, (_unused, index) => node(`n${index}`));
    const hover = answer(podManifest(), nodes);
    assert.equal(placementHoverText(hover), 'On kind-multi-node now: fits 8 of 8 nodes: n0, n1, n2, n3, n4, … and 3 more');
  });

  it('says when the bound Pods are unknown, and does not count as fitting what it could not judge', () => {
    const hover = answer(podManifest({ tolerations: [] }), kind(), {
      bound: null,
      boundPodsError: 'pods is forbidden: User "dev" cannot list resource "pods"',
    });
    assert.equal(hover.fits, 0);
    assert.equal(hover.preemptionClass, undefined);
    assert.equal(
      placementHoverText(hover),
      [
        'On kind-multi-node now: fits 0 of 3 nodes for certain; multi-node-control-plane has the taint node-role.kubernetes.io/control-plane:NoSchedule, not tolerated',
        'Not known for 2 nodes that pass the other filters (NodeResourcesFit not judged): multi-node-worker, multi-node-worker2',
        'The Pods bound to the nodes are not known (pods is forbidden: User "dev" cannot list resource "pods"): what they request and use is not judged.',
      ].join('\n'),
    );
  });

  it("says a DaemonSet's controller pins one Pod per node, and that a manifest's nodeName bypasses the scheduler", () => {
    const daemonSet = answer({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: { template: { spec: { containers: [{ name: 'agent' }] } } },
    });
    assert.ok(daemonSet.perNode);
    assert.match(
      placementHoverText(daemonSet),
      /\nIts controller pins one Pod to each node: the DaemonSet runs a Pod on each node that fits\.$/,
    );
    const pinned = answer(podManifest({ nodeName: 'multi-node-worker' }));
    assert.equal(pinned.fits, 1);
    assert.match(placementHoverText(pinned), /multi-node-control-plane is not the node spec\.nodeName names \(multi-node-worker\)/);
    assert.match(
      placementHoverText(pinned),
      /\nspec\.nodeName names multi-node-worker: no scheduler places the Pod; the kubelet of multi-node-worker admits it by its own checks\.$/,
    );
  });

  it('says what it could not judge: other schedulers, gates, volumes, unreadable requests', () => {
    const hover = answer(
      podManifest({
        schedulerName: 'my-scheduler',
        schedulingGates: [{ name: 'example.com/wait' }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
        containers: [{ name: 'main', resources: { requests: { cpu: 'lots' } } }],
      }),
    );
    const lines = placementHoverText(hover).split('\n');
    assert.deepEqual(lines.slice(1), [
      "spec.schedulerName is my-scheduler: these are the default scheduler's filters.",
      'Scheduling gates (example.com/wait) hold the Pod: the scheduler does not consider it until they are removed.',
      'Not judged: the volume filters (data).',
      'Not judged: requests that are not quantities (cpu).',
    ]);
  });

  it('says while the Pods are being listed, when no node is known, and when the answer failed', () => {
    const listing: PlacementHover = { kind: 'listing', context: 'prod' };
    assert.equal(placementHoverText(listing), "On prod now: listing the cluster's Pods…");
    assert.equal(
      placementHoverText({ kind: 'unavailable', reason: 'connection refused' }),
      'On the cluster now: where it fits is not known: connection refused',
    );
    assert.equal(
      placementHoverText(answer(podManifest(), [])),
      'On kind-multi-node now: no node is known (none is listed, or the nodes cannot be read)',
    );
  });

  it('words every kind of evidence with the node as its subject', () => {
    const evidence: FilterEvidence[] = [
      { kind: 'unschedulable' },
      { kind: 'nodeName', wanted: 'n2' },
      { kind: 'taint', taint: { key: 'dedicated', value: 'gpu', effect: 'NoExecute' } },
      { kind: 'nodeSelector', key: 'zone', wanted: 'z1', actual: null },
      { kind: 'nodeSelector', key: 'zone', wanted: 'z1', actual: 'z2' },
      { kind: 'nodeAffinity', terms: 0, firstFailing: null },
      { kind: 'nodeAffinity', terms: 2, firstFailing: 'zone In [z1]' },
      { kind: 'nodeAffinity', terms: 1, firstFailing: null },
      { kind: 'hostPort', port: { port: 80, protocol: 'TCP', hostIP: '0.0.0.0' }, usedBy: 'default/web' },
      { kind: 'tooManyPods', pods: 110, allowed: 110 },
      { kind: 'insufficient', resource: 'cpu', requested: 1500, used: 3000, allocatable: 4000 },
      { kind: 'spreadLabelMissing', topologyKey: 'zone' },
      { kind: 'spreadSkew', topologyKey: 'zone', domain: 'z1', matching: 3, minimum: 1, maxSkew: 1 },
      { kind: 'affinity', topologyKey: 'zone', domain: null },
      { kind: 'affinity', topologyKey: 'zone', domain: 'z1' },
      { kind: 'antiAffinity', topologyKey: 'zone', domain: 'z1', pod: 'default/db' },
      { kind: 'existingAntiAffinity', topologyKey: 'zone', domain: 'z1', pod: 'default/db' },
    ];
    const texts = evidence.map((entry) => rejectedNodeText({ node: 'n1', filter: 'NodeAffinity', evidence: entry }));
    assert.deepEqual(texts, [
      'n1 is cordoned (spec.unschedulable)',
      'n1 is not the node spec.nodeName names (n2)',
      'n1 has the taint dedicated=gpu:NoExecute, not tolerated',
      'n1 has no label zone (nodeSelector zone=z1)',
      'n1 has zone=z2, not z1 (nodeSelector)',
      'n1: the required node affinity has no terms, which matches no node',
      'n1 matches none of the 2 required node affinity terms (zone In [z1])',
      'n1 matches none of the 1 required node affinity terms',
      'n1: host port 80/TCP is taken by default/web',
      'n1 already runs 110 Pods and allows 110',
      'n1 has 1 of 4 cpu unrequested, the Pod requests 1500m',
      'n1 has no label zone, which a topology spread constraint needs',
      'n1: zone=z1 has 3 matching Pods; with this one it would be 3 above the least loaded domain (1), more than maxSkew 1',
      "n1 has no label zone, the required Pod affinity's topology key",
      'n1: no Pod the required Pod affinity selects runs in zone=z1',
      "n1: default/db runs in zone=z1, and the Pod's required anti-affinity selects it",
      'n1: default/db runs in zone=z1, and its required anti-affinity selects this Pod',
    ]);
    assert.equal(rejectedNodeText({ node: 'n1', filter: 'NodePorts', evidence: null }), 'n1 does not pass NodePorts');
  });
});
