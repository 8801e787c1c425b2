import * as assert from 'node:assert/strict';
import { BoundPods } from '../../../../src/core/placement/boundPods';
import { parseSchedulerMessage } from '../../../../src/core/placement/clusterRead';
import { tolerates } from '../../../../src/core/placement/filters';
import { manifestPod } from '../../../../src/core/placement/manifestPod';
import { podRequests, schedulingNodeOf, schedulingPodOf } from '../../../../src/core/placement/objects';
import { explainPlacement, schedulerMessage } from '../../../../src/core/placement/place';
import { formatAmount, parseQuantity, schedulerAmount } from '../../../../src/core/placement/quantity';
import { nodeTermMatches } from '../../../../src/core/placement/selectors';
import { notJudgedText } from '../../../../src/core/placement/strings';

type Loose = Record<string, unknown>;

function node(
  name: string,
  options: {
    labels?: Record<string, string>;
    taints?: Loose[];
    cpu?: string;
    memory?: string;
    pods?: string;
    unschedulable?: boolean;
    ready?: string;
  } = {},
) {
  return schedulingNodeOf({
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...options.labels } },
    spec: { taints: options.taints, unschedulable: options.unschedulable },
    status: {
      allocatable: { cpu: options.cpu ?? '4', memory: options.memory ?? '8Gi', pods: options.pods ?? '110' },
      conditions: [{ type: 'Ready', status: options.ready ?? 'True' }],
    },
  });
}

function pod(
  name: string,
  spec: Loose = {},
  options: {
    namespace?: string;
    labels?: Record<string, string>;
    nodeName?: string;
    uid?: string;
    phase?: string;
    deleting?: boolean;
    requests?: Loose;
    ports?: Loose[];
  } = {},
) {
  return schedulingPodOf({
    metadata: {
      name,
      namespace: options.namespace ?? 'default',
      uid: options.uid ?? `uid-${name}`,
      labels: options.labels,
      ...(options.deleting && { deletionTimestamp: '2026-12-03T00:00:00Z' }),
    },
    spec: {
      ...spec,
      nodeName: options.nodeName,
      containers: [{ name: 'main', resources: { requests: options.requests }, ports: options.ports }],
    },
    status: { phase: options.phase ?? (options.nodeName ? 'Running' : 'Pending') },
  });
}

const controlPlaneTaint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const kind = () => [node('cp', { taints: [controlPlaneTaint] }), node('w1'), node('w2')];

describe('placement: quantities and requests', () => {
  it('reads quantities as the API writes them, CPU in millicores rounded up', () => {
    assert.equal(parseQuantity('1Gi'), 2 ** 30);
    assert.equal(parseQuantity('1.5Gi'), 1.5 * 2 ** 30);
    assert.equal(parseQuantity('500M'), 5e8);
    assert.equal(parseQuantity('1e3'), 1000);
    assert.equal(parseQuantity('12E'), 12e18);
    assert.equal(parseQuantity('2Ki'), 2048);
    assert.equal(parseQuantity('ten'), undefined);
    assert.equal(parseQuantity('1Gib'), undefined);
    assert.equal(schedulerAmount('cpu', '100m'), 100);
    assert.equal(schedulerAmount('cpu', '0.1'), 100);
    assert.equal(schedulerAmount('cpu', '1'), 1000);
    assert.equal(schedulerAmount('cpu', '1.0001'), 1001, 'rounded up, as MilliValue does');
    assert.equal(schedulerAmount('memory', '1.5'), 2, 'rounded up, as Value does');
    assert.equal(formatAmount('cpu', 1500), '1500m');
    assert.equal(formatAmount('cpu', 2000), '2');
    assert.equal(formatAmount('memory', 3 * 2 ** 30), '3Gi');
  });

  it('totals a Pod as the scheduler does: containers and sidecars, or the largest init step, plus overhead', () => {
    const cpu = (value: string) => ({ resources: { requests: { cpu: value } } });
    assert.deepEqual(podRequests({ containers: [cpu('100m'), cpu('200m')] }), { cpu: 300 });
    assert.deepEqual(
      podRequests({ containers: [cpu('100m')], initContainers: [cpu('1'), cpu('500m')] }),
      { cpu: 1000 },
      'an init container larger than the containers',
    );
    // A sidecar (restartPolicy Always) runs beside the later init containers and the main ones.
    assert.deepEqual(
      podRequests({ containers: [cpu('100m')], initContainers: [{ ...cpu('200m'), restartPolicy: 'Always' }, cpu('900m')] }),
      { cpu: 1100 },
    );
    assert.deepEqual(podRequests({ containers: [cpu('100m')], initContainers: [{ ...cpu('200m'), restartPolicy: 'Always' }] }), {
      cpu: 300,
    });
    assert.deepEqual(podRequests({ containers: [cpu('100m')], overhead: { cpu: '250m' } }), { cpu: 350 });
    // A limit without a request is the request.
    assert.deepEqual(podRequests({ containers: [{ resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } } }] }), {
      cpu: 500,
      memory: 2 ** 30,
    });
    const unreadable = new Set<string>();
    podRequests({ containers: [{ resources: { requests: { cpu: 'lots' } } }] }, unreadable);
    assert.deepEqual([...unreadable], ['cpu']);
  });
});

describe('placement: the matching rules', () => {
  it('tolerations as the API matches them', () => {
    const taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
    assert.ok(tolerates({ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, taint));
    assert.ok(tolerates({ key: 'dedicated', value: 'gpu' }, taint), 'no effect: every effect; no operator: Equal');
    assert.ok(!tolerates({ key: 'dedicated', value: 'cpu' }, taint));
    assert.ok(tolerates({ key: 'dedicated', operator: 'Exists' }, taint));
    assert.ok(tolerates({ operator: 'Exists' }, taint), 'an empty key with Exists tolerates everything');
    assert.ok(!tolerates({ value: 'gpu' }, taint), 'an empty key with Equal matches only an empty key');
    assert.ok(!tolerates({ key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }, taint));
  });

  it('node selector terms: the operators, a missing label, fields, and an empty term', () => {
    const labels = { zone: 'a', cores: '16' };
    const term = (key: string, operator: string, values: string[] = []) => ({
      matchExpressions: [{ key, operator, values }],
      matchFields: [],
    });
    const at = { name: 'n1', labels };
    assert.ok(nodeTermMatches(term('zone', 'In', ['a', 'b']), at));
    assert.ok(nodeTermMatches(term('disk', 'NotIn', ['ssd']), at), 'NotIn matches a node without the label');
    assert.ok(!nodeTermMatches(term('disk', 'Exists'), at));
    assert.ok(nodeTermMatches(term('disk', 'DoesNotExist'), at));
    assert.ok(nodeTermMatches(term('cores', 'Gt', ['8']), at));
    assert.ok(!nodeTermMatches(term('cores', 'Lt', ['8']), at));
    assert.ok(!nodeTermMatches(term('zone', 'Gt', ['1']), at), 'Gt on a label that is not a number matches nothing');
    assert.ok(nodeTermMatches({ matchExpressions: [], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }, at));
    assert.ok(!nodeTermMatches({ matchExpressions: [], matchFields: [{ key: 'metadata.labels', operator: 'In', values: ['n1'] }] }, at));
    assert.ok(!nodeTermMatches({ matchExpressions: [], matchFields: [] }, at), 'an empty term matches no node');
  });
});

describe('placement: one Pod against every node', () => {
  it('a Pod with no rules fits the workers; the control plane keeps it off with its taint', () => {
    const report = explainPlacement({ pod: pod('web'), nodes: kind(), bound: new BoundPods(), serverMinor: 30 });
    assert.deepEqual(report.feasible, ['w1', 'w2']);
    assert.equal(report.state, 'pending');
    const cp = report.nodes.find((verdict) => verdict.node === 'cp')!;
    assert.equal(cp.feasible, false);
    assert.deepEqual(
      cp.failures.map((failure) => failure.reasons),
      [['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }']],
    );
    assert.equal(report.message, null);
  });

  it("counts what bound Pods request, and leaves finished Pods out, as the scheduler's cache does", () => {
    const bound = new BoundPods();
    bound.upsert(pod('big', {}, { nodeName: 'w1', requests: { cpu: '3500m' } }));
    bound.upsert(pod('done', {}, { nodeName: 'w2', requests: { cpu: '4' }, phase: 'Succeeded' }));
    bound.upsert(pod('leaving', {}, { nodeName: 'w2', requests: { cpu: '1' }, deleting: true }));
    const report = explainPlacement({ pod: pod('new', {}, { requests: { cpu: '1' } }), nodes: kind(), bound, serverMinor: 30 });
    assert.deepEqual(report.feasible, ['w2'], 'w2 has 3 CPUs free: the Succeeded Pod does not count, the terminating one does');
    const w1 = report.nodes.find((verdict) => verdict.node === 'w1')!;
    assert.deepEqual(w1.failures[0]!.evidence, [{ kind: 'insufficient', resource: 'cpu', requested: 1000, used: 3500, allocatable: 4000 }]);
    // Changes are incremental: the big Pod leaves, w1 fits again.
    bound.remove('default/big');
    assert.deepEqual(
      explainPlacement({ pod: pod('new', {}, { requests: { cpu: '1' } }), nodes: kind(), bound, serverMinor: 30 }).feasible,
      ['w1', 'w2'],
    );
  });

  it('judges a bound Pod as the scheduler did: before it counted on its node, and without its own nodeName', () => {
    const bound = new BoundPods();
    const placed = pod('web', {}, { nodeName: 'w1', requests: { cpu: '3' } });
    bound.upsert(placed);
    const report = explainPlacement({ pod: placed, nodes: kind(), bound, serverMinor: 30 });
    assert.equal(report.state, 'bound');
    assert.equal(report.boundNode, 'w1');
    assert.deepEqual(report.feasible, ['w1', 'w2']);
  });

  it("writes the FailedScheduling message from each node's first failing filter, in the version's order and words", () => {
    const nodes = [
      node('cp', { taints: [controlPlaneTaint], cpu: '2' }),
      node('w1', { cpu: '2', unschedulable: true }),
      node('w2', { cpu: '2' }),
    ];
    const greedy = pod('greedy', {}, { requests: { cpu: '3' } });
    // 1.20 and later: taints before resources, so the control plane counts its taint.
    const now = explainPlacement({ pod: greedy, nodes, bound: new BoundPods(), serverMinor: 30 });
    assert.equal(
      now.message,
      '0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) were unschedulable.',
    );
    assert.equal(
      explainPlacement({ pod: greedy, nodes, bound: new BoundPods(), serverMinor: 20 }).message,
      "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had taint {node-role.kubernetes.io/control-plane: }, that the pod didn't tolerate, 1 node(s) were unschedulable.",
    );
    // 1.19: resources before taints.
    assert.equal(
      explainPlacement({ pod: greedy, nodes, bound: new BoundPods(), serverMinor: 19 }).message,
      '0/3 nodes are available: 1 node(s) were unschedulable, 2 Insufficient cpu.',
    );
    assert.equal(
      explainPlacement({ pod: greedy, nodes, bound: new BoundPods(), serverMinor: 35 }).message,
      '0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.',
    );
    // Every failing filter is kept for the node, not just the first.
    assert.deepEqual(
      now.nodes.find((verdict) => verdict.node === 'cp')!.failures.map((failure) => failure.filter),
      ['TaintToleration', 'NodeResourcesFit'],
    );
  });

  it('sorts the histogram as Go sorts the strings, counts included', () => {
    assert.equal(
      schedulerMessage(12, { 'node(s) were unschedulable': 2, 'Insufficient cpu': 10 }),
      '0/12 nodes are available: 10 Insufficient cpu, 2 node(s) were unschedulable.',
    );
    assert.equal(schedulerMessage(12, { b: 2, a: 10 }), '0/12 nodes are available: 10 a, 2 b.');
  });

  it('host ports clash on the same port, protocol and address, 0.0.0.0 meaning every address', () => {
    const bound = new BoundPods();
    bound.upsert(pod('taken', {}, { nodeName: 'w1', ports: [{ containerPort: 80, hostPort: 8080, hostIP: '10.0.0.1' }] }));
    const ask = (port: Loose) =>
      explainPlacement({ pod: pod('new', {}, { ports: [{ containerPort: 80, ...port }] }), nodes: kind(), bound, serverMinor: 30 })
        .feasible;
    assert.deepEqual(ask({ hostPort: 8080 }), ['w2']);
    assert.deepEqual(ask({ hostPort: 8080, hostIP: '10.0.0.2' }), ['w1', 'w2']);
    assert.deepEqual(ask({ hostPort: 8080, protocol: 'UDP' }), ['w1', 'w2']);
    assert.deepEqual(ask({ hostPort: 8081 }), ['w1', 'w2']);
  });

  it('says a filter is unknown, never guesses, when the bound Pods could not be read', () => {
    const report = explainPlacement({ pod: pod('new', {}, { requests: { cpu: '1' } }), nodes: kind(), bound: null, serverMinor: 30 });
    assert.deepEqual(report.feasible, []);
    assert.deepEqual(
      report.nodes.map((verdict) => verdict.feasible),
      [false, 'unknown', 'unknown'],
    );
    assert.deepEqual(report.nodes[1]!.unknown, ['NodeResourcesFit']);
    assert.equal(report.message, null, 'no scheduler message can be written from unknowns');
  });

  it('required pod affinity: domains with a selected Pod, and the first Pod of a series that selects itself', () => {
    const app = { app: 'db' };
    const near = {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: app }, topologyKey: 'kubernetes.io/hostname' }],
      },
    };
    const empty = new BoundPods();
    assert.deepEqual(
      explainPlacement({ pod: pod('db-0', { affinity: near }, { labels: app }), nodes: kind(), bound: empty, serverMinor: 30 }).feasible,
      ['w1', 'w2'],
      'the first of a series may go anywhere',
    );
    assert.deepEqual(
      explainPlacement({ pod: pod('client', { affinity: near }), nodes: kind(), bound: empty, serverMinor: 30 }).feasible,
      [],
      'nothing to be near',
    );
    const bound = new BoundPods();
    bound.upsert(pod('db-0', {}, { nodeName: 'w2', labels: app }));
    bound.upsert(pod('db-other-namespace', {}, { nodeName: 'w1', labels: app, namespace: 'other' }));
    const report = explainPlacement({ pod: pod('client', { affinity: near }), nodes: kind(), bound, serverMinor: 30 });
    assert.deepEqual(report.feasible, ['w2'], "a term without namespaces covers the Pod's own");
    assert.deepEqual(report.nodes.find((verdict) => verdict.node === 'w1')!.failures[0]!.evidence, [
      { kind: 'affinity', topologyKey: 'kubernetes.io/hostname', domain: 'w1' },
    ]);
  });

  it('required anti-affinity, its own and that of the Pods already there', () => {
    const app = { app: 'web' };
    const apart = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: app }, topologyKey: 'kubernetes.io/hostname' }],
      },
    };
    const bound = new BoundPods();
    bound.upsert(pod('web-1', { affinity: apart }, { nodeName: 'w1', labels: app }));
    assert.deepEqual(
      explainPlacement({ pod: pod('web-2', { affinity: apart }, { labels: app }), nodes: kind(), bound, serverMinor: 30 }).feasible,
      ['w2'],
    );
    const plain = explainPlacement({ pod: pod('web-plain', {}, { labels: app }), nodes: kind(), bound, serverMinor: 21 });
    assert.deepEqual(plain.feasible, ['w2'], "web-1's rule keeps any web Pod off its node");
    assert.deepEqual(
      plain.nodes.find((verdict) => verdict.node === 'w1')!.failures[0]!.reasons,
      ["node(s) didn't match pod affinity/anti-affinity", "node(s) didn't satisfy existing pods anti-affinity rules"],
      '1.21 and earlier give the generic reason too',
    );
  });

  it('topology spread: the skew over the domains the Pod may use, and the 1.20–1.23 count of excluded nodes', () => {
    const zoned = [
      node('a1', { labels: { zone: 'a' } }),
      node('a2', { labels: { zone: 'a', pool: 'x' } }),
      node('b1', { labels: { zone: 'b', pool: 'x' } }),
      node('c1', { labels: { zone: 'c' } }),
    ];
    const app = { app: 'api' };
    const bound = new BoundPods();
    bound.upsert(pod('api-1', {}, { nodeName: 'a1', labels: app }));
    bound.upsert(pod('api-2', {}, { nodeName: 'a1', labels: app }));
    bound.upsert(pod('api-3', {}, { nodeName: 'b1', labels: app }));
    bound.upsert(pod('api-old', {}, { nodeName: 'b1', labels: app, deleting: true }));
    const spread = {
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: app } },
      ],
    };
    // Everywhere: zones a 2, b 1, c 0. Only zone c keeps the skew at 1.
    assert.deepEqual(explainPlacement({ pod: pod('api-4', spread, { labels: app }), nodes: zoned, bound, serverMinor: 30 }).feasible, [
      'c1',
    ]);
    // Only pool x: zones a (a2) and b (b1). From 1.24 only a2's Pods count for zone a (0), before a1's too (2).
    const pooled = { ...spread, nodeSelector: { pool: 'x' } };
    assert.deepEqual(explainPlacement({ pod: pod('api-5', pooled, { labels: app }), nodes: zoned, bound, serverMinor: 30 }).feasible, [
      'a2',
    ]);
    assert.deepEqual(explainPlacement({ pod: pod('api-5', pooled, { labels: app }), nodes: zoned, bound, serverMinor: 20 }).feasible, [
      'b1',
    ]);
    const missing = explainPlacement({
      pod: pod('api-6', { topologySpreadConstraints: [{ ...spread.topologySpreadConstraints[0], topologyKey: 'rack' }] }, { labels: app }),
      nodes: zoned,
      bound,
      serverMinor: 30,
    });
    assert.deepEqual(missing.feasible, []);
    assert.deepEqual(missing.nodes[0]!.failures[0]!.reasons, [
      "node(s) didn't match pod topology spread constraints (missing required label)",
    ]);
  });

  it('names what it does not judge: claims, preemption, and always the scores', () => {
    const withClaim = pod(
      'db',
      { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'db' } }], priorityClassName: 'high' },
      { requests: { cpu: '64' } },
    );
    const report = explainPlacement({ pod: withClaim, nodes: kind(), bound: new BoundPods(), serverMinor: 30 });
    assert.equal(report.notJudged.length, 3);
    assert.match(notJudgedText(report.notJudged[0]!), /volumes \(data\)/);
    assert.match(notJudgedText(report.notJudged[1]!), /preemption: with priority class high/);
    assert.match(notJudgedText(report.notJudged[2]!), /scores and tie-breaks/);
  });

  it("a gated Pod, a static Pod, another scheduler's Pod and a manifest are each said as such", () => {
    const state = (raw: Loose) => explainPlacement({ pod: schedulingPodOf(raw), nodes: kind(), bound: new BoundPods() }).state;
    assert.equal(state({ metadata: { name: 'g', uid: 'u' }, spec: { schedulingGates: [{ name: 'wait' }] } }), 'gated');
    assert.equal(
      state({ metadata: { name: 's', uid: 'u', annotations: { 'kubernetes.io/config.mirror': 'x' } }, spec: { nodeName: 'cp' } }),
      'static',
    );
    assert.equal(state({ metadata: { name: 'o', uid: 'u' }, spec: { schedulerName: 'volcano' } }), 'otherScheduler');
    assert.equal(state({ metadata: { name: 'm' }, spec: {} }), 'notCreated');
    assert.equal(state({ metadata: { name: 'n' }, spec: { nodeName: 'w1' } }), 'nodeName');
  });
});

describe("placement: the scheduler's message read back", () => {
  it("reads the counts of every version's format", () => {
    assert.deepEqual(
      parseSchedulerMessage(
        "0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/control-plane: }, that the pod didn't tolerate, 2 Insufficient cpu.",
      ),
      {
        total: 3,
        reasons: { "node(s) had taint {node-role.kubernetes.io/control-plane: }, that the pod didn't tolerate": 1, 'Insufficient cpu': 2 },
      },
    );
    assert.deepEqual(
      parseSchedulerMessage(
        '0/12 nodes are available: 10 Insufficient memory, 2 Too many pods. preemption: 0/12 nodes are available: 12 No preemption victims found for incoming pod.',
      ),
      {
        total: 12,
        reasons: { 'Insufficient memory': 10, 'Too many pods': 2 },
      },
    );
    // 1.26 and 1.27 ended the first part with ".." before the preemption part.
    assert.deepEqual(
      parseSchedulerMessage(
        '0/1 nodes are available: 1 Insufficient cpu.. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
      )?.reasons,
      { 'Insufficient cpu': 1 },
    );
    assert.equal(parseSchedulerMessage('pod has unbound immediate PersistentVolumeClaims'), undefined);
  });
});

describe('placement: the Pod a manifest makes', () => {
  it("a DaemonSet's Pods carry the tolerations its controller adds: a cordoned node still gets one", () => {
    const daemonSet = {
      kind: 'DaemonSet',
      metadata: { name: 'agent', namespace: 'ops' },
      spec: { template: { spec: { containers: [{ name: 'a' }] } } },
    };
    const made = manifestPod(daemonSet)!;
    assert.equal(made.perNode, true);
    const cordoned = [
      node('w1', {
        unschedulable: true,
        taints: [
          { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
          { key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' },
        ],
      }),
    ];
    assert.deepEqual(
      explainPlacement({ pod: schedulingPodOf(made.pod), nodes: cordoned, bound: new BoundPods(), serverMinor: 30 }).feasible,
      ['w1'],
    );
    // The same template as a Deployment's stays off that node.
    const deployment = manifestPod({ ...daemonSet, kind: 'Deployment' })!;
    assert.deepEqual(
      explainPlacement({ pod: schedulingPodOf(deployment.pod), nodes: cordoned, bound: new BoundPods(), serverMinor: 30 }).feasible,
      [],
    );
    assert.equal(schedulingPodOf(made.pod).namespace, 'ops');
  });
});
