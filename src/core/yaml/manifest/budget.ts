/** How much work a parse or a walk may do: hovers stay fast on hostile files, commands may take longer. */

/**
 * How much work one question about a manifest may cost. A step is one YAML token lexed, or one token composed
 * into the document tree; each step is linear in its token's length. The clock is read every 1,024 steps.
 */
export interface WorkBudget {
  readonly maxSteps: number;
  readonly maxMillis?: number;
  /** Milliseconds, monotonic; defaults to performance.now (tests inject their own). */
  readonly clock?: () => number;
}

/** A hover runs on the extension host's thread: beyond this it answers "too large to explain here". */
export const HOVER_BUDGET: WorkBudget = { maxSteps: 200_000, maxMillis: 200 };

/** The command line may take longer, but not forever. */
export const COMMAND_BUDGET: WorkBudget = { maxSteps: 2_000_000, maxMillis: 10_000 };

/**
 * Deeper nesting is refused before the YAML composer recurses into it: real manifests (CRD schemas included)
 * stay far below, and 10,000 nested `{` crash V8 itself (an allocation failure in its RegExp compiler).
 */
export const MAX_NESTING = 256;

export class BudgetExceeded extends Error {}
/** Nesting is refused whatever the budget: it is recorded as running out of an unbounded one. */
export const unboundedBudget: WorkBudget = { maxSteps: Number.POSITIVE_INFINITY };

export class BudgetMeter {
  private steps = 0;
  private readonly clock: () => number;
  private readonly deadline: number;

  constructor(readonly budget: WorkBudget) {
    this.clock = budget.clock ?? (() => performance.now());
    this.deadline = budget.maxMillis === undefined ? Number.POSITIVE_INFINITY : this.clock() + budget.maxMillis;
  }

  step(count = 1): void {
    const before = this.steps;
    this.steps += count;
    if (this.steps > this.budget.maxSteps) throw new BudgetExceeded();
    if (this.steps >> 10 !== before >> 10 && this.clock() > this.deadline) throw new BudgetExceeded();
  }
}
