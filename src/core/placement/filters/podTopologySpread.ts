/**
 * PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread): each DoNotSchedule constraint's skew,
 * counted once per question (its PreFilter) and judged per node.
 */
import type { BoundPodsView } from '../boundPods';
import type { SchedulingNode, SchedulingPod } from '../objects';
import { labelSelectorMatches } from '../selectors';
import type { Check, FilterContext, SpreadState } from './framework';
import { nodeAffinity } from './nodeAffinity';

/** What the filter reads of the bound Pods, worked out once per question (the plugin's PreFilter). */
export function spreadState(
  question: { readonly pod: SchedulingPod; readonly nodes: readonly SchedulingNode[] },
  bound: BoundPodsView | null,
  context: FilterContext,
): SpreadState | null {
  const { pod, nodes } = question;
  const constraints = pod.topologySpread.filter((constraint) => constraint.whenUnsatisfiable === 'DoNotSchedule');
  if (constraints.length === 0) return { counts: [], minimums: [], selfMatch: [] };
  if (!bound) return null;
  // The domains are those of nodes the Pod's node selector and required affinity allow, with every key present.
  const eligible = nodes.filter(
    (node) =>
      constraints.every((constraint) => node.labels[constraint.topologyKey] !== undefined) && nodeAffinity(node, context) === undefined,
  );
  const counted = context.wording.spreadCountsExcludedNodes
    ? nodes.filter((node) => constraints.every((constraint) => node.labels[constraint.topologyKey] !== undefined))
    : eligible;
  const counts = constraints.map((constraint) => {
    const domains = new Map<string, number>(eligible.map((node) => [node.labels[constraint.topologyKey]!, 0]));
    for (const node of counted) {
      const domain = node.labels[constraint.topologyKey]!;
      if (!domains.has(domain)) continue;
      let matching = domains.get(domain)!;
      for (const other of bound.load(node.name).pods.values()) {
        // Terminating Pods do not count toward the spread.
        if (!other.deleting && other.namespace === pod.namespace && labelSelectorMatches(constraint.labelSelector, other.labels))
          matching++;
      }
      domains.set(domain, matching);
    }
    return domains;
  });
  const minimums = counts.map((domains, index) => {
    const values = [...domains.values()];
    const minDomains = context.wording.spreadMinDomains ? constraints[index]!.minDomains : undefined;
    // No domain at all: the scheduler's minimum stays at its maximum, and no skew can fail.
    if (values.length === 0) return Number.MAX_SAFE_INTEGER;
    if (minDomains !== undefined && values.length < minDomains) return 0;
    return Math.min(...values);
  });
  return { counts, minimums, selfMatch: constraints.map((constraint) => labelSelectorMatches(constraint.labelSelector, pod.labels)) };
}

export const podTopologySpread: Check = (node, { wording, spread, spreadConstraints: constraints }) => {
  if (constraints.length === 0) return undefined;
  if (!spread) return 'unknown';
  for (const [index, constraint] of constraints.entries()) {
    const domain = node.labels[constraint.topologyKey];
    if (domain === undefined)
      return {
        filter: 'PodTopologySpread',
        reasons: [wording.spreadLabelMissing],
        evidence: [{ kind: 'spreadLabelMissing', topologyKey: constraint.topologyKey }],
      };
    const matching = spread.counts[index]!.get(domain) ?? 0;
    const minimum = spread.minimums[index]!;
    if (matching + (spread.selfMatch[index] ? 1 : 0) - minimum > constraint.maxSkew) {
      return {
        filter: 'PodTopologySpread',
        reasons: [wording.spread],
        evidence: [{ kind: 'spreadSkew', topologyKey: constraint.topologyKey, domain, matching, minimum, maxSkew: constraint.maxSkew }],
      };
    }
  }
  return undefined;
};
