import * as vscode from 'vscode';
import { podHealth } from '../../core/anatomy/healthPolicy';
import {
  actorText,
  groupsSentence,
  hiddenNeedsText,
  hiddenSentence,
  hiddenWhat,
  needLines,
  needsSummary,
} from '../../core/anatomy/standpointText';
import { defaultStandpointStrings, type StandpointStrings } from '../../core/anatomy/strings';
import type { TreeElement } from '../../core/anatomy/treeModel';
import type { ClusterAnatomy, HiddenRead, ServedGroup, StandpointActor } from '../../core/anatomy/types';
import { format, localizeCatalog } from '../../core/util/catalog';
import { healthColor, roleText, Tooltip } from './treeText';

/**
 * The rows of a limited user's tree: what they can see from where they stand (kube-apiserver and its discovery,
 * the nodes their Pods run on, their namespaces' Pods and who acted on them) and each read RBAC hides from them,
 * with the permission that would show it and the line that checks it. Cluster text enters tooltips escaped.
 */

let localized: StandpointStrings | undefined;

/** The standpoint catalog in the display language (the English text is the bundle's key). */
export function standpointStrings(): StandpointStrings {
  localized ??= localizeCatalog(defaultStandpointStrings, (english) => vscode.l10n.t(english));
  return localized;
}

export type StandpointElement = Extract<
  TreeElement,
  {
    type:
      | 'hiddenRead'
      | 'standpointApiServer'
      | 'clusterInfo'
      | 'servedGroups'
      | 'servedGroup'
      | 'inferredNodes'
      | 'inferredNode'
      | 'userNamespace'
      | 'userPod'
      | 'userPodPage'
      | 'actor';
  }
>;

const standpointTypes: ReadonlySet<string> = new Set<StandpointElement['type']>([
  'hiddenRead',
  'standpointApiServer',
  'clusterInfo',
  'servedGroups',
  'servedGroup',
  'inferredNodes',
  'inferredNode',
  'userNamespace',
  'userPod',
  'userPodPage',
  'actor',
]);

export function isStandpointElement(element: { readonly type: string }): element is StandpointElement {
  return standpointTypes.has(element.type);
}

const hiddenColor = () => new vscode.ThemeColor('descriptionForeground');

/** The tooltip of something hidden: what it would show, each permission with the server's answer and its check. */
export function hiddenTooltip(reads: readonly HiddenRead[], context: string, heading?: string, lead?: string): vscode.MarkdownString {
  const s = standpointStrings();
  const tooltip = new Tooltip();
  if (heading) tooltip.heading(heading);
  if (lead) tooltip.paragraph(lead);
  for (const read of reads) {
    tooltip.paragraph(hiddenSentence(read, s));
    for (const line of needLines(read, context, s)) tooltip.bullet(line.need).bullet(line.check, 1);
    tooltip.endList();
    if (read.reason) tooltip.paragraph(format(s.hiddenServerSaid, read.reason));
  }
  return tooltip.markdown;
}

/** A section or row whose content RBAC hides: the description says so, the tooltip names the permissions. */
export function markHidden(item: vscode.TreeItem, reads: readonly HiddenRead[], context: string, shown: number, lead?: string): void {
  const s = standpointStrings();
  item.description = shown > 0 ? format(s.partlyHiddenShort, shown.toLocaleString()) : s.hiddenFromYou;
  item.tooltip = hiddenTooltip(reads, context, typeof item.label === 'string' ? item.label : undefined, lead ?? hiddenNeedsText(reads, s));
}

function renderHidden(element: Extract<TreeElement, { type: 'hiddenRead' }>, anatomy: ClusterAnatomy | undefined): vscode.TreeItem {
  const s = standpointStrings();
  const what = hiddenWhat(element.hidden, s);
  const item = new vscode.TreeItem(what);
  item.description = s.hiddenShort;
  item.iconPath = new vscode.ThemeIcon('eye-closed', hiddenColor());
  item.tooltip = hiddenTooltip([element.hidden], anatomy?.context ?? '', what);
  item.contextValue = 'clusterAnatomy:hidden';
  item.accessibilityInformation = { label: `${what}: ${format(s.hiddenNeeds, needsSummary(element.hidden.needs, s))}` };
  return item;
}

function groupName(group: ServedGroup, s: StandpointStrings): string {
  const name = group.name || s.standpointCoreGroup;
  return group.preferredVersion ? `${name}/${group.preferredVersion}` : name;
}

function renderGroup(group: ServedGroup): vscode.TreeItem {
  const s = standpointStrings();
  const name = groupName(group, s);
  const item = new vscode.TreeItem(name);
  const sentence =
    group.servedBy === 'kube-apiserver'
      ? format(s.standpointGroupBuiltIn, name)
      : group.servedBy === 'aggregated'
        ? format(s.standpointGroupAggregated, name, group.server ?? '?')
        : format(s.standpointGroupExtension, name);
  item.description =
    group.servedBy === 'kube-apiserver'
      ? 'kube-apiserver'
      : group.servedBy === 'aggregated'
        ? format(s.standpointGroupAggregatedShort, group.server ?? '?')
        : s.standpointGroupExtensionShort;
  item.iconPath = new vscode.ThemeIcon(group.servedBy === 'kube-apiserver' ? 'symbol-namespace' : 'extensions');
  item.tooltip = new Tooltip().heading(name).paragraph(sentence).markdown;
  item.contextValue = `clusterAnatomy:servedGroup+${group.servedBy}`;
  return item;
}

function actorLine(actor: StandpointActor, s: StandpointStrings): string {
  return actorText(actor, s);
}

/** The rows of the standpoint and of what is hidden. */
export function renderStandpointItem(element: StandpointElement, anatomy: ClusterAnatomy | undefined): vscode.TreeItem {
  const s = standpointStrings();
  switch (element.type) {
    case 'hiddenRead':
      return renderHidden(element, anatomy);
    case 'standpointApiServer': {
      const { apiServer } = element.standpoint;
      const item = new vscode.TreeItem('kube-apiserver');
      item.description = apiServer.version ?? s.standpointVersionUnknown;
      item.iconPath = new vscode.ThemeIcon('server-process', healthColor('ok'));
      const tooltip = new Tooltip()
        .heading('kube-apiserver')
        .paragraph(roleText('kube-apiserver'))
        .paragraph(format(s.standpointApiServer, apiServer.server))
        .paragraph(apiServer.version ? format(s.standpointVersion, apiServer.version) : s.standpointVersionUnknown);
      if (apiServer.clusterInfo?.server) tooltip.paragraph(format(s.standpointClusterInfo, apiServer.clusterInfo.server));
      tooltip.paragraph(groupsSentence(apiServer.groups, s));
      item.tooltip = tooltip.markdown;
      item.contextValue = 'clusterAnatomy:standpointApiServer';
      return item;
    }
    case 'clusterInfo': {
      const item = new vscode.TreeItem('kube-public/cluster-info');
      item.description = element.server ?? '—';
      item.iconPath = new vscode.ThemeIcon('info');
      item.tooltip = new Tooltip()
        .heading('ConfigMap kube-public/cluster-info')
        .paragraph(format(s.standpointClusterInfo, element.server ?? '—')).markdown;
      item.contextValue = 'clusterAnatomy:clusterInfo';
      return item;
    }
    case 'servedGroups': {
      const item = new vscode.TreeItem(s.standpointGroupsTitle);
      item.description = element.groups ? element.groups.length.toLocaleString() : s.standpointGroupsHidden;
      item.iconPath = new vscode.ThemeIcon('library');
      item.tooltip = new Tooltip().heading(s.standpointGroupsTitle).paragraph(groupsSentence(element.groups, s)).markdown;
      item.contextValue = 'clusterAnatomy:servedGroups';
      return item;
    }
    case 'servedGroup':
      return renderGroup(element.group);
    case 'inferredNodes': {
      const item = new vscode.TreeItem(s.standpointNodesShort);
      item.description = element.nodes.length.toLocaleString();
      item.iconPath = new vscode.ThemeIcon('vm-outline');
      item.tooltip = new Tooltip()
        .heading(s.standpointNodes)
        .paragraph(
          element.nodes.length > 0
            ? format(s.standpointInferredNodeDetail, element.nodes.map((node) => node.name).join(', '))
            : s.standpointNoNodes,
        ).markdown;
      item.contextValue = 'clusterAnatomy:inferredNodes';
      return item;
    }
    case 'inferredNode': {
      const { node } = element;
      // Its name, marked inferred: the address and what it was inferred from are in the tooltip.
      const item = new vscode.TreeItem(node.name);
      item.description = s.standpointInferredShort;
      item.iconPath = new vscode.ThemeIcon('vm-outline');
      const pods = node.pods.length > 10 ? `${node.pods.slice(0, 10).join(', ')}, … +${node.pods.length - 10}` : node.pods.join(', ');
      const tooltip = new Tooltip()
        .heading(format(s.standpointInferredNode, node.name))
        .paragraph(format(s.standpointInferredNodeDetail, pods));
      if (node.hostIP) tooltip.line('status.hostIP', node.hostIP);
      item.tooltip = tooltip.markdown;
      item.contextValue = 'clusterAnatomy:inferredNode';
      return item;
    }
    case 'userNamespace': {
      const { namespace } = element;
      const item = new vscode.TreeItem(format(s.standpointNamespace, namespace.name));
      item.iconPath = new vscode.ThemeIcon('symbol-namespace');
      if (namespace.pods) {
        item.description = format(s.standpointNamespacePods, namespace.pods.length.toLocaleString());
        item.tooltip = new Tooltip().heading(format(s.standpointNamespace, namespace.name)).paragraph(item.description).markdown;
      } else if (namespace.hidden) {
        markHidden(item, [namespace.hidden], anatomy?.context ?? '', 0);
      } else {
        item.description = s.hiddenFromYou;
      }
      item.contextValue = 'clusterAnatomy:userNamespace';
      return item;
    }
    case 'userPod': {
      const { pod } = element;
      const item = new vscode.TreeItem(pod.name);
      const health = podHealth({ phase: pod.phase, ready: pod.ready, reason: null });
      // A Pod name fills a 300 px sidebar: a healthy Pod says so by its icon's colour (its node is the section
      // above, and the tooltip's), one in trouble says what, and where, first.
      if (health !== 'ok') {
        const phase = pod.ready || pod.phase === 'Succeeded' ? pod.phase : vscode.l10n.t('{0}, not ready', pod.phase);
        item.description = `${phase} · ${pod.nodeName ?? s.standpointNotScheduledShort}`;
      }
      item.iconPath = new vscode.ThemeIcon('symbol-class', healthColor(health));
      const tooltip = new Tooltip()
        .heading(`${pod.namespace}/${pod.name}`)
        .line(vscode.l10n.t('Phase'), pod.phase)
        .line(vscode.l10n.t('Ready'), pod.ready ? vscode.l10n.t('yes') : vscode.l10n.t('no'))
        .line(vscode.l10n.t('Node'), pod.nodeName ? format(s.standpointPodOn, pod.nodeName) : s.standpointPodNotScheduled);
      if (pod.hostIP) tooltip.line('status.hostIP', pod.hostIP);
      if (pod.owner) tooltip.line(vscode.l10n.t('Owner'), pod.workload ? `${pod.owner} → ${pod.workload}` : pod.owner);
      if (pod.actors.length > 0) tooltip.paragraph(format(s.standpointActedBy, pod.actors.map((actor) => actorLine(actor, s)).join(', ')));
      item.tooltip = tooltip.markdown;
      item.contextValue = 'clusterAnatomy:userPod';
      return item;
    }
    case 'userPodPage': {
      const item = new vscode.TreeItem(vscode.l10n.t('{0} more Pods', (element.to - element.from).toLocaleString()));
      item.iconPath = new vscode.ThemeIcon('layers');
      item.contextValue = 'clusterAnatomy:userPodPage';
      return item;
    }
    case 'actor': {
      const { actor } = element;
      const item = new vscode.TreeItem(actor.component);
      item.description = `${actor.what} · ${actor.via === 'event' ? 'Event' : 'managedFields'}`;
      item.iconPath = new vscode.ThemeIcon(actor.via === 'event' ? 'symbol-event' : 'edit');
      const tooltip = new Tooltip().heading(actor.component).paragraph(actorLine(actor, s));
      if (actor.time) tooltip.line(vscode.l10n.t('Time'), actor.time);
      item.tooltip = tooltip.markdown;
      item.contextValue = 'clusterAnatomy:actor';
      return item;
    }
  }
}

/** How the standpoint's rows open: the user's namespaces and nodes at once, the lists of groups and actors on demand. */
export function standpointCollapsed(element: StandpointElement, hasChildren: boolean): vscode.TreeItemCollapsibleState {
  if (!hasChildren) return vscode.TreeItemCollapsibleState.None;
  return element.type === 'inferredNodes' || element.type === 'userNamespace'
    ? vscode.TreeItemCollapsibleState.Expanded
    : vscode.TreeItemCollapsibleState.Collapsed;
}
