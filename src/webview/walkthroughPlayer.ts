/**
 * The Deployment walk-through on the drawing: which step is lit, its caption, and the timer that moves on. It
 * plays on the architecture view only; another view ends it. A live trace lights the same steps, one recorded
 * step at a time, with its own caption; the canned tour and the live trace replace each other.
 */
import { type DiagramStrings, format } from '../core/diagram/strings';
import type { WalkthroughStep } from '../core/diagram/walkthrough';

const walkStepMs = 4000;

export interface WalkthroughStage {
  drawing(): SVGSVGElement | undefined;
  box(id: string): Element | undefined;
  readonly caption: HTMLElement;
  strings(): DiagramStrings;
  /** The play button follows whether a step is shown. */
  playing(playing: boolean): void;
  /** What the caption shows now: a tour's step, a live trace's step, or nothing (the plain architecture). */
  showing(what: 'tour' | LiveStep | undefined): void;
}

/**
 * A live trace's step: the path to light (worked out again on each drawing; undefined when the step has none, so
 * nothing stays lit) and its caption lines.
 */
export interface LiveStep {
  resolve(): WalkthroughStep | undefined;
  readonly caption: readonly string[];
  /** The trace still runs: the caption offers to stop it. */
  readonly running: boolean;
}

export class WalkthroughPlayer {
  private steps: readonly WalkthroughStep[] = [];
  private index: number | null = null;
  private live: LiveStep | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly stage: WalkthroughStage) {}

  get isPlaying(): boolean {
    return this.index !== null;
  }

  get isLive(): boolean {
    return this.live !== undefined;
  }

  /** Something lights the drawing: the tour or a live step. */
  get isShowing(): boolean {
    return this.index !== null || this.live !== undefined;
  }

  /** After each drawing: its steps, lit again; a view other than the architecture ends the walk. */
  drawn(steps: readonly WalkthroughStep[], architecture: boolean): void {
    this.steps = steps;
    if (!architecture) this.end();
    this.apply();
  }

  play(): void {
    this.show(0);
    this.scheduleNext();
  }

  next(): void {
    this.show(Math.min(this.steps.length - 1, (this.index ?? -1) + 1));
  }

  previous(): void {
    this.show(Math.max(0, (this.index ?? 1) - 1));
  }

  stop(): void {
    this.end();
    this.apply();
  }

  /** Lights a live trace's step until the next one (a tour under way ends); undefined puts the light out. */
  showLive(step: LiveStep | undefined): void {
    clearTimeout(this.timer);
    this.index = null;
    this.live = step;
    this.apply();
  }

  private end(): void {
    clearTimeout(this.timer);
    this.index = null;
    this.live = undefined;
  }

  private show(index: number): void {
    clearTimeout(this.timer);
    this.index = index;
    this.live = undefined;
    this.apply();
  }

  private scheduleNext(): void {
    this.timer = setTimeout(() => {
      if (this.index === null || this.index >= this.steps.length - 1) return;
      this.index++;
      this.apply();
      this.scheduleNext();
    }, walkStepMs);
  }

  private apply(): void {
    const svg = this.stage.drawing();
    if (!svg) return;
    for (const lit of svg.querySelectorAll('.ca-lit')) lit.classList.remove('ca-lit');
    const step = this.index === null ? this.live?.resolve() : this.steps[this.index];
    // Only a path dims the rest: a live step with none leaves the drawing plain beside its caption.
    const lights = !!step && (step.edgeIds.length > 0 || step.boxIds.length > 0);
    svg.classList.toggle('ca-walking', lights);
    this.stage.playing(this.index !== null);
    const caption = this.stage.caption;
    caption.classList.toggle('ca-caption-live', this.live !== undefined);
    if (step) {
      const edgeIds = new Set(step.edgeIds);
      for (const edge of svg.querySelectorAll('.ca-edge'))
        if (edgeIds.has(edge.getAttribute('data-edge') ?? '')) edge.classList.add('ca-lit');
      for (const id of step.boxIds) this.stage.box(id)?.classList.add('ca-lit');
    }
    if (this.index !== null && step) {
      caption.textContent = `${format(this.stage.strings().walkthroughStep, step.index + 1, this.steps.length)}: ${step.text}`;
      this.stage.showing('tour');
      return;
    }
    if (!this.live) {
      caption.replaceChildren();
      this.stage.showing(undefined);
      return;
    }
    // Cluster text (names, messages) is set as text nodes, one line each: never parsed as markup.
    caption.replaceChildren(
      ...this.live.caption.map((line) => {
        const element = document.createElement('div');
        element.textContent = line;
        return element;
      }),
    );
    this.stage.showing(this.live);
  }
}
