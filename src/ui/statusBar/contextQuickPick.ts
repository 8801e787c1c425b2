import * as vscode from 'vscode';
import type { KubeconfigState } from '../../core/kubeconfig/types';

export type ContextPickItem = vscode.QuickPickItem &
  ({ action: 'context'; contextName: string } | { action: 'openDemo' } | { action: 'chooseKubeconfig' } | { action: 'none' });

/** Names, paths and URLs from a kubeconfig are text: `$(…)` in one must not render as an icon. */
export function plainLabel(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

function separator(label: string): ContextPickItem {
  return { label, kind: vscode.QuickPickItemKind.Separator, action: 'none' };
}

/**
 * Every context grouped by the file that defines it (files in precedence order), then the two actions. A file
 * the product itself adds (the demo's) is headed by its label instead of a long storage path.
 */
export function contextPickItems(state: KubeconfigState, fileLabels: ReadonlyMap<string, string> = new Map()): ContextPickItem[] {
  const items: ContextPickItem[] = [];
  const erroneous = new Set(
    state.problems
      .filter((problem) => problem.severity === 'error' && problem.entry?.type === 'context')
      .map((problem) => problem.entry?.name),
  );
  for (const file of state.files) {
    const contexts = state.contexts.filter((context) => context.file === file.path);
    if (contexts.length === 0) continue;
    items.push(separator(fileLabels.get(file.path) ?? plainLabel(file.path)));
    for (const context of contexts) {
      const details = plainLabel([context.cluster, context.namespace && `ns: ${context.namespace}`].filter(Boolean).join(' · '));
      items.push({
        action: 'context',
        contextName: context.name,
        label: plainLabel(context.name),
        iconPath: new vscode.ThemeIcon(context.current ? 'check' : erroneous.has(context.name) ? 'warning' : 'blank'),
        description: context.current ? `${vscode.l10n.t('current')} · ${details}` : details,
        detail: context.server ? plainLabel(context.server) : vscode.l10n.t('(no server: the cluster is missing)'),
      });
    }
  }
  items.push(separator('Cluster Anatomy'));
  items.push({ action: 'openDemo', label: vscode.l10n.t('Open Demo Cluster'), iconPath: new vscode.ThemeIcon('beaker') });
  items.push({ action: 'chooseKubeconfig', label: vscode.l10n.t('Choose kubeconfig…'), iconPath: new vscode.ThemeIcon('folder-opened') });
  return items;
}

/** Shows the picker; resolves with the chosen item, or undefined when dismissed. */
export function pickContext(state: KubeconfigState, fileLabels?: ReadonlyMap<string, string>): Promise<ContextPickItem | undefined> {
  const quickPick = vscode.window.createQuickPick<ContextPickItem>();
  quickPick.title = vscode.l10n.t('Switch Kubernetes context');
  quickPick.placeholder = vscode.l10n.t('Type to search contexts, clusters and servers');
  quickPick.matchOnDescription = true;
  quickPick.matchOnDetail = true;
  quickPick.items = contextPickItems(state, fileLabels);
  const current = quickPick.items.find((item) => item.action === 'context' && item.contextName === state.current);
  if (current) quickPick.activeItems = [current];
  return new Promise((resolve) => {
    let chosen: ContextPickItem | undefined;
    quickPick.onDidAccept(() => {
      chosen = quickPick.selectedItems[0];
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      quickPick.dispose();
      resolve(chosen);
    });
    quickPick.show();
  });
}
