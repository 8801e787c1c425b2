import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type * as Demo from '../../demo';
import type { DemoCluster, DemoClusterOptions } from '../../demo';
import type { KubeconfigService } from '../../core/kubeconfig/kubeconfigService';
import { plainNotificationText } from '../../core/util/notificationText';
import type { ContextSwitcher } from '../statusBar/contextSwitcher';
import { errorMessage } from '../../core/util/errors';

const DEMO_CONTEXT = 'kind-multi-node';

interface Host {
  register<T extends vscode.Disposable>(disposable: T): T;
  readonly log: vscode.LogOutputChannel;
  readonly context: vscode.ExtensionContext;
}

/** What the command returns: enough for a test or another extension to use the demo cluster. */
export interface OpenedDemoCluster {
  readonly context: string;
  readonly server: string;
  /** This window's own demo kubeconfig. */
  readonly kubeconfigFile: string;
}

/** What the demo needs of the context switcher: the kubeconfig to join, and the picker's heading for its file. */
export type DemoSwitcher = Pick<ContextSwitcher, 'kubeconfig' | 'fileLabels'>;

/** `demo-kubeconfig-<pid of the window's extension host>.yaml` in the extension's global storage. */
const demoFilePrefix = 'demo-kubeconfig-';

/** Removes the demo kubeconfigs of windows whose extension host is gone (a crash leaves its file behind). */
function removeOrphanedDemoKubeconfigs(folder: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = new RegExp(`^${demoFilePrefix}(\\d+)\\.yaml$`).exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) fs.rmSync(path.join(folder, name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The built-in demo cluster: the article's kind multi-node cluster, served on 127.0.0.1 from a worker thread
 * of this extension host (the packaged dist/cli.js), so that nothing it does can stall the editor; in process
 * only when that bundle is missing (tests that run the sources). Its kubeconfig lives in the extension's storage and joins the merged kubeconfig with the lowest
 * precedence; the switch to it is for this session only, so the user's kubeconfig files are never touched.
 */
export class DemoClusterController implements vscode.Disposable {
  private demo: DemoCluster | undefined;
  private starting: Promise<OpenedDemoCluster> | undefined;
  private readonly kubeconfigFile: string;
  private readonly kubeconfig: KubeconfigService;

  constructor(
    private readonly host: Host,
    private readonly switcher: DemoSwitcher,
  ) {
    this.kubeconfig = switcher.kubeconfig;
    // Each window's extension host serves its own demo, so each has its own file: one window closing its demo
    // must not delete the kubeconfig another window's demo is still using.
    const folder = host.context.globalStorageUri.fsPath;
    this.kubeconfigFile = path.join(folder, `${demoFilePrefix}${process.pid}.yaml`);
    removeOrphanedDemoKubeconfigs(folder);
  }

  get cluster(): DemoCluster | undefined {
    return this.demo;
  }

  open(options: Pick<DemoClusterOptions, 'timeScale' | 'leaseRenewSeconds' | 'generate'> = {}): Promise<OpenedDemoCluster> {
    this.starting ??= this.start(options).finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async start(options: Pick<DemoClusterOptions, 'timeScale' | 'leaseRenewSeconds' | 'generate'>): Promise<OpenedDemoCluster> {
    if (!this.demo) {
      // The demo's own context name, unless a real kubeconfig already uses it (a real kind cluster).
      const taken = this.kubeconfig.mergedConfig.contexts.get(DEMO_CONTEXT)?.file;
      const contextName = taken && taken !== this.kubeconfigFile ? `${DEMO_CONTEXT}-demo` : DEMO_CONTEXT;
      this.demo = await this.startCluster({ ...options, contextName });
      fs.mkdirSync(path.dirname(this.kubeconfigFile), { recursive: true });
      fs.writeFileSync(this.kubeconfigFile, this.demo.kubeconfigYaml(), { mode: 0o600 });
      this.switcher.fileLabels.set(this.kubeconfigFile, vscode.l10n.t('Demo cluster (this window)'));
      this.kubeconfig.update({ additionalFiles: [this.kubeconfigFile] });
      this.host.log.info(`Demo cluster "${contextName}" serving on ${this.demo.server}`);
    }
    await this.kubeconfig.switchContext(this.demo.contextName, { sessionOnly: true });
    return { context: this.demo.contextName, server: this.demo.server, kubeconfigFile: this.kubeconfigFile };
  }

  private async startCluster(options: DemoClusterOptions): Promise<DemoCluster> {
    // The demo is a bundle of its own, loaded only now that the user opens it: esbuild.mjs makes this dist/demo.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startDemoCluster, startDemoClusterInWorker } = require('../../demo') as typeof Demo;
    const cliBundle = this.host.context.asAbsolutePath(path.join('dist', 'cli.js'));
    if (fs.existsSync(cliBundle)) {
      const cluster = await startDemoClusterInWorker(options, { file: cliBundle });
      void cluster.exited.then((reason) => {
        if (reason && this.demo === cluster) this.host.log.error(`Demo cluster: ${reason}`);
      });
      return cluster;
    }
    return startDemoCluster(options);
  }

  async stop(): Promise<void> {
    const demo = this.demo;
    this.demo = undefined;
    if (!demo) return;
    this.kubeconfig.update({ additionalFiles: [] });
    this.switcher.fileLabels.delete(this.kubeconfigFile);
    fs.rmSync(this.kubeconfigFile, { force: true });
    await demo.stop();
    this.host.log.info('Demo cluster stopped');
  }

  dispose(): void {
    this.stop().catch((error: unknown) => this.host.log.warn(`Demo cluster did not stop cleanly: ${errorMessage(error)}`));
  }
}

export function registerDemoCluster(host: Host, switcher: DemoSwitcher, reveal: () => Thenable<unknown>): DemoClusterController {
  const controller = host.register(new DemoClusterController(host, switcher));
  host.register(
    vscode.commands.registerCommand(
      CommandIds.openDemoCluster,
      async (options?: Pick<DemoClusterOptions, 'timeScale' | 'leaseRenewSeconds' | 'generate'>) => {
        try {
          const opened = await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the demo cluster…') },
            () => controller.open(typeof options === 'object' && options !== null ? options : {}),
          );
          await reveal();
          return opened;
        } catch (error) {
          const reason = errorMessage(error);
          host.log.error(`Demo cluster failed to start: ${reason}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('The demo cluster could not start: {0}', plainNotificationText(reason)));
          return undefined;
        }
      },
    ),
  );
  host.register(vscode.commands.registerCommand(CommandIds.stopDemoCluster, () => controller.stop()));
  return controller;
}
