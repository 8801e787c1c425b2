import * as vscode from 'vscode';
import type { AnatomySource } from '../../core/anatomy/source';
import type { ClusterAnatomy } from '../../core/anatomy/types';
import { diffAnatomy } from '../../core/diagram/delta';
import type { RevealTarget } from '../../core/diagram/revealTarget';
import type { BoxTarget } from '../../core/diagram/scene';
import {
  type HostToWebviewMessage,
  isErrorMessage,
  isExportPngMessage,
  isExportSvgMessage,
  isOpenYamlMessage,
  isReadyMessage,
  isRenderedMessage,
  isRevealInTreeMessage,
  isToggleMessage,
  type RenderReport,
} from '../../protocol/diagramProtocol';
import { diagramHtml, diagramWebviewOptions } from './html';
import { localizedDiagramStrings } from './strings';

export const DIAGRAM_VIEW_TYPE = 'clusterAnatomy.diagram';

/** Heartbeats are batched: a 5,000-node cluster renews 500 Leases a second. */
const leaseFlushMs = 500;

export interface DiagramPanelHooks {
  readonly log: { warn(message: string): void; error(message: string): void };
  /** Opens the YAML of a Pod or Node. */
  openYaml(target: BoxTarget, anatomy: ClusterAnatomy | undefined): Thenable<unknown> | void;
  revealInTree(target: BoxTarget): Thenable<unknown> | void;
  /** Called with what the webview reports it drew. */
  onRendered(report: RenderReport): void;
  /** Asked when the panel wants an anatomy it does not have yet (connects on first use). */
  ensureLive?(): Thenable<unknown> | Promise<unknown>;
}

/**
 * One diagram panel. Waits for the webview's `ready` before posting anything; while visible it sends deltas,
 * and a full snapshot on every `ready` (a hidden webview is torn down and says `ready` again when shown).
 */
export class DiagramPanel implements vscode.Disposable {
  private ready = false;
  private lastSent: ClusterAnatomy | null | undefined;
  private pendingReveal: RevealTarget | undefined;
  private pendingLeases = new Set<string>();
  private leaseTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
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
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message) => this.onMessage(message)),
      panel.onDidChangeViewState(() => this.onViewState()),
      panel.onDidDispose(() => this.dispose()),
      source.onDidChange((anatomy) => this.onAnatomy(anatomy)),
    );
    if (source.onLeaseRenewed) this.disposables.push(source.onLeaseRenewed((node) => this.onLease(node)));
    panel.webview.html = diagramHtml(panel.webview, extensionUri, vscode.env.language);
    void hooks.ensureLive?.();
  }

  reveal(target: RevealTarget | undefined): void {
    this.panel.reveal(undefined, false);
    if (!target) return;
    if (this.ready) this.post({ type: 'reveal', target });
    else this.pendingReveal = target;
  }

  walkthrough(action: 'play' | 'stop'): void {
    if (this.ready) this.post({ type: 'walkthrough', action });
  }

  private post(message: HostToWebviewMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private sendSnapshot(): void {
    const anatomy = this.source.current ?? null;
    this.lastSent = anatomy;
    this.post({ type: 'snapshot', anatomy, ...(anatomy ? {} : { status: vscode.l10n.t('Waiting for the cluster…') }) });
  }

  private onViewState(): void {
    // Hidden webviews are destroyed (no retainContextWhenHidden): nothing is posted until `ready` comes again.
    if (!this.panel.visible) this.ready = false;
  }

  private onAnatomy(anatomy: ClusterAnatomy): void {
    if (!this.ready || !this.panel.visible) return;
    const delta = this.lastSent ? diffAnatomy(this.lastSent, anatomy) : null;
    this.lastSent = anatomy;
    if (!delta) this.post({ type: 'snapshot', anatomy });
    else if (delta.upserted.length || delta.removed.length) this.post({ type: 'delta', delta });
  }

  private onLease(node: string): void {
    if (!this.ready || !this.panel.visible) return;
    this.pendingLeases.add(node);
    this.leaseTimer ??= setTimeout(() => this.flushLeases(), leaseFlushMs);
  }

  private flushLeases(): void {
    this.leaseTimer = undefined;
    const names = this.pendingLeases;
    this.pendingLeases = new Set();
    if (!this.ready || names.size === 0) return;
    const renewTimes = new Map((this.source.current?.nodes ?? []).filter((node) => names.has(node.name)).map((node) => [node.name, node.lease?.renewTime]));
    const now = new Date().toISOString();
    this.post({ type: 'leaseRenewed', renewals: [...names].map((node) => ({ node, renewTime: renewTimes.get(node) ?? now })) });
  }

  private onMessage(message: unknown): void {
    if (isReadyMessage(message)) {
      this.ready = true;
      this.post({ type: 'locale', locale: vscode.env.language, strings: localizedDiagramStrings() });
      this.sendSnapshot();
      if (this.pendingReveal) this.post({ type: 'reveal', target: this.pendingReveal });
      this.pendingReveal = undefined;
    } else if (isRenderedMessage(message)) {
      this.hooks.onRendered(message.report);
    } else if (isOpenYamlMessage(message)) {
      void this.hooks.openYaml(message.target, this.source.current);
    } else if (isRevealInTreeMessage(message)) {
      void this.hooks.revealInTree(message.target);
    } else if (isExportSvgMessage(message)) {
      void this.save(Buffer.from(message.svg, 'utf8'), 'svg');
    } else if (isExportPngMessage(message)) {
      void this.save(Buffer.from(message.dataUrl.slice('data:image/png;base64,'.length), 'base64'), 'png');
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
    clearTimeout(this.leaseTimer);
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    this.panel.dispose();
  }
}
