/**
 * A laid-out diagram: positioned boxes and meaningful edges, computed from a ClusterAnatomy by layout.ts.
 * Pure data, shared by the SVG string renderer (CLI, export) and the webview's DOM renderer.
 */
import type { Health } from '../anatomy/healthPolicy';
import type { AnatomyTarget } from '../anatomy/target';
import type { PodSource } from '../anatomy/types';

export type DiagramView = 'architecture' | 'placement';

/**
 * What an edge means (docs/anatomy.md "Hub and spoke"): `watch` and `write-back` run between a component and
 * kube-apiserver, `storage` between kube-apiserver and etcd, `cri` from kubelet to the runtime, `runs` from
 * the runtime to a Pod, `reverse` from kube-apiserver to kubelet (logs, exec, port-forward), `request` from a
 * client to kube-apiserver, `manifests` from kubelet to its static Pod manifest folder (placement view).
 */
export type EdgeKind = 'watch' | 'write-back' | 'storage' | 'cri' | 'runs' | 'reverse' | 'request' | 'manifests';

export type { Health } from '../anatomy/healthPolicy';

/**
 * What a box's border says: the health policy's verdict, or `hidden`: RBAC hides this part from the user (its
 * card names the permission that would show it). Hidden is never drawn as absent or hosted.
 */
export type SceneHealth = Health | 'hidden';

export type BoxKind =
  | 'panel' // a container: the control plane, a node, a node's Pod area
  | 'component' // a control-plane component or kube-proxy
  | 'agent' // kubelet, container runtime
  | 'pod'
  | 'group' // many nodes drawn as one box
  | 'pager' // previous / next / collapse control of an expanded group
  | 'client'
  | 'folder';

/** What a click on a box asks the host to reveal or open. */
/** The hover/focus card: what the component is for, how it runs in this cluster, and the evidence. */
export interface BoxCard {
  readonly title: string;
  readonly role: string;
  readonly runsHere: readonly string[];
  readonly evidence: readonly string[];
}

export interface SceneBox {
  /** Unique in the scene; stable across re-layouts so focus and highlights survive updates. */
  readonly id: string;
  readonly kind: BoxKind;
  /** `data-component`: a ComponentId, `kubelet`, `container-runtime`, `pod`, or a structural name. */
  readonly component: string;
  /** `data-node` for parts of a node. */
  readonly node?: string;
  /** `data-role`: the node role, for node panels and kubelets. */
  readonly role?: string;
  /** `data-group` (a node role) for a group box and its pager. */
  readonly group?: string;
  /** Control-plane mode, on the hub box when it is hosted or embedded. */
  readonly mode?: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The whole name, on hover and for screen readers. */
  readonly label: string;
  /** The label as drawn when the whole one does not fit: shortened in the middle, never to look like another. */
  readonly shortLabel?: string;
  readonly detail?: string;
  /** Several lines of detail (already broken to fit), drawn under the label instead of `detail`. */
  readonly detailLines?: readonly string[];
  /** Pod source badge (placement view and Pods in nodes). */
  readonly source?: PodSource;
  readonly badge?: string;
  readonly health: SceneHealth;
  readonly ariaLabel: string;
  readonly card?: BoxCard;
  /** Whether it takes part in keyboard navigation. */
  readonly focusable: boolean;
  /** For node boxes: the last Lease renewal, so a view can grey the node when heartbeats stop. */
  readonly heartbeat?: { readonly renewTime: string; readonly durationSeconds: number };
  readonly target?: AnatomyTarget;
  /** For pager and group boxes: what activating it does. */
  readonly action?: { readonly group: string; readonly page: number | null };
}

export interface SceneEdge {
  readonly id: string;
  readonly kind: EdgeKind;
  /** Box ids. */
  readonly from: string;
  readonly to: string;
  /** `data-from` / `data-to`: component names, not box ids (e.g. `kubelet` → `kube-apiserver`). */
  readonly fromComponent: string;
  readonly toComponent: string;
  readonly node?: string;
  readonly group?: string;
  readonly points: readonly (readonly [number, number])[];
  readonly ariaLabel: string;
}

export interface SceneGroup {
  readonly id: string;
  readonly role: string;
  readonly total: number;
  readonly ready: number;
  readonly expanded: boolean;
  readonly page: number;
  readonly pages: number;
}

/** What a legend entry shows beside its text: a line of an edge kind, a Pod fill, or a health colour. */
export type LegendSwatch =
  | { readonly kind: 'edge'; readonly edge: EdgeKind }
  | { readonly kind: 'fill'; readonly source: PodSource }
  | { readonly kind: 'health'; readonly health: SceneHealth };

export interface LegendEntry {
  readonly swatch: LegendSwatch;
  readonly label: string;
  /** Top-left of the entry's row. */
  readonly x: number;
  readonly y: number;
}

export interface SceneLegend {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly title: string;
  readonly entries: readonly LegendEntry[];
}

export interface Scene {
  readonly view: DiagramView;
  readonly title: string;
  /** The visible title: what is drawn, and below it the cluster, the context and the time it was drawn. */
  readonly header: { readonly x: number; readonly y: number; readonly title: string; readonly subtitle: string };
  /** What the edges, fills and greys mean; none when nothing was drawn. */
  readonly legend?: SceneLegend;
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly SceneBox[];
  readonly edges: readonly SceneEdge[];
  readonly groups: readonly SceneGroup[];
  /** Nodes in the cluster, and how many of them have a box of their own in this scene. */
  readonly nodeCount: number;
  readonly drawnNodeCount: number;
}

/** UI state that changes the layout; the webview keeps it with setState, the CLI uses the defaults. */
export interface DiagramUiState {
  readonly view: DiagramView;
  readonly showReverse: boolean;
  /** Expanded node groups (by group id) and the page shown. */
  readonly expanded: Readonly<Record<string, number>>;
}

export const defaultUiState: DiagramUiState = { view: 'architecture', showReverse: false, expanded: {} };
