// "Waiting for a node" benchmark: `npm run bench -- waitingGroups`, or alone:
//   npx tsx --expose-gc bench/waitingGroups.bench.ts [--nodes 5000] [--bound-per-node 10] [--pending 10000] [--runs 10]
// A generated cluster of 5,000 nodes (three zones, a GPU pool tainted nvidia.com/gpu, a memory pool labelled
// node-pool=memory) with 10 bound Pods each, and 10,000 Pending Pods in 20 workloads of 500 replicas across 8
// namespaces, each waiting for another reason: too much CPU or memory, a node selector no node matches, a taint
// not tolerated, required anti-affinity, a host port every node has taken, scheduling gates, a PreEnqueue
// rejection, a gang missing members, a nominated node, and a few that would fit. Each Pending Pod is served as
// the API serves it (PodScheduled condition with the scheduler's message, managedFields) and slimmed by
// schedulingPodOf, as `placement --pending` reads them.
// Timed: slimming the 10,000 Pods; grouping them (groupWaitingPods); one placement answer per signature
// (answerWaitingGroups); the rows' sentences; all four together. Median and max of the runs after a warm-up.
import { parseArgs } from 'node:util';
import { BoundPods } from '../src/core/placement/boundPods';
import { type SchedulingPod, schedulingNodeOf, schedulingPodOf } from '../src/core/placement/objects';
import { answerWaitingGroups, type GangWorkload, groupWaitingPods } from '../src/core/placement/waitingGroups';
import { groupSummary } from '../src/core/placement/waitingText';

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string' },
    'bound-per-node': { type: 'string' },
    pending: { type: 'string' },
    runs: { type: 'string' },
  },
});
const nodeCount = Number(args.nodes ?? 5000);
const boundPerNode = Number(args['bound-per-node'] ?? 10);
const pendingCount = Number(args.pending ?? 10000);
const runs = Number(args.runs ?? 10);
const WORKLOADS = 20;
const NAMESPACES = 8;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const thousands = (value: number) => value.toLocaleString('en-US');
const zones = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'];
const nodeName = (index: number) => `ip-10-${(index >> 8) & 255}-${index & 255}.eu-west-1.compute.internal`;

function rawNode(index: number): Record<string, unknown> {
  const pool = index % 50 === 7 ? 'gpu' : index % 10 === 1 ? 'memory' : 'general';
  return {
    metadata: {
      name: nodeName(index),
      labels: {
        'kubernetes.io/hostname': nodeName(index),
        'kubernetes.io/os': 'linux',
        'topology.kubernetes.io/zone': zones[index % 3]!,
        'node-pool': pool,
      },
    },
    spec: pool === 'gpu' ? { taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] } : {},
    status: {
      allocatable: {
        cpu: '7910m',
        memory: pool === 'memory' ? '63000000Ki' : '31500000Ki',
        pods: '110',
        ...(pool === 'gpu' && { 'nvidia.com/gpu': '4' }),
      },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
}

/** A bound Pod: every node runs an ingress Pod with host port 443, and some app Pods that request CPU. */
function boundPod(node: number, slot: number): SchedulingPod {
  const ingress = slot === 0;
  return schedulingPodOf({
    metadata: {
      name: `bound-${node}-${slot}`,
      namespace: ingress ? 'ingress' : `team-${slot % NAMESPACES}`,
      uid: `b-${node}-${slot}`,
      labels: { app: ingress ? 'ingress' : `svc-${slot}` },
    },
    spec: {
      nodeName: nodeName(node),
      containers: [
        {
          name: 'app',
          resources: { requests: { cpu: '500m', memory: '1Gi' } },
          ...(ingress && { ports: [{ containerPort: 443, hostPort: 443 }] }),
        },
      ],
    },
    status: { phase: 'Running' },
  });
}

/** Each workload's template, and what the server says of its Pods. */
interface Shape {
  readonly spec: Record<string, unknown>;
  readonly condition?: Record<string, unknown>;
  readonly nominated?: boolean;
  readonly gang?: boolean;
}

const unschedulable = (message: string) => ({ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message });
const container = (requests: Record<string, string>, extra: Record<string, unknown> = {}) => [
  { name: 'app', image: 'registry.example/app:1.4.2', resources: { requests }, ...extra },
];

function shapeOf(workload: number): Shape {
  const n = thousands(nodeCount);
  switch (workload % 10) {
    case 0:
      return {
        spec: { containers: container({ cpu: '16' }) },
        condition: unschedulable(`0/${nodeCount} nodes are available: ${nodeCount} Insufficient cpu.`),
      };
    case 1:
      return {
        spec: { containers: container({ cpu: '1', memory: '48Gi' }) },
        condition: unschedulable(`0/${nodeCount} nodes are available: ${nodeCount} Insufficient memory.`),
      };
    case 2:
      return {
        spec: { containers: container({ cpu: '100m' }), nodeSelector: { disktype: 'nvme' } },
        condition: unschedulable(`0/${nodeCount} nodes are available: ${nodeCount} node(s) didn't match Pod's node affinity/selector.`),
      };
    case 3:
      return {
        spec: { containers: container({ cpu: '1', 'nvidia.com/gpu': '1' }), nodeSelector: { 'node-pool': 'gpu' } },
        condition: unschedulable(`0/${nodeCount} nodes are available: ${nodeCount} node(s) didn't match Pod's node affinity/selector.`),
      };
    case 4:
      return {
        spec: { containers: container({ cpu: '100m' }, { ports: [{ containerPort: 443, hostPort: 443 }] }) },
        condition: unschedulable(
          `0/${nodeCount} nodes are available: ${nodeCount} node(s) didn't have free ports for the requested pod ports.`,
        ),
      };
    case 5:
      return {
        spec: { containers: container({ cpu: '100m' }), schedulingGates: [{ name: 'example.com/quota' }] },
        condition: {
          type: 'PodScheduled',
          status: 'False',
          reason: 'SchedulingGated',
          message: 'Scheduling is blocked due to non-empty scheduling gates',
        },
      };
    case 6:
      return {
        spec: { containers: container({ cpu: '100m' }) },
        condition: {
          type: 'PodScheduled',
          status: 'False',
          reason: 'NotReadyForScheduling',
          message: 'resourceclaim.resource.k8s.io "gpu-claim" not found',
        },
      };
    case 7:
      return {
        spec: { containers: container({ cpu: '100m' }), workloadRef: { name: `gang-${workload}`, podGroup: 'workers' } },
        gang: true,
      };
    case 8:
      return {
        spec: { containers: container({ cpu: '12' }), priorityClassName: 'high' },
        condition: unschedulable(
          `0/${nodeCount} nodes are available: ${nodeCount} Insufficient cpu. preemption: 0/${nodeCount} nodes are available: ${nodeCount} No preemption victims found for incoming pod.`,
        ),
        nominated: true,
      };
    default:
      // Would fit: not tried yet (just created), with required anti-affinity on the hostname.
      return {
        spec: {
          containers: container({ cpu: '250m' }),
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                { labelSelector: { matchLabels: { app: `w-${workload}` } }, topologyKey: 'kubernetes.io/hostname' },
              ],
            },
          },
        },
        ...(n && {}),
      };
  }
}

function rawPending(workload: number, replica: number): Record<string, unknown> {
  const shape = shapeOf(workload);
  const namespace = `team-${workload % NAMESPACES}`;
  const rs = `w-${workload}-5d9c8f7b6`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${rs}-${replica.toString(36).padStart(5, 'x')}`,
      namespace,
      uid: `p-${workload}-${replica}`,
      labels: { app: `w-${workload}`, 'pod-template-hash': '5d9c8f7b6' },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, uid: `rs-${workload}`, controller: true, blockOwnerDeletion: true },
      ],
      managedFields: [
        {
          manager: 'kube-controller-manager',
          operation: 'Update',
          apiVersion: 'v1',
          time: '2026-12-04T10:00:00Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:metadata': {}, 'f:spec': {} },
        },
      ],
    },
    spec: {
      ...shape.spec,
      schedulerName: 'default-scheduler',
      tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
    },
    status: {
      phase: 'Pending',
      qosClass: 'Burstable',
      ...(shape.condition && { conditions: [{ ...shape.condition, lastProbeTime: null, lastTransitionTime: '2026-12-04T10:00:01Z' }] }),
      ...(shape.nominated && replica % 5 === 0 && { nominatedNodeName: nodeName(replica % nodeCount) }),
    },
  };
}

function stats(samples: number[]): { median: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

function time<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

console.log(
  `Generating ${thousands(nodeCount)} nodes, ${thousands(nodeCount * boundPerNode)} bound Pods and ${thousands(pendingCount)} Pending Pods in ${WORKLOADS} workloads…`,
);
const nodes = Array.from({ length: nodeCount }, (_, index) => schedulingNodeOf(rawNode(index)));
const bound = new BoundPods();
for (let node = 0; node < nodeCount; node++) for (let slot = 0; slot < boundPerNode; slot++) bound.upsert(boundPod(node, slot));
const perWorkload = Math.ceil(pendingCount / WORKLOADS);
const raw: Record<string, unknown>[] = [];
for (let workload = 0; workload < WORKLOADS && raw.length < pendingCount; workload++)
  for (let replica = 0; replica < perWorkload && raw.length < pendingCount; replica++) raw.push(rawPending(workload, replica));
// The JSON the list would carry, parsed each run as the reader parses it.
const json = JSON.stringify(raw);
console.log(`Pending Pods' JSON: ${(json.length / 2 ** 20).toFixed(1)} MiB`);
const workloads: GangWorkload[] = Array.from({ length: WORKLOADS }, (_, workload) => ({
  namespace: `team-${workload % NAMESPACES}`,
  name: `gang-${workload}`,
  podGroups: [{ name: 'workers', minCount: perWorkload + 100 }],
}));

const samples = { slim: [] as number[], group: [] as number[], answer: [] as number[], text: [] as number[], total: [] as number[] };
let summary: { groups: number; answers: number; rows: string[] } | undefined;
for (let run = -1; run < runs; run++) {
  const parsed = JSON.parse(json) as unknown[];
  const slim = time(() => parsed.map((item) => schedulingPodOf(item)));
  const grouped = time(() => groupWaitingPods(slim.value, workloads));
  const answered = time(() => answerWaitingGroups(grouped.value, { nodes, bound }));
  const text = time(() => grouped.value.map((group) => groupSummary(group, answered.value.get(group.signature))));
  if (run < 0) continue; // warm-up
  samples.slim.push(slim.ms);
  samples.group.push(grouped.ms);
  samples.answer.push(answered.ms);
  samples.text.push(text.ms);
  samples.total.push(slim.ms + grouped.ms + answered.ms + text.ms);
  summary = { groups: grouped.value.length, answers: answered.value.size, rows: text.value.slice(0, 4) };
}

console.log(`${summary!.groups} groups, ${summary!.answers} placement answers (one per signature the model judges)`);
for (const row of summary!.rows) console.log(`  e.g. ${row}`);
const line = (label: string, values: number[]) => {
  const { median, max } = stats(values);
  console.log(`${label.padEnd(52)} median ${ms(median).padStart(9)}   max ${ms(max).padStart(9)}`);
};
line(`slim ${thousands(pendingCount)} Pods (schedulingPodOf)`, samples.slim);
line('group by workload, signature and state', samples.group);
line(`one answer per signature over ${thousands(nodeCount)} nodes`, samples.answer);
line("the rows' sentences", samples.text);
line('all together', samples.total);
