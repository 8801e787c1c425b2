/**
 * Hub-and-spoke layout (docs/anatomy.md "Hub and spoke"): the control plane on top with kube-apiserver as the hub,
 * the nodes below, every edge through kube-apiserver except kubelet → runtime → Pods inside a node. The
 * placement view draws nodes as columns with their kube-system Pods. Nodes above a threshold per role are
 * drawn as one group box that expands one page at a time, so the cost of a layout does not grow with the
 * number of boxes a cluster could produce, only with the number of nodes counted.
 */
import type { ClusterAnatomy, NodeAnatomy, NodeRole, PodSource, Standpoint } from '../anatomy/types';
import type { DiagramUiState, EdgeKind, LegendEntry, LegendSwatch, Scene, SceneGroup, SceneLegend } from './scene';
import { format } from './strings';
import { titleFontSize } from './text';
import { StandpointLayout } from './layout/standpoint';
import { columnGap, columnWidth, margin, round, type Section } from './layout/canvas';

export { formatEvidence } from './layout/canvas';

import type { LayoutOptions } from './layout/canvas';

export type { LayoutOptions } from './layout/canvas';

export { defaultGroupThreshold } from './layout/canvas';

export function layoutDiagram(anatomy: ClusterAnatomy, ui: DiagramUiState, options: LayoutOptions = {}): Scene {
  return new SceneBuilder(anatomy, ui, options).build();
}

class SceneBuilder extends StandpointLayout {
  build(): Scene {
    if (this.anatomy.nothingRead) return this.nothingReadScene(this.anatomy.nothingRead.reason);
    // RBAC hides the Nodes: the nodes drawn are those the user's Pods run on, as seen from where they stand.
    if (this.anatomy.standpoint && this.anatomy.nodes.length === 0) return this.standpointScene(this.anatomy.standpoint);
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
    else this.nodesTop += this.addPlacementSuggestions((width - nodesWidth) / 2, this.top, nodesWidth);
    if (!placement) this.markControlPlaneHidden();
    const bottom = this.layoutSections(sections, (width - nodesWidth) / 2, this.nodesTop, placement);
    const drawn = sections.reduce((sum, section) => sum + section.nodes.length, 0);
    return this.scene(header, width, bottom, this.anatomy.nodes.length, drawn);
  }

  /** The scene of what was drawn: the header, the legend below the nodes, and the counts of nodes. */
  private scene(
    header: { title: string; subtitle: string },
    width: number,
    bottom: number,
    nodeCount: number,
    drawnNodeCount: number,
  ): Scene {
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
      nodeCount,
      drawnNodeCount,
    };
  }

  /**
   * The scene of a limited user who cannot read the Nodes: the control plane as far as it can be seen, the nodes
   * their Pods run on, and a box for the nodes hidden from them. The placement view shows the same nodes without
   * the control plane (kube-system's Pods are not theirs to see).
   */
  private standpointScene(standpoint: Standpoint): Scene {
    const placement = this.ui.view === 'placement';
    this.drawnNodeNames = standpoint.nodes.map((node) => node.name);
    this.drawnPodNames = [
      ...standpoint.nodes.flatMap((node) => (node.components ?? []).map((pod) => pod.pod)),
      ...standpoint.namespaces.flatMap((namespace) => (namespace.pods ?? []).map((pod) => pod.name)),
    ];
    const columns = standpoint.nodes.length + 1;
    const nodesWidth = columns * columnWidth + (columns - 1) * columnGap;
    const header = this.header();
    const width = Math.max(placement ? 0 : 1080, nodesWidth + 2 * margin, header.width + 2 * margin);
    this.nodesTop = this.top;
    if (!placement) {
      this.nodesTop = this.layoutControlPlane(Math.round(width / 2)) + 90;
      this.markControlPlaneHidden();
    }
    const bottom = this.layoutStandpointNodes(standpoint, (width - nodesWidth) / 2, this.nodesTop);
    return this.scene(header, width, bottom, standpoint.nodes.length, standpoint.nodes.length);
  }

  /** The visible title: what is drawn, of which cluster and context, and when. */
  private header(): { title: string; subtitle: string; width: number } {
    const anatomy = this.anatomy;
    const overlay = this.placement;
    // Without the Nodes, the placement view shows the user's own Pods, not kube-system's.
    const placementTitle =
      anatomy.standpoint && anatomy.nodes.length === 0 ? this.strings.placementYourPodsTitle : this.strings.placementTitle;
    const title = overlay
      ? format(this.strings.placementOfTitle, overlay.subject, anatomy.context)
      : format(this.ui.view === 'placement' ? placementTitle : this.strings.architectureTitle, anatomy.context);
    const cluster = anatomy.serverVersion ? `${anatomy.server} (${anatomy.serverVersion})` : anatomy.server;
    const drawnAt = format(this.strings.sceneSubtitle, cluster, anatomy.context, utcMinute(this.now));
    const loading = anatomy.loading
      ? anatomy.loading.nodes !== null
        ? format(this.strings.sceneLoadingNodes, anatomy.loading.nodes.toLocaleString('en-US'))
        : this.strings.sceneLoading
      : undefined;
    const drawn = anatomy.standpoint ? `${this.strings.standpointTitle} · ${drawnAt}` : loading ? `${loading} · ${drawnAt}` : drawnAt;
    // In the placement view the subtitle says how many nodes fit (the scheduler's own words are in the tree).
    const subtitle =
      this.ui.view !== 'placement'
        ? drawn
        : overlay
          ? `${format(this.strings.placementFitsCount, overlay.fits, overlay.total)} · ${drawn}`
          : drawn;
    const width = Math.max(this.measure(title, 'label') * (titleFontSize / 12), this.measure(subtitle, 'detail'));
    return { title, subtitle, width };
  }

  /** What the lines, fills and greys of this scene mean, in rows under the drawing. */
  private legend(x: number, y: number, width: number): SceneLegend {
    const s = this.strings;
    const edgeKinds = new Set(this.edges.map((edge) => edge.kind));
    // A ReplicaSet's Pods are drawn as a Deployment's: the same fill, the same swatch.
    const sources = new Set<PodSource | undefined>(this.boxes.map((box) => (box.source === 'replicaset' ? 'deployment' : box.source)));
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
    for (const kind of Object.keys(edgeText) as EdgeKind[])
      if (edgeKinds.has(kind)) items.push([{ kind: 'edge', edge: kind }, edgeText[kind]]);
    const fillText: [PodSource, string][] = [
      ['static', s.legendStatic],
      ['daemonset', s.legendDaemonset],
      ['deployment', s.legendDeployment],
    ];
    for (const [source, text] of fillText) if (sources.has(source)) items.push([{ kind: 'fill', source }, text]);
    if (this.placement) {
      // Over the nodes, the borders answer the question asked: does the Pod fit there.
      items.push(
        [{ kind: 'health', health: 'ok' }, s.legendPlacementFits],
        [{ kind: 'health', health: 'error' }, s.legendPlacementDoesNotFit],
      );
    } else {
      items.push([{ kind: 'health', health: 'ok' }, s.legendOk]);
      if (healths.has('warn') || healths.has('error')) items.push([{ kind: 'health', health: 'error' }, s.legendError]);
    }
    if (healths.has('hidden')) items.push([{ kind: 'health', health: 'hidden' }, s.legendHidden]);
    // From where a limited user stands nothing is drawn as absent, and no heartbeat is seen.
    // A first paint judges nothing absent: what is not drawn yet is still being listed.
    const judged = !this.anatomy.standpoint && !this.anatomy.loading;
    if (judged || healths.has('absent')) items.push([{ kind: 'health', health: 'absent' }, s.legendAbsent]);
    if (!this.anatomy.standpoint || healths.has('stale')) items.push([{ kind: 'health', health: 'stale' }, s.legendStale]);
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
    const byRole = new Map<NodeRole, NodeAnatomy[]>([
      ['control-plane', []],
      ['worker', []],
    ]);
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
}

/** "2026-12-02 12:00 UTC": when the drawing was made, the same in every locale. */
function utcMinute(time: number): string {
  const iso = new Date(Number.isFinite(time) ? time : 0).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
