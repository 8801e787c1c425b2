/**
 * The manifest hover's placement part: on the scheduling fields of a Pod or of a workload's Pod template, where
 * that Pod would fit on the connected cluster now, and why not elsewhere. Data for each view to word in its own
 * language, and an English rendering. Node names, label values and taint keys are cluster data: a view that
 * renders markup must escape them.
 */
import { documentsOf, HOVER_BUDGET, type ManifestPosition, type ParsedManifest, type PathSegment, type WorkBudget } from '../yaml/yamlPath';
import { type FilterEvidence, type FilterName, spreadSkewOf, taintText, unrequestedText } from './filters';
import type { SchedulingPod } from './objects';
import type { PlacementReport } from './place';

/** Where the Pod spec sits in each kind that makes Pods. */
const podSpecPaths: Readonly<Record<string, readonly string[]>> = {
  Pod: ['spec'],
  Deployment: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

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
  return (field === 'containers' || field === 'initContainers') && typeof item === 'number' && resources === 'resources' && requests === 'requests';
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

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
    ...(report.feasible.length === 0 && unknown.length === 0 && report.nodes.length > 0 && pod.priorityClassName && { preemptionClass: pod.priorityClassName }),
    volumes: pod.claimNames,
    unreadableRequests: pod.unreadableRequests,
  };
}

/** Why a node does not fit, with the node as the subject, in English. */
export function rejectedNodeText({ node, filter, evidence }: RejectedNode): string {
  if (!evidence) return `${node} does not pass ${filter}`;
  switch (evidence.kind) {
    case 'unschedulable':
      return `${node} is cordoned (spec.unschedulable)`;
    case 'nodeName':
      return `${node} is not the node spec.nodeName names (${evidence.wanted})`;
    case 'taint':
      return `${node} has the taint ${taintText(evidence.taint)}, not tolerated`;
    case 'nodeSelector':
      return evidence.actual === null
        ? `${node} has no label ${evidence.key} (nodeSelector ${evidence.key}=${evidence.wanted})`
        : `${node} has ${evidence.key}=${evidence.actual}, not ${evidence.wanted} (nodeSelector)`;
    case 'nodeAffinity':
      if (evidence.terms === 0) return `${node}: the required node affinity has no terms, which matches no node`;
      return evidence.firstFailing
        ? `${node} matches none of the ${evidence.terms} required node affinity terms (${evidence.firstFailing})`
        : `${node} matches none of the ${evidence.terms} required node affinity terms`;
    case 'hostPort':
      return `${node}: host port ${evidence.port.port}/${evidence.port.protocol} is taken by ${evidence.usedBy}`;
    case 'tooManyPods':
      return `${node} already runs ${evidence.pods} Pods and allows ${evidence.allowed}`;
    case 'insufficient': {
      const amounts = unrequestedText(evidence);
      return `${node} has ${amounts.free} of ${amounts.allocatable} ${evidence.resource} unrequested, the Pod requests ${amounts.requested}`;
    }
    case 'spreadLabelMissing':
      return `${node} has no label ${evidence.topologyKey}, which a topology spread constraint needs`;
    case 'spreadSkew':
      return `${node}: ${evidence.topologyKey}=${evidence.domain} has ${evidence.matching} matching Pods; with this one it would be ${spreadSkewOf(evidence)} above the least loaded domain (${evidence.minimum}), more than maxSkew ${evidence.maxSkew}`;
    case 'affinity':
      return evidence.domain === null
        ? `${node} has no label ${evidence.topologyKey}, the required Pod affinity's topology key`
        : `${node}: no Pod the required Pod affinity selects runs in ${evidence.topologyKey}=${evidence.domain}`;
    case 'antiAffinity':
      return `${node}: ${evidence.pod} runs in ${evidence.topologyKey}=${evidence.domain}, and the Pod's required anti-affinity selects it`;
    case 'existingAntiAffinity':
      return `${node}: ${evidence.pod} runs in ${evidence.topologyKey}=${evidence.domain}, and its required anti-affinity selects this Pod`;
  }
}

const nodes = (count: number) => `${count} node${count === 1 ? '' : 's'}`;
const listed = (names: readonly string[], more: number) => `${names.join(', ')}${more > 0 ? `, … and ${more} more` : ''}`;

/** The hover's placement part in English, one sentence per line. */
export function placementHoverText(hover: PlacementHover): string {
  const on = hover.context !== undefined ? `On ${hover.context} now` : 'On the cluster now';
  if (hover.kind === 'listing') return `${on}: listing the cluster's Pods…`;
  if (hover.kind === 'unavailable') return `${on}: where it fits is not known: ${hover.reason}`;
  const lines: string[] = [];
  if (hover.total === 0) {
    lines.push(`${on}: no node is known (none is listed, or the nodes cannot be read)`);
  } else {
    const certain = hover.unknown.length > 0 ? ' for certain' : '';
    const fitting = hover.fits > 0 ? `: ${listed(hover.fitting, hover.fits - hover.fitting.length)}` : '';
    const rejected = hover.rejected.map((node) => `; ${rejectedNodeText(node)}`).join('');
    const more = hover.moreRejected > 0 ? `; … and ${hover.moreRejected} more ${hover.moreRejected === 1 ? 'node that does' : 'nodes that do'} not fit` : '';
    lines.push(`${on}: fits ${hover.fits} of ${nodes(hover.total)}${certain}${fitting}${rejected}${more}`);
  }
  if (hover.unknown.length > 0) {
    const count = hover.unknown.length + hover.moreUnknown;
    lines.push(`Not known for ${nodes(count)} that ${count === 1 ? 'passes' : 'pass'} the other filters (${hover.unknownFilters.join(', ')} not judged): ${listed(hover.unknown, hover.moreUnknown)}`);
  }
  if (hover.boundPodsError !== undefined) lines.push(`The Pods bound to the nodes are not known (${hover.boundPodsError}): what they request and use is not judged.`);
  if (hover.perNode) lines.push('Its controller pins one Pod to each node: the DaemonSet runs a Pod on each node that fits.');
  if (hover.nodeName !== undefined) lines.push(`spec.nodeName names ${hover.nodeName}: no scheduler places the Pod; the kubelet of ${hover.nodeName} admits it by its own checks.`);
  if (hover.schedulerName !== undefined) lines.push(`spec.schedulerName is ${hover.schedulerName}: these are the default scheduler's filters.`);
  if (hover.gates.length > 0) lines.push(`Scheduling gates (${hover.gates.join(', ')}) hold the Pod: the scheduler does not consider it until they are removed.`);
  if (hover.preemptionClass !== undefined) lines.push(`With priority class ${hover.preemptionClass} the scheduler may evict lower-priority Pods to make room.`);
  if (hover.volumes.length > 0) lines.push(`Not judged: the volume filters (${hover.volumes.join(', ')}).`);
  if (hover.unreadableRequests.length > 0) lines.push(`Not judged: requests that are not quantities (${hover.unreadableRequests.join(', ')}).`);
  return lines.join('\n');
}
