import * as fs from 'node:fs';
import type { KubeConfig } from '@kubernetes/client-node';
import { loadKubeClient } from '../kube/loadClient';
import { problemsOfContext, userNeedsTrust } from './checks';
import { redactSecrets, secretsOfUser } from './redact';
import type { KubeconfigProblem, MergedKubeconfig, UserBody } from './types';
import { errorMessage } from '../util/errors';

export function isKubeconfigProblem(value: unknown): value is KubeconfigProblem {
  return value !== null && typeof value === 'object' && 'kind' in value && 'severity' in value && 'message' in value;
}

/**
 * A client-node KubeConfig holding only `contextName`, its cluster and its user, built from the merged files
 * (so kubectl's merge rules apply, not client-node's). Untrusted: a user with an exec plugin or an
 * auth-provider is never handed to the client; a "needs trust" problem comes back instead.
 */
export async function buildClientConfig(
  merged: MergedKubeconfig,
  problems: readonly KubeconfigProblem[],
  contextName: string,
  options: { trusted: boolean },
): Promise<KubeConfig | KubeconfigProblem> {
  const context = merged.contexts.get(contextName);
  if (!context) {
    return {
      kind: 'missingContext',
      severity: 'error',
      subject: contextName,
      message: `No kubeconfig file defines context "${contextName}".`,
    };
  }
  const userEntry = context.value.user ? merged.users.get(context.value.user) : undefined;
  if (!options.trusted && userNeedsTrust(userEntry?.value)) {
    return {
      kind: 'needsTrust',
      severity: 'warning',
      file: userEntry?.file,
      line: userEntry?.line,
      entry: { type: 'user', name: userEntry?.name ?? '' },
      message: `Context "${contextName}" authenticates with a command; it runs only in a trusted workspace.`,
    };
  }
  // needsTrust problems in `problems` were computed for another trust level; the flag decides here.
  const blocking = problemsOfContext(merged, problems, contextName).find((problem) => problem.severity === 'error');
  if (blocking) return blocking;

  const cluster = merged.clusters.get(context.value.cluster ?? '');
  let user: Record<string, unknown> | undefined;
  if (userEntry) {
    const { tokenFile, ...rest } = userEntry.value as UserBody & Record<string, unknown>;
    user = rest;
    // kubectl's key is `tokenFile`; client-node only knows `token-file`, so read it here.
    if (typeof tokenFile === 'string' && tokenFile !== '' && rest.token === undefined) {
      user = { ...rest, token: fs.readFileSync(tokenFile, 'utf8').trim() };
    }
  }
  const document = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: cluster ? [{ name: cluster.name, cluster: cluster.value }] : [],
    users: userEntry && user ? [{ name: userEntry.name, user }] : [],
    contexts: [{ name: context.name, context: context.value }],
    'current-context': context.name,
  };
  const client = await loadKubeClient();
  const kubeConfig = new client.KubeConfig();
  try {
    kubeConfig.loadFromString(JSON.stringify(document));
  } catch (error) {
    const text = errorMessage(error);
    return {
      kind: 'invalidFile',
      severity: 'error',
      file: context.file,
      line: context.line,
      entry: { type: 'context', name: context.name },
      message: `Context "${contextName}" cannot be used: ${redactSecrets(text, secretsOfUser(user))}`,
    };
  }
  return kubeConfig;
}
