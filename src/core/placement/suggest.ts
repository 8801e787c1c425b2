/**
 * "What should I change?" for a Pod that fits no node: changes to the Pod (or a host port another Pod holds)
 * that would make it fit, each found by re-running the model's own filters with the change applied, so a change
 * is only suggested when the model then says the Pod fits. What the model cannot judge (volumes, preemption,
 * requests that are not quantities, a nodeName) is said plainly instead of guessed around.
 */
import type { BoundPodsView } from './boundPods';
import { type FilterEvidence, spreadSkewOf } from './filters';
import type { HostPort, SchedulingNode, SchedulingPod, Taint, Toleration } from './objects';
import { explainPlacement, type NodeVerdict, type PlacementQuestion, type PlacementReport } from './place';

/** One change, as data; strings.ts words it, podSpecEdit turns it into an edit of the Pod spec. */
export type PlacementChange =
  /** Add a toleration of a taint; `carriers` are the nodes with that taint. */
  | { readonly kind: 'tolerate'; readonly taint: Taint; readonly toleration: Toleration; readonly carriers: readonly string[] }
  /** Remove a nodeSelector entry; `labelled` are the nodes that have the label at all. */
  | { readonly kind: 'dropNodeSelector'; readonly key: string; readonly wanted: string; readonly labelled: readonly string[] }
  /** Ask for another value of the label; `labelled` are the nodes with key=value. */
  | {
      readonly kind: 'changeNodeSelector';
      readonly key: string;
      readonly wanted: string;
      readonly value: string;
      readonly labelled: readonly string[];
    }
  /** Remove the required node affinity (its terms are ORed: no single term change is judged here). */
  | { readonly kind: 'dropNodeAffinity'; readonly terms: number }
  /** Request at most `to` (the most that is unrequested on `on`) instead of `from`. */
  | { readonly kind: 'lowerRequest'; readonly resource: string; readonly from: number; readonly to: number; readonly on: readonly string[] }
  /** Another Pod holds a host port the Pod asks for: that Pod's change, not this one's. */
  | { readonly kind: 'freeHostPort'; readonly port: HostPort; readonly node: string; readonly heldBy: string }
  /** Remove the required anti-affinity term at `index`. */
  | { readonly kind: 'dropAntiAffinity'; readonly index: number; readonly topologyKey: string }
  /** Raise the maxSkew of the spread constraint at `index` (of spec.topologySpreadConstraints). */
  | { readonly kind: 'raiseMaxSkew'; readonly index: number; readonly topologyKey: string; readonly from: number; readonly to: number }
  /** Make the spread constraint at `index` a preference (nodes without its label can then take the Pod). */
  | { readonly kind: 'spreadScheduleAnyway'; readonly index: number; readonly topologyKey: string };

export interface PlacementSuggestion {
  /** One change, or the few a node needs together. */
  readonly changes: readonly PlacementChange[];
  /** The nodes the Pod fits with the changes, by the model's filters re-run. */
  readonly fits: readonly string[];
  readonly total: number;
}

/** What the model cannot judge, said instead of a suggestion. */
export type CannotSuggest =
  | { readonly kind: 'volumes'; readonly claims: readonly string[] }
  | { readonly kind: 'preemption'; readonly priorityClass: string }
  | { readonly kind: 'unreadableRequests'; readonly resources: readonly string[] }
  | { readonly kind: 'nodeName'; readonly node: string; readonly listed: boolean }
  | { readonly kind: 'unknownFilters'; readonly filters: readonly string[] };

export interface PlacementSuggestions {
  readonly suggestions: readonly PlacementSuggestion[];
  readonly cannot: readonly CannotSuggest[];
}

/** Suggestions shown at most (the smallest first). */
export const SUGGESTIONS_SHOWN = 6;
/** Changes a node may need together before it is left out (combinations only while cheap). */
const MAX_CHANGES = 3;
/** Groups of nodes tried (each try re-runs the filters over every node). */
const MAX_GROUPS = 24;

/** The changes one node needs. */
type NodeChanges = { readonly node: string; readonly changes: readonly PlacementChange[] };

const taintKey = (taint: Taint) => `${taint.key}=${taint.value ?? ''}:${taint.effect}`;

/** A change's identity, without the amounts: nodes needing the same kinds of change are tried together. */
function shapeOf(change: PlacementChange): string {
  switch (change.kind) {
    case 'tolerate':
      return `tolerate ${taintKey(change.taint)}`;
    case 'dropNodeSelector':
      return `drop ${change.key}`;
    case 'changeNodeSelector':
      return `set ${change.key}=${change.value}`;
    case 'dropNodeAffinity':
      return 'drop node affinity';
    case 'lowerRequest':
      return `lower ${change.resource}`;
    case 'freeHostPort':
      return `free ${change.node} ${change.port.port}/${change.port.protocol} ${change.heldBy}`;
    case 'dropAntiAffinity':
      return `drop anti-affinity ${change.index}`;
    case 'raiseMaxSkew':
      return `skew ${change.index}`;
    case 'spreadScheduleAnyway':
      return `anyway ${change.index}`;
  }
}

/** The Pod with the changes applied (those on the Pod itself). */
export function podWithChanges(pod: SchedulingPod, changes: readonly PlacementChange[]): SchedulingPod {
  let changed: SchedulingPod = pod;
  for (const change of changes) {
    switch (change.kind) {
      case 'tolerate':
        changed = { ...changed, tolerations: [...changed.tolerations, change.toleration] };
        break;
      case 'dropNodeSelector': {
        const { [change.key]: _dropped, ...rest } = changed.nodeSelector;
        changed = { ...changed, nodeSelector: rest };
        break;
      }
      case 'changeNodeSelector':
        changed = { ...changed, nodeSelector: { ...changed.nodeSelector, [change.key]: change.value } };
        break;
      case 'dropNodeAffinity':
        changed = { ...changed, requiredNodeTerms: null };
        break;
      case 'lowerRequest':
        changed = { ...changed, requests: { ...changed.requests, [change.resource]: change.to } };
        break;
      case 'dropAntiAffinity':
        changed = { ...changed, podAntiAffinity: changed.podAntiAffinity.filter((_, index) => index !== change.index) };
        break;
      case 'raiseMaxSkew':
      case 'spreadScheduleAnyway':
        changed = {
          ...changed,
          topologySpread: changed.topologySpread.map((constraint, index) =>
            index !== change.index
              ? constraint
              : change.kind === 'raiseMaxSkew'
                ? { ...constraint, maxSkew: change.to }
                : { ...constraint, whenUnsatisfiable: 'ScheduleAnyway' },
          ),
        };
        break;
      case 'freeHostPort':
        break;
    }
  }
  return changed;
}

/** The bound Pods without those whose host ports are freed (the Pod in question is pending: it is not among them). */
function boundWithout(bound: NonNullable<PlacementQuestion['bound']>, keys: readonly string[]): PlacementQuestion['bound'] {
  if (keys.length === 0) return bound;
  const gone = new Set(keys);
  const left = <T extends { readonly key: string }>(pods: Iterable<T>) => [...pods].filter((pod) => !gone.has(pod.key));
  const view: BoundPodsView = {
    get: (key) => (gone.has(key) ? undefined : bound.get(key)),
    load: (node) => {
      const load = bound.load(node);
      const leaving = [...load.pods.values()].filter((pod) => gone.has(pod.key));
      if (leaving.length === 0) return load;
      const requested = { ...load.requested };
      for (const pod of leaving)
        for (const [resource, amount] of Object.entries(pod.requests)) requested[resource] = (requested[resource] ?? 0) - amount;
      return { requested, pods: new Map([...load.pods].filter(([key]) => !gone.has(key))) };
    },
    all: () => left(bound.all()),
    antiAffinityPods: () => left(bound.antiAffinityPods()),
    hostPortPods: (node) => left(bound.hostPortPods(node)),
    inNamespace: (namespace) => left(bound.inNamespace(namespace)),
  };
  return { ...view, without: () => view };
}

/** The amount to suggest: at most `free`, written as people write it (whole Mi of memory, millicores of CPU). */
function roundedDown(resource: string, free: number): number {
  if ((resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) && free >= 2 ** 20)
    return Math.floor(free / 2 ** 20) * 2 ** 20;
  return Math.floor(free);
}

/** The change that would lift one failure on one node, or undefined when no change of the Pod lifts it. */
function changeFor(
  evidence: FilterEvidence,
  verdict: NodeVerdict,
  pod: SchedulingPod,
  nodes: readonly SchedulingNode[],
): PlacementChange | undefined {
  switch (evidence.kind) {
    case 'taint': {
      const { taint } = evidence;
      const toleration: Toleration = taint.value
        ? { key: taint.key, operator: 'Equal', value: taint.value, effect: taint.effect }
        : { key: taint.key, operator: 'Exists', effect: taint.effect };
      const carriers = nodes.filter((node) => node.taints.some((other) => taintKey(other) === taintKey(taint))).map((node) => node.name);
      return { kind: 'tolerate', taint, toleration, carriers };
    }
    case 'nodeSelector': {
      if (evidence.actual === null) {
        const labelled = nodes.filter((node) => Object.hasOwn(node.labels, evidence.key)).map((node) => node.name);
        return { kind: 'dropNodeSelector', key: evidence.key, wanted: evidence.wanted, labelled };
      }
      const labelled = nodes.filter((node) => node.labels[evidence.key] === evidence.actual).map((node) => node.name);
      return { kind: 'changeNodeSelector', key: evidence.key, wanted: evidence.wanted, value: evidence.actual, labelled };
    }
    case 'nodeAffinity':
      return { kind: 'dropNodeAffinity', terms: evidence.terms };
    case 'insufficient': {
      const to = roundedDown(evidence.resource, evidence.allocatable - evidence.used);
      return to > 0 ? { kind: 'lowerRequest', resource: evidence.resource, from: evidence.requested, to, on: [verdict.node] } : undefined;
    }
    case 'hostPort':
      return { kind: 'freeHostPort', port: evidence.port, node: verdict.node, heldBy: evidence.usedBy };
    case 'antiAffinity': {
      const index = pod.podAntiAffinity.findIndex((term) => term.topologyKey === evidence.topologyKey);
      return index < 0 ? undefined : { kind: 'dropAntiAffinity', index, topologyKey: evidence.topologyKey };
    }
    case 'spreadSkew': {
      const index = pod.topologySpread.findIndex(
        (constraint) => constraint.whenUnsatisfiable === 'DoNotSchedule' && constraint.topologyKey === evidence.topologyKey,
      );
      if (index < 0) return undefined;
      return { kind: 'raiseMaxSkew', index, topologyKey: evidence.topologyKey, from: evidence.maxSkew, to: spreadSkewOf(evidence) };
    }
    case 'spreadLabelMissing': {
      const index = pod.topologySpread.findIndex(
        (constraint) => constraint.whenUnsatisfiable === 'DoNotSchedule' && constraint.topologyKey === evidence.topologyKey,
      );
      return index < 0 ? undefined : { kind: 'spreadScheduleAnyway', index, topologyKey: evidence.topologyKey };
    }
    // A cordon, a full node, a named node, required Pod affinity and the anti-affinity of Pods already there are
    // not lifted by a change of this Pod.
    default:
      return undefined;
  }
}

/** The changes that lift every failure of a node, or undefined when one of them cannot be lifted. */
function changesFor(verdict: NodeVerdict, pod: SchedulingPod, nodes: readonly SchedulingNode[]): PlacementChange[] | undefined {
  if (verdict.feasible !== false) return undefined;
  const changes: PlacementChange[] = [];
  for (const failure of verdict.failures) {
    // Resources: one change per short resource; every other filter: its first finding.
    const findings = failure.filter === 'NodeResourcesFit' ? failure.evidence : failure.evidence.slice(0, 1);
    if (findings.length === 0) return undefined;
    for (const evidence of findings) {
      const change = changeFor(evidence, verdict, pod, nodes);
      if (!change) return undefined;
      changes.push(change);
    }
  }
  return changes;
}

/** Nodes needing the same kinds of change, merged: the largest amount any of them allows, the nodes that allow it. */
function merge(group: readonly NodeChanges[]): PlacementChange[] {
  return group[0]!.changes.map((first, at) => {
    if (first.kind !== 'lowerRequest') return first;
    const amounts = group.map(({ changes }) => changes[at] as Extract<PlacementChange, { kind: 'lowerRequest' }>);
    const to = Math.max(...amounts.map((change) => change.to));
    return { ...first, to, on: amounts.filter((change) => change.to === to).flatMap((change) => change.on) };
  });
}

/**
 * Changes that would make a Pod fit, when it fits no node now; what cannot be judged, said. Empty for a Pod
 * that fits somewhere.
 */
export function suggestPlacement(question: PlacementQuestion, report: PlacementReport = explainPlacement(question)): PlacementSuggestions {
  const { pod, nodes } = question;
  // A Pod on (or naming) a node that is not listed: no scheduler will move it, and the model cannot judge it.
  const nodeNameMissing = pod.nodeName !== null && !nodes.some((node) => node.name === pod.nodeName);
  if (report.feasible.length > 0 && !nodeNameMissing) return { suggestions: [], cannot: [] };
  const cannot: CannotSuggest[] = [];
  for (const note of report.notJudged) {
    if (note.kind === 'volumes') cannot.push({ kind: 'volumes', claims: note.claims });
    if (note.kind === 'preemption') cannot.push({ kind: 'preemption', priorityClass: note.priorityClass });
    if (note.kind === 'unreadableRequests') cannot.push({ kind: 'unreadableRequests', resources: note.resources });
  }
  if ((report.state === 'nodeName' || nodeNameMissing) && pod.nodeName)
    cannot.push({ kind: 'nodeName', node: pod.nodeName, listed: !nodeNameMissing });
  const unknown = [...new Set(report.nodes.flatMap((verdict) => verdict.unknown))];
  if (unknown.length > 0) cannot.push({ kind: 'unknownFilters', filters: unknown });
  // Only for a Pod the default scheduler would place, that fits nowhere, judged on every node.
  if (
    (report.state !== 'pending' && report.state !== 'notCreated') ||
    report.feasible.length > 0 ||
    unknown.length > 0 ||
    report.nodes.length === 0
  )
    return { suggestions: [], cannot };

  const tryChanges = (changes: readonly PlacementChange[]): PlacementReport => {
    const freed = changes.flatMap((change) => (change.kind === 'freeHostPort' ? [change.heldBy] : []));
    return explainPlacement({
      ...question,
      pod: podWithChanges(pod, changes),
      bound: question.bound && boundWithout(question.bound, freed),
    });
  };

  // Nodes that need the same kinds of change are tried once, together.
  const groups = new Map<string, NodeChanges[]>();
  for (const verdict of report.nodes) {
    const changes = changesFor(verdict, pod, nodes);
    if (!changes || changes.length > MAX_CHANGES) continue;
    const shape = changes.map(shapeOf).join(' + ');
    const group = groups.get(shape);
    if (group) group.push({ node: verdict.node, changes });
    else groups.set(shape, [{ node: verdict.node, changes }]);
  }
  // A nodeSelector entry no node matches may also go altogether.
  for (const [key, wanted] of Object.entries(pod.nodeSelector)) {
    const labelled = nodes.filter((node) => Object.hasOwn(node.labels, key)).map((node) => node.name);
    const change: PlacementChange = { kind: 'dropNodeSelector', key, wanted, labelled };
    if (!groups.has(shapeOf(change))) groups.set(shapeOf(change), [{ node: '', changes: [change] }]);
  }

  const found = new Map<string, PlacementSuggestion>();
  const smallestFirst = [...groups.values()].sort((a, b) => a[0]!.changes.length - b[0]!.changes.length).slice(0, MAX_GROUPS);
  for (const group of smallestFirst) {
    let changes = merge(group);
    // A change may reveal the next failure (a second taint, another label): add its change while that stays cheap.
    for (let round = 0; round < MAX_CHANGES && changes.length <= MAX_CHANGES; round++) {
      const after = tryChanges(changes);
      if (after.feasible.length > 0) {
        const key = changes.map((change) => `${shapeOf(change)}${change.kind === 'lowerRequest' ? `<=${change.to}` : ''}`).join(' + ');
        if (!found.has(key)) found.set(key, { changes, fits: after.feasible, total: report.nodes.length });
        break;
      }
      // The first node of the group tells what else it needs.
      const target = after.nodes.find((verdict) => verdict.node === group[0]!.node);
      const more = target && changesFor(target, podWithChanges(pod, changes), nodes);
      if (!more || more.length === 0) break;
      changes = [...changes, ...more.filter((change) => !changes.some((have) => shapeOf(have) === shapeOf(change)))];
    }
  }
  const suggestions = [...found.values()].sort((a, b) => a.changes.length - b.changes.length || b.fits.length - a.fits.length);
  // Changes together only when no one change is enough: the smallest change first, and alone.
  const single = suggestions.filter((suggestion) => suggestion.changes.length === 1);
  return { suggestions: single.length > 0 ? single : suggestions, cannot };
}
