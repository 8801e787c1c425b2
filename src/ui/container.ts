import { localizedPlacementStrings } from './placementText';
import * as vscode from 'vscode';
import { DisposableStore } from '../core/util/disposable';
import { errorMessage } from '../core/util/errors';
import type { LiveAnatomy } from '../core/anatomy/liveAnatomy';
import { ClusterWorkspace } from '../core/workspace/clusterWorkspace';
import { redactSecrets } from '../core/kubeconfig/redact';
import { productVersion } from '../core/version';
import type { ClusterAnatomyApi } from './api';
import { CommandIds } from './commandIds';
import { registerDemoCluster } from './demo/demoClusterCommand';
import { registerDiagram } from './diagram/registerDiagram';
import { registerApply } from './apply/registerApply';
import { registerLanguageModelTools } from './assist/registerLanguageModelTools';
import { registerHandsOn } from './handsOn/registerHandsOn';
import { registerTrace } from './trace/registerTrace';
import { registerManifestHovers } from './hover/manifestHoverProvider';
import { registerApplyPlacementEdit } from './hover/applyPlacementEdit';
import { liveObjectLookup } from './hover/liveObjectLookup';
import { registerContextSwitcher } from './statusBar/contextSwitcher';
import { readKubeconfigSetting } from './statusBar/kubeconfigSettings';
import { ANATOMY_VIEW_ID, registerAnatomyTree } from './tree/registerTree';

/** The composition root: builds the core services and their VS Code adapters, and owns their disposal. */
export class ExtensionContainer implements vscode.Disposable {
  readonly api: ClusterAnatomyApi;
  log!: vscode.LogOutputChannel;
  workspace!: ClusterWorkspace;
  live!: LiveAnatomy;
  private readonly disposables = new DisposableStore();

  constructor(readonly context: vscode.ExtensionContext) {
    try {
      this.api = this.build();
    } catch (error) {
      // Nothing registered before the failure may outlive it.
      this.dispose();
      throw error;
    }
  }

  private build(): ClusterAnatomyApi {
    const started = performance.now();
    this.log = this.register(vscode.window.createOutputChannel('Cluster Anatomy', { log: true }));
    this.register(vscode.commands.registerCommand(CommandIds.showLog, () => this.log.show(true)));
    this.workspace = this.register(
      new ClusterWorkspace({
        kubeconfig: {
          setting: readKubeconfigSetting(),
          trusted: vscode.workspace.isTrusted,
          // A relative path in the setting means the first workspace folder, as other path settings do.
          cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
        },
        placementStrings: localizedPlacementStrings(),
      }),
    );
    this.live = this.workspace.live;
    // Trust brings the workspace's kubeconfig setting into play and lets exec plugins run: one reconnect.
    this.register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.reportFailure(this.workspace.grantTrust(readKubeconfigSetting()))),
    );
    const switcher = registerContextSwitcher(this);
    this.register(
      this.live.onDidChangeStatus((status) => {
        // Messages can carry an exec plugin's output: redacted before they reach the log.
        if (status && status.state !== 'connecting' && status.state !== 'connected')
          this.log.warn(redactSecrets(`${status.context}: ${status.state}${status.message ? ` (${status.message})` : ''}`));
      }),
    );
    const {
      view,
      provider: tree,
      reveal: revealInTree,
    } = registerAnatomyTree(
      this,
      this.live,
      this.workspace.health,
      this.workspace.placement,
      () => this.workspace.kubeconfig.mergedFiles,
      this.workspace.askedPlacement,
    );
    // The client is loaded, and the cluster contacted, only once a view (or a command) needs it.
    this.register(view.onDidChangeVisibility((event) => void (event.visible ? this.ensureLive() : undefined)));
    if (view.visible) void this.ensureLive();
    const diagram = registerDiagram(this, this.live, {
      ensureLive: () => this.ensureLive(),
      revealInTree,
      health: this.workspace.health,
      placement: this.workspace.askedPlacement,
    });
    this.register(
      registerManifestHovers({
        live: liveObjectLookup(this.workspace, {
          dryRunRefusal: () =>
            vscode.workspace.isTrusted
              ? undefined
              : vscode.l10n.t('an untrusted workspace sends nothing to the cluster, not even a dry run'),
        }),
      }),
    );
    this.register(registerApplyPlacementEdit());
    const demo = registerDemoCluster(this, switcher, () => vscode.commands.executeCommand(`${ANATOMY_VIEW_ID}.focus`));
    const handsOn = registerHandsOn(this, {
      live: this.live,
      kubeconfig: this.workspace.kubeconfig,
      monitor: this.workspace.handsOn,
      ensureLive: () => this.ensureLive(),
      revealInTree,
      demo: () => demo.cluster,
    });
    registerApply(this, { live: this.live, ensureLive: () => this.ensureLive(), demo: () => demo.cluster });
    const trace = registerTrace(this, {
      live: this.live,
      traces: this.workspace.traces,
      ensureLive: () => this.ensureLive(),
      revealInTree,
      diagram,
    });
    // Chat's tools read the context the status bar shows (the demo's too: it joins the same kubeconfig).
    registerLanguageModelTools(this, this.workspace.kubeconfig);
    // `npm start` opens the product on its demo cluster.
    if (process.env.CLUSTER_ANATOMY_OPEN_DEMO === '1') void vscode.commands.executeCommand(CommandIds.openDemoCluster);
    this.setHasKubeconfig(switcher.kubeconfig.state.contexts.length > 0);
    this.register(switcher.kubeconfig.onDidChange((state) => this.setHasKubeconfig(state.contexts.length > 0)));

    const activationMs = performance.now() - started;
    this.log.info(`Cluster Anatomy ${productVersion} activated in ${activationMs.toFixed(1)} ms`);
    const live = this.live;
    return {
      apiVersion: 1,
      extensionVersion: productVersion,
      activationMs,
      getAnatomy: async () => {
        await this.ensureLive();
        return live.session?.snapshot();
      },
      onDidChangeAnatomy: live.onDidChange,
      get connectionStatus() {
        return live.status;
      },
      onDidChangeConnectionStatus: live.onDidChangeStatus,
      get contextStatus() {
        return switcher.status;
      },
      onDidChangeContextStatus: switcher.onDidChangeStatus,
      contextPickRows: () => switcher.pickRows(),
      getTreeItems: (parentId) => tree.describeChildren(parentId),
      revealInTree,
      lastDiagramRender: () => diagram.lastRenderReport(),
      get demoCluster() {
        return demo.cluster;
      },
      handsOn: () => handsOn.monitor.current,
      handsOnProgress: () => handsOn.progress(),
      trace: () => trace.snapshot(),
    };
  }

  /** Connects to the current context unless already connected; resolves when the first lists are in. */
  ensureLive(): Promise<void> {
    return this.reportFailure(this.live.start());
  }

  /** Callers fire and forget: a failure is logged (redacted) instead of becoming an unhandled rejection. */
  private reportFailure(work: Promise<void>): Promise<void> {
    return work.catch((error: unknown) => this.log.error(redactSecrets(`Cannot connect: ${errorMessage(error)}`)));
  }

  private setHasKubeconfig(value: boolean): void {
    void vscode.commands.executeCommand('setContext', 'clusterAnatomy.hasKubeconfig', value);
  }

  register<T extends vscode.Disposable>(disposable: T): T {
    return this.disposables.add(disposable);
  }

  dispose(): void {
    try {
      this.disposables.dispose();
    } catch (error) {
      // Every adapter was disposed even so; one failing must not fail deactivation.
      this.log?.warn(`Some parts did not dispose cleanly: ${errorMessage(error)}`);
    }
  }
}
