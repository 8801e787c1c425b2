/**
 * The hands-on in VS Code: a walkthrough step ticks (a context key per step) once the learner has run its
 * kubectl commands (typed in any terminal with shell integration, or sent by the step's button) and its check
 * holds on the current context; the "Hands-on" view shows each step's state live, what was seen, and what an
 * experiment left changed with its undo; the safe experiments write only to the demo, or to a kind cluster after
 * a confirmation.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AnatomyTarget } from '../../core/anatomy/target';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import { HANDS_ON_STEPS, type HandsOnReport, type HandsOnStepId } from '../../core/handsOn/checks';
import { commandLine, handsOnCommands } from '../../core/handsOn/commands';
import { EXPERIMENTS, type ExperimentId, planExperiment, runExperiment, scaleDeployment } from '../../core/handsOn/experiments';
import { HandsOnRuns, type HandsOnRunsState, type StepProgress } from '../../core/handsOn/progress';
import { ExperimentUndos, type PendingUndo, type UndoId } from '../../core/handsOn/undo';
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
import { HANDS_ON_VIEW_ID, stepDoneContextKey, undoContextKey, WALKTHROUGH_ID } from './handsOnIds';

/** Where the commands the learner ran are kept between windows (the walkthrough keeps its ticks for good too). */
const RUNS_STATE_KEY = 'clusterAnatomy.handsOn.runs';

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

export function registerHandsOn(
  host: Host,
  options: HandsOnOptions,
): { monitor: HandsOnMonitor; provider: HandsOnTreeProvider; progress: () => readonly StepProgress[] } {
  const { live } = options;
  const monitor = options.monitor;
  const site = (): ExperimentSite => {
    const anatomy = live.current;
    if (!anatomy) return 'none';
    if (isDemoTarget(anatomy, options.demo())) return 'demo';
    return isKindContext(anatomy.context, anatomy.server) ? 'kind' : 'none';
  };
  const runs = new HandsOnRuns(host.context.globalState.get<HandsOnRunsState>(RUNS_STATE_KEY));
  const undos = new ExperimentUndos();
  let progress: StepProgress[] = runs.update(undefined, undefined);
  let pendingUndos: PendingUndo[] = [];
  const provider = host.register(
    new HandsOnTreeProvider(monitor, () => live.current, site, {
      progress: () => progress,
      ranCommand: (step, index) => runs.ranCommand(step, index),
      undos: () => pendingUndos,
    }),
  );
  const view = host.register(vscode.window.createTreeView(HANDS_ON_VIEW_ID, { treeDataProvider: provider }));
  host.register(
    live.onDidChange(() => {
      syncUndos();
      provider.refresh();
    }),
  );

  // The checks run live while the view shows them, and for the rest of the window once the hands-on is begun.
  const syncActive = () => monitor.setActive('view', view.visible);
  host.register(view.onDidChangeVisibility(syncActive));
  syncActive();
  const begin = async () => {
    await options.ensureLive();
    monitor.setActive('walkthrough', true);
    return monitor.check();
  };

  // Each step's context key: the walkthrough ticks a step when its key turns true, that is once the learner
  // has run it and it holds. VS Code keeps the tick for good; the view says when a ticked step stops holding.
  const done = new Map<HandsOnStepId, boolean>();
  let savedRuns = JSON.stringify(runs.state);
  const publish = (report: HandsOnReport | undefined = monitor.current) => {
    progress = runs.update(report, live.current);
    for (const { id, state } of progress) {
      const isDone = state === 'holds';
      if (done.get(id) === isDone) continue;
      done.set(id, isDone);
      void vscode.commands.executeCommand('setContext', stepDoneContextKey(id), isDone);
    }
    const open = progress.filter((step) => step.state !== 'holds').length;
    view.badge = report && open > 0 ? { value: open, tooltip: vscode.l10n.t('Hands-on steps not done yet') } : undefined;
    const state = JSON.stringify(runs.state);
    if (state !== savedRuns) {
      savedRuns = state;
      void host.context.globalState.update(RUNS_STATE_KEY, runs.state);
    }
    provider.refresh();
  };
  host.register(monitor.onDidChange(publish));

  // What an experiment left changed: a row with its undo in the view, and a command in the palette while it lasts.
  let undoDemo = options.demo();
  const undoKeys = new Map<UndoId, boolean>();
  const syncUndos = () => {
    // A demo stopped (or replaced) took its stopped heartbeats with it.
    if (options.demo() !== undoDemo) {
      if (undoDemo) undos.forget(undoDemo.contextName);
      undoDemo = options.demo();
    }
    pendingUndos = undos.pending(live.current);
    for (const id of ['resumeHeartbeat', 'scaleCoreDnsBack'] as const) {
      const can = pendingUndos.some((undo) => undo.id === id);
      if (undoKeys.get(id) === can) continue;
      undoKeys.set(id, can);
      void vscode.commands.executeCommand('setContext', undoContextKey(id), can);
    }
  };
  syncUndos();

  /** A command line the learner ran in a terminal: the steps it was a command of count it as run. */
  const recordLine = (line: string, exitCode: number | undefined) => {
    const anatomy = live.current;
    if (!anatomy || !line.trim()) return;
    const steps = runs.recordLine(line, anatomy, exitCode);
    if (steps.length === 0) return;
    host.log.info(`Hands-on: ran ${steps.join(', ')}`);
    // The checks run live from the first step run, so the step ticks as soon as it holds.
    void begin()
      .then(() => publish())
      .catch((error: unknown) => host.log.warn(`Hands-on: ${errorMessage(error)}`));
  };
  // Shell integration says what ran and how it ended; a terminal without it says nothing (the step's button still counts).
  const onEnd = (vscode.window as Partial<typeof vscode.window>).onDidEndTerminalShellExecution;
  if (typeof onEnd === 'function') host.register(onEnd((event) => recordLine(event.execution.commandLine.value, event.exitCode)));

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
      publish(report);
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
      const ran = progress.find((candidate) => candidate.id === id)?.state !== 'not-run';
      const message = !ran
        ? step.outcome === 'done'
          ? vscode.l10n.t('{0}: holds on {1}. Run its commands in a terminal to tick it.', stepTitle(id), report.context)
          : vscode.l10n.t(
              '{0}: not as the article says on {1}: {2} Run its commands in a terminal to see it.',
              stepTitle(id),
              report.context,
              missing.join(' '),
            )
        : step.outcome === 'done'
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
      // Sent by the step's own button: run, whether or not the terminal's shell reports it.
      if (typeof line === 'string') runs.recordStep(id, anatomy, lines.indexOf(line));
      else runs.recordStep(id, anatomy);
      publish();
      // The terminal's kubectl sees the same files as the extension (the demo's included), and every line names its context.
      const kubeconfig = options.kubeconfig.mergedFiles.join(path.delimiter);
      if (terminal && terminalKubeconfig !== kubeconfig) terminal.dispose();
      if (!terminal || terminalKubeconfig !== kubeconfig) {
        terminal = vscode.window.createTerminal({ name: vscode.l10n.t('Cluster Anatomy: hands-on'), env: { KUBECONFIG: kubeconfig } });
        terminalKubeconfig = kubeconfig;
      }
      terminal.show(true);
      // The walkthrough stays in view: the step's "Show in the Tree and Diagram" opens the diagram when asked.
      for (const command of chosen) terminal.sendText(command, true);
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
      // Undone from the view or the palette, not only from the result's notification.
      const prediction = plainNotificationText(experimentPrediction(plan));
      const go =
        where === 'demo' ? vscode.l10n.t('Run the Experiment') : vscode.l10n.t('Run on {0}', plainNotificationText(anatomy.context, 60));
      const detail =
        where === 'demo'
          ? prediction
          : `${prediction}\n\n${vscode.l10n.t('This writes to the cluster of the context "{0}" ({1}).', plainNotificationText(anatomy.context), plainNotificationText(anatomy.server))}`;
      const answer = await vscode.window.showWarningMessage(experimentTitle(plan.id), { modal: true, detail }, go);
      if (answer !== go) return;
      // Its undo shows from the write on: a heartbeat stays stopped whether or not the node has turned Unknown yet.
      undos.record(plan, anatomy.context);
      undoDemo = options.demo();
      syncUndos();
      provider.refresh();
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
          if ((await vscode.window.showInformationMessage(text, resume)) === resume)
            await vscode.commands.executeCommand(CommandIds.resumeHeartbeat, plan.subject);
        } else {
          void vscode.window.showInformationMessage(text);
        }
      } catch (error) {
        undos.done({
          id: plan.id === 'stopHeartbeat' ? 'resumeHeartbeat' : 'scaleCoreDnsBack',
          context: anatomy.context,
          subject: plan.subject,
        });
        syncUndos();
        provider.refresh();
        void vscode.window.showErrorMessage(vscode.l10n.t('The experiment could not run: {0}', plainNotificationText(errorMessage(error))));
      }
    }),
  );

  /** The pending undo a command acts on: the one named (a row's subject), or the only one, or the one picked. */
  const chooseUndo = async (id: UndoId, argument: unknown): Promise<PendingUndo | undefined> => {
    syncUndos();
    const candidates = pendingUndos.filter((undo) => undo.id === id);
    const subject = typeof argument === 'string' ? argument : isUndoElement(argument) ? argument.undo.subject : undefined;
    if (subject !== undefined) return candidates.find((undo) => undo.subject === subject);
    if (candidates.length <= 1) return candidates[0];
    const picked = await vscode.window.showQuickPick(
      candidates.map((undo) => ({ label: undo.subject, undo })),
      { placeHolder: vscode.l10n.t('Which one?') },
    );
    return picked?.undo;
  };
  const undone = (undo: PendingUndo) => {
    undos.done(undo);
    syncUndos();
    provider.refresh();
  };

  host.register(
    vscode.commands.registerCommand(CommandIds.resumeHeartbeat, async (argument?: unknown) => {
      const undo = await chooseUndo('resumeHeartbeat', argument);
      const demo = options.demo();
      if (!undo) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No heartbeat stopped by an experiment to resume.'));
        return;
      }
      if (!demo || demo.contextName !== undo.context) {
        // The demo that stopped it is gone, and the heartbeat with it.
        undone(undo);
        return;
      }
      await demo.control.resumeHeartbeat(undo.subject);
      host.log.info(`Hands-on: resumed the heartbeat of ${undo.subject} on ${undo.context}`);
      undone(undo);
      void vscode.window.showInformationMessage(
        plainNotificationText(
          vscode.l10n.t('{0} renews its Lease again: the node lifecycle controller marks it Ready after the next heartbeat.', undo.subject),
        ),
      );
    }),
  );

  host.register(
    vscode.commands.registerCommand(CommandIds.scaleCoreDnsBack, async (argument?: unknown) => {
      const undo = await chooseUndo('scaleCoreDnsBack', argument);
      const session = live.session;
      if (!undo || undo.replicas === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No Deployment scaled by an experiment to scale back.'));
        return;
      }
      if (!session || live.current?.context !== undo.context) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Switch back to {0} to scale {1} back.', plainNotificationText(undo.context), undo.subject),
        );
        return;
      }
      try {
        await scaleDeployment(session.reader.api, undo.subject, undo.replicas);
        host.log.info(`Hands-on: scaled ${undo.subject} back to ${undo.replicas} on ${undo.context}`);
        undone(undo);
      } catch (error) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not scale back: {0}', plainNotificationText(errorMessage(error))));
      }
    }),
  );

  return { monitor, provider, progress: () => progress };
}

function isUndoElement(value: unknown): value is Extract<HandsOnElement, { type: 'undo' }> {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'undo';
}

function isStepElement(value: unknown): value is Extract<HandsOnElement, { type: 'step' }> {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'step' && isStep((value as { id?: unknown }).id)
  );
}
