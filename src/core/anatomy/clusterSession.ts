import type { KubeConfig } from '@kubernetes/client-node';
import {
  anatomyReads,
  ContextAccess,
  listWatchChecks,
  readAccessFromRules,
  type AccessSnapshot,
  type NamespaceRules,
} from '../kube/access';
import type { ResponseLimits } from '../kube/kubeApi';
import type { WatchSubscription } from '../kube/resourceWatch';
import { WatchHub } from '../kube/watchHub';
import {
  slimEndpoints,
  slimEvent,
  slimLease,
  slimNode,
  slimPod,
  slimService,
  slimUserPod,
  slimWorkload,
  type SlimEndpoints,
  type SlimEvent,
  type SlimLease,
  type SlimMeta,
  type SlimNode,
  type SlimOwner,
  type SlimPod,
  type SlimService,
  type SlimUserPod,
  type SlimWorkload,
} from '../kube/slim';
import { Emitter } from '../util/event';
import type { Disposable } from '../util/disposable';
import { buildAnatomy, leaseInfo, type OwnerLookup } from './classify';
import { classifyPod } from './classification/pods';
import type { AnatomySource } from './source';
import type { ClusterAnatomy, HiddenRead, LeaseInfo, ServedGroup } from './types';
import { buildStandpoint, clusterInfoServer, hiddenRead, servedGroups } from './standpoint';
import type { ConnectionStatus } from './connection';
import { ClusterReader } from './session/clusterReader';
import { PodClassifications } from './session/podClassifications';
import {
  type CollectionName,
  KUBE_SYSTEM,
  NODE_LEASE_NAMESPACE,
  type ObjectRef,
  collections,
  isNetworkError,
  optionalCollections,
  revokedKinds,
} from './session/collections';

export * from './session/collections';
export type { ConnectionState, ConnectionStatus } from './connection';

export interface ClusterSessionOptions {
  readonly context: string;
  readonly config: KubeConfig;
  /** Shortest pause between two anatomy rebuilds; grows with the cost of a rebuild. */
  readonly coalesceMs?: number;
  readonly now?: () => number;
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** Caps on list pages and response bytes (tests lower them). */
  readonly limits?: Partial<ResponseLimits>;
  /** How long a resumed watch must stay open before its collection counts as synced again. */
  readonly healthyAfterMs?: number;
  /**
   * The namespaces the user works in, shown from where they stand when RBAC hides the cluster's anatomy (the
   * context's namespace, or `default`, unless given).
   */
  readonly namespaces?: readonly string[];
}

/** The watches of one of the user's namespaces, opened once the context turns out to be limited. */
interface NamespaceWatches {
  readonly pods: WatchSubscription<SlimUserPod>;
  readonly events: WatchSubscription<SlimEvent>;
}
type AnyWatch = WatchSubscription<{ metadata: SlimMeta }>;

/**
 * The live anatomy of one kubeconfig context: its subscriptions to the collections above (through the
 * context's watch layer, which every feature of the context shares), the connection status derived from them,
 * and a coalesced rebuild of the anatomy over the Pod classification cache. On-demand reads are the reader's.
 * Disposing it closes every watch of the context.
 */
export class ClusterSession implements AnatomySource, Disposable {
  private readonly changeEmitter = new Emitter<ClusterAnatomy>();
  private readonly leaseEmitter = new Emitter<string>();
  private readonly statusEmitter = new Emitter<ConnectionStatus>();
  private readonly eventEmitter = new Emitter<SlimEvent>();
  readonly onDidChange = this.changeEmitter.event;
  readonly onLeaseRenewed = this.leaseEmitter.event;
  readonly onDidChangeStatus = this.statusEmitter.event;
  readonly onEvent = this.eventEmitter.event;
  private readonly objectEmitter = new Emitter<ObjectRef>();
  /** Fires for every watched change of a Node, kube-system Pod, workload or Service (live YAML views). */
  readonly onDidChangeObject = this.objectEmitter.event;

  private readonly watches: {
    nodes: WatchSubscription<SlimNode>;
    pods: WatchSubscription<SlimPod>;
    daemonSets: WatchSubscription<SlimWorkload>;
    deployments: WatchSubscription<SlimWorkload>;
    replicaSets: WatchSubscription<SlimWorkload>;
    services: WatchSubscription<SlimService>;
    leases: WatchSubscription<SlimLease>;
    controlPlaneLeases: WatchSubscription<SlimLease>;
    events: WatchSubscription<SlimEvent>;
    apiServers: WatchSubscription<SlimEndpoints>;
  };
  private readonly classifications = new PodClassifications();
  private anatomy: ClusterAnatomy | undefined;
  private dirty = true;
  private rebuildTimer: NodeJS.Timeout | undefined;
  private lastBuildMs = 0;
  private serverVersion: string | null = null;
  /** The status last announced; `status` itself is derived from the collections on every read. */
  private announced: ConnectionStatus;
  /** What the anatomy reads of the collections' states (unreadable resources, API server addresses). */
  private readableSignature = '';
  private starting: Promise<void> | undefined;
  private disposed = false;
  private readonly now: () => number;

  /** What the context answers on demand: objects, OpenAPI, the client certificate. */
  readonly reader: ClusterReader;
  /** Every collection of this context is watched through it: the anatomy's, and each feature's. */
  readonly hub: WatchHub;
  /** What this context's user may read, asked of the server once a read is refused (and again after each refusal). */
  readonly access: ContextAccess;
  private accessAnswers: AccessSnapshot | undefined;
  /** The forbidden collections the access was last asked about: a new refusal asks again. */
  private accessAskedFor = '';
  /** Discovery's groups (null: not readable) and kube-public/cluster-info's server (undefined: not readable). */
  private groups: readonly ServedGroup[] | null = null;
  private clusterInfo: string | null | undefined;
  private namespaceWatches: Map<string, NamespaceWatches> | undefined;
  /** What the user may do in each namespace in view (SelfSubjectRulesReview), asked with the access. */
  private readonly namespaceRules = new Map<string, NamespaceRules>();
  /** Every collection has listed or failed once: from then on a new refusal is followed as it comes. */
  private listedOnce = false;

  constructor(private readonly options: ClusterSessionOptions) {
    this.now = options.now ?? Date.now;
    this.announced = { state: 'connecting', context: options.context };
    this.reader = new ClusterReader(options.config);
    this.access = new ContextAccess(this.reader.api);
    this.hub = new WatchHub(options.config, {
      ...(options.backoff && { backoff: options.backoff }),
      ...(options.limits && { limits: options.limits }),
      ...(options.healthyAfterMs !== undefined && { healthyAfterMs: options.healthyAfterMs }),
    });
    const make = <T extends { metadata: SlimMeta }>(name: CollectionName, slim: (raw: unknown) => T) =>
      this.hub.subscribe<T>({ ...collections[name], slim });
    this.watches = {
      nodes: make('nodes', slimNode),
      pods: make('pods', slimPod),
      daemonSets: make('daemonSets', slimWorkload),
      deployments: make('deployments', slimWorkload),
      replicaSets: make('replicaSets', slimWorkload),
      services: make('services', slimService),
      leases: make('leases', slimLease),
      controlPlaneLeases: make('controlPlaneLeases', slimLease),
      events: make('events', slimEvent),
      apiServers: make('apiServers', slimEndpoints),
    };
    for (const name of Object.keys(this.watches) as CollectionName[]) {
      const watch = this.watches[name] as unknown as AnyWatch;
      watch.onDidChangeState(() => this.updateConnection());
      if (name === 'leases') {
        const onLease = (lease: { metadata: SlimMeta }) => this.leaseEmitter.fire(lease.metadata.name);
        watch.onAdd(onLease);
        watch.onUpdate(onLease);
        watch.onDelete(() => this.markDirty());
      } else if (name === 'controlPlaneLeases') {
        // A leader renews its lock every few seconds: only a new holder, or a lock that comes or goes, changes
        // the anatomy (who leads); how fresh the lock is, the views work out when they show it.
        const holders = new Map<string, string | null>();
        const onLock = (lease: { metadata: SlimMeta }) => {
          const { name: key } = lease.metadata;
          const holder = (lease as SlimLease).holderIdentity;
          if (holders.has(key) && holders.get(key) === holder) return;
          holders.set(key, holder);
          this.markDirty();
        };
        watch.onAdd(onLock);
        watch.onUpdate(onLock);
        watch.onDelete((lease) => {
          holders.delete(lease.metadata.name);
          this.markDirty();
        });
      } else if (name === 'events') {
        const onEvent = (event: { metadata: SlimMeta }) => this.eventEmitter.fire(event as SlimEvent);
        watch.onAdd(onEvent);
        watch.onUpdate(onEvent);
      } else {
        // Only a change in what the slim objects keep rebuilds the anatomy: kubelet's periodic Node status
        // post changes heartbeat times, which are not kept, and rebuilds nothing.
        const changed = name === 'replicaSets' || name === 'deployments' ? () => this.ownersChanged() : () => this.markDirty();
        watch.onAdd(changed);
        watch.onUpdate(changed);
        watch.onDelete(changed);
        // Live YAML views show the whole object, heartbeat times included: they hear of every version.
        const resource = collections[name].resource;
        const onObject = (object: { metadata: SlimMeta }) => {
          if (this.objectEmitter.hasListeners)
            this.objectEmitter.fire({ resource, namespace: object.metadata.namespace, name: object.metadata.name });
        };
        watch.onReceive(onObject);
        watch.onDelete(onObject);
      }
    }
    this.watches.pods.onDelete((pod) => this.classifications.forget(pod));
  }

  get context(): string {
    return this.options.context;
  }

  get server(): string {
    return this.options.config.getCurrentCluster()?.server ?? '';
  }

  /** Derived from the collections' current states each time it is read. */
  get status(): ConnectionStatus {
    return this.disposed ? { state: 'stopped', context: this.options.context } : this.deriveStatus();
  }

  /**
   * The addresses of the API servers behind the `kubernetes` Service (one per kube-apiserver), or undefined
   * while they are not listed or cannot be read.
   */
  get apiServerAddresses(): readonly string[] | undefined {
    if (!this.isReadable('apiServers')) return undefined;
    return this.watches.apiServers.get('kubernetes', 'default')?.addresses ?? [];
  }

  /** Starts every watch; resolves once each has listed or failed. */
  start(): Promise<void> {
    this.starting ??= this.connect();
    return this.starting;
  }

  private async connect(): Promise<void> {
    const version = this.reader.api.getJson('/version', 'the server version').then(
      (body) => {
        const gitVersion = (body as { gitVersion?: unknown }).gitVersion;
        this.serverVersion = typeof gitVersion === 'string' ? gitVersion : null;
      },
      () => undefined,
    );
    const first = this.firstPaintWatches();
    await Promise.all(first.map((watch) => watch.start()));
    const listed = Promise.all([version, ...first.map((watch) => watch.whenSettled())]);
    void this.paintFirst(listed);
    await listed;
    if (this.disposed) return;
    // kube-system's Events (tens of thousands in a large cluster) explain objects when asked: they are listed
    // once the anatomy stands, so they never delay it.
    void this.watches.events.start();
    this.listedOnce = true;
    // A limited user's first picture includes what they may read instead, and why the rest is hidden.
    if (this.forbiddenNames().length > 0) await this.followLimits();
    if (this.disposed) return;
    this.updateConnection();
    this.rebuild();
  }

  /**
   * The first paint, while a large cluster's lists are on their way: the control plane (its nodes and static
   * Pods, found by their labels) and how many nodes there are, from three small reads. Shown only if it comes
   * first; `loading` tells the views that the rest follows, and nothing is judged absent meanwhile.
   */
  private async paintFirst(listed: Promise<unknown>): Promise<void> {
    const api = this.reader.api;
    const items = (body: unknown) => {
      const list = body as { items?: unknown } | undefined;
      return Array.isArray(list?.items) ? list.items : [];
    };
    const nodesLabelled = (label: string) =>
      api.getJson(`/api/v1/nodes?labelSelector=${encodeURIComponent(label)}&resourceVersion=0`, 'the control-plane Nodes');
    const reads = Promise.all([
      // One Node from etcd: the list's remainingItemCount says how many there are.
      api.getJson('/api/v1/nodes?limit=1', 'the number of Nodes'),
      nodesLabelled('node-role.kubernetes.io/control-plane'),
      nodesLabelled('node-role.kubernetes.io/master'),
      api.getJson(`${collections.pods.path}?labelSelector=tier%3Dcontrol-plane&resourceVersion=0`, 'the control-plane Pods'),
    ]);
    const first = await Promise.race([reads, listed.then(() => undefined)]).catch(() => undefined);
    if (!first || this.disposed || this.anatomy) return;
    const [count, labelled, legacy, staticPods] = first;
    const remaining = (count as { metadata?: { remainingItemCount?: unknown } }).metadata?.remainingItemCount;
    const total = typeof remaining === 'number' ? items(count).length + remaining : null;
    const nodes = new Map<string, SlimNode>();
    for (const raw of [...items(labelled), ...items(legacy)]) {
      const node = slimNode(raw);
      nodes.set(node.metadata.name, node);
    }
    if (nodes.size === 0) return;
    const lookup = this.ownerLookup();
    const anatomy = buildAnatomy({
      context: this.options.context,
      server: this.server,
      serverVersion: this.serverVersion,
      nodes: [...nodes.values()],
      pods: items(staticPods).map((raw) => {
        const pod = slimPod(raw);
        return { pod, classification: classifyPod(pod, lookup) };
      }),
      daemonSets: [],
      deployments: [],
      services: [],
      leases: new Map(),
      unreadable: [],
      apiServerAddresses: undefined,
      now: this.now(),
    });
    this.anatomy = { ...anatomy, absent: [], loading: { nodes: total } };
    this.changeEmitter.fire(this.anatomy);
  }

  /** The collections the server refused (403) and that stay refused. */
  private forbiddenNames(): CollectionName[] {
    return (Object.keys(this.watches) as CollectionName[]).filter((name) => this.watches[name].lastError?.kind === 'forbidden');
  }

  /**
   * Once a read is refused: asks the server what the user may read, reads what every user may (discovery,
   * cluster-info) and watches the user's own namespaces. Again after each new refusal (only the access then).
   */
  private async followLimits(): Promise<void> {
    const forbidden = this.forbiddenNames().join(',');
    const work: Promise<unknown>[] = [];
    if (forbidden !== this.accessAskedFor) {
      this.accessAskedFor = forbidden;
      work.push(
        this.access.refresh().then((answers) => {
          this.accessAnswers = answers;
        }),
        ...this.viewNamespaces().map((namespace) =>
          this.access.rules(namespace).then((rules) => {
            this.namespaceRules.set(namespace, rules);
          }),
        ),
      );
    }
    if (!this.namespaceWatches) {
      this.namespaceWatches = new Map();
      work.push(this.readPublicInfo());
      for (const namespace of this.viewNamespaces()) {
        const base = (resource: string) => `/api/v1/namespaces/${encodeURIComponent(namespace)}/${resource}`;
        const watches: NamespaceWatches = {
          pods: this.hub.subscribe<SlimUserPod>({ path: base('pods'), what: `Pods in ${namespace}`, slim: slimUserPod }),
          events: this.hub.subscribe<SlimEvent>({ path: base('events'), what: `Events in ${namespace}`, slim: slimEvent }),
        };
        this.namespaceWatches.set(namespace, watches);
        for (const watch of [watches.pods, watches.events] as unknown as AnyWatch[]) {
          watch.onDidChangeState(() => this.markDirty());
          watch.onAdd(() => this.markDirty());
          watch.onUpdate(() => this.markDirty());
          watch.onDelete(() => this.markDirty());
        }
        work.push(
          ...[watches.pods, watches.events].map(async (watch) => {
            await watch.start();
            await watch.whenSettled();
          }),
        );
      }
    }
    await Promise.all(work);
    if (this.disposed) return;
    this.updateConnection();
    this.markDirty();
  }

  /** What every authenticated user may read: discovery's API groups and kube-public/cluster-info. */
  private async readPublicInfo(): Promise<void> {
    await Promise.all([
      this.reader.api.getJson('/apis', 'the API groups').then(
        (body) => (this.groups = servedGroups(body)),
        () => undefined,
      ),
      this.reader.api.getJson('/api/v1/namespaces/kube-public/configmaps/cluster-info', 'kube-public/cluster-info').then(
        (body) => (this.clusterInfo = clusterInfoServer(body)),
        () => undefined,
      ),
    ]);
  }

  /** The namespaces shown from where the user stands: as given, else the context's own, else default. */
  private viewNamespaces(): readonly string[] {
    if (this.options.namespaces?.length) return this.options.namespaces;
    const own = this.options.config.getContextObject(this.options.context)?.namespace;
    return [own || 'default'];
  }

  /** Each read of the faces that the user may not do, with the permissions that would show it. */
  private hiddenReads(): HiddenRead[] {
    const hidden: HiddenRead[] = [];
    for (const read of anatomyReads) {
      const answered = this.accessAnswers?.reads.get(read.id);
      if (read.id in this.watches) {
        const name = read.id as CollectionName;
        const error = this.watches[name].lastError;
        if (error?.kind === 'forbidden' && !this.isReadable(name))
          hidden.push(hiddenRead(read, collections[name].resource, error.message, answered));
      } else if (answered?.verdict === 'denied') {
        hidden.push(
          hiddenRead(
            read,
            read.checks[0]?.resource ?? read.checks[0]?.path ?? read.id,
            answered.checks.find((c) => c.verdict === 'denied')?.reason ?? '',
            answered,
          ),
        );
      }
    }
    return hidden;
  }

  private accessCounts(): { allowed: number | null; total: number } {
    const total = anatomyReads.length;
    if (!this.accessAnswers) return { allowed: null, total };
    return { allowed: [...this.accessAnswers.reads.values()].filter((read) => read.verdict === 'allowed').length, total };
  }

  /**
   * The anatomy as last announced through onDidChange (views). Reading it has no effect: a pending change
   * arrives as one onDidChange at the end of the coalescing pause.
   */
  get current(): ClusterAnatomy | undefined {
    return this.anatomy;
  }

  /**
   * A fresh anatomy with lease ages as of now (CLI, extension API), built for the caller only: asking does not
   * make every view refresh.
   */
  snapshot(): ClusterAnatomy | undefined {
    if (!this.isSynced()) return undefined;
    return this.build();
  }

  /** kube-system's Leases as last heard (the leader locks with their latest renewals); undefined when unreadable. */
  controlPlaneLeases(): readonly SlimLease[] | undefined {
    return this.isReadable('controlPlaneLeases') ? this.watches.controlPlaneLeases.list() : undefined;
  }

  leaseOf(node: string): LeaseInfo | null {
    return leaseInfo(this.findLease(node), this.now());
  }

  /** A kube-system Pod's metadata as last watched (its labels, its uid); undefined when the Pod is not known. */
  podMeta(namespace: string, name: string): SlimMeta | undefined {
    return namespace === KUBE_SYSTEM ? this.watches.pods.get(name, namespace)?.metadata : undefined;
  }

  eventsFor(kind: string, name: string, namespace = KUBE_SYSTEM): SlimEvent[] {
    return this.watches.events
      .list()
      .filter((event) => event.involvedKind === kind && event.involvedName === name && (event.involvedNamespace || namespace) === namespace)
      .sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
  }

  private findLease(node: string): SlimLease | undefined {
    return this.watches.leases.get(node, NODE_LEASE_NAMESPACE);
  }

  private isSynced(): boolean {
    const state = this.status.state;
    return state !== 'connecting' && state !== 'stopped' && this.watches.nodes.settled;
  }

  private markDirty(): void {
    this.dirty = true;
    if (!this.isSynced() || this.rebuildTimer || this.disposed) return;
    const delay = Math.max(this.options.coalesceMs ?? 200, this.lastBuildMs * 10);
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      if (this.dirty) this.rebuild();
    }, delay);
  }

  private ownersChanged(): void {
    this.classifications.ownersChanged();
    this.markDirty();
  }

  private ownerLookup(): OwnerLookup {
    const replicaSetsReadable = this.isReadable('replicaSets');
    const replicaSets = new Map<string, SlimWorkload>();
    if (replicaSetsReadable) for (const rs of this.watches.replicaSets.list()) replicaSets.set(rs.metadata.name, rs);
    const deployments = new Set(this.watches.deployments.list().map((d) => d.metadata.name));
    return {
      replicaSetOwner: (_namespace, name) => {
        if (!replicaSetsReadable) return undefined;
        const rs = replicaSets.get(name);
        return rs ? (rs.metadata.ownerReferences.find((o: SlimOwner) => o.controller) ?? null) : null;
      },
      hasDeployment: (_namespace, name) => deployments.has(name),
    };
  }

  private rebuild(): void {
    clearTimeout(this.rebuildTimer);
    this.rebuildTimer = undefined;
    const started = performance.now();
    this.anatomy = this.build();
    this.dirty = false;
    this.lastBuildMs = performance.now() - started;
    this.changeEmitter.fire(this.anatomy);
  }

  private build(): ClusterAnatomy {
    const anatomy = this.buildClusterAnatomy();
    if (!this.namespaceWatches) return anatomy;
    const hidden = this.hiddenReads();
    const counts = this.accessCounts();
    return {
      ...anatomy,
      ...(hidden.length > 0 && { hidden }),
      ...(hidden.length > 0 && counts.allowed !== null && { access: { allowed: counts.allowed, total: counts.total } }),
      ...((!this.isReadable('nodes') || !this.isReadable('pods')) && { standpoint: this.buildStandpoint(anatomy) }),
    };
  }

  private buildStandpoint(anatomy: ClusterAnatomy) {
    return buildStandpoint({
      server: this.server,
      ...(anatomy.podsOnHiddenNodes && { podsOnHiddenNodes: anatomy.podsOnHiddenNodes }),
      version: this.serverVersion,
      groups: this.groups,
      clusterInfoServer: this.clusterInfo,
      namespaces: [...(this.namespaceWatches ?? [])].map(([name, watches]) => {
        const error = watches.pods.lastError;
        const readable = watches.pods.hasListed && !(error && revokedKinds.has(error.kind));
        if (readable) return { name, pods: watches.pods.list(), events: watches.events.list() };
        const podsRead = { id: `pods:${name}`, what: `Pods in ${name}`, checks: listWatchChecks('pods', '', name) };
        const rules = this.namespaceRules.get(name);
        return {
          name,
          events: [],
          ...(error?.kind === 'forbidden' && {
            hidden: hiddenRead(podsRead, 'pods', error.message, rules && readAccessFromRules(podsRead, rules)),
          }),
        };
      }),
    });
  }

  private buildClusterAnatomy(): ClusterAnatomy {
    const lookup = this.ownerLookup();
    const leases = new Map<string, SlimLease>();
    for (const lease of this.watches.leases.list()) leases.set(lease.metadata.name, lease);
    return buildAnatomy({
      context: this.options.context,
      server: this.server,
      serverVersion: this.serverVersion,
      nodes: this.watches.nodes.list(),
      pods: this.watches.pods.list().map((pod) => {
        const { classification, componentPod } = this.classifications.of(pod, lookup);
        return { pod, classification, componentPod };
      }),
      daemonSets: this.watches.daemonSets.list(),
      deployments: this.watches.deployments.list(),
      services: this.watches.services.list(),
      leases,
      unreadable: this.unreadable(),
      apiServerAddresses: this.apiServerAddresses,
      ...(this.isReadable('controlPlaneLeases') && { controlPlaneLeases: this.watches.controlPlaneLeases.list() }),
      now: this.now(),
    });
  }

  /**
   * Collections that cannot be read now: never listed, or access lost. One whose watch is merely reconnecting
   * keeps its last good list (the status says it is retrying).
   */
  private unreadable(): { resource: string; reason: string; kind: string }[] {
    const result: { resource: string; reason: string; kind: string }[] = [];
    for (const name of this.requiredNames()) {
      const error = this.watches[name].lastError;
      if (error && !this.isReadable(name)) result.push({ resource: collections[name].resource, reason: error.message, kind: error.kind });
    }
    return result;
  }

  private isReadable(name: CollectionName): boolean {
    const watch = this.watches[name];
    const error = watch.lastError;
    return watch.hasListed && !(error && revokedKinds.has(error.kind));
  }

  private deriveStatus(): ConnectionStatus {
    const context = this.options.context;
    if (this.firstPaintWatches().some((watch) => !watch.settled)) return { state: 'connecting', context };
    const failing = this.requiredNames().flatMap((name) => {
      const error = this.watches[name].lastError;
      return error ? [error] : [];
    });
    if (failing.length === 0) return { state: 'connected', context };
    const unauthorized = failing.find((error) => error.kind === 'unauthorized');
    if (unauthorized) return { state: 'unauthorized', context, message: unauthorized.message };
    if (failing.length === this.requiredNames().length && failing.every(isNetworkError))
      return { state: 'unreachable', context, message: failing[0].message };
    // Some collections fail (retrying, over a cap) while the others are live; RBAC hides some (limited): the
    // server answers, so the context is connected, and says what is hidden instead of failing whole.
    const problems = failing.filter((error) => error.kind !== 'forbidden').map((error) => error.message);
    const hidden = this.forbiddenNames().length > 0 ? this.hiddenReads() : [];
    return {
      state: 'connected',
      context,
      ...(problems.length > 0 && { message: problems.join('\n') }),
      ...(hidden.length > 0 && { limited: { ...this.accessCounts(), hidden } }),
    };
  }

  /** Called whenever a collection changes state: announces a new status and rebuilds when what the anatomy reads changed. */
  private updateConnection(): void {
    if (this.disposed) return;
    const readable = JSON.stringify([this.unreadable(), this.apiServerAddresses === undefined, this.isReadable('controlPlaneLeases')]);
    if (readable !== this.readableSignature) {
      this.readableSignature = readable;
      // Pods were classified with or without their ReplicaSets: classify them again.
      this.ownersChanged();
    }
    // A new refusal after the start: ask again what the user may read (and show their namespaces).
    if (this.listedOnce) {
      const forbidden = this.forbiddenNames().join(',');
      // Refused anew, or allowed again: what the user may read has changed.
      if (forbidden !== this.accessAskedFor) void this.followLimits();
    }
    const next = this.status;
    if (
      next.state === this.announced.state &&
      next.message === this.announced.message &&
      JSON.stringify(next.limited) === JSON.stringify(this.announced.limited)
    )
      return;
    this.announced = next;
    this.statusEmitter.fire(next);
    // The session may have become synced: rebuild (markDirty waits until it is).
    this.markDirty();
  }

  private requiredNames(): CollectionName[] {
    return (Object.keys(this.watches) as CollectionName[]).filter((name) => !optionalCollections.has(name));
  }

  /** The collections the first anatomy waits for: all but the Events. */
  private firstPaintWatches(): AnyWatch[] {
    return this.allWatches().filter((watch) => watch !== (this.watches.events as unknown as AnyWatch));
  }

  private allWatches(): AnyWatch[] {
    return Object.values(this.watches) as unknown as AnyWatch[];
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.rebuildTimer);
    for (const watch of this.allWatches()) watch.dispose();
    for (const watches of this.namespaceWatches?.values() ?? []) {
      watches.pods.dispose();
      watches.events.dispose();
    }
    this.hub.dispose();
    this.announced = { state: 'stopped', context: this.options.context };
    this.statusEmitter.fire(this.announced);
    for (const emitter of [this.changeEmitter, this.leaseEmitter, this.statusEmitter, this.eventEmitter, this.objectEmitter])
      emitter.dispose();
  }
}
