/**
 * The control plane's health for the views: the report of `cluster-anatomy health`, gathered from the current
 * session on a slow timer while someone looks (the tree is visible), never while nobody does. The leader locks and API servers come from the session's watches; only kube-apiserver's
 * checks, the serving certificate and the CSRs are asked for again at each refresh.
 */
import type { LiveAnatomy } from '../anatomy/liveAnatomy';
import { healthProblems, type HealthProblem } from '../health/render';
import { type ControlPlaneHealthReport, gatherControlPlaneHealth } from '../health/report';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter } from '../util/event';

export interface HealthMonitorOptions {
  /** Between two refreshes while active; default 30 s. */
  readonly intervalMs?: number;
}

export class HealthMonitor implements Disposable {
  private readonly changeEmitter = new Emitter<ControlPlaneHealthReport | undefined>();
  /** A new report, or undefined when the session changed and the last one no longer holds. */
  readonly onDidChange = this.changeEmitter.event;
  private report: ControlPlaneHealthReport | undefined;
  private timer: NodeJS.Timeout | undefined;
  private active = false;
  /** The views that look now (the tree, the diagram): the timer runs while any does. */
  private readonly watchers = new Set<string>();
  private running: Promise<void> | undefined;
  private generation = 0;
  private readonly disposables = new DisposableStore();
  private readonly intervalMs: number;

  constructor(
    private readonly live: LiveAnatomy,
    options: HealthMonitorOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 30_000;
    this.disposables.addAll(
      this.changeEmitter,
      live.onDidChangeSession(() => {
        this.generation++;
        this.report = undefined;
        this.changeEmitter.fire(undefined);
        if (this.active) void this.refresh();
      }),
      // The first anatomy of a session (or who leads) arrives: a report can be made, or made again.
      live.onDidChange(() => {
        if (this.active && !this.report) void this.refresh();
      }),
    );
  }

  get current(): ControlPlaneHealthReport | undefined {
    return this.report;
  }

  /** kube-apiserver's failing checks as last asked, for the diagram's kube-apiserver box; undefined until a report exists. */
  failingServerChecks(context: string): { readonly failing: readonly string[]; readonly checkedAt: string } | undefined {
    if (!this.report || this.report.context !== context) return undefined;
    const failing = this.report.checks.flatMap((checks) =>
      checks.state === 'read' ? checks.checks.filter((check) => !check.ok).map((check) => `${checks.endpoint}: ${check.name}`) : [],
    );
    return { failing, checkedAt: this.report.generatedAt };
  }

  /** What the report finds wrong, for the status bar; undefined until a report exists. */
  get summary(): { readonly problems: readonly HealthProblem[] } | undefined {
    return this.report ? { problems: healthProblems(this.report) } : undefined;
  }

  /** A view starts (true) or stops (false) looking: the timer runs only while one does. */
  setActive(viewer: string, looking: boolean): void {
    if (looking) this.watchers.add(viewer);
    else this.watchers.delete(viewer);
    const active = this.watchers.size > 0;
    if (active === this.active) return;
    this.active = active;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (active) void this.refresh();
  }

  /** Gathers a report now (one at a time); the next refresh is scheduled after it while active. */
  refresh(): Promise<void> {
    this.running ??= this.gather().finally(() => {
      this.running = undefined;
      if (this.active) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), this.intervalMs);
      }
    });
    return this.running;
  }

  private async gather(): Promise<void> {
    const session = this.live.session;
    const anatomy = this.live.current;
    if (!session || !anatomy || anatomy.nothingRead || this.live.status?.state !== 'connected') return;
    const generation = this.generation;
    const clientCertificate = session.reader.clientCertificateSource();
    const report = await gatherControlPlaneHealth({ session, anatomy, ...(clientCertificate && { clientCertificate }) }).catch(
      () => undefined,
    );
    // A report about the previous context must not land on the new one.
    if (!report || generation !== this.generation) return;
    this.report = report;
    this.changeEmitter.fire(report);
  }

  dispose(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.disposables.dispose();
  }
}
