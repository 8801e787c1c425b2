import * as vscode from 'vscode';
import type { HealthMonitor } from '../../core/workspace/healthMonitor';
import { CommandIds } from '../commandIds';
import type { AnatomySource } from '../../core/anatomy/source';
import type { ClusterAnatomy } from '../../core/anatomy/types';
import type { AnatomyTarget } from '../../core/anatomy/target';
import { toRevealTarget } from '../../core/diagram/revealTarget';
import { isAnatomyTarget, type RenderReport, type TraceStepMessage } from '../../protocol/diagramProtocol';
import { liveDocumentUri } from '../tree/liveDocuments';
import { DIAGRAM_VIEW_TYPE, DiagramPanel } from './diagramPanel';
import { diagramWebviewOptions } from './html';
import type { AskedPlacement, PlacementSubject } from '../../core/workspace/askedPlacement';
import { errorMessage } from '../../core/util/errors';
import { plainNotificationText } from '../../core/util/notificationText';

interface Host {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  register<T extends vscode.Disposable>(disposable: T): T;
}

export interface DiagramRegistration {
  /** What the webview last reported it drew; undefined before the first render. */
  lastRenderReport(): RenderReport | undefined;
  /** Resolves with the next render report (for tests and the API). */
  nextRenderReport(): Promise<RenderReport>;
  /** Lights a live trace's step in the diagram: in the open panel, or in one opened for it with `open`. */
  traceStep(step: Omit<TraceStepMessage, 'type'>, options?: { readonly open?: boolean }): void;
  /** The live trace stopped: the diagram's light goes out. */
  traceEnded(): void;
}

export interface DiagramOptions {
  /** Connects to the cluster when the diagram needs it (the container's ensureLive). */
  ensureLive?(): Promise<unknown>;
  /** Reveals a component, node or Pod in the tree; by default the tree view is focused. */
  revealInTree?(target: AnatomyTarget): Thenable<unknown> | void;
  /** The control plane's health: the diagram follows it while visible and draws kube-apiserver's failing checks. */
  readonly health?: HealthMonitor;
  /** The workspace's placement the user asked about: the placement view answers where a Pod can run. */
  readonly placement?: AskedPlacement;
}

/** A tree row (a Pod, a waiting Pod, a workload addon) or a subject given as is. */
function placementSubjectOf(argument: unknown): PlacementSubject | undefined {
  if (!argument || typeof argument !== 'object') return undefined;
  const value = argument as Record<string, unknown>;
  const pod = value.pod as { pod?: unknown; namespace?: unknown } | undefined;
  if (
    (value.type === 'pod' || value.type === 'addonPod' || value.type === 'unscheduledPod') &&
    pod &&
    typeof pod.pod === 'string' &&
    typeof pod.namespace === 'string'
  ) {
    return { kind: 'Pod', namespace: pod.namespace, name: pod.pod };
  }
  const addon = value.addon as { kind?: unknown; namespace?: unknown; name?: unknown } | undefined;
  if (
    value.type === 'addon' &&
    addon &&
    ['Deployment', 'DaemonSet', 'StatefulSet'].includes(addon.kind as string) &&
    typeof addon.namespace === 'string' &&
    typeof addon.name === 'string'
  ) {
    return { kind: addon.kind as PlacementSubject['kind'], namespace: addon.namespace, name: addon.name };
  }
  if (
    ['Pod', 'Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet'].includes(value.kind as string) &&
    typeof value.namespace === 'string' &&
    typeof value.name === 'string'
  ) {
    return { kind: value.kind as PlacementSubject['kind'], namespace: value.namespace, name: value.name };
  }
  return undefined;
}

/** Opens a Pod's or Node's YAML in the tree's live documents. */
function openYaml(target: AnatomyTarget, anatomy: ClusterAnatomy | undefined): Thenable<unknown> | undefined {
  if (!anatomy) return undefined;
  const object = target.pod
    ? { resource: 'pods', namespace: target.pod.namespace, name: target.pod.name }
    : target.node
      ? { resource: 'nodes', namespace: '', name: target.node }
      : undefined;
  if (!object) return undefined;
  return vscode.workspace
    .openTextDocument(liveDocumentUri({ view: 'yaml', context: anatomy.context, ...object }))
    .then(async (document) => {
      await vscode.languages.setTextDocumentLanguage(document, 'yaml');
      await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    });
}

/** The diagram panel, its commands and the serializer that restores it after a reload. */
export function registerDiagram(host: Host, source: AnatomySource, options: DiagramOptions = {}): DiagramRegistration {
  const extensionUri = host.context.extensionUri;
  let current: DiagramPanel | undefined;
  let lastReport: RenderReport | undefined;
  const reportEmitter = host.register(new vscode.EventEmitter<RenderReport>());
  const question = options.placement;

  const adopt = (panel: vscode.WebviewPanel): DiagramPanel => {
    current?.dispose();
    const diagram = new DiagramPanel(panel, extensionUri, source, {
      log: host.log,
      openYaml,
      revealInTree: options.revealInTree ?? (() => vscode.commands.executeCommand('clusterAnatomy.tree.focus')),
      onRendered: (report) => {
        lastReport = report;
        reportEmitter.fire(report);
      },
      ensureLive: options.ensureLive,
      ...(options.health && { health: options.health }),
      ...(question && { placement: question }),
      traceLive: () => vscode.commands.executeCommand(CommandIds.startTrace),
      stopTrace: () => vscode.commands.executeCommand(CommandIds.stopTrace),
    });
    current = diagram;
    diagram.onDidDispose(() => {
      if (current !== diagram) return;
      current = undefined;
      // No panel shows the placement any more: the question (and its hold on the all-Pods watch) ends.
      question?.clear();
    });
    return diagram;
  };

  const show = (): DiagramPanel => {
    if (current) {
      current.panel.reveal(undefined, false);
      return current;
    }
    const panel = vscode.window.createWebviewPanel(
      DIAGRAM_VIEW_TYPE,
      vscode.l10n.t('Cluster Anatomy: Architecture'),
      vscode.ViewColumn.Active,
      diagramWebviewOptions(extensionUri),
    );
    return adopt(panel);
  };

  host.register(vscode.commands.registerCommand(CommandIds.showDiagram, () => void show()));
  host.register(
    vscode.commands.registerCommand(CommandIds.revealInDiagram, (argument?: unknown) => show().reveal(toRevealTarget(argument))),
  );
  const explainPlacement = async (argument?: unknown) => {
    const subject = placementSubjectOf(argument);
    if (!subject || !question) return;
    show();
    try {
      await question.ask(subject);
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Could not work out where it can run: {0}', plainNotificationText(errorMessage(error))),
      );
    }
  };
  host.register(vscode.commands.registerCommand(CommandIds.explainPlacement, explainPlacement));
  host.register(vscode.commands.registerCommand(CommandIds.whereCanItRun, explainPlacement));
  host.register(
    vscode.commands.registerCommand(CommandIds.highlightInDiagram, (targets?: unknown) => {
      if (Array.isArray(targets) && targets.every(isAnatomyTarget)) show().highlight(targets);
    }),
  );
  host.register(vscode.commands.registerCommand(CommandIds.playWalkthrough, () => show().walkthrough('play')));
  host.register(vscode.commands.registerCommand(CommandIds.diagramRenderReport, () => lastReport));
  host.register(
    vscode.window.registerWebviewPanelSerializer(DIAGRAM_VIEW_TYPE, {
      // The panel's UI state is in the webview's own getState; the anatomy comes fresh from the source.
      deserializeWebviewPanel: async (panel) => {
        adopt(panel);
      },
    }),
  );
  host.register({ dispose: () => current?.dispose() });

  return {
    traceStep: (step, traceOptions) => (traceOptions?.open ? show() : current)?.traceStep(step),
    traceEnded: () => current?.traceEnded(),
    lastRenderReport: () => lastReport,
    nextRenderReport: () =>
      new Promise<RenderReport>((resolve) => {
        const subscription = reportEmitter.event((report) => {
          subscription.dispose();
          resolve(report);
        });
      }),
  };
}
