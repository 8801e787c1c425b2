import * as vscode from 'vscode';
import type { AnatomyTarget } from '../../core/anatomy/target';
import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import type { HealthMonitor } from '../../core/workspace/healthMonitor';
import type { PlacementMonitor } from '../../core/workspace/placementMonitor';
import type { AskedPlacement } from '../../core/workspace/askedPlacement';
import * as path from 'node:path';
import { renderMarkdown } from '../../core/anatomy/render';
import { canILines } from '../../core/anatomy/standpointText';
import { CommandIds } from '../commandIds';
import { type AnatomyTreeElement, AnatomyTreeProvider } from './anatomyTreeProvider';
import { LIVE_DOCUMENT_SCHEME, LiveDocumentProvider, liveDocumentUri } from './liveDocuments';

export const ANATOMY_VIEW_ID = 'clusterAnatomy.tree';

interface Host {
  register<T extends vscode.Disposable>(disposable: T): T;
}

/** What an element of the tree points at in the API, when it is an object. */
function objectOf(element: AnatomyTreeElement | undefined): { resource: string; namespace: string; name: string } | undefined {
  switch (element?.type) {
    case 'pod':
    case 'addonPod':
      return { resource: 'pods', namespace: element.pod.namespace, name: element.pod.pod };
    case 'userPod':
      return { resource: 'pods', namespace: element.pod.namespace, name: element.pod.name };
    case 'node':
      return { resource: 'nodes', namespace: '', name: element.node.name };
    case 'heartbeat':
      return { resource: 'leases', namespace: 'kube-node-lease', name: element.node.name };
    case 'addon':
      return { resource: `${element.addon.kind.toLowerCase()}s`, namespace: element.addon.namespace, name: element.addon.name };
    default:
      return undefined;
  }
}

function nameOf(element: AnatomyTreeElement | undefined): string | undefined {
  switch (element?.type) {
    case 'agent':
      return element.agent === 'kubelet' ? 'kubelet' : 'container-runtime';
    case 'absent':
      return element.absent.component;
    case 'inferredNode':
      return element.node.name;
    default:
      return objectOf(element)?.name;
  }
}

export function registerAnatomyTree(
  host: Host,
  live: LiveAnatomy,
  health?: HealthMonitor,
  placement?: PlacementMonitor,
  /** The kubeconfig files the extension reads: the terminal's kubectl is given the same. */
  kubeconfigFiles: () => readonly string[] = () => [],
  /** The placement the user asked about: a bound Pod's answer shows under its row. */
  asked?: AskedPlacement,
): {
  provider: AnatomyTreeProvider;
  view: vscode.TreeView<AnatomyTreeElement>;
  /**
   * Selects the item of a node or a Pod (the diagram's "reveal in tree"); resolves to its id, if shown. With
   * `ifShown`, a target the tree does not have changes nothing, and the tree is not focused.
   */
  reveal(target: AnatomyTarget, options?: { readonly ifShown?: boolean }): Promise<string | undefined>;
} {
  const provider = host.register(new AnatomyTreeProvider(live, health, placement, asked));
  const view = host.register(vscode.window.createTreeView(ANATOMY_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true }));
  provider.attach(view);
  if (health) {
    // The control plane's checks are asked for again only while someone looks at the tree.
    const syncHealth = () => health.setActive('tree', view.visible);
    host.register(view.onDidChangeVisibility(syncHealth));
    syncHealth();
  }
  const documents = host.register(new LiveDocumentProvider(live));
  host.register(vscode.workspace.registerTextDocumentContentProvider(LIVE_DOCUMENT_SCHEME, documents));

  const updateTitle = () => {
    const status = live.status;
    view.description = status?.context;
  };
  host.register(live.onDidChangeStatus(updateTitle));
  updateTitle();

  const open = async (view: 'yaml' | 'events', element: AnatomyTreeElement | undefined) => {
    const target = objectOf(element);
    const session = live.session;
    if (!target || !session) return;
    const document = await vscode.workspace.openTextDocument(liveDocumentUri({ view, context: session.context, ...target }));
    if (view === 'yaml') await vscode.languages.setTextDocumentLanguage(document, 'yaml');
    await vscode.window.showTextDocument(document, { preview: true });
  };

  host.register(vscode.commands.registerCommand(CommandIds.refresh, () => live.restart()));
  host.register(vscode.commands.registerCommand(CommandIds.retry, () => live.restart()));
  host.register(vscode.commands.registerCommand(CommandIds.refreshHealth, () => health?.refresh()));
  host.register(vscode.commands.registerCommand(CommandIds.showYaml, (element?: AnatomyTreeElement) => open('yaml', element)));
  host.register(vscode.commands.registerCommand(CommandIds.showEvents, (element?: AnatomyTreeElement) => open('events', element)));
  host.register(
    vscode.commands.registerCommand(CommandIds.copyName, async (element?: AnatomyTreeElement) => {
      const name = nameOf(element);
      if (name) await vscode.env.clipboard.writeText(name);
    }),
  );
  host.register(
    vscode.commands.registerCommand(CommandIds.copyAsMarkdown, async () => {
      const anatomy = live.session?.snapshot();
      if (!anatomy) {
        void vscode.window.showWarningMessage(vscode.l10n.t('No cluster anatomy to copy yet.'));
        return undefined;
      }
      const markdown = renderMarkdown(anatomy);
      await vscode.env.clipboard.writeText(markdown);
      return markdown;
    }),
  );
  // A hidden read's checks: the kubectl auth can-i lines that ask the server what the user may do. They only ask.
  // Given a row, or its id (the API's getTreeItems gives ids).
  const canIOf = (argument: AnatomyTreeElement | string | undefined) => {
    const element = typeof argument === 'string' ? provider.elementById(argument) : argument;
    const context = live.status?.context ?? provider.currentAnatomy?.context;
    return element?.type === 'hiddenRead' && context ? canILines(element.hidden, context) : [];
  };
  host.register(
    vscode.commands.registerCommand(CommandIds.copyCanI, async (element?: AnatomyTreeElement | string) => {
      const lines = canIOf(element);
      if (lines.length > 0) await vscode.env.clipboard.writeText(lines.join('\n'));
      return lines;
    }),
  );
  let terminal: vscode.Terminal | undefined;
  let terminalKubeconfig = '';
  host.register(vscode.window.onDidCloseTerminal((closed) => (closed === terminal ? (terminal = undefined) : undefined)));
  host.register({ dispose: () => terminal?.dispose() });
  host.register(
    vscode.commands.registerCommand(CommandIds.runCanI, (element?: AnatomyTreeElement | string) => {
      const lines = canIOf(element);
      if (lines.length === 0) return lines;
      // The terminal's kubectl reads the files the extension reads (the demo's included); each line names its context.
      const kubeconfig = kubeconfigFiles().join(path.delimiter);
      if (terminal && terminalKubeconfig !== kubeconfig) terminal.dispose();
      if (!terminal || terminalKubeconfig !== kubeconfig) {
        terminal = vscode.window.createTerminal({
          name: vscode.l10n.t('Cluster Anatomy: access'),
          ...(kubeconfig && { env: { KUBECONFIG: kubeconfig } }),
        });
        terminalKubeconfig = kubeconfig;
      }
      terminal.show(true);
      for (const line of lines) terminal.sendText(line, true);
      return lines;
    }),
  );
  const reveal = async (target: AnatomyTarget, options: { readonly ifShown?: boolean } = {}) => {
    const element = provider.find(target);
    if (element) await view.reveal(element, { select: true, focus: !options.ifShown, expand: element.type === 'node' });
    else if (!options.ifShown) await vscode.commands.executeCommand(`${ANATOMY_VIEW_ID}.focus`);
    return element?.id;
  };
  return { provider, view, reveal };
}
