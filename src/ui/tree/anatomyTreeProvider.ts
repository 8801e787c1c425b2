import * as vscode from 'vscode';
import { DisposableStore } from '../../core/util/disposable';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import type { AnatomyTarget } from '../../core/anatomy/target';
import { childElements, type TreeElement } from '../../core/anatomy/treeModel';
import { healthChildren, healthRoot, isHealthElement } from '../../core/health/healthTree';
import { healthProblems } from '../../core/health/render';
import type { HealthMonitor } from '../../core/workspace/healthMonitor';
import type { PlacementMonitor, PodPlacement } from '../../core/workspace/placementMonitor';
import { errorMessage } from '../../core/util/errors';
import { boundPlacementChildren, placementChildren } from './placementItems';
import type { AskedPlacement } from '../../core/workspace/askedPlacement';
import type { ClusterAnatomy } from '../../core/anatomy/types';
import { heartbeatDeadline, heartbeatStopped } from '../../core/anatomy/healthPolicy';
import { WaitingMonitor } from '../../core/workspace/waitingMonitor';
import type { WaitingView } from '../../core/placement/waitingGroups';
import { waitingCount, waitingGroupChildren, waitingSectionChildren } from '../../core/placement/waitingTree';
import { type AnatomyTreeElement, canRetry, collapsibleStateOf, renderTreeItem, type StateElement, type TreeItemView } from './treeItems';

export type { AnatomyTreeElement, StateElement } from './treeItems';

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

/** Placement answers shown in the tree are worked out again at most this often while the cluster changes. */
const PLACEMENT_REFRESH_MS = 2_000;

/** Renewals of many nodes are shown together: a large cluster renews hundreds of Leases a second. */
const HEARTBEAT_BATCH_MS = 250;
/** How often a stopped heartbeat's rows are looked at again: they change only when the minutes do. */
const STOPPED_RECHECK_MS = 30_000;

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
  /** Where each expanded waiting Pod fits, by its row's id: worked out on expansion, again as the cluster changes. */
  private readonly placements = new Map<string, PodPlacement | 'loading' | { error: string }>();
  private placementTimer: NodeJS.Timeout | undefined;
  /** The ids of the Pod rows that show an asked answer. */
  private readonly askedRows = new Set<string>();
  private view: vscode.TreeView<AnatomyTreeElement> | undefined;
  /** The Pods waiting for a node in every namespace the user may read, grouped by workload and reason. */
  private readonly waiting: WaitingMonitor;
  /** What the waiting groups showed last: the tree is drawn again only when it changes. */
  private waitingShown = '';

  /** What rendering an item reads: the anatomy shown, and each node's Lease as of now. */
  private readonly itemView: TreeItemView;

  constructor(
    private readonly live: LiveAnatomy,
    private readonly health?: HealthMonitor,
    private readonly placement?: PlacementMonitor,
    /** The Pod the user asked "Why on this node?" about: the answer shows under its row too. */
    private readonly asked?: AskedPlacement,
  ) {
    const currentAnatomy = () => this.currentAnatomy;
    this.itemView = {
      get anatomy() {
        return currentAnatomy();
      },
      leaseOf: (node) => live.leaseOf(node),
    };
    this.waiting = new WaitingMonitor(live, placement);
    this.disposables.addAll(
      this.waiting,
      this.waiting.onDidChange(() => this.waitingChanged()),
      this.changeEmitter,
      live.onDidChange((anatomy) => this.update(anatomy)),
      live.onDidChangeStatus(() => this.refreshAll()),
      live.onLeaseRenewed((node) => this.onLeaseRenewed(node)),
      ...(health ? [health.onDidChange(() => this.refreshAll())] : []),
      ...(placement ? [placement.onDidChange(() => this.placementsChanged())] : []),
      ...(asked ? [asked.onDidChange(() => this.askedChanged())] : []),
      live.onDidChangeSession(() => {
        this.placements.clear();
        placement?.hold('tree', false);
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
    this.view = view;
    const sync = () => {
      this.visible = view.visible;
      if (this.visible) this.recheckHeartbeats([...this.heartbeatRows.keys()]);
      // The all-Pods watch is held only while the tree shows a placement; shown again, the answers are renewed.
      this.placement?.hold('tree', this.visible && this.placements.size > 0);
      if (this.visible) this.placementsChanged();
      // Pending Pods are read again only while the tree shows; the answers only while a group was opened.
      this.waiting.hold(this.visible);
      if (!this.visible) this.waiting.wantAnswers(false);
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
        if (shownText(renderTreeItem(element, this.itemView)) !== shown) changed.push(element);
      }
    }
    if (changed.length > 0) this.changeEmitter.fire(changed);
  }

  /** Remembers a heartbeat-dependent row as shown, and wakes up when its Lease's duration runs out. */
  private trackHeartbeat(node: string, element: AnatomyTreeElement, item: vscode.TreeItem): void {
    let rows = this.heartbeatRows.get(node);
    if (!rows) this.heartbeatRows.set(node, (rows = new Map()));
    rows.set(element, shownText(item));
    const deadline = this.nextRecheck(node);
    if (deadline !== undefined && deadline < this.nextDeadline) this.wakeAt(deadline);
  }

  /**
   * When the node's heartbeat rows may read differently: a running heartbeat at the moment it will count as
   * stopped; a stopped one every half minute, for its "renewed 3m ago"; undefined without a Lease.
   */
  private nextRecheck(node: string): number | undefined {
    const lease = this.live.leaseOf(node);
    if (!lease) return undefined;
    return heartbeatStopped(lease, Date.now()) ? Date.now() + STOPPED_RECHECK_MS : heartbeatDeadline(lease);
  }

  /**
   * Rechecks every shown heartbeat at `deadline`, then sleeps until the next shown heartbeat's deadline: a node
   * whose Lease stops renewing is never re-rendered by a renewal, so only this wakes it up.
   */
  private wakeAt(deadline: number): void {
    clearTimeout(this.deadlineTimer);
    this.nextDeadline = deadline;
    this.deadlineTimer = setTimeout(
      () => {
        this.nextDeadline = Infinity;
        const nodes = [...this.heartbeatRows.keys()];
        if (this.visible) this.recheckHeartbeats(nodes);
        const next = Math.min(...nodes.map((node) => this.nextRecheck(node) ?? Infinity));
        if (next < this.nextDeadline) this.wakeAt(next);
      },
      Math.max(0, deadline - Date.now()) + 50,
    );
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
    if (!nodeName) return this.findInStandpoint(target);
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
    if (!node) return this.findInStandpoint(target);
    // A node's kubelet or container runtime (the diagram's Enter on one) is its agent row, not the node's.
    const agent = target.component === 'kubelet' || target.component === 'container-runtime' ? target.component : undefined;
    if (!target.pod && !agent) return node;
    return (
      this.getChildren(node).find((child) =>
        target.pod ? child.type === 'pod' && child.pod.pod === target.pod.name : child.type === 'agent' && child.agent === agent,
      ) ?? node
    );
  }

  /**
   * A limited user's node or Pod, from where they stand: an inferred node, or one of their Pods under its
   * namespace (the first page of it).
   */
  private findInStandpoint(target: AnatomyTarget): AnatomyTreeElement | undefined {
    const section = this.getChildren(undefined).find((root) => root.type === 'section' && root.section === 'standpoint');
    if (!section) return undefined;
    for (const child of this.getChildren(section)) {
      if (target.pod && child.type === 'userNamespace' && child.namespace.name === target.pod.namespace) {
        const pod = this.getChildren(child).find((row) => row.type === 'userPod' && row.pod.name === target.pod?.name);
        if (pod) return pod;
      }
      if (child.type === 'inferredNodes') {
        for (const node of this.getChildren(child)) {
          if (node.type !== 'inferredNode' || (target.node && node.node.name !== target.node)) continue;
          if (!target.pod) return node;
          // kube-system's Pods on it, when they may be read.
          const pod = this.getChildren(node).find((row) => row.type === 'pod' && row.pod.pod === target.pod?.name);
          if (pod) return pod;
        }
      }
    }
    return undefined;
  }

  private childrenOf(element?: AnatomyTreeElement): AnatomyTreeElement[] {
    if (element && isHealthElement(element)) return healthChildren(element).map((e) => this.intern(e));
    if (element?.type === 'unscheduledPod') {
      let placement = this.placements.get(element.id);
      if (!placement) {
        placement = this.placement ? 'loading' : { error: 'not available' };
        this.placements.set(element.id, placement);
        this.placement?.hold('tree', this.visible);
        void this.workOutPlacement(element);
      }
      return placementChildren(element.id, element.pod, placement).map((e) => this.intern(e));
    }
    if (element?.type === 'waitingGroup') {
      // A group opened: the model answers, once per scheduling signature, from the placement watch.
      this.waiting.wantAnswers(true);
      return waitingGroupChildren(this.currentAnatomy, element).map((e) => this.intern(e));
    }
    if (element?.type === 'waitingMore') return [];
    const waitingView = this.waitingViewOf(this.currentAnatomy);
    if (element?.type === 'section' && element.section === 'unscheduled' && waitingView)
      return waitingSectionChildren(element.id, waitingView).map((e) => this.intern(e));
    const asked = element && this.askedAbout(element);
    if (element && asked) return boundPlacementChildren(element.id, asked).map((e) => this.intern(e));
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
      const roots: AnatomyTreeElement[] = this.withWaitingSection(anatomy, childElements(anatomy, undefined)).map((e) => this.intern(e));
      // The health section follows the control plane, once a report about this context exists.
      const report = this.health?.current;
      if (report && report.context === status.context && !anatomy.nothingRead) {
        const controlPlane = roots.findIndex((root) => root.type === 'section' && root.section === 'controlPlane');
        roots.splice(controlPlane + 1, 0, this.intern(healthRoot(report, healthProblems(report).length)));
      }
      return status.state === 'connected' && !status.message ? roots : [stateItem, ...roots];
    }
    const anatomy = this.currentAnatomy;
    if (!anatomy) return [];
    return childElements(anatomy, element as TreeElement).map((e) => this.intern(e));
  }

  /** The waiting groups of this anatomy's context, once read. */
  private waitingViewOf(anatomy: ClusterAnatomy | undefined): WaitingView | undefined {
    const view = this.waiting.current;
    return anatomy && !anatomy.nothingRead && !anatomy.loading ? view : undefined;
  }

  /**
   * The roots with "Waiting for a node" counting every waiting Pod read (not only kube-system's), and shown,
   * after the nodes, when only other namespaces' Pods wait or a namespace's Pods could not be read.
   */
  private withWaitingSection(anatomy: ClusterAnatomy, roots: TreeElement[]): TreeElement[] {
    const view = this.waitingViewOf(anatomy);
    if (!view) return roots;
    const count = waitingCount(anatomy, view);
    const index = roots.findIndex((root) => root.type === 'section' && root.section === 'unscheduled');
    const section: TreeElement = { type: 'section', id: `ctx:${anatomy.context}/unscheduled`, section: 'unscheduled', count };
    if (index >= 0) return roots.map((root, at) => (at === index ? section : root));
    if (count === 0 && view.hidden.length === 0) return roots;
    const nodes = roots.findIndex((root) => root.type === 'section' && root.section === 'nodes');
    return [...roots.slice(0, nodes + 1), { ...section, count: Math.max(count, view.hidden.length) }, ...roots.slice(nodes + 1)];
  }

  /** New groups or answers: the tree is drawn again when what it shows of them changed. */
  private waitingChanged(): void {
    const view = this.waiting.current;
    const shown = view
      ? JSON.stringify([
          view.hidden.map((read) => read.id),
          view.groups.map((group) => {
            const answer = view.answers.get(group.signature);
            return [group.key, group.pods.length, group.said?.message, group.sameReason, answer?.feasible, answer?.message];
          }),
        ])
      : '';
    if (shown === this.waitingShown) return;
    this.waitingShown = shown;
    this.refreshAll();
  }

  /** Works out where a waiting Pod fits, then shows it under the Pod's row. */
  private async workOutPlacement(element: Extract<AnatomyTreeElement, { type: 'unscheduledPod' }>): Promise<void> {
    if (!this.placement) return;
    let answer: PodPlacement | { error: string };
    try {
      answer = (await this.placement.explainPod(element.pod.namespace, element.pod.pod)) ?? { error: 'no cluster connected' };
    } catch (error) {
      answer = { error: errorMessage(error) };
    }
    if (!this.placements.has(element.id)) return;
    this.placements.set(element.id, answer);
    this.changeEmitter.fire(this.interned.get(element.id) ?? undefined);
  }

  /** The answer about a bound Pod's row, when the user asked "Why on this node?" about that Pod. */
  private askedAbout(element: AnatomyTreeElement): PodPlacement | undefined {
    if (element.type !== 'pod' && element.type !== 'addonPod') return undefined;
    const context = this.currentAnatomy?.context;
    return context ? this.asked?.podPlacement(context, element.pod.namespace, element.pod.pod) : undefined;
  }

  /** A new answer, or none any more: the Pod rows that show one, or did, are drawn again. */
  private askedChanged(): void {
    let opened = false;
    for (const element of this.interned.values()) {
      const showing = this.askedAbout(element) !== undefined;
      if (showing || this.askedRows.has(element.id)) this.changeEmitter.fire(element);
      if (showing && !this.askedRows.has(element.id)) {
        this.askedRows.add(element.id);
        // The row was a leaf: opened once, in one place, then left as the user leaves it.
        if (!opened) void this.view?.reveal(element, { expand: true, select: false, focus: false }).then(undefined, () => undefined);
        opened = true;
      } else if (!showing) this.askedRows.delete(element.id);
    }
  }

  /** The cluster changed: the expanded waiting Pods' answers are worked out again, at most every few seconds. */
  private placementsChanged(): void {
    if (this.placements.size === 0 || this.placementTimer) return;
    this.placementTimer = setTimeout(() => {
      this.placementTimer = undefined;
      for (const id of this.placements.keys()) {
        const element = this.interned.get(id);
        if (element?.type === 'unscheduledPod') void this.workOutPlacement(element);
        else this.placements.delete(id);
      }
      if (this.placements.size === 0) this.placement?.hold('tree', false);
    }, PLACEMENT_REFRESH_MS);
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

  /** The element shown under this id, if a view asked for it (commands given an id, as the API's callers have). */
  elementById(id: string): AnatomyTreeElement | undefined {
    return this.interned.get(id);
  }

  getParent(element: AnatomyTreeElement): AnatomyTreeElement | undefined {
    return this.parents.get(element.id);
  }

  getTreeItem(element: AnatomyTreeElement): vscode.TreeItem {
    const item = renderTreeItem(element, this.itemView);
    item.id = element.id;
    // A TreeItem made without a state says None: the state comes from the model, never from that default.
    item.collapsibleState = this.askedAbout(element)
      ? vscode.TreeItemCollapsibleState.Expanded
      : collapsibleStateOf(element, this.currentAnatomy);
    if (element.type === 'heartbeat' || element.type === 'node') this.trackHeartbeat(element.node.name, element, item);
    return item;
  }

  dispose(): void {
    clearTimeout(this.placementTimer);
    this.placement?.hold('tree', false);
    clearTimeout(this.renewalTimer);
    clearTimeout(this.deadlineTimer);
    this.disposables.dispose();
  }
}
