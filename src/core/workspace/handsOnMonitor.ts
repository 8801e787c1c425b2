/**
 * The hands-on's checks, kept live on the current context: re-run when the anatomy changes, and when a Lease
 * renewal completes the last step. Renewals arrive every few seconds per node (hundreds a second at scale), so
 * they only update the lease progress; the checks run again at most once a second, and only while a view looks.
 */
import type { AnatomySource } from '../anatomy/source';
import type { SlimMeta } from '../kube/slim';
import { checkHandsOn, type HandsOnReport } from '../handsOn/checks';
import { LeaseProgress } from '../handsOn/leaseProgress';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter } from '../util/event';

/** An anatomy source that also knows kube-system Pods' metadata (LiveAnatomy, ClusterSession). */
export interface HandsOnSource extends AnatomySource {
  podMeta(namespace: string, name: string): SlimMeta | undefined;
}

export interface HandsOnMonitorOptions {
  readonly now?: () => number;
  /** The shortest time between two runs of the checks; default 1 s. */
  readonly throttleMs?: number;
}

export class HandsOnMonitor implements Disposable {
  private readonly changeEmitter = new Emitter<HandsOnReport | undefined>();
  /** A new report, or undefined when the context changed and nothing of the new one is known yet. */
  readonly onDidChange = this.changeEmitter.event;
  readonly leases: LeaseProgress;
  private report: HandsOnReport | undefined;
  private signature = '';
  private readonly watchers = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly disposables = new DisposableStore();
  private readonly now: () => number;
  private readonly throttleMs: number;

  constructor(
    private readonly source: HandsOnSource,
    options: HandsOnMonitorOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.throttleMs = options.throttleMs ?? 1000;
    this.leases = new LeaseProgress(this.now);
    this.disposables.addAll(
      this.changeEmitter,
      source.onDidChange(() => this.schedule()),
      ...(source.onLeaseRenewed ? [source.onLeaseRenewed((node) => this.leaseRenewed(node))] : []),
      ...(source.onDidChangeSession
        ? [
            source.onDidChangeSession(() => {
              this.leases.clear();
              this.report = undefined;
              this.signature = '';
              this.changeEmitter.fire(undefined);
            }),
          ]
        : []),
    );
  }

  get current(): HandsOnReport | undefined {
    return this.report;
  }

  get active(): boolean {
    return this.watchers.size > 0;
  }

  /** A view starts (true) or stops (false) showing the checks; they are kept live only while one does. */
  setActive(viewer: string, looking: boolean): void {
    const wasActive = this.active;
    if (looking) this.watchers.add(viewer);
    else this.watchers.delete(viewer);
    if (this.active && !wasActive) this.check();
  }

  /** Runs the checks now on what the source holds; undefined before the first anatomy. */
  check(): HandsOnReport | undefined {
    clearTimeout(this.timer);
    this.timer = undefined;
    const anatomy = this.source.current;
    // A first paint holds the control plane only: the checks wait for the whole anatomy.
    if (!anatomy || anatomy.nothingRead || anatomy.loading) {
      this.report = undefined;
      this.signature = '';
      return undefined;
    }
    for (const node of anatomy.nodes) {
      const lease = this.source.leaseOf?.(node.name) ?? node.lease;
      this.leases.observe(node.name, lease);
    }
    const report = checkHandsOn(
      { anatomy, podLabels: (namespace, name) => this.source.podMeta(namespace, name)?.labels, leases: this.leases },
      this.now(),
    );
    // What the steps say, kept from the last run: only a change in it is announced.
    const signature = JSON.stringify(report.steps);
    const changed = signature !== this.signature;
    this.report = report;
    this.signature = signature;
    if (changed) this.changeEmitter.fire(report);
    return report;
  }

  private leaseRenewed(node: string): void {
    // Hundreds a second at scale: nothing is done with them while no view shows the checks.
    if (!this.active) return;
    const lease = this.source.leaseOf?.(node);
    const before = this.leases.advanced(node);
    this.leases.observe(node, lease);
    // Only the first advance of a node changes what the checks say.
    if (!before && this.leases.advanced(node)) this.schedule();
  }

  private schedule(): void {
    if (!this.active || this.timer) return;
    this.timer = setTimeout(() => this.check(), this.throttleMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.disposables.dispose();
  }
}
