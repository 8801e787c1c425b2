/**
 * The drawing surface a layout builds on: the scene's boxes, edges and groups, the hub every spoke meets, and
 * the words and health of what is drawn. The control plane (controlPlane.ts) and the nodes (nodes.ts) are laid
 * out on it; ../layout.ts puts the scene together.
 */
import { defaultEvidenceStrings, evidenceSentence, type EvidenceStrings } from '../../anatomy/strings';
import type { ClusterAnatomy, ComponentId, ComponentPod, Evidence, NodeAnatomy, NodeRole } from '../../anatomy/types';
import { nodeHealth } from '../../anatomy/healthPolicy';
import type { PlacementOverlay } from '../../placement/overlay';
import type { DiagramUiState, EdgeKind, Health, SceneBox, SceneEdge, SceneGroup } from '../scene';
import { roleStringKeys, type DiagramStrings, defaultDiagramStrings, format } from '../strings';
import { dejaVuMeasure, elideName, labelRoom, type TextMeasure } from '../text';

export const defaultGroupThreshold = 12;

export const margin = 24;
export const columnWidth = 240;
/** Wide enough for the spokes that leave each node through the gaps beside it, clear of every title. */
export const columnGap = 28;
/** The scene's visible title and subtitle. */
export const headerHeight = 44;
export const componentWidth = 200;
export const componentHeight = 50;
export const podHeight = 26;
export const podGap = 6;
export const groupHeaderHeight = 44;

export type Point = readonly [number, number];

/** A run of node columns: plain nodes, or a group (collapsed: one box; expanded: one page of nodes). */
export interface Section {
  readonly role: NodeRole;
  readonly nodes: readonly NodeAnatomy[];
  readonly group?: SceneGroup;
}

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
  /** Where a Pod the user asked about fits, drawn over the nodes in the placement view (set by the host). */
  readonly placement?: PlacementOverlay;
}

export abstract class SceneCanvas {
  protected readonly boxes: SceneBox[] = [];
  protected readonly edges: SceneEdge[] = [];
  protected readonly groups: SceneGroup[] = [];
  protected readonly strings: DiagramStrings;
  protected readonly now: number;
  protected readonly threshold: number;
  protected readonly pageSize: number;
  protected readonly locale: string;
  protected readonly measure: TextMeasure;
  protected readonly top = margin + headerHeight;
  protected nodesTop = margin + headerHeight;
  protected drawnNodeNames: readonly string[] = [];
  protected drawnPodNames: readonly string[] = [];
  /** The placement answer drawn over the nodes: only in the placement view, and only when one was asked for. */
  protected readonly placement: PlacementOverlay | undefined;

  constructor(
    protected readonly anatomy: ClusterAnatomy,
    protected readonly ui: DiagramUiState,
    options: LayoutOptions,
  ) {
    this.strings = options.strings ?? defaultDiagramStrings;
    this.placement = ui.view === 'placement' ? options.placement : undefined;
    this.locale = options.locale ?? 'en';
    this.measure = options.measure ?? dejaVuMeasure;
    const generated = Date.parse(anatomy.generatedAt);
    this.now = options.now ?? (Number.isFinite(generated) ? generated : Date.now());
    this.threshold = Math.max(1, options.groupThreshold ?? defaultGroupThreshold);
    this.pageSize = Math.max(1, options.pageSize ?? this.threshold);
  }

  protected readonly healthCache = new Map<NodeAnatomy, Health>();

  /** Node health, computed once per layout: sorting thousands of nodes asks for it many times. */
  protected healthOf(node: NodeAnatomy): Health {
    let health = this.healthCache.get(node);
    if (health === undefined) {
      health = nodeHealth(node, this.now);
      this.healthCache.set(node, health);
    }
    return health;
  }

  protected isHealthy(node: NodeAnatomy): boolean {
    return this.healthOf(node) === 'ok';
  }

  // ---- control plane ----

  protected hub: SceneBox | undefined;

  protected podsOf(component: ComponentId): readonly ComponentPod[] {
    return this.podIndex().byComponent.get(component) ?? [];
  }

  protected podIndexCache: { byComponent: Map<ComponentId, ComponentPod[]>; nodeOf: Map<ComponentPod, string> } | undefined;

  /** Every Pod by component and its node, built in one pass over the nodes (thousands of them). */
  protected podIndex() {
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

  protected nodeOfPod(): Map<ComponentPod, string> {
    return this.podIndex().nodeOf;
  }

  protected runsAs(pod: ComponentPod, nodeName?: string): string {
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

  protected roleOf(component: ComponentId, cniName?: string): string {
    return format(this.strings[roleStringKeys[component] ?? 'roleOther'], cniName ?? 'CNI');
  }

  protected sourceLabel(source: ComponentPod['source']): string {
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
  protected hubAnchor(towardX: number, side: 'top' | 'bottom', offset = 0): Point {
    const hub = this.hub!;
    const centre = hub.x + hub.width / 2;
    const spread = Math.max(-hub.width / 2 + 20, Math.min(hub.width / 2 - 20, (towardX - centre) * 0.15));
    return [centre + spread + offset, side === 'top' ? hub.y : hub.y + hub.height];
  }

  /** watch (and write-back) spokes from a component to the hub. */
  protected connectToHub(box: SceneBox, component: string, where: { node?: string; group?: string }, writesBack: boolean): void {
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

  protected edgeLabel(kind: EdgeKind, from: string, to: string): string {
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

  protected addEdge(
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
      ariaLabel:
        ariaLabel ??
        // What is run is named as the reader sees it (a Pod's name, "kube-system Pods"), never by an internal id.
        this.edgeLabel(kind, from.kind === 'group' ? this.groupSummaryOf(from) : fromComponent, kind === 'runs' ? to.label : toComponent),
    });
  }

  protected groupSummaryOf(box: SceneBox): string {
    return `kubelet (${box.label})`;
  }

  // ---- boxes ----

  /** Adds a box; a label wider than its room is shortened in the middle, keeping what tells it from its siblings. */
  protected addBox(box: SceneBox, siblings: readonly string[] = []): SceneBox {
    const room = labelRoom(box);
    const shortLabel =
      box.label && this.measure(box.label, 'label') > room ? elideName(box.label, siblings, room, 'label', this.measure) : undefined;
    const rounded: SceneBox = {
      ...box,
      x: round(box.x),
      y: round(box.y),
      width: round(box.width),
      height: round(box.height),
      ...(shortLabel ? { shortLabel } : {}),
    };
    this.boxes.push(rounded);
    return rounded;
  }

  protected setHeight(box: SceneBox, height: number): void {
    this.replace(box, { height: round(height) });
  }

  protected replace(box: SceneBox, changes: Partial<SceneBox>): void {
    const index = this.boxes.lastIndexOf(box);
    if (index >= 0) this.boxes[index] = { ...box, ...changes };
  }
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The evidence as plain text lines, each a phrase ("no label node-role.kubernetes.io/control-plane"). */
export function formatEvidence(evidence: readonly Evidence[], strings: EvidenceStrings = defaultEvidenceStrings): string[] {
  return evidence.map((item) => evidenceSentence(item, strings));
}
