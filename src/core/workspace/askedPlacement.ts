/**
 * The placement the user asked about, kept answered: where the Pod (or a workload's Pods) they picked can run,
 * node by node, as the diagram's placement view draws it. Worked out by the workspace's placement model, again while the cluster changes, and
 * drawn over the nodes of the placement view.
 */
import type { LiveAnatomy } from '../anatomy/liveAnatomy';
import { manifestPod } from '../placement/manifestPod';
import { schedulingPodOf } from '../placement/objects';
import { type PlacementOverlay, placementOverlay } from '../placement/overlay';
import { defaultPlacementStrings, type PlacementStrings, rejectedNodeSentence } from '../placement/strings';
import { SUGGESTIONS_SHOWN } from '../placement/suggest';
import { cannotSuggestText, suggestionText } from '../placement/suggestText';
import { whyNodeLinesPerNode, whyNodeParts } from '../placement/whyNodeText';
import type { Disposable } from '../util/disposable';
import { format } from '../util/catalog';
import { Emitter } from '../util/event';
import type { PlacementMonitor, PodPlacement } from './placementMonitor';

/** What the user asked about: a Pod, or a workload (its Pod template). */
export interface PlacementSubject {
  readonly kind: 'Pod' | 'Deployment' | 'DaemonSet' | 'StatefulSet' | 'ReplicaSet';
  readonly namespace: string;
  readonly name: string;
}

const workloadPaths: Record<Exclude<PlacementSubject['kind'], 'Pod'>, string> = {
  Deployment: 'deployments',
  DaemonSet: 'daemonsets',
  StatefulSet: 'statefulsets',
  ReplicaSet: 'replicasets',
};

/** The cluster changed: answers are worked out again at most this often. */
const REFRESH_MS = 2_000;

export class AskedPlacement implements Disposable {
  private subject: PlacementSubject | undefined;
  private context: string | undefined;
  private overlay: PlacementOverlay | undefined;
  private placement: PodPlacement | undefined;
  private timer: NodeJS.Timeout | undefined;
  private asking = 0;
  private readonly changeEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly disposables: Disposable[] = [];

  constructor(
    private readonly monitor: PlacementMonitor,
    private readonly live: LiveAnatomy,
    /** The placement catalog in the reader's language. */
    private readonly strings: PlacementStrings = defaultPlacementStrings,
  ) {
    this.disposables.push(
      this.changeEmitter,
      monitor.onDidChange(() => this.schedule()),
      live.onDidChangeSession(() => this.clear()),
    );
  }

  /** The overlay for the diagram, when it is about this context. */
  current(context: string): PlacementOverlay | undefined {
    return this.context === context ? this.overlay : undefined;
  }

  /** The answer about a Pod the user asked about, in this context (the tree shows it under the Pod's row). */
  podPlacement(context: string, namespace: string, name: string): PodPlacement | undefined {
    const subject = this.subject;
    return this.context === context && subject?.kind === 'Pod' && subject.namespace === namespace && subject.name === name
      ? this.placement
      : undefined;
  }

  /** Asks where a subject can run; the answer replaces the last one. Rejects when it cannot be worked out. */
  async ask(subject: PlacementSubject): Promise<void> {
    this.subject = subject;
    this.monitor.hold('diagram', true);
    await this.answer();
  }

  clear(): void {
    this.subject = undefined;
    this.overlay = undefined;
    this.placement = undefined;
    this.context = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.monitor.hold('diagram', false);
    this.changeEmitter.fire();
  }

  private schedule(): void {
    if (!this.subject || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.answer().catch(() => undefined);
    }, REFRESH_MS);
  }

  private async answer(): Promise<void> {
    const subject = this.subject;
    const context = this.live.status?.context;
    if (!subject || !context) return;
    const asking = ++this.asking;
    const placement = await this.workOut(subject);
    if (asking !== this.asking || this.subject !== subject) return;
    if (!placement) throw new Error(this.strings.questionNoCluster);
    this.context = context;
    this.placement = placement;
    const name = `${subject.kind} ${subject.namespace}/${subject.name}`;
    this.overlay = placementOverlay(
      name,
      placement.report,
      placement.said.events[0]?.message ?? placement.pod.scheduledCondition?.message ?? null,
      (_filter, evidence, node) => rejectedNodeSentence(node, evidence, this.strings),
      placement.report.whyThisNode && {
        notReadable: whyNodeParts(placement.report.whyThisNode, this.strings).notReadable,
        nodes: whyNodeLinesPerNode(placement.report.whyThisNode, this.strings),
      },
      placement.suggestions && {
        heading: this.strings.suggestHeading,
        lines: [
          ...placement.suggestions.suggestions.slice(0, SUGGESTIONS_SHOWN).map((suggestion) => suggestionText(suggestion, this.strings)),
          ...placement.suggestions.cannot.map((note) => cannotSuggestText(note, this.strings)),
        ],
      },
    );
    this.changeEmitter.fire();
  }

  private async workOut(subject: PlacementSubject): Promise<PodPlacement | undefined> {
    if (subject.kind === 'Pod') return this.monitor.explainPod(subject.namespace, subject.name);
    const session = this.live.session;
    if (!session) return undefined;
    const path = `/apis/apps/v1/namespaces/${encodeURIComponent(subject.namespace)}/${workloadPaths[subject.kind]}/${encodeURIComponent(subject.name)}`;
    const made = manifestPod(await session.reader.api.getJson(path, `${subject.kind} ${subject.namespace}/${subject.name}`));
    if (!made) throw new Error(format(this.strings.questionNoPodTemplate, subject.kind));
    return this.monitor.explainNew(schedulingPodOf(made.pod, subject.namespace));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.monitor.hold('diagram', false);
    for (const disposable of this.disposables) disposable.dispose();
  }
}
