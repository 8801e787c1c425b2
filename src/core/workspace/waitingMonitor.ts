/**
 * The Pods waiting for a node in every namespace the user may read, grouped (placement/waitingGroups.ts), for the
 * tree's "Waiting for a node". Read again every few seconds while a view holds it (one list of the Pending Pods,
 * small next to the cluster); the model's answers, one per scheduling signature, are worked out only while a
 * view wants them, from the PlacementMonitor's watch (which lists every bound Pod).
 */
import type { LiveAnatomy } from '../anatomy/liveAnatomy';
import { parseKubeVersion } from '../health/versionSkew';
import { errorMessage } from '../util/errors';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter } from '../util/event';
import { type WaitingCluster, type WaitingView, waitingView } from '../placement/waitingGroups';
import { readWaitingPods, type WaitingPodsRead } from '../placement/waitingRead';
import type { PlacementMonitor } from './placementMonitor';

export interface WaitingMonitorOptions {
  /** How often the Pending Pods are read again while held; default 10 s. */
  readonly intervalMs?: number;
}

const ANSWER_DEBOUNCE_MS = 2_000;

export class WaitingMonitor implements Disposable {
  private view: WaitingView | undefined;
  private lastRead: WaitingPodsRead | undefined;
  private readError: string | undefined;
  private holding = false;
  private answering = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private answerTimer: NodeJS.Timeout | undefined;
  private generation = 0;
  /** kube-system's waiting Pods as the anatomy last listed them. */
  private anatomyWaiting = '';
  private readonly changeEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly disposables = new DisposableStore();
  private readonly intervalMs: number;

  constructor(
    private readonly live: LiveAnatomy,
    private readonly placement: PlacementMonitor | undefined,
    options: WaitingMonitorOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 10_000;
    this.disposables.addAll(
      this.changeEmitter,
      live.onDidChangeSession(() => {
        this.generation++;
        this.view = undefined;
        this.lastRead = undefined;
        this.readError = undefined;
        this.changeEmitter.fire();
        if (this.holding) this.schedule(0);
      }),
      ...(placement ? [placement.onDidChange(() => this.answersLater())] : []),
      // kube-system's waiting Pods changed: read again soon rather than at the next interval.
      live.onDidChange((anatomy) => {
        const waiting = (anatomy.unscheduled ?? []).map((pod) => `${pod.pod}:${pod.notScheduled?.message ?? ''}`).join(',');
        if (waiting === this.anatomyWaiting) return;
        this.anatomyWaiting = waiting;
        if (this.holding) this.schedule(300);
      }),
    );
  }

  /** The groups as last read, with the model's answers when a view wants them; undefined before the first read. */
  get current(): WaitingView | undefined {
    return this.view;
  }

  /** Why the last read failed (not a refusal: those are hidden reads in the view). */
  get error(): string | undefined {
    return this.readError;
  }

  /** A view shows the section (true) or not (false): while one does, the Pods are read again every interval. */
  hold(holding: boolean): void {
    if (holding === this.holding) return;
    this.holding = holding;
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    if (holding) this.schedule(0);
  }

  /** A view shows the groups' rows (the section is open): the model answers once per signature. */
  wantAnswers(wanted: boolean): void {
    if (wanted === this.answering) return;
    this.answering = wanted;
    this.placement?.hold('waiting', wanted);
    if (wanted) this.answersLater(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => void this.read(), delay);
    this.pollTimer.unref?.();
  }

  private async read(): Promise<void> {
    const session = this.live.session;
    const generation = this.generation;
    if (!session || this.live.status?.state !== 'connected') {
      if (this.holding) this.schedule(this.intervalMs);
      return;
    }
    const standpoint = this.live.current?.standpoint?.namespaces.map((namespace) => namespace.name);
    try {
      const read = await readWaitingPods(session.reader.api, standpoint?.length ? standpoint : ['default']);
      if (generation !== this.generation) return;
      this.lastRead = read;
      this.readError = undefined;
      this.view = waitingView(read.pods, this.answering ? await this.cluster() : null, read);
      if (generation !== this.generation) return;
    } catch (error) {
      if (generation !== this.generation) return;
      this.readError = errorMessage(error);
    }
    this.changeEmitter.fire();
    if (this.holding) this.schedule(this.intervalMs);
  }

  /** The nodes and bound Pods from the placement watch; null when the nodes cannot be read. */
  private async cluster(): Promise<WaitingCluster | null> {
    const watch = await this.placement?.ready().catch(() => undefined);
    if (!watch || watch.nodesError !== undefined) return null;
    const minor = parseKubeVersion(this.live.current?.serverVersion ?? '')?.minor;
    return {
      nodes: watch.nodes(),
      bound: watch.boundPodsError === undefined ? watch.bound : null,
      ...(minor !== undefined && { serverMinor: minor }),
    };
  }

  /** The cluster changed: the answers are worked out again from the Pods last read, at most every few seconds. */
  private answersLater(delay = ANSWER_DEBOUNCE_MS): void {
    if (!this.answering || this.answerTimer) return;
    this.answerTimer = setTimeout(() => {
      this.answerTimer = undefined;
      const read = this.lastRead;
      const generation = this.generation;
      if (!read || !this.answering) return;
      void this.cluster().then((cluster) => {
        if (generation !== this.generation || this.lastRead !== read) return;
        this.view = waitingView(read.pods, cluster, read);
        this.changeEmitter.fire();
      });
    }, delay);
    this.answerTimer.unref?.();
  }

  dispose(): void {
    clearTimeout(this.pollTimer);
    clearTimeout(this.answerTimer);
    this.placement?.hold('waiting', false);
    this.disposables.dispose();
  }
}
