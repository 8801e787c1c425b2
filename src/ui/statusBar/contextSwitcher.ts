import * as vscode from 'vscode';
import { DisposableStore } from '../../core/util/disposable';
import { CommandIds } from '../commandIds';
import type { KubeconfigService } from '../../core/kubeconfig/kubeconfigService';
import type { KubeconfigState } from '../../core/kubeconfig/types';
import type { ClusterWorkspace } from '../../core/workspace/clusterWorkspace';
import { type Event, Emitter } from '../../core/util/event';
import { plainNotificationText } from '../../core/util/notificationText';
import { contextPickItems, pickContext } from './contextQuickPick';
import { readKubeconfigSetting, readSessionOnlySwitch, SettingIds, storeKubeconfigSetting } from './kubeconfigSettings';
import { presentStatus, problemText } from './statusPresentation';
import { errorMessage } from '../../core/util/errors';

/** One row of the context picker: a context, an action, or a group's heading. */
export interface PickRow {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly separator: boolean;
}

/** What the status item shows, readable from outside (VS Code offers no way to read a StatusBarItem). */
export interface ContextStatusSnapshot {
  readonly text: string;
  readonly tooltip: string;
  readonly state: string;
  readonly context: string | undefined;
}

export interface ContextSwitcherHost {
  register<T extends vscode.Disposable>(disposable: T): T;
  readonly log: vscode.LogOutputChannel;
  readonly workspace: ClusterWorkspace;
}

export class ContextSwitcher implements vscode.Disposable {
  readonly kubeconfig: KubeconfigService;
  /** Headings for kubeconfig files the product adds itself (the demo's), shown instead of their paths. */
  readonly fileLabels = new Map<string, string>();
  private readonly item: vscode.StatusBarItem;
  private readonly statusChanged = new Emitter<ContextStatusSnapshot>();
  readonly onDidChangeStatus: Event<ContextStatusSnapshot> = this.statusChanged.event;
  private snapshot: ContextStatusSnapshot = { text: '', tooltip: '', state: 'ready', context: undefined };
  private readonly disposables = new DisposableStore();
  private loggedProblems = '';

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly workspace: ClusterWorkspace,
  ) {
    this.kubeconfig = workspace.kubeconfig;
    this.item = vscode.window.createStatusBarItem('clusterAnatomy.context', vscode.StatusBarAlignment.Left, 100);
    this.item.name = vscode.l10n.t('Kubernetes Context');
    this.item.command = CommandIds.switchContext;
    this.disposables.addAll(
      this.item,
      this.statusChanged,
      workspace.onDidChangeContextStatus(() => this.render()),
      workspace.health.onDidChange(() => this.render()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SettingIds.section}.${SettingIds.kubeconfig}`)) {
          this.kubeconfig.update({ setting: readKubeconfigSetting() });
        }
      }),
    );
    this.render();
    this.item.show();
  }

  get status(): ContextStatusSnapshot {
    return this.snapshot;
  }

  /** What the context picker would list now, as plain rows (for the extension API and tests). */
  pickRows(): PickRow[] {
    return contextPickItems(this.kubeconfig.state, this.fileLabels).map((item) => ({
      label: item.label,
      ...(item.description ? { description: item.description } : {}),
      ...(item.detail ? { detail: item.detail } : {}),
      separator: item.kind === vscode.QuickPickItemKind.Separator,
    }));
  }

  private render(): void {
    const state = this.kubeconfig.state;
    const status = this.workspace.contextStatus;
    const health = this.workspace.health.current?.context === state.current ? this.workspace.health.summary : undefined;
    const presentation = presentStatus(status, this.kubeconfig.files, health, this.fileLabels);
    this.item.text = presentation.text;
    this.item.tooltip = presentation.tooltip;
    this.item.backgroundColor = presentation.backgroundColor;
    this.item.accessibilityInformation = { label: presentation.tooltipText };
    this.snapshot = { text: presentation.text, tooltip: presentation.tooltipText, state: status.state, context: state.current };
    this.statusChanged.fire(this.snapshot);
    this.logProblems(state);
  }

  private logProblems(state: KubeconfigState): void {
    // Messages are built from names and paths only (and redacted); still, log each set once.
    const text = state.problems.map(problemText).join('\n');
    if (text === this.loggedProblems) return;
    this.loggedProblems = text;
    for (const problem of state.problems) {
      if (problem.severity === 'error') this.log.warn(problemText(problem));
      else this.log.info(problemText(problem));
    }
  }

  /** Switches to `name`, written like kubectl unless the session-only setting is on. */
  async switchTo(name: string): Promise<void> {
    const sessionOnly = readSessionOnlySwitch();
    await this.kubeconfig.switchContext(name, { sessionOnly });
    this.log.info(
      sessionOnly
        ? `Switched to context "${name}" for this session`
        : `Switched to context "${name}" in ${this.kubeconfig.writeTarget ?? ''}`,
    );
  }

  /** Switches, or says why not (an unknown name, a file that cannot be edited safely) without throwing. */
  async switchOrReport(name: string): Promise<boolean> {
    try {
      await this.switchTo(name);
      return true;
    } catch (error) {
      const reason = errorMessage(error);
      this.log.warn(`Could not switch to context "${name}": ${reason}`);
      // The name and the reason come from the files: shown as text, never as a link or an icon.
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Could not switch to context "{0}": {1}', plainNotificationText(name), plainNotificationText(reason)),
      );
      return false;
    }
  }

  async pickAndSwitch(): Promise<void> {
    const choice = await pickContext(this.kubeconfig.state, this.fileLabels);
    if (!choice) return;
    switch (choice.action) {
      case 'context':
        if (choice.contextName === this.kubeconfig.state.current) return;
        await this.switchOrReport(choice.contextName);
        return;
      case 'openDemo':
        await vscode.commands.executeCommand(CommandIds.openDemoCluster);
        return;
      case 'chooseKubeconfig':
        await vscode.commands.executeCommand(CommandIds.chooseKubeconfig);
        return;
      case 'none':
        return;
    }
  }

  async chooseKubeconfig(): Promise<void> {
    const files = await vscode.window.showOpenDialog({
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: true,
      openLabel: vscode.l10n.t('Use as kubeconfig'),
      title: vscode.l10n.t('Choose kubeconfig file(s)'),
    });
    if (!files || files.length === 0) return;
    if (!(await storeKubeconfigSetting(files.map((file) => file.fsPath)))) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t("Saved in your user settings, but this workspace's clusterAnatomy.kubeconfig setting overrides it."),
      );
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

/**
 * The status-bar context switcher: one status item, the switch and choose-kubeconfig commands, and the
 * KubeconfigService behind them (`switcher.kubeconfig`, for the cluster source to follow).
 */
export function registerContextSwitcher(host: ContextSwitcherHost): ContextSwitcher {
  const switcher = host.register(new ContextSwitcher(host.log, host.workspace));
  host.register(
    vscode.commands.registerCommand(CommandIds.switchContext, async (name?: unknown) => {
      if (typeof name === 'string') {
        // Called with a context (tests, other extensions): switch without UI. The caller learns the outcome
        // from the returned current context; a rejected command would only add an error to the host's log.
        await switcher.switchOrReport(name);
        return switcher.kubeconfig.state.current;
      }
      await switcher.pickAndSwitch();
      return switcher.kubeconfig.state.current;
    }),
  );
  host.register(vscode.commands.registerCommand(CommandIds.chooseKubeconfig, () => switcher.chooseKubeconfig()));
  return switcher;
}
