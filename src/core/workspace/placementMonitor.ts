/**
 * The placement questions of the views (the tree's "Why on this node?", the diagram's placement view, the
 * manifest hovers), answered from one PlacementWatch of the current session. The watch starts on the first
 * question and stops once no view has asked for a while and none holds it open.
 */
import type { LiveAnatomy } from '../anatomy/liveAnatomy';
import { parseKubeVersion } from '../health/versionSkew';
import { readPodObject, readSchedulerSaid, readTemplateOwner, type SchedulerSaid } from '../placement/clusterRead';
import type { SchedulingPod } from '../placement/objects';
import type { PlacementReport } from '../placement/place';
import { PlacementWatch } from '../placement/placementWatch';
import type { PlacementSuggestions } from '../placement/suggest';
import { editedObjectOf, type EditOperation, podSpecEdit } from '../placement/suggestEdit';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter } from '../util/event';

export interface PlacementMonitorOptions {
  /** How long the watch lives after the last question when no view holds it; default 10 minutes. */
  readonly idleMs?: number;
}

export interface PodPlacement {
  readonly pod: SchedulingPod;
  readonly report: PlacementReport;
  readonly said: SchedulerSaid;
  /** Why the bound Pods are not known, when they are not (the report then has unknown filters). */
  readonly boundPodsError?: string;
  /** When it fits no node: what would make it fit, and what the model cannot judge. */
  readonly suggestions?: PlacementSuggestions;
  /** For a Pod in the cluster: each suggestion's edit of its controller's template (or of the Pod), by index. */
  readonly suggestedEdits?: { readonly editOf: string; readonly edits: readonly (readonly EditOperation[] | undefined)[] };
}

export class PlacementMonitor implements Disposable {
  private watch: PlacementWatch | undefined;
  private watchStarted: Promise<void> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly holders = new Set<string>();
  private readonly changeEmitter = new Emitter<void>();
  /** The cluster changed in a way that may change a placement answer (debounced by the views). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly disposables = new DisposableStore();
  private readonly idleMs: number;

  constructor(
    private readonly live: LiveAnatomy,
    options: PlacementMonitorOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.disposables.addAll(
      this.changeEmitter,
      live.onDidChangeSession(() => this.stop()),
    );
  }

  /** Whether the all-Pods watch runs now (for tests and the views' status). */
  get running(): boolean {
    return this.watch !== undefined;
  }

  /** A view shows placements (true) or stopped (false): while one does, the watch is kept. */
  hold(viewer: string, holding: boolean): void {
    if (holding) this.holders.add(viewer);
    else this.holders.delete(viewer);
    this.touch();
  }

  /** The watch of the current session, started (and listed) if needed; undefined when nothing is connected. */
  async ready(): Promise<PlacementWatch | undefined> {
    const session = this.live.session;
    if (!session || this.live.status?.state !== 'connected') return undefined;
    if (!this.watch) {
      const minor = parseKubeVersion(this.live.current?.serverVersion ?? '')?.minor;
      const watch = new PlacementWatch(session.hub, minor);
      this.watch = watch;
      watch.onDidChange(() => this.changeEmitter.fire());
      this.watchStarted = watch.start();
    }
    const watch = this.watch;
    await this.watchStarted;
    this.touch();
    return this.watch === watch ? watch : undefined;
  }

  /** Where a Pod of the cluster fits now, what the scheduler said of it, and why. */
  async explainPod(namespace: string, name: string): Promise<PodPlacement | undefined> {
    const watch = await this.ready();
    const session = this.live.session;
    if (!watch || !session) return undefined;
    const { pod, object } = await readPodObject(session.reader.api, namespace, name);
    const said = await readSchedulerSaid(session.reader.api, pod);
    const boundPodsError = watch.boundPodsError;
    const report = watch.explain(pod);
    const suggested = watch.suggest(pod, report);
    const suggestions = report.feasible.length === 0 || suggested.cannot.length > 0 ? suggested : undefined;
    const owner = suggestions && pod.controller ? await readTemplateOwner(session.reader.api, namespace, pod.controller) : null;
    const edited = editedObjectOf(object, owner);
    return {
      pod,
      report,
      said,
      ...(boundPodsError && { boundPodsError }),
      ...(suggestions && {
        suggestions,
        suggestedEdits: {
          editOf: edited.name,
          edits: suggestions.suggestions.map((suggestion) => podSpecEdit(edited.object, suggestion.changes)),
        },
      }),
    };
  }

  /** Where a Pod that is not in the cluster (a manifest's) would fit now. */
  async explainNew(pod: SchedulingPod): Promise<PodPlacement | undefined> {
    const watch = await this.ready();
    if (!watch) return undefined;
    const boundPodsError = watch.boundPodsError;
    const report = watch.explain(pod);
    const suggested = watch.suggest(pod, report);
    const suggestions = report.feasible.length === 0 || suggested.cannot.length > 0 ? suggested : undefined;
    return { pod, report, said: { events: [] }, ...(boundPodsError && { boundPodsError }), ...(suggestions && { suggestions }) };
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.watch || this.holders.size > 0) return;
    this.idleTimer = setTimeout(() => this.stop(), this.idleMs);
    this.idleTimer.unref?.();
  }

  private stop(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.watch?.dispose();
    this.watch = undefined;
    this.watchStarted = undefined;
  }

  dispose(): void {
    this.stop();
    this.disposables.dispose();
  }
}
