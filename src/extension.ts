import type * as vscode from 'vscode';
import { ExtensionContainer } from './ui/container';
import type { ClusterAnatomyApi } from './ui/api';

let container: ExtensionContainer | undefined;

export function activate(context: vscode.ExtensionContext): ClusterAnatomyApi {
  container = new ExtensionContainer(context);
  context.subscriptions.push(container);
  return container.api;
}

export function deactivate(): void {
  container = undefined;
}
