/**
 * Hub-and-spoke layout (anatomy.md "Hub and spoke"): the control plane on top with kube-apiserver as the hub,
 * the nodes below, every edge through kube-apiserver except kubelet → runtime → Pods inside a node. The
 * placement view draws nodes as columns with their kube-system Pods. Nodes above a threshold per role are
 * drawn as one group box that expands one page at a time, so the cost of a layout does not grow with the
 * number of boxes a cluster could produce, only with the number of nodes counted.
 */
import { runtimeLink } from '../anatomy/runtime';
import type { ClusterAnatomy, ComponentId, ComponentPod, Evidence, NodeAnatomy, NodeRole } from '../anatomy/types';
import { comparePods, heartbeatAgeSeconds, heartbeatStopped, nodeHealth, podHealth, podsHealth } from './health';
import type { BoxCard, DiagramUiState, EdgeKind, Health, Scene, SceneBox, SceneEdge, SceneGroup } from './scene';
import { roleStringKeys, type DiagramStrings, defaultDiagramStrings, format, formatCount, formatDuration } from './strings';

export interface LayoutOptions {
  readonly strings?: DiagramStrings;
  readonly locale?: string;
  /** The time heartbeats are measured against (ms); defaults to the anatomy's generatedAt. */
  readonly now?: number;
  /** More nodes than this in one role are drawn as a group. */
  readonly groupThreshold?: number;
  /** Nodes shown per page of an expanded group. */
  readonly pageSize?: number;
}

export const defaultGroupThreshold = 12;

const margin = 24;
const columnWidth = 220;
const columnGap = 20;
const componentWidth = 180;
const componentHeight = 50;
const podHeight = 26;
const podGap = 6;
const groupHeaderHeight = 44;

type Point = readonly [number, number];

export function layoutDiagram(anatomy: ClusterAnatomy, ui: DiagramUiState, options: LayoutOptions = {}): Scene {
  return new SceneBuilder(anatomy, ui, options).build();
}

/** A run of node columns: plain nodes, or a group (collapsed: one box; expanded: one page of nodes). */
interface Section {
  readonly role: NodeRole;
  readonly nodes: readonly NodeAnatomy[];
  readonly group?: SceneGroup;
}

const controlPlaneComponents = ['kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager'] as const;

class SceneBuilder {
  private readonly boxes: SceneBox[] = [];
  private readonly edges: SceneEdge[] = [];
  private readonly groups: SceneGroup[] = [];
  private readonly strings: DiagramStrings;
  private readonly now: number;
  private readonly threshold: number;
  private readonly pageSize: number;
  private readonly locale: string;

  constructor(
    private readonly anatomy: ClusterAnatomy,
    private readonly ui: DiagramUiState,
    options: LayoutOptions,
  ) {
    this.strings = options.strings ?? defaultDiagramStrings;
    this.locale = options.locale ?? 'en';
    const generated = Date.parse(anatomy.generatedAt);
    this.now = options.now ?? (Number.isFinite(generated) ? generated : Date.now());
    this.threshold = Math.max(1, options.groupThreshold ?? defaultGroupThreshold);
    this.pageSize = Math.max(1, options.pageSize ?? this.threshold);
  }

  build(): Scene {
    if (this.anatomy.nothingRead) return this.nothingReadScene(this.anatomy.nothingRead.reason);
    const sections = this.planSections();
    const placement = this.ui.view === 'placement';
    const columns = sections.reduce((sum, section) => sum + Math.max(1, section.nodes.length), 0);
    const nodesWidth = columns * columnWidth + Math.max(0, columns - 1) * columnGap + (sections.length - 1) * columnGap;
    const width = Math.max(placement ? 0 : 1080, nodesWidth + 2 * margin);
    const hubX = Math.round(width / 2);
    let nodesTop = margin;
    if (!placement) nodesTop = this.layoutControlPlane(hubX) + 90;
    const bottom = this.layoutSections(sections, (width - nodesWidth) / 2, nodesTop, placement);
    const drawn = sections.reduce((sum, section) => sum + section.nodes.length, 0);
    const title = format(placement ? this.strings.placementTitle : this.strings.architectureTitle, this.anatomy.context);
    return {
      view: this.ui.view,
      title,
      width: Math.ceil(width),
      height: Math.ceil(bottom + margin),
      boxes: this.boxes,
      edges: this.edges,
      groups: this.groups,
      nodeCount: this.anatomy.nodes.length,
      drawnNodeCount: drawn,
    };
  }

  /** Nothing was read: one error box, no control plane or nodes that would pass for a hosted, empty cluster. */
  private nothingReadScene(reason: string): Scene {
    const label = format(this.strings.nothingRead, this.anatomy.context);
    const detail = format(this.strings.nothingReadDetail, reason);
    this.addBox({
      id: 'nothing-read',
      kind: 'panel',
      component: 'nothing-read',
      x: margin,
      y: margin,
      width: 640,
      height: 80,
      label,
      detail,
      health: 'error',
      ariaLabel: `${label}. ${detail}`,
      focusable: true,
      card: { title: label, role: detail, runsHere: [this.anatomy.server], evidence: [] },
    });
    return {
      view: this.ui.view,
      title: format(this.ui.view === 'placement' ? this.strings.placementTitle : this.strings.architectureTitle, this.anatomy.context),
      width: 640 + 2 * margin,
      height: 80 + 2 * margin,
      boxes: this.boxes,
      edges: [],
      groups: [],
      nodeCount: 0,
      drawnNodeCount: 0,
    };
  }

  // ---- nodes and groups ----

  private planSections(): Section[] {
    const byRole = new Map<NodeRole, NodeAnatomy[]>([['control-plane', []], ['worker', []]]);
    for (const node of this.anatomy.nodes) byRole.get(node.role)?.push(node);
    const sections: Section[] = [];
    for (const [role, nodes] of byRole) {
      if (nodes.length === 0) continue;
      if (nodes.length <= this.threshold) {
        sections.push({ role, nodes: [...nodes].sort((a, b) => a.name.localeCompare(b.name)) });
        continue;
      }
      const id = `group:${role}`;
      const ready = nodes.reduce((sum, node) => sum + (this.isHealthy(node) ? 1 : 0), 0);
      const pages = Math.ceil(nodes.length / this.pageSize);
      const requested = this.ui.expanded[id];
      const expanded = typeof requested === 'number' && Number.isFinite(requested);
      const page = expanded ? Math.min(Math.max(0, Math.floor(requested)), pages - 1) : 0;
      const group: SceneGroup = { id, role, total: nodes.length, ready, expanded, page, pages };
      this.groups.push(group);
      // Nodes that need attention come first, so the first page answers "what is wrong?".
      const shown = expanded ? this.page(nodes, page) : [];
      sections.push({ role, nodes: shown, group });
    }
    return sections;
  }

  /** One page of a group: nodes needing attention first, then by name. */
  private page(nodes: readonly NodeAnatomy[], page: number): NodeAnatomy[] {
    const byName = (a: NodeAnatomy, b: NodeAnatomy) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    const attention = nodes.filter((node) => !this.isHealthy(node)).sort(byName);
    const healthy = nodes.filter((node) => this.isHealthy(node)).sort(byName);
    return attention.concat(healthy).slice(page * this.pageSize, (page + 1) * this.pageSize);
  }

  private readonly healthCache = new Map<NodeAnatomy, Health>();

  /** Node health, computed once per layout: sorting thousands of nodes asks for it many times. */
  private healthOf(node: NodeAnatomy): Health {
    let health = this.healthCache.get(node);
    if (health === undefined) {
      health = nodeHealth(node, this.now);
      this.healthCache.set(node, health);
    }
    return health;
  }

  private isHealthy(node: NodeAnatomy): boolean {
    return this.healthOf(node) === 'ok';
  }

  private layoutSections(sections: readonly Section[], left: number, top: number, placement: boolean): number {
    let x = left;
    let bottom = top;
    const hasExpandedGroup = sections.some((section) => section.group?.expanded);
    for (const section of sections) {
      const columnsTop = hasExpandedGroup ? top + groupHeaderHeight + 12 : top;
      if (section.group && !section.group.expanded) {
        bottom = Math.max(bottom, this.addCollapsedGroup(section.group, x, columnsTop, placement));
        x += columnWidth + columnGap;
      } else {
        if (section.group) this.addGroupHeader(section.group, section.nodes, x, top);
        for (const node of section.nodes) {
          const columnBottom = placement ? this.addPlacementNode(node, x, columnsTop) : this.addArchitectureNode(node, x, columnsTop);
          bottom = Math.max(bottom, columnBottom);
          x += columnWidth + columnGap;
        }
      }
      x += columnGap;
    }
    return bottom;
  }

  private groupSummary(group: SceneGroup): string {
    const template = group.role === 'control-plane' ? this.strings.groupControlPlane : this.strings.groupWorkers;
    return format(template, formatCount(group.total, this.locale), formatCount(group.ready, this.locale));
  }

  private addCollapsedGroup(group: SceneGroup, x: number, y: number, placement: boolean): number {
    const summary = this.groupSummary(group);
    const health: Health = group.ready === group.total ? 'ok' : group.ready === 0 ? 'error' : 'warn';
    const box = this.addBox({
      id: group.id,
      kind: 'group',
      component: 'node-group',
      group: group.role,
      x,
      y,
      width: columnWidth,
      height: 96,
      label: summary,
      detail: format(this.strings.expandGroup, formatCount(this.pageSize, this.locale)),
      health,
      ariaLabel: `${summary}. ${format(this.strings.expandGroup, formatCount(this.pageSize, this.locale))}`,
      focusable: true,
      card: { title: summary, role: this.strings.roleGroup, runsHere: [], evidence: [] },
      action: { group: group.id, page: 0 },
    });
    if (!placement) this.connectToHub(box, 'kubelet', { group: group.role }, true);
    return y + box.height;
  }

  private addGroupHeader(group: SceneGroup, nodes: readonly NodeAnatomy[], x: number, y: number): void {
    const first = group.page * this.pageSize + 1;
    const last = first + nodes.length - 1;
    const width = Math.max(1, nodes.length) * (columnWidth + columnGap) - columnGap;
    const summary = this.groupSummary(group);
    const pageText = format(this.strings.groupPage, formatCount(first, this.locale), formatCount(last, this.locale), formatCount(group.total, this.locale));
    this.addBox({
      id: group.id,
      kind: 'group',
      component: 'node-group',
      group: group.role,
      x,
      y,
      width,
      height: groupHeaderHeight,
      label: summary,
      detail: pageText,
      health: group.ready === group.total ? 'ok' : 'warn',
      ariaLabel: `${summary}, ${pageText}`,
      focusable: false,
      card: { title: summary, role: this.strings.roleGroup, runsHere: [pageText], evidence: [] },
    });
    const pagers: [string, string, number | null, boolean][] = [
      ['collapse', this.strings.collapse, null, true],
      ['next', this.strings.nextPage, group.page + 1, group.page + 1 < group.pages],
      ['prev', this.strings.previousPage, group.page - 1, group.page > 0],
    ];
    let right = x + width - 8;
    for (const [suffix, label, page, enabled] of pagers) {
      if (!enabled) continue;
      const pagerWidth = 90;
      right -= pagerWidth;
      this.addBox({
        id: `${group.id}:${suffix}`,
        kind: 'pager',
        component: 'node-group-pager',
        group: group.role,
        x: right,
        y: y + 8,
        width: pagerWidth,
        height: groupHeaderHeight - 16,
        label,
        health: 'neutral',
        ariaLabel: `${summary}: ${label}`,
        focusable: true,
        action: { group: group.id, page },
      });
      right -= 8;
    }
  }

  private nodeDetail(node: NodeAnatomy): string {
    const role = node.role === 'control-plane' ? this.strings.controlPlaneNode : this.strings.workerNode;
    const age = heartbeatAgeSeconds(node, this.now);
    if (heartbeatStopped(node, this.now) && age !== null) {
      return `${role} · ${format(this.strings.heartbeatStopped, formatDuration(age))}`;
    }
    const ready = node.ready === 'True' ? this.strings.ready : node.ready === 'False' ? this.strings.notReady : this.strings.readyUnknown;
    return `${role} · ${ready}`;
  }

  private addNodePanel(node: NodeAnatomy, x: number, y: number): SceneBox {
    const detail = this.nodeDetail(node);
    const age = heartbeatAgeSeconds(node, this.now);
    const heartbeat = age === null ? this.strings.noLease : format(this.strings.heartbeatAgo, formatDuration(age));
    return this.addBox({
      id: `node:${node.name}`,
      kind: 'panel',
      component: 'node',
      node: node.name,
      role: node.role,
      x,
      y,
      width: columnWidth,
      height: 0, // set once the column is laid out
      label: node.name,
      detail,
      health: this.healthOf(node),
      ariaLabel: `${node.name}, ${detail}, ${heartbeat}`,
      focusable: true,
      heartbeat: node.lease
        ? { renewTime: node.lease.renewTime, durationSeconds: node.lease.leaseDurationSeconds ?? 40 }
        : undefined,
      card: {
        title: node.name,
        role: this.strings.roleNode,
        runsHere: [detail, heartbeat, ...[node.osImage, node.kernelVersion, node.internalIP].filter((value): value is string => !!value)],
        evidence: formatEvidence(node.roleEvidence),
      },
      target: { node: node.name },
    });
  }

  private addArchitectureNode(node: NodeAnatomy, x: number, y: number): number {
    const panel = this.addNodePanel(node, x, y);
    const kubelet = this.addKubelet(node, x + 10, y + 52, 95);
    const proxyPods = node.components.filter((pod) => pod.component === 'kube-proxy');
    const proxyAbsent = this.anatomy.absent.find((entry) => entry.component === 'kube-proxy');
    // k3s runs kube-proxy in its own process: no Pod, yet it watches Services through kube-apiserver.
    const proxyEmbedded = !proxyPods.length && proxyAbsent?.reasonCode === 'embedded';
    const proxyDetail = proxyPods.length
      ? undefined
      : proxyEmbedded
        ? this.strings.embeddedInProcess
        : proxyAbsent?.reasonCode === 'replaced-by-cni' && proxyAbsent.implementation === 'cilium'
          ? this.strings.replacedByCilium
          : proxyAbsent
            ? this.strings.absent
            : this.strings.notSeen;
    const proxyCard = this.componentCard('kube-proxy', proxyPods);
    const proxy = this.addBox({
      id: `node:${node.name}:kube-proxy`,
      kind: 'component',
      component: 'kube-proxy',
      node: node.name,
      x: x + 115,
      y: y + 52,
      width: 95,
      height: 36,
      label: 'kube-proxy',
      detail: proxyDetail,
      health: proxyPods.length ? podsHealth(proxyPods) : proxyEmbedded ? 'neutral' : 'absent',
      ariaLabel: `kube-proxy, ${node.name}${proxyDetail ? `, ${proxyDetail}` : ''}`,
      focusable: true,
      card: proxyAbsent && !proxyPods.length ? { ...proxyCard, runsHere: [proxyAbsent.why], evidence: formatEvidence(proxyAbsent.evidence ?? []) } : proxyCard,
      target: proxyPods[0] ? { component: 'kube-proxy', node: node.name, pod: { namespace: proxyPods[0].namespace, name: proxyPods[0].pod } } : { component: 'kube-proxy', node: node.name },
    });
    const runtime = this.addRuntime(node, x + 10, y + 100, columnWidth - 20);
    this.connectToHub(kubelet, 'kubelet', { node: node.name }, true);
    if (proxyEmbedded) this.connectToHub(proxy, 'kube-proxy', { node: node.name }, false);
    if (proxyPods.length) {
      this.connectToHub(proxy, 'kube-proxy', { node: node.name }, false);
      const railX = proxy.x + proxy.width / 2;
      this.addEdge('runs', runtime, proxy, [[railX, runtime.y], [railX, proxy.y + proxy.height]], { node: node.name });
    }
    if (this.ui.showReverse) {
      const hub = this.hub;
      if (hub) {
        const end = this.hubAnchor(kubelet.x + kubelet.width / 2, 'bottom', 14);
        this.addEdge('reverse', hub, kubelet, [end, [kubelet.x + kubelet.width / 2 + 14, kubelet.y]], { node: node.name });
      }
    }
    this.addEdge('cri', kubelet, runtime, [[kubelet.x + 30, kubelet.y + kubelet.height], [kubelet.x + 30, runtime.y]], { node: node.name }, 'kubelet', this.criEdgeLabel(node));
    let podY = y + 148;
    for (const pod of [...node.components].filter((pod) => pod.component !== 'kube-proxy').sort(comparePods)) {
      const box = this.addPod(node, pod, x + 34, podY, columnWidth - 44, podHeight);
      const railX = runtime.x + 12;
      this.addEdge('runs', runtime, box, [[railX, runtime.y + runtime.height], [railX, podY + podHeight / 2], [box.x, podY + podHeight / 2]], { node: node.name });
      podY += podHeight + podGap;
    }
    const bottom = podY + 4;
    this.setHeight(panel, bottom - y);
    return bottom;
  }

  private addPlacementNode(node: NodeAnatomy, x: number, y: number): number {
    const panel = this.addNodePanel(node, x, y);
    const kubelet = this.addKubelet(node, x + 10, y + 52, columnWidth - 20);
    let areaTop = y + 100;
    const pods = [...node.components].sort(comparePods);
    if (pods.some((pod) => pod.source === 'static')) {
      const folder = this.addBox({
        id: `node:${node.name}:manifests`,
        kind: 'folder',
        component: 'static-pod-manifests',
        node: node.name,
        x: x + 10,
        y: areaTop,
        width: columnWidth - 20,
        height: 28,
        label: this.strings.manifestsFolder,
        health: 'neutral',
        ariaLabel: `${this.strings.manifestsFolder}, ${node.name}`,
        focusable: false,
      });
      this.addEdge('manifests', kubelet, folder, [[x + 30, kubelet.y + kubelet.height], [x + 30, folder.y]], { node: node.name });
      areaTop += 40;
    }
    const podBoxHeight = 40;
    const area = this.addBox({
      id: `node:${node.name}:pods`,
      kind: 'panel',
      component: 'pod-area',
      node: node.name,
      x: x + 6,
      y: areaTop,
      width: columnWidth - 12,
      height: 28 + pods.length * (podBoxHeight + podGap),
      label: this.strings.podsArea,
      health: 'neutral',
      ariaLabel: `${this.strings.podsArea}, ${node.name}`,
      focusable: false,
    });
    const startX = x + columnWidth - 40;
    this.addEdge('runs', kubelet, area, [[startX, kubelet.y + kubelet.height], [startX, area.y]], { node: node.name });
    let podY = areaTop + 26;
    for (const pod of pods) {
      this.addPod(node, pod, x + 14, podY, columnWidth - 28, podBoxHeight);
      podY += podBoxHeight + podGap;
    }
    const bottom = area.y + area.height + 8;
    this.setHeight(panel, bottom - y);
    return bottom;
  }

  private addKubelet(node: NodeAnatomy, x: number, y: number, width: number): SceneBox {
    return this.addBox({
      id: `node:${node.name}:kubelet`,
      kind: 'agent',
      component: 'kubelet',
      node: node.name,
      role: node.role,
      x,
      y,
      width,
      height: 36,
      label: 'kubelet',
      detail: node.kubeletVersion ?? undefined,
      health: this.healthOf(node),
      ariaLabel: `kubelet, ${node.name}${node.kubeletVersion ? `, ${node.kubeletVersion}` : ''}`,
      focusable: true,
      card: {
        title: `kubelet · ${node.name}`,
        role: this.strings.roleKubelet,
        runsHere: [
          this.strings.runsSystemDaemon,
          ...(node.kubeletVersion ? [format(this.strings.runsKubeletVersion, node.kubeletVersion)] : []),
        ],
        evidence: ['field status.nodeInfo.kubeletVersion', ...(node.lease ? [`Lease kube-node-lease/${node.name} renewTime=${node.lease.renewTime}`] : [])],
      },
      target: { component: 'kubelet', node: node.name },
    });
  }

  /** The kubelet → runtime edge says what is true for the node's kubelet version (dockershim up to 1.23). */
  private criEdgeLabel(node: NodeAnatomy): string {
    const via = runtimeLink(node).via;
    return via === 'dockershim' ? this.strings.edgeDockershim : via === 'cri-dockerd' ? this.strings.edgeCriDockerd : this.strings.edgeCri;
  }

  private addRuntime(node: NodeAnatomy, x: number, y: number, width: number): SceneBox {
    const runtime = node.containerRuntime ?? undefined;
    const link = runtimeLink(node);
    const via = link.via === 'dockershim' ? 'dockershim' : link.via === 'cri-dockerd' ? 'CRI · cri-dockerd' : 'CRI';
    return this.addBox({
      id: `node:${node.name}:container-runtime`,
      kind: 'agent',
      component: 'container-runtime',
      node: node.name,
      x,
      y,
      width,
      height: 36,
      label: runtime ? runtime.split('://')[0] || 'container runtime' : 'container runtime',
      detail: runtime ? `${via} · ${runtime}` : via,
      health: node.containerRuntime ? 'ok' : 'unknown',
      ariaLabel: `container runtime, ${node.name}${runtime ? `, ${runtime}` : ''}, ${via}`,
      focusable: true,
      card: {
        title: `container runtime · ${node.name}`,
        role: this.strings.roleContainerRuntime,
        runsHere: [this.strings.runsSystemDaemon, ...(runtime ? [format(this.strings.runsRuntimeVersion, runtime)] : []), this.criEdgeLabel(node)],
        evidence: formatEvidence(link.evidence),
      },
      target: { component: 'container-runtime', node: node.name },
    });
  }

  private addPod(node: NodeAnatomy, pod: ComponentPod, x: number, y: number, width: number, height: number): SceneBox {
    const badge = this.sourceLabel(pod.source);
    const status = format(this.strings.podStatus, pod.phase, String(pod.ready), pod.restarts);
    return this.addBox({
      id: `node:${node.name}:pod:${pod.namespace}/${pod.pod}`,
      kind: 'pod',
      component: 'pod',
      node: node.name,
      x,
      y,
      width,
      height,
      label: pod.pod,
      detail: height >= 36 ? (pod.reason ?? badge) : undefined,
      source: pod.source,
      badge,
      health: podHealth(pod),
      ariaLabel: `${pod.pod}, ${badge}, ${status}${pod.reason ? `, ${pod.reason}` : ''}`,
      focusable: true,
      card: {
        title: pod.pod,
        role: this.roleOf(pod.component, pod.cniName),
        runsHere: [this.runsAs(pod), status, ...(pod.reason ? [format(this.strings.podReason, pod.reason)] : [])],
        evidence: formatEvidence(pod.evidence),
      },
      target: { component: pod.component, node: node.name, pod: { namespace: pod.namespace, name: pod.pod } },
    });
  }

  // ---- control plane ----

  private hub: SceneBox | undefined;

  /** Returns the bottom of the control plane. */
  private layoutControlPlane(hubX: number): number {
    const mode = this.anatomy.controlPlane.mode;
    const top = margin;
    const rowA = top + 44;
    const rowB = rowA + componentHeight + 56;
    const clientX = hubX + 350;
    const client = this.addBox({
      id: 'client',
      kind: 'client',
      component: 'client',
      x: clientX,
      y: rowB,
      width: 160,
      height: componentHeight,
      label: 'kubectl',
      detail: this.strings.clients,
      health: 'neutral',
      ariaLabel: this.strings.clients,
      focusable: true,
      card: { title: 'kubectl', role: this.strings.roleClient, runsHere: [], evidence: [] },
    });
    if (mode === 'hosted' || mode === 'embedded') {
      const hosted = mode === 'hosted';
      const label = hosted ? this.strings.hostedControlPlane : this.strings.embeddedControlPlane;
      const detail = hosted ? this.strings.hostedDetail : this.strings.embeddedDetail;
      this.hub = this.addBox({
        id: 'cp:kube-apiserver',
        kind: 'component',
        component: 'kube-apiserver',
        mode,
        x: hubX - 200,
        y: rowA,
        width: 400,
        height: rowB + componentHeight - rowA,
        label,
        detail,
        health: 'ok',
        ariaLabel: `${label}: ${detail}. ${[this.anatomy.server, ...this.apiServersText()].join(', ')}`,
        focusable: true,
        card: {
          title: label,
          role: hosted ? this.strings.roleHosted : this.strings.roleEmbedded,
          runsHere: [hosted ? this.strings.runsHosted : detail, this.anatomy.server, ...(this.anatomy.serverVersion ? [this.anatomy.serverVersion] : []), ...this.apiServersText()],
          evidence: formatEvidence([...this.anatomy.controlPlane.evidence, ...(this.anatomy.controlPlane.apiServers?.evidence ?? [])]),
        },
        target: { component: 'kube-apiserver' },
      });
      this.addEdge('request', client, this.hub, [[client.x, client.y + componentHeight / 2], [this.hub.x + this.hub.width, client.y + componentHeight / 2]], {});
      return rowB + componentHeight;
    }
    const panel = this.addBox({
      id: 'cp',
      kind: 'panel',
      component: 'control-plane',
      x: hubX - 330,
      y: top,
      width: 660,
      height: rowB + componentHeight + 20 - top,
      label: this.strings.controlPlane,
      detail: this.modeText(),
      health: 'neutral',
      ariaLabel: this.strings.controlPlane,
      focusable: false,
    });
    const apiPods = this.podsOf('kube-apiserver');
    if (apiPods.length > 1) this.replace(panel, { label: format(this.strings.controlPlaneHa, apiPods.length) });
    const hub = this.addComponent('kube-apiserver', hubX - componentWidth / 2, rowB);
    this.hub = hub;
    const etcd = this.addComponent('etcd', hubX - componentWidth / 2 - 60 - componentWidth, rowB);
    this.addEdge('storage', hub, etcd, [[hub.x, rowB + componentHeight / 2], [etcd.x + etcd.width, rowB + componentHeight / 2]], {});
    this.addEdge('request', client, hub, [[client.x, rowB + componentHeight / 2], [hub.x + hub.width, rowB + componentHeight / 2]], {});
    controlPlaneComponents.forEach((component, index) => {
      const box = this.addComponent(component, hubX - 300 + index * 200 + 10, rowA);
      if (box.health !== 'absent') this.connectToHub(box, component, {}, true);
    });
    return panel.y + panel.height;
  }

  /** What the API shows of the API servers' availability, as one line (none for anatomies that predate it). */
  private apiServersText(): string[] {
    const seen = this.anatomy.controlPlane.apiServers;
    if (!seen) return [];
    const addresses = seen.addresses?.length ?? 0;
    if (seen.availability === 'highly-available') return [addresses > 1 ? format(this.strings.apiServersHa, formatCount(addresses, this.locale)) : this.strings.apiServersSeveral];
    return [seen.availability === 'single-endpoint' ? this.strings.apiServersOne : this.strings.apiServersUnknown];
  }

  private modeText(): string {
    const s = this.strings;
    const cp = this.anatomy.controlPlane;
    const mode = { 'static-pods': s.modeStaticPods, 'self-hosted': s.modeSelfHosted, unknown: s.modeUnknown, hosted: s.hostedControlPlane, embedded: s.embeddedControlPlane }[cp.mode];
    const evidence = formatEvidence(cp.evidence).slice(0, 2).join(', ');
    return evidence ? `${mode} (${evidence})` : mode;
  }

  private podsOf(component: ComponentId): readonly ComponentPod[] {
    return this.podIndex().byComponent.get(component) ?? [];
  }

  private addComponent(component: ComponentId, x: number, y: number): SceneBox {
    const pods = this.podsOf(component);
    const absent = this.anatomy.absent.find((entry) => entry.component === component);
    const external = component === 'etcd' && this.anatomy.controlPlane.externalEtcd;
    let health: Health;
    let detail: string;
    if (pods.length) {
      health = podsHealth(pods);
      detail = format(this.strings.replicas, pods.filter((pod) => pod.ready).length, pods.length);
    } else if (external) {
      health = 'neutral';
      detail = this.strings.externalEtcd;
    } else if (absent || component === 'cloud-controller-manager') {
      // cloud-controller-manager with no Pod is absent (anatomy.md: on-premises, laptops, kind).
      health = 'absent';
      detail = this.strings.absent;
    } else {
      health = 'unknown';
      detail = this.strings.notSeen;
    }
    const card = this.componentCard(component, pods);
    return this.addBox({
      id: `cp:${component}`,
      kind: 'component',
      component,
      x,
      y,
      width: componentWidth,
      height: componentHeight,
      label: component,
      detail,
      health,
      ariaLabel: `${component}, ${detail}`,
      focusable: true,
      card: absent ? { ...card, runsHere: [format(this.strings.runsAbsent, absent.why)], evidence: [`absence ${absent.reasonCode}`] } : external ? { ...card, runsHere: [this.strings.externalEtcd] } : card,
      target: pods[0] ? { component, node: undefined, pod: { namespace: pods[0].namespace, name: pods[0].pod } } : { component },
    });
  }

  private componentCard(component: ComponentId, pods: readonly ComponentPod[]): BoxCard {
    const podNodes = this.nodeOfPod();
    const runsHere = pods.slice(0, 5).map((pod) => this.runsAs(pod, podNodes.get(pod)));
    if (pods.length > 5) runsHere.push(`… +${pods.length - 5}`);
    return {
      title: component,
      role: this.roleOf(component, pods[0]?.cniName),
      runsHere: runsHere.length ? runsHere : [this.strings.runsNoPod],
      evidence: pods[0] ? formatEvidence(pods[0].evidence) : [],
    };
  }

  private podIndexCache: { byComponent: Map<ComponentId, ComponentPod[]>; nodeOf: Map<ComponentPod, string> } | undefined;

  /** Every Pod by component and its node, built in one pass over the nodes (thousands of them). */
  private podIndex() {
    if (!this.podIndexCache) {
      const byComponent = new Map<ComponentId, ComponentPod[]>();
      const nodeOf = new Map<ComponentPod, string>();
      for (const node of this.anatomy.nodes) {
        for (const pod of node.components) {
          nodeOf.set(pod, node.name);
          const list = byComponent.get(pod.component);
          if (list) list.push(pod);
          else byComponent.set(pod.component, [pod]);
        }
      }
      this.podIndexCache = { byComponent, nodeOf };
    }
    return this.podIndexCache;
  }

  private nodeOfPod(): Map<ComponentPod, string> {
    return this.podIndex().nodeOf;
  }

  private runsAs(pod: ComponentPod, nodeName?: string): string {
    const node = nodeName ?? this.nodeOfPod().get(pod) ?? '?';
    switch (pod.source) {
      case 'static':
        return format(this.strings.runsStaticPod, pod.pod, node);
      case 'daemonset':
        return format(this.strings.runsDaemonSetPod, pod.pod, node);
      case 'deployment':
        return format(this.strings.runsDeploymentPod, pod.pod, node);
      default:
        return format(this.strings.runsPod, this.sourceLabel(pod.source), pod.pod, node);
    }
  }

  private roleOf(component: ComponentId, cniName?: string): string {
    return format(this.strings[roleStringKeys[component] ?? 'roleOther'], cniName ?? 'CNI');
  }

  private sourceLabel(source: ComponentPod['source']): string {
    const s = this.strings;
    const labels: Record<ComponentPod['source'], string> = {
      static: s.sourceStatic,
      daemonset: s.sourceDaemonset,
      deployment: s.sourceDeployment,
      statefulset: s.sourceStatefulset,
      job: s.sourceJob,
      replicaset: s.sourceReplicaset,
      bare: s.sourceBare,
    };
    return labels[source] ?? source;
  }

  // ---- edges ----

  /** A point on the hub's border, spread along it by where the other end is, so spokes fan out. */
  private hubAnchor(towardX: number, side: 'top' | 'bottom', offset = 0): Point {
    const hub = this.hub!;
    const centre = hub.x + hub.width / 2;
    const spread = Math.max(-hub.width / 2 + 20, Math.min(hub.width / 2 - 20, (towardX - centre) * 0.15));
    return [centre + spread + offset, side === 'top' ? hub.y : hub.y + hub.height];
  }

  /** watch (and write-back) spokes from a component to the hub. */
  private connectToHub(box: SceneBox, component: string, where: { node?: string; group?: string }, writesBack: boolean): void {
    const hub = this.hub;
    if (!hub) return;
    const above = box.y + box.height <= hub.y;
    const startY = above ? box.y + box.height : box.y;
    const cx = box.x + box.width / 2;
    const side = above ? 'top' : 'bottom';
    const kinds: EdgeKind[] = writesBack ? ['watch', 'write-back'] : ['watch'];
    kinds.forEach((kind, index) => {
      const offset = writesBack ? (index === 0 ? -5 : 5) : 0;
      this.addEdge(kind, box, hub, [[cx + offset, startY], this.hubAnchor(cx, side, offset)], where, component);
    });
  }

  private edgeLabel(kind: EdgeKind, from: string, to: string): string {
    const s = this.strings;
    switch (kind) {
      case 'watch':
        return format(s.edgeWatch, from);
      case 'write-back':
        return format(s.edgeWriteBack, from);
      case 'storage':
        return s.edgeStorage;
      case 'cri':
        return s.edgeCri;
      case 'runs':
        return format(s.edgeRuns, to);
      case 'reverse':
        return s.edgeReverse;
      case 'request':
        return s.edgeRequest;
      case 'manifests':
        return s.edgeManifests;
    }
  }

  private addEdge(
    kind: EdgeKind,
    from: SceneBox,
    to: SceneBox,
    points: readonly Point[],
    where: { node?: string; group?: string },
    fromComponent = from.component,
    ariaLabel?: string,
  ): void {
    const toComponent = to.component;
    this.edges.push({
      id: `${kind}:${from.id}->${to.id}`,
      kind,
      from: from.id,
      to: to.id,
      fromComponent,
      toComponent,
      node: where.node,
      group: where.group,
      points: points.map(([px, py]) => [round(px), round(py)] as const),
      ariaLabel: ariaLabel ?? this.edgeLabel(kind, from.kind === 'group' ? this.groupSummaryOf(from) : fromComponent, to.kind === 'pod' ? to.label : toComponent),
    });
  }

  private groupSummaryOf(box: SceneBox): string {
    return `kubelet (${box.label})`;
  }

  // ---- boxes ----

  private addBox(box: SceneBox): SceneBox {
    const rounded: SceneBox = { ...box, x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
    this.boxes.push(rounded);
    return rounded;
  }

  private setHeight(box: SceneBox, height: number): void {
    this.replace(box, { height: round(height) });
  }

  private replace(box: SceneBox, changes: Partial<SceneBox>): void {
    const index = this.boxes.lastIndexOf(box);
    if (index >= 0) this.boxes[index] = { ...box, ...changes };
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** "label component=etcd": the evidence as plain text lines. */
export function formatEvidence(evidence: readonly Evidence[]): string[] {
  return evidence.map((item) => (item.value === undefined ? `${item.kind} ${item.key}` : `${item.kind} ${item.key}=${item.value}`));
}
