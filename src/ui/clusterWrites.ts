/**
 * Where a write the user asks for may go, shared by everything that writes to a cluster (the hands-on's
 * experiments, applying a manifest): this window's demo cluster always; any other cluster only from a trusted
 * workspace on disk, and only after the caller's confirmation names the context and its server.
 */
import * as vscode from 'vscode';

export interface ClusterTarget {
  readonly context: string;
  readonly server: string;
}

/** This window's demo cluster, which the extension itself simulates. */
export function isDemoTarget(target: ClusterTarget, demo: { readonly contextName: string; readonly server: string } | undefined): boolean {
  return demo !== undefined && demo.contextName === target.context && demo.server === target.server;
}

/** kind serves its API on the host's loopback, under a context named kind-<cluster>. */
export function isKindContext(context: string, server: string): boolean {
  try {
    const host = new URL(server).hostname;
    return context.startsWith('kind-') && (host === '127.0.0.1' || host === 'localhost' || host === '[::1]');
  } catch {
    return false;
  }
}

/**
 * Why this window must not write to a cluster other than its demo, or undefined when it may (after a
 * confirmation): an untrusted workspace, or a virtual or read-only one.
 */
export function realClusterWriteRefusal(): string | undefined {
  if (!vscode.workspace.isTrusted) return vscode.l10n.t('Writing to a real cluster needs a trusted workspace.');
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.some((folder) => folder.uri.scheme !== 'file' || vscode.workspace.fs.isWritableFileSystem(folder.uri.scheme) === false)) {
    return vscode.l10n.t('This workspace is virtual or read-only: Cluster Anatomy does not write to a real cluster from it.');
  }
  return undefined;
}
