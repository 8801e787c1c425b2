/**
 * A live trace: watches (never polls) the traced object, its ReplicaSets and Pods and the Events of its
 * namespace, keeps the Events and what it saw happen in bounded memory, and rebuilds the timeline as the cluster
 * records each step. `onDidAddSteps` tells the views which steps are new, as they happen.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { WatchState, WatchSubscription } from '../kube/resourceWatch';
import { WatchHub } from '../kube/watchHub';
import { type Disposable, DisposableStore } from '../util/disposable';
import { errorMessage } from '../util/errors';
import { Emitter } from '../util/event';
import { ApiDiscovery } from '../kube/discovery';
import { type AccessRead, ContextAccess, hiddenRead, listWatchChecks } from '../kube/access';
import type { HiddenRead } from '../kube/hiddenRead';
import { type EndpointChange, endpointChanges } from './endpoints';
import { EventRing } from './eventRing';
import {
  collectionPath,
  endpointSliceOf,
  SERVICE_NAME_LABEL,
  type TraceEndpointSlice,
  type TraceEvent,
  type TraceObject,
  traceEventOf,
  traceObjectOf,
  type TraceTarget,
} from './objects';
import { buildTrace, componentOf, type RootChange, type Trace, type TraceInput, type TraceObservations, type TraceStep } from './timeline';

export type TraceState = 'connecting' | 'live' | 'error' | 'stopped';

export interface TraceSessionOptions {
  /** The context's watches. */
  readonly hub: WatchHub;
  readonly target: TraceTarget;
  /** Leave out steps recorded before this time (a trace of what happens from now on). */
  readonly since?: number;
  /** How long changes gather before the timeline is rebuilt. */
  readonly throttleMs?: number;
  readonly now?: () => number;
}

/** The most scalings and removals remembered: a rollout of the largest Deployment fits many times over. */
const MAX_OBSERVATIONS = 2_000;
/** The most EndpointSlices of one Service followed (the controller fills each with up to 100 endpoints). */
const MAX_SLICES = 200;

type Slim<T> = T & { readonly metadata: TraceObject['metadata'] };

export class TraceSession implements Disposable {
  private readonly changeEmitter = new Emitter<Trace>();
  private readonly stepsEmitter = new Emitter<readonly TraceStep[]>();
  private readonly stateEmitter = new Emitter<TraceState>();
  /** The timeline was rebuilt. */
  readonly onDidChange = this.changeEmitter.event;
  /** Steps this trace had not seen before, oldest first (none for the history read at the start). */
  readonly onDidAddSteps = this.stepsEmitter.event;
  readonly onDidChangeState = this.stateEmitter.event;

  private readonly disposables = new DisposableStore();
  private readonly events = new EventRing();
  private readonly scaled: { object: TraceObservations['scaled'][number]['object']; from: number; to: number; at: number }[] = [];
  private readonly removed: { object: TraceObject; at: number }[] = [];
  private readonly replicasSeen = new Map<string, number>();
  private readonly rootChanges: RootChange[] = [];
  private rootSeen: TraceObject | undefined;
  private readonly seenAt = new Map<string, number>();
  private rootWatch: WatchSubscription<TraceObject> | undefined;
  private replicaSetWatch: WatchSubscription<TraceObject> | undefined;
  private podWatch: WatchSubscription<TraceObject> | undefined;
  private eventWatch: WatchSubscription<Slim<TraceEvent>> | undefined;
  /** A Service's EndpointSlices: optional (a user may read the Service and not them; a cluster may not serve them). */
  private sliceWatch: WatchSubscription<TraceEndpointSlice> | undefined;
  /** The EndpointSlice API read: discovery.k8s.io/v1, else v1beta1; null when neither is served. */
  private sliceApi: string | null | undefined;
  private readonly firstSlices = new Map<string, TraceEndpointSlice>();
  private readonly lastSlices = new Map<string, TraceEndpointSlice>();
  private readonly endpointChanges: EndpointChange[] = [];
  private hidden: HiddenRead[] = [];
  private timer: NodeJS.Timeout | undefined;
  private built: Trace | undefined;
  private starting: Promise<void> | undefined;
  private stopped = false;
  private currentState: TraceState = 'connecting';
  /** When the Pods were first listed: Pods created after it are the watch's to tell, not the Events'. */
  private podsListedAt: number | undefined;

  constructor(private readonly options: TraceSessionOptions) {}

  get target(): TraceTarget {
    return this.options.target;
  }

  get state(): TraceState {
    return this.currentState;
  }

  /** Why the trace cannot read the cluster, while `state` is error. */
  get error(): string | undefined {
    const failed = this.watches().find((watch) => watch.state === 'error');
    return failed?.lastError ? errorMessage(failed.lastError) : undefined;
  }

  /** The Events this trace kept of the traced objects (what a saved trace keeps beside its steps). */
  keptEvents(): TraceEvent[] {
    return this.events.all();
  }

  /** The timeline as of the last rebuild. */
  get current(): Trace {
    return this.built ?? this.build();
  }

  /** Lists and watches; resolves once every collection has been listed (or failed). Asking again waits for the same. */
  start(): Promise<void> {
    this.starting ??= this.connect();
    return this.starting;
  }

  private async connect(): Promise<void> {
    const { hub, target } = this.options;
    const namespace = target.namespace;
    this.rootWatch = this.own(
      hub.subscribe({
        path: collectionPath(target.kind, namespace),
        what: `${target.kind} ${namespace}/${target.name}`,
        slim: (raw) => traceObjectOf(raw, target.kind),
        fieldSelector: `metadata.name=${target.name}`,
        matches: (raw) => metaOf(raw).name === target.name,
      }),
    );
    this.rootWatch.onDidChangeState(() => this.updateState());
    this.wireObjects(this.rootWatch);
    this.rootWatch.onAdd((root) => (this.rootSeen = root));
    this.rootWatch.onUpdate((root) => this.noteRootChange(root));
    await this.rootWatch.start();
    await this.rootWatch.whenSettled();
    if (this.stopped) return;
    const root = this.root();
    // The root's selector narrows what is watched; without it (not created yet), the namespace's objects are read
    // and ownership alone decides. Where the namespace is watched already (kube-system), that watch serves it.
    const selector = root?.matchLabels
      ? {
          labelSelector: Object.entries(root.matchLabels)
            .map(([key, value]) => `${key}=${value}`)
            .join(','),
          matches: labelsMatch(root.matchLabels),
        }
      : {};
    const ofKind = (kind: 'ReplicaSet' | 'Pod') =>
      hub.subscribe({
        path: collectionPath(kind, namespace),
        what: `${kind}s in ${namespace}`,
        slim: (raw) => traceObjectOf(raw, kind),
        ...selector,
      });
    if (target.kind === 'Deployment') {
      this.replicaSetWatch = this.own(ofKind('ReplicaSet'));
      this.wireObjects(this.replicaSetWatch);
      this.replicaSetWatch.onUpdate((rs) => this.noteReplicas(rs));
    }
    // A Service without a selector selects no Pods: its endpoints are someone else's to write.
    if (target.kind !== 'Pod' && !(target.kind === 'Service' && root && !root.matchLabels)) {
      this.podWatch = this.own(ofKind('Pod'));
      this.wireObjects(this.podWatch);
    }
    // A Service's own slices; for a workload, its namespace's, where its Pods' endpoints are. Their API version
    // is asked while the Events are subscribed to.
    const slicesWatched =
      target.kind === 'Pod' ? Promise.resolve() : this.watchEndpointSlices(target.kind === 'Service' ? target.name : undefined);
    this.eventWatch = this.own(
      hub.subscribe({
        path: `/api/v1/namespaces/${encodeURIComponent(namespace)}/events`,
        what: `Events in ${namespace}`,
        slim: traceEventOf,
        ...(target.kind === 'Pod' && {
          fieldSelector: `involvedObject.name=${target.name}`,
          matches: (raw: unknown) => traceEventOf(raw).involvedName === target.name,
        }),
      }),
    );
    const recordEvent = (event: TraceEvent) => {
      if (this.isAbout(event) && this.events.record(event)) this.schedule();
    };
    this.eventWatch.onAdd(recordEvent);
    this.eventWatch.onUpdate(recordEvent);
    await slicesWatched;
    if (this.stopped) return;
    this.podsListedAt = this.now();
    const others = [this.replicaSetWatch, this.podWatch, this.eventWatch, this.sliceWatch].filter((watch) => watch !== undefined);
    for (const watch of others) watch.onDidChangeState(() => this.updateState());
    await Promise.all(others.map((watch) => watch.start()));
    await Promise.all(others.map((watch) => watch.whenSettled()));
    if (this.stopped) return;
    for (const rs of this.replicaSetWatch?.list() ?? []) this.replicasSeen.set(rs.metadata.uid, rs.replicas ?? 0);
    await this.noteHidden();
    if (this.stopped) return;
    this.updateState();
    this.rebuild(false);
  }

  /**
   * Watches the Service's EndpointSlices (by their kubernetes.io/service-name label), or all of the namespace's
   * (`serviceName` undefined: a workload's Pods may be in any Service's), in the version the cluster serves:
   * discovery.k8s.io/v1 (Kubernetes 1.21 on), else v1beta1 (1.17 to 1.24).
   */
  private async watchEndpointSlices(serviceName: string | undefined): Promise<void> {
    const { hub, target } = this.options;
    const discovery = new ApiDiscovery(hub.api);
    let version: string | null = null;
    for (const candidate of ['discovery.k8s.io/v1', 'discovery.k8s.io/v1beta1']) {
      try {
        if (await discovery.resourceFor(candidate, 'EndpointSlice')) {
          version = candidate;
          break;
        }
      } catch {
        // Discovery could not answer (every user may read it): try the watch of v1 and let it say why.
        version = candidate;
        break;
      }
    }
    this.sliceApi = version;
    if (version === null || this.stopped) return;
    const namespace = target.namespace;
    const apiVersion = version;
    this.sliceWatch = this.own(
      hub.subscribe({
        path: `/apis/${apiVersion}/namespaces/${encodeURIComponent(namespace)}/endpointslices`,
        what: serviceName === undefined ? `EndpointSlices in ${namespace}` : `EndpointSlices of Service ${namespace}/${serviceName}`,
        slim: (raw) => endpointSliceOf(raw, apiVersion),
        ...(serviceName !== undefined && {
          labelSelector: `${SERVICE_NAME_LABEL}=${serviceName}`,
          matches: (raw: unknown) => metaOf(raw).labels?.[SERVICE_NAME_LABEL] === serviceName,
        }),
      }),
    );
    const seen = (slice: TraceEndpointSlice) => {
      const uid = slice.metadata.uid;
      const before = this.lastSlices.get(uid);
      if (!this.firstSlices.has(uid)) {
        if (this.firstSlices.size >= MAX_SLICES) return;
        this.firstSlices.set(uid, slice);
      } else {
        for (const change of endpointChanges(before, slice, this.now())) this.remember(this.endpointChanges, change);
      }
      this.lastSlices.set(uid, slice);
      this.schedule();
    };
    this.sliceWatch.onAdd(seen);
    this.sliceWatch.onUpdate(seen);
    this.sliceWatch.onDelete((slice) => {
      const before = this.lastSlices.get(slice.metadata.uid) ?? slice;
      for (const change of endpointChanges(before, undefined, this.now())) this.remember(this.endpointChanges, change);
      this.lastSlices.delete(slice.metadata.uid);
      this.schedule();
    });
    this.sliceWatch.onDidChangeState(() => {
      this.updateState();
      void this.noteHidden().then(() => this.schedule());
    });
  }

  /** A refused EndpointSlice read: what it would show and the permissions it needs, as the server answers them. */
  private async noteHidden(): Promise<void> {
    const error = this.sliceWatch?.lastError;
    if (error?.kind !== 'forbidden' && error?.kind !== 'unauthorized') {
      this.hidden = [];
      return;
    }
    if (this.hidden.length > 0) return;
    const namespace = this.options.target.namespace;
    const read: AccessRead = {
      id: 'endpointSlices',
      what: `EndpointSlices in ${namespace}`,
      checks: listWatchChecks('endpointslices', 'discovery.k8s.io', namespace),
    };
    let answered;
    try {
      answered = (await new ContextAccess(this.options.hub.api, { reads: [read] }).snapshot()).reads.get(read.id);
    } catch {
      // Not answered: every permission of the read is named as not known.
    }
    this.hidden = [hiddenRead(read, 'endpointslices', error.message, answered)];
  }

  /** Rebuilds now (tests and one-shot readers do not wait for the throttle). */
  flush(): Trace {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.rebuild(true);
  }

  dispose(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.setState('stopped');
    this.disposables.dispose();
    this.changeEmitter.dispose();
    this.stepsEmitter.dispose();
    this.stateEmitter.dispose();
  }

  private own<T extends Disposable>(value: T): T {
    return this.disposables.add(value);
  }

  /** The watches the trace cannot do without (a refused EndpointSlice read is told, not an error of the trace). */
  private watches(): Pick<WatchSubscription<TraceObject>, 'state' | 'lastError'>[] {
    const slices = this.sliceWatch?.state === 'error' ? undefined : this.sliceWatch;
    return [this.rootWatch, this.replicaSetWatch, this.podWatch, this.eventWatch, slices].filter((watch) => watch !== undefined);
  }

  private root(): TraceObject | undefined {
    return this.rootWatch?.get(this.options.target.name, this.options.target.namespace);
  }

  /** Events about the traced objects: controllers name what they make after their owner. */
  private isAbout(event: TraceEvent): boolean {
    const { name, kind } = this.options.target;
    if (kind === 'Pod') return event.involvedName === name;
    return event.involvedName === name || event.involvedName.startsWith(`${name}-`);
  }

  private wireObjects(watch: WatchSubscription<TraceObject>): void {
    watch.onAdd(() => this.schedule());
    watch.onUpdate(() => this.schedule());
    watch.onDelete((object) => {
      this.remember(this.removed, { object, at: this.now() });
      this.schedule();
    });
  }

  private noteRootChange(root: TraceObject): void {
    const before = this.rootSeen;
    this.rootSeen = root;
    if (!before || before.metadata.uid !== root.metadata.uid || root.generation === null || root.generation === before.generation) return;
    // The writer: the client whose managedFields entry is new or re-timed in this version.
    const known = new Set(before.managedFields.map((entry) => `${entry.manager}/${entry.operation}/${entry.subresource}/${entry.time}`));
    const writer =
      root.managedFields.find(
        (entry) =>
          componentOf(entry.manager) === 'client' && !known.has(`${entry.manager}/${entry.operation}/${entry.subresource}/${entry.time}`),
      )?.manager ?? null;
    this.remember(this.rootChanges, {
      generation: root.generation,
      replicas: { from: before.replicas, to: root.replicas },
      at: this.now(),
      writer,
    });
  }

  private noteReplicas(rs: TraceObject): void {
    const before = this.replicasSeen.get(rs.metadata.uid);
    const now = rs.replicas ?? 0;
    this.replicasSeen.set(rs.metadata.uid, now);
    if (before === undefined || before === now) return;
    this.remember(this.scaled, {
      object: { kind: 'ReplicaSet', namespace: rs.metadata.namespace, name: rs.metadata.name, uid: rs.metadata.uid },
      from: before,
      to: now,
      at: this.now(),
    });
  }

  private remember<T>(list: T[], entry: T): void {
    list.push(entry);
    if (list.length > MAX_OBSERVATIONS) list.shift();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private schedule(): void {
    if (this.stopped || this.timer || !this.built) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.rebuild(true);
    }, this.options.throttleMs ?? 100);
  }

  private build(): Trace {
    return buildTrace({
      target: this.options.target,
      root: this.root(),
      replicaSets: this.replicaSetWatch?.list() ?? [],
      pods: this.podWatch?.list() ?? [],
      events: this.events,
      observations: { scaled: this.scaled, removed: this.removed, rootChanges: this.rootChanges },
      ...(this.options.since !== undefined && { since: this.options.since }),
      ...(this.podsListedAt !== undefined && { podsListedAt: this.podsListedAt }),
      ...(this.sliceApi !== undefined && this.endpointInput()),
    });
  }

  /** What the EndpointSlice watch gives the timeline: the slices and their changes, or why they are missing. */
  private endpointInput(): Partial<TraceInput> {
    const readable = this.sliceWatch !== undefined && this.sliceWatch.state !== 'error' && this.sliceWatch.hasListed;
    return {
      ...(this.options.target.kind === 'Service' && { endpointSliceApi: this.sliceApi ?? null }),
      hidden: this.hidden,
      ...(readable && {
        endpointSlices: this.sliceWatch!.list(),
        observations: {
          scaled: this.scaled,
          removed: this.removed,
          rootChanges: this.rootChanges,
          firstSlices: [...this.firstSlices.values()],
          endpointChanges: this.endpointChanges,
        },
      }),
    };
  }

  private rebuild(announce: boolean): Trace {
    if (this.stopped) return this.built ?? this.build();
    const trace = this.build();
    const added: TraceStep[] = [];
    const now = this.now();
    for (const step of trace.steps) {
      const seen = this.seenAt.get(step.id);
      if (seen === undefined) {
        if (announce) {
          this.seenAt.set(step.id, now);
          step.seenAt = now;
          added.push(step);
        } else {
          this.seenAt.set(step.id, Number.NaN);
        }
      } else if (!Number.isNaN(seen)) {
        step.seenAt = seen;
      }
    }
    this.built = trace;
    this.changeEmitter.fire(trace);
    if (added.length > 0) this.stepsEmitter.fire(added);
    return trace;
  }

  private updateState(): void {
    // Its subscriptions announce that they stopped as they are disposed: the trace stays stopped.
    if (this.stopped) return;
    const states: WatchState[] = this.watches().map((watch) => watch.state);
    if (states.some((state) => state === 'error')) this.setState('error');
    else if (states.length > 0 && states.every((state) => state === 'synced')) this.setState('live');
  }

  private setState(state: TraceState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.stateEmitter.fire(state);
  }
}

/** One read of a trace: list everything once, build the timeline, stop. */
export async function readTrace(config: KubeConfig, target: TraceTarget): Promise<Trace> {
  const hub = new WatchHub(config);
  const session = new TraceSession({ hub, target });
  try {
    await session.start();
    if (session.state === 'error') throw new Error(session.error ?? `cannot read ${target.kind} ${target.namespace}/${target.name}`);
    return session.flush();
  } finally {
    session.dispose();
    hub.dispose();
  }
}

const metaOf = (raw: unknown) => (raw as { metadata?: { name?: unknown; labels?: Record<string, unknown> } } | null)?.metadata ?? {};

/** What a matchLabels selector selects, for a watch served by its namespace's unselected collection. */
const labelsMatch = (matchLabels: Readonly<Record<string, string>>) => (raw: unknown) => {
  const labels = metaOf(raw).labels ?? {};
  return Object.entries(matchLabels).every(([key, value]) => labels[key] === value);
};
