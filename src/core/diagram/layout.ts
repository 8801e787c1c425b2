/**
 * Hub-and-spoke layout (docs/anatomy.md "Hub and spoke"): the control plane on top with kube-apiserver as the hub,
 * the nodes below, every edge through kube-apiserver except kubelet → runtime → Pods inside a node. The
 * placement view draws nodes as columns with their kube-system Pods. Nodes above a threshold per role are
 * drawn as one group box that expands one page at a time, so the cost of a layout does not grow with the
 * number of boxes a cluster could produce, only with the number of nodes counted.
 */
import { evidenceSentence } from '../anatomy/render';
import { runtimeLink } from '../anatomy/runtime';
import type { ClusterAnatomy, ComponentId, ComponentPod, Evidence, NodeAnatomy, NodeRole, PodSource } from '../anatomy/types';
import { defaultLeaseDurationSeconds, nodeHealth, podHealth, podsHealth } from '../anatomy/health';
import { nodeAriaLabel, nodeDetailText, nodeHeartbeatText } from './nodeText';
import { comparePods } from './podOrder';
import type { BoxCard, DiagramUiState, EdgeKind, Health, LegendEntry, LegendSwatch, Scene, SceneBox, SceneEdge, SceneGroup, SceneLegend } from './scene';
import { roleStringKeys, type DiagramStrings, defaultDiagramStrings, format, formatCount } from './strings';
import { dejaVuMeasure, elideName, labelRoom, type TextMeasure, titleFontSize } from './text';

export interface LayoutOptions {
  readonly strings?: DiagramStrings;
  readonly locale?: string;
  /** The time heartbeats are measured against (ms); defaults to the anatomy's generatedAt. */
  readonly now?: number;
  /** More nodes than this in one role are drawn as a group. */
  readonly groupThreshold?: number;
  /** Nodes shown per page of an expanded group. */
  readonly pageSize?: number;
  /** How wide text is drawn: names that do not fit their box are shortened in the middle. */
  readonly measure?: TextMeasure;
}

export const defaultGroupThreshold = 12;

const margin = 24;
const columnWidth = 240;
/** Wide enough for the spokes that leave each node through the gaps beside it, clear of every title. */
const columnGap = 28;
/** The scene's visible title and subtitle. */
const headerHeight = 44;
const componentWidth = 200;
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
  private readonly measure: TextMeasure;
  private readonly top = margin + headerHeight;
  private nodesTop = margin + headerHeight;
  private drawnNodeNames: readonly string[] = [];
  private drawnPodNames: readonly string[] = [];

  constructor(
    private readonly anatomy: ClusterAnatomy,
    private readonly ui: DiagramUiState,
    options: LayoutOptions,
  ) {
    this.strings = options.strings ?? defaultDiagramStrings;
    this.locale = options.locale ?? 'en';
    this.measure = options.measure ?? dejaVuMeasure;
    const generated = Date.parse(anatomy.generatedAt);
    this.now = options.now ?? (Number.isFinite(generated) ? generated : Date.now());
    this.threshold = Math.max(1, options.groupThreshold ?? defaultGroupThreshold);
    this.pageSize = Math.max(1, options.pageSize ?? this.threshold);
  }

  build(): Scene {
    if (this.anatomy.nothingRead) return this.nothingReadScene(this.anatomy.nothingRead.reason);
    const sections = this.planSections();
    this.drawnNodeNames = sections.flatMap((section) => section.nodes.map((node) => node.name));
    // Every Pod drawn is a sibling of every other: two replicas on different nodes must not read alike either.
    this.drawnPodNames = sections.flatMap((section) => section.nodes.flatMap((node) => node.components.map((pod) => pod.pod)));
    const placement = this.ui.view === 'placement';
    const columns = sections.reduce((sum, section) => sum + Math.max(1, section.nodes.length), 0);
    const nodesWidth = columns * columnWidth + Math.max(0, columns - 1) * columnGap + (sections.length - 1) * columnGap;
    const header = this.header();
    const width = Math.max(placement ? 0 : 1080, nodesWidth + 2 * margin, header.width + 2 * margin);
    const hubX = Math.round(width / 2);
    this.nodesTop = this.top;
    if (!placement) this.nodesTop = this.layoutControlPlane(hubX) + 90;
    const bottom = this.layoutSections(sections, (width - nodesWidth) / 2, this.nodesTop, placement);
    const drawn = sections.reduce((sum, section) => sum + section.nodes.length, 0);
    const legend = this.legend(margin, bottom + 24, width - 2 * margin);
    return {
      view: this.ui.view,
      title: header.title,
      header: { x: margin, y: margin, title: header.title, subtitle: header.subtitle },
      legend,
      width: Math.ceil(width),
      height: Math.ceil(legend.y + legend.height + margin),
      boxes: this.boxes,
      edges: this.edges,
      groups: this.groups,
      nodeCount: this.anatomy.nodes.length,
      drawnNodeCount: drawn,
    };
  }

  /** The visible title: what is drawn, of which cluster and context, and when. */
  private header(): { title: string; subtitle: string; width: number } {
    const anatomy = this.anatomy;
    const title = format(this.ui.view === 'placement' ? this.strings.placementTitle : this.strings.architectureTitle, anatomy.context);
    const cluster = anatomy.serverVersion ? `${anatomy.server} (${anatomy.serverVersion})` : anatomy.server;
    const subtitle = format(this.strings.sceneSubtitle, cluster, anatomy.context, utcMinute(this.now));
    const width = Math.max(this.measure(title, 'label') * (titleFontSize / 12), this.measure(subtitle, 'detail'));
    return { title, subtitle, width };
  }

  /** What the lines, fills and greys of this scene mean, in rows under the drawing. */
  private legend(x: number, y: number, width: number): SceneLegend {
    const s = this.strings;
    const edgeKinds = new Set(this.edges.map((edge) => edge.kind));
    const sources = new Set(this.boxes.map((box) => box.source));
    const healths = new Set(this.boxes.map((box) => box.health));
    const items: [LegendSwatch, string][] = [];
    const edgeText: Record<EdgeKind, string> = {
      watch: s.legendWatch,
      'write-back': s.legendWriteBack,
      storage: s.legendStorage,
      request: s.legendRequest,
      cri: s.legendCri,
      runs: s.legendRuns,
      manifests: s.legendManifests,
      reverse: s.legendReverse,
    };
    for (const kind of Object.keys(edgeText) as EdgeKind[]) if (edgeKinds.has(kind)) items.push([{ kind: 'edge', edge: kind }, edgeText[kind]]);
    const fillText: [PodSource, string][] = [['static', s.legendStatic], ['daemonset', s.legendDaemonset], ['deployment', s.legendDeployment]];
    for (const [source, text] of fillText) if (sources.has(source)) items.push([{ kind: 'fill', source }, text]);
    items.push([{ kind: 'health', health: 'ok' }, s.legendOk]);
    if (healths.has('warn') || healths.has('error')) items.push([{ kind: 'health', health: 'error' }, s.legendError]);
    items.push([{ kind: 'health', health: 'absent' }, s.legendAbsent]);
    items.push([{ kind: 'health', health: 'stale' }, s.legendStale]);
    const swatch = 34;
    const cellWidth = Math.ceil(Math.max(...items.map(([, text]) => this.measure(text, 'detail'))) + swatch + 24);
    const perRow = Math.max(1, Math.floor((width - 16) / cellWidth));
    const rowHeight = 22;
    const entries: LegendEntry[] = items.map(([swatchKind, label], index) => ({
      swatch: swatchKind,
      label,
      x: round(x + 8 + (index % perRow) * cellWidth),
      y: round(y + 30 + Math.floor(index / perRow) * rowHeight),
    }));
    const rows = Math.ceil(items.length / perRow);
    return { x, y, width: Math.max(width, cellWidth + 16), height: 30 + rows * rowHeight + 4, title: s.legendTitle, entries };
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
      y: this.top,
      width: 640,
      height: 80,
      label,
      detail,
      health: 'error',
      ariaLabel: `${label}. ${detail}`,
      focusable: true,
      card: { title: label, role: detail, runsHere: [this.anatomy.server], evidence: [] },
    });
    const header = this.header();
    return {
      view: this.ui.view,
      title: header.title,
      header: { x: margin, y: margin, title: header.title, subtitle: header.subtitle },
      width: Math.ceil(Math.max(640, header.width) + 2 * margin),
      height: this.top + 80 + margin,
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
    for (const section of sections) {
      if (section.group && !section.group.expanded) {
        bottom = Math.max(bottom, this.addCollapsedGroup(section.group, x, top, placement));
        x += columnWidth + columnGap;
      } else {
        const sectionX = x;
        let sectionBottom = top;
        for (const node of section.nodes) {
          const columnBottom = placement ? this.addPlacementNode(node, x, top) : this.addArchitectureNode(node, x, top);
          sectionBottom = Math.max(sectionBottom, columnBottom);
          x += columnWidth + columnGap;
        }
        // The page's summary and its buttons go under its columns, where no spoke to kube-apiserver passes.
        if (section.group) sectionBottom = this.addGroupHeader(section.group, section.nodes, sectionX, sectionBottom + 12);
        bottom = Math.max(bottom, sectionBottom);
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

  /** Returns the bottom of the header. */
  private addGroupHeader(group: SceneGroup, nodes: readonly NodeAnatomy[], x: number, y: number): number {
    const first = group.page * this.pageSize + 1;
    const last = first + nodes.length - 1;
    const width = Math.max(1, nodes.length) * (columnWidth + columnGap) - columnGap;
    const summary = this.groupSummary(group);
    const pageText = format(this.strings.groupPage, formatCount(first, this.locale), formatCount(last, this.locale), formatCount(group.total, this.locale));
    const pagers = ([
      ['prev', this.strings.previousPage, group.page - 1, group.page > 0],
      ['next', this.strings.nextPage, group.page + 1, group.page + 1 < group.pages],
      ['collapse', this.strings.collapse, null, true],
    ] as const).filter(([, , , enabled]) => enabled);
    const pagerWidths = pagers.map(([, label]) => Math.ceil(this.measure(label, 'label')) + 20);
    const pagersWidth = pagerWidths.reduce((sum, w) => sum + w + 8, 0);
    const textWidth = Math.max(this.measure(summary, 'label'), this.measure(pageText, 'detail')) + 16;
    // The buttons go beside the summary when there is room, else on a row of their own under it.
    const ownRow = textWidth + pagersWidth + 8 > width;
    const height = ownRow ? groupHeaderHeight + groupHeaderHeight - 8 : groupHeaderHeight;
    this.addBox({
      id: group.id,
      kind: 'group',
      component: 'node-group',
      group: group.role,
      x,
      y,
      width,
      height,
      label: summary,
      detail: pageText,
      health: group.ready === group.total ? 'ok' : 'warn',
      ariaLabel: `${summary}, ${pageText}`,
      focusable: false,
      card: { title: summary, role: this.strings.roleGroup, runsHere: [pageText], evidence: [] },
    });
    let pagerX = ownRow ? x + 8 : x + width - pagersWidth;
    const pagerY = ownRow ? y + groupHeaderHeight : y + 8;
    pagers.forEach(([suffix, label, page], index) => {
      const pagerWidth = pagerWidths[index]!;
      this.addBox({
        id: `${group.id}:${suffix}`,
        kind: 'pager',
        component: 'node-group-pager',
        group: group.role,
        x: pagerX,
        y: pagerY,
        width: pagerWidth,
        height: groupHeaderHeight - 16,
        label,
        health: 'neutral',
        ariaLabel: `${summary}: ${label}`,
        focusable: true,
        action: { group: group.id, page },
      });
      pagerX += pagerWidth + 8;
    });
    return y + height;
  }

  private addNodePanel(node: NodeAnatomy, x: number, y: number): SceneBox {
    const detail = nodeDetailText(node, this.strings, this.now);
    const heartbeat = nodeHeartbeatText(node, this.strings, this.now);
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
      ariaLabel: nodeAriaLabel(node, this.strings, this.now),
      focusable: true,
      heartbeat: node.lease
        ? { renewTime: node.lease.renewTime, durationSeconds: node.lease.leaseDurationSeconds ?? defaultLeaseDurationSeconds }
        : undefined,
      card: {
        title: node.name,
        role: this.strings.roleNode,
        runsHere: [detail, heartbeat, ...[node.osImage, node.kernelVersion, node.internalIP].filter((value): value is string => !!value)],
        evidence: formatEvidence(node.roleEvidence),
      },
      target: { node: node.name },
    }, this.drawnNodeNames);
  }

  private addArchitectureNode(node: NodeAnatomy, x: number, y: number): number {
    const panel = this.addNodePanel(node, x, y);
    const proxyPods = node.components.filter((pod) => pod.component === 'kube-proxy');
    const proxyAbsent = this.anatomy.absent.find((entry) => entry.component === 'kube-proxy');
    // k3s runs kube-proxy in its own process: no Pod, yet it watches Services through kube-apiserver.
    const proxyEmbedded = !proxyPods.length && proxyAbsent?.reasonCode === 'embedded';
    // A kube-proxy Pod is drawn among the node's Pods; a box beside kubelet only says where it is otherwise.
    const proxyBox = proxyPods.length === 0;
    const agentWidth = proxyBox ? (columnWidth - 30) / 2 : columnWidth - 20;
    const kubelet = this.addKubelet(node, x + 10, y + 52, agentWidth);
    const leftLane = x - columnGap / 2;
    const rightLane = x + columnWidth + columnGap / 2;
    if (proxyBox) {
      const proxyDetail = proxyEmbedded
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
        x: x + columnWidth / 2 + 5,
        y: y + 52,
        width: agentWidth,
        height: 36,
        label: 'kube-proxy',
        detail: proxyDetail,
        health: proxyEmbedded ? 'neutral' : 'absent',
        ariaLabel: `kube-proxy, ${node.name}, ${proxyDetail}`,
        focusable: true,
        card: proxyAbsent ? { ...proxyCard, runsHere: [proxyAbsent.why], evidence: formatEvidence(proxyAbsent.evidence ?? []) } : proxyCard,
        target: { component: 'kube-proxy', node: node.name },
      });
      if (proxyEmbedded) this.spokeThroughGap('watch', proxy, 'right', proxy.y + proxy.height / 2, rightLane - 9, node.name, 'kube-proxy');
    }
    const runtime = this.addRuntime(node, x + 10, y + 100, columnWidth - 20);
    // kubelet leaves through the gap on its left; the nearer the lane, the higher it leaves, so none cross.
    this.spokeThroughGap('write-back', kubelet, 'left', kubelet.y + 8, leftLane + 9, node.name, 'kubelet');
    this.spokeThroughGap('watch', kubelet, 'left', kubelet.y + 18, leftLane + 3, node.name, 'kubelet');
    if (this.ui.showReverse) this.spokeThroughGap('reverse', kubelet, 'left', kubelet.y + 28, leftLane - 3, node.name, 'kubelet');
    this.addEdge('cri', kubelet, runtime, [[kubelet.x + 30, kubelet.y + kubelet.height], [kubelet.x + 30, runtime.y]], { node: node.name }, 'kubelet', this.criEdgeLabel(node));
    let podY = y + 148;
    const pods = [...node.components].sort(comparePods);
    for (const pod of pods) {
      const box = this.addPod(node, pod, x + 34, podY, columnWidth - 44, podHeight, this.drawnPodNames);
      const railX = runtime.x + 12;
      this.addEdge('runs', runtime, box, [[railX, runtime.y + runtime.height], [railX, podY + podHeight / 2], [box.x, podY + podHeight / 2]], { node: node.name });
      // kube-proxy watches Services and EndpointSlices, and programs this node's rules from them.
      if (pod.component === 'kube-proxy') this.spokeThroughGap('watch', box, 'right', podY + podHeight / 2, rightLane - 9, node.name, 'kube-proxy');
      podY += podHeight + podGap;
    }
    const bottom = podY + 4;
    this.setHeight(panel, bottom - y);
    return bottom;
  }

  /**
   * A spoke between a part of a node and kube-apiserver that crosses no text: out of the part sideways, along
   * the gap beside the node's panel, then straight to the hub. `reverse` runs the other way.
   */
  private spokeThroughGap(kind: EdgeKind, box: SceneBox, side: 'left' | 'right', exitY: number, laneX: number, nodeName: string, component: string): void {
    const hub = this.hub;
    if (!hub) return;
    const edgeX = side === 'left' ? box.x : box.x + box.width;
    const above = this.nodesTop - 14;
    const anchor = this.hubAnchor(laneX, 'bottom', kind === 'write-back' ? 5 : kind === 'reverse' ? 12 : -5);
    const out: Point[] = [[edgeX, exitY], [laneX, exitY], [laneX, above], anchor];
    if (kind === 'reverse') this.addEdge(kind, hub, box, [...out].reverse(), { node: nodeName });
    else this.addEdge(kind, box, hub, out, { node: nodeName }, component);
  }

  private addPlacementNode(node: NodeAnatomy, x: number, y: number): number {
    const panel = this.addNodePanel(node, x, y);
    const kubelet = this.addKubelet(node, x + 10, y + 52, columnWidth - 20);
    let areaTop = y + 100;
    const pods = [...node.components].sort(comparePods);
    // The kubelet → Pods arrow runs down the right-hand side, beside the manifests folder, never through it.
    const runsX = x + columnWidth - 22;
    if (pods.some((pod) => pod.source === 'static')) {
      const folder = this.addBox({
        id: `node:${node.name}:manifests`,
        kind: 'folder',
        component: 'static-pod-manifests',
        node: node.name,
        x: x + 10,
        y: areaTop,
        width: columnWidth - 44,
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
    this.addEdge('runs', kubelet, area, [[runsX, kubelet.y + kubelet.height], [runsX, area.y]], { node: node.name });
    let podY = areaTop + 26;
    for (const pod of pods) {
      this.addPod(node, pod, x + 14, podY, columnWidth - 28, podBoxHeight, this.drawnPodNames);
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
        evidence: [
          node.kubeletVersion ? `status.nodeInfo.kubeletVersion is ${node.kubeletVersion}` : 'status.nodeInfo.kubeletVersion',
          ...(node.lease ? [`Lease kube-node-lease/${node.name} renewed at ${node.lease.renewTime}`] : []),
        ],
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

  private addPod(node: NodeAnatomy, pod: ComponentPod, x: number, y: number, width: number, height: number, siblings: readonly string[]): SceneBox {
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
        runsHere: [
          this.runsAs(pod),
          ...(pod.component === 'kube-proxy' ? [this.strings.runsKubeProxyPod] : []),
          status,
          ...(pod.reason ? [format(this.strings.podReason, pod.reason)] : []),
        ],
        evidence: formatEvidence(pod.evidence),
      },
      target: { component: pod.component, node: node.name, pod: { namespace: pod.namespace, name: pod.pod } },
    }, siblings);
  }

  // ---- control plane ----

  private hub: SceneBox | undefined;

  /** Returns the bottom of the control plane. */
  private layoutControlPlane(hubX: number): number {
    const mode = this.anatomy.controlPlane.mode;
    const top = this.top;
    const rowA = top + 44;
    const rowB = rowA + componentHeight + 56;
    const clientX = hubX + 370;
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
      x: hubX - 350,
      y: top,
      width: 700,
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
    const etcd = this.addComponent('etcd', hubX - componentWidth / 2 - 40 - componentWidth, rowB);
    this.addEdge('storage', hub, etcd, [[hub.x, rowB + componentHeight / 2], [etcd.x + etcd.width, rowB + componentHeight / 2]], {});
    this.addEdge('request', client, hub, [[client.x, rowB + componentHeight / 2], [hub.x + hub.width, rowB + componentHeight / 2]], {});
    controlPlaneComponents.forEach((component, index) => {
      const box = this.addComponent(component, hubX - (3 * componentWidth + 24) / 2 + index * (componentWidth + 12), rowA);
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
      // cloud-controller-manager with no Pod is absent (docs/anatomy.md "How the control plane runs": on-premises, laptops, kind).
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
      card: absent ? { ...card, runsHere: [format(this.strings.runsAbsent, absent.why)], evidence: formatEvidence(absent.evidence ?? []) } : external ? { ...card, runsHere: [this.strings.externalEtcd] } : card,
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

  /** Adds a box; a label wider than its room is shortened in the middle, keeping what tells it from its siblings. */
  private addBox(box: SceneBox, siblings: readonly string[] = []): SceneBox {
    const room = labelRoom(box);
    const shortLabel = box.label && this.measure(box.label, 'label') > room ? elideName(box.label, siblings, room, 'label', this.measure) : undefined;
    const rounded: SceneBox = { ...box, x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height), ...(shortLabel ? { shortLabel } : {}) };
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

/** "2026-12-02 12:00 UTC": when the drawing was made, the same in every locale. */
function utcMinute(time: number): string {
  const iso = new Date(Number.isFinite(time) ? time : 0).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The evidence as plain text lines, each a phrase ("no label node-role.kubernetes.io/control-plane"). */
export function formatEvidence(evidence: readonly Evidence[]): string[] {
  return evidence.map(evidenceSentence);
}
