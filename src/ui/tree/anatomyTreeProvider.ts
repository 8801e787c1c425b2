import * as vscode from 'vscode';
import { DisposableStore } from '../../core/util/disposable';
import { CommandIds } from '../commandIds';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import type { AnatomyTarget } from '../../core/anatomy/target';
import { childElements, hasChildren, type TreeElement } from '../../core/anatomy/treeModel';
import { runtimeLink, type RuntimeInterface } from '../../core/anatomy/runtime';
import type { AbsentComponent, ApiServerEndpoints, ClusterAnatomy } from '../../core/anatomy/types';
import { type Health, heartbeatDeadline, heartbeatStopped, nodeHealth, podHealth } from '../../core/anatomy/health';
import type { ConnectionStatus } from '../../core/anatomy/connection';
import { ageText, clockTime, componentLabel, readyLabel, roleText, secondsSince, sourceLabel, Tooltip } from './treeText';

/** Elements the tree shows besides the anatomy: the connection's state and its actions. */
export type StateElement =
  | { readonly type: 'state'; readonly id: string; readonly status: ConnectionStatus }
  | { readonly type: 'retry'; readonly id: string };

export type AnatomyTreeElement = TreeElement | StateElement;

export interface RenderedTreeItem {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** The tooltip's Markdown source. */
  readonly tooltip: string;
  readonly contextValue: string;
  readonly collapsible: boolean;
  /** The theme colour of the icon (the health policy's verdict), if it has one. */
  readonly iconColor?: string;
}

/** Renewals of many nodes are shown together: a large cluster renews hundreds of Leases a second. */
const HEARTBEAT_BATCH_MS = 250;

/** The theme colour of each verdict of the health policy. */
const healthColors: Readonly<Record<Health, string>> = {
  ok: 'testing.iconPassed',
  warn: 'list.warningForeground',
  error: 'list.errorForeground',
  stale: 'disabledForeground',
  unknown: 'disabledForeground',
  absent: 'disabledForeground',
  neutral: 'descriptionForeground',
};

function healthColor(health: Health): vscode.ThemeColor {
  return new vscode.ThemeColor(healthColors[health]);
}

/** What a row shows that a heartbeat can change: it is re-rendered only when this differs. */
function shownText(item: vscode.TreeItem): string {
  const color = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.color?.id : undefined;
  return `${typeof item.description === 'string' ? item.description : ''}|${color ?? ''}`;
}

/**
 * Maps the live anatomy to tree items. Elements are interned by id, so refreshing one heartbeat or a whole
 * section keeps the same objects and VS Code keeps what is expanded.
 */
export class AnatomyTreeProvider implements vscode.TreeDataProvider<AnatomyTreeElement>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<AnatomyTreeElement | AnatomyTreeElement[] | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly interned = new Map<string, AnatomyTreeElement>();
  /** Each element's parent as last handed out, for TreeView.reveal. */
  private readonly parents = new Map<string, AnatomyTreeElement | undefined>();
  /** The refresh in which each id was last handed out: ids not asked for since the one before are dropped. */
  private readonly lastSeen = new Map<string, number>();
  private generation = 0;
  /**
   * Rows whose text follows a node's heartbeat (the node and its Heartbeat row), by node, with what each showed.
   * They are re-rendered when that node's Lease is renewed or its duration runs out, and only if their text
   * changed: a re-rendered row loses its open tooltip, so nothing ticks for the sake of ticking.
   */
  private readonly heartbeatRows = new Map<string, Map<AnatomyTreeElement, string>>();
  private readonly renewedNodes = new Set<string>();
  private renewalTimer: NodeJS.Timeout | undefined;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private nextDeadline = Infinity;
  private visible = false;
  private readonly disposables = new DisposableStore();
  private anatomy: ClusterAnatomy | undefined;

  constructor(private readonly live: LiveAnatomy) {
    this.disposables.addAll(
      this.changeEmitter,
      live.onDidChange((anatomy) => this.update(anatomy)),
      live.onDidChangeStatus(() => this.refreshAll()),
      live.onLeaseRenewed((node) => this.onLeaseRenewed(node)),
      live.onDidChangeSession(() => {
        this.anatomy = undefined;
        this.interned.clear();
        this.lastSeen.clear();
        this.parents.clear();
        this.refreshAll();
      }),
    );
  }

  /** The tree view, once created: heartbeats are followed only while it is visible. */
  attach(view: vscode.TreeView<AnatomyTreeElement>): void {
    const sync = () => {
      this.visible = view.visible;
      if (this.visible) this.recheckHeartbeats([...this.heartbeatRows.keys()]);
    };
    this.disposables.add(view.onDidChangeVisibility(sync));
    sync();
  }

  get currentAnatomy(): ClusterAnatomy | undefined {
    return this.anatomy ?? this.live.current;
  }

  private update(anatomy: ClusterAnatomy): void {
    this.anatomy = anatomy;
    this.refreshAll();
  }

  refreshAll(): void {
    // Pods come and go: forget elements no view asked for during the last whole refresh, so the map does not
    // grow with every replaced Pod, while what is on screen keeps its identity.
    this.generation++;
    for (const [id, seen] of this.lastSeen) {
      if (seen < this.generation - 1) {
        this.lastSeen.delete(id);
        this.interned.delete(id);
        this.parents.delete(id);
      }
    }
    this.heartbeatRows.clear();
    this.changeEmitter.fire(undefined);
  }

  private onLeaseRenewed(node: string): void {
    if (!this.heartbeatRows.has(node)) return;
    this.renewedNodes.add(node);
    this.renewalTimer ??= setTimeout(() => {
      this.renewalTimer = undefined;
      const nodes = [...this.renewedNodes];
      this.renewedNodes.clear();
      if (this.visible) this.recheckHeartbeats(nodes);
    }, HEARTBEAT_BATCH_MS);
  }

  /** Re-renders the heartbeat-dependent rows of these nodes whose text changed. */
  private recheckHeartbeats(nodes: readonly string[]): void {
    const changed: AnatomyTreeElement[] = [];
    for (const node of nodes) {
      for (const [element, shown] of this.heartbeatRows.get(node) ?? []) {
        if (shownText(this.render(element)) !== shown) changed.push(element);
      }
    }
    if (changed.length > 0) this.changeEmitter.fire(changed);
  }

  /** Remembers a heartbeat-dependent row as shown, and wakes up when its Lease's duration runs out. */
  private trackHeartbeat(node: string, element: AnatomyTreeElement, item: vscode.TreeItem): void {
    let rows = this.heartbeatRows.get(node);
    if (!rows) this.heartbeatRows.set(node, (rows = new Map()));
    rows.set(element, shownText(item));
    const lease = this.live.leaseOf(node);
    const deadline = heartbeatDeadline(lease);
    if (deadline === undefined || heartbeatStopped(lease, Date.now()) || deadline >= this.nextDeadline) return;
    clearTimeout(this.deadlineTimer);
    this.nextDeadline = deadline;
    this.deadlineTimer = setTimeout(() => {
      this.nextDeadline = Infinity;
      if (this.visible) this.recheckHeartbeats([...this.heartbeatRows.keys()]);
    }, Math.max(0, deadline - Date.now()) + 50);
  }

  private intern<T extends AnatomyTreeElement>(element: T): T {
    this.lastSeen.set(element.id, this.generation);
    const existing = this.interned.get(element.id);
    if (existing && existing.type === element.type) {
      Object.assign(existing, element);
      return existing as T;
    }
    this.interned.set(element.id, element);
    return element;
  }

  getChildren(element?: AnatomyTreeElement): AnatomyTreeElement[] {
    const children = this.childrenOf(element);
    for (const child of children) this.parents.set(child.id, element);
    return children;
  }

  /**
   * The element that shows a node, or a Pod on it, walking down from the roots (through node groups on large
   * clusters), so TreeView.reveal can select it; undefined when the tree does not show it.
   */
  find(target: AnatomyTarget): AnatomyTreeElement | undefined {
    if (!target.node && !target.pod) return undefined;
    const nodeName = target.node ?? this.currentAnatomy?.nodes.find((n) => n.components.some((c) => c.pod === target.pod?.name))?.name;
    if (!nodeName) return undefined;
    const search = (elements: AnatomyTreeElement[]): AnatomyTreeElement | undefined => {
      for (const element of elements) {
        if (element.type === 'node' && element.node.name === nodeName) return element;
        if (element.type === 'section' && (element.section === 'controlPlane' || element.section === 'nodes')) {
          const found = search(this.getChildren(element));
          if (found) return found;
        }
        if (element.type === 'nodeGroup') {
          const found = search(this.getChildren(element));
          if (found) return found;
        }
      }
      return undefined;
    };
    const node = search(this.getChildren(undefined));
    if (!node || !target.pod) return node;
    return this.getChildren(node).find((child) => child.type === 'pod' && child.pod.pod === target.pod?.name) ?? node;
  }

  private childrenOf(element?: AnatomyTreeElement): AnatomyTreeElement[] {
    if (element?.type === 'state') return canRetry(element.status) ? [this.intern({ type: 'retry', id: `${element.id}/retry` })] : [];
    if (element?.type === 'retry') return [];
    const status = this.live.status;
    if (!element) {
      if (!status) return [];
      const anatomy = this.currentAnatomy;
      const stateItem = this.intern<StateElement>({ type: 'state', id: `state:${status.context}`, status });
      if (!anatomy || anatomy.context !== status.context) return status.state === 'connected' ? [] : [stateItem];
      // Nothing read: the connection's error is the whole story; no sections, counts or guessed control plane.
      if (anatomy.nothingRead && status.state !== 'connected') return [stateItem];
      const roots = childElements(anatomy, undefined).map((e) => this.intern(e));
      return status.state === 'connected' && !status.message ? roots : [stateItem, ...roots];
    }
    const anatomy = this.currentAnatomy;
    if (!anatomy) return [];
    return childElements(anatomy, element).map((e) => this.intern(e));
  }

  /** The rendered children of an element (by id), as a person sees them: for the extension API and tests. */
  describeChildren(parentId?: string): RenderedTreeItem[] {
    const parent = parentId === undefined ? undefined : this.interned.get(parentId);
    if (parentId !== undefined && !parent) return [];
    return this.getChildren(parent).map((element) => {
      const item = this.getTreeItem(element);
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
      return {
        id: element.id,
        label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
        description: typeof item.description === 'string' ? item.description : '',
        tooltip,
        contextValue: item.contextValue ?? '',
        collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
        ...(item.iconPath instanceof vscode.ThemeIcon && item.iconPath.color ? { iconColor: item.iconPath.color.id } : {}),
      };
    });
  }

  getParent(element: AnatomyTreeElement): AnatomyTreeElement | undefined {
    return this.parents.get(element.id);
  }

  getTreeItem(element: AnatomyTreeElement): vscode.TreeItem {
    const item = this.render(element);
    item.id = element.id;
    // A TreeItem made without a state says None: the state comes from the model, never from that default.
    item.collapsibleState = collapsibleStateOf(element);
    if (element.type === 'heartbeat' || element.type === 'node') this.trackHeartbeat(element.node.name, element, item);
    return item;
  }

  private render(element: AnatomyTreeElement): vscode.TreeItem {
    switch (element.type) {
      case 'state':
        return this.renderState(element);
      case 'retry': {
        const item = new vscode.TreeItem(vscode.l10n.t('Retry'));
        item.iconPath = new vscode.ThemeIcon('refresh');
        item.command = { command: CommandIds.retry, title: vscode.l10n.t('Retry') };
        return item;
      }
      case 'section':
        return this.renderSection(element);
      case 'node':
        return this.renderNode(element);
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
        item.iconPath = new vscode.ThemeIcon('layers', element.notReady || element.unknown ? new vscode.ThemeColor('list.warningForeground') : undefined);
        item.contextValue = 'clusterAnatomy:nodeGroup';
        return item;
      }
      case 'pod':
      case 'addonPod':
        return this.renderPod(element);
      case 'agent':
        return this.renderAgent(element);
      case 'heartbeat':
        return this.renderHeartbeat(element);
      case 'addon':
        return this.renderAddon(element);
      case 'absent': {
        const item = new vscode.TreeItem(element.absent.component === 'cni' ? vscode.l10n.t('network plugin') : element.absent.component);
        item.description = absentDescription(element.absent);
        item.iconPath = new vscode.ThemeIcon(element.absent.reasonCode === 'embedded' ? 'package' : 'circle-slash', new vscode.ThemeColor('disabledForeground'));
        item.tooltip = new Tooltip()
          .heading(element.absent.component)
          .paragraph(absentReason(element.absent))
          .evidence(element.absent.evidence ?? []).markdown;
        item.contextValue = 'clusterAnatomy:absent';
        return item;
      }
      case 'hostedControlPlane': {
        const mode = element.anatomy.controlPlane.mode;
        const item = new vscode.TreeItem(mode === 'embedded' ? vscode.l10n.t('Embedded in the server binary') : vscode.l10n.t('Managed by the provider'));
        const tooltip = new Tooltip()
          .heading(item.label as string)
          .paragraph(
            mode === 'embedded'
              ? vscode.l10n.t('One server process (k3s, k0s) runs kube-apiserver, the scheduler, the controllers and the datastore, so no control-plane Pods or static Pods exist.')
              : vscode.l10n.t('The provider runs kube-apiserver, etcd, kube-scheduler and kube-controller-manager outside the cluster. The API shows no control-plane nodes or Pods, so they cannot be drawn from live data.'),
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
        return this.renderEmbedded(element);
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

  private renderState(element: Extract<StateElement, { type: 'state' }>): vscode.TreeItem {
    const { status } = element;
    let item: vscode.TreeItem;
    switch (status.state) {
      case 'connecting':
        item = new vscode.TreeItem(vscode.l10n.t('Connecting to {0}…', status.context));
        item.iconPath = new vscode.ThemeIcon('loading~spin');
        break;
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
      item.description = status.message.split('\n')[0];
      item.tooltip = new Tooltip().paragraph(status.message).markdown;
    }
    item.contextValue = `clusterAnatomy:state+${status.state}`;
    return item;
  }

  private renderSection(element: Extract<TreeElement, { type: 'section' }>): vscode.TreeItem {
    const anatomy = this.currentAnatomy;
    switch (element.section) {
      case 'controlPlane': {
        const item = new vscode.TreeItem(vscode.l10n.t('Control plane'));
        item.iconPath = new vscode.ThemeIcon('server-environment');
        if (anatomy) {
          const { apiServers } = anatomy.controlPlane;
          const highlyAvailable = apiServers ? apiServers.availability === 'highly-available' : anatomy.controlPlane.highlyAvailable;
          item.description = shortModeLabel(anatomy.controlPlane.mode) + (highlyAvailable ? ` · ${vscode.l10n.t('HA')}` : '');
          const tooltip = new Tooltip().heading(vscode.l10n.t('Control plane')).paragraph(modeLabel(anatomy.controlPlane.mode)).evidence(anatomy.controlPlane.evidence);
          if (apiServers) tooltip.paragraph(apiServersSentence(apiServers)).evidence(apiServers.evidence);
          item.tooltip = tooltip.markdown;
        }
        item.contextValue = 'clusterAnatomy:section+controlPlane';
        return item;
      }
      case 'nodes': {
        const item = new vscode.TreeItem(vscode.l10n.t('Nodes'));
        item.iconPath = new vscode.ThemeIcon('vm');
        if (anatomy) {
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
        item.description = String(element.count);
        item.contextValue = 'clusterAnatomy:section+addons';
        return item;
      }
      case 'absent': {
        const item = new vscode.TreeItem(vscode.l10n.t('Not in this cluster'));
        item.iconPath = new vscode.ThemeIcon('circle-slash');
        item.description = String(element.count);
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

  private renderNode(element: Extract<TreeElement, { type: 'node' }>): vscode.TreeItem {
    const { node } = element;
    const item = new vscode.TreeItem(node.name);
    // Readiness decides; the kubelet version is on the kubelet row and in the tooltip.
    const notReadyFor = node.ready !== 'True' ? secondsSince(node.readySince) : undefined;
    // The heartbeat is judged from the Lease as the informer holds it now, as the diagram does.
    const lease = this.live.leaseOf(node.name) ?? node.lease;
    const stopped = heartbeatStopped(lease, Date.now());
    item.description = readyLabel(node.ready) + (notReadyFor !== undefined ? ` · ${ageText(notReadyFor)}` : '') + (stopped ? ` · ${vscode.l10n.t('heartbeat stopped')}` : '');
    item.iconPath = new vscode.ThemeIcon(node.role === 'control-plane' ? 'server-process' : 'vm', healthColor(nodeHealth(node, Date.now(), lease)));
    const tooltip = new Tooltip()
      .heading(node.name)
      .line(vscode.l10n.t('Role'), node.role === 'control-plane' ? vscode.l10n.t('control plane node') : vscode.l10n.t('worker'))
      .line(vscode.l10n.t('Ready'), readyLabel(node.ready) + (node.ready !== 'True' && node.readySince ? ` (${vscode.l10n.t('since {0} ago', ageText(secondsSince(node.readySince) ?? 0))})` : ''))
      .line('kubelet', node.kubeletVersion ?? '?')
      .line(vscode.l10n.t('container runtime'), node.containerRuntime ?? '?');
    if (node.internalIP) tooltip.line('InternalIP', node.internalIP);
    if (node.podCIDR) tooltip.line('podCIDR', node.podCIDR);
    for (const taint of node.taints) tooltip.line(vscode.l10n.t('Taint'), `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`);
    tooltip.evidence(node.roleEvidence);
    item.tooltip = tooltip.markdown;
    item.contextValue = `clusterAnatomy:node+${node.role === 'control-plane' ? 'controlPlane' : 'worker'}+${node.ready === 'True' ? 'ready' : 'notReady'}`;
    return item;
  }

  private renderPod(element: Extract<TreeElement, { type: 'pod' } | { type: 'addonPod' }>): vscode.TreeItem {
    const { pod } = element;
    const item = new vscode.TreeItem(element.type === 'addonPod' ? pod.pod : componentLabel(pod));
    // A healthy Pod is described by how it runs (or, under an addon, where); a troubled one by its trouble
    // first. Phase and restarts are in the tooltip and the icon's colour.
    const verdict = podHealth(pod);
    const healthy = verdict === 'ok';
    const health = pod.reason ?? (pod.ready || pod.phase === 'Succeeded' ? pod.phase : vscode.l10n.t('{0}, not ready', pod.phase));
    const how = element.type === 'addonPod' ? (element.nodeName ?? '?') : sourceLabel(pod.source);
    const restarts = pod.restarts > 0 ? ` · ${vscode.l10n.t('{0} restarts', pod.restarts)}` : '';
    item.description = healthy ? `${how}${restarts}` : `${health} · ${how}`;
    item.iconPath = new vscode.ThemeIcon(pod.source === 'static' ? 'file-code' : pod.source === 'daemonset' ? 'layers' : 'symbol-class', healthColor(verdict));
    const tooltip = new Tooltip()
      .heading(pod.pod)
      .paragraph(roleText(pod.component, pod.cniName))
      .line(vscode.l10n.t('How it runs here'), howItRuns(pod, element.nodeName))
      .line(vscode.l10n.t('Phase'), pod.phase)
      .line(vscode.l10n.t('Ready'), pod.ready ? vscode.l10n.t('yes') : vscode.l10n.t('no'))
      .line(vscode.l10n.t('Restarts'), String(pod.restarts));
    if (pod.reason) tooltip.line(vscode.l10n.t('Reason'), pod.reason);
    if (pod.hostNetwork) tooltip.line('hostNetwork', 'true');
    tooltip.evidence(pod.evidence);
    item.tooltip = tooltip.markdown;
    item.contextValue = `clusterAnatomy:pod+${pod.source}+${pod.component}`;
    return item;
  }

  private renderAgent(element: Extract<TreeElement, { type: 'agent' }>): vscode.TreeItem {
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
          ? vscode.l10n.t('kubelet is a system daemon on the node (systemd), not a Pod, so kubectl lists no Pod for it. Its version is in the Node object.')
          : runtimeParagraph(runtimeLink(node).via),
      )
      .line('Node', node.name)
      .line(isKubelet ? 'status.nodeInfo.kubeletVersion' : 'status.nodeInfo.containerRuntimeVersion', (isKubelet ? node.kubeletVersion : node.containerRuntime) ?? '?').markdown;
    item.contextValue = `clusterAnatomy:agent+${agent}`;
    return item;
  }

  private renderEmbedded(element: Extract<TreeElement, { type: 'embedded' }>): vscode.TreeItem {
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

  private renderHeartbeat(element: Extract<TreeElement, { type: 'heartbeat' }>): vscode.TreeItem {
    const lease = this.live.leaseOf(element.node.name) ?? element.node.lease;
    const item = new vscode.TreeItem(vscode.l10n.t('Heartbeat (Lease)'));
    if (!lease) {
      item.description = vscode.l10n.t('no Lease seen');
      item.iconPath = new vscode.ThemeIcon('heart', new vscode.ThemeColor('disabledForeground'));
    } else {
      // The time of the last renewal, not an age: it changes when the Lease does, so the row is not redrawn
      // every second (which would close its tooltip), and it is what `kubectl get lease` shows advancing.
      const stopped = heartbeatStopped(lease, Date.now());
      const renewed = clockTime(lease.renewTime);
      item.description = stopped ? vscode.l10n.t('stopped; last renewed at {0}', renewed) : vscode.l10n.t('renewed at {0}', renewed);
      item.iconPath = new vscode.ThemeIcon('heart', new vscode.ThemeColor(stopped ? 'list.errorForeground' : 'testing.iconPassed'));
      item.tooltip = new Tooltip()
        .heading(vscode.l10n.t('Lease {0} in kube-node-lease', element.node.name))
        .paragraph(vscode.l10n.t('kubelet renews this Lease every 10 s by default. When renewals stop, the node controller marks the node Unknown, and evicts its Pods after 5 minutes by default.'))
        .line('spec.renewTime', lease.renewTime)
        .line('spec.leaseDurationSeconds', String(lease.leaseDurationSeconds ?? '?'))
        .line('spec.holderIdentity', lease.holderIdentity ?? '?').markdown;
    }
    item.contextValue = 'clusterAnatomy:heartbeat';
    return item;
  }

  private renderAddon(element: Extract<TreeElement, { type: 'addon' }>): vscode.TreeItem {
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
    if (addon.kind === 'Deployment') tooltip.paragraph(vscode.l10n.t('kube-scheduler chose the nodes of its Pods: {0}', addon.nodes.join(', ') || '—'));
    if (addon.kind === 'DaemonSet') tooltip.paragraph(vscode.l10n.t('One Pod on every node that its tolerations allow.'));
    item.tooltip = tooltip.markdown;
    item.contextValue = `clusterAnatomy:addon+${addon.kind}`;
    return item;
  }

  dispose(): void {
    clearTimeout(this.renewalTimer);
    clearTimeout(this.deadlineTimer);
    this.disposables.dispose();
  }
}

/** A connection that failed for a reason that may pass (the network, a credential renewed): it offers Retry. */
function canRetry(status: ConnectionStatus): boolean {
  return status.state === 'unreachable' || status.state === 'unauthorized';
}

function collapsibleStateOf(element: AnatomyTreeElement): vscode.TreeItemCollapsibleState {
  switch (element.type) {
    case 'state':
      // An unreachable cluster shows its Retry child at once.
      return canRetry(element.status) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
    case 'retry':
      return vscode.TreeItemCollapsibleState.None;
    case 'section':
      if (!hasChildren(element)) return vscode.TreeItemCollapsibleState.None;
      // The roles open at once; the lists of what is absent or unreadable stay closed.
      return element.section === 'absent' || element.section === 'unreadable' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded;
    default:
      return hasChildren(element) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  }
}

function modeLabel(mode: ClusterAnatomy['controlPlane']['mode']): string {
  switch (mode) {
    case 'static-pods':
      return vscode.l10n.t('static Pods (kubelet reads /etc/kubernetes/manifests)');
    case 'hosted':
      return vscode.l10n.t('managed by the provider');
    case 'embedded':
      return vscode.l10n.t('embedded in one server binary');
    case 'self-hosted':
      return vscode.l10n.t('self-hosted (DaemonSets or Deployments)');
    case 'unknown':
      return vscode.l10n.t('not recognised');
  }
}

/** The control plane's mode in a word or two, for the description; modeLabel says it whole. */
function shortModeLabel(mode: ClusterAnatomy['controlPlane']['mode']): string {
  switch (mode) {
    case 'static-pods':
      return vscode.l10n.t('static Pods');
    case 'hosted':
      return vscode.l10n.t('managed');
    case 'embedded':
      return vscode.l10n.t('embedded');
    case 'self-hosted':
      return vscode.l10n.t('self-hosted');
    case 'unknown':
      return vscode.l10n.t('not recognised');
  }
}

/** `containerd://2.1.4` as `containerd`: the version is in the tooltip. */
function runtimeName(containerRuntime: string | null | undefined): string {
  return containerRuntime?.split('://')[0] || '?';
}

function howItRuns(pod: { source: string; pod: string; owner: string | null }, nodeName: string | null): string {
  const where = nodeName ?? '?';
  switch (pod.source) {
    case 'static':
      return vscode.l10n.t('static Pod on {0}: kubelet starts it from a manifest file; this is its mirror Pod', where);
    case 'daemonset':
      return vscode.l10n.t('one Pod per node, from {0}', pod.owner ?? 'DaemonSet');
    case 'deployment':
      return vscode.l10n.t('{0} → ReplicaSet → Pod, placed on {1} by kube-scheduler', pod.owner ?? 'Deployment', where);
    default:
      return `${pod.source}${pod.owner ? ` (${pod.owner})` : ''} on ${where}`;
  }
}

function absentDescription(absent: AbsentComponent): string {
  switch (absent.reasonCode) {
    case 'embedded':
      return vscode.l10n.t('embedded, not a Pod');
    case 'replaced-by-cni':
      return absent.implementation === 'cilium' ? vscode.l10n.t('replaced by Cilium') : vscode.l10n.t('replaced by the network plugin');
    case 'disabled':
      return vscode.l10n.t('turned off');
    default:
      return vscode.l10n.t('not in this cluster');
  }
}

/** What the API shows of how many API servers there are, as a tooltip sentence. */
function apiServersSentence(apiServers: ApiServerEndpoints): string {
  const addresses = apiServers.addresses ?? [];
  switch (apiServers.availability) {
    case 'highly-available':
      return addresses.length > 1
        ? vscode.l10n.t('Highly available: the default/kubernetes Endpoints list {0} API server addresses.', addresses.length)
        : vscode.l10n.t('Highly available: several kube-apiserver Pods or control-plane nodes.');
    case 'single-endpoint':
      return addresses.length === 1
        ? vscode.l10n.t('The default/kubernetes Endpoints list one address ({0}). It may be a load balancer in front of several API servers: the API does not say.', addresses[0])
        : vscode.l10n.t('One kube-apiserver Pod.');
    case 'unknown':
      return vscode.l10n.t('Whether the API server is highly available is not known: the default/kubernetes Endpoints list no address or were not read.');
  }
}

function runtimeParagraph(via: RuntimeInterface): string {
  switch (via) {
    case 'dockershim':
      return vscode.l10n.t("Docker Engine, a system daemon on the node. Up to Kubernetes 1.23 kubelet drives it through its built-in dockershim, over Docker's own API, not over CRI. It is not a Pod; its version is in the Node object.");
    case 'cri-dockerd':
      return vscode.l10n.t('Docker Engine, a system daemon on the node, behind the cri-dockerd adapter, which kubelet drives over CRI (gRPC): dockershim was removed in Kubernetes 1.24. It is not a Pod; its version is in the Node object.');
    default:
      return vscode.l10n.t('The container runtime is a system daemon on the node, driven by kubelet over CRI (gRPC). It is not a Pod; its version is in the Node object.');
  }
}

function absentReason(absent: AbsentComponent): string {
  const english = absent.why;
  switch (absent.reasonCode) {
    case 'no-cloud-provider':
      return vscode.l10n.t('No cloud provider integration: cloud-controller-manager runs only in clusters on a cloud (not in kind, on laptops or on-premises).');
    case 'hosted-control-plane':
      return vscode.l10n.t('Runs in the provider\'s control plane; the API shows no Pod or node for it.');
    case 'embedded':
      switch (absent.component) {
        case 'kube-proxy':
          return vscode.l10n.t('Runs inside the k3s process on every node (k3s server and k3s agent), not as a Pod.');
        case 'cni':
          return vscode.l10n.t('flannel runs inside the k3s process on every node, not as a Pod.');
        case 'cloud-controller-manager':
          return vscode.l10n.t("k3s's stub cloud controller runs inside the k3s server process; it sets the nodes' addresses and instance type.");
        default:
          return vscode.l10n.t('Runs inside the server binary (k3s/k0s embed the control plane in one process), not as a Pod.');
      }
    case 'replaced-by-cni':
      return absent.implementation === 'cilium'
        ? vscode.l10n.t("Replaced by Cilium's kube-proxy replacement: Cilium runs and there is no kube-proxy DaemonSet or Pod (inferred from these; the cilium-config ConfigMap is not read).")
        : vscode.l10n.t('The network plugin implements Services itself, replacing kube-proxy.');
    case 'external-etcd':
      return vscode.l10n.t('No etcd Pod: kube-apiserver uses an external etcd cluster outside Kubernetes.');
    case 'no-cluster-dns':
      return vscode.l10n.t('No cluster DNS Pods in kube-system; every cluster should have one.');
    default:
      return english;
  }
}
