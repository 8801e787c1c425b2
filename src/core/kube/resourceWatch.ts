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

export interface ResourceWatchOptions<T> {
  /** API path of the collection, e.g. /api/v1/namespaces/kube-system/pods. */
  readonly path: string;
  /** For messages: "Pods in kube-system". */
  readonly what: string;
  /** Keeps only the fields the product uses. */
  readonly slim: (raw: unknown) => T;
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
export function restartDelay(failures: number, backoff: { readonly initialMs: number; readonly maxMs: number }, random: () => number): number {
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

/**
 * One collection kept in sync with the cluster, as client-go's reflector does it: list (paginated, capped),
 * then watch from the list's resourceVersion; resume from the last resourceVersion after a watch ends; relist
 * after 410 Gone. Every restart that follows a failure — an error, an ERROR event, a watch that ends before it
 * has proven itself (empty answers, garbage, 410 right after a list) — waits for the capped, jittered backoff.
 * Objects are slimmed on arrival; an update that changes nothing the product keeps fires nothing.
 */
export class ResourceWatch<T extends Keyed> implements Disposable {
  private readonly addEmitter = new Emitter<T>();
  private readonly updateEmitter = new Emitter<T>();
  private readonly deleteEmitter = new Emitter<T>();
  private readonly stateEmitter = new Emitter<WatchState>();
  private readonly receiveEmitter = new Emitter<T>();
  readonly onAdd = this.addEmitter.event;
  /** A stored object changed in what the product keeps. */
  readonly onUpdate = this.updateEmitter.event;
  readonly onDelete = this.deleteEmitter.event;
  readonly onDidChangeState = this.stateEmitter.event;
  /** Every object the watch delivers, changed or not (views that show the whole object from the server). */
  readonly onReceive = this.receiveEmitter.event;

  private readonly api: KubeApi;
  private readonly objects = new Map<string, T>();
  private resourceVersion = '';
  private stream: WatchStream | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private healthyTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private currentState: WatchState = 'connecting';
  private error: KubeApiError | undefined;
  private listed = false;
  private stopped = false;
  private hasSettled = false;
  private readonly firstResult: Promise<void>;
  private settleFirst!: () => void;

  constructor(
    config: KubeConfig,
    private readonly options: ResourceWatchOptions<T>,
  ) {
    this.api = new KubeApi(config, { limits: options.limits });
    this.firstResult = new Promise((resolve) => (this.settleFirst = resolve));
  }

  get state(): WatchState {
    return this.currentState;
  }

  /** Why the collection is in `error`; undefined in every other state. */
  get lastError(): KubeApiError | undefined {
    return this.currentState === 'error' ? this.error : undefined;
  }

  /** True once the first list has arrived or failed (a later reconnect does not make it false again). */
  get settled(): boolean {
    return this.hasSettled;
  }

  /** True once a list has arrived: `list()` holds the collection as of the last good list and watch. */
  get hasListed(): boolean {
    return this.listed;
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

  /** Begins the first list; `whenSettled` tells when it is in. */
  start(): Promise<void> {
    void this.cycle();
    return Promise.resolve();
  }

  /** One list (when no resourceVersion is known) and one watch; then the next cycle, at once or after the backoff. */
  private async cycle(): Promise<void> {
    if (this.stopped) return;
    let opened = 0;
    let received = false;
    // A watch from the version a list just gave that expires at once would expire again: that is a loop. One
    // resumed from an older version may simply have outlived it (kube-apiserver restarted): relist at once.
    const fromFreshList = !this.resourceVersion;
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
            else failure = fromStatus(code, event.object, this.options.what);
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
      try {
        await stream.ended;
      } catch (error) {
        // An ERROR event closes the stream itself: its reason, not the closed connection, is what failed.
        if (!failure && !expired) throw error;
      }
      clearTimeout(this.healthyTimer);
      this.stream = undefined;
      if (this.stopped) return;
      if (failure) throw failure;
      if (expired) this.resourceVersion = '';
      if (performance.now() - opened < healthyAfter) {
        // Resuming at once would be a loop: an empty answer, or a 410 right after a fresh list.
        if (expired && fromFreshList) throw new KubeApiError('expired', `${this.options.what}: the watch expired (410 Gone) as soon as it opened`, 410);
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

  private async relist(): Promise<void> {
    const result = await this.api.list(this.options.path, this.options.what, {
      labelSelector: this.options.labelSelector,
      fieldSelector: this.options.fieldSelector,
      pageSize: this.options.pageSize,
      map: this.options.slim,
    });
    if (this.stopped) return;
    const fresh = new Map<string, T>();
    for (const item of result.items as T[]) fresh.set(keyOf(item), item);
    for (const [key, old] of this.objects) {
      if (fresh.has(key)) continue;
      this.objects.delete(key);
      this.deleteEmitter.fire(old);
    }
    for (const item of fresh.values()) this.store(item);
    this.resourceVersion = result.resourceVersion;
    this.listed = true;
    // The first list makes the collection usable at once; after a failure, the watch must prove itself first.
    if (!this.hasSettled) {
      this.setState('synced');
      this.settle();
    }
  }

  /** Applies one watch event; returns an error for an event that is not one. */
  private apply(event: WatchEvent): KubeApiError | undefined {
    const version = (event.object.metadata as { resourceVersion?: unknown } | undefined)?.resourceVersion;
    if (event.type === 'BOOKMARK') {
      if (typeof version === 'string' && version) this.resourceVersion = version;
      return undefined;
    }
    if (event.type !== 'ADDED' && event.type !== 'MODIFIED' && event.type !== 'DELETED') {
      return new KubeApiError('protocol', `${this.options.what}: the watch sent an event of unknown type ${JSON.stringify(event.type.slice(0, 40))}`);
    }
    const object = this.options.slim(event.object);
    if (event.type === 'DELETED') {
      const old = this.objects.get(keyOf(object));
      if (old) {
        this.objects.delete(keyOf(object));
        this.deleteEmitter.fire(object);
      }
    } else {
      this.store(object);
    }
    if (typeof version === 'string' && version) this.resourceVersion = version;
    return undefined;
  }

  private store(object: T): void {
    const key = keyOf(object);
    const old = this.objects.get(key);
    this.receiveEmitter.fire(object);
    if (!old) {
      this.objects.set(key, object);
      this.addEmitter.fire(object);
    } else if (old.metadata.resourceVersion !== object.metadata.resourceVersion && !sameSlim(old, object)) {
      this.objects.set(key, object);
      this.updateEmitter.fire(object);
    }
    // Otherwise the stored object stays: its identity (and the caches keyed on it) last until it changes.
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
    this.settle();
    this.scheduleCycle();
  }

  private scheduleCycle(): void {
    clearTimeout(this.restartTimer);
    const delay = restartDelay(this.failures++, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random ?? Math.random);
    this.restartTimer = setTimeout(() => void this.cycle(), delay);
    this.restartTimer.unref?.();
  }

  private settle(): void {
    this.hasSettled = true;
    this.settleFirst();
  }

  private setState(state: WatchState): void {
    if (this.currentState === state) return;
    this.currentState = state;
    this.stateEmitter.fire(state);
  }

  dispose(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.healthyTimer);
    this.stream?.close();
    this.stream = undefined;
    this.setState('stopped');
    this.settleFirst();
    for (const emitter of [this.addEmitter, this.updateEmitter, this.deleteEmitter, this.stateEmitter, this.receiveEmitter]) emitter.dispose();
  }
}
