/**
 * Users of a real cluster other than the admin: each a ServiceAccount with its token in a kubeconfig of its own,
 * granted what a test gives it (Roles, ClusterRoles and their bindings, applied by the admin). Kubernetes 1.20's
 * token controller writes the token into a Secret a moment after the ServiceAccount is made.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { until } from '../../support/until';
import type { RealCluster } from './realClusters';

type Json = Record<string, unknown>;

export interface RbacUserSpec {
  /** The ServiceAccount's namespace (made when missing) and name. */
  readonly namespace: string;
  readonly account: string;
  /** What the user is granted: Roles, ClusterRoles, bindings (see `role`, `roleBinding`, `clusterRoleBinding`). */
  readonly grants?: readonly Json[];
  /** The namespace of the user's context: the account's own unless given; null for a context without one. */
  readonly contextNamespace?: string | null;
}

export interface RbacUser {
  readonly namespace: string;
  readonly account: string;
  /** `system:serviceaccount:<namespace>:<account>`, the name RBAC and `--as` know the user by. */
  readonly username: string;
  /** The one context of the user's kubeconfig (also the name of its user entry). */
  readonly context: string;
  readonly contextNamespace: string | null;
  readonly kubeconfigPath: string;
  /** The cluster's environment for child processes, with KUBECONFIG set to the user's kubeconfig. */
  readonly env: NodeJS.ProcessEnv;
}

export interface KubectlResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs kubectl without blocking the event loop (the node agent renews its Leases from this process). */
export function runKubectl(env: NodeJS.ProcessEnv, args: readonly string[], input?: string): Promise<KubectlResult> {
  return new Promise((resolve, reject) => {
    const child = execFile('kubectl', args, { env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 }, (error, stdout, stderr) => {
      const status = error ? (error as { code?: unknown }).code : 0;
      if (typeof status !== 'number') reject(error!);
      else resolve({ status, stdout, stderr });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** kubectl's output; fails with its error message unless it exits 0. */
export async function kubectlOut(env: NodeJS.ProcessEnv, args: readonly string[], input?: string): Promise<string> {
  const result = await runKubectl(env, args, input);
  if (result.status !== 0) throw new Error(`kubectl ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

const rbacApi = 'rbac.authorization.k8s.io/v1';
const serviceAccountSubject = (namespace: string, account: string) => ({ kind: 'ServiceAccount', name: account, namespace });

export const role = (namespace: string, name: string, rules: readonly Json[]): Json => ({
  apiVersion: rbacApi,
  kind: 'Role',
  metadata: { name, namespace },
  rules,
});

export const clusterRole = (name: string, rules: readonly Json[]): Json => ({
  apiVersion: rbacApi,
  kind: 'ClusterRole',
  metadata: { name },
  rules,
});

/** Binds a Role (or a ClusterRole, within the namespace) to the ServiceAccount `namespace/account`. */
export const roleBinding = (
  namespace: string,
  name: string,
  roleRef: { kind: 'Role' | 'ClusterRole'; name: string },
  account: string,
): Json => ({
  apiVersion: rbacApi,
  kind: 'RoleBinding',
  metadata: { name, namespace },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef },
  subjects: [serviceAccountSubject(namespace, account)],
});

/** Binds a ClusterRole everywhere to the ServiceAccount `namespace/account`. */
export const clusterRoleBinding = (name: string, clusterRoleName: string, namespace: string, account: string): Json => ({
  apiVersion: rbacApi,
  kind: 'ClusterRoleBinding',
  metadata: { name },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterRoleName },
  subjects: [serviceAccountSubject(namespace, account)],
});

/**
 * Makes the ServiceAccount (and its namespace), applies its grants as the admin, waits for its token and writes
 * `<dir>/<namespace>-<account>.kubeconfig`: the admin's cluster entry, the token, one context of that name.
 */
export async function makeRbacUser(cluster: RealCluster, dir: string, spec: RbacUserSpec): Promise<RbacUser> {
  const { namespace, account } = spec;
  const objects = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: account, namespace } },
    ...(spec.grants ?? []),
  ];
  await kubectlOut(cluster.env, ['apply', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
  const token = await until(
    `the token of ServiceAccount ${namespace}/${account}`,
    async () => {
      const serviceAccount = JSON.parse(await kubectlOut(cluster.env, ['get', 'serviceaccount', account, '-n', namespace, '-o', 'json']));
      const secret = serviceAccount.secrets?.[0]?.name as string | undefined;
      if (!secret) return undefined;
      const data = JSON.parse(await kubectlOut(cluster.env, ['get', 'secret', secret, '-n', namespace, '-o', 'json'])).data?.token as
        string | undefined;
      return data ? Buffer.from(data, 'base64').toString('utf8') : undefined;
    },
    60_000,
    500,
  );
  const admin = JSON.parse(await kubectlOut(cluster.env, ['config', 'view', '--raw', '--minify', '-o', 'json']));
  const context = `${namespace}-${account}`;
  const contextNamespace = spec.contextNamespace === undefined ? namespace : spec.contextNamespace;
  const kubeconfigPath = join(dir, `${context}.kubeconfig`);
  await writeFile(
    kubeconfigPath,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: cluster.context, cluster: admin.clusters[0].cluster }],
      users: [{ name: context, user: { token } }],
      contexts: [
        {
          name: context,
          context: { cluster: cluster.context, user: context, ...(contextNamespace !== null && { namespace: contextNamespace }) },
        },
      ],
      'current-context': context,
    }),
    { mode: 0o600 },
  );
  return {
    namespace,
    account,
    username: `system:serviceaccount:${namespace}:${account}`,
    context,
    contextNamespace,
    kubeconfigPath,
    env: { ...cluster.env, KUBECONFIG: kubeconfigPath },
  };
}
