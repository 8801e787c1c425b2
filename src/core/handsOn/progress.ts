/**
 * The learner's progress through the hands-on: a step is theirs once they have run its commands (typed in a
 * terminal, or sent by the step's button) and its check holds. VS Code keeps a walkthrough step ticked for good,
 * so this also remembers which steps were ticked, to say when one of them no longer holds, and why.
 */
import type { ClusterAnatomy } from '../anatomy/types';
import { type Finding, HANDS_ON_STEPS, type HandsOnReport, type HandsOnStep, type HandsOnStepId } from './checks';
import { handsOnCommands, handsOnExpectations } from './commands';
import { matchLine } from './commandMatch';

/**
 * not-run: its commands have not all been run yet; holds: run, and the check holds; checking: run, and the
 * check is still watching (a Lease's next renewal); does-not-hold: run, and the cluster is not as the article
 * says; no-longer-holds: it held (the walkthrough ticked it) and has stopped holding since.
 */
export type StepState = 'not-run' | 'holds' | 'checking' | 'does-not-hold' | 'no-longer-holds';

export interface StepProgress {
  readonly id: HandsOnStepId;
  readonly state: StepState;
  /** How many of the step's commands the learner has run, of how many it has. */
  readonly ran: number;
  readonly of: number;
  /** What keeps it from holding: its failing or uncheckable findings. */
  readonly why: readonly Finding[];
}

/** What is kept between windows: the commands run (`step:index`) and the steps the walkthrough ticked. */
export interface HandsOnRunsState {
  readonly ran: readonly string[];
  readonly ticked: readonly string[];
}

const isStep = (value: string): value is HandsOnStepId => (HANDS_ON_STEPS as readonly string[]).includes(value);

/** A step's state from whether it was run, whether it was ever ticked, and what its check says now. */
export function stepState(step: HandsOnStep | undefined, ran: boolean, ticked: boolean): StepState {
  if (!ran) return 'not-run';
  if (!step || step.outcome === 'waiting') return 'checking';
  if (step.outcome === 'done') return 'holds';
  return ticked ? 'no-longer-holds' : 'does-not-hold';
}

export class HandsOnRuns {
  private readonly ran = new Set<string>();
  private readonly ticked = new Set<HandsOnStepId>();

  constructor(state?: HandsOnRunsState) {
    for (const key of state?.ran ?? []) if (isStep(key.split(':')[0]!)) this.ran.add(key);
    for (const id of state?.ticked ?? []) if (isStep(id)) this.ticked.add(id);
  }

  /**
   * A command line the learner ran, with the anatomy of the context it ran against: the steps one of whose
   * commands it was, each recorded as run. A failed command (exit code other than 0) shows nothing and counts
   * for nothing; an unknown exit code (a shell that does not say) counts.
   */
  recordLine(line: string, anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'>, exitCode?: number): HandsOnStepId[] {
    if (exitCode !== undefined && exitCode !== 0) return [];
    const steps: HandsOnStepId[] = [];
    for (const id of HANDS_ON_STEPS) {
      const matched = matchLine(line, handsOnExpectations(id, anatomy));
      if (matched.length === 0) continue;
      for (const index of matched) this.ran.add(`${id}:${index}`);
      steps.push(id);
    }
    return steps;
  }

  /** Commands of a step sent by its own button: all of them, or the one at `index`. */
  recordStep(id: HandsOnStepId, anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'>, index?: number): void {
    const count = handsOnCommands(id, anatomy).length;
    for (let each = 0; each < count; each++) if (index === undefined || index === each) this.ran.add(`${id}:${each}`);
  }

  /** Whether the command at `index` of a step was run. */
  ranCommand(id: HandsOnStepId, index: number): boolean {
    return this.ran.has(`${id}:${index}`);
  }

  /** How many of the step's commands were run. */
  private runCount(id: HandsOnStepId, of: number): number {
    let count = 0;
    for (let index = 0; index < of; index++) if (this.ran.has(`${id}:${index}`)) count++;
    return count;
  }

  /**
   * Each step's progress against the report, and the steps that are now the learner's (run and holding), which
   * the walkthrough ticks: those are remembered as ticked from here on.
   */
  update(report: HandsOnReport | undefined, anatomy: Pick<ClusterAnatomy, 'context' | 'nodes'> | undefined): StepProgress[] {
    return HANDS_ON_STEPS.map((id) => {
      const step = report?.steps.find((candidate) => candidate.id === id);
      const of = anatomy ? handsOnCommands(id, anatomy).length : 0;
      const ran = this.runCount(id, of);
      const state = stepState(step, of > 0 && ran === of, this.ticked.has(id));
      if (state === 'holds') this.ticked.add(id);
      const why = (step?.findings ?? []).filter((finding) => finding.outcome === 'fails' || finding.outcome === 'unknown');
      return { id, state, ran, of, why: state === 'does-not-hold' || state === 'no-longer-holds' ? why : [] };
    });
  }

  /** Forgets everything: the learner starts the hands-on again. */
  reset(): void {
    this.ran.clear();
    this.ticked.clear();
  }

  get state(): HandsOnRunsState {
    return { ran: [...this.ran].sort(), ticked: [...this.ticked].sort() };
  }
}
