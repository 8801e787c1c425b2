/**
 * A saved trace played again: its steps shown one after another at the pace the cluster recorded them (or
 * faster), or step by step. The views show `current` (the steps so far) as they show a live trace's timeline,
 * and light each step as it comes.
 */
import type { Disposable } from '../util/disposable';
import { Emitter } from '../util/event';
import type { SavedTrace } from './savedTrace';
import type { Trace, TraceStep } from './timeline';

export type ReplayState = 'paused' | 'playing' | 'ended';

/** Faster than recorded: 1 is the recorded pace. */
export const replaySpeeds = [1, 4, 16] as const;
export type ReplaySpeed = (typeof replaySpeeds)[number];

/** A quiet stretch longer than this (at the recorded pace) is shortened to it: minutes of nothing are not replayed. */
export const MAX_REPLAY_PAUSE_MS = 10_000;

export interface ReplayClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: ReplayClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class TraceReplay implements Disposable {
  private readonly changeEmitter = new Emitter<Trace>();
  private readonly stepEmitter = new Emitter<TraceStep>();
  /** The steps shown changed (a step came, or went back). */
  readonly onDidChange = this.changeEmitter.event;
  /** A step came into the replay (played or stepped to): the diagram lights it. */
  readonly onDidShowStep = this.stepEmitter.event;
  private shownCount = 0;
  private timer: unknown;
  private playing = false;
  private currentSpeed: ReplaySpeed = 1;
  private disposed = false;

  /** `position`: how many steps are shown at first (all of them: the trace as saved, ready to replay). */
  constructor(
    readonly saved: SavedTrace,
    private readonly clock: ReplayClock = systemClock,
    position = 0,
  ) {
    this.shownCount = Math.max(0, Math.min(position, saved.trace.steps.length));
  }

  get target(): Trace['target'] {
    return this.saved.trace.target;
  }

  /** How many of the saved steps are shown. */
  get position(): number {
    return this.shownCount;
  }

  get length(): number {
    return this.saved.trace.steps.length;
  }

  get speed(): ReplaySpeed {
    return this.currentSpeed;
  }

  get state(): ReplayState {
    if (this.playing) return 'playing';
    return this.shownCount >= this.length ? 'ended' : 'paused';
  }

  /** The saved trace with the steps shown so far. */
  get current(): Trace {
    const trace = this.saved.trace;
    return { ...trace, steps: trace.steps.slice(0, this.shownCount) };
  }

  /** The step most recently shown. */
  get step(): TraceStep | undefined {
    return this.saved.trace.steps[this.shownCount - 1];
  }

  /** Plays from where it is (from the start once it has ended) at `speed` times the recorded pace. */
  play(speed: ReplaySpeed = this.currentSpeed): void {
    if (this.disposed) return;
    this.currentSpeed = speed;
    this.cancelTimer();
    if (this.shownCount >= this.length) this.moveTo(0);
    this.playing = true;
    this.changeEmitter.fire(this.current);
    this.scheduleNext();
  }

  pause(): void {
    this.cancelTimer();
    this.changeEmitter.fire(this.current);
  }

  /** One step on (pausing the replay). */
  next(): void {
    this.cancelTimer();
    if (this.shownCount < this.length) this.moveTo(this.shownCount + 1);
  }

  /** One step back (pausing the replay). */
  previous(): void {
    this.cancelTimer();
    if (this.shownCount > 0) this.moveTo(this.shownCount - 1);
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer();
    this.changeEmitter.dispose();
    this.stepEmitter.dispose();
  }

  /** How long to wait before step `index`: the recorded time since the step before, shortened and sped up. */
  delayBefore(index: number): number {
    const steps = this.saved.trace.steps;
    if (index === 0) return 0;
    const gap = Math.max(0, steps[index]!.at - steps[index - 1]!.at);
    return Math.min(gap, MAX_REPLAY_PAUSE_MS) / this.currentSpeed;
  }

  private scheduleNext(): void {
    if (this.shownCount >= this.length) {
      this.playing = false;
      this.changeEmitter.fire(this.current);
      return;
    }
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      if (this.disposed || !this.playing) return;
      this.moveTo(this.shownCount + 1);
      // A listener may have paused it.
      if (this.playing) this.scheduleNext();
    }, this.delayBefore(this.shownCount));
  }

  private moveTo(count: number): void {
    const forward = count > this.shownCount;
    this.shownCount = count;
    this.changeEmitter.fire(this.current);
    if (forward && this.step) this.stepEmitter.fire(this.step);
  }

  private cancelTimer(): void {
    this.playing = false;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
