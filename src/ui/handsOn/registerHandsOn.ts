/**
 * The hands-on in VS Code: the walkthrough's steps tick themselves (a context key per step) as the checks hold
 * on the current context; the "Hands-on" view shows what was seen; each step's kubectl commands run in a
 * terminal on request; the safe experiments write only to the demo, or to a kind cluster after a confirmation.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AnatomyTarget } from '../../core/anatomy/target';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import { HANDS_ON_STEPS, type HandsOnReport, type HandsOnStepId } from '../../core/handsOn/checks';
import { commandLine, handsOnCommands } from '../../core/handsOn/commands';
import { EXPERIMENTS, type ExperimentId, planExperiment, runExperiment } from '../../core/handsOn/experiments';
import type { KubeconfigService } from '../../core/kubeconfig/kubeconfigService';
import { errorMessage } from '../../core/util/errors';
import { plainNotificationText } from '../../core/util/notificationText';
import type { HandsOnMonitor } from '../../core/workspace/handsOnMonitor';
import { CommandIds } from '../commandIds';
import { isDemoTarget, isKindContext } from '../clusterWrites';
import type { DemoCluster } from '../../demo';
import {
  experimentPrediction,
  experimentResultText,
  experimentTitle,
  experimentUnavailableText,
  findingText,
  stepTitle,
} from './handsOnText';
import { type ExperimentSite, type HandsOnElement, HandsOnTreeProvider } from './handsOnView';
import { HANDS_ON_VIEW_ID, stepDoneContextKey, WALKTHROUGH_ID } from './handsOnIds';

interface Host {
  register<T extends vscode.Disposable>(disposable: T): T;
  readonly log: vscode.LogOutputChannel;
  readonly context: vscode.ExtensionContext;
}

export interface HandsOnOptions {
  readonly live: LiveAnatomy;
  readonly kubeconfig: KubeconfigService;
  /** The workspace's checks of the hands-on. */
  readonly monitor: HandsOnMonitor;
  ensureLive(): Promise<void>;
  revealInTree(target: AnatomyTarget): Promise<string | undefined>;
  /** The demo cluster, when this window serves one. */
  demo(): DemoCluster | undefined;
}

const isStep = (value: unknown): value is HandsOnStepId => HANDS_ON_STEPS.includes(value as HandsOnStepId);
const isExperiment = (value: unknown): value is ExperimentId => EXPERIMENTS.includes(value as ExperimentId);

export function registerHandsOn(host: Host, options: HandsOnOptions): { monitor: HandsOnMonitor; provider: HandsOnTreeProvider } {
  const { live } = options;
  const monitor = options.monitor;
  const site = (): ExperimentSite => {
    const anatomy = live.current;
    if (!anatomy) return 'none';
    if (isDemoTarget(anatomy, options.demo())) return 'demo';
    return isKindContext(anatomy.context, anatomy.server) ? 'kind' : 'none';
  };
  const provider = host.register(new HandsOnTreeProvider(monitor, () => live.current, site));
  const view = host.register(vscode.window.createTreeView(HANDS_ON_VIEW_ID, { treeDataProvider: provider }));
  host.register(live.onDidChange(() => provider.refresh()));

  // The checks run live while the view shows them, and for the rest of the window once the hands-on is begun.
  const syncActive = () => monitor.setActive('view', view.visible);
  host.register(view.onDidChangeVisibility(syncActive));
  syncActive();
  const begin = async () => {
    await options.ensureLive();
    monitor.setActive('walkthrough', true);
    return monitor.check();
  };

  // Each step's context key: the walkthrough ticks a step when its key turns true.
  const done = new Map<HandsOnStepId, boolean>();
  const publish = (report: HandsOnReport | undefined) => {
    for (const id of HANDS_ON_STEPS) {
      const isDone = report?.steps.find((step) => step.id === id)?.outcome === 'done';
      if (done.get(id) === isDone) continue;
      done.set(id, isDone);
      void vscode.commands.executeCommand('setContext', stepDoneContextKey(id), isDone);
    }
    view.badge =
      report && !report.allDone
        ? { value: report.steps.filter((step) => step.outcome !== 'done').length, tooltip: vscode.l10n.t('Hands-on steps not done yet') }
        : undefined;
  };
  host.register(monitor.onDidChange(publish));

  host.register(
    vscode.commands.registerCommand(CommandIds.openHandsOn, async () => {
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${host.context.extension.id}#${WALKTHROUGH_ID}`, false);
      void begin().catch((error: unknown) => host.log.warn(`Hands-on: ${errorMessage(error)}`));
    }),
  );

  host.register(
    vscode.commands.registerCommand(CommandIds.checkHandsOnStep, async (argument?: unknown) => {
      const id = isStep(argument) ? argument : isStepElement(argument) ? argument.id : undefined;
      const report = await begin();
      if (!report) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Connect to a cluster first: choose a context in the status bar, or open the demo cluster.'),
        );
        return;
      }
      await vscode.commands.executeCommand(`${HANDS_ON_VIEW_ID}.focus`);
      if (!id) return;
      await view.reveal(provider.stepElement(id), { select: true, focus: false, expand: true });
      const step = report.steps.find((candidate) => candidate.id === id)!;
      const missing = step.findings.filter((finding) => finding.outcome === 'fails' || finding.outcome === 'unknown').map(findingText);
      const message =
        step.outcome === 'done'
          ? vscode.l10n.t('{0}: holds on {1}.', stepTitle(id), report.context)
          : step.outcome === 'waiting'
            ? vscode.l10n.t('{0}: watching {1}; it ticks itself as soon as it holds.', stepTitle(id), report.context)
            : vscode.l10n.t('{0}: not as the article says on {1}: {2}', stepTitle(id), report.context, missing.join(' '));
      void vscode.window.showInformationMessage(plainNotificationText(message));
    }),
  );

  let terminal: vscode.Terminal | undefined;
  /** The KUBECONFIG the terminal was started with: a new file list (the demo opened since) needs a new terminal. */
  let terminalKubeconfig = '';
  host.register(vscode.window.onDidCloseTerminal((closed) => (closed === terminal ? (terminal = undefined) : undefined)));
  host.register({ dispose: () => terminal?.dispose() });
  host.register(
    vscode.commands.registerCommand(CommandIds.runHandsOnCommands, async (argument?: unknown, line?: unknown) => {
      const id = isStep(argument) ? argument : isStepElement(argument) ? argument.id : undefined;
      if (!id) return;
      if (!live.current) await begin();
      const anatomy = live.current;
      if (!anatomy) return;
      const lines = handsOnCommands(id, anatomy).map(commandLine);
      // A row's own line, or every line of the step; only lines the step itself made are ever typed.
      const chosen = typeof line === 'string' ? lines.filter((candidate) => candidate === line) : lines;
      if (chosen.length === 0) return;
      // The terminal's kubectl sees the same files as the extension (the demo's included), and every line names its context.
      const kubeconfig = options.kubeconfig.mergedFiles.join(path.delimiter);
      if (terminal && terminalKubeconfig !== kubeconfig) terminal.dispose();
      if (!terminal || terminalKubeconfig !== kubeconfig) {
        terminal = vscode.window.createTerminal({ name: vscode.l10n.t('Cluster Anatomy: hands-on'), env: { KUBECONFIG: kubeconfig } });
        terminalKubeconfig = kubeconfig;
      }
      terminal.show(true);
      for (const command of chosen) terminal.sendText(command, true);
      void showStep(id);
    }),
  );

  const showStep = async (id: HandsOnStepId) => {
    const report = monitor.current ?? (await begin());
    const targets = report?.steps.find((step) => step.id === id)?.targets ?? [];
    if (targets.length === 0) return;
    await vscode.commands.executeCommand(CommandIds.highlightInDiagram, targets);
    await options.revealInTree(targets[0]!);
  };
  host.register(
    vscode.commands.registerCommand(CommandIds.showHandsOnStep, async (argument?: unknown) => {
      const id = isStep(argument) ? argument : isStepElement(argument) ? argument.id : undefined;
      if (id) await showStep(id);
    }),
  );

  host.register(
    vscode.commands.registerCommand(CommandIds.runExperiment, async (argument?: unknown) => {
      if (!isExperiment(argument)) return;
      await begin();
      const anatomy = live.current;
      const session = live.session;
      if (!anatomy || !session) return;
      const where = site();
      const demo = options.demo();
      const plan = planExperiment(argument, anatomy, { demo: where === 'demo' });
      if ('unavailable' in plan) {
        void vscode.window.showInformationMessage(experimentUnavailableText(plan.unavailable));
        return;
      }
      if (where === 'none') {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Experiments write to the cluster: they run only on the demo cluster, or on a kind cluster after a confirmation.'),
        );
        return;
      }
      if (where === 'kind' && !vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Experiments on a real cluster need a trusted workspace.'));
        return;
      }
      // Said beforehand, always; on anything but the demo, the confirmation names the context it writes to.
      const prediction = plainNotificationText(experimentPrediction(plan));
      const go =
        where === 'demo' ? vscode.l10n.t('Run the Experiment') : vscode.l10n.t('Run on {0}', plainNotificationText(anatomy.context, 60));
      const detail =
        where === 'demo'
          ? prediction
          : `${prediction}\n\n${vscode.l10n.t('This writes to the cluster of the context "{0}" ({1}).', plainNotificationText(anatomy.context), plainNotificationText(anatomy.server))}`;
      const answer = await vscode.window.showWarningMessage(experimentTitle(plan.id), { modal: true, detail }, go);
      if (answer !== go) return;
      try {
        const result = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: experimentTitle(plan.id), cancellable: false },
          () =>
            runExperiment(plan, {
              api: session.reader.api,
              current: () => live.current,
              onDidChange: live.onDidChange,
              podUid: (namespace, name) => live.podMeta(namespace, name)?.uid,
              ...(where === 'demo' && demo && { demo: demo.control }),
            }),
        );
        host.log.info(`Hands-on experiment ${plan.id} on ${anatomy.context}: ${result.outcome}`);
        const text = plainNotificationText(experimentResultText(result));
        if (plan.id === 'scaleCoreDns' && result.outcome === 'happened') {
          const why = vscode.l10n.t('Why on This Node?');
          const pod = result.seen?.pods?.[0];
          const picked = await vscode.window.showInformationMessage(text, ...(pod ? [why] : []));
          if (picked === why && pod)
            await vscode.commands.executeCommand(CommandIds.explainPlacement, { kind: 'Pod', namespace: 'kube-system', name: pod.name });
        } else if (plan.id === 'stopHeartbeat' && result.outcome === 'happened' && demo) {
          const resume = vscode.l10n.t('Resume the Heartbeat');
          if ((await vscode.window.showInformationMessage(text, resume)) === resume) demo.control.resumeHeartbeat(plan.subject);
        } else {
          void vscode.window.showInformationMessage(text);
        }
      } catch (error) {
        void vscode.window.showErrorMessage(vscode.l10n.t('The experiment could not run: {0}', plainNotificationText(errorMessage(error))));
      }
    }),
  );

  return { monitor, provider };
}

function isStepElement(value: unknown): value is Extract<HandsOnElement, { type: 'step' }> {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'step' && isStep((value as { id?: unknown }).id)
  );
}
