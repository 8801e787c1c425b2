import { createHash } from 'node:crypto';
import { connectKubeApi, mergePatch, strategicMergePatch, type Loose, type WatchEvent } from './kubeApi';
import { cidrSize, ipInCidr } from './shapes/objects';
import type { ClusterShape, ShapeNode, StaticPod } from './shapes/types';

/**
 * A "fake kubelet" for every node of one cluster shape, over a real kube-apiserver: it registers the Nodes,
 * renews their Leases, posts their status, publishes mirror Pods for static Pods and plays the containers of
 * the Pods the real scheduler binds to them. Everything else (controllers, scheduler, node lifecycle) is real.
 */

export interface NodeAgentOptions {
  kubeconfigPath: string;
  shape: Pick<ClusterShape, 'nodes'>;
  /** kubelet's nodeLeaseRenewInterval: 10 s. */
  leaseRenewSeconds?: number;
  /** kubelet's nodeLeaseDurationSeconds: 40 s. */
  leaseDurationSeconds?: number;
  /** kubelet's nodeStatusReportFrequency: 5 minutes when nothing changes. */
  nodeStatusSeconds?: number;
  /** Requests in flight at once (Leases, status, Pods), so thousands of nodes do not flood the server. */
  concurrency?: number;
  onError?: (message: string) => void;
}

export interface NodeAgent {
  nodes: string[];
  stopHeartbeat(node: string): void;
  resumeHeartbeat(node: string): void;
  /**
   * Resolves once every node is registered, every Pod bound to a live node runs (or has finished), and every
   * Deployment, DaemonSet and Job has what it wants, but for Pods on nodes whose kubelet is stopped.
   */
  whenSettled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const fieldManager = 'kubelet';

/** A MicroTime as kubelet writes it (renewTime): RFC 3339 with six fractional digits. */
export function microTime(time: number): string {
  return new Date(time).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function seconds(time: number): string {
  return `${new Date(time).toISOString().slice(0, 19)}Z`;
}

function runtimeScheme(node: ShapeNode): string {
  return node.info.containerRuntimeVersion.split('://')[0] ?? 'containerd';
}

function digest(text: string, length = 64): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** The Node kubelet registers: its own labels and annotations (others add theirs with `setBy`). */
export function nodeManifest(node: ShapeNode): Loose {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: node.name,
      labels: node.labels,
      annotations: { ...node.annotations, 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: {
      ...(node.providerID ? { providerID: node.providerID } : {}),
      ...(node.registerTaints?.length ? { taints: node.registerTaints } : {}),
    },
  };
}

export interface ConditionTimes {
  registeredAt: number;
  /** When Ready last turned True (registration, or a resumed heartbeat after Unknown). */
  readySince: number;
  now: number;
}

export function nodeConditions(node: ShapeNode, times: ConditionTimes): Loose[] {
  const heartbeat = seconds(times.now);
  const condition = (type: string, status: string, reason: string, message: string, since = times.registeredAt) => ({
    type,
    status,
    reason,
    message,
    lastHeartbeatTime: heartbeat,
    lastTransitionTime: seconds(since),
  });
  const conditions = [
    condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', times.readySince),
  ];
  // NetworkUnavailable is written once by the network plugin or the route controller, not renewed by kubelet.
  if (node.network)
    conditions.unshift({
      ...condition('NetworkUnavailable', 'False', node.network.reason, node.network.message),
      lastHeartbeatTime: seconds(times.registeredAt),
    });
  return conditions;
}

/** The whole status kubelet writes when it first reports through the status subresource. */
export function nodeStatus(node: ShapeNode, times: ConditionTimes): Loose {
  const addresses = [{ type: 'InternalIP', address: node.internalIP }];
  if (node.externalIP) addresses.push({ type: 'ExternalIP', address: node.externalIP });
  addresses.push({ type: 'Hostname', address: node.labels['kubernetes.io/hostname'] ?? node.name });
  const allocatable = { ...node.capacity, ...(node.allocatable ?? {}) };
  return {
    conditions: nodeConditions(node, times),
    addresses,
    capacity: node.capacity,
    allocatable,
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    nodeInfo: {
      machineID: digest(`${node.name}/machine`, 32),
      systemUUID: uuidOf(`${node.name}/system`),
      bootID: uuidOf(`${node.name}/boot`),
      ...node.info,
    },
    images: node.images.map((image, index) => ({
      names: [`${repositoryOf(image)}@sha256:${digest(image)}`, image],
      sizeBytes: 20_000_000 + index * 7_340_033,
    })),
  };
}

function uuidOf(text: string): string {
  const hex = digest(text, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function repositoryOf(image: string): string {
  return image.replace(/(:[^:/]+)?(@.*)?$/, '');
}

export function mirrorPodName(staticPod: StaticPod, node: string): string {
  return `${staticPod.name}-${node}`;
}

/** The mirror Pod kubelet publishes for a static Pod: `<name>-<node>`, annotated, owned by its Node. */
export function mirrorPodManifest(node: ShapeNode, nodeUid: string, staticPod: StaticPod, seenAt: number): Loose {
  const spec = {
    nodeName: node.name,
    hostNetwork: true,
    priorityClassName: 'system-node-critical',
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    terminationGracePeriodSeconds: 30,
    tolerations: [{ operator: 'Exists', effect: 'NoExecute' }],
    containers: staticPod.containers,
    ...(staticPod.volumes ? { volumes: staticPod.volumes } : {}),
  };
  // kubelet's config.hash is a hash of the manifest as read from the file; the mirror annotation repeats it.
  const hash = createHash('md5')
    .update(JSON.stringify({ name: staticPod.name, node: node.name, spec: staticPod.containers }))
    .digest('hex');
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: mirrorPodName(staticPod, node.name),
      namespace: 'kube-system',
      labels: staticPod.labels,
      annotations: {
        ...(staticPod.annotations ?? {}),
        'kubernetes.io/config.hash': hash,
        'kubernetes.io/config.mirror': hash,
        'kubernetes.io/config.seen': new Date(seenAt)
          .toISOString()
          .replace(/Z$/, '000000Z')
          .replace(/(\.\d{9})\d*Z$/, '$1Z'),
        'kubernetes.io/config.source': 'file',
      },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.name, uid: nodeUid, controller: true }],
    },
    spec,
  };
}

/** The fields of a Pod the agent needs, so thousands of Pods stay small in memory. */
export interface SlimPod {
  uid: string;
  name: string;
  namespace: string;
  nodeName?: string;
  deleting: boolean;
  mirror: boolean;
  hostNetwork: boolean;
  restartPolicy: string;
  containers: { name: string; image: string }[];
  initContainers: { name: string; image: string }[];
  podIP?: string;
  startTime?: string;
  scheduledCondition?: Loose;
  done: boolean;
}

export function slimPod(pod: Loose): SlimPod {
  const containers = (list: Loose[] | undefined) =>
    (list ?? []).map((container) => ({ name: String(container.name), image: String(container.image) }));
  return {
    uid: pod.metadata.uid,
    name: pod.metadata.name,
    namespace: pod.metadata.namespace,
    nodeName: pod.spec?.nodeName || undefined,
    deleting: Boolean(pod.metadata.deletionTimestamp),
    mirror: Boolean(pod.metadata.annotations?.['kubernetes.io/config.mirror']),
    hostNetwork: Boolean(pod.spec?.hostNetwork),
    restartPolicy: pod.spec?.restartPolicy ?? 'Always',
    containers: containers(pod.spec?.containers),
    initContainers: containers(pod.spec?.initContainers),
    podIP: pod.status?.podIP || undefined,
    startTime: pod.status?.startTime,
    scheduledCondition: (pod.status?.conditions as Loose[] | undefined)?.find((condition) => condition.type === 'PodScheduled'),
    done: podIsDone(pod),
  };
}

/** Running with every container ready, or finished: nothing left for kubelet to report. */
export function podIsDone(pod: Loose): boolean {
  const status = pod.status ?? {};
  if (status.phase === 'Succeeded' || status.phase === 'Failed') return true;
  if (status.phase !== 'Running') return false;
  const ready =
    (status.conditions as Loose[] | undefined)?.some((condition) => condition.type === 'Ready' && condition.status === 'True') ?? false;
  const containers = (pod.spec?.containers as Loose[] | undefined)?.length ?? 0;
  const readyContainers = (status.containerStatuses as Loose[] | undefined)?.filter((container) => container.ready).length ?? 0;
  return ready && readyContainers === containers;
}

/**
 * The status kubelet writes once a Pod's containers run: Running and Ready for a long-running Pod, Succeeded
 * for a Pod that runs to completion (a Job's). Finished init containers count as ready, as in kubelet.
 */
export function runningPodStatus(pod: SlimPod, node: ShapeNode, podIP: string, now: number): Loose {
  const scheme = runtimeScheme(node);
  const started = pod.startTime ?? seconds(now);
  const at = seconds(now);
  const completes = pod.restartPolicy !== 'Always';
  const imageID = (image: string) =>
    scheme === 'docker'
      ? `docker-pullable://${repositoryOf(image)}@sha256:${digest(image)}`
      : `${repositoryOf(image)}@sha256:${digest(image)}`;
  const containerID = (name: string) => `${scheme}://${digest(`${pod.uid}/${name}`)}`;
  const terminated = (name: string) => ({
    terminated: { exitCode: 0, reason: 'Completed', startedAt: started, finishedAt: at, containerID: containerID(name) },
  });
  const condition = (type: string, status: string, reason?: string) => ({
    type,
    status,
    lastProbeTime: null,
    lastTransitionTime: at,
    ...(reason ? { reason } : {}),
  });
  const readyStatus = completes ? 'False' : 'True';
  const readyReason = completes ? 'PodCompleted' : undefined;
  return {
    phase: completes ? 'Succeeded' : 'Running',
    conditions: [
      condition('Initialized', 'True', readyReason),
      condition('Ready', readyStatus, readyReason),
      condition('ContainersReady', readyStatus, readyReason),
      pod.scheduledCondition ?? condition('PodScheduled', 'True'),
    ],
    hostIP: node.internalIP,
    podIP,
    podIPs: [{ ip: podIP }],
    startTime: started,
    ...(pod.initContainers.length
      ? {
          initContainerStatuses: pod.initContainers.map((container) => ({
            name: container.name,
            image: container.image,
            imageID: imageID(container.image),
            containerID: containerID(container.name),
            state: terminated(container.name),
            lastState: {},
            ready: true,
            restartCount: 0,
          })),
        }
      : {}),
    containerStatuses: pod.containers.map((container) => ({
      name: container.name,
      image: container.image,
      imageID: imageID(container.image),
      containerID: containerID(container.name),
      state: completes ? terminated(container.name) : { running: { startedAt: started } },
      lastState: {},
      ready: !completes,
      started: !completes,
      restartCount: 0,
    })),
  };
}

/** Hands out Pod IPs from a node's podCIDR (.1 is the bridge's), like the network plugin's IPAM. */
export class PodAddresses {
  private readonly next = new Map<string, number>();
  private readonly given = new Map<string, string>();

  take(uid: string, cidr: string): string {
    const known = this.given.get(uid);
    if (known) return known;
    const offset = this.next.get(cidr) ?? 2;
    this.next.set(cidr, offset + 1 >= cidrSize(cidr) - 1 ? 2 : offset + 1);
    const ip = ipInCidr(cidr, offset);
    this.given.set(uid, ip);
    return ip;
  }

  forget(uid: string): void {
    this.given.delete(uid);
  }
}

/**
 * Runs keyed jobs with bounded concurrency; a key queued twice runs once, and a key re-added while it runs
 * runs again afterwards (its job reads the latest state when it starts).
 */
export class WorkQueue {
  private readonly waiting = new Map<string, () => Promise<void>>();
  private readonly running = new Set<string>();
  private readonly again = new Map<string, () => Promise<void>>();
  private active = 0;
  private closed = false;

  constructor(
    private readonly concurrency: number,
    private readonly onError: (key: string, error: unknown) => void,
    private readonly onSuccess: (key: string) => void = () => undefined,
  ) {}

  add(key: string, job: () => Promise<void>): void {
    if (this.closed) return;
    if (this.running.has(key)) {
      this.again.set(key, job);
      return;
    }
    if (!this.waiting.has(key)) this.waiting.set(key, job);
    this.pump();
  }

  get idle(): boolean {
    return this.active === 0 && this.waiting.size === 0;
  }

  get size(): number {
    return this.waiting.size + this.active;
  }

  close(): void {
    this.closed = true;
    this.waiting.clear();
    this.again.clear();
  }

  private pump(): void {
    while (this.active < this.concurrency && this.waiting.size > 0) {
      const [key, job] = this.waiting.entries().next().value as [string, () => Promise<void>];
      this.waiting.delete(key);
      this.running.add(key);
      this.active++;
      job()
        .then(
          () => this.onSuccess(key),
          (error: unknown) => this.onError(key, error),
        )
        .finally(() => {
          this.active--;
          this.running.delete(key);
          const next = this.again.get(key);
          if (next) {
            this.again.delete(key);
            this.add(key, next);
          }
          this.pump();
        });
    }
  }
}

/**
 * One clock for every node's periodic work: each node gets a fixed phase in the period, so N nodes make
 * N/period calls a second, evenly, instead of N at once.
 */
export class SpreadSchedule {
  private readonly due = new Map<string, number>();

  constructor(private readonly periodMs: number) {}

  /** Starts (or restarts) a node's cycle: its first call is `firstDelayMs` from now, then every period. */
  start(node: string, now: number, firstDelayMs: number): void {
    this.due.set(node, now + firstDelayMs);
  }

  stop(node: string): void {
    this.due.delete(node);
  }

  has(node: string): boolean {
    return this.due.has(node);
  }

  /** The nodes whose turn has come, each moved on by whole periods so a late tick does not cause a burst. */
  take(now: number): string[] {
    const ready: string[] = [];
    for (const [node, at] of this.due) {
      if (at > now) continue;
      ready.push(node);
      const behind = Math.floor((now - at) / this.periodMs) + 1;
      this.due.set(node, at + behind * this.periodMs);
    }
    return ready;
  }
}

interface NodeState {
  spec: ShapeNode;
  uid?: string;
  podCidr?: string;
  registeredAt: number;
  readySince: number;
  live: boolean;
}

/** A failure to reach kube-apiserver at all, as opposed to an answer it gave. */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ERR_STREAM_PREMATURE_CLOSE'].includes(code)) ||
    /socket hang up/.test((error as Error | undefined)?.message ?? '')
  );
}

export async function startNodeAgent(options: NodeAgentOptions): Promise<NodeAgent> {
  const renewMs = (options.leaseRenewSeconds ?? 10) * 1000;
  const leaseDuration = options.leaseDurationSeconds ?? 40;
  const statusMs = (options.nodeStatusSeconds ?? 300) * 1000;
  const log = options.onError ?? ((message: string) => process.stderr.write(`node agent: ${message}\n`));
  const api = await connectKubeApi(options.kubeconfigPath, (options.concurrency ?? 32) + 4);
  const nodes = new Map<string, NodeState>(
    options.shape.nodes.map((spec) => [spec.name, { spec, registeredAt: 0, readySince: 0, live: !spec.kubeletDead }]),
  );
  const pods = new Map<string, SlimPod>();
  const addresses = new PodAddresses();
  const leases = new SpreadSchedule(renewMs);
  const statuses = new SpreadSchedule(statusMs);
  // kubelet retries a call that fails because kube-apiserver is away (restarting, say) on its next round; only
  // an outage longer than serverOutageMs is reported. Any call that succeeds ends the outage.
  const serverOutageMs = 60_000;
  let serverAwaySince: number | undefined;
  const queue = new WorkQueue(
    options.concurrency ?? 32,
    (key, error) => {
      if (isConnectionFailure(error)) {
        serverAwaySince ??= Date.now();
        if (Date.now() - serverAwaySince <= serverOutageMs) return;
      }
      log(`${key}: ${(error as Error).message ?? String(error)}`);
    },
    () => {
      serverAwaySince = undefined;
    },
  );
  let stopped = false;
  let listed = false;
  let watch: { stop(): void } | undefined;
  let resourceVersion = '';
  let lastPodEvent = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const leasePath = (name: string) =>
    `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${encodeURIComponent(name)}?fieldManager=${fieldManager}`;
  const withManager = (path: string) => `${path}${path.includes('?') ? '&' : '?'}fieldManager=${fieldManager}`;

  async function register(state: NodeState): Promise<void> {
    const node = state.spec;
    const created = await api.call('POST', withManager('/api/v1/nodes'), nodeManifest(node), { accept: [409] });
    const current = created.status === 409 ? (await api.call('GET', `/api/v1/nodes/${encodeURIComponent(node.name)}`)).body : created.body;
    state.uid = current.metadata.uid;
    state.podCidr = current.spec?.podCIDR;
    state.registeredAt = Date.parse(current.metadata.creationTimestamp) || Date.now();
    state.readySince = Date.now();
    // What others write on the Node after kubelet registers it: kubeadm's role label and taint, a cloud's labels.
    for (const writer of node.setBy ?? []) {
      await api.call(
        'PATCH',
        `/api/v1/nodes/${encodeURIComponent(node.name)}?fieldManager=${encodeURIComponent(writer.manager)}`,
        {
          metadata: { labels: writer.labels ?? {}, annotations: writer.annotations ?? {} },
        },
        { contentType: strategicMergePatch },
      );
    }
    await postStatus(state, true);
    await renewLease(state);
    for (const staticPod of node.staticPods) await publishMirrorPod(state, staticPod);
  }

  async function postStatus(state: NodeState, full: boolean): Promise<void> {
    const times = { registeredAt: state.registeredAt, readySince: state.readySince, now: Date.now() };
    const status = full ? nodeStatus(state.spec, times) : { conditions: nodeConditions(state.spec, times) };
    const answer = await api.call(
      'PATCH',
      withManager(`/api/v1/nodes/${encodeURIComponent(state.spec.name)}/status`),
      { status },
      { contentType: full ? mergePatch : strategicMergePatch, accept: [404] },
    );
    if (answer.status === 404) {
      // The Node was deleted: kubelet registers it again.
      if (state.live) queue.add(`register:${state.spec.name}`, () => register(state));
      return;
    }
    state.podCidr = answer.body.spec?.podCIDR ?? state.podCidr;
  }

  async function renewLease(state: NodeState): Promise<void> {
    const name = state.spec.name;
    const now = microTime(Date.now());
    const renewed = await api.call(
      'PATCH',
      leasePath(name),
      { spec: { renewTime: now, holderIdentity: name, leaseDurationSeconds: leaseDuration } },
      { contentType: mergePatch, accept: [404] },
    );
    if (renewed.status !== 404) return;
    await api.call(
      'POST',
      `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?fieldManager=${fieldManager}`,
      {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name, namespace: 'kube-node-lease', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: state.uid }] },
        spec: { holderIdentity: name, leaseDurationSeconds: leaseDuration, renewTime: now },
      },
      { accept: [409] },
    );
  }

  async function publishMirrorPod(state: NodeState, staticPod: StaticPod): Promise<void> {
    if (!state.live || stopped || !state.uid) return;
    await api.call(
      'POST',
      withManager('/api/v1/namespaces/kube-system/pods'),
      mirrorPodManifest(state.spec, state.uid, staticPod, Date.now()),
      { accept: [409] },
    );
  }

  async function podCidrOf(state: NodeState): Promise<string | undefined> {
    if (state.podCidr) return state.podCidr;
    const node = await api.call('GET', `/api/v1/nodes/${encodeURIComponent(state.spec.name)}`);
    state.podCidr = node.body.spec?.podCIDR;
    return state.podCidr;
  }

  async function playPod(uid: string): Promise<void> {
    const pod = pods.get(uid);
    const state = pod?.nodeName ? nodes.get(pod.nodeName) : undefined;
    if (!pod || !state?.live || stopped) return;
    const path = `/api/v1/namespaces/${encodeURIComponent(pod.namespace)}/pods/${encodeURIComponent(pod.name)}`;
    if (pod.deleting) {
      // The containers are gone: kubelet finishes the deletion at once, for this very Pod. The first call
      // only shortens the grace period to 0 (the API answers with the Pod); the next one removes it.
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await api.call(
          'DELETE',
          path,
          { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0, preconditions: { uid } },
          { accept: [404, 409] },
        );
        if (answer.status !== 200 || answer.body.kind !== 'Pod') break;
      }
      addresses.forget(uid);
      return;
    }
    if (pod.done) return;
    let ip = pod.podIP;
    if (!ip) {
      const cidr = pod.hostNetwork ? undefined : await podCidrOf(state);
      ip = cidr ? addresses.take(uid, cidr) : state.spec.internalIP;
    }
    await api.call(
      'PATCH',
      withManager(`${path}/status`),
      { status: runningPodStatus(pod, state.spec, ip, Date.now()) },
      { contentType: mergePatch, accept: [404, 409] },
    );
  }

  function onPodEvent(event: WatchEvent): void {
    const object = event.object;
    if (event.type === 'BOOKMARK') {
      resourceVersion = object.metadata?.resourceVersion ?? resourceVersion;
      return;
    }
    if (event.type === 'ERROR') throw Object.assign(new Error(`watch error ${object.code}: ${object.message}`), { code: object.code });
    resourceVersion = object.metadata?.resourceVersion ?? resourceVersion;
    const nodeName = object.spec?.nodeName as string | undefined;
    if (!nodeName || !nodes.has(nodeName)) return;
    const uid = object.metadata.uid as string;
    if (event.type === 'DELETED') {
      pods.delete(uid);
      addresses.forget(uid);
      const state = nodes.get(nodeName)!;
      const staticPod = object.metadata.annotations?.['kubernetes.io/config.mirror']
        ? state.spec.staticPods.find((candidate) => mirrorPodName(candidate, nodeName) === object.metadata.name)
        : undefined;
      // A deleted mirror Pod comes back: the manifest is still in the node's static Pod folder.
      if (staticPod && state.live) queue.add(`mirror:${object.metadata.name}`, () => publishMirrorPod(state, staticPod));
      return;
    }
    const pod = slimPod(object);
    pods.set(uid, pod);
    lastPodEvent = Date.now();
    if (!pod.done || pod.deleting) queue.add(`pod:${uid}`, () => playPod(uid));
  }

  /** Since when the Pods have been neither listed nor watched, after a failure. */
  let podsDownSince: number | undefined;
  const podOutageMs = 60_000;
  async function listPods(): Promise<void> {
    let continueToken = '';
    const seen = new Set<string>();
    do {
      const page = await api.call(`GET`, `/api/v1/pods?limit=500${continueToken ? `&continue=${encodeURIComponent(continueToken)}` : ''}`);
      for (const item of page.body.items as Loose[]) {
        seen.add(item.metadata.uid);
        onPodEvent({ type: 'ADDED', object: item });
      }
      continueToken = page.body.metadata?.continue ?? '';
      resourceVersion = page.body.metadata?.resourceVersion ?? resourceVersion;
    } while (continueToken);
    for (const uid of [...pods.keys()]) if (!seen.has(uid)) pods.delete(uid);
  }

  function watchPods(): void {
    if (stopped) return;
    watch = api.watch(
      `/api/v1/pods?watch=1&allowWatchBookmarks=true&timeoutSeconds=300&resourceVersion=${encodeURIComponent(resourceVersion)}`,
      (event) => {
        try {
          onPodEvent(event);
        } catch (error) {
          watch?.stop();
          if ((error as { code?: number }).code === 410) relist(0);
          else {
            log((error as Error).message);
            relist(1000);
          }
        }
      },
      (error) => {
        if (stopped) return;
        // A dropped watch is routine (kube-apiserver restarts, connections reset): kubelet lists again too.
        // Only an outage that outlasts podOutageMs is reported, by relist().
        if (error) {
          podsDownSince ??= Date.now();
          relist(1000);
        } else watchPods();
      },
    );
  }

  /** After 410 Gone or a failure: list again, then watch from the list's resourceVersion. */
  function relist(delayMs: number): void {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      listPods().then(
        () => {
          podsDownSince = undefined;
          watchPods();
        },
        (error: Error) => {
          podsDownSince ??= Date.now();
          if (Date.now() - podsDownSince > podOutageMs)
            log(`pod list failed for ${Math.round((Date.now() - podsDownSince) / 1000)} s: ${error.message}`);
          relist(Math.min(10_000, Math.max(1000, delayMs * 2)));
        },
      );
    }, delayMs);
  }

  // One timer for every node: Leases every renewal period, status every report period, spread evenly.
  const tickMs = Math.max(50, Math.min(1000, renewMs / 20));
  const timer = setInterval(() => {
    try {
      const now = Date.now();
      for (const name of leases.take(now)) {
        const state = nodes.get(name)!;
        if (state.live && state.uid) queue.add(`lease:${name}`, () => renewLease(state));
      }
      for (const name of statuses.take(now)) {
        const state = nodes.get(name)!;
        if (state.live && state.uid) queue.add(`status:${name}`, () => postStatus(state, false));
      }
    } catch (error) {
      log(`tick: ${(error as Error).message}`);
    }
  }, tickMs);

  const names = [...nodes.keys()];
  const registered = (async () => {
    await Promise.all(
      names.map(
        (name, index) =>
          new Promise<void>((resolve) => {
            const state = nodes.get(name)!;
            queue.add(`register:${name}`, async () => {
              try {
                await register(state);
                const now = Date.now();
                if (state.live) {
                  leases.start(name, now, ((index + 1) * renewMs) / names.length);
                  statuses.start(name, now, statusMs * ((index + 1) / names.length));
                }
              } finally {
                resolve();
              }
            });
          }),
      ),
    );
    await listPods();
    listed = true;
    watchPods();
  })();
  registered.catch((error: Error) => log(`start: ${error.message}`));

  /**
   * The controllers have caught up: every Deployment, DaemonSet and Job has the Pods it wants ready (or done),
   * allowing for Pods stuck on nodes whose kubelet is stopped.
   */
  async function workloadsSettled(): Promise<boolean> {
    let stuck = 0;
    for (const pod of pods.values()) if (pod.nodeName && !nodes.get(pod.nodeName)?.live) stuck++;
    const deadNodes = [...nodes.values()].filter((state) => !state.live).length;
    const [deployments, daemonSets, jobs] = await Promise.all(
      ['/apis/apps/v1/deployments', '/apis/apps/v1/daemonsets', '/apis/batch/v1/jobs'].map((path) => api.call(`GET`, path)),
    );
    const current = (item: Loose) => (item.status?.observedGeneration ?? 0) >= (item.metadata.generation ?? 0);
    for (const item of deployments!.body.items as Loose[]) {
      const wanted = item.spec.replicas ?? 1;
      if (!current(item) || (item.status?.updatedReplicas ?? 0) < wanted - stuck || (item.status?.readyReplicas ?? 0) < wanted - stuck)
        return false;
    }
    for (const item of daemonSets!.body.items as Loose[]) {
      const status = item.status ?? {};
      if (
        !current(item) ||
        (status.desiredNumberScheduled ?? 0) === 0 ||
        (status.currentNumberScheduled ?? 0) < status.desiredNumberScheduled ||
        (status.numberReady ?? 0) < status.desiredNumberScheduled - deadNodes
      )
        return false;
    }
    for (const item of jobs!.body.items as Loose[]) if ((item.status?.succeeded ?? 0) < (item.spec.completions ?? 1)) return false;
    return true;
  }

  function pendingPods(): number {
    let pending = 0;
    for (const pod of pods.values()) {
      const state = pod.nodeName ? nodes.get(pod.nodeName) : undefined;
      if (state?.live && (!pod.done || pod.deleting)) pending++;
    }
    return pending;
  }

  return {
    nodes: names,
    stopHeartbeat(name) {
      const state = nodes.get(name);
      if (!state) throw new Error(`no node ${name} in this agent`);
      state.live = false;
      leases.stop(name);
      statuses.stop(name);
    },
    resumeHeartbeat(name) {
      const state = nodes.get(name);
      if (!state) throw new Error(`no node ${name} in this agent`);
      if (state.live) return;
      state.live = true;
      state.readySince = Date.now();
      const now = Date.now();
      leases.start(name, now, 0);
      statuses.start(name, now, statusMs);
      // kubelet is back: it reports Ready at once, and catches up with the Pods bound to it meanwhile.
      queue.add(`status:${name}`, async () => {
        if (!state.uid) await register(state);
        else await postStatus(state, false);
        for (const staticPod of state.spec.staticPods) await publishMirrorPod(state, staticPod);
      });
      for (const pod of pods.values())
        if (pod.nodeName === name && (!pod.done || pod.deleting)) queue.add(`pod:${pod.uid}`, () => playPod(pod.uid));
    },
    async whenSettled(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      await registered;
      for (;;) {
        if (stopped) throw new Error('the node agent was stopped');
        if (Date.now() > deadline)
          throw new Error(`node agent not settled after ${timeoutMs} ms: ${pendingPods()} Pods pending, ${queue.size} jobs queued`);
        // Quiet first (cheap, local), then ask the API whether the controllers have caught up.
        if (listed && queue.idle && pendingPods() === 0 && Date.now() - lastPodEvent > 1000 && (await workloadsSettled())) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retryTimer);
      watch?.stop();
      queue.close();
      await registered.catch(() => undefined);
      api.close();
    },
  };
}
