// The demo's restricted context, `team-dev`: a developer's ServiceAccount with a Role in namespace team, asked with
// the real kubectl, @kubernetes/client-node and plain HTTPS. The wording and the answers are the real
// kube-apiserver's for such a user (its RBAC authorizer, the bootstrap ClusterRoles every authenticated user and
// every ServiceAccount holds, kubeadm's cluster-info Role bound to the anonymous user only).
import * as assert from 'node:assert/strict';
import type { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { restrictedDemoContext, restrictedDemoUser } from '../../../src/demo';
import { loadKubeClient } from '../../../src/core/kube/loadClient';
import { resolveClientConfig } from '../../../src/core/anatomy/snapshot';
import { anatomyReads, ContextAccess, rulesVerdict } from '../../../src/core/kube/access';
import { KubeApi } from '../../../src/core/kube/kubeApi';
import {
  demoRequest,
  kubectlOrSkip,
  kubectlTable as table,
  runKubectl,
  startDemo,
  type DemoResponse,
  type RunningDemo,
} from '../../support/demo';

const USER = 'system:serviceaccount:team:dev';
const refusal = (what: string, verb: string, resource: string, scope: string) =>
  `${what} is forbidden: User "${USER}" cannot ${verb} resource "${resource}" in API group "" ${scope}`;

describe('the demo\'s restricted context "team-dev": a developer with one namespace', function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  /** kubectl in the restricted context (never rejects). */
  const asDev = (...args: string[]) => runKubectl(demo, args, restrictedDemoContext);
  const ok = async (...args: string[]) => {
    const result = await asDev(...args);
    assert.equal(result.code, 0, `kubectl ${args.join(' ')} --context team-dev failed: ${result.stderr}`);
    return result.stdout;
  };
  const refused = async (...args: string[]) => {
    const result = await asDev(...args);
    assert.notEqual(result.code, 0, `kubectl ${args.join(' ')} --context team-dev succeeded: ${result.stdout}`);
    return result.stderr.trim();
  };
  /** One HTTPS request with the restricted user's token. */
  const devRequest = (path: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    demoRequest(demo.cluster, path, { ...options, token: demo.cluster.restrictedToken });
  const review = (kind: string, spec: unknown): Promise<DemoResponse> =>
    devRequest(`/apis/authorization.k8s.io/v1/${kind.toLowerCase()}s`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind, spec }),
    });

  before(async function () {
    kubectlOrSkip(this);
    demo = await startDemo({ timeScale: 20, leaseRenewSeconds: 0.2 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('is a second context of the kubeconfig: same cluster, namespace team, its own user; the admin stays current', () => {
    const config = parse(demo.cluster.kubeconfigYaml());
    assert.equal(restrictedDemoContext, 'team-dev');
    assert.equal(restrictedDemoUser, USER);
    assert.equal(config['current-context'], 'kind-multi-node');
    assert.deepEqual(
      config.contexts.map((context: { name: string }) => context.name),
      ['kind-multi-node', 'team-dev'],
    );
    assert.deepEqual(config.contexts[1].context, { cluster: 'kind-multi-node', namespace: 'team', user: 'team-dev' });
    const users = Object.fromEntries(config.users.map((user: { name: string; user: { token: string } }) => [user.name, user.user.token]));
    assert.deepEqual(users, { 'kind-multi-node': demo.cluster.token, 'team-dev': demo.cluster.restrictedToken });
    assert.notEqual(demo.cluster.restrictedToken, demo.cluster.token);
  });

  it('get pods -n team: the app Deployment runs its two Pods, bound to the workers by the scheduler', async () => {
    const rows = table(await ok('get', 'pods', '-n', 'team', '-o', 'wide'));
    assert.equal(rows.length, 2, JSON.stringify(rows));
    for (const row of rows) {
      assert.match(row.NAME!, /^app-[a-z0-9]{10}-[a-z0-9]{5}$/);
      assert.equal(row.STATUS, 'Running');
      assert.equal(row.READY, '1/1');
    }
    assert.deepEqual(rows.map((row) => row.NODE).sort(), ['multi-node-worker', 'multi-node-worker2']);
    // The context's namespace is team: a bare `get pods` reads the same.
    assert.deepEqual(
      table(await ok('get', 'pods')).map((row) => row.NAME),
      rows.map((row) => row.NAME),
    );
    const [deployment] = table(await ok('get', 'deployments'));
    assert.equal(deployment!.NAME, 'app');
    assert.equal(deployment!.READY, '2/2');
  });

  it('reads the Events of team: the controllers, the scheduler and the kubelets wrote them', async () => {
    const events = JSON.parse(await ok('get', 'events', '-o', 'json')).items as {
      reason: string;
      reportingComponent: string;
      involvedObject: { kind: string };
      message: string;
    }[];
    const seen = new Set(events.map((event) => `${event.involvedObject.kind} ${event.reason} ${event.reportingComponent}`));
    for (const expected of [
      'Deployment ScalingReplicaSet deployment-controller',
      'ReplicaSet SuccessfulCreate replicaset-controller',
      'Pod Scheduled default-scheduler',
      'Pod Pulled kubelet',
      'Pod Created kubelet',
      'Pod Started kubelet',
    ])
      assert.ok(seen.has(expected), `${expected} in ${[...seen].join(', ')}`);
    assert.ok(events.some((event) => /^Successfully assigned team\/app-.+ to multi-node-worker2?$/.test(event.message)));
  });

  it('its objects carry the managers a real cluster records', async () => {
    const [pod] = JSON.parse(await ok('get', 'pods', '-o', 'json', '--show-managed-fields')).items;
    const managers = (pod.metadata.managedFields as { manager: string; subresource?: string }[]).map(
      (entry) => `${entry.manager}${entry.subresource ? `/${entry.subresource}` : ''}`,
    );
    assert.deepEqual(managers, ['kube-controller-manager', 'kube-scheduler/binding', 'kubelet/status']);
    const deployment = JSON.parse(await ok('get', 'deployment', 'app', '-o', 'json', '--show-managed-fields'));
    assert.equal(deployment.metadata.managedFields[0].manager, 'kubectl-create');
    assert.ok(deployment.metadata.managedFields.some((entry: { manager: string }) => entry.manager === 'kube-controller-manager'));
  });

  it('reads the logs of its Pods (pods/log) and writes in team', async () => {
    const [pod] = table(await ok('get', 'pods'));
    await ok('logs', pod!.NAME!);
    assert.match(await ok('create', 'deployment', 'web', '--image=registry.k8s.io/pause:3.10.1'), /deployment.apps\/web created/);
    await ok('delete', 'deployment', 'web');
  });

  it('is refused everything else, worded as the real authorizer words it', async () => {
    assert.equal(
      await refused('get', 'pods', '-n', 'kube-system'),
      `Error from server (Forbidden): ${refusal('pods', 'list', 'pods', 'in the namespace "kube-system"')}`,
    );
    assert.equal(
      await refused('get', 'nodes'),
      `Error from server (Forbidden): ${refusal('nodes', 'list', 'nodes', 'at the cluster scope')}`,
    );
    assert.equal(
      await refused('get', 'pods', '--all-namespaces'),
      `Error from server (Forbidden): ${refusal('pods', 'list', 'pods', 'at the cluster scope')}`,
    );
    assert.equal(
      await refused('get', 'configmaps'),
      `Error from server (Forbidden): ${refusal('configmaps', 'list', 'configmaps', 'in the namespace "team"')}`,
    );
    // The Role grants deployments, not their scale subresource.
    assert.equal(
      await refused('scale', 'deployment', 'app', '--replicas=3'),
      'Error from server (Forbidden): deployments.apps "app" is forbidden: User "system:serviceaccount:team:dev" cannot patch resource "deployments/scale" in API group "apps" in the namespace "team"',
    );
    assert.match(
      await refused('create', 'deployment', 'web', '--image=registry.k8s.io/pause:3.10.1', '-n', 'default'),
      /deployments\.apps is forbidden: User "system:serviceaccount:team:dev" cannot create resource "deployments" in API group "apps" in the namespace "default"/,
    );
  });

  it('cannot read kube-public/cluster-info: kubeadm binds that Role to the anonymous user, not to authenticated ones', async () => {
    // As a real kind cluster answers a ServiceAccount (checked against kube-apiserver v1.20.2 with kubeadm's Role and RoleBinding).
    assert.equal(
      await refused('get', 'configmap', 'cluster-info', '-n', 'kube-public'),
      `Error from server (Forbidden): ${refusal('configmaps "cluster-info"', 'get', 'configmaps', 'in the namespace "kube-public"')}`,
    );
    assert.equal((await asDev('auth', 'can-i', 'get', 'configmaps/cluster-info', '-n', 'kube-public')).stdout.trim(), 'no');
  });

  it('reads what every authenticated user may: discovery, /version, /readyz (not its single checks)', async () => {
    assert.equal(JSON.parse(await ok('get', '--raw', '/version')).gitVersion, 'v1.37.0');
    assert.match(await ok('get', '--raw', '/readyz?verbose'), /\[\+\]etcd ok\n[\s\S]*readyz check passed/);
    assert.equal(JSON.parse(await ok('get', '--raw', '/api')).kind, 'APIVersions');
    assert.equal(JSON.parse(await ok('get', '--raw', '/apis/apps/v1')).groupVersion, 'apps/v1');
    assert.equal(
      await refused('get', '--raw', '/readyz/etcd'),
      `Error from server (Forbidden): forbidden: User "${USER}" cannot get path "/readyz/etcd"`,
    );
  });

  it('kubectl auth can-i: no to nodes and kube-system, yes to its Pods and their logs', async () => {
    const canI = async (...args: string[]) => (await asDev('auth', 'can-i', ...args)).stdout.trim();
    assert.equal(await canI('list', 'nodes'), 'no');
    assert.equal(await canI('list', 'pods', '-n', 'kube-system'), 'no');
    assert.equal(await canI('watch', 'pods', '--all-namespaces'), 'no');
    assert.equal(await canI('list', 'pods', '-n', 'team'), 'yes');
    assert.equal(await canI('delete', 'deployments.apps', '-n', 'team'), 'yes');
    assert.equal(await canI('get', 'pods', '--subresource=log', '-n', 'team'), 'yes');
    assert.equal(await canI('get', 'pods', '--subresource=exec', '-n', 'team'), 'no');
    assert.equal(await canI('get', '/readyz'), 'yes');
    assert.equal(await canI('get', '/livez/etcd'), 'no');
  });

  it('kubectl auth can-i --list -n team: the Role, the bootstrap ClusterRoles, and nothing more', async () => {
    const rows = table(await ok('auth', 'can-i', '--list', '-n', 'team'));
    const resources = rows.filter((row) => row.Resources !== '' && !row.Resources!.startsWith('['));
    assert.deepEqual(Object.fromEntries(resources.map((row) => [row.Resources, row.Verbs])), {
      'selfsubjectreviews.authentication.k8s.io': '[create]',
      'selfsubjectaccessreviews.authorization.k8s.io': '[create]',
      'selfsubjectrulesreviews.authorization.k8s.io': '[create]',
      events: '[get list watch create update patch delete]',
      pods: '[get list watch create update patch delete]',
      services: '[get list watch create update patch delete]',
      'deployments.apps': '[get list watch create update patch delete]',
      'replicasets.apps': '[get list watch create update patch delete]',
      'events.events.k8s.io': '[get list watch create update patch delete]',
      'pods/log': '[get]',
    });
    // The rows of non-resource URLs have no Resources cell: the first cell is the URL.
    const urls = new Set(rows.filter((row) => row.Resources!.startsWith('[')).map((row) => row.Resources));
    for (const url of ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/readyz', '/openapi/*', '/version', '/version/'])
      assert.ok(urls.has(`[${url}]`), `${url} in ${[...urls].join(' ')}`);
    assert.ok(urls.has('[/.well-known/openid-configuration]'), 'the ServiceAccount issuer discovery of system:serviceaccounts');
    // In another namespace the Role does not apply.
    const elsewhere = table(await ok('auth', 'can-i', '--list', '-n', 'kube-system')).map((row) => row.Resources);
    assert.ok(!elsewhere.includes('pods'));
    assert.ok(elsewhere.includes('selfsubjectrulesreviews.authorization.k8s.io'));
  });

  it('answers the reviews as the real RBAC authorizer: the allowing binding named, no opinion otherwise', async () => {
    const allowed = await review('SelfSubjectAccessReview', { resourceAttributes: { verb: 'list', resource: 'pods', namespace: 'team' } });
    assert.equal(allowed.status, 201, allowed.text);
    assert.deepEqual(allowed.json().status, {
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "developer/team" of Role "developer" to ServiceAccount "dev/team"',
    });
    const discovery = await review('SelfSubjectAccessReview', { nonResourceAttributes: { verb: 'get', path: '/version' } });
    assert.deepEqual(discovery.json().status, {
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"',
    });
    const nodes = await review('SelfSubjectAccessReview', { resourceAttributes: { verb: 'list', resource: 'nodes' } });
    assert.deepEqual(nodes.json().status, { allowed: false });
    const rules = await review('SelfSubjectRulesReview', { namespace: 'team' });
    assert.equal(rules.status, 201, rules.text);
    const status = rules.json().status;
    assert.equal(status.incomplete, false);
    assert.deepEqual(status.resourceRules.at(-1), { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] });
    assert.deepEqual(status.nonResourceRules.at(0), {
      verbs: ['get'],
      nonResourceURLs: [
        '/api',
        '/api/*',
        '/apis',
        '/apis/*',
        '/healthz',
        '/livez',
        '/openapi',
        '/openapi/*',
        '/readyz',
        '/version',
        '/version/',
      ],
    });
  });

  it("the core's access model reads it as the real server's test expects: only the public paths among the faces' reads", async () => {
    // test/real/access/access.test.ts asserts the same of a namespace-only ServiceAccount on the real kube-apiserver.
    const { config } = await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env, context: restrictedDemoContext });
    const access = new ContextAccess(new KubeApi(config));
    const snapshot = await access.snapshot();
    assert.equal(snapshot.reads.size, anatomyReads.length);
    const allowed = [...snapshot.reads.values()].filter((read) => read.verdict === 'allowed').map((read) => read.id);
    assert.deepEqual(allowed, ['readyz', 'livez', 'version']);
    const rules = await access.rules('team');
    assert.ok(rules.known && !rules.incomplete);
    assert.equal(rulesVerdict(rules, { verb: 'watch', resource: 'pods', group: '', namespace: 'team' }), 'allowed');
    assert.equal(rulesVerdict(rules, { verb: 'list', resource: 'nodes', group: '' }), 'denied');
  });

  describe('with @kubernetes/client-node and plain HTTPS', () => {
    let kubeConfig: KubeConfig;
    before(async () => {
      const kube = await loadKubeClient();
      kubeConfig = new kube.KubeConfig();
      kubeConfig.loadFromString(demo.cluster.kubeconfigYaml());
      kubeConfig.setCurrentContext(restrictedDemoContext);
    });

    it('a watch of the Pods in kube-system is refused with 403, before any event', async () => {
      const kube = await loadKubeClient();
      const events: string[] = [];
      const error = await new Promise<unknown>((resolve) => {
        void new kube.Watch(kubeConfig).watch(
          '/api/v1/namespaces/kube-system/pods',
          {},
          (type) => events.push(type),
          (err) => resolve(err),
        );
      });
      assert.equal((error as { statusCode?: number }).statusCode, 403);
      assert.deepEqual(events, []);
      const watch = await devRequest('/api/v1/namespaces/kube-system/pods?watch=true');
      assert.equal(watch.status, 403);
      assert.deepEqual(watch.json(), {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: refusal('pods', 'watch', 'pods', 'in the namespace "kube-system"'),
        reason: 'Forbidden',
        details: { kind: 'pods' },
        code: 403,
      });
    });

    it('lists and watches the Pods of team', async () => {
      const kube = await loadKubeClient();
      const core = kubeConfig.makeApiClient(kube.CoreV1Api);
      const pods = await core.listNamespacedPod({ namespace: 'team' });
      assert.equal(pods.items.length, 2);
      let opened = false;
      await new Promise<void>((resolve) => {
        void new kube.Watch(kubeConfig)
          .watch(
            '/api/v1/namespaces/team/pods',
            {},
            () => undefined,
            () => resolve(),
          )
          .then((controller) => {
            opened = !controller.signal.aborted;
            controller.abort();
          });
      });
      assert.ok(opened, 'the watch of team opened');
      await assert.rejects(core.listNode(), (error: { code?: number }) => error.code === 403);
    });

    it('the admin context still reads everything, and the forbid scenario still applies to it alone', async () => {
      const admin = (path: string) => demoRequest(demo.cluster, path);
      assert.equal((await admin('/api/v1/nodes')).status, 200);
      assert.equal((await admin('/api/v1/namespaces/kube-system/pods?watch=true&timeoutSeconds=1')).status, 200);
      assert.equal((await admin('/api/v1/namespaces/kube-public/configmaps/cluster-info')).status, 200);
      const adminRows = table((await runKubectl(demo, ['get', 'pods', '-A'])).stdout);
      assert.ok(adminRows.some((row) => row.NAMESPACE === 'team'));
      assert.ok(adminRows.some((row) => row.NAMESPACE === 'kube-system'));
      demo.cluster.control.forbid('pods', 'team');
      try {
        assert.equal((await admin('/api/v1/namespaces/team/pods')).status, 403);
        assert.equal((await devRequest('/api/v1/namespaces/team/pods')).status, 200, "the forbid list is the admin's, not RBAC's");
      } finally {
        demo.cluster.control.allow('pods', 'team');
      }
    });

    it('a wrong token is still 401, and no token reads only the public paths', async () => {
      assert.equal((await demoRequest(demo.cluster, '/api/v1/namespaces/team/pods', { token: 'not-a-token' })).status, 401);
      assert.equal((await demoRequest(demo.cluster, '/api/v1/namespaces/team/pods', { token: null })).status, 401);
      assert.equal((await demoRequest(demo.cluster, '/readyz', { token: null })).status, 200);
    });
  });
});
