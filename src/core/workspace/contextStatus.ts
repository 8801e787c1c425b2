import type { ConnectionState, ConnectionStatus } from '../anatomy/connection';
import type { ContextDescription, KubeconfigProblem, KubeconfigState } from '../kubeconfig/types';

/** Everything the status item can say. `ready`: the kubeconfig is fine and nothing has connected yet. */
export type ContextStatusState = ConnectionState | 'ready' | 'noKubeconfig' | 'noContext' | 'kubeconfigError';

export interface ContextStatus {
  readonly state: ContextStatusState;
  readonly context?: ContextDescription;
  /** The name in current-context even when no file defines it. */
  readonly contextName?: string;
  /** Problems that stop the current context from connecting (the reason for kubeconfigError / needsTrust). */
  readonly blocking: readonly KubeconfigProblem[];
  /** Every other problem in the files, for the tooltip. */
  readonly other: readonly KubeconfigProblem[];
  readonly connectionMessage?: string;
  /** Connected, but RBAC hides part of what the faces read: how much, and what (the connection's own). */
  readonly limited?: ConnectionStatus['limited'];
}

function aboutContext(problem: KubeconfigProblem, context: ContextDescription): boolean {
  const entry = problem.entry;
  if (!entry) return false;
  return (
    (entry.type === 'context' && entry.name === context.name) ||
    (entry.type === 'cluster' && entry.name === context.cluster) ||
    (entry.type === 'user' && entry.name === context.user)
  );
}

/** The status of the current context: kubeconfig problems first, then what the connection reports. */
export function deriveContextStatus(state: KubeconfigState, connection: ConnectionStatus | undefined): ContextStatus {
  const contextName = state.current;
  const context = state.contexts.find((candidate) => candidate.name === contextName);
  const blocking = state.problems.filter((problem) =>
    context
      ? aboutContext(problem, context) && (problem.severity === 'error' || problem.kind === 'needsTrust')
      : problem.kind === 'missingContext' ||
        problem.kind === 'yamlError' ||
        (problem.kind === 'missingFile' && problem.severity === 'error'),
  );
  // A missing file kubectl would pass over (the default ~/.kube/config, an entry of KUBECONFIG) is no problem
  // while the current context comes from a file that is there, such as the demo's: only a chosen file must exist.
  const passedOver = (problem: KubeconfigProblem) =>
    context !== undefined && problem.kind === 'missingFile' && problem.severity === 'warning';
  const other = state.problems.filter((problem) => !blocking.includes(problem) && problem.kind !== 'noKubeconfig' && !passedOver(problem));
  const base = { context, contextName, blocking, other };

  if (state.contexts.length === 0 && state.problems.some((problem) => problem.kind === 'noKubeconfig')) {
    return { ...base, state: 'noKubeconfig' };
  }
  if (blocking.some((problem) => problem.severity === 'error')) return { ...base, state: 'kubeconfigError' };
  if (!context) return { ...base, state: 'noContext' };
  if (blocking.length > 0) return { ...base, state: 'needsTrust' };
  if (connection && connection.context === context.name) {
    return {
      ...base,
      state: connection.state,
      connectionMessage: connection.message,
      ...(connection.limited && { limited: connection.limited }),
    };
  }
  return { ...base, state: 'ready' };
}
