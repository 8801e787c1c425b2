/**
 * The "Hands-on" view: the tutorial's steps, each ticked live on the current context, with the kubectl
 * commands it runs and what was seen; then the safe experiments. Rows are plain text: names and values come
 * from the cluster.
 */
import * as vscode from 'vscode';
import type { ClusterAnatomy } from '../../core/anatomy/types';
import { type Finding, HANDS_ON_STEPS, type HandsOnStep, type HandsOnStepId } from '../../core/handsOn/checks';
import { commandLine, handsOnCommands } from '../../core/handsOn/commands';
import { EXPERIMENTS, type ExperimentId, planExperiment } from '../../core/handsOn/experiments';
import type { HandsOnMonitor } from '../../core/workspace/handsOnMonitor';
import { type Disposable, DisposableStore } from '../../core/util/disposable';
import { experimentPrediction, experimentTitle, experimentUnavailableText, findingText, stepTitle } from './handsOnText';
import { CommandIds } from '../commandIds';

export type HandsOnElement =
  | { readonly type: 'step'; readonly id: HandsOnStepId }
  | { readonly type: 'command'; readonly step: HandsOnStepId; readonly line: string }
  | { readonly type: 'finding'; readonly step: HandsOnStepId; readonly index: number }
  | { readonly type: 'experiments' }
  | { readonly type: 'experiment'; readonly id: ExperimentId };

/** Where experiments may run: the demo, or (after a confirmation) a kind context. */
export type ExperimentSite = 'demo' | 'kind' | 'none';

const STEP_ICONS = {
  done: ['pass-filled', 'testing.iconPassed'],
  fails: ['error', 'testing.iconFailed'],
  waiting: ['loading~spin', undefined],
  unknown: ['question', 'disabledForeground'],
} as const;

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
    if (!element) return this.anatomy() ? [...this.steps.values(), { type: 'experiments' }] : [];
    if (element.type === 'step') {
      const anatomy = this.anatomy();
      const commands = anatomy
        ? handsOnCommands(element.id, anatomy).map((args): HandsOnElement => ({
            type: 'command',
            step: element.id,
            line: commandLine(args),
          }))
        : [];
      const findings = (this.step(element.id)?.findings ?? []).map((_, index): HandsOnElement => ({
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

  getTreeItem(element: HandsOnElement): vscode.TreeItem {
    switch (element.type) {
      case 'step': {
        const index = HANDS_ON_STEPS.indexOf(element.id) + 1;
        const step = this.step(element.id);
        const item = new vscode.TreeItem(
          `${index}. ${stepTitle(element.id)}`,
          step?.outcome === 'done' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = `handsOn:${element.id}`;
        item.contextValue = 'clusterAnatomy:handsOnStep';
        if (!step) {
          item.description = vscode.l10n.t('not checked yet');
          item.iconPath = new vscode.ThemeIcon('circle-large-outline');
          return item;
        }
        const held = step.findings.filter((finding) => finding.outcome === 'holds' || finding.outcome === 'explained').length;
        item.description = {
          done: vscode.l10n.t('done'),
          fails: vscode.l10n.t('{0} of {1} as the article says', held, step.findings.length),
          waiting: vscode.l10n.t('watching…'),
          unknown: vscode.l10n.t('cannot be checked'),
        }[step.outcome];
        item.iconPath = icon(STEP_ICONS[step.outcome]);
        item.tooltip = step.findings.map(findingText).join('\n');
        return item;
      }
      case 'command': {
        const item = new vscode.TreeItem(`$ ${element.line}`);
        item.iconPath = new vscode.ThemeIcon('terminal');
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
        if (available)
          item.command = { command: CommandIds.runExperiment, title: vscode.l10n.t('Run the Experiment'), arguments: [element.id] };
        else item.description = plan && 'unavailable' in plan ? vscode.l10n.t('not on this cluster') : vscode.l10n.t('not here');
        return item;
      }
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
