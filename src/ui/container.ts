import * as vscode from 'vscode';
import { productVersion } from '../core/version';
import type { ClusterAnatomyApi } from './api';
import { registerCommands } from './commands';

/** The composition root: builds the core services and their VS Code adapters, and owns their disposal. */
export class ExtensionContainer implements vscode.Disposable {
  readonly api: ClusterAnatomyApi;
  readonly log: vscode.LogOutputChannel;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly context: vscode.ExtensionContext) {
    const started = performance.now();
    this.log = this.register(vscode.window.createOutputChannel('Cluster Anatomy', { log: true }));
    registerCommands(this);
    const activationMs = performance.now() - started;
    this.log.info(`Cluster Anatomy ${productVersion} activated in ${activationMs.toFixed(1)} ms`);
    this.api = { apiVersion: 1, extensionVersion: productVersion, activationMs };
  }

  register<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0).reverse()) {
      try {
        disposable.dispose();
      } catch {
        // Disposal continues: one failing adapter must not keep the others alive.
      }
    }
  }
}
