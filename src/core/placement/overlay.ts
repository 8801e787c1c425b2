/**
 * A placement answer as the diagram draws it over the nodes: for each node whether the Pod in question fits
 * there and, if not, the first reason in words the host chose (its language).
 */
import type { FilterEvidence, FilterName } from './filters';
import type { PlacementReport, PlacementState } from './place';

export interface PlacementOverlay {
  /** What is placed: "Pod kube-system/coredns-…" or "Deployment kube-system/coredns". */
  readonly subject: string;
  readonly state: PlacementState;
  readonly boundNode: string | null;
  readonly fits: number;
  readonly total: number;
  /** The scheduler's last FailedScheduling message, if it gave one. */
  readonly said: string | null;
  /** The message the scheduler would write now, when no node fits. */
  readonly message: string | null;
  /** Per node: fits (true), does not (false, with the first failing filter and why), or cannot be judged ('unknown'). */
  readonly nodes: Readonly<Record<string, { readonly fits: boolean | 'unknown'; readonly filter?: string; readonly why?: string }>>;
  /**
   * For a bound Pod, what is known of why it is on its node and not another it fits: the inputs of the scheduler's
   * scores under each node it fits, and the sentence that the scores themselves cannot be read.
   */
  readonly scoreInputs?: { readonly notReadable: string; readonly nodes: Readonly<Record<string, readonly string[]>> };
  /**
   * For a Pod that fits no node: what would make it fit (each change checked by re-running the filters with it), and
   * what the model cannot judge, a line each in the reader's language.
   */
  readonly suggestions?: { readonly heading: string; readonly lines: readonly string[] };
}

export function placementOverlay(
  subject: string,
  report: PlacementReport,
  said: string | null,
  words: (filter: FilterName, evidence: FilterEvidence, node: string) => string,
  scoreInputs?: PlacementOverlay['scoreInputs'],
  suggestions?: PlacementOverlay['suggestions'],
): PlacementOverlay {
  const nodes: Record<string, { fits: boolean | 'unknown'; filter?: string; why?: string }> = {};
  for (const verdict of report.nodes) {
    const first = verdict.failures[0];
    nodes[verdict.node] = first
      ? { fits: false, filter: first.filter, why: first.evidence.map((evidence) => words(first.filter, evidence, verdict.node)).join('; ') }
      : { fits: verdict.feasible };
  }
  return {
    subject,
    state: report.state,
    boundNode: report.boundNode,
    fits: report.feasible.length,
    total: report.nodes.length,
    said,
    message: report.message,
    nodes,
    ...(scoreInputs && { scoreInputs }),
    ...(suggestions && suggestions.lines.length > 0 && { suggestions }),
  };
}
