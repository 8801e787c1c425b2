/**
 * "Trace the next change": watches one namespace's Deployments and DaemonSets (kube-system by default) and
 * tells, once, which one changed first — its metadata.generation moved (a change to its spec), or it was
 * created after the watch began. The trace of it then starts from the moment the watch began, so the change
 * itself is part of the story.
 */
import type { WatchSubscription } from '../kube/resourceWatch';
import type { WatchHub } from '../kube/watchHub';
import { type Disposable, DisposableStore } from '../util/disposable';
import { errorMessage } from '../util/errors';
import { Emitter } from '../util/event';
import { collectionPath, type TraceObject, traceObjectOf, type TraceTarget } from './objects';

export interface NextChange {
  readonly target: TraceTarget;
  /** The generation before the change; null when the object was created after the watch began. */
  readonly from: number | null;
  readonly to: number | null;
  /** When the watch began, floored to the second: the cluster records most times in whole seconds. */
  readonly since: number;
}

export interface NextChangeOptions {
  /** The context's watches. */
  readonly hub: WatchHub;
  readonly namespace?: string;
  readonly now?: () => number;
}

const watchedKinds = ['Deployment', 'DaemonSet'] as const;

export class NextChangeWatch implements Disposable {
  private readonly changeEmitter = new Emitter<NextChange>();
  /** Fires once, for the first change; the watches stop right after. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly endEmitter = new Emitter<void>();
  /** It stopped without a change (disposed while waiting). */
  readonly onDidStopWaiting = this.endEmitter.event;
  private readonly disposables = new DisposableStore();
  private readonly watches: WatchSubscription<TraceObject>[] = [];
  /** The generation each object had when first listed, by kind/name. */
  private readonly generations = new Map<string, number | null>();
  private done = false;
  private sinceMs = 0;
  private starting: Promise<void> | undefined;

  constructor(private readonly options: NextChangeOptions) {}

  get namespace(): string {
    return this.options.namespace ?? 'kube-system';
  }

  /** Why the objects cannot be watched, when one of the lists failed. */
  get error(): string | undefined {
    const failed = this.watches.find((watch) => watch.state === 'error')?.lastError;
    return failed && errorMessage(failed);
  }

  /** Lists both collections and watches them; resolves once both lists are in (or failed). Asking again waits for the same. */
  start(): Promise<void> {
    this.starting ??= this.connect();
    return this.starting;
  }

  private async connect(): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    this.sinceMs = Math.floor(now / 1000) * 1000;
    for (const kind of watchedKinds) {
      const watch = this.disposables.add(
        this.options.hub.subscribe({
          path: collectionPath(kind, this.namespace),
          what: `${kind}s in ${this.namespace}`,
          slim: (raw) => traceObjectOf(raw, kind),
        }),
      );
      watch.onAdd((object) => this.seen(kind, watch, object));
      watch.onUpdate((object) => this.seen(kind, watch, object));
      this.watches.push(watch);
    }
    await Promise.all(this.watches.map((watch) => watch.start()));
    await Promise.all(this.watches.map((watch) => watch.whenSettled()));
  }

  private seen(kind: (typeof watchedKinds)[number], watch: WatchSubscription<TraceObject>, object: TraceObject): void {
    if (this.done) return;
    const key = `${kind}/${object.metadata.name}`;
    // What the first list holds is the baseline (its objects arrive before the subscription counts as listed),
    // even when an earlier attempt failed.
    if (!watch.hasListed) {
      this.generations.set(key, object.generation);
      return;
    }
    const known = this.generations.has(key);
    const before = this.generations.get(key) ?? null;
    this.generations.set(key, object.generation);
    if (known && before === object.generation) return;
    this.done = true;
    this.changeEmitter.fire({
      target: { kind, namespace: this.namespace, name: object.metadata.name },
      from: known ? before : null,
      to: object.generation,
      since: this.sinceMs,
    });
    this.disposables.dispose();
  }

  dispose(): void {
    const waiting = !this.done;
    this.done = true;
    this.disposables.dispose();
    // Stopped before any change (asked to, or its context closed): whoever waits hears that it ended.
    if (waiting) this.endEmitter.fire();
    this.changeEmitter.dispose();
    this.endEmitter.dispose();
  }
}
