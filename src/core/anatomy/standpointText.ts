/**
 * What RBAC hides from a limited user, in the words of the views (the tree, the diagram, the status bar) and in
 * their language: what a hidden read would show, the permissions it needs, and the kubectl line that checks
 * each. Built from the read's structured fields, never from its English text, so a translated catalog says it
 * all. Cluster text (names, namespaces, the server's refusal) is passed through as text. The diagram's webview
 * draws with it too: nothing here reaches the Kubernetes client (standpoint.ts does, through kube/access.ts).
 */
import { format } from '../util/catalog';
import { canIFor } from '../kube/hiddenRead';
import { defaultStandpointStrings, type StandpointStrings } from './strings';
import type { ClusterAnatomy, HiddenRead, NeededPermission, ServedGroup, StandpointActor } from './types';

export { canIFor } from '../kube/hiddenRead';

/** Who acted on a Pod and how: "kubelet (Update status, managedFields)", "kube-scheduler (Scheduled, Event)". */
export function actorText(actor: StandpointActor, strings: StandpointStrings = defaultStandpointStrings): string {
  return format(actor.via === 'event' ? strings.standpointActorEvent : strings.standpointActorManagedFields, actor.component, actor.what);
}

/** The kind a namespaced read shows, by its RBAC resource (plural, with its group). */
const kindKeys: Readonly<Record<string, keyof StandpointStrings>> = {
  pods: 'whatPods',
  'daemonsets.apps': 'whatDaemonSets',
  'deployments.apps': 'whatDeployments',
  'replicasets.apps': 'whatReplicaSets',
  services: 'whatServices',
  events: 'whatEvents',
  'leases.coordination.k8s.io': 'whatLeases',
};

/** What a hidden read would show: "Nodes", "Pods in kube-system", "kube-apiserver's /readyz". */
export function hiddenWhat(hidden: HiddenRead, strings: StandpointStrings = defaultStandpointStrings): string {
  const first = hidden.needs[0];
  if (hidden.id === 'nodes') return strings.whatNodes;
  if (hidden.id === 'apiServers') return strings.whatApiServers;
  if (first && first.resource.startsWith('/')) return format(strings.whatServerPath, first.resource);
  const kind = first ? kindKeys[first.resource] : undefined;
  if (kind && first?.namespace !== undefined) return format(strings.whatIn, strings[kind], first.namespace);
  return hidden.what;
}

/** The permissions a hidden read needs, verbs on the same resource together: "list, watch pods in kube-system". */
export function needsSummary(needs: readonly NeededPermission[], strings: StandpointStrings = defaultStandpointStrings): string {
  const groups = new Map<string, { verbs: string[]; need: NeededPermission }>();
  for (const need of needs) {
    const key = `${need.resource}\u0000${need.namespace ?? ''}`;
    const group = groups.get(key);
    if (group) {
      if (!group.verbs.includes(need.verb)) group.verbs.push(need.verb);
    } else groups.set(key, { verbs: [need.verb], need });
  }
  return [...groups.values()].map(({ verbs, need }) => permissionText(verbs.join(', '), need, strings)).join('; ');
}

/** One permission: "list pods in kube-system", "list nodes (cluster-wide)", "get /readyz". */
export function needText(need: NeededPermission, strings: StandpointStrings = defaultStandpointStrings): string {
  return permissionText(need.verb, need, strings);
}

function permissionText(verbs: string, need: NeededPermission, strings: StandpointStrings): string {
  if (need.resource.startsWith('/')) return `${verbs} ${need.resource}`;
  return need.namespace !== undefined
    ? format(strings.needInNamespace, verbs, need.resource, need.namespace)
    : format(strings.needClusterWide, verbs, need.resource);
}

/** "Pods in kube-system: hidden from you — needs list, watch pods in kube-system". */
export function hiddenSentence(hidden: HiddenRead, strings: StandpointStrings = defaultStandpointStrings): string {
  return format(strings.hiddenRead, hiddenWhat(hidden, strings), needsSummary(hidden.needs, strings));
}

/** "hidden from you — needs list, watch nodes (cluster-wide)", for a part of the anatomy a read would show. */
export function hiddenNeedsText(hidden: readonly HiddenRead[], strings: StandpointStrings = defaultStandpointStrings): string {
  return format(strings.hiddenNeeds, hidden.map((read) => needsSummary(read.needs, strings)).join('; '));
}

/** Each permission with the server's verdict, and the kubectl line that checks it for this context. */
export function needLines(
  hidden: HiddenRead,
  context: string,
  strings: StandpointStrings = defaultStandpointStrings,
): { readonly need: string; readonly check: string }[] {
  return hidden.needs.map((need) => ({
    need: format(need.verdict === 'denied' ? strings.needDenied : strings.needNotAnswered, needText(need, strings)),
    check: format(strings.hiddenCheck, canIFor(need, context)),
  }));
}

/** The `kubectl auth can-i` lines of a hidden read, for its context: what Copy and Run in Terminal give. */
export function canILines(hidden: HiddenRead, context: string): string[] {
  return [...new Set(hidden.needs.map((need) => canIFor(need, context)))];
}

/** The reads each part of the anatomy rests on: hidden, that part says so instead of showing nothing. */
export const sourceReads = {
  controlPlane: ['nodes', 'pods'],
  nodes: ['nodes'],
  addons: ['deployments', 'daemonSets', 'services', 'pods'],
  absent: ['pods', 'daemonSets'],
  heartbeats: ['leases'],
} as const satisfies Record<string, readonly string[]>;

/** The hidden reads a part of the anatomy rests on, in the anatomy's order. */
export function hiddenOf(anatomy: Pick<ClusterAnatomy, 'hidden'>, part: keyof typeof sourceReads): HiddenRead[] {
  const ids: readonly string[] = sourceReads[part];
  return (anatomy.hidden ?? []).filter((read) => ids.includes(read.id));
}

/**
 * Every hidden read of the anatomy, the user's own namespaces' included, once each: the anatomy's reads, then
 * each namespace in view whose Pods are hidden.
 */
export function allHidden(anatomy: Pick<ClusterAnatomy, 'hidden' | 'standpoint'>): HiddenRead[] {
  const reads = [...(anatomy.hidden ?? [])];
  for (const namespace of anatomy.standpoint?.namespaces ?? []) {
    if (namespace.hidden && !reads.some((read) => read.id === namespace.hidden!.id)) reads.push(namespace.hidden);
  }
  return reads;
}

/**
 * The status of a limited context in words: the short text beside the context's name, and the tooltip's lines
 * (each hidden read, each permission it needs and the line that checks it).
 */
export function limitedText(
  limited: { readonly allowed: number | null; readonly total: number; readonly hidden: readonly HiddenRead[] },
  context: string,
  strings: StandpointStrings = defaultStandpointStrings,
): { readonly short: string; readonly lines: readonly { readonly text: string; readonly indent: number }[] } {
  const short = limited.allowed === null ? strings.limitedStatusUnknown : format(strings.limitedStatus, limited.allowed, limited.total);
  const lines: { text: string; indent: number }[] = [];
  for (const hidden of limited.hidden) {
    lines.push({ text: hiddenSentence(hidden, strings), indent: 0 });
    for (const need of needLines(hidden, context, strings)) lines.push({ text: need.check, indent: 1 });
  }
  return { short, lines };
}

/** Discovery's groups counted by who serves them, or that discovery could not be read. */
export function groupsSentence(groups: readonly ServedGroup[] | null, strings: StandpointStrings = defaultStandpointStrings): string {
  if (!groups) return strings.standpointGroupsHidden;
  const count = (servedBy: ServedGroup['servedBy']) => groups.filter((group) => group.servedBy === servedBy).length;
  return format(strings.standpointGroups, groups.length, count('kube-apiserver'), count('aggregated'), count('extension'));
}
