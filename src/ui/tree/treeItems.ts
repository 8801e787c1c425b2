import * as vscode from 'vscode';
import { heartbeatStopped, nodeHealth } from '../../core/anatomy/healthPolicy';
import { hasChildren, type TreeElement } from '../../core/anatomy/treeModel';
import { hiddenOf, needsSummary } from '../../core/anatomy/standpointText';
import { format } from '../../core/util/catalog';
import { runtimeLink } from '../../core/anatomy/runtime';
import type { AbsentComponent, ClusterAnatomy, LeaseInfo } from '../../core/anatomy/types';
import type { ConnectionStatus } from '../../core/anatomy/connection';
import { type HealthElement, isHealthElement } from '../../core/health/healthTree';
import { CommandIds } from '../commandIds';
import { healthCollapsibleState, renderHealthItem } from './healthItems';
import { renderPod } from './podItems';
import {
  hiddenTooltip,
  isStandpointElement,
  markHidden,
  renderStandpointItem,
  standpointCollapsed,
  standpointStrings,
} from './standpointItems';
import { isPlacementElement, type PlacementElement, renderPlacementItem, renderUnscheduledPod } from './placementItems';
import { isWaitingElement, type WaitingElement } from '../../core/placement/waitingTree';
import { renderWaitingItem } from './waitingItems';
import { localErrorText } from '../apiErrorText';
import {
  absentDescription,
  ageText,
  apiServersSentence,
  clockTime,
  modeLabel,
  readyLabel,
  roleText,
  runtimeName,
  runtimeParagraph,
  renewedText,
  secondsSince,
  shortModeLabel,
  Tooltip,
  healthColor,
} from './treeText';

/** Elements the tree shows besides the anatomy: the connection's state and its actions. */
export type StateElement =
  { readonly type: 'state'; readonly id: string; readonly status: ConnectionStatus } | { readonly type: 'retry'; readonly id: string };

export type AnatomyTreeElement = TreeElement | StateElement | HealthElement | PlacementElement | WaitingElement;

/** What rendering an item may read besides the element: the anatomy shown, and Leases as the informer holds them now. */
export interface TreeItemView {
  readonly anatomy: ClusterAnatomy | undefined;
  leaseOf(node: string): LeaseInfo | null;
}

/** The tree item of an element, as of now: what the tree shows, and what the API's describeChildren reports. */
export function renderTreeItem(element: AnatomyTreeElement, view: TreeItemView): vscode.TreeItem {
  if (isHealthElement(element)) return renderHealthItem(element);
  if (isPlacementElement(element)) return renderPlacementItem(element);
  if (isWaitingElement(element)) return renderWaitingItem(element);
  if (isStandpointElement(element)) return renderStandpointItem(element, view.anatomy);
  switch (element.type) {
    case 'state':
      return renderState(element, view);
    case 'unscheduledPod':
      return renderUnscheduledPod(element);
    case 'retry': {
      const item = new vscode.TreeItem(vscode.l10n.t('Retry'));
      item.iconPath = new vscode.ThemeIcon('refresh');
      item.command = { command: CommandIds.retry, title: vscode.l10n.t('Retry') };
      return item;
    }
    case 'section':
      return renderSection(element, view);
    case 'node':
      return renderNode(element, view);
    case 'nodeGroup': {
      const label =
        element.role === 'worker'
          ? vscode.l10n.t('{0} more workers', (element.to - element.from).toLocaleString())
          : vscode.l10n.t('{0} more control-plane nodes', (element.to - element.from).toLocaleString());
      const item = new vscode.TreeItem(label);
      // What is wrong comes first: a row cut at the sidebar's edge still shows it.
      const parts: string[] = [];
      if (element.notReady) parts.push(vscode.l10n.t('{0} NotReady', element.notReady.toLocaleString()));
      if (element.unknown) parts.push(vscode.l10n.t('{0} Unknown', element.unknown.toLocaleString()));
      parts.push(vscode.l10n.t('{0} Ready', element.ready.toLocaleString()));
      item.description = parts.join(', ');
      item.iconPath = new vscode.ThemeIcon(
        'layers',
        element.notReady || element.unknown ? new vscode.ThemeColor('list.warningForeground') : undefined,
      );
      item.contextValue = 'clusterAnatomy:nodeGroup';
      return item;
    }
    case 'pod':
    case 'addonPod':
      return renderPod(element);
    case 'agent':
      return renderAgent(element);
    case 'heartbeat':
      return renderHeartbeat(element, view);
    case 'addon':
      return renderAddon(element);
    case 'absent': {
      const item = new vscode.TreeItem(element.absent.component === 'cni' ? vscode.l10n.t('network plugin') : element.absent.component);
      item.description = absentDescription(element.absent);
      item.iconPath = new vscode.ThemeIcon(
        element.absent.reasonCode === 'embedded' ? 'package' : 'circle-slash',
        new vscode.ThemeColor('disabledForeground'),
      );
      item.tooltip = new Tooltip()
        .heading(element.absent.component)
        .paragraph(absentReason(element.absent))
        .evidence(element.absent.evidence ?? []).markdown;
      item.contextValue = 'clusterAnatomy:absent';
      return item;
    }
    case 'hostedControlPlane': {
      const mode = element.anatomy.controlPlane.mode;
      const item = new vscode.TreeItem(
        mode === 'embedded' ? vscode.l10n.t('Embedded in the server binary') : vscode.l10n.t('Managed by the provider'),
      );
      const tooltip = new Tooltip()
        .heading(item.label as string)
        .paragraph(
          mode === 'embedded'
            ? vscode.l10n.t(
                'One server process (k3s, k0s) runs kube-apiserver, the scheduler, the controllers and the datastore, so no control-plane Pods or static Pods exist.',
              )
            : vscode.l10n.t(
                'The provider runs kube-apiserver, etcd, kube-scheduler and kube-controller-manager outside the cluster. The API shows no control-plane nodes or Pods, so they cannot be drawn from live data.',
              ),
        )
        .evidence(element.anatomy.controlPlane.evidence);
      item.tooltip = tooltip.markdown;
      item.iconPath = new vscode.ThemeIcon(mode === 'embedded' ? 'package' : 'cloud');
      item.contextValue = 'clusterAnatomy:hostedControlPlane';
      return item;
    }
    case 'nothingRead': {
      const item = new vscode.TreeItem(vscode.l10n.t('Nothing could be read from this cluster'));
      item.description = element.reason.split('\n')[0];
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
      item.tooltip = new Tooltip().paragraph(element.reason).markdown;
      item.contextValue = 'clusterAnatomy:nothingRead';
      return item;
    }
    case 'embedded':
      return renderEmbedded(element);
    case 'unreadable': {
      const item = new vscode.TreeItem(element.resource);
      item.description = vscode.l10n.t('cannot be read');
      item.iconPath = new vscode.ThemeIcon('lock', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = new Tooltip().heading(element.resource).paragraph(element.reason).markdown;
      item.contextValue = 'clusterAnatomy:unreadable';
      return item;
    }
  }
}

function renderState(element: Extract<StateElement, { type: 'state' }>, view: TreeItemView): vscode.TreeItem {
  const { status } = element;
  let item: vscode.TreeItem;
  switch (status.state) {
    case 'connecting': {
      // A large cluster's first paint: the control plane is shown, the other nodes are still being listed.
      const loading = view.anatomy?.context === status.context ? view.anatomy.loading : undefined;
      const label = !loading
        ? vscode.l10n.t('Connecting to {0}…', status.context)
        : loading.nodes !== null
          ? vscode.l10n.t('Listing all {0} nodes…', loading.nodes.toLocaleString(vscode.env.language))
          : vscode.l10n.t('Listing the nodes…');
      item = new vscode.TreeItem(label);
      if (loading) item.description = vscode.l10n.t('the control plane first');
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      break;
    }
    case 'needsTrust':
      item = new vscode.TreeItem(vscode.l10n.t('Trust this workspace to connect to {0}', status.context));
      item.iconPath = new vscode.ThemeIcon('workspace-untrusted', new vscode.ThemeColor('list.warningForeground'));
      item.command = { command: 'workbench.trust.manage', title: vscode.l10n.t('Manage Workspace Trust') };
      break;
    case 'forbidden':
      item = new vscode.TreeItem(vscode.l10n.t('Missing permission in {0}', status.context));
      item.iconPath = new vscode.ThemeIcon('lock', new vscode.ThemeColor('list.errorForeground'));
      break;
    case 'unauthorized':
      item = new vscode.TreeItem(vscode.l10n.t('{0} rejected the credentials', status.context));
      item.iconPath = new vscode.ThemeIcon('key', new vscode.ThemeColor('list.errorForeground'));
      break;
    case 'connected':
      item = new vscode.TreeItem(vscode.l10n.t('Some resources cannot be read'));
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      break;
    default:
      item = new vscode.TreeItem(vscode.l10n.t('Cannot reach {0}', status.context));
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  }
  if (status.message) {
    const message = localErrorText(status.message);
    item.description = message.split('\n')[0];
    item.tooltip = new Tooltip().paragraph(message).markdown;
  }
  item.contextValue = `clusterAnatomy:state+${status.state}`;
  return item;
}

function renderSection(element: Extract<TreeElement, { type: 'section' }>, view: TreeItemView): vscode.TreeItem {
  const anatomy = view.anatomy;
  switch (element.section) {
    case 'standpoint': {
      const s = standpointStrings();
      const item = new vscode.TreeItem(s.standpointTitle);
      item.iconPath = new vscode.ThemeIcon('eye');
      const access = anatomy?.access;
      item.description = access ? format(s.standpointAccessShort, access.allowed, access.total) : s.limitedStatusUnknown;
      item.tooltip = new Tooltip()
        .heading(s.standpointTitle)
        .paragraph(s.standpointIntro)
        .paragraph(access ? format(s.limitedStatus, access.allowed, access.total) : s.limitedStatusUnknown).markdown;
      item.contextValue = 'clusterAnatomy:section+standpoint';
      return item;
    }
    case 'hidden': {
      const s = standpointStrings();
      const item = new vscode.TreeItem(s.hiddenTitle);
      item.iconPath = new vscode.ThemeIcon('eye-closed');
      item.description = String(element.count);
      item.tooltip = new Tooltip().heading(s.hiddenTitle).paragraph(s.standpointIntro).markdown;
      item.contextValue = 'clusterAnatomy:section+hidden';
      return item;
    }
    case 'controlPlane': {
      const item = new vscode.TreeItem(vscode.l10n.t('Control plane'));
      item.iconPath = new vscode.ThemeIcon('server-environment');
      const hidden = anatomy ? hiddenOf(anatomy, 'controlPlane') : [];
      if (anatomy && hidden.length > 0) {
        // Where and how the control plane runs cannot be seen: never "not recognised", never hosted. With kube-system's
        // Pods read, its components show on the nodes their Pods name (from where the user stands).
        const both = hidden.length === 2;
        const seen = (anatomy.standpoint?.nodes ?? [])
          .flatMap((node) => node.components ?? [])
          .filter((pod) => controlPlaneComponents.has(pod.component));
        markHidden(item, hidden, anatomy.context, seen.length, both ? standpointStrings().standpointControlPlaneHidden : undefined);
      } else if (anatomy) {
        const { apiServers } = anatomy.controlPlane;
        const highlyAvailable = apiServers ? apiServers.availability === 'highly-available' : anatomy.controlPlane.highlyAvailable;
        item.description = shortModeLabel(anatomy.controlPlane.mode) + (highlyAvailable ? ` · ${vscode.l10n.t('HA')}` : '');
        const tooltip = new Tooltip()
          .heading(vscode.l10n.t('Control plane'))
          .paragraph(modeLabel(anatomy.controlPlane.mode))
          .evidence(anatomy.controlPlane.evidence);
        if (apiServers) tooltip.paragraph(apiServersSentence(apiServers)).evidence(apiServers.evidence);
        item.tooltip = tooltip.markdown;
      }
      item.contextValue = 'clusterAnatomy:section+controlPlane';
      return item;
    }
    case 'nodes': {
      const item = new vscode.TreeItem(vscode.l10n.t('Nodes'));
      item.iconPath = new vscode.ThemeIcon('vm');
      const hidden = anatomy ? hiddenOf(anatomy, 'nodes') : [];
      if (anatomy?.loading) {
        const total = anatomy.loading.nodes;
        item.description =
          total !== null
            ? vscode.l10n.t('{0} in all, still listing…', total.toLocaleString(vscode.env.language))
            : vscode.l10n.t('still listing…');
      } else if (anatomy && hidden.length > 0) {
        markHidden(item, hidden, anatomy.context, 0);
      } else if (anatomy) {
        const workers = anatomy.nodes.filter((n) => n.role === 'worker');
        const ready = workers.filter((n) => n.ready === 'True').length;
        item.description = vscode.l10n.t('{0} workers, {1} Ready', workers.length.toLocaleString(), ready.toLocaleString());
      }
      item.contextValue = 'clusterAnatomy:section+nodes';
      return item;
    }
    case 'addons': {
      const item = new vscode.TreeItem(vscode.l10n.t('Cluster addons'));
      item.iconPath = new vscode.ThemeIcon('extensions');
      const hidden = anatomy ? hiddenOf(anatomy, 'addons') : [];
      if (anatomy && hidden.length > 0) markHidden(item, hidden, anatomy.context, anatomy.addons.length);
      else item.description = String(anatomy?.addons.length ?? element.count);
      item.contextValue = 'clusterAnatomy:section+addons';
      return item;
    }
    case 'unscheduled': {
      const item = new vscode.TreeItem(vscode.l10n.t('Waiting for a node'));
      item.iconPath = new vscode.ThemeIcon('watch', healthColor('warn'));
      item.description = String(element.count);
      item.tooltip = new Tooltip()
        .heading(vscode.l10n.t('Waiting for a node'))
        .paragraph(
          vscode.l10n.t(
            'Pods the scheduler has not placed on a node yet, in the namespaces you may read: one row per workload and reason, the placement model asked once per Pod template.',
          ),
        ).markdown;
      item.contextValue = 'clusterAnatomy:section+unscheduled';
      return item;
    }
    case 'absent': {
      const item = new vscode.TreeItem(vscode.l10n.t('Not in this cluster'));
      item.iconPath = new vscode.ThemeIcon('circle-slash');
      const hidden = anatomy ? hiddenOf(anatomy, 'absent') : [];
      // What is absent cannot be told while what would show it is hidden: hidden is never absent.
      if (anatomy && hidden.length > 0) {
        const pods = hidden.find((read) => read.id === 'pods');
        const s = standpointStrings();
        markHidden(
          item,
          hidden,
          anatomy.context,
          anatomy.absent.length,
          pods ? format(s.absentCannotBeTold, needsSummary(pods.needs, s)) : undefined,
        );
      } else item.description = String(anatomy?.absent.length ?? element.count);
      item.contextValue = 'clusterAnatomy:section+absent';
      return item;
    }
    case 'unreadable': {
      const item = new vscode.TreeItem(vscode.l10n.t('Cannot be read'));
      item.iconPath = new vscode.ThemeIcon('lock');
      item.description = String(element.count);
      item.contextValue = 'clusterAnatomy:section+unreadable';
      return item;
    }
  }
}

function renderNode(element: Extract<TreeElement, { type: 'node' }>, view: TreeItemView): vscode.TreeItem {
  const { node } = element;
  const item = new vscode.TreeItem(node.name);
  // Readiness decides; the kubelet version is on the kubelet row and in the tooltip.
  const notReadyFor = node.ready !== 'True' ? secondsSince(node.readySince) : undefined;
  // The heartbeat is judged from the Lease as the informer holds it now, as the diagram does.
  const lease = view.leaseOf(node.name) ?? node.lease;
  const stopped = heartbeatStopped(lease, Date.now());
  item.description =
    readyLabel(node.ready) +
    // How long the Ready condition has said so: a different clock from the heartbeat's, which stopped earlier.
    (notReadyFor !== undefined ? ` ${vscode.l10n.t('for {0}', ageText(notReadyFor))}` : '') +
    (stopped ? ` · ${vscode.l10n.t('heartbeat stopped')}` : '');
  item.iconPath = new vscode.ThemeIcon(
    node.role === 'control-plane' ? 'server-process' : 'vm',
    healthColor(nodeHealth(node, Date.now(), lease)),
  );
  const tooltip = new Tooltip()
    .heading(node.name)
    .line(vscode.l10n.t('Role'), node.role === 'control-plane' ? vscode.l10n.t('control plane node') : vscode.l10n.t('worker'))
    // The Ready condition's value in words (Ready, NotReady, Unknown) under a label that is not the same word.
    .line(
      vscode.l10n.t('Status'),
      readyLabel(node.ready) +
        (node.ready !== 'True' && node.readySince
          ? ` (${vscode.l10n.t('since {0} ago', ageText(secondsSince(node.readySince) ?? 0))})`
          : ''),
    )
    .line('kubelet', node.kubeletVersion ?? '?')
    .line(vscode.l10n.t('container runtime'), node.containerRuntime ?? '?');
  if (node.internalIP) tooltip.line('InternalIP', node.internalIP);
  if (node.podCIDR) tooltip.line('podCIDR', node.podCIDR);
  for (const taint of node.taints)
    tooltip.line(vscode.l10n.t('Taint'), `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`);
  tooltip.evidence(node.roleEvidence);
  item.tooltip = tooltip.markdown;
  item.contextValue = `clusterAnatomy:node+${node.role === 'control-plane' ? 'controlPlane' : 'worker'}+${node.ready === 'True' ? 'ready' : 'notReady'}`;
  return item;
}

function renderAgent(element: Extract<TreeElement, { type: 'agent' }>): vscode.TreeItem {
  const { node, agent } = element;
  const isKubelet = agent === 'kubelet';
  const item = new vscode.TreeItem(isKubelet ? 'kubelet' : vscode.l10n.t('container runtime'));
  // Not a Pod is what a learner needs to see of kubelet; of the runtime, which one it is.
  item.description = isKubelet ? `${vscode.l10n.t('system daemon')} · ${node.kubeletVersion ?? '?'}` : runtimeName(node.containerRuntime);
  item.iconPath = new vscode.ThemeIcon(isKubelet ? 'pulse' : 'package');
  item.tooltip = new Tooltip()
    .heading(isKubelet ? 'kubelet' : vscode.l10n.t('container runtime'))
    .paragraph(roleText(agent))
    .paragraph(
      isKubelet
        ? vscode.l10n.t(
            'kubelet is a system daemon on the node (systemd), not a Pod, so kubectl lists no Pod for it. Its version is in the Node object.',
          )
        : runtimeParagraph(runtimeLink(node).via),
    )
    .line('Node', node.name)
    .line(
      isKubelet ? 'status.nodeInfo.kubeletVersion' : 'status.nodeInfo.containerRuntimeVersion',
      (isKubelet ? node.kubeletVersion : node.containerRuntime) ?? '?',
    ).markdown;
  item.contextValue = `clusterAnatomy:agent+${agent}`;
  return item;
}

function renderEmbedded(element: Extract<TreeElement, { type: 'embedded' }>): vscode.TreeItem {
  const { absent, node } = element;
  const name = absent.component === 'cni' ? (absent.implementation ?? vscode.l10n.t('network plugin')) : absent.component;
  const item = new vscode.TreeItem(name);
  item.description = vscode.l10n.t('in the k3s process');
  item.iconPath = new vscode.ThemeIcon('package');
  item.tooltip = new Tooltip()
    .heading(name)
    .paragraph(roleText(absent.component === 'cni' ? 'cni' : 'kube-proxy', absent.implementation))
    .paragraph(absentReason(absent))
    .line('Node', node.name)
    .evidence(absent.evidence ?? []).markdown;
  item.contextValue = `clusterAnatomy:embedded+${absent.component}`;
  return item;
}

function renderHeartbeat(element: Extract<TreeElement, { type: 'heartbeat' }>, view: TreeItemView): vscode.TreeItem {
  const lease = view.leaseOf(element.node.name) ?? element.node.lease;
  const item = new vscode.TreeItem(vscode.l10n.t('Heartbeat (Lease)'));
  const hidden = !lease && view.anatomy ? hiddenOf(view.anatomy, 'heartbeats') : [];
  if (hidden.length > 0) {
    item.description = standpointStrings().hiddenFromYou;
    item.iconPath = new vscode.ThemeIcon('eye-closed', new vscode.ThemeColor('descriptionForeground'));
    item.tooltip = hiddenTooltip(hidden, view.anatomy!.context, vscode.l10n.t('Lease {0} in kube-node-lease', element.node.name));
  } else if (!lease) {
    item.description = vscode.l10n.t('no Lease seen');
    item.iconPath = new vscode.ThemeIcon('heart', new vscode.ThemeColor('disabledForeground'));
  } else {
    // How long since the last renewal. The row is redrawn when a renewal arrives (so it reads "just now" while
    // the kubelet beats) and, once stopped, when the minutes change: never every second, which would close its
    // tooltip. The clock time is in the tooltip.
    const stopped = heartbeatStopped(lease, Date.now());
    const age = secondsSince(lease.renewTime) ?? 0;
    item.description = stopped ? vscode.l10n.t('stopped · renewed {0} ago', ageText(age)) : renewedText(age);
    item.iconPath = new vscode.ThemeIcon('heart', new vscode.ThemeColor(stopped ? 'list.errorForeground' : 'testing.iconPassed'));
    item.tooltip = new Tooltip()
      .heading(vscode.l10n.t('Lease {0} in kube-node-lease', element.node.name))
      .paragraph(
        vscode.l10n.t(
          'kubelet renews this Lease every 10 s by default. When renewals stop, the node controller marks the node Unknown, and evicts its Pods after 5 minutes by default.',
        ),
      )
      .line('spec.renewTime', `${lease.renewTime} (${clockTime(lease.renewTime)})`)
      .line('spec.leaseDurationSeconds', String(lease.leaseDurationSeconds ?? '?'))
      .line('spec.holderIdentity', lease.holderIdentity ?? '?').markdown;
  }
  item.contextValue = 'clusterAnatomy:heartbeat';
  return item;
}

function renderAddon(element: Extract<TreeElement, { type: 'addon' }>): vscode.TreeItem {
  const { addon } = element;
  const item = new vscode.TreeItem(`${addon.kind} ${addon.name}`);
  if (addon.desired !== null) {
    // Ready of desired; the nodes are on the Pods below and in the tooltip.
    item.description = `${addon.readyCount ?? 0}/${addon.desired}`;
  } else {
    item.description = addon.clusterIP ?? '';
  }
  const icon = addon.kind === 'Service' ? 'globe' : addon.kind === 'DaemonSet' ? 'layers' : 'rocket';
  item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(addon.ready ? 'testing.iconPassed' : 'list.warningForeground'));
  const tooltip = new Tooltip().heading(`${addon.kind} ${addon.namespace}/${addon.name}`);
  if (addon.component !== 'other') tooltip.paragraph(roleText(addon.component));
  if (addon.kind === 'Deployment')
    tooltip.paragraph(vscode.l10n.t('kube-scheduler chose the nodes of its Pods: {0}', addon.nodes.join(', ') || '—'));
  if (addon.kind === 'DaemonSet') tooltip.paragraph(vscode.l10n.t('One Pod on every node that its tolerations allow.'));
  item.tooltip = tooltip.markdown;
  item.contextValue = `clusterAnatomy:addon+${addon.kind}`;
  return item;
}

/** A connection that failed for a reason that may pass (the network, a credential renewed): it offers Retry. */
export function canRetry(status: ConnectionStatus): boolean {
  return status.state === 'unreachable' || status.state === 'unauthorized';
}

const controlPlaneComponents: ReadonlySet<string> = new Set([
  'kube-apiserver',
  'etcd',
  'kube-controller-manager',
  'kube-scheduler',
  'cloud-controller-manager',
]);

/** A section of the anatomy whose own reads are hidden (its rows say what is hidden and why). */
function hiddenSection(element: Extract<TreeElement, { type: 'section' }>, anatomy: ClusterAnatomy | undefined): boolean {
  if (!anatomy) return false;
  switch (element.section) {
    case 'controlPlane':
    case 'nodes':
    case 'addons':
      return hiddenOf(anatomy, element.section).length > 0;
    default:
      return false;
  }
}

export function collapsibleStateOf(element: AnatomyTreeElement, anatomy?: ClusterAnatomy): vscode.TreeItemCollapsibleState {
  if (isHealthElement(element)) return healthCollapsibleState(element);
  if (isPlacementElement(element)) return vscode.TreeItemCollapsibleState.None;
  if (isWaitingElement(element))
    return element.type === 'waitingGroup' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  if (isStandpointElement(element)) return standpointCollapsed(element, hasChildren(element));
  switch (element.type) {
    case 'state':
      // An unreachable cluster shows its Retry child at once.
      return canRetry(element.status) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
    case 'retry':
      return vscode.TreeItemCollapsibleState.None;
    case 'section':
      if (!hasChildren(element)) return vscode.TreeItemCollapsibleState.None;
      // The roles open at once, and what a limited user sees; the lists of what is absent, unreadable or hidden
      // from the sections stay closed (the Hidden section lists each read).
      return element.section === 'absent' || element.section === 'unreadable' || hiddenSection(element, anatomy)
        ? vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.Expanded;
    default:
      return hasChildren(element) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  }
}

function absentReason(absent: AbsentComponent): string {
  const english = absent.why;
  switch (absent.reasonCode) {
    case 'no-cloud-provider':
      return vscode.l10n.t(
        'No cloud provider integration: cloud-controller-manager runs only in clusters on a cloud (not in kind, on laptops or on-premises).',
      );
    case 'hosted-control-plane':
      return vscode.l10n.t("Runs in the provider's control plane; the API shows no Pod or node for it.");
    case 'embedded':
      switch (absent.component) {
        case 'kube-proxy':
          return vscode.l10n.t('Runs inside the k3s process on every node (k3s server and k3s agent), not as a Pod.');
        case 'cni':
          return vscode.l10n.t('flannel runs inside the k3s process on every node, not as a Pod.');
        case 'cloud-controller-manager':
          return vscode.l10n.t(
            "k3s's stub cloud controller runs inside the k3s server process; it sets the nodes' addresses and instance type.",
          );
        default:
          return vscode.l10n.t('Runs inside the server binary (k3s/k0s embed the control plane in one process), not as a Pod.');
      }
    case 'replaced-by-cni':
      return absent.implementation === 'cilium'
        ? vscode.l10n.t(
            "Replaced by Cilium's kube-proxy replacement: Cilium runs and there is no kube-proxy DaemonSet or Pod (inferred from these; the cilium-config ConfigMap is not read).",
          )
        : vscode.l10n.t('The network plugin implements Services itself, replacing kube-proxy.');
    case 'external-etcd':
      return vscode.l10n.t('No etcd Pod: kube-apiserver uses an external etcd cluster outside Kubernetes.');
    case 'no-cluster-dns':
      return vscode.l10n.t('No cluster DNS Pods in kube-system; every cluster should have one.');
    default:
      return english;
  }
}
