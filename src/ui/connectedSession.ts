import * as vscode from 'vscode';
import type { ClusterSession } from '../core/anatomy/clusterSession';
import type { LiveAnatomy } from '../core/anatomy/liveAnatomy';

/**
 * The current context's session, once the views' connection has been asked for; undefined, after telling the
 * user how to connect, when there is none (no context, or none could be read).
 */
export async function connectedSession(live: LiveAnatomy, ensureLive: () => Promise<void>): Promise<ClusterSession | undefined> {
  await ensureLive();
  const session = live.session;
  if (!session)
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Connect to a cluster first: choose a context in the status bar, or open the demo cluster.'),
    );
  return session;
}
