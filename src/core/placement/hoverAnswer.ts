/**
 * The manifest hover's placement part: on the scheduling fields of a Pod or of a workload's Pod template, where
 * that Pod would fit on the connected cluster now, and why not elsewhere. Data for each view to word in its own
 * language, and an English rendering. Node names, label values and taint keys are cluster data: a view that
 * renders markup must escape them.
 */
import { documentsOf, HOVER_BUDGET, type ManifestPosition, type ParsedManifest, type PathSegment, type WorkBudget } from '../yaml/yamlPath';
import type { FilterEvidence, FilterName } from './filters';
import { defaultPlacementStrings, type PlacementStrings, rejectedNodeSentence, type ViewText } from './strings';
import { format } from '../util/catalog';
import type { SchedulingPod } from './objects';
import type { PlacementReport } from './place';
import { type PlacementSuggestion, type PlacementSuggestions, SUGGESTIONS_SHOWN } from './suggest';
import { podSpecPaths } from './suggestEdit';
import { suggestionText } from './suggestText';

/** Pod spec fields whose hover answers where the Pod fits (with anything under them). */
const schedulingFields = new Set(['nodeSelector', 'affinity', 'tolerations', 'nodeName', 'priorityClassName']);

/**
 * Whether a field of a manifest object decides where its Pod may run: nodeSelector, affinity, tolerations,
 * nodeName, priorityClassName and a container's resources.requests, in a Pod or a workload's Pod template.
 */
export function isPlacementField(kind: string, objectPath: readonly PathSegment[]): boolean {
  const prefix = podSpecPaths[kind];
  if (!prefix || objectPath.length <= prefix.length || !prefix.every((segment, index) => objectPath[index] === segment)) return false;
  const [field, item, resources, requests] = objectPath.slice(prefix.length);
  if (typeof field === 'string' && schedulingFields.has(field)) return true;
  return (
    (field === 'containers' || field === 'initContainers') &&
    typeof item === 'number' &&
    resources === 'resources' &&
    requests === 'requests'
  );
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The whole object of the document at a hover position (the List item when the position is in one), as plain
 * values; undefined when its document has errors or cannot be read within the budget. The parse is the hover's
 * own (cached per segment); aliases are expanded under the `yaml` library's alias-count check, as the CLI does.
 */
export function manifestObjectAt(parsed: ParsedManifest, position: ManifestPosition, budget: WorkBudget = HOVER_BUDGET): unknown {
  const segment = parsed.segments.find((candidate) => candidate.docIndex === position.docIndex);
  if (!segment) return undefined;
  const offset = position.range[0] - segment.start;
  const document = documentsOf(parsed, segment, budget).find((candidate) => candidate.range[0] <= offset && offset <= candidate.range[2]);
  if (!document || document.errors.length > 0) return undefined;
  let object: unknown;
  try {
    object = document.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  if (position.listItem === undefined) return object;
  const items = record(object).items;
  return Array.isArray(items) ? items[position.listItem] : undefined;
}

/** What the hover needs of a placement answer (the workspace's PodPlacement is one). */
export interface PlacementHoverInput {
  readonly pod: SchedulingPod;
  readonly report: PlacementReport;
  /** Why the bound Pods are not known, when they are not. */
  readonly boundPodsError?: string;
  /** When it fits no node: what would make it fit. */
  readonly suggestions?: PlacementSuggestions;
}

/** A node that does not fit, with the first reason the scheduler's filters give. */
export interface RejectedNode {
  readonly node: string;
  readonly filter: FilterName;
  /** The first evidence of the first failing filter; null when the filter gave none. */
  readonly evidence: FilterEvidence | null;
}

export interface PlacementHoverAnswer {
  readonly kind: 'answer';
  /** The context the answer is for. */
  readonly context?: string;
  /** The nodes judged. */
  readonly total: number;
  /** How many nodes fit for certain. */
  readonly fits: number;
  /** The first of them (at most FITTING_SHOWN). */
  readonly fitting: readonly string[];
  /** The first nodes that do not fit (at most REJECTED_SHOWN), and how many more do not. */
  readonly rejected: readonly RejectedNode[];
  readonly moreRejected: number;
  /** Nodes that pass every filter that could be judged, with some that could not (at most UNKNOWN_SHOWN), and how many more. */
  readonly unknown: readonly string[];
  readonly moreUnknown: number;
  /** The filters that could not be judged on those nodes. */
  readonly unknownFilters: readonly FilterName[];
  /** Why the Pods bound to nodes are not known (then requests, ports and inter-Pod rules are not judged). */
  readonly boundPodsError?: string;
  /** A DaemonSet: its controller pins one Pod to each node. */
  readonly perNode: boolean;
  /** The manifest names a node: no scheduler places the Pod, that node's kubelet admits it. */
  readonly nodeName?: string;
  /** The manifest names another scheduler: these are the default scheduler's filters. */
  readonly schedulerName?: string;
  /** Scheduling gates that hold the Pod back from the scheduler. */
  readonly gates: readonly string[];
  /** No node fits and the Pod has a priority class: the scheduler may preempt lower-priority Pods. */
  readonly preemptionClass?: string;
  /** Volumes whose filters are not modelled. */
  readonly volumes: readonly string[];
  /** Requests that are not quantities. */
  readonly unreadableRequests: readonly string[];
  /** When it fits no node: the changes that would make it fit (at most SUGGESTIONS_SHOWN), smallest first. */
  readonly suggestions: readonly PlacementSuggestion[];
}

export type PlacementHover =
  /** The cluster's Pods are still being listed (the answer did not come within the hover's time). */
  | { readonly kind: 'listing'; readonly context?: string }
  | { readonly kind: 'unavailable'; readonly context?: string; readonly reason: string }
  | PlacementHoverAnswer;

export const FITTING_SHOWN = 5;
export const REJECTED_SHOWN = 3;
export const UNKNOWN_SHOWN = 3;

export interface PlacementHoverOptions {
  readonly context?: string;
  /** A DaemonSet's template (ManifestPod.perNode). */
  readonly perNode?: boolean;
}

/** The hover's answer from a placement report. */
export function placementHover(input: PlacementHoverInput, options: PlacementHoverOptions = {}): PlacementHoverAnswer {
  const { pod, report } = input;
  const rejected = report.nodes.filter((verdict) => verdict.feasible === false);
  const unknown = report.nodes.filter((verdict) => verdict.feasible === 'unknown');
  const unknownFilters = [...new Set(unknown.flatMap((verdict) => verdict.unknown))];
  return {
    kind: 'answer',
    ...(options.context !== undefined && { context: options.context }),
    total: report.nodes.length,
    fits: report.feasible.length,
    fitting: report.feasible.slice(0, FITTING_SHOWN),
    rejected: rejected.slice(0, REJECTED_SHOWN).map((verdict) => {
      const first = verdict.failures[0]!;
      return { node: verdict.node, filter: first.filter, evidence: first.evidence[0] ?? null };
    }),
    moreRejected: Math.max(0, rejected.length - REJECTED_SHOWN),
    unknown: unknown.slice(0, UNKNOWN_SHOWN).map((verdict) => verdict.node),
    moreUnknown: Math.max(0, unknown.length - UNKNOWN_SHOWN),
    unknownFilters,
    ...(input.boundPodsError !== undefined && { boundPodsError: input.boundPodsError }),
    perNode: options.perNode === true,
    // Only a manifest's own nodeName: a bound Pod's was written by the scheduler's binding.
    ...(report.state === 'nodeName' && pod.nodeName && { nodeName: pod.nodeName }),
    ...(pod.schedulerName !== 'default-scheduler' && { schedulerName: pod.schedulerName }),
    gates: pod.schedulingGates,
    ...(report.feasible.length === 0 &&
      unknown.length === 0 &&
      report.nodes.length > 0 &&
      pod.priorityClassName && { preemptionClass: pod.priorityClassName }),
    volumes: pod.claimNames,
    unreadableRequests: pod.unreadableRequests,
    suggestions: input.suggestions?.suggestions.slice(0, SUGGESTIONS_SHOWN) ?? [],
  };
}

/** Why a node does not fit, with the node as the subject: English, or in the catalog's language and escaped by `text`. */
export function rejectedNodeText(
  { node, filter, evidence }: RejectedNode,
  strings: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): string {
  return evidence ? rejectedNodeSentence(text(node), evidence, strings, text) : format(strings.nodeDoesNotPass, text(node), text(filter));
}

/** The hover's sentences, for a view to lay out: a plain-text line each, or Markdown paragraphs. */
export interface PlacementHoverParts {
  /** "On kind-kind now:" */
  readonly on: string;
  /** Whether and where it fits ("fits 2 of 3 nodes: a, b"), or why that is not known. */
  readonly answer: string;
  /** Why nodes do not fit, one sentence a node, and how many more do not. */
  readonly rejected: readonly string[];
  readonly unknown?: string;
  readonly boundPodsError?: string;
  /** What else decides where it runs, and what is not judged. */
  readonly notes: readonly string[];
  /** "What would make it fit", and a line per suggestion (none when it fits, or nothing the model judges would). */
  readonly suggestHeading?: string;
  readonly suggestions: readonly string[];
}

export function placementHoverParts(
  hover: PlacementHover,
  strings: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): PlacementHoverParts {
  const s = strings;
  const on = hover.context !== undefined ? format(s.hoverOnContext, text(hover.context)) : s.hoverOnCluster;
  if (hover.kind === 'listing') return { on, answer: s.hoverListing, rejected: [], notes: [], suggestions: [] };
  if (hover.kind === 'unavailable')
    return { on, answer: format(s.hoverUnavailable, text(hover.reason)), rejected: [], notes: [], suggestions: [] };
  const list = (names: readonly string[], more: number) => {
    const shown = names.map(text).join(', ');
    return more > 0 ? format(s.hoverListMore, shown, more) : shown;
  };
  let answer = s.hoverNoNode;
  const rejected: string[] = [];
  if (hover.total > 0) {
    const certain = hover.unknown.length > 0;
    const fits =
      hover.total === 1
        ? format(certain ? s.hoverFitsOneCertain : s.hoverFitsOne, hover.fits)
        : format(certain ? s.hoverFitsCertain : s.hoverFits, hover.fits, hover.total);
    answer = `${fits}${hover.fits > 0 ? `: ${list(hover.fitting, hover.fits - hover.fitting.length)}` : ''}`;
    rejected.push(...hover.rejected.map((node) => rejectedNodeText(node, s, text)));
    if (hover.moreRejected > 0)
      rejected.push(hover.moreRejected === 1 ? s.hoverMoreRejectedOne : format(s.hoverMoreRejected, hover.moreRejected));
  }
  let unknown: string | undefined;
  if (hover.unknown.length > 0) {
    const count = hover.unknown.length + hover.moreUnknown;
    const filters = text(hover.unknownFilters.join(', '));
    const names = list(hover.unknown, hover.moreUnknown);
    unknown = count === 1 ? format(s.hoverUnknownOne, filters, names) : format(s.hoverUnknown, count, filters, names);
  }
  const notes: string[] = [];
  if (hover.perNode) notes.push(s.hoverPerNode);
  if (hover.nodeName !== undefined) notes.push(format(s.hoverNodeName, text(hover.nodeName)));
  if (hover.schedulerName !== undefined) notes.push(format(s.hoverSchedulerName, text(hover.schedulerName)));
  if (hover.gates.length > 0) notes.push(format(s.hoverGates, text(hover.gates.join(', '))));
  if (hover.preemptionClass !== undefined) notes.push(format(s.hoverPreemption, text(hover.preemptionClass)));
  if (hover.volumes.length > 0) notes.push(format(s.hoverVolumes, text(hover.volumes.join(', '))));
  if (hover.unreadableRequests.length > 0) notes.push(format(s.hoverUnreadableRequests, text(hover.unreadableRequests.join(', '))));
  return {
    on,
    answer,
    rejected,
    ...(unknown !== undefined && { unknown }),
    ...(hover.boundPodsError !== undefined && { boundPodsError: format(s.hoverBoundPodsError, text(hover.boundPodsError)) }),
    notes,
    ...(hover.suggestions.length > 0 && { suggestHeading: s.suggestHeading }),
    suggestions: hover.suggestions.map((suggestion) => suggestionText(suggestion, s, text)),
  };
}

/** The hover's placement part as plain text, one sentence per line (English by default). */
export function placementHoverText(hover: PlacementHover, strings: PlacementStrings = defaultPlacementStrings): string {
  const parts = placementHoverParts(hover, strings);
  const head = `${parts.on} ${parts.answer}${parts.rejected.map((line) => `; ${line}`).join('')}`;
  return [
    head,
    ...(parts.unknown !== undefined ? [parts.unknown] : []),
    ...(parts.boundPodsError !== undefined ? [parts.boundPodsError] : []),
    ...(parts.suggestHeading !== undefined ? [parts.suggestHeading, ...parts.suggestions.map((line) => `- ${line}`)] : []),
    ...parts.notes,
  ].join('\n');
}
