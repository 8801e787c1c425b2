// The access model on the real kube-apiserver (RBAC), for a ServiceAccount that holds a Role in one namespace and
// nothing cluster-wide: read by read, the model must say what `kubectl auth can-i` says for that user, asked
// both by impersonation from the admin and with the ServiceAccount's own token.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveClientConfig } from '../../../src/core/anatomy/snapshot';
import { type AccessRead, anatomyReads, type CheckAnswer, ContextAccess, rulesVerdict } from '../../../src/core/kube/access';
import { canILine } from '../../../src/core/kube/apiErrorText';
import { KubeApi } from '../../../src/core/kube/kubeApi';
import { makeRbacUser, role, roleBinding } from '../support/rbacUsers';
import { type RealCluster, realCluster } from '../support/realClusters';

const NAMESPACE = 'team';
const ACCOUNT = 'dev';
const AS = `--as=system:serviceaccount:${NAMESPACE}:${ACCOUNT}`;

/** Reads in the user's own namespace: some the Role grants, some it does not. */
const teamReads: readonly AccessRead[] = [
  ...['pods', 'services', 'events', 'configmaps', 'secrets'].map((resource) => ({
    id: resource,
    what: resource,
    checks: ['get', 'list', 'watch'].map((verb) => ({ verb, resource, group: '', namespace: NAMESPACE })),
  })),
  ...['deployments', 'replicasets', 'daemonsets'].map((resource) => ({
    id: resource,
    what: resource,
    checks: ['get', 'list', 'watch'].map((verb) => ({ verb, resource, group: 'apps', namespace: NAMESPACE })),
  })),
  {
    id: 'writes',
    what: 'writes',
    checks: [
      { verb: 'create', resource: 'pods', group: '', namespace: NAMESPACE },
      { verb: 'delete', resource: 'deployments', group: 'apps', namespace: NAMESPACE },
      { verb: 'get', resource: 'pods/log', group: '', namespace: NAMESPACE },
      { verb: 'list', resource: 'pods', group: '', namespace: 'default' },
    ],
  },
];

describe('the access model on the real kube-apiserver, for a namespace-only ServiceAccount', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let scratch: string;
  let userKubeconfig: string;
  let api: KubeApi;
  let access: ContextAccess;

  const kubectl = (args: string[], env: NodeJS.ProcessEnv = cluster.env) =>
    execFileSync('kubectl', args, { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

  /** What `kubectl auth can-i` answers: the model's own line, run as is with `extra` arguments. */
  function canI(check: CheckAnswer, extra: string[], env: NodeJS.ProcessEnv): 'yes' | 'no' {
    const args = check.canI.split(' ');
    assert.deepEqual(args.slice(0, 3), ['kubectl', 'auth', 'can-i']);
    const result = spawnSync('kubectl', [...args.slice(1), ...extra], { env, encoding: 'utf8' });
    const answer = result.stdout.trim();
    assert.ok(answer === 'yes' || answer === 'no', `${check.canI} ${extra.join(' ')}: ${answer} ${result.stderr}`);
    return answer;
  }

  /** Every check of the snapshot, compared with kubectl, as the admin impersonating the user and as the user. */
  function assertAgrees(checks: readonly CheckAnswer[]): void {
    const userEnv = { ...cluster.env, KUBECONFIG: userKubeconfig };
    for (const check of checks) {
      assert.notEqual(check.verdict, 'unknown', `${check.canI}: ${check.reason}`);
      const expected = check.verdict === 'allowed' ? 'yes' : 'no';
      assert.equal(canI(check, [AS], cluster.env), expected, `${check.canI} ${AS}`);
      assert.equal(canI(check, [], userEnv), expected, `${check.canI} (as the user)`);
    }
  }

  before(async () => {
    cluster = await realCluster('kind');
    scratch = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-access-'));
    const rules = [
      { apiGroups: [''], resources: ['pods', 'events', 'services'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['apps'], resources: ['deployments', 'replicasets'], verbs: ['get', 'list', 'watch'] },
    ];
    const user = await makeRbacUser(cluster, scratch, {
      namespace: NAMESPACE,
      account: ACCOUNT,
      grants: [role(NAMESPACE, 'developer', rules), roleBinding(NAMESPACE, 'developer', { kind: 'Role', name: 'developer' }, ACCOUNT)],
    });
    userKubeconfig = user.kubeconfigPath;
    const { config } = await resolveClientConfig({ kubeconfig: userKubeconfig, env: { ...cluster.env, KUBECONFIG: userKubeconfig } });
    api = new KubeApi(config);
    access = new ContextAccess(api);
    // The user reads their own Pods, and no Nodes.
    kubectl(['get', 'pods', '-n', NAMESPACE], { ...cluster.env, KUBECONFIG: userKubeconfig });
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('agrees with kubectl auth can-i on every read the faces need', async () => {
    const snapshot = await access.snapshot();
    const checks = [...snapshot.reads.values()].flatMap((read) => read.checks);
    assert.equal(
      checks.length,
      anatomyReads.reduce((sum, read) => sum + read.checks.length, 0),
    );
    assertAgrees(checks);
    // Nothing cluster-wide or in kube-system; the public information every authenticated user may read.
    const allowed = [...snapshot.reads.values()].filter((read) => read.verdict === 'allowed').map((read) => read.id);
    assert.deepEqual(allowed, ['readyz', 'livez', 'version']);
  });

  it('agrees with kubectl auth can-i in the user’s own namespace, granted and not', async () => {
    const snapshot = await new ContextAccess(api, { reads: teamReads }).snapshot();
    const checks = [...snapshot.reads.values()].flatMap((read) => read.checks);
    assertAgrees(checks);
    assert.deepEqual(
      [...snapshot.reads.values()].map((read) => [read.id, read.verdict]),
      [
        ['pods', 'allowed'],
        ['services', 'allowed'],
        ['events', 'allowed'],
        ['configmaps', 'denied'],
        ['secrets', 'denied'],
        ['deployments', 'allowed'],
        ['replicasets', 'allowed'],
        ['daemonsets', 'denied'],
        ['writes', 'denied'],
      ],
    );
  });

  it('reads the rules of the namespace as the real authorizer lists them, and they agree with can-i', async () => {
    const rules = await access.rules(NAMESPACE);
    assert.ok(rules.known, JSON.stringify(rules));
    assert.equal(rules.incomplete, false);
    const checks = [...teamReads, ...anatomyReads].flatMap((read) => read.checks);
    const userEnv = { ...cluster.env, KUBECONFIG: userKubeconfig };
    for (const check of checks) {
      // The rules of one namespace say nothing of another: only checks in it, or cluster-wide, or paths.
      if (check.namespace !== undefined && check.namespace !== NAMESPACE) continue;
      const verdict = rulesVerdict(rules, check);
      const answer = canI({ ...check, verdict, canI: canILine(check) }, [], userEnv);
      assert.equal(verdict === 'allowed' ? 'yes' : 'no', answer, `${canILine(check)}: the rules say ${verdict}`);
    }
  });
});
