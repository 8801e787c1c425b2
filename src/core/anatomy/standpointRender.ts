/**
 * The anatomy from where a limited user stands, and what is hidden from them, as plain-text lines (the CLI's
 * `tree` and the text the views copy). Cluster text is passed through as text; the caller escapes lines.
 */
import { needsText } from '../kube/hiddenRead';
import { format } from '../util/catalog';
import { actorText, canIFor, groupsSentence } from './standpointText';
import { defaultStandpointStrings, type StandpointStrings } from './strings';
import type { ClusterAnatomy, HiddenRead, ServedGroup, Standpoint, StandpointPod } from './types';

/** Groups listed one by one; the built-in ones are counted, not listed. */
const MAX_LISTED_GROUPS = 20;
const MAX_LISTED_PODS = 50;

export { needsText } from '../kube/hiddenRead';

/** The lines that say what is hidden and how to check it, each read on its own line and its can-i lines below. */
export function hiddenLines(
  anatomy: Pick<ClusterAnatomy, 'context' | 'hidden'>,
  strings: StandpointStrings = defaultStandpointStrings,
): string[] {
  const hidden = anatomy.hidden ?? [];
  if (hidden.length === 0) return [];
  const lines = [strings.hiddenTitle];
  for (const read of hidden) {
    lines.push(`  ${format(strings.hiddenRead, read.what, needsText(read))}`);
    for (const need of read.needs) lines.push(`    ${format(strings.hiddenCheck, canIFor(need, anatomy.context))}`);
  }
  return lines;
}

/** The hidden read with this id (the anatomy's reads: 'nodes', 'pods', 'daemonSets', …). */
export function hiddenById(anatomy: Pick<ClusterAnatomy, 'hidden'>, id: string): HiddenRead | undefined {
  return anatomy.hidden?.find((read) => read.id === id);
}

function groupsLines(groups: readonly ServedGroup[] | null, strings: StandpointStrings): string[] {
  const lines = [`    ${groupsSentence(groups, strings)}`];
  if (!groups) return lines;
  const listed = groups.filter((group) => group.servedBy !== 'kube-apiserver');
  for (const group of listed.slice(0, MAX_LISTED_GROUPS)) {
    const name = group.preferredVersion ? `${group.name}/${group.preferredVersion}` : group.name;
    lines.push(
      `      ${group.servedBy === 'aggregated' ? format(strings.standpointGroupAggregated, name, group.server ?? '?') : format(strings.standpointGroupExtension, name)}`,
    );
  }
  if (listed.length > MAX_LISTED_GROUPS) lines.push(`      … ${listed.length - MAX_LISTED_GROUPS}`);
  return lines;
}

function podLines(pod: StandpointPod, strings: StandpointStrings): string[] {
  const where = pod.nodeName ? format(strings.standpointPodOn, pod.nodeName) : strings.standpointPodNotScheduled;
  const owner = pod.owner ? `  ${pod.owner}${pod.workload ? ` → ${pod.workload}` : ''}` : '';
  const lines = [`    ${pod.name}  ${pod.phase}${pod.ready ? ', ready' : ''}  ${where}${owner}`];
  if (pod.actors.length > 0)
    lines.push(`      ${format(strings.standpointActedBy, pod.actors.map((actor) => actorText(actor, strings)).join(', '))}`);
  return lines;
}

/** The standpoint: the API server, the nodes the user's Pods run on, the user's namespaces. */
export function standpointLines(standpoint: Standpoint, strings: StandpointStrings = defaultStandpointStrings): string[] {
  const { apiServer } = standpoint;
  const lines = [strings.standpointTitle];
  const version = apiServer.version ? format(strings.standpointVersion, apiServer.version) : strings.standpointVersionUnknown;
  lines.push(`  ${format(strings.standpointApiServer, apiServer.server)}, ${version}`);
  if (apiServer.clusterInfo?.server) lines.push(`    ${format(strings.standpointClusterInfo, apiServer.clusterInfo.server)}`);
  lines.push(...groupsLines(apiServer.groups, strings));
  lines.push(`  ${strings.standpointNodes}`);
  if (standpoint.nodes.length === 0) lines.push(`    ${strings.standpointNoNodes}`);
  for (const node of standpoint.nodes) {
    if (node.components) {
      lines.push(`    ${format(strings.standpointInferredNode, node.name)}${node.hostIP ? ` ${node.hostIP}` : ''}`);
      for (const pod of node.components)
        lines.push(
          `      ${pod.component === 'cni' && pod.cniName ? `cni (${pod.cniName})` : pod.component}  ${pod.pod}  (${pod.phase}${pod.ready ? ', ready' : ''})`,
        );
      const others = node.pods.filter((pod) => !pod.startsWith('kube-system/'));
      if (others.length > 0) lines.push(`      ${others.join(', ')}`);
    } else {
      lines.push(
        `    ${format(strings.standpointInferredNode, node.name)}${node.hostIP ? ` ${node.hostIP}` : ''}: ${node.pods.join(', ')}`,
      );
    }
  }
  for (const namespace of standpoint.namespaces) {
    if (!namespace.pods) {
      lines.push(`  ${format(strings.standpointNamespaceHidden, namespace.name)}`);
      continue;
    }
    lines.push(
      `  ${format(strings.standpointNamespace, namespace.name)}: ${format(strings.standpointNamespacePods, namespace.pods.length)}`,
    );
    for (const pod of namespace.pods.slice(0, MAX_LISTED_PODS)) lines.push(...podLines(pod, strings));
    if (namespace.pods.length > MAX_LISTED_PODS) lines.push(`    … ${namespace.pods.length - MAX_LISTED_PODS}`);
  }
  return lines;
}
