/**
 * The trace of a context: one at a time, started on request and stopped when asked or when the context changes
 * (its steps stay to read and export), and the wait for the next change to a Deployment or DaemonSet. The
 * Trace view and `cluster-anatomy trace` use it alike; it reads through the context's shared watches.
 */
import type { WatchHub } from '../kube/watchHub';
import { NextChangeWatch } from '../trace/nextChange';
import type { TraceTarget } from '../trace/objects';
import { TraceSession } from '../trace/traceSession';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter, type Event } from '../util/event';

export interface TraceServiceOptions {
  /** The current context's watches; undefined while nothing is connected. */
  hub(): WatchHub | undefined;
  /** The context changed: the trace stops, the wait ends. */
  readonly onDidChangeContext?: Event<unknown>;
  /** How long changes gather before a timeline is rebuilt. */
  readonly throttleMs?: number;
}

export class TraceService implements Disposable {
  private trace: TraceSession | undefined;
  private waiting: NextChangeWatch | undefined;
  private readonly stopEmitter = new Emitter<TraceSession>();
  /** A trace stopped (asked to, replaced, or its context changed); its last timeline stays readable. */
  readonly onDidStop = this.stopEmitter.event;
  private readonly disposables = new DisposableStore();

  constructor(private readonly options: TraceServiceOptions) {
    this.disposables.add(this.stopEmitter);
    if (options.onDidChangeContext) {
      this.disposables.add(
        options.onDidChangeContext(() => {
          this.stop();
          this.stopWaiting();
        }),
      );
    }
  }

  /** The last trace started; it may have stopped. */
  get current(): TraceSession | undefined {
    return this.trace;
  }

  /**
   * Starts a trace of `target` (from `since`, or with its whole history), stopping the last one; undefined when
   * nothing is connected. Its first lists are in once its `start()` resolves.
   */
  start(target: TraceTarget, since?: number): TraceSession | undefined {
    const hub = this.options.hub();
    if (!hub) return undefined;
    this.stop();
    const trace = new TraceSession({
      hub,
      target,
      ...(since !== undefined && { since }),
      ...(this.options.throttleMs !== undefined && { throttleMs: this.options.throttleMs }),
    });
    this.trace = trace;
    void trace.start();
    return trace;
  }

  /** Stops the trace, if one runs. */
  stop(): void {
    const trace = this.trace;
    if (!trace || trace.state === 'stopped') return;
    trace.dispose();
    this.stopEmitter.fire(trace);
  }

  /** Waits for the next change in `namespace` (kube-system by default), ending the last wait; undefined when nothing is connected. */
  waitForNextChange(namespace?: string): NextChangeWatch | undefined {
    const hub = this.options.hub();
    if (!hub) return undefined;
    this.stopWaiting();
    const watch = new NextChangeWatch({ hub, ...(namespace && { namespace }) });
    this.waiting = watch;
    watch.onDidChange(() => {
      if (this.waiting === watch) this.waiting = undefined;
    });
    void watch.start();
    return watch;
  }

  /** Ends the wait for the next change, if one runs. */
  stopWaiting(): void {
    this.waiting?.dispose();
    this.waiting = undefined;
  }

  dispose(): void {
    this.trace?.dispose();
    this.stopWaiting();
    this.disposables.dispose();
  }
}
