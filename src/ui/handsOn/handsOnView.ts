/**
 * The "Hands-on" view, the live truth of the hands-on: each step as the learner stands with it (not run yet; run
 * and holding; run but no longer holding, and why), the kubectl commands it runs and what was seen; what an
 * experiment left changed, with its undo, at the top; then the safe experiments. Rows are plain text: names and
 * values come from the cluster.
 */
import * as vscode from 'vscode';
import type { ClusterAnatomy } from '../../core/anatomy/types';
import { type Finding, HANDS_ON_STEPS, type HandsOnStep, type HandsOnStepId } from '../../core/handsOn/checks';
import { commandLine, handsOnCommands } from '../../core/handsOn/commands';
import { EXPERIMENTS, type ExperimentId, planExperiment } from '../../core/handsOn/experiments';
import type { HandsOnMonitor } from '../../core/workspace/handsOnMonitor';
import type { StepProgress, StepState } from '../../core/handsOn/progress';
import { type PendingUndo, SELF_UNDOING } from '../../core/handsOn/undo';
import { type Disposable, DisposableStore } from '../../core/util/disposable';
import { experimentPrediction, experimentTitle, experimentUnavailableText, findingText, stepTitle } from './handsOnText';
import { CommandIds } from '../commandIds';

export type HandsOnElement =
  | { readonly type: 'undo'; readonly undo: PendingUndo }
  | { readonly type: 'step'; readonly id: HandsOnStepId }
  | { readonly type: 'command'; readonly step: HandsOnStepId; readonly line: string; readonly index: number }
  | { readonly type: 'finding'; readonly step: HandsOnStepId; readonly index: number }
  | { readonly type: 'experiments' }
  | { readonly type: 'experiment'; readonly id: ExperimentId };

/** Where the learner stands: each step's progress, the commands they ran, and what an experiment left changed. */
export interface HandsOnLearner {
  progress(): readonly StepProgress[];
  ranCommand(step: HandsOnStepId, index: number): boolean;
  undos(): readonly PendingUndo[];
}

/** Where experiments may run: the demo, or (after a confirmation) a kind context. */
export type ExperimentSite = 'demo' | 'kind' | 'none';

const STEP_ICONS: Record<StepState, readonly [string, string | undefined]> = {
  'not-run': ['circle-large-outline', undefined],
  holds: ['pass-filled', 'testing.iconPassed'],
  checking: ['loading~spin', undefined],
  'does-not-hold': ['error', 'testing.iconFailed'],
  'no-longer-holds': ['warning', 'list.warningForeground'],
};

const FINDING_ICONS: Record<Finding['outcome'], readonly [string, string | undefined]> = {
  holds: ['check', 'testing.iconPassed'],
  explained: ['info', 'notificationsInfoIcon.foreground'],
  waiting: ['watch', undefined],
  fails: ['close', 'testing.iconFailed'],
  unknown: ['question', 'disabledForeground'],
};

function icon([name, color]: readonly [string, string | undefined]): vscode.ThemeIcon {
  return new vscode.ThemeIcon(name, color ? new vscode.ThemeColor(color) : undefined);
}

export class HandsOnTreeProvider implements vscode.TreeDataProvider<HandsOnElement>, Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<HandsOnElement | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly disposables = new DisposableStore();
  private readonly steps = new Map<HandsOnStepId, HandsOnElement>(HANDS_ON_STEPS.map((id) => [id, { type: 'step', id }]));

  constructor(
    private readonly monitor: HandsOnMonitor,
    private readonly anatomy: () => ClusterAnatomy | undefined,
    private readonly site: () => ExperimentSite,
    private readonly learner: HandsOnLearner,
  ) {
    this.disposables.addAll(
      this.changeEmitter,
      monitor.onDidChange(() => this.changeEmitter.fire(undefined)),
    );
  }

  /** The element of a step, the same object each time (TreeView.reveal needs it). */
  stepElement(id: HandsOnStepId): HandsOnElement {
    return this.steps.get(id)!;
  }

  refresh(): void {
    this.changeEmitter.fire(undefined);
  }

  private step(id: HandsOnStepId): HandsOnStep | undefined {
    return this.monitor.current?.steps.find((step) => step.id === id);
  }

  getChildren(element?: HandsOnElement): HandsOnElement[] {
    if (!element) {
      if (!this.anatomy()) return [];
      // What an experiment left changed comes first: it is why a step may no longer hold.
      const undos = this.learner.undos().map((undo): HandsOnElement => ({ type: 'undo', undo }));
      return [...undos, ...this.steps.values(), { type: 'experiments' }];
    }
    if (element.type === 'step') {
      const anatomy = this.anatomy();
      const commands = anatomy
        ? handsOnCommands(element.id, anatomy).map((args, index): HandsOnElement => ({
            type: 'command',
            step: element.id,
            line: commandLine(args),
            index,
          }))
        : [];
      // What the check saw is the answer to the step: shown once the learner has run it.
      const ran = (this.progressOf(element.id)?.state ?? 'not-run') !== 'not-run';
      const findings = (ran ? (this.step(element.id)?.findings ?? []) : []).map((_, index): HandsOnElement => ({
        type: 'finding',
        step: element.id,
        index,
      }));
      return [...commands, ...findings];
    }
    if (element.type === 'experiments') return EXPERIMENTS.map((id) => ({ type: 'experiment', id }));
    return [];
  }

  getParent(element: HandsOnElement): HandsOnElement | undefined {
    if (element.type === 'command' || element.type === 'finding') return this.stepElement(element.step);
    if (element.type === 'experiment') return { type: 'experiments' };
    return undefined;
  }

  private progressOf(id: HandsOnStepId): StepProgress | undefined {
    return this.learner.progress().find((progress) => progress.id === id);
  }

  getTreeItem(element: HandsOnElement): vscode.TreeItem {
    switch (element.type) {
      case 'undo': {
        const { undo } = element;
        const title =
          undo.id === 'resumeHeartbeat'
            ? vscode.l10n.t('Resume the heartbeat of {0}', undo.subject)
            : vscode.l10n.t('Scale {0} back to {1}', undo.subject, undo.replicas ?? 0);
        const item = new vscode.TreeItem(title);
        item.id = `handsOn:undo:${undo.id}:${undo.subject}`;
        item.iconPath = new vscode.ThemeIcon('discard', new vscode.ThemeColor('list.warningForeground'));
        item.description = vscode.l10n.t('undoes “{0}”', experimentTitle(undo.experiment));
        item.tooltip =
          undo.id === 'resumeHeartbeat'
            ? vscode.l10n.t(
                "The experiment stopped {0}'s kubelet from renewing its Lease: the node is not Ready, and its Pods are evicted after 5 minutes. This lets it renew again.",
                undo.subject,
              )
            : vscode.l10n.t('The experiment scaled {0} up by one. This scales it back to {1} replicas.', undo.subject, undo.replicas ?? 0);
        item.contextValue = `clusterAnatomy:handsOnUndo:${undo.id}`;
        item.command = {
          command: undo.id === 'resumeHeartbeat' ? CommandIds.resumeHeartbeat : CommandIds.scaleCoreDnsBack,
          title,
          arguments: [undo.subject],
        };
        return item;
      }
      case 'step': {
        const index = HANDS_ON_STEPS.indexOf(element.id) + 1;
        const step = this.step(element.id);
        const progress = this.progressOf(element.id);
        const state = progress?.state ?? 'not-run';
        // Open: the learner's next step, and any that does not hold; the rest stay folded.
        const next = this.learner.progress().find((candidate) => candidate.state === 'not-run')?.id;
        const open = element.id === next || state === 'does-not-hold' || state === 'no-longer-holds';
        const item = new vscode.TreeItem(
          `${index}. ${stepTitle(element.id)}`,
          open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = `handsOn:${element.id}`;
        item.contextValue = 'clusterAnatomy:handsOnStep';
        item.iconPath = icon(STEP_ICONS[state]);
        const held = step ? step.findings.filter((finding) => finding.outcome === 'holds' || finding.outcome === 'explained').length : 0;
        const why = progress?.why[0];
        item.description = {
          'not-run':
            progress && progress.ran > 0
              ? vscode.l10n.t('ran {0} of {1} commands', progress.ran, progress.of)
              : vscode.l10n.t('not run yet'),
          holds: vscode.l10n.t('ran, holds'),
          checking: vscode.l10n.t('ran, watching…'),
          'does-not-hold': step ? vscode.l10n.t('ran, {0} of {1} as the article says', held, step.findings.length) : '',
          'no-longer-holds': why ? vscode.l10n.t('no longer holds: {0}', findingText(why)) : vscode.l10n.t('no longer holds'),
        }[state];
        const seen = state === 'not-run' ? '' : step ? step.findings.map(findingText).join('\n') : vscode.l10n.t('Not checked yet.');
        const lead = {
          'not-run': vscode.l10n.t(
            'Not run yet: run its commands in a terminal (type them, or use Run in a Terminal). It ticks once they have run and its check holds.',
          ),
          holds: vscode.l10n.t('You ran it, and it holds on this cluster.'),
          checking: vscode.l10n.t('You ran it; its check is still watching the cluster.'),
          'does-not-hold': vscode.l10n.t('You ran it, but the cluster is not as the article says:'),
          'no-longer-holds': vscode.l10n.t(
            'It held when you ran it, and no longer does. The Welcome page keeps its tick: this view is the live truth.',
          ),
        }[state];
        item.tooltip = seen ? `${lead}\n\n${seen}` : lead;
        return item;
      }
      case 'command': {
        const ran = this.learner.ranCommand(element.step, element.index);
        const item = new vscode.TreeItem(`$ ${element.line}`);
        item.iconPath = ran
          ? new vscode.ThemeIcon('terminal', new vscode.ThemeColor('testing.iconPassed'))
          : new vscode.ThemeIcon('terminal');
        if (ran) item.description = vscode.l10n.t('ran');
        item.tooltip = vscode.l10n.t('Run it in a terminal (it only reads).');
        item.contextValue = 'clusterAnatomy:handsOnCommand';
        item.command = {
          command: CommandIds.runHandsOnCommands,
          title: vscode.l10n.t('Run in Terminal'),
          arguments: [element.step, element.line],
        };
        return item;
      }
      case 'finding': {
        const finding = this.step(element.step)?.findings[element.index];
        if (!finding) return new vscode.TreeItem('');
        const text = findingText(finding);
        const item = new vscode.TreeItem(text);
        item.iconPath = icon(FINDING_ICONS[finding.outcome]);
        item.tooltip = text;
        return item;
      }
      case 'experiments': {
        const site = this.site();
        const item = new vscode.TreeItem(vscode.l10n.t('Experiments'), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = 'handsOn:experiments';
        item.iconPath = new vscode.ThemeIcon('beaker');
        item.description =
          site === 'demo'
            ? vscode.l10n.t('on the demo cluster')
            : site === 'kind'
              ? vscode.l10n.t('on this kind cluster, after a confirmation')
              : vscode.l10n.t('on the demo or a kind cluster only');
        return item;
      }
      case 'experiment': {
        const item = new vscode.TreeItem(experimentTitle(element.id));
        item.id = `handsOn:experiment:${element.id}`;
        const pending = this.learner.undos().find((undo) => undo.experiment === element.id);
        const anatomy = this.anatomy();
        const site = this.site();
        const plan = anatomy ? planExperiment(element.id, anatomy, { demo: site === 'demo' }) : undefined;
        const available = plan && !('unavailable' in plan) && site !== 'none';
        item.iconPath = new vscode.ThemeIcon(
          available ? 'play' : 'circle-slash',
          available ? undefined : new vscode.ThemeColor('disabledForeground'),
        );
        item.tooltip = !plan
          ? ''
          : 'unavailable' in plan
            ? experimentUnavailableText(plan.unavailable)
            : site === 'none'
              ? vscode.l10n.t(
                  'Experiments write to the cluster: they run only on the demo cluster, or on a kind cluster after a confirmation.',
                )
              : experimentPrediction(plan);
        const selfUndoing = SELF_UNDOING[element.id];
        const undone =
          selfUndoing === 'kubelet'
            ? vscode.l10n.t('Nothing to undo: kubelet publishes the mirror Pod again by itself.')
            : selfUndoing === 'replicaSet'
              ? vscode.l10n.t('Nothing to undo: the ReplicaSet controller replaces the Pod by itself.')
              : vscode.l10n.t('Undo it from this view, or from the Command Palette, while it is in effect.');
        if (typeof item.tooltip === 'string' && item.tooltip) item.tooltip = `${item.tooltip}\n\n${undone}`;
        if (pending) {
          item.description = pending.id === 'resumeHeartbeat' ? vscode.l10n.t('heartbeat stopped') : vscode.l10n.t('scaled up');
          item.contextValue = `clusterAnatomy:handsOnExperiment:${pending.id}`;
        }
        if (available)
          item.command = { command: CommandIds.runExperiment, title: vscode.l10n.t('Run the Experiment'), arguments: [element.id] };
        else if (!pending)
          item.description = plan && 'unavailable' in plan ? vscode.l10n.t('not on this cluster') : vscode.l10n.t('not here');
        return item;
      }
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
