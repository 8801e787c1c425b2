/**
 * The one typed message protocol between the diagram webview (src/webview) and the extension host
 * (src/ui/diagram). Every message has a literal `type`; `is…()` guards check what arrives, since a message is
 * data from the other side, not a trusted value.
 */
import type { ClusterAnatomy } from '../core/anatomy/types';
import type { AnatomyDelta } from '../core/diagram/delta';
import type { AnatomyTarget } from '../core/anatomy/target';
import type { DiagramUiState } from '../core/diagram/scene';
import type { DiagramStrings } from '../core/diagram/strings';
import type { PlacementOverlay } from '../core/placement/overlay';
import { walkthroughStepCount } from '../core/diagram/walkthrough';
import type { DiagramControlStrings } from './diagramControlStrings';

// ---- host → webview ----

/** The whole anatomy: on `ready`, and whenever the panel becomes visible again. `null`: no cluster yet. */
export interface SnapshotMessage {
  readonly type: 'snapshot';
  readonly anatomy: ClusterAnatomy | null;
  /** Where a Pod the user asked about fits, beside the anatomy (set by the host, never by the model). */
  readonly placement?: PlacementOverlay;
  /** Why there is no anatomy, shown instead of the diagram. */
  readonly status?: string;
}

/** Changed and removed nodes, while the panel is visible. */
export interface DeltaMessage {
  readonly type: 'delta';
  readonly delta: AnatomyDelta;
}

/** Nodes whose Lease was renewed since the last message (coalesced): the heartbeat pulse. */
export interface LeaseRenewedMessage {
  readonly type: 'leaseRenewed';
  readonly renewals: readonly { readonly node: string; readonly renewTime: string }[];
}

/** Focus and highlight a component or node (the tree's "Reveal in Diagram"). */
export interface RevealMessage {
  readonly type: 'reveal';
  readonly target: AnatomyTarget;
}

/**
 * Marks the boxes of what a hands-on step's kubectl command shows (the static Pods, the DaemonSets' Pods, the
 * nodes), and dims the rest, until another highlight replaces it; an empty list clears it.
 */
export interface HighlightMessage {
  readonly type: 'highlight';
  readonly targets: readonly AnatomyTarget[];
}

export type WalkthroughAction = 'play' | 'stop' | 'next' | 'previous';

export interface WalkthroughMessage {
  readonly type: 'walkthrough';
  readonly action: WalkthroughAction;
}

/** Localised strings and the UI state restored by the serializer. Sent before the first snapshot. */
export interface LocaleMessage {
  readonly type: 'locale';
  readonly locale: string;
  readonly strings: DiagramStrings;
  /** The webview's own controls (the caption bar, the toolbar's menu); missing keys keep their English. */
  readonly controls?: Partial<DiagramControlStrings>;
}

/**
 * One step of a live trace, as the cluster records it: lights the walk-through step whose edges it travels,
 * with its sentence, until the next step. Steps that come faster than a person reads wait their turn briefly.
 */
export interface TraceStepMessage {
  readonly type: 'traceStep';
  /** 0-based index of the walk-through step (src/core/diagram/walkthrough.ts). */
  readonly walkStep: number;
  /** The step's sentence, localised by the host; it names cluster objects, so it is shown as text only. */
  readonly caption: string;
  /** Who did it: "kube-scheduler (default-scheduler)". */
  readonly component: string;
  /** The time the cluster recorded, as shown. */
  readonly time: string;
  /** The node the step happened on, when it names one: its kubelet is the one lit. */
  readonly node?: string;
  /**
   * The component that did it: the path lit is its own (a node-controller Event lights kube-controller-manager ↔
   * kube-apiserver, not the client's request); `other` lights nothing. Absent: the walk-through step's path.
   */
  readonly by?: TraceStepComponent;
  /** What is traced, "Deployment kube-system/coredns" (cluster text: shown as text only). */
  readonly subject?: string;
  /** The step's place in the trace so far, 1-based: "step 3 of 8". */
  readonly position?: { readonly index: number; readonly count: number };
  /** The trace is still running: the caption offers to stop it. */
  readonly live?: boolean;
}

/** The live trace stopped: its light and caption go. */
export interface TraceEndedMessage {
  readonly type: 'traceEnded';
}

export type HostToWebviewMessage =
  | SnapshotMessage
  | DeltaMessage
  | LeaseRenewedMessage
  | RevealMessage
  | HighlightMessage
  | WalkthroughMessage
  | LocaleMessage
  | TraceStepMessage
  | TraceEndedMessage;

// ---- webview → host ----

export interface ReadyMessage {
  readonly type: 'ready';
}

/** What the webview drew after a snapshot, delta or toggle: counts read from its own DOM. */
export interface RenderReport {
  readonly view: 'architecture' | 'placement';
  readonly boxes: number;
  readonly edges: number;
  readonly nodes: number;
  readonly drawnNodes: number;
  readonly pods: number;
  readonly groups: number;
  /** Every element in the diagram's SVG. */
  readonly svgElements: number;
  /** The health each drawn node and Pod box shows, by box id (`node:NAME`, `node:NAME:pod:NS/NAME`). */
  readonly health: Readonly<Record<string, string>>;
  /** The health and the line each control-plane component box shows, by box id (`cp:kube-apiserver`). */
  readonly components?: Readonly<Record<string, { readonly health: string; readonly detail: string }>>;
  /** The boxes drawn as hidden from the user (RBAC), by id, with what their card says would show them. */
  readonly hidden?: Readonly<Record<string, string>>;
  /** The ids of the boxes a highlight marks now (a hands-on step's). */
  readonly highlighted?: readonly string[];
  /** The live trace step the diagram lights now: its caption as shown, and the ids of the boxes lit. */
  readonly liveTrace?: { readonly caption: string; readonly litBoxes: readonly string[]; readonly litEdges: number };
  /** Set when there was nothing to draw. */
  readonly status?: string;
}

export interface RenderedMessage {
  readonly type: 'rendered';
  readonly report: RenderReport;
}

export interface OpenYamlMessage {
  readonly type: 'openYaml';
  readonly target: AnatomyTarget;
}

export interface RevealInTreeMessage {
  readonly type: 'revealInTree';
  readonly target: AnatomyTarget;
}

/** The user asked where a Pod could run (a click on it in the placement view). */
export interface ExplainPlacementMessage {
  readonly type: 'explainPlacement';
  readonly target: AnatomyTarget;
}

export interface ExportSvgMessage {
  readonly type: 'exportSvg';
  readonly svg: string;
}

export interface ExportPngMessage {
  readonly type: 'exportPng';
  /** `data:image/png;base64,…` */
  readonly dataUrl: string;
}

export interface ToggleMessage {
  readonly type: 'toggle';
  readonly state: DiagramUiState;
}

export interface ErrorMessage {
  readonly type: 'error';
  readonly message: string;
}

/** The toolbar's "Trace live": the host asks which workload to trace, and traces it. */
export interface TraceLiveMessage {
  readonly type: 'traceLive';
}

/** The caption bar's "Stop the Trace": the host stops the running trace. */
export interface StopTraceMessage {
  readonly type: 'stopTrace';
}

export type WebviewToHostMessage =
  | ReadyMessage
  | RenderedMessage
  | OpenYamlMessage
  | RevealInTreeMessage
  | ExplainPlacementMessage
  | ExportSvgMessage
  | ExportPngMessage
  | ToggleMessage
  | ErrorMessage
  | TraceLiveMessage
  | StopTraceMessage;

// ---- guards ----

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasType<T extends string>(value: unknown, type: T): value is { type: T } & Record<string, unknown> {
  return isObject(value) && value.type === type;
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

export function isAnatomyTarget(value: unknown): value is AnatomyTarget {
  if (!isObject(value) || !isOptionalString(value.component) || !isOptionalString(value.node)) return false;
  return value.pod === undefined || (isObject(value.pod) && typeof value.pod.namespace === 'string' && typeof value.pod.name === 'string');
}

export function isUiState(value: unknown): value is DiagramUiState {
  return (
    isObject(value) &&
    (value.view === 'architecture' || value.view === 'placement') &&
    typeof value.showReverse === 'boolean' &&
    isObject(value.expanded) &&
    Object.values(value.expanded).every((page) => typeof page === 'number')
  );
}

export const isReadyMessage = (value: unknown): value is ReadyMessage => hasType(value, 'ready');
export const isRenderedMessage = (value: unknown): value is RenderedMessage =>
  hasType(value, 'rendered') && isObject(value.report) && typeof value.report.boxes === 'number';
export const isOpenYamlMessage = (value: unknown): value is OpenYamlMessage => hasType(value, 'openYaml') && isAnatomyTarget(value.target);
export const isRevealInTreeMessage = (value: unknown): value is RevealInTreeMessage =>
  hasType(value, 'revealInTree') && isAnatomyTarget(value.target);
export const isExplainPlacementMessage = (value: unknown): value is ExplainPlacementMessage =>
  hasType(value, 'explainPlacement') && isAnatomyTarget(value.target);
export const isExportSvgMessage = (value: unknown): value is ExportSvgMessage =>
  hasType(value, 'exportSvg') && typeof value.svg === 'string';
export const isExportPngMessage = (value: unknown): value is ExportPngMessage =>
  hasType(value, 'exportPng') && typeof value.dataUrl === 'string' && value.dataUrl.startsWith('data:image/png;base64,');
export const isToggleMessage = (value: unknown): value is ToggleMessage => hasType(value, 'toggle') && isUiState(value.state);
export const isErrorMessage = (value: unknown): value is ErrorMessage => hasType(value, 'error') && typeof value.message === 'string';
export const isTraceLiveMessage = (value: unknown): value is TraceLiveMessage => hasType(value, 'traceLive');
export const isStopTraceMessage = (value: unknown): value is StopTraceMessage => hasType(value, 'stopTrace');

export const isSnapshotMessage = (value: unknown): value is SnapshotMessage =>
  hasType(value, 'snapshot') && (value.anatomy === null || (isObject(value.anatomy) && Array.isArray(value.anatomy.nodes)));
export const isDeltaMessage = (value: unknown): value is DeltaMessage =>
  hasType(value, 'delta') && isObject(value.delta) && Array.isArray(value.delta.upserted) && Array.isArray(value.delta.removed);
export const isLeaseRenewedMessage = (value: unknown): value is LeaseRenewedMessage =>
  hasType(value, 'leaseRenewed') && Array.isArray(value.renewals);
export const isRevealMessage = (value: unknown): value is RevealMessage => hasType(value, 'reveal') && isAnatomyTarget(value.target);
export const isHighlightMessage = (value: unknown): value is HighlightMessage =>
  hasType(value, 'highlight') && Array.isArray(value.targets) && value.targets.length <= 10_000 && value.targets.every(isAnatomyTarget);
export const isWalkthroughMessage = (value: unknown): value is WalkthroughMessage =>
  hasType(value, 'walkthrough') && ['play', 'stop', 'next', 'previous'].includes(value.action as string);
const isBoundedString = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
/** Who did a step (src/core/trace/timeline.ts's TraceComponent, which the host's steps are checked against). */
export type TraceStepComponent = (typeof traceComponents)[number];
const traceComponents = ['client', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kubelet', 'other'] as const;
const isStepPosition = (value: unknown): boolean =>
  isObject(value) &&
  Number.isInteger(value.index) &&
  Number.isInteger(value.count) &&
  (value.index as number) >= 1 &&
  (value.index as number) <= (value.count as number);
export const isTraceStepMessage = (value: unknown): value is TraceStepMessage =>
  hasType(value, 'traceStep') &&
  Number.isInteger(value.walkStep) &&
  (value.walkStep as number) >= 0 &&
  (value.walkStep as number) < walkthroughStepCount &&
  isBoundedString(value.caption, 4_000) &&
  isBoundedString(value.component, 512) &&
  isBoundedString(value.time, 64) &&
  (value.node === undefined || isBoundedString(value.node, 253)) &&
  (value.by === undefined || (traceComponents as readonly unknown[]).includes(value.by)) &&
  (value.subject === undefined || isBoundedString(value.subject, 600)) &&
  (value.position === undefined || isStepPosition(value.position)) &&
  (value.live === undefined || typeof value.live === 'boolean');
export const isTraceEndedMessage = (value: unknown): value is TraceEndedMessage => hasType(value, 'traceEnded');
export const isLocaleMessage = (value: unknown): value is LocaleMessage =>
  hasType(value, 'locale') && isObject(value.strings) && typeof value.locale === 'string';
