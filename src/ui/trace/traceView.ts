/**
 * The "Trace" view: the Pods' counts, then the steps of the live trace in the order the cluster recorded them,
 * one row each. A row leads with the time and the component, which the 300 px sidebar must keep in sight; the
 * step's sentence follows and the tooltip has it whole. Names, reasons and messages come from the cluster: rows
 * are plain text, and the tooltip's Markdown escapes them.
 */
import * as vscode from 'vscode';
import { componentLabel, componentShortLabel, countsText, latencyText, stepText, type TraceStrings } from '../../core/trace/render';
import type { Trace, TraceComponent, TraceStep } from '../../core/trace/timeline';
import type { TraceState } from '../../core/trace/traceSession';
import type { ReplayState } from '../../core/trace/replay';
import { escapeMarkdown } from '../../core/util/markdown';
import { CommandIds } from '../commandIds';
import { localTimeText } from './traceText';

export interface TraceStepElement {
  readonly id: string;
  readonly index: number;
}

/** The first row: how many Pods the trace follows and how far they got. */
const SUMMARY: TraceStepElement = { id: 'trace-summary', index: -1 };

/** What the view shows now: for the extension API (the tests read it; VS Code offers no way to read a view). */
export interface TraceViewSnapshot {
  readonly target: Trace['target'];
  /** A live trace's state, or a saved trace's replay state. */
  readonly state: TraceState | ReplayState;
  readonly description: string;
  readonly message: string;
  /** The first row's text: "Pods: 3 of 3 · scheduled 3 · running 3 · Ready 3"; empty when the object is not there. */
  readonly summary: string;
  /** The steps' rows, and each step's sentence. */
  readonly items: readonly {
    readonly id: string;
    readonly label: string;
    readonly description: string;
    readonly tooltip: string;
    readonly step: string;
  }[];
}

const COMPONENT_ICONS: Readonly<Record<TraceComponent, string>> = {
  client: 'account',
  'kube-apiserver': 'server',
  'kube-controller-manager': 'gear',
  'kube-scheduler': 'calendar',
  kubelet: 'vm',
  other: 'circle-outline',
};

/**
 * The rows are a snapshot of the trace, published by refresh(). While VS Code resolves a reveal, a rebuild waits:
 * VS Code resolves the revealed element against the rows it fetches then, and a step that a rebuild dropped or
 * renumbered in the meantime would fail as "Cannot resolve tree item".
 */
export class TraceTreeProvider implements vscode.TreeDataProvider<TraceStepElement>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<TraceStepElement | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  /** The steps the rows show, as last published. */
  private shown: readonly TraceStep[] = [];
  /** Elements by step id: the same object for the same step across rebuilds (TreeView.reveal needs it). */
  private elements = new Map<string, TraceStepElement>();
  private revealsInFlight = 0;
  private refreshHeld = false;

  constructor(
    private readonly trace: () => Trace | undefined,
    private readonly strings: () => TraceStrings,
  ) {}

  refresh(): void {
    if (this.revealsInFlight > 0) {
      this.refreshHeld = true;
      return;
    }
    this.shown = this.trace()?.steps ?? [];
    const next = new Map<string, TraceStepElement>();
    this.shown.forEach((step, index) => {
      const known = this.elements.get(step.id);
      next.set(step.id, known && known.index === index ? known : { id: step.id, index });
    });
    this.elements = next;
    this.changeEmitter.fire(undefined);
  }

  /** Reveals a row in `view`, keeping the rows as they are until VS Code has resolved it. */
  async reveal(
    view: vscode.TreeView<TraceStepElement>,
    element: TraceStepElement,
    options: Parameters<vscode.TreeView<TraceStepElement>['reveal']>[1],
  ): Promise<void> {
    this.revealsInFlight += 1;
    try {
      await view.reveal(element, options);
    } finally {
      this.revealsInFlight -= 1;
      if (this.revealsInFlight === 0 && this.refreshHeld) {
        this.refreshHeld = false;
        this.refresh();
      }
    }
  }

  element(stepId: string): TraceStepElement | undefined {
    return this.elements.get(stepId);
  }

  step(element: TraceStepElement): TraceStep | undefined {
    const step = this.shown[element.index];
    return step?.id === element.id ? step : this.shown.find((candidate) => candidate.id === element.id);
  }

  getChildren(element?: TraceStepElement): TraceStepElement[] {
    if (element) return [];
    return this.trace()?.root ? [SUMMARY, ...this.elements.values()] : [...this.elements.values()];
  }

  /** The steps' rows, without the summary. */
  stepElements(): TraceStepElement[] {
    return [...this.elements.values()];
  }

  getParent(): undefined {
    return undefined;
  }

  getTreeItem(element: TraceStepElement): vscode.TreeItem {
    if (element === SUMMARY) return this.summaryItem();
    const steps = this.shown;
    const step = this.step(element);
    if (!step) return new vscode.TreeItem('');
    const strings = this.strings();
    const previous = steps[steps.indexOf(step) - 1];
    const who = componentLabel(step.component, step.actor, strings);
    const item = new vscode.TreeItem(`${localTimeText(step)} ${componentShortLabel(step.component, step.actor, strings)}`);
    item.id = step.id;
    item.description = `${stepText(step, strings)} · ${latencyText(step, previous, strings)}`;
    // Steps seen as they happened take the diagram's light colour; the history read at the start does not. A step
    // of a Pod gone before the trace read it shows that it comes from the record (its Events), in sight at 300 px.
    item.iconPath = new vscode.ThemeIcon(
      step.readFromEvents ? 'history' : COMPONENT_ICONS[step.component],
      step.seenAt !== null ? new vscode.ThemeColor('charts.yellow') : undefined,
    );
    item.tooltip = stepTooltip(step, who, stepText(step, strings));
    item.contextValue = 'clusterAnatomy:traceStep';
    item.command = { command: CommandIds.revealTraceStep, title: vscode.l10n.t('Show the Step'), arguments: [step.id] };
    return item;
  }

  /** The counts, short enough for 300 px; the tooltip says what each means. */
  summaryText(): string {
    const trace = this.trace();
    return trace?.root ? countsText(trace, this.strings()) : '';
  }

  private summaryItem(): vscode.TreeItem {
    const text = this.summaryText();
    const [pods = text, ...rest] = text.split(' · ');
    const item = new vscode.TreeItem(pods);
    item.id = SUMMARY.id;
    item.description = rest.join(' · ');
    item.iconPath = new vscode.ThemeIcon('pulse');
    item.tooltip = new vscode.MarkdownString(
      [
        escapeMarkdown(text, { autolinks: false }),
        '',
        vscode.l10n.t(
          'Scheduled: bound to a node by kube-scheduler. Running: the kubelet started its containers. Ready: its readiness checks pass, so Services send it traffic.',
        ),
      ].join('\n'),
    );
    item.contextValue = 'clusterAnatomy:traceSummary';
    return item;
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}

function stepTooltip(step: TraceStep, who: string, sentence: string): vscode.MarkdownString {
  const text = (value: string) => escapeMarkdown(value, { autolinks: false });
  const lines = [
    `**${text(who)}**`,
    '',
    text(sentence),
    '',
    `${vscode.l10n.t('Recorded by: {0}', text(step.actor))}  `,
    `${vscode.l10n.t('Object: {0}', text(`${step.object.kind} ${step.object.namespace}/${step.object.name}`))}  `,
    `${vscode.l10n.t('Recorded at: {0}', text(step.time))}`,
  ];
  if (step.readFromEvents)
    lines.push('', `_${vscode.l10n.t('Read from the Events the cluster still holds: the Pod was gone before this trace read it.')}_`);
  if (step.message) lines.push('', text(step.message));
  if (step.evidence.length > 0) {
    lines.push('', `**${vscode.l10n.t('Evidence')}**`, '');
    for (const evidence of step.evidence) lines.push(`- ${text(`${evidence.source}: ${evidence.text}`)}`);
  }
  const markdown = new vscode.MarkdownString(lines.join('\n'));
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}

/** The text of a tooltip, for the API snapshot. */
export function tooltipText(item: vscode.TreeItem): string {
  return item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
}
