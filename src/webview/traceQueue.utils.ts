/**
 * The live trace's steps on the drawing, one at a time: each stays lit at least `minShowMs` so a person can read
 * it, and the last stays until the next. Steps that arrive while one is shown wait; a waiting step of the same
 * kind as the one before it replaces it (the caption counts it), and past `maxWaiting` the oldest waiting steps
 * are folded into the next, so a rollout of hundreds of Pods never queues minutes of light.
 */
export interface TraceQueueOptions {
  readonly minShowMs?: number;
  readonly maxWaiting?: number;
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

interface Waiting<T> {
  readonly item: T;
  /** Steps folded into this one. */
  readonly more: number;
}

export class TraceStepQueue<T> {
  private waiting: Waiting<T>[] = [];
  private timer: unknown;
  private readonly minShowMs: number;
  private readonly maxWaiting: number;

  constructor(
    private readonly show: (item: T, more: number) => void,
    private readonly sameKind: (a: T, b: T) => boolean,
    private readonly options: TraceQueueOptions = {},
  ) {
    this.minShowMs = options.minShowMs ?? 700;
    this.maxWaiting = options.maxWaiting ?? 4;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  push(item: T): void {
    if (this.timer === undefined) {
      this.display({ item, more: 0 });
      return;
    }
    const last = this.waiting[this.waiting.length - 1];
    if (last && this.sameKind(last.item, item)) {
      this.waiting[this.waiting.length - 1] = { item, more: last.more + 1 };
      return;
    }
    this.waiting.push({ item, more: 0 });
    while (this.waiting.length > this.maxWaiting) {
      const dropped = this.waiting.shift()!;
      const next = this.waiting[0]!;
      this.waiting[0] = { item: next.item, more: next.more + dropped.more + 1 };
    }
  }

  /** Nothing waits any more, and the next step shows at once. */
  clear(): void {
    if (this.timer !== undefined)
      (this.options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = undefined;
    this.waiting = [];
  }

  private display(entry: Waiting<T>): void {
    this.show(entry.item, entry.more);
    this.timer = (this.options.setTimer ?? setTimeout)(() => this.next(), this.minShowMs);
  }

  private next(): void {
    this.timer = undefined;
    const entry = this.waiting.shift();
    if (entry) this.display(entry);
  }
}
