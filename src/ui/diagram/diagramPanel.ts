import * as vscode from 'vscode';
import type { HealthMonitor } from '../../core/workspace/healthMonitor';
import { DisposableStore } from '../../core/util/disposable';
import type { AnatomySource } from '../../core/anatomy/source';
import type { ClusterAnatomy } from '../../core/anatomy/types';
import { DiagramFeed } from '../../protocol/diagramFeed';
import type { AnatomyTarget } from '../../core/anatomy/target';
import {
  isErrorMessage,
  isExplainPlacementMessage,
  isExportPngMessage,
  isExportSvgMessage,
  isOpenYamlMessage,
  isReadyMessage,
  isRenderedMessage,
  isRevealInTreeMessage,
  isToggleMessage,
  isTraceLiveMessage,
  isStopTraceMessage,
  type RenderReport,
  type TraceStepMessage,
} from '../../protocol/diagramProtocol';
import { diagramHtml, diagramWebviewOptions } from './html';
import type { AskedPlacement } from '../../core/workspace/askedPlacement';
import { localizedDiagramControlStrings, localizedDiagramStrings } from './strings';
import { defaultDiagramStrings } from '../../core/diagram/strings';
import { plainNotificationText } from '../../core/util/notificationText';
import { errorMessage } from '../../core/util/errors';

export const DIAGRAM_VIEW_TYPE = 'clusterAnatomy.diagram';

export interface DiagramPanelHooks {
  readonly log: { warn(message: string): void; error(message: string): void };
  /** Opens the YAML of a Pod or Node. */
  openYaml(target: AnatomyTarget, anatomy: ClusterAnatomy | undefined): Thenable<unknown> | void;
  revealInTree(target: AnatomyTarget): Thenable<unknown> | void;
  /** Called with what the webview reports it drew. */
  onRendered(report: RenderReport): void;
  /** Asked when the panel wants an anatomy it does not have yet (connects on first use). */
  ensureLive?(): Thenable<unknown> | Promise<unknown>;
  /** The control plane's health, followed while the panel is visible: its failing checks are drawn. */
  readonly health?: HealthMonitor;
  /** Where the Pod the user picked can run: drawn over the nodes in the placement view. */
  readonly placement?: AskedPlacement;
  /** The toolbar's "Trace live". */
  traceLive?(): Thenable<unknown> | void;
  /** The caption bar's "Stop the Trace". */
  stopTrace?(): Thenable<unknown> | void;
}

/** One diagram panel: the webview, its messages, and the feed that decides what to send (core/diagram/feed.ts). */
export class DiagramPanel implements vscode.Disposable {
  private readonly feed: DiagramFeed;
  private readonly disposables = new DisposableStore();
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly source: AnatomySource,
    private readonly hooks: DiagramPanelHooks,
  ) {
    panel.webview.options = diagramWebviewOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'activitybar.svg');
    this.feed = new DiagramFeed(source, {
      post: (message) => void panel.webview.postMessage(message),
      locale: vscode.env.language,
      strings: localizedDiagramStrings,
      controls: localizedDiagramControlStrings,
      waitingText: () => vscode.l10n.t(defaultDiagramStrings.waiting),
      ...(hooks.health && {
        serverChecks: { current: (context: string) => hooks.health!.failingServerChecks(context), onDidChange: hooks.health.onDidChange },
      }),
      ...(hooks.placement && {
        placement: { current: (context: string) => hooks.placement!.current(context), onDidChange: hooks.placement.onDidChange },
      }),
    });
    this.disposables.addAll(
      this.feed,
      panel.webview.onDidReceiveMessage((message) => this.onMessage(message)),
      panel.onDidChangeViewState(() => {
        this.feed.setVisible(panel.visible);
        hooks.health?.setActive('diagram', panel.visible);
      }),
      panel.onDidDispose(() => this.dispose()),
    );
    panel.webview.html = diagramHtml(panel.webview, extensionUri, vscode.env.language);
    void hooks.ensureLive?.();
    hooks.health?.setActive('diagram', panel.visible);
  }

  reveal(target: AnatomyTarget | undefined): void {
    this.panel.reveal(undefined, false);
    if (target) this.feed.reveal(target);
  }

  highlight(targets: readonly AnatomyTarget[]): void {
    this.panel.reveal(undefined, true);
    this.feed.highlight(targets);
  }

  walkthrough(action: 'play' | 'stop'): void {
    this.feed.walkthrough(action);
  }

  traceStep(step: Omit<TraceStepMessage, 'type'>): void {
    this.feed.traceStep(step);
  }

  traceEnded(): void {
    this.feed.traceEnded();
  }

  /** Work started from a message: a failure is logged and shown, never left as an unhandled rejection. */
  private settle(work: Thenable<unknown> | void | undefined, what: string, notice: (reason: string) => string): void {
    if (!work) return;
    Promise.resolve(work).catch((error: unknown) => {
      const reason = errorMessage(error);
      this.hooks.log.error(`Diagram: could not ${what}: ${reason}`);
      void vscode.window.showErrorMessage(notice(plainNotificationText(reason)));
    });
  }

  private onMessage(message: unknown): void {
    if (isReadyMessage(message)) {
      this.feed.onReady();
    } else if (isRenderedMessage(message)) {
      this.hooks.onRendered(message.report);
    } else if (isOpenYamlMessage(message)) {
      this.settle(this.hooks.openYaml(message.target, this.source.current), 'open YAML', (reason) =>
        vscode.l10n.t('Could not open the YAML: {0}', reason),
      );
    } else if (isExplainPlacementMessage(message) && message.target.pod && this.hooks.placement) {
      const { namespace, name } = message.target.pod;
      this.settle(this.hooks.placement.ask({ kind: 'Pod', namespace, name }), 'work out the placement', (reason) =>
        vscode.l10n.t('Could not work out where it can run: {0}', reason),
      );
    } else if (isRevealInTreeMessage(message)) {
      this.settle(this.hooks.revealInTree(message.target), 'reveal in the tree', (reason) =>
        vscode.l10n.t('Could not reveal it in the tree: {0}', reason),
      );
    } else if (isExportSvgMessage(message)) {
      this.settle(this.save(Buffer.from(message.svg, 'utf8'), 'svg'), 'export SVG', (reason) =>
        vscode.l10n.t('Could not export the SVG: {0}', reason),
      );
    } else if (isExportPngMessage(message)) {
      this.settle(this.save(Buffer.from(message.dataUrl.slice('data:image/png;base64,'.length), 'base64'), 'png'), 'export PNG', (reason) =>
        vscode.l10n.t('Could not export the PNG: {0}', reason),
      );
    } else if (isTraceLiveMessage(message)) {
      this.settle(this.hooks.traceLive?.(), 'start a trace', (reason) => vscode.l10n.t('Could not start the trace: {0}', reason));
    } else if (isStopTraceMessage(message)) {
      this.settle(this.hooks.stopTrace?.(), 'stop the trace', (reason) => vscode.l10n.t('Could not stop the trace: {0}', reason));
    } else if (isToggleMessage(message)) {
      // UI state lives in the webview (setState); nothing on this side depends on it yet.
    } else if (isErrorMessage(message)) {
      this.hooks.log.error(`Diagram: ${message.message}`);
    } else {
      this.hooks.log.warn('Diagram: ignored a message of unknown shape');
    }
  }

  private async save(content: Uint8Array, extension: 'svg' | 'png'): Promise<void> {
    const context = this.source.current?.context.replace(/[^\w.-]+/g, '_') || 'cluster';
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const defaultUri = folder ? vscode.Uri.joinPath(folder, `${context}-anatomy.${extension}`) : undefined;
    const target = await vscode.window.showSaveDialog({ defaultUri, filters: { [extension.toUpperCase()]: [extension] } });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, content);
    void vscode.window.showInformationMessage(vscode.l10n.t('Diagram saved to {0}', target.fsPath || target.toString()));
  }

  dispose(): void {
    this.hooks.health?.setActive('diagram', false);
    this.disposables.dispose();
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    this.panel.dispose();
  }
}
