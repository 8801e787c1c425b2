/**
 * "Why on this node?" in sentences, for every view: the CLI prints the sections as lines, the tree as rows.
 * Node, controller and label text is cluster data: `text` lets a view escape each piece before it joins a sentence.
 */
import { format } from '../util/catalog';
import type { LabelSelector } from './objects';
import { formatAmount } from './quantity';
import { requirementText } from './selectors';
import { defaultPlacementStrings, type PlacementStrings, type ViewText } from './strings';
import type { NodeInputs, PreferredTerm, WhyThisNode } from './whyNode';
import { compareNames } from '../util/names';

export interface WhyNodeSection {
  /** What the section weighs, for views that name it briefly. */
  readonly kind: 'replicas' | 'room' | 'spread' | 'preferred' | 'taints';
  readonly title: string;
  readonly rows: readonly string[];
  /** The row that says where this node stands, when one does (the room's place). */
  readonly summary?: string;
}

export interface WhyNodeParts {
  readonly heading: string;
  /** Said once: the scores cannot be read, what is shown instead, and when the Pod was bound. */
  readonly notReadable: string;
  readonly sections: readonly WhyNodeSection[];
}

/** A label selector as kubectl's -l reads it: `k8s-app=kube-dns, tier In (web, api)`. */
export function selectorText(selector: LabelSelector | null): string {
  if (!selector) return '(no selector)';
  const parts = [
    ...Object.entries(selector.matchLabels).map(([key, value]) => `${key}=${value}`),
    ...selector.matchExpressions.map(requirementText),
  ];
  return parts.length > 0 ? parts.join(', ') : '(all)';
}

/** An amount to read at a glance: memory in Gi or Mi with one decimal, the rest as the scheduler counts it. */
function roundAmount(resource: string, amount: number): string {
  if (resource !== 'memory') return formatAmount(resource, amount);
  const [suffix, size] = Math.abs(amount) >= 2 ** 30 ? ['Gi', 2 ** 30] : ['Mi', 2 ** 20];
  return `${Number((amount / size).toFixed(1))}${suffix}`;
}

function preferredText(preferred: PreferredTerm, s: PlacementStrings, text: ViewText): string {
  if (preferred.kind === 'nodeAffinity') {
    const requirements = [...preferred.term.matchExpressions, ...preferred.term.matchFields].map(requirementText).join(', ');
    return format(s.whyPreferredNode, preferred.weight, text(requirements));
  }
  const key = preferred.kind === 'podAffinity' ? s.whyPreferredPodAffinity : s.whyPreferredPodAntiAffinity;
  return format(key, preferred.weight, text(preferred.term.topologyKey), text(selectorText(preferred.term.labelSelector)));
}

/** Nodes listed by name in a section; a larger cluster's others are counted. */
const LISTED_NODES = 10;

/** The nodes with the most room, and this node wherever it stands. */
function listedByRoom(ranked: readonly NodeInputs[]): readonly NodeInputs[] {
  if (ranked.length <= LISTED_NODES) return ranked;
  const top = ranked.slice(0, LISTED_NODES);
  const here = ranked.find((entry) => entry.here);
  return here && !top.includes(here) ? [...top, here] : top;
}

export function whyNodeParts(why: WhyThisNode, strings: PlacementStrings = defaultPlacementStrings, text: ViewText = String): WhyNodeParts {
  const s = strings;
  const named = (entry: NodeInputs) => (entry.here ? format(s.whyThisNode, text(entry.node)) : text(entry.node));
  const candidates = why.nodes.filter((entry) => entry.candidate);
  /** "satisfied on: a, b; not satisfied on: c", each list left out when empty. */
  const split = (satisfied: (entry: NodeInputs) => boolean, label: (entry: NodeInputs) => string = named) => {
    // This node first, then up to ten more by name; a larger cluster's others are counted.
    const names = (entries: NodeInputs[]) => {
      const ordered = [...entries.filter((entry) => entry.here), ...entries.filter((entry) => !entry.here)];
      const listed = ordered.slice(0, LISTED_NODES).map(label);
      return ordered.length > LISTED_NODES ? [...listed, format(s.whyMoreNodes, ordered.length - LISTED_NODES)] : listed;
    };
    const yes = names(candidates.filter(satisfied));
    const no = names(candidates.filter((entry) => !satisfied(entry)));
    return [
      ...(yes.length > 0 ? [format(s.whySatisfiedOn, yes.join(', '))] : []),
      ...(no.length > 0 ? [format(s.whyNotSatisfiedOn, no.join(', '))] : []),
    ].join('; ');
  };
  const sections: WhyNodeSection[] = [];

  // The other replicas of the same controller, by node name.
  if (!why.controller) sections.push({ kind: 'replicas', title: s.whyNoController, rows: [] });
  else if (why.nodes.some((entry) => entry.replicas === null)) sections.push({ kind: 'replicas', title: s.whyReplicasNotKnown, rows: [] });
  else
    sections.push({
      kind: 'replicas',
      title: format(s.whyReplicasTitle, text(why.controller.kind), text(why.controller.name)),
      rows: (() => {
        const sorted = [...why.nodes].sort((a, b) => compareNames(a.node, b.node));
        // In a large cluster the nodes without a replica are counted, not listed.
        const listed = sorted.length > LISTED_NODES ? sorted.filter((entry) => entry.here || entry.replicas!.length > 0) : sorted;
        const rows = listed.map((entry) => {
          const names = entry.replicas!;
          return `${named(entry)}: ${names.length === 0 ? s.whyReplicasNone : `${names.length} (${names.map(text).join(', ')})`}`;
        });
        const unlisted = sorted.length - listed.length;
        return unlisted > 0 ? [...rows, format(s.whyReplicasNoneOn, unlisted)] : rows;
      })(),
    });

  // The room after this Pod, most first.
  const ranked = candidates.filter((entry) => entry.roomRank !== null);
  const placeText = (here: NodeInputs) => {
    const level = ranked.filter((entry) => !entry.here && entry.roomRank === here.roomRank).map(named);
    return level.length > 0
      ? format(s.whyRoomPlaceLevel, here.roomRank!, ranked.length, level.join(', '))
      : format(s.whyRoomPlace, here.roomRank!, ranked.length);
  };
  if (ranked.length === 0) sections.push({ kind: 'room', title: s.whyRoomNotKnown, rows: [] });
  else {
    const here = why.nodes.find((entry) => entry.here);
    const place = here?.roomRank ? placeText(here) : undefined;
    sections.push({
      kind: 'room',
      title: s.whyRoomTitle,
      rows: [
        ...listedByRoom(ranked).map((entry) => {
          const amounts = entry.room!.map((room) =>
            format(
              s.whyRoomAmount,
              room.resource,
              roundAmount(room.resource, room.free - why.requests[room.resource]),
              roundAmount(room.resource, room.allocatable),
            ),
          );
          return `${entry.roomRank}. ${named(entry)}: ${format(s.whyRoomShare, entry.freePercent!)} (${amounts.join(', ')})`;
        }),
        ...(ranked.length > listedByRoom(ranked).length ? [format(s.whyMoreNodes, ranked.length - listedByRoom(ranked).length)] : []),
        format(s.whyRoomRequests, formatAmount('cpu', why.requests.cpu), roundAmount('memory', why.requests.memory)),
        ...(place ? [place] : []),
      ],
      ...(place && { summary: place }),
    });
  }

  if (why.spread.length > 0 && candidates.every((entry) => entry.spread !== null))
    sections.push({
      kind: 'spread',
      title: s.whySpreadTitle,
      rows: why.spread.map((constraint, index) => {
        const at = (entry: NodeInputs) => entry.spread![index]!;
        // Each node with its domain and the matching Pods there: ScheduleAnyway prefers the domain with fewer.
        const label = (entry: NodeInputs) => {
          const { domain, matching } = at(entry);
          return domain === null ? format(s.whySpreadNoLabel, named(entry)) : format(s.whySpreadAt, named(entry), text(domain), matching);
        };
        const head = format(s.whySpreadConstraint, text(constraint.topologyKey), constraint.maxSkew, text(constraint.whenUnsatisfiable));
        return `${head} [${text(selectorText(constraint.labelSelector))}]: ${split((entry) => at(entry).satisfied, label)}`;
      }),
    });

  if (why.preferred.length > 0 && candidates.every((entry) => entry.preferred !== null))
    sections.push({
      kind: 'preferred',
      title: s.whyPreferredTitle,
      rows: why.preferred.map((preferred, index) => `${preferredText(preferred, s, text)}: ${split((entry) => entry.preferred![index]!)}`),
    });

  const tainted = candidates.filter((entry) => entry.preferNoSchedule !== null);
  if (tainted.length > 0)
    sections.push({
      kind: 'taints',
      title: s.whyTaintsTitle,
      rows: tainted.map((entry) => format(s.whyTaint, named(entry), text(entry.preferNoSchedule!))),
    });

  return {
    heading: format(s.whyHeading, text(why.node)),
    notReadable: why.boundAt ? `${s.whyNotReadable} ${format(s.whyBoundAt, text(why.boundAt))}` : s.whyNotReadable,
    sections,
  };
}

/**
 * The inputs of the scores under each node the Pod fits, a line each, for the diagram's placement view: its place
 * by room left, the other replicas there, and an untolerated PreferNoSchedule taint. The sentence that the scores
 * themselves cannot be read goes with them, once (WhyNodeParts.notReadable).
 */
export function whyNodeLinesPerNode(
  why: WhyThisNode,
  strings: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): Record<string, readonly string[]> {
  const s = strings;
  const candidates = why.nodes.filter((entry) => entry.candidate);
  const ranked = candidates.filter((entry) => entry.roomRank !== null).length;
  const lines: Record<string, string[]> = {};
  for (const entry of candidates) {
    const rows: string[] = [];
    if (entry.roomRank !== null && entry.freePercent !== null)
      rows.push(format(s.whyRoomRankHere, entry.roomRank, ranked, entry.freePercent));
    if (why.controller && entry.replicas !== null) rows.push(format(s.whyReplicasHere, entry.replicas.length));
    if (entry.preferNoSchedule !== null) rows.push(format(s.whyTaint, text(entry.node), text(entry.preferNoSchedule)));
    if (rows.length > 0) lines[entry.node] = rows;
  }
  return lines;
}
