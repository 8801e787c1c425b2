import type { KubeConfig } from '@kubernetes/client-node';
import { fromStatus, KubeApi, KubeApiError, type ResponseLimits, toKubeApiError, type WatchEvent, type WatchStream } from './kubeApi';
import type { SlimMeta } from './slim';
import { Emitter } from '../util/event';
import type { Disposable } from '../util/disposable';

/**
 * `synced`: listed, and the watch is open (or has proven itself since the last failure). `error`: the last
 * attempt failed, or the watch keeps ending at once; a restart is scheduled. The objects of the last good list
 * stay available in both.
 */
export type WatchState = 'connecting' | 'synced' | 'error' | 'stopped';

/** A collection of its own: what it lists and watches, and the one shape its subscriber keeps. */
export type ResourceWatchOptions<T> = CollectionOptions & Projection<T>;

type Keyed = { readonly metadata: SlimMeta };

export const DEFAULT_BACKOFF = { initialMs: 1_000, maxMs: 30_000 } as const;

/** As client-go's reflector: a watch that ends sooner than this without a single event is an error. */
const DEFAULT_HEALTHY_AFTER_MS = 1_000;

/** The server closes a watch after this long (5–10 minutes, spread as kubectl and client-go spread it). */
const WATCH_TIMEOUT_SECONDS = 300;

/**
 * Milliseconds before restart number `failures` (0-based): doubling from initialMs, capped at maxMs, with
 * jitter in [50%, 100%] so many clients do not return to a recovering server at the same moment.
 */
export function restartDelay(
  failures: number,
  backoff: { readonly initialMs: number; readonly maxMs: number },
  random: () => number,
): number {
  const capped = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(failures, 30));
  return capped * (0.5 + 0.5 * random());
}

/** Two slim objects that differ at most in their resourceVersion: nothing the product reads changed. */
export function sameSlim(a: Keyed, b: Keyed): boolean {
  const { resourceVersion: _a, ...metaA } = a.metadata;
  const { resourceVersion: _b, ...metaB } = b.metadata;
  return JSON.stringify({ ...a, metadata: metaA }) === JSON.stringify({ ...b, metadata: metaB });
}

function keyOf(object: Keyed): string {
  return `${object.metadata.namespace}/${object.metadata.name}`;
}

/** What one collection lists and watches, and how it behaves when the server misbehaves. */
export interface CollectionOptions {
  /** API path of the collection, e.g. /api/v1/namespaces/kube-system/pods. */
  readonly path: string;
  /** For messages: "Pods in kube-system". */
  readonly what: string;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly pageSize?: number;
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  readonly limits?: Partial<ResponseLimits>;
  /** How long a watch must stay open before it counts as working again (clears the error, resets the backoff). */
  readonly healthyAfterMs?: number;
  /** Injected for tests: how long to wait before a restart. */
  readonly random?: () => number;
}

/** What a subscriber keeps of each object: its own slim shape, and (when served from a wider collection) which objects. */
export interface Projection<T> {
  readonly slim: (raw: unknown) => T;
  /** For a subscription served by the unselected collection of its path: the objects its selectors would select. */
  readonly matches?: (raw: unknown) => boolean;
}

/**
 * One collection kept in sync with the cluster, as client-go's reflector does it: list (paginated, capped),
 * then watch from the list's resourceVersion; resume from the last resourceVersion after a watch ends; relist
 * after 410 Gone. Every restart that follows a failure — an error, an ERROR event, a watch that ends before it
 * has proven itself (empty answers, garbage, 410 right after a list) — waits for the capped, jittered backoff.
 *
 * Any number of subscriptions share its one list and watch, each slimming the objects its own way. One that
 * joins after the first list is filled by a fresh list, and the watch resumes from that list: every subscriber
 * sees the same objects without a second stream.
 */
export class SharedCollection implements Disposable {
  private readonly api: KubeApi;
  private readonly members = new Set<WatchSubscription<Keyed>>();
  private resourceVersion = '';
  private stream: WatchStream | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private healthyTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private currentState: WatchState = 'connecting';
  private error: KubeApiError | undefined;
  private everListed = false;
  private started = false;
  private stopped = false;
  /** A member joined after a list: the next cycle lists again (and the open watch is closed for it). */
  private resyncWanted = false;
  private readonly emptyEmitter = new Emitter<void>();
  /** The last member left. */
  readonly onDidBecomeEmpty = this.emptyEmitter.event;

  constructor(
    config: KubeConfig,
    readonly options: CollectionOptions,
  ) {
    this.api = new KubeApi(config, { limits: options.limits });
  }

  get state(): WatchState {
    return this.currentState;
  }

  get lastError(): KubeApiError | undefined {
    return this.currentState === 'error' ? this.error : undefined;
  }

  get memberCount(): number {
    return this.members.size;
  }

  /** Adds a subscriber; the first starts the list and watch, a later one is filled by the next list. */
  join(member: WatchSubscription<Keyed>): void {
    // A stopped collection (its context closed meanwhile) lists nothing: the member settles, stopped.
    if (this.stopped) return member.settle();
    this.members.add(member);
    // A collection that never listed has nothing to give yet; one that did keeps its objects while it retries,
    // and the newcomer gets them from the next list.
    if (this.currentState === 'error' && !this.everListed) member.settle();
    if (!this.started) {
      // Subscribers that start together (a session's, a view's) share the first list.
      this.started = true;
      queueMicrotask(() => void this.cycle());
      return;
    }
    this.resyncWanted = true;
    this.stream?.close();
    // Waiting out a backoff: the newcomer (a person's click) need not wait with it; the failure count stays.
    if (this.restartTimer) {
      clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
      void this.cycle();
    }
  }

  leave(member: WatchSubscription<Keyed>): void {
    if (!this.members.delete(member) || this.members.size > 0) return;
    this.emptyEmitter.fire();
  }

  /** One list (when no resourceVersion is known, or a member waits for its objects) and one watch; then the next cycle. */
  private async cycle(): Promise<void> {
    if (this.stopped) return;
    let opened = 0;
    let received = false;
    // A watch from the version a list just gave that expires at once would expire again: that is a loop. One
    // resumed from an older version may simply have outlived it (kube-apiserver restarted): relist at once.
    const fromFreshList = !this.resourceVersion || this.resyncWanted;
    try {
      if (fromFreshList) await this.relist();
      if (this.stopped) return;
      let expired = false;
      let failure: KubeApiError | undefined;
      const query = new URLSearchParams({ resourceVersion: this.resourceVersion, allowWatchBookmarks: 'true' });
      const timeoutSeconds = Math.round(WATCH_TIMEOUT_SECONDS * (1 + Math.random()));
      query.set('timeoutSeconds', String(timeoutSeconds));
      if (this.options.labelSelector) query.set('labelSelector', this.options.labelSelector);
      if (this.options.fieldSelector) query.set('fieldSelector', this.options.fieldSelector);
      const healthyAfter = this.options.healthyAfterMs ?? DEFAULT_HEALTHY_AFTER_MS;
      const stream = await this.api.watch(this.options.path, this.options.what, query, {
        onOpen: () => {
          opened = performance.now();
          this.healthyTimer = setTimeout(() => this.markHealthy(), healthyAfter);
        },
        onEvent: (event) => {
          if (failure || expired || this.stopped) return;
          if (event.type === 'ERROR') {
            const code = typeof event.object.code === 'number' ? event.object.code : 500;
            if (code === 410) expired = true;
            else failure = fromStatus(code, event.object, this.options.what, { verb: 'watch', path: this.options.path });
            stream.close();
            return;
          }
          received = true;
          failure = this.apply(event);
          if (failure) stream.close();
          // Events arriving again prove the watch works: the collection is live before healthyAfter passes.
          else if (this.currentState === 'error') {
            clearTimeout(this.healthyTimer);
            this.markHealthy();
          }
        },
        idleTimeoutMs: (timeoutSeconds + 30) * 1000,
      });
      if (this.stopped) {
        stream.close();
        return;
      }
      this.stream = stream;
      // A member joined while the watch was being opened: it waits for a list, not for this stream to end.
      if (this.resyncWanted) stream.close();
      try {
        await stream.ended;
      } catch (error) {
        // An ERROR event closes the stream itself: its reason, not the closed connection, is what failed.
        if (!failure && !expired && !this.resyncWanted) throw error;
      }
      clearTimeout(this.healthyTimer);
      this.stream = undefined;
      if (this.stopped) return;
      if (failure) throw failure;
      if (this.resyncWanted) {
        void this.cycle();
        return;
      }
      if (expired) this.resourceVersion = '';
      if (performance.now() - opened < healthyAfter) {
        // Resuming at once would be a loop: an empty answer, or a 410 right after a fresh list.
        if (expired && fromFreshList)
          throw new KubeApiError('expired', `${this.options.what}: the watch expired (410 Gone) as soon as it opened`, 410);
        if (expired) {
          void this.cycle();
          return;
        }
        if (!received) throw new KubeApiError('protocol', `${this.options.what}: the watch closed at once without an event`);
        this.scheduleCycle();
        return;
      }
      this.failures = 0;
      void this.cycle();
    } catch (error) {
      clearTimeout(this.healthyTimer);
      this.stream = undefined;
      this.onError(error);
    }
  }

  /** Lists for every member (again, while members join during the list); each slims each object as it arrives. */
  private async relist(): Promise<void> {
    do {
      this.resyncWanted = false;
      const targets = [...this.members];
      const result = await this.api.list(this.options.path, this.options.what, {
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        pageSize: this.options.pageSize,
        // The first list (and one after the watch expired) from the watch cache, as client-go's informers list:
        // the server's memory instead of etcd, a third of its time for a 5,000-node cluster's Pods. A relist for a
        // newcomer reads the latest state, never older than what the others have seen. Either way the watch
        // resumes from the list's own version and misses nothing after it.
        ...(!this.resourceVersion && { resourceVersion: '0' }),
        map: (raw) => targets.map((member) => member.project(raw)),
      });
      if (this.stopped) return;
      const rows = result.items as (Keyed | undefined)[][];
      targets.forEach((member, index) => member.fill(rows.flatMap((row) => (row[index] ? [row[index]] : []))));
      this.resourceVersion = result.resourceVersion;
      // The first list makes the collection usable at once; after a failure, the watch must prove itself first.
      if (!this.everListed) {
        this.everListed = true;
        this.setState('synced');
      }
      for (const member of targets) {
        member.refreshState();
        member.settle();
      }
    } while (this.resyncWanted && !this.stopped);
  }

  /** Applies one watch event to every member that holds its objects; returns an error for an event that is not one. */
  private apply(event: WatchEvent): KubeApiError | undefined {
    const version = (event.object.metadata as { resourceVersion?: unknown } | undefined)?.resourceVersion;
    if (event.type === 'BOOKMARK') {
      if (typeof version === 'string' && version) this.resourceVersion = version;
      return undefined;
    }
    if (event.type !== 'ADDED' && event.type !== 'MODIFIED' && event.type !== 'DELETED') {
      return new KubeApiError(
        'protocol',
        `${this.options.what}: the watch sent an event of unknown type ${JSON.stringify(event.type.slice(0, 40))}`,
      );
    }
    for (const member of this.members) member.applyEvent(event.type, event.object);
    if (typeof version === 'string' && version) this.resourceVersion = version;
    return undefined;
  }

  private markHealthy(): void {
    if (this.stopped) return;
    this.failures = 0;
    this.error = undefined;
    this.setState('synced');
  }

  private onError(raw: unknown): void {
    if (this.stopped) return;
    this.error = toKubeApiError(raw, this.options.what);
    // A list over the caps would be read again in vain: wait the longest.
    if (this.error.kind === 'too-large') this.failures = Math.max(this.failures, 30);
    this.setState('error');
    for (const member of this.members) member.settle();
    this.scheduleCycle();
  }

  private scheduleCycle(): void {
    clearTimeout(this.restartTimer);
    const delay = restartDelay(this.failures++, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random ?? Math.random);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.cycle();
    }, delay);
    this.restartTimer.unref?.();
  }

  private setState(state: WatchState): void {
    if (this.currentState === state) return;
    this.currentState = state;
    for (const member of this.members) member.refreshState();
  }

  dispose(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.healthyTimer);
    this.stream?.close();
    this.stream = undefined;
    this.setState('stopped');
    // Whoever waits for a first list waits no longer: there will be none.
    for (const member of this.members) member.settle();
    this.emptyEmitter.dispose();
  }
}

/**
 * One subscriber's view of a shared collection: the objects slimmed its way, its own change events, and the
 * collection's state (connecting until its own objects are in). Objects are slimmed on arrival; an update that
 * changes nothing the subscriber keeps fires nothing.
 */
export class WatchSubscription<T extends Keyed> implements Disposable {
  private readonly addEmitter = new Emitter<T>();
  private readonly updateEmitter = new Emitter<T>();
  private readonly deleteEmitter = new Emitter<T>();
  private readonly stateEmitter = new Emitter<WatchState>();
  private readonly receiveEmitter = new Emitter<T>();
  readonly onAdd = this.addEmitter.event;
  /** A stored object changed in what the subscriber keeps. */
  readonly onUpdate = this.updateEmitter.event;
  readonly onDelete = this.deleteEmitter.event;
  readonly onDidChangeState = this.stateEmitter.event;
  /** Every new version of an object, changed in what is kept or not (views that show the whole object from the server). */
  readonly onReceive = this.receiveEmitter.event;

  private readonly objects = new Map<string, T>();
  /** The resourceVersion last heard of each object whose stored copy is older (only what it keeps did not change). */
  private readonly newerVersions = new Map<string, string>();
  private collection: SharedCollection | undefined;
  /** Served by a wider collection: `matches` picks this subscriber's objects. */
  private filtered = false;
  private filled = false;
  private hasSettled = false;
  private stopped = false;
  private announced: WatchState = 'connecting';
  private readonly firstResult: Promise<void>;
  private settleFirst!: () => void;

  constructor(
    private readonly projection: Projection<T>,
    /** The collection to join on start (the hub picks it then), and whether it is wider than this subscriber's selectors. */
    private readonly connect: () => { readonly collection: SharedCollection; readonly filtered: boolean },
  ) {
    this.firstResult = new Promise((resolve) => (this.settleFirst = resolve));
  }

  get state(): WatchState {
    if (this.stopped) return 'stopped';
    const state = this.collection?.state ?? 'connecting';
    return state === 'synced' && !this.filled ? 'connecting' : state;
  }

  /** Why the collection is in `error`; undefined in every other state. */
  get lastError(): KubeApiError | undefined {
    return this.state === 'error' ? this.collection?.lastError : undefined;
  }

  /** True once the first list has arrived or failed (a later reconnect does not make it false again). */
  get settled(): boolean {
    return this.hasSettled;
  }

  /** True once a list has arrived: `list()` holds the collection as of the last good list and watch. */
  get hasListed(): boolean {
    return this.filled;
  }

  /** Resolves once the first list has arrived or failed; check `state` and `lastError` afterwards. */
  whenSettled(): Promise<void> {
    return this.firstResult;
  }

  get(name: string, namespace?: string): T | undefined {
    return this.objects.get(`${namespace ?? ''}/${name}`);
  }

  list(): T[] {
    return [...this.objects.values()];
  }

  /** Joins the collection (starting it when this is the first subscriber); `whenSettled` tells when the objects are in. */
  start(): Promise<void> {
    if (!this.collection && !this.stopped) {
      ({ collection: this.collection, filtered: this.filtered } = this.connect());
      this.collection.join(this as unknown as WatchSubscription<Keyed>);
    }
    return Promise.resolve();
  }

  /** This subscriber's shape of a raw object; undefined when it does not select it. */
  project(raw: unknown): T | undefined {
    if (!this.selects(raw)) return undefined;
    return this.projection.slim(raw);
  }

  private selects(raw: unknown): boolean {
    return !this.filtered || !this.projection.matches || this.projection.matches(raw);
  }

  /** Replaces the objects with a fresh list's, firing what changed. */
  fill(items: readonly T[]): void {
    if (this.stopped) return;
    const fresh = new Map<string, T>();
    for (const item of items) fresh.set(keyOf(item), item);
    for (const [key, old] of this.objects) {
      if (fresh.has(key)) continue;
      this.objects.delete(key);
      this.newerVersions.delete(key);
      this.deleteEmitter.fire(old);
    }
    for (const item of fresh.values()) this.store(item);
    this.filled = true;
  }

  applyEvent(type: 'ADDED' | 'MODIFIED' | 'DELETED', raw: unknown): void {
    // One that joined after the last list waits for the next, which the collection is already asking for.
    if (this.stopped || !this.filled) return;
    const selected = this.selects(raw);
    const object = this.projection.slim(raw);
    const key = keyOf(object);
    if (type === 'DELETED' || !selected) {
      this.newerVersions.delete(key);
      if (this.objects.delete(key)) this.deleteEmitter.fire(object);
    } else {
      this.store(object);
    }
  }

  private store(object: T): void {
    const key = keyOf(object);
    const old = this.objects.get(key);
    if (!old) {
      this.objects.set(key, object);
      this.receiveEmitter.fire(object);
      this.addEmitter.fire(object);
      return;
    }
    const version = object.metadata.resourceVersion;
    if ((this.newerVersions.get(key) ?? old.metadata.resourceVersion) === version) return;
    this.receiveEmitter.fire(object);
    if (sameSlim(old, object)) {
      // The stored object stays: its identity (and the caches keyed on it) last until what is kept changes. The
      // version is remembered only for a listener to every version (a live YAML view), so a relist repeats nothing.
      if (this.receiveEmitter.hasListeners) this.newerVersions.set(key, version);
      return;
    }
    this.newerVersions.delete(key);
    this.objects.set(key, object);
    this.updateEmitter.fire(object);
  }

  /** Announces the state when the collection's, or this subscriber's own progress, changed it. */
  refreshState(): void {
    const state = this.state;
    if (state === this.announced) return;
    this.announced = state;
    this.stateEmitter.fire(state);
  }

  settle(): void {
    if (this.hasSettled) return;
    this.hasSettled = true;
    this.settleFirst();
  }

  dispose(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.collection?.leave(this as unknown as WatchSubscription<Keyed>);
    this.refreshState();
    this.settleFirst();
    for (const emitter of [this.addEmitter, this.updateEmitter, this.deleteEmitter, this.stateEmitter, this.receiveEmitter])
      emitter.dispose();
  }
}

/** A collection of its own, for a reader outside a workspace (the tests, one-shot tools): one subscriber, one stream. */
export class ResourceWatch<T extends Keyed> extends WatchSubscription<T> {
  constructor(config: KubeConfig, options: ResourceWatchOptions<T>) {
    super(options, () => {
      const collection = new SharedCollection(config, options);
      collection.onDidBecomeEmpty(() => collection.dispose());
      return { collection, filtered: false };
    });
  }
}
