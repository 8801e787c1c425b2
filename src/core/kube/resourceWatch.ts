import type { KubeConfig, KubernetesObject, ListWatch } from '@kubernetes/client-node';
import { loadKubeClient } from './loadClient';
import { KubeApi, type KubeApiError, toKubeApiError } from './kubeApi';
import type { SlimMeta } from './slim';
import { Emitter } from '../util/event';
import type { Disposable } from '../util/disposable';

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
  /** Injected for tests: how long to wait before a restart. */
  readonly random?: () => number;
}

type Keyed = { readonly metadata: SlimMeta };

export const DEFAULT_BACKOFF = { initialMs: 1_000, maxMs: 30_000 } as const;

/**
 * Milliseconds before restart number `failures` (0-based): doubling from initialMs, capped at maxMs, with
 * jitter in [50%, 100%] so many clients do not return to a recovering server at the same moment.
 */
export function restartDelay(failures: number, backoff: { readonly initialMs: number; readonly maxMs: number }, random: () => number): number {
  const capped = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(failures, 30));
  return capped * (0.5 + 0.5 * random());
}

/**
 * One collection kept in sync with the cluster by client-node's ListWatch (list, then watch; relist after
 * 410 Gone; resume from the last resourceVersion after a normal close). Objects are slimmed on arrival,
 * lists are paginated, and after an error the watch restarts with capped exponential backoff and jitter.
 */
export class ResourceWatch<T extends Keyed> implements Disposable {
  private readonly addEmitter = new Emitter<T>();
  private readonly updateEmitter = new Emitter<T>();
  private readonly deleteEmitter = new Emitter<T>();
  private readonly stateEmitter = new Emitter<WatchState>();
  readonly onAdd = this.addEmitter.event;
  readonly onUpdate = this.updateEmitter.event;
  readonly onDelete = this.deleteEmitter.event;
  readonly onDidChangeState = this.stateEmitter.event;

  private listWatch: ListWatch<KubernetesObject> | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private currentState: WatchState = 'connecting';
  private error: KubeApiError | undefined;
  private stopped = false;
  private hasSettled = false;
  private firstResult: Promise<void>;
  private settleFirst!: () => void;

  constructor(
    private readonly config: KubeConfig,
    private readonly options: ResourceWatchOptions<T>,
  ) {
    this.firstResult = new Promise((resolve) => (this.settleFirst = resolve));
  }

  get state(): WatchState {
    return this.currentState;
  }

  get lastError(): KubeApiError | undefined {
    return this.error;
  }

  /** True once the first list has arrived or failed (a later reconnect does not make it false again). */
  get settled(): boolean {
    return this.hasSettled;
  }

  /** Resolves once the first list has arrived or failed; check `state` and `lastError` afterwards. */
  whenSettled(): Promise<void> {
    return this.firstResult;
  }

  get(name: string, namespace?: string): T | undefined {
    return this.listWatch?.get(name, namespace) as T | undefined;
  }

  list(): T[] {
    return this.listWatch ? (this.listWatch.list() as unknown as T[]) : [];
  }

  async start(): Promise<void> {
    const client = await loadKubeClient();
    if (this.stopped) return;
    const api = new KubeApi(this.config);
    const watch = new client.Watch(this.config);
    const { slim } = this.options;
    // The library stores what the watch hands it, so the handler slims objects before they are stored. The
    // wrapper also closes what ListWatch.stop() cannot: a watch it starts after a list that was in flight
    // when stop() was called, or one whose response had not begun when stop() came.
    const slimmingWatch = {
      watch: async (path: string, query: Record<string, string | number | boolean | undefined>, callback: (phase: string, object: unknown, raw: unknown) => void, done: (error: unknown) => void) => {
        if (this.stopped) {
          const closed = new AbortController();
          closed.abort();
          return closed;
        }
        const controller = await watch.watch(path, query, (phase, object, raw) => callback(phase, phase === 'ERROR' || phase === 'BOOKMARK' ? object : slim(object), raw), done);
        if (this.stopped) controller.abort();
        return controller;
      },
    } as unknown as InstanceType<typeof client.Watch>;
    const listFn = async () => {
      const result = await api.list(this.options.path, this.options.what, {
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        pageSize: this.options.pageSize,
        map: slim,
      });
      // ListWatch adds the items right after this promise settles, in the same microtask run; by the next
      // macrotask the cache holds them all.
      setImmediate(() => this.markSynced());
      return { items: result.items as KubernetesObject[], metadata: { resourceVersion: result.resourceVersion } };
    };
    const listWatch = new client.ListWatch<KubernetesObject>(
      this.options.path,
      slimmingWatch,
      listFn as never,
      false,
      this.options.labelSelector,
      this.options.fieldSelector,
    );
    listWatch.on('add', (object) => this.addEmitter.fire(object as unknown as T));
    listWatch.on('update', (object) => {
      this.failures = 0;
      this.updateEmitter.fire(object as unknown as T);
    });
    listWatch.on('delete', (object) => this.deleteEmitter.fire(object as unknown as T));
    listWatch.on('error', (error) => this.onError(error));
    this.listWatch = listWatch;
    void listWatch.start().catch((error: unknown) => this.onError(error));
  }

  private markSynced(): void {
    if (this.stopped) return;
    this.error = undefined;
    // A successful (re)list ends a run of failures: the next error starts the backoff from the beginning.
    this.failures = 0;
    this.setState('synced');
    this.hasSettled = true;
    this.settleFirst();
  }

  private onError(raw: unknown): void {
    if (this.stopped) return;
    this.error = toKubeApiError(raw, this.options.what);
    this.setState('error');
    this.hasSettled = true;
    this.settleFirst();
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    clearTimeout(this.restartTimer);
    const delay = restartDelay(this.failures++, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random ?? Math.random);
    this.restartTimer = setTimeout(() => {
      if (this.stopped || !this.listWatch) return;
      this.setState('connecting');
      void this.listWatch.start().catch((error: unknown) => this.onError(error));
    }, delay);
    this.restartTimer.unref?.();
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
    void this.listWatch?.stop();
    this.setState('stopped');
    this.settleFirst();
    for (const emitter of [this.addEmitter, this.updateEmitter, this.deleteEmitter, this.stateEmitter]) emitter.dispose();
  }
}
