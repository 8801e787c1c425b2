import * as vscode from 'vscode';
import type { ExtensionContainer } from './container';

/** Command ids, as contributed in package.json. */
export const CommandIds = {
  showLog: 'clusterAnatomy.showLog',
} as const;

export function registerCommands(container: ExtensionContainer): void {
  container.register(vscode.commands.registerCommand(CommandIds.showLog, () => container.log.show(true)));
}
