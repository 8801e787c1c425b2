import type { HiddenRead } from './types';

/**
 * The one connection status: a ClusterSession derives it from its watches, LiveAnatomy publishes the current
 * context's, and the status bar, the tree and the CLI read it as it is.
 */
export type ConnectionState =
  | 'connecting'
  | 'connected'
  | 'unreachable'
  /** The server refused the credentials (401). */
  | 'unauthorized'
  | 'forbidden'
  /** The context's credentials need an exec plugin or auth-provider, which only a trusted workspace runs. */
  | 'needsTrust'
  /** The session was closed. */
  | 'stopped';

export interface ConnectionStatus {
  readonly state: ConnectionState;
  /** The context this status is about; a status for another context is stale and ignored. */
  readonly context: string;
  /** Plain text (an error from the server, say); shown as text, never as markup. */
  readonly message?: string;
  /**
   * Connected, but RBAC hides some of what the faces read: how many reads the server allows (once it has
   * answered) and what is hidden, each with the permission that would show it.
   */
  readonly limited?: { readonly allowed: number | null; readonly total: number; readonly hidden: readonly HiddenRead[] };
}
