/**
 * What the host sends the diagram webview, and when: nothing before the webview says `ready`; then the
 * strings and a full snapshot; while visible, deltas and batched Lease renewals; while hidden, nothing (the
 * webview is torn down and says `ready` again, which brings a fresh snapshot). Kept free of VS Code so the
 * rules are tested in plain Node; src/ui/diagram/diagramPanel.ts plugs it into a WebviewPanel.
 */
import type { PlacementOverlay } from '../core/placement/overlay';
import type { HostToWebviewMessage, TraceStepMessage, WalkthroughAction } from './diagramProtocol';
import type { AnatomySource } from '../core/anatomy/source';
import type { ClusterAnatomy, ControlPlaneAnatomy } from '../core/anatomy/types';
import type { Event } from '../core/util/event';
import { type Disposable, DisposableStore, toDisposable } from '../core/util/disposable';
import { diffAnatomy, withLiveLeases } from '../core/diagram/delta';
import type { AnatomyTarget } from '../core/anatomy/target';
import type { DiagramStrings } from '../core/diagram/strings';
import type { DiagramControlStrings } from './diagramControlStrings';

export interface DiagramFeedOptions {
  readonly post: (message: HostToWebviewMessage) => void;
  readonly locale: string;
  readonly strings: () => DiagramStrings;
  /** The webview's controls (caption bar, menu), localised; the English when absent. */
  readonly controls?: () => DiagramControlStrings;
  /** Shown while there is no anatomy yet. */
  readonly waitingText: () => string;
  /** Heartbeats are batched: a 5,000-node cluster renews 500 Leases a second. */
  readonly leaseFlushMs?: number;
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  /** kube-apiserver's failing checks, when the host follows them: drawn on the kube-apiserver box. */
  readonly serverChecks?: {
    readonly current: (context: string) => ControlPlaneAnatomy['serverChecks'];
    readonly onDidChange: Event<unknown>;
  };
  readonly clearTimer?: (handle: unknown) => void;
  /** Where the Pod the user asked about fits, for the placement view; undefined when nobody asked. */
  readonly placement?: { readonly current: (context: string) => PlacementOverlay | undefined; readonly onDidChange: Event<unknown> };
}

export class DiagramFeed implements Disposable {
  private ready = false;
  private visible = true;
  private lastSent: ClusterAnatomy | null | undefined;
  /** Requests for the webview made before it was ready: sent after its first snapshot, the latest of each kind. */
  private pending = new Map<'reveal' | 'walkthrough', HostToWebviewMessage>();
  private pendingLeases = new Set<string>();
  private highlighted: readonly AnatomyTarget[] = [];
  /** The live trace's latest step: lit again on a webview that starts over, until the trace ends. */
  private lastTraceStep: TraceStepMessage | undefined;
  private leaseTimer: unknown;
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly source: AnatomySource,
    private readonly options: DiagramFeedOptions,
  ) {
    this.disposables.add(source.onDidChange((anatomy) => this.onAnatomy(anatomy)));
    if (source.onLeaseRenewed) this.disposables.add(source.onLeaseRenewed((node) => this.onLease(node)));
    // Another cluster (or none): what the webview shows is stale, so it gets the new state at once.
    if (source.onDidChangeSession) this.disposables.add(source.onDidChangeSession(() => this.onSessionChanged()));
    if (options.serverChecks) this.disposables.add(options.serverChecks.onDidChange(() => this.onSessionChanged()));
    if (options.placement) this.disposables.add(options.placement.onDidChange(() => this.onSessionChanged()));
    this.disposables.add(toDisposable(() => this.cancelLeaseFlush()));
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** The webview (re)started: send everything it needs. */
  onReady(): void {
    this.ready = true;
    const controls = this.options.controls?.();
    this.options.post({ type: 'locale', locale: this.options.locale, strings: this.options.strings(), ...(controls && { controls }) });
    this.sendSnapshot();
    if (this.highlighted.length > 0) this.options.post({ type: 'highlight', targets: this.highlighted });
    if (this.lastTraceStep) this.options.post(this.lastTraceStep);
    for (const message of this.pending.values()) this.options.post(message);
    this.pending.clear();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    // A hidden webview is destroyed: what it knew is gone, and it will say `ready` again.
    if (!visible) {
      this.ready = false;
      this.pendingLeases.clear();
      this.cancelLeaseFlush();
    }
  }

  reveal(target: AnatomyTarget): void {
    this.sendWhenReady({ type: 'reveal', target });
  }

  /** Kept, and sent again to a webview that starts over (hidden and shown), until replaced or cleared. */
  highlight(targets: readonly AnatomyTarget[]): void {
    this.highlighted = targets;
    if (this.ready) this.options.post({ type: 'highlight', targets });
  }

  walkthrough(action: WalkthroughAction): void {
    this.sendWhenReady({ type: 'walkthrough', action });
  }

  /** A live trace's step as it happens; a hidden webview gets only the latest once it is back. */
  traceStep(step: Omit<TraceStepMessage, 'type'>): void {
    this.lastTraceStep = { type: 'traceStep', ...step };
    if (this.ready) this.options.post(this.lastTraceStep);
  }

  traceEnded(): void {
    if (!this.lastTraceStep) return;
    this.lastTraceStep = undefined;
    if (this.ready) this.options.post({ type: 'traceEnded' });
  }

  /** The one way a request reaches the webview: at once when it is ready, else right after its snapshot. */
  private sendWhenReady(message: Extract<HostToWebviewMessage, { type: 'reveal' | 'walkthrough' }>): void {
    if (this.ready) this.options.post(message);
    else this.pending.set(message.type, message);
  }

  private sendSnapshot(): void {
    const current = this.withServerChecks(this.source.current);
    const anatomy = current && this.source.leaseOf ? withLiveLeases(current, (node) => this.source.leaseOf!(node)) : (current ?? null);
    this.lastSent = anatomy;
    this.options.post({
      type: 'snapshot',
      anatomy,
      ...this.placementOf(anatomy),
      ...(anatomy ? {} : { status: this.options.waitingText() }),
    });
  }

  /** The anatomy with the server's failing checks, when the host follows them and they are about this context. */
  private withServerChecks(anatomy: ClusterAnatomy | undefined): ClusterAnatomy | undefined {
    const checks = anatomy && this.options.serverChecks?.current(anatomy.context);
    if (!anatomy || !checks) return anatomy;
    return { ...anatomy, controlPlane: { ...anatomy.controlPlane, serverChecks: checks } };
  }

  /** The placement answer about this context, sent beside the anatomy in a snapshot, when one was asked for. */
  private placementOf(anatomy: ClusterAnatomy | null): { placement?: PlacementOverlay } {
    const placement = anatomy ? this.options.placement?.current(anatomy.context) : undefined;
    return placement ? { placement } : {};
  }

  private onSessionChanged(): void {
    if (this.ready && this.visible) this.sendSnapshot();
  }

  private onAnatomy(latest: ClusterAnatomy): void {
    if (!this.ready || !this.visible) return;
    const anatomy = this.withServerChecks(latest)!;
    const delta = this.lastSent ? diffAnatomy(this.lastSent, anatomy) : null;
    this.lastSent = anatomy;
    if (!delta) this.options.post({ type: 'snapshot', anatomy, ...this.placementOf(anatomy) });
    else if (delta.upserted.length || delta.removed.length) this.options.post({ type: 'delta', delta });
  }

  private onLease(node: string): void {
    if (!this.ready || !this.visible) return;
    this.pendingLeases.add(node);
    if (this.leaseTimer === undefined) {
      const setTimer = this.options.setTimer ?? setTimeout;
      this.leaseTimer = setTimer(() => this.flushLeases(), this.options.leaseFlushMs ?? 500);
    }
  }

  private cancelLeaseFlush(): void {
    if (this.leaseTimer === undefined) return;
    (this.options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)))(this.leaseTimer);
    this.leaseTimer = undefined;
  }

  private flushLeases(): void {
    this.leaseTimer = undefined;
    const names = this.pendingLeases;
    this.pendingLeases = new Set();
    if (!this.ready || names.size === 0) return;
    const now = new Date().toISOString();
    const renewals = [...names].map((node) => ({ node, renewTime: this.source.leaseOf?.(node)?.renewTime ?? now }));
    this.options.post({ type: 'leaseRenewed', renewals });
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
