// Placement benchmark: `npm run bench -- placement`, or alone:
//   npx tsx --expose-gc bench/placement.bench.ts [--nodes 5000] [--pods-per-node 30] [--runs 20] [--no-e2e]
//                                                [--e2e-only] [--e2e-pods-per-node 5]
// 1. One placement question (explainPlacement: every filter for one Pod against every node) in a generated
//    cluster of 5,000 nodes with 30 bound Pods each (150,000: DaemonSets, one with a host port; Deployments in
//    40 namespaces with requests, limits, sidecars; an ingress controller with host ports 80/443 on every tenth
//    node; a few Deployments with required anti-affinity), for several shapes of the Pod: median and max of
//    repeated runs after a warm-up.
// 2. What the all-Pods watch does per event: BoundPods.upsert and remove (and slimming the object first), and
//    building the index from 150,000 Pods (what the first list costs after the download and the parse).
// 3. The heap kept: the slim bound Pods as the watch's subscription keeps them (slimBoundPod of each Pod's
//    JSON, parsed as the watch parses it) and the BoundPods index over them, measured with gc() before/after.
// 4. End to end: PlacementWatch against the demo cluster generated with 5,000 nodes and, by default, 5 workload
//    Pods per worker (see E2E_PODS_PER_NODE), in a child process (bench/support/demoProcess.ts): start to
//    listed, the heap it keeps, one question afterwards.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveClientConfig } from '../src/core/anatomy/snapshot';
import { DEFAULT_LIMITS } from '../src/core/kube/kubeApi';
import { BoundPods, podKey } from '../src/core/placement/boundPods';
import { type SchedulingNode, type SchedulingPod, schedulingNodeOf, schedulingPodOf } from '../src/core/placement/objects';
import { explainPlacement, type PlacementReport } from '../src/core/placement/place';
import { PlacementWatch, slimBoundPod } from '../src/core/placement/placementWatch';

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string' },
    'pods-per-node': { type: 'string' },
    runs: { type: 'string' },
    'no-e2e': { type: 'boolean' },
    'e2e-only': { type: 'boolean' },
    'e2e-pods-per-node': { type: 'string' },
  },
});
const nodeCount = Number(args.nodes ?? 5000);
const podsPerNode = Number(args['pods-per-node'] ?? 30);
const runs = Number(args.runs ?? 20);
const DAEMONS = 4;
// The demo pages a filtered list by filtering the whole collection again for every page of 500, and keeps
// 50,000 changes of history, which 5,000 Lease renewals every 10 s use up in 100 s: at 30 Pods per node its list
// of the bound Pods takes longer than that and its continue token expires (410); 10 per node did too under load.
const E2E_PODS_PER_NODE = 5;
const SERVER_MINOR = 37;

type SlimBoundPod = ReturnType<typeof slimBoundPod>;

const gc = (globalThis as { gc?: () => void }).gc;
const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const perPod = (bytes: number, count: number) => `${Math.round(bytes / count)} B`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const us = (value: number) => `${(value * 1000).toFixed(2)} µs`;
const thousands = (value: number) => value.toLocaleString('en-US');

function stats(samples: number[]): { median: number; p99: number; max: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  return {
    median: pick(0.5),
    p99: pick(0.99),
    max: sorted[sorted.length - 1]!,
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
  };
}

function measure(run: () => unknown, repeat: number, warmUp = 3): { median: number; max: number } {
  for (let i = 0; i < warmUp; i++) run();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  const { median, max } = stats(times);
  return { median, max };
}

// ---------------------------------------------------------------------------------------------------------
// A generated cluster: raw Node and Pod objects shaped as kube-apiserver serves them (managedFields, token
// volumes, status), deterministic.

const zones = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'];
const NAMESPACES = 40;
const alphabet = 'bcdfghjklmnpqrstvwxz2456789';

/** A deterministic name suffix of 5 characters, as the controllers' generated names look; distinct for distinct seeds. */
function nameSuffix(seed: number): string {
  let n = (seed * 7_368_787) % 27 ** 5;
  let text = '';
  for (let i = 0; i < 5; i++, n = Math.floor(n / 27)) text += alphabet[n % 27];
  return text;
}

/** A deterministic string in the generated-name alphabet (hashes, container ids). */
function suffix(seed: number, length: number): string {
  let x = (seed * 2654435761) >>> 0;
  let text = '';
  for (let i = 0; i < length; i++) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    text += alphabet[x % alphabet.length];
  }
  return text;
}

const uid = (seed: number) => {
  const hex = ((seed * 2654435761) >>> 0).toString(16).padStart(8, '0');
  return `${hex}-${hex.slice(0, 4)}-4${hex.slice(1, 4)}-8${hex.slice(4, 7)}-${hex}${hex.slice(0, 4)}`;
};

type Pool = 'control-plane' | 'general' | 'memory' | 'gpu';

function nodeName(index: number): string {
  return index < 3 ? `control-plane-${index}` : `ip-10-${(index >> 8) & 255}-${index & 255}-${index % 7}.eu-west-1.compute.internal`;
}

function poolOf(index: number): Pool {
  if (index < 3) return 'control-plane';
  if (index % 50 === 7) return 'gpu';
  if (index % 10 === 1 || index % 10 === 2) return 'memory';
  return 'general';
}

const instanceType: Record<Pool, string> = {
  'control-plane': 'm6i.xlarge',
  general: 'm6i.2xlarge',
  memory: 'r6i.2xlarge',
  gpu: 'g5.2xlarge',
};

function rawNode(index: number): Record<string, unknown> {
  const name = nodeName(index);
  const pool = poolOf(index);
  const at = '2026-11-20T08:00:00Z';
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/instance-type': instanceType[pool],
    'beta.kubernetes.io/os': 'linux',
    'failure-domain.beta.kubernetes.io/region': 'eu-west-1',
    'failure-domain.beta.kubernetes.io/zone': zones[index % 3]!,
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
    'node.kubernetes.io/instance-type': instanceType[pool],
    'topology.kubernetes.io/region': 'eu-west-1',
    'topology.kubernetes.io/zone': zones[index % 3]!,
    'node-pool': pool,
  };
  if (pool === 'control-plane')
    Object.assign(labels, { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' });
  const taints: Record<string, string>[] = [];
  if (pool === 'control-plane') taints.push({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' });
  if (pool === 'gpu') taints.push({ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' });
  const cordoned = index % 997 === 5;
  if (cordoned) taints.push({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: at });
  const notReady = index % 1499 === 11;
  if (notReady)
    taints.push(
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: at },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at },
    );
  const memoryKi = pool === 'memory' ? 63_000_000 : pool === 'control-plane' ? 15_300_000 : 31_500_000;
  const allocatable: Record<string, string> = {
    cpu: pool === 'control-plane' ? '3920m' : '7910m',
    'ephemeral-storage': '95551679124',
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: `${memoryKi}Ki`,
    pods: '110',
    ...(pool === 'gpu' && { 'nvidia.com/gpu': '4' }),
  };
  const condition = (type: string, status: string, reason: string) => ({
    type,
    status,
    lastHeartbeatTime: at,
    lastTransitionTime: at,
    reason,
    message: reason,
  });
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      uid: uid(index + 1_000_000),
      resourceVersion: String(1000 + index),
      creationTimestamp: at,
      labels,
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: {
      providerID: `aws:///${zones[index % 3]}/i-0${suffix(index, 16)}`,
      ...(cordoned && { unschedulable: true }),
      ...(taints.length > 0 && { taints }),
    },
    status: {
      allocatable,
      capacity: { ...allocatable, cpu: pool === 'control-plane' ? '4' : '8' },
      conditions: [
        condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory'),
        condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure'),
        condition('PIDPressure', 'False', 'KubeletHasSufficientPID'),
        notReady ? condition('Ready', 'Unknown', 'NodeStatusUnknown') : condition('Ready', 'True', 'KubeletReady'),
      ],
      addresses: [
        { type: 'InternalIP', address: `10.${(index >> 8) & 255}.${index & 255}.${index % 7}` },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        architecture: 'amd64',
        containerRuntimeVersion: 'containerd://2.1.4',
        kernelVersion: '6.8.0-86-generic',
        kubeletVersion: 'v1.37.0',
        operatingSystem: 'linux',
        osImage: 'Amazon Linux 2023',
      },
    },
  };
}

/** One Deployment of the workload Pods: its namespace, app, requests and rules. */
interface Workload {
  readonly index: number;
  readonly namespace: string;
  readonly app: string;
  readonly hash: string;
  readonly cpu: string;
  readonly memory: string;
  readonly sidecar: boolean;
  readonly antiAffinityKey: string | null;
}

function workloadOf(deployment: number): Workload {
  return {
    index: deployment,
    namespace: `team-${deployment % NAMESPACES}`,
    app: `svc-${deployment}`,
    hash: suffix(deployment + 7, 10),
    cpu: ['50m', '100m', '100m', '200m', '250m', '500m'][deployment % 6]!,
    memory: ['64Mi', '128Mi', '256Mi', '256Mi', '512Mi', '1Gi'][(deployment >> 1) % 6]!,
    sidecar: deployment % 4 === 0,
    // A few Deployments keep their replicas apart: one per node, or one per zone.
    antiAffinityKey: deployment % 200 === 17 ? 'kubernetes.io/hostname' : deployment % 400 === 33 ? 'topology.kubernetes.io/zone' : null,
  };
}

const tokenVolume = (seed: number) => ({
  name: `kube-api-access-${suffix(seed, 5)}`,
  projected: {
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  },
});

const defaultTolerations = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

interface ContainerPlan {
  readonly name: string;
  readonly image: string;
  readonly requests: Record<string, string>;
  readonly limits?: Record<string, string>;
  readonly ports?: Record<string, unknown>[];
}

function container(plan: ContainerPlan, tokenName: string): Record<string, unknown> {
  return {
    name: plan.name,
    image: plan.image,
    imagePullPolicy: 'IfNotPresent',
    args: ['--config=/etc/app/config.yaml', '--log-level=info'],
    env: [
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } },
    ],
    ...(plan.ports && { ports: plan.ports }),
    resources: { requests: plan.requests, ...(plan.limits && { limits: plan.limits }) },
    readinessProbe: {
      httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
      periodSeconds: 10,
      timeoutSeconds: 1,
      successThreshold: 1,
      failureThreshold: 3,
    },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    volumeMounts: [{ name: tokenName, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
  };
}

interface PodPlan {
  readonly seed: number;
  readonly namespace: string;
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly owner: { kind: string; name: string };
  readonly containers: ContainerPlan[];
  readonly initContainers?: ContainerPlan[];
  readonly tolerations: Record<string, unknown>[];
  readonly affinity?: Record<string, unknown>;
  readonly hostNetwork?: boolean;
  readonly priorityClassName?: string;
}

/** A Pod object as the API serves it: bound to `node` and Running, or Pending when `node` is null. */
function rawPod(plan: PodPlan, node: string | null): Record<string, unknown> {
  const at = '2026-12-01T09:30:00Z';
  const token = tokenVolume(plan.seed);
  const containers = plan.containers.map((entry) => container(entry, token.name));
  const initContainers = plan.initContainers?.map((entry) => container(entry, token.name));
  const fieldsOf = (entries: ContainerPlan[]) =>
    Object.fromEntries(
      entries.map((entry) => [
        `k:{"name":"${entry.name}"}`,
        {
          '.': {},
          'f:image': {},
          'f:imagePullPolicy': {},
          'f:name': {},
          'f:resources': { '.': {}, 'f:requests': Object.fromEntries(Object.keys(entry.requests).map((key) => [`f:${key}`, {}])) },
          'f:terminationMessagePath': {},
          'f:terminationMessagePolicy': {},
        },
      ]),
    );
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: plan.name,
      generateName: plan.name.replace(/[^-]+$/, ''),
      namespace: plan.namespace,
      uid: uid(plan.seed),
      resourceVersion: String(100_000 + plan.seed),
      creationTimestamp: at,
      labels: plan.labels,
      annotations: {
        'kubectl.kubernetes.io/restartedAt': '2026-11-30T12:00:00Z',
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '8080',
      },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: plan.owner.kind,
          name: plan.owner.name,
          uid: uid(plan.seed >> 4),
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      managedFields: [
        {
          manager: 'kube-controller-manager',
          operation: 'Update',
          apiVersion: 'v1',
          time: at,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': {
              'f:generateName': {},
              'f:labels': Object.fromEntries(Object.keys(plan.labels).map((key) => [`f:${key}`, {}])),
              'f:ownerReferences': { '.': {}, [`k:{"uid":"${uid(plan.seed >> 4)}"}`]: {} },
            },
            'f:spec': {
              'f:containers': fieldsOf(plan.containers),
              'f:dnsPolicy': {},
              'f:enableServiceLinks': {},
              'f:restartPolicy': {},
              'f:schedulerName': {},
              'f:securityContext': {},
              'f:terminationGracePeriodSeconds': {},
            },
          },
        },
        ...(node
          ? [
              {
                manager: 'kubelet',
                operation: 'Update',
                apiVersion: 'v1',
                time: at,
                fieldsType: 'FieldsV1',
                subresource: 'status',
                fieldsV1: {
                  'f:status': {
                    'f:conditions': {
                      'k:{"type":"ContainersReady"}': { '.': {}, 'f:status': {}, 'f:type': {} },
                      'k:{"type":"Ready"}': { '.': {}, 'f:status': {}, 'f:type': {} },
                    },
                    'f:containerStatuses': {},
                    'f:hostIP': {},
                    'f:phase': {},
                    'f:podIP': {},
                    'f:startTime': {},
                  },
                },
              },
            ]
          : []),
      ],
    },
    spec: {
      containers,
      ...(initContainers && { initContainers }),
      dnsPolicy: plan.hostNetwork ? 'ClusterFirstWithHostNet' : 'ClusterFirst',
      enableServiceLinks: true,
      ...(plan.hostNetwork && { hostNetwork: true }),
      ...(node && { nodeName: node }),
      preemptionPolicy: 'PreemptLowerPriority',
      priority: plan.priorityClassName ? 2_000_001_000 : 0,
      ...(plan.priorityClassName && { priorityClassName: plan.priorityClassName }),
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'default',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
      tolerations: plan.tolerations,
      ...(plan.affinity && { affinity: plan.affinity }),
      volumes: [{ name: 'config', configMap: { name: `${plan.labels.app ?? 'app'}-config`, defaultMode: 420 } }, token],
    },
    status: node
      ? {
          phase: 'Running',
          conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
            type,
            status: 'True',
            lastProbeTime: null,
            lastTransitionTime: at,
          })),
          hostIP: '10.0.0.1',
          hostIPs: [{ ip: '10.0.0.1' }],
          podIP: `100.64.${(plan.seed >> 8) & 255}.${plan.seed & 255}`,
          podIPs: [{ ip: `100.64.${(plan.seed >> 8) & 255}.${plan.seed & 255}` }],
          qosClass: 'Burstable',
          startTime: at,
          containerStatuses: plan.containers.map((entry) => ({
            name: entry.name,
            image: entry.image,
            imageID: `${entry.image}@sha256:${suffix(plan.seed, 32)}`,
            containerID: `containerd://${suffix(plan.seed + 1, 40)}`,
            ready: true,
            restartCount: 0,
            started: true,
            state: { running: { startedAt: at } },
            lastState: {},
          })),
        }
      : {
          phase: 'Pending',
          qosClass: 'Burstable',
          conditions: [
            {
              type: 'PodScheduled',
              status: 'False',
              lastProbeTime: null,
              lastTransitionTime: at,
              reason: 'Unschedulable',
              message: '0/5000 nodes are available',
            },
          ],
        },
  };
}

const daemonSets: { namespace: string; name: string; container: ContainerPlan; hostNetwork: boolean }[] = [
  {
    namespace: 'kube-system',
    name: 'kube-proxy',
    hostNetwork: true,
    container: { name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.37.0', requests: { cpu: '100m' } },
  },
  {
    namespace: 'kube-system',
    name: 'aws-node',
    hostNetwork: true,
    container: { name: 'aws-node', image: 'amazon-k8s-cni:v1.20.4', requests: { cpu: '25m', memory: '64Mi' } },
  },
  {
    namespace: 'monitoring',
    name: 'node-exporter',
    hostNetwork: true,
    container: {
      name: 'node-exporter',
      image: 'quay.io/prometheus/node-exporter:v1.9.1',
      requests: { cpu: '100m', memory: '180Mi' },
      limits: { memory: '180Mi' },
      ports: [{ name: 'metrics', containerPort: 9100, hostPort: 9100, protocol: 'TCP' }],
    },
  },
  {
    namespace: 'logging',
    name: 'fluent-bit',
    hostNetwork: false,
    container: {
      name: 'fluent-bit',
      image: 'cr.fluentbit.io/fluent/fluent-bit:4.0.3',
      requests: { cpu: '50m', memory: '100Mi' },
      limits: { memory: '200Mi' },
    },
  },
];

function workloadPlan(workload: Workload, seed: number, gpuNode: boolean): PodPlan {
  const labels = {
    app: workload.app,
    'app.kubernetes.io/name': workload.app,
    'app.kubernetes.io/part-of': workload.namespace,
    'pod-template-hash': workload.hash,
    version: 'v1',
  };
  const containers: ContainerPlan[] = [
    {
      name: 'app',
      image: `registry.example.com/${workload.namespace}/${workload.app}:1.4.2`,
      requests: { cpu: workload.cpu, memory: workload.memory },
      limits: { memory: workload.memory },
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
    },
  ];
  if (workload.sidecar)
    containers.push({
      name: 'istio-proxy',
      image: 'docker.io/istio/proxyv2:1.27.1',
      requests: { cpu: '100m', memory: '128Mi' },
      limits: { cpu: '2', memory: '1Gi' },
    });
  return {
    seed,
    namespace: workload.namespace,
    name: `${workload.app}-${workload.hash}-${nameSuffix(seed)}`,
    labels,
    owner: { kind: 'ReplicaSet', name: `${workload.app}-${workload.hash}` },
    containers,
    ...(workload.sidecar && {
      initContainers: [{ name: 'istio-init', image: 'docker.io/istio/proxyv2:1.27.1', requests: { cpu: '10m', memory: '40Mi' } }],
    }),
    tolerations: gpuNode
      ? [...defaultTolerations, { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]
      : defaultTolerations,
    ...(workload.antiAffinityKey && {
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchLabels: { app: workload.app } }, topologyKey: workload.antiAffinityKey },
          ],
        },
      },
    }),
  };
}

/** The bound Pod in `slot` of node `index`: DaemonSet Pods first, then an ingress controller on every tenth node, then workloads. */
function rawBoundPod(index: number, slot: number): Record<string, unknown> {
  const node = nodeName(index);
  const seed = index * podsPerNode + slot;
  if (slot < DAEMONS) {
    const daemon = daemonSets[slot]!;
    const hash = suffix(slot + 99, 10);
    return rawPod(
      {
        seed,
        namespace: daemon.namespace,
        name: `${daemon.name}-${nameSuffix(seed)}`,
        labels: { 'app.kubernetes.io/name': daemon.name, 'controller-revision-hash': hash, 'pod-template-generation': '1' },
        owner: { kind: 'DaemonSet', name: daemon.name },
        containers: [daemon.container],
        tolerations: [{ operator: 'Exists' }],
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }],
            },
          },
        },
        hostNetwork: daemon.hostNetwork,
        priorityClassName: 'system-node-critical',
      },
      node,
    );
  }
  if (slot === DAEMONS && index % 10 === 3) {
    return rawPod(
      {
        seed,
        namespace: 'ingress-nginx',
        name: `ingress-nginx-controller-5c8d66c76d-${nameSuffix(seed)}`,
        labels: {
          'app.kubernetes.io/name': 'ingress-nginx',
          'app.kubernetes.io/component': 'controller',
          'pod-template-hash': '5c8d66c76d',
        },
        owner: { kind: 'ReplicaSet', name: 'ingress-nginx-controller-5c8d66c76d' },
        containers: [
          {
            name: 'controller',
            image: 'registry.k8s.io/ingress-nginx/controller:v1.13.1',
            requests: { cpu: '100m', memory: '90Mi' },
            ports: [
              { name: 'http', containerPort: 80, hostPort: 80, protocol: 'TCP' },
              { name: 'https', containerPort: 443, hostPort: 443, protocol: 'TCP' },
            ],
          },
        ],
        tolerations: defaultTolerations,
      },
      node,
    );
  }
  const workloads = podsPerNode - DAEMONS;
  const deployments = Math.max(1, Math.floor((nodeCount * workloads) / 10));
  const workload = workloadOf((index * workloads + slot - DAEMONS) % deployments);
  return rawPod(workloadPlan(workload, seed, poolOf(index) === 'gpu'), node);
}

// ---------------------------------------------------------------------------------------------------------
// The Pods in question.

function questionPods(): [string, Record<string, unknown>][] {
  const base = (name: string, extra: Partial<PodPlan>, requests: Record<string, string> = { cpu: '500m', memory: '1Gi' }): PodPlan => ({
    seed: 9_000_000 + name.length,
    namespace: 'team-7',
    name,
    labels: { app: name },
    owner: { kind: 'ReplicaSet', name: `${name}-6d9f7c` },
    containers: [{ name: 'app', image: `registry.example.com/${name}:2.0`, requests }],
    tolerations: defaultTolerations,
    ...extra,
  });
  const spreadApp = workloadOf(124);
  const apartApp = workloadOf(123);
  const shapes: [string, PodPlan][] = [
    ['plain, with requests (500m CPU, 1 GiB)', base('checkout-7f9c6d-x2k4p', {})],
    [
      'nodeSelector + tolerations (GPU pool, tainted)',
      base(
        'trainer-5b7d8c-q9w2z',
        { tolerations: [...defaultTolerations, { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] },
        { cpu: '1', memory: '4Gi', 'nvidia.com/gpu': '1' },
      ),
    ],
    [
      'required node affinity (2 terms: zone + instance type, or the memory pool)',
      base('reports-6c8d9f-m4n7b', {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                {
                  matchExpressions: [
                    { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a', 'eu-west-1b'] },
                    { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m6i.2xlarge', 'm6i.4xlarge'] },
                  ],
                },
                { matchExpressions: [{ key: 'node-pool', operator: 'In', values: ['memory'] }] },
              ],
            },
          },
        },
      }),
    ],
    [
      'required pod anti-affinity (one per node, 10 replicas bound)',
      base(`${apartApp.app}-${apartApp.hash}-zz9zz`, {
        namespace: apartApp.namespace,
        labels: { app: apartApp.app },
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { labelSelector: { matchLabels: { app: apartApp.app } }, topologyKey: 'kubernetes.io/hostname' },
            ],
          },
        },
      }),
    ],
    [
      'topology spread DoNotSchedule over zones (maxSkew 1, 10 replicas bound)',
      base(`${spreadApp.app}-${spreadApp.hash}-zz8zz`, {
        namespace: spreadApp.namespace,
        labels: { app: spreadApp.app },
      }),
    ],
    ['host port 9100 (taken on every node by node-exporter)', base('probe-4d7c9b-h8j3k', {}, { cpu: '10m', memory: '16Mi' })],
    [
      'all at once: selector, node affinity, anti-affinity, spread',
      base(`${spreadApp.app}-${spreadApp.hash}-zz7zz`, {
        namespace: spreadApp.namespace,
        labels: { app: spreadApp.app },
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a', 'eu-west-1b'] }] },
              ],
            },
          },
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { labelSelector: { matchLabels: { app: spreadApp.app } }, topologyKey: 'kubernetes.io/hostname' },
            ],
          },
        },
      }),
    ],
  ];
  return shapes.map(([label, plan]) => {
    const raw = rawPod(plan, null);
    const spec = raw.spec as Record<string, unknown>;
    if (label.startsWith('nodeSelector')) spec.nodeSelector = { 'node-pool': 'gpu', 'kubernetes.io/os': 'linux' };
    if (label.startsWith('all at once')) spec.nodeSelector = { 'node-pool': 'general' };
    if (label.startsWith('topology') || label.startsWith('all at once')) {
      spec.topologySpreadConstraints = [
        {
          maxSkew: 1,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: { matchLabels: { app: plan.labels.app } },
        },
      ];
    }
    if (label.startsWith('host port'))
      (spec.containers as Record<string, unknown>[])[0]!.ports = [
        { name: 'metrics', containerPort: 9100, hostPort: 9100, protocol: 'TCP' },
      ];
    return [label, raw];
  });
}

function summary(report: PlacementReport): string {
  const unknown = report.nodes.filter((verdict) => verdict.feasible === 'unknown').length;
  const top = Object.entries(report.reasonCounts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([reason, count]) => `${count} ${reason}`);
  return `${thousands(report.feasible.length)} fit${unknown ? `, ${unknown} unknown` : ''}${top.length ? `; ${top.join(', ')}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------

interface Built {
  nodes: SchedulingNode[];
  slim: Map<string, SlimBoundPod>;
  bound: BoundPods;
}

/** Builds the cluster as the watch keeps it, measuring the heap each part keeps. */
function buildMeasured(): Built {
  const total = nodeCount * podsPerNode;
  console.log(`\nHeap kept (gc() before and after${gc ? '' : ' — NOT AVAILABLE: run with --expose-gc, figures below are noise'})`);
  const start = heapUsed();
  const nodes: SchedulingNode[] = [];
  for (let index = 0; index < nodeCount; index++) nodes.push(schedulingNodeOf(JSON.parse(JSON.stringify(rawNode(index)))));
  const afterNodes = heapUsed();

  // Each Pod's JSON is parsed as the watch parses it (fresh strings, nothing shared), slimmed, and only the slim
  // object kept, keyed as a watch subscription keys it.
  const slim = new Map<string, SlimBoundPod>();
  let jsonBytes = 0;
  let slimMs = 0;
  let parseMs = 0;
  for (let index = 0; index < nodeCount; index++) {
    for (let slot = 0; slot < podsPerNode; slot++) {
      const text = JSON.stringify(rawBoundPod(index, slot));
      jsonBytes += Buffer.byteLength(text);
      const parseStarted = performance.now();
      const raw: unknown = JSON.parse(text);
      const slimStarted = performance.now();
      const pod = slimBoundPod(raw);
      slimMs += performance.now() - slimStarted;
      parseMs += slimStarted - parseStarted;
      slim.set(`${pod.metadata.namespace}/${pod.metadata.name}`, pod);
    }
  }
  const afterSlim = heapUsed();

  const bound = new BoundPods();
  for (const pod of slim.values()) bound.upsert(pod);
  const afterIndex = heapUsed();

  // For comparison: what the watch would keep without slimming (10,000 parsed Pods, scaled).
  const sample = Math.min(10_000, total);
  const beforeRaw = heapUsed();
  const rawKept: unknown[] = [];
  for (let i = 0; i < sample; i++) rawKept.push(JSON.parse(JSON.stringify(rawBoundPod(Math.floor(i / podsPerNode), i % podsPerNode))));
  const rawBytes = heapUsed() - beforeRaw;
  rawKept.length = 0;

  const nodesBytes = afterNodes - start;
  const slimBytes = afterSlim - afterNodes;
  const indexBytes = afterIndex - afterSlim;
  console.log('| kept | for | heap | per Pod |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| Nodes, slimmed (schedulingNodeOf) | ${thousands(nodeCount)} nodes | ${mib(nodesBytes)} | ${Math.round(nodesBytes / nodeCount)} B per node |`,
  );
  console.log(
    `| slim bound Pods in the watch's map (slimBoundPod) | ${thousands(total)} Pods | ${mib(slimBytes)} | ${perPod(slimBytes, total)} |`,
  );
  console.log(
    `| BoundPods index over them (shares their labels, requests, ports) | ${thousands(bound.size)} Pods | ${mib(indexBytes)} | ${perPod(indexBytes, total)} |`,
  );
  console.log(
    `| **both together** (what the all-Pods watch keeps) | ${thousands(total)} Pods | **${mib(slimBytes + indexBytes)}** | **${perPod(slimBytes + indexBytes, total)}** |`,
  );
  console.log(`| with the Nodes | | ${mib(nodesBytes + slimBytes + indexBytes)} | |`);
  console.log(
    `| for comparison: the parsed Pod objects, unslimmed (${thousands(sample)} measured, scaled) | ${thousands(total)} Pods | ${mib((rawBytes / sample) * total)} | ${perPod(rawBytes, sample)} |`,
  );
  console.log(
    `Pod JSON as served: ${(jsonBytes / total / 1024).toFixed(1)} KiB per Pod, ${mib(jsonBytes)} for all; JSON.parse ${((parseMs / total) * 1000).toFixed(1)} µs and slimBoundPod ${((slimMs / total) * 1000).toFixed(1)} µs per Pod (${(parseMs / 1000).toFixed(1)} s and ${(slimMs / 1000).toFixed(1)} s for all)`,
  );
  const cap = DEFAULT_LIMITS.maxListBytes;
  console.log(
    `The list of all bound Pods is ${mib(jsonBytes)} of JSON; KubeApi reads a list up to ${mib(cap)} (DEFAULT_LIMITS.maxListBytes): ${jsonBytes > cap ? `OVER, the watch's list would stop at about ${thousands(Math.floor((cap / jsonBytes) * total))} Pods` : 'within'}`,
  );
  return { nodes, slim, bound };
}

function indexBench({ slim, bound }: Built): void {
  console.log('\nThe index, per watch event and on a full list');
  const pods = [...slim.values()];
  const build = measure(
    () => {
      const fresh = new BoundPods();
      for (const pod of pods) fresh.upsert(pod);
    },
    5,
    1,
  );
  console.log('| operation | median | p99 | max | mean |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| build the index from ${thousands(pods.length)} slim Pods (the first list) | ${ms(build.median)} | | ${ms(build.max)} | |`);

  // Events in a scattered order, as they arrive from a busy cluster; each a fresh object, as the watch makes.
  const order = Array.from({ length: Math.min(20_000, pods.length) }, (_, i) => pods[(i * 7919) % pods.length]!);
  // The first 2,000 warm up; the others are timed one by one (each Pod once per operation).
  const timeEach = (run: (pod: SlimBoundPod) => void): number[] => {
    for (const pod of order.slice(0, 2000)) run(pod);
    const times: number[] = [];
    for (const pod of order.slice(2000)) {
      const start = performance.now();
      run(pod);
      times.push(performance.now() - start);
    }
    return times;
  };
  const row = (label: string, times: number[]) => {
    const { median, p99, max, mean } = stats(times);
    console.log(`| ${label} | ${us(median)} | ${us(p99)} | ${us(max)} | ${us(mean)} |`);
  };
  row(
    'upsert: a bound Pod modified (replaces its entry)',
    timeEach((pod) => bound.upsert({ ...pod })),
  );
  const removed = timeEach((pod) => bound.remove(podKey(pod.namespace, pod.name)));
  row('remove: a bound Pod deleted (or finished)', removed);
  row(
    'upsert: a new Pod bound (its node had lost it)',
    timeEach((pod) => bound.upsert({ ...pod })),
  );
  // What the watch handler does for one event after the JSON.parse: slim the object, then index it.
  const raws = order.slice(0, 2000).map((pod) => {
    const [index, slot] = locate(pod);
    return JSON.parse(JSON.stringify(rawBoundPod(index, slot))) as unknown;
  });
  const times: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const raw of raws) {
      const start = performance.now();
      bound.upsert(slimBoundPod(raw));
      if (round > 0) times.push(performance.now() - start);
    }
  }
  row('one Pod event in the watch: slimBoundPod + upsert (after JSON.parse)', times);
  if (bound.size !== pods.length) throw new Error(`the index holds ${bound.size} Pods, expected ${pods.length}`);
}

/** Node index and slot of a generated bound Pod, from its seed (the resourceVersion holds it). */
function locate(pod: SlimBoundPod): [number, number] {
  const seed = Number(pod.metadata.resourceVersion) - 100_000;
  return [Math.floor(seed / podsPerNode), seed % podsPerNode];
}

function questionBench({ nodes, bound }: Built): void {
  console.log(
    `\nOne question: explainPlacement of one Pod against ${thousands(nodes.length)} nodes and ${thousands(bound.size)} bound Pods (${runs} runs after 3 warm-ups; target < 50 ms)`,
  );
  console.log('| Pod | median | max | answer |');
  console.log('| --- | --- | --- | --- |');
  for (const [label, raw] of questionPods()) {
    const pod: SchedulingPod = schedulingPodOf(raw);
    const ask = () => explainPlacement({ pod, nodes, bound, serverMinor: SERVER_MINOR });
    const { median, max } = measure(ask, runs);
    console.log(`| ${label} | ${ms(median)} | ${ms(max)} | ${summary(ask())} |`);
  }
  // A bound Pod ("why on this node?"): judged against the others, which copies its node's entry once.
  const [index, slot] = [2345, podsPerNode - 1];
  const raw = rawBoundPod(index, slot);
  const pod = schedulingPodOf(raw);
  const ask = () => explainPlacement({ pod, nodes, bound, serverMinor: SERVER_MINOR });
  const { median, max } = measure(ask, runs);
  console.log(`| a bound Pod (why on its node), judged without itself | ${ms(median)} | ${ms(max)} | ${summary(ask())} |`);
}

// ---------------------------------------------------------------------------------------------------------
// End to end against the demo cluster in a child process.

async function endToEnd(): Promise<void> {
  const e2ePods = Number(args['e2e-pods-per-node'] ?? E2E_PODS_PER_NODE);
  const directory = mkdtempSync(join(tmpdir(), 'placement-bench-'));
  const setupStarted = performance.now();
  const child = fork(join(__dirname, 'support', 'demoProcess.ts'), {
    execArgv: ['--import', 'tsx', '--max-old-space-size=12288'],
    env: { ...process.env, DEMO_NODES: String(nodeCount), DEMO_PODS_PER_NODE: String(e2ePods) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<{ kubeconfig: string }>((resolve, reject) => {
      child.on(
        'message',
        (message: { ready?: boolean; kubeconfig?: string }) => message.ready && resolve({ kubeconfig: message.kubeconfig! }),
      );
      child.once('exit', (code) => reject(new Error(`the demo exited (${code})`)));
    });
    const kubeconfig = join(directory, 'kubeconfig');
    writeFileSync(kubeconfig, ready.kubeconfig);
    console.log(
      `\nEnd to end: the demo cluster with ${thousands(nodeCount)} nodes and ${e2ePods} workload Pods per worker, in a child process (set up in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s)`,
    );
    const { config } = await resolveClientConfig({ kubeconfig, env: { ...process.env, KUBECONFIG: kubeconfig, HOME: directory } });
    const before = heapUsed();
    const started = performance.now();
    const watch = new PlacementWatch(config, SERVER_MINOR);
    await watch.start();
    const listedMs = performance.now() - started;
    const kept = heapUsed() - before;
    const nodes = watch.nodes();
    console.log('| measurement | result |');
    console.log('| --- | --- |');
    console.log(
      `| PlacementWatch start → Nodes and bound Pods listed | ${(listedMs / 1000).toFixed(1)} s (${thousands(nodes.length)} nodes, ${thousands(watch.boundPodCount)} bound Pods) |`,
    );
    if (watch.boundPodsError) console.log(`| bound Pods not known | ${watch.boundPodsError} |`);
    console.log(
      `| heap kept by the watch (gc() before and after) | ${mib(kept)}${watch.boundPodCount > 0 ? ` (${perPod(kept, watch.boundPodCount)} per bound Pod, Nodes included)` : ''} |`,
    );
    for (const [label, raw] of questionPods().filter(
      ([name]) => name.startsWith('plain') || name.startsWith('required pod anti-affinity'),
    )) {
      const pod = schedulingPodOf(raw);
      const first = performance.now();
      const report = watch.explain(pod);
      const firstMs = performance.now() - first;
      const { median } = measure(() => watch.explain(pod), 10, 1);
      console.log(`| one question afterwards: ${label} | first ${ms(firstMs)}, then median ${ms(median)} (${summary(report)}) |`);
    }
    watch.dispose();
  } finally {
    child.send({ stop: true });
    await new Promise((resolve) => {
      child.once('exit', resolve);
      setTimeout(() => {
        child.kill();
        resolve(undefined);
      }, 10_000).unref();
    });
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Placement model, Node ${process.versions.node}, ${thousands(nodeCount)} nodes × ${podsPerNode} bound Pods = ${thousands(nodeCount * podsPerNode)}`,
  );
  if (args['e2e-only']) {
    await endToEnd();
    return;
  }
  const built = buildMeasured();
  questionBench(built);
  indexBench(built);
  if (!args['no-e2e']) {
    built.slim.clear();
    built.bound.clear();
    await endToEnd();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
