import { ClusterSession, type ClusterSessionOptions } from '../../src/core/anatomy/clusterSession';
import { resolveClientConfig } from '../../src/core/anatomy/snapshot';

/** A live session on the current context of `kubeconfig`, started: its first lists are in (or failed). */
export async function startSession(
  kubeconfig: string,
  env: NodeJS.ProcessEnv,
  options: Partial<Omit<ClusterSessionOptions, 'context' | 'config'>> = {},
): Promise<ClusterSession> {
  const { context, config } = await resolveClientConfig({ kubeconfig, env });
  const session = new ClusterSession({ context, config, ...options });
  await session.start();
  return session;
}
