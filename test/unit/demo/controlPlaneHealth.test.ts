import * as assert from 'node:assert/strict';
import { apiserverIdentityName } from '../../../src/demo/fixture';
import { demoRequest, demoWatch, kubectlOrSkip, kubectlTable, runKubectl, startDemo, type RunningDemo } from '../../support/demo';

type Lease = {
  metadata: { name: string; labels?: Record<string, string>; managedFields: { manager: string; operation: string }[] };
  spec: { holderIdentity: string; leaseDurationSeconds: number; acquireTime?: string; renewTime: string; leaseTransitions?: number };
};

const controlPlane = 'multi-node-control-plane';
const leases = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases';
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 200 && !accept(value); attempt++) {
    await sleep(25);
    value = await read();
  }
  assert.ok(accept(value), `${what}: ${JSON.stringify(value).slice(0, 400)}`);
  return value;
}

describe("demo cluster: the control plane's health endpoints and leader Leases", function () {
  let demo: RunningDemo;
  const request = (path: string, options?: Parameters<typeof demoRequest>[2]) => demoRequest(demo.cluster, path, options);
  const lease = async (name: string): Promise<Lease> => (await request(`${leases}/${name}`)).json();

  // Time scale 20: leaders renew every 100 ms, their locks last 750 ms; the API server renews its identity every 500 ms.
  before(async () => {
    demo = await startDemo({ timeScale: 20 });
  });
  after(async () => {
    await demo?.stop();
  });
  afterEach(() => {
    demo.cluster.control.failCheck(undefined);
  });

  describe('/readyz, /livez and /healthz', () => {
    it('answer a bare "ok" without verbose, to anonymous clients too, as plain text', async () => {
      for (const path of ['/readyz', '/livez', '/healthz']) {
        const response = await request(path, { token: null });
        assert.equal(response.status, 200, path);
        assert.equal(response.text, 'ok');
        assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
      }
    });

    it('list every check with ?verbose in the real order and format', async () => {
      const readyz = (await request('/readyz?verbose')).text.split('\n');
      assert.deepEqual(readyz.slice(0, 6), [
        '[+]ping ok',
        '[+]log ok',
        '[+]etcd ok',
        '[+]etcd-readiness ok',
        '[+]informer-sync ok',
        '[+]poststarthook/start-apiserver-admission-initializer ok',
      ]);
      assert.deepEqual(readyz.slice(-3), ['[+]shutdown ok', 'readyz check passed', '']);
      assert.ok(
        readyz.slice(0, -2).every((line) => /^\[\+\]\S+ ok$/.test(line)),
        readyz.join('\n'),
      );
      for (const hook of [
        'rbac/bootstrap-roles',
        'start-kube-apiserver-identity-lease-controller',
        'aggregator-reload-proxy-client-cert',
        'apiservice-openapiv3-controller',
      ]) {
        assert.ok(readyz.includes(`[+]poststarthook/${hook} ok`), hook);
      }
      assert.ok(
        readyz.indexOf('[+]autoregister-completion ok') === readyz.indexOf('[+]poststarthook/kube-apiserver-autoregistration ok') + 1,
      );

      const livez = (await request('/livez?verbose', { token: null })).text.split('\n');
      assert.deepEqual(livez.slice(-2), ['livez check passed', '']);
      for (const readinessOnly of ['[+]etcd-readiness ok', '[+]informer-sync ok', '[+]shutdown ok'])
        assert.ok(!livez.includes(readinessOnly), readinessOnly);
      assert.equal(livez.length, readyz.length - 3);
      assert.match((await request('/healthz?verbose=1')).text, /\[\+\]etcd ok\n[\s\S]*\nhealthz check passed\n$/);
    });

    it('mark excluded checks in place, and warn about names that match none', async () => {
      const lines = (await request('/readyz?verbose&exclude=etcd&exclude=no-such-check&exclude=also-missing')).text.split('\n');
      assert.equal(lines[2], '[+]etcd excluded: ok');
      assert.equal(lines.at(-3), 'warn: some health checks cannot be excluded: no matches for "also-missing","no-such-check"');
      assert.equal(lines.at(-2), 'readyz check passed');
      assert.equal((await request('/readyz?exclude=etcd')).text, 'ok');
    });

    it('a failing check: 500 with the whole list whether or not verbose was asked, the reason withheld', async () => {
      demo.cluster.control.failCheck('etcd');
      for (const path of ['/readyz', '/readyz?verbose']) {
        const response = await request(path, { token: null });
        assert.equal(response.status, 500);
        assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
        const lines = response.text.split('\n');
        assert.equal(lines[2], '[-]etcd failed: reason withheld');
        assert.deepEqual(lines.slice(-3), ['[+]shutdown ok', 'readyz check failed', '']);
      }
      const livez = await request('/livez');
      assert.equal(livez.status, 500);
      assert.match(livez.text, /\[-\]etcd failed: reason withheld\n[\s\S]*livez check failed\n$/);
      // Excluding the failing check makes the endpoint pass again.
      assert.equal((await request('/readyz?exclude=etcd')).text, 'ok');
    });

    it('a readiness-only check fails /readyz and leaves /livez passing; undefined makes all pass again', async () => {
      demo.cluster.control.failCheck('informer-sync');
      assert.equal((await request('/readyz')).status, 500);
      assert.equal((await request('/livez')).status, 200);
      demo.cluster.control.failCheck(undefined);
      assert.equal((await request('/readyz')).text, 'ok');
      assert.throws(() => demo.cluster.control.failCheck('no-such-check'), /no health check named no-such-check/);
    });

    it('serves each check on its own path with the reason (not public: it needs credentials)', async () => {
      assert.equal((await request('/readyz/poststarthook/rbac/bootstrap-roles')).text, 'ok');
      assert.equal((await request('/livez/etcd')).text, 'ok');
      demo.cluster.control.failCheck('poststarthook/rbac/bootstrap-roles');
      const failing = await request('/readyz/poststarthook/rbac/bootstrap-roles');
      assert.deepEqual([failing.status, failing.text], [500, 'internal server error: not finished\n']);
      assert.equal((await request('/livez/etcd', { token: null })).status, 401);
      assert.equal((await request('/livez/shutdown')).status, 404, 'shutdown is a readiness check only');
      assert.equal((await request('/readyz', { token: 'wrong-token' })).status, 401, 'a wrong token is refused even on a public path');
    });

    it('forbid covers a non-resource path, worded as the authorizer words a nonResourceURL', async () => {
      demo.cluster.control.forbid('/readyz');
      try {
        const response = await request('/readyz');
        assert.equal(response.status, 403);
        assert.deepEqual(response.json(), {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: 'forbidden: User "kubernetes-admin" cannot get path "/readyz"',
          reason: 'Forbidden',
          details: {},
          code: 403,
        });
        assert.match((await request('/readyz', { token: null })).json().message, /User "system:anonymous" cannot get path "\/readyz"/);
        assert.equal((await request('/readyz/etcd')).status, 200, 'a rule names one path');
        assert.equal((await request('/livez')).status, 200);
      } finally {
        demo.cluster.control.allow('/readyz');
      }
      assert.equal((await request('/readyz')).status, 200);
      demo.cluster.control.forbid('/livez/*');
      try {
        assert.equal((await request('/livez/ping')).status, 403);
        assert.equal((await request('/livez')).status, 200);
      } finally {
        demo.cluster.control.allow('/livez/*');
      }
      assert.throws(() => demo.cluster.control.forbid('/readyz', 'kube-system'), /a path has no namespace/);
    });
  });

  describe('the Leases in kube-system', () => {
    it("lists the API server's identity and the two leader-election locks, as kind's control plane writes them", async () => {
      const items: Lease[] = (await request(leases)).json().items;
      const identityName = apiserverIdentityName(controlPlane);
      assert.match(identityName, /^apiserver-[a-z2-7]{26}$/);
      assert.deepEqual(
        items.map((item) => item.metadata.name),
        [identityName, 'kube-controller-manager', 'kube-scheduler'],
      );
      const [identity, ...leaders] = items;
      assert.deepEqual(identity!.metadata.labels, {
        'apiserver.kubernetes.io/identity': 'kube-apiserver',
        'kubernetes.io/hostname': controlPlane,
      });
      assert.match(identity!.spec.holderIdentity, new RegExp(`^${identityName}_${uuid}$`));
      assert.equal(identity!.spec.leaseDurationSeconds, 3600);
      assert.equal(identity!.spec.acquireTime, undefined);
      assert.deepEqual(
        identity!.metadata.managedFields.map((entry) => [entry.manager, entry.operation]),
        [['kube-apiserver', 'Update']],
      );
      for (const leader of leaders) {
        assert.match(leader.spec.holderIdentity, new RegExp(`^${controlPlane}_${uuid}$`));
        assert.equal(leader.spec.leaseDurationSeconds, 15);
        assert.equal(leader.spec.leaseTransitions, 0);
        assert.ok(Date.parse(leader.spec.acquireTime!) < Date.parse(leader.spec.renewTime));
        assert.deepEqual(
          leader.metadata.managedFields.map((entry) => [entry.manager, entry.operation]),
          [[leader.metadata.name, 'Update']],
        );
      }
      const events = (await request('/api/v1/namespaces/kube-system/events?fieldSelector=reason%3DLeaderElection')).json().items;
      assert.deepEqual(
        events
          .map((event: { involvedObject: { name: string }; message: string; source: { component: string } }) => [
            event.involvedObject.name,
            event.message,
            event.source.component,
          ])
          .sort(),
        [
          ['kube-controller-manager', `${leaders[0]!.spec.holderIdentity} became leader`, 'kube-controller-manager'],
          ['kube-scheduler', `${leaders[1]!.spec.holderIdentity} became leader`, 'default-scheduler'],
        ],
      );
    });

    it('renews all three: the leaders every retry period, the API server its identity', async () => {
      const list = (await request(leases)).json();
      const watch = await demoWatch(demo.cluster, `${leases}?watch=true&resourceVersion=${list.metadata.resourceVersion}`);
      try {
        const identityName = apiserverIdentityName(controlPlane);
        const renewals = (events: { object: Lease }[], name: string) => events.filter((event) => event.object.metadata.name === name);
        // From one renewal of the identity to the next (500 ms), each leader renews about five times.
        const seen = await watch.until((event) => event.object.metadata.name === identityName);
        const between = (await watch.until((event) => event.object.metadata.name === identityName)).slice(0, -1);
        assert.ok([...seen, ...between].every((event) => event.type === 'MODIFIED'));
        for (const leader of ['kube-controller-manager', 'kube-scheduler']) {
          const count = renewals(between, leader).length;
          assert.ok(count >= 3 && count <= 7, `${leader} renewed ${count} times between two renewals of the identity`);
        }
      } finally {
        watch.close();
      }
    });

    it('changeLeader: another replica takes the lock, with a new identity, acquireTime and one more transition', async () => {
      const before = await lease('kube-scheduler');
      const identity = demo.cluster.control.changeLeader('kube-scheduler');
      assert.match(identity, new RegExp(`^${controlPlane}_${uuid}$`));
      assert.notEqual(identity, before.spec.holderIdentity);
      const after = await lease('kube-scheduler');
      assert.equal(after.spec.holderIdentity, identity);
      assert.equal(after.spec.leaseTransitions, 1);
      assert.ok(Date.parse(after.spec.acquireTime!) > Date.parse(before.spec.acquireTime!));
      const events = (
        await request(
          `/api/v1/namespaces/kube-system/events?fieldSelector=${encodeURIComponent('involvedObject.name=kube-scheduler,reason=LeaderElection')}`,
        )
      ).json().items;
      assert.ok(events.some((event: { message: string }) => event.message === `${identity} became leader`));
      // The new leader keeps renewing.
      await eventually(
        () => lease('kube-scheduler'),
        (value) => value.spec.renewTime !== after.spec.renewTime && value.spec.holderIdentity === identity,
        'renewed by the new leader',
      );
    });

    it('stopLeaderRenewal: renewTime stays while the other leader renews; resumed in time, the same holder renews', async () => {
      demo.cluster.control.stopLeaderRenewal('kube-controller-manager');
      const stopped = await lease('kube-controller-manager');
      const scheduler = await lease('kube-scheduler');
      await sleep(300);
      assert.equal((await lease('kube-controller-manager')).spec.renewTime, stopped.spec.renewTime);
      assert.notEqual((await lease('kube-scheduler')).spec.renewTime, scheduler.spec.renewTime);
      demo.cluster.control.resumeLeaderRenewal('kube-controller-manager');
      const resumed = await lease('kube-controller-manager');
      assert.notEqual(resumed.spec.renewTime, stopped.spec.renewTime);
      assert.equal(resumed.spec.holderIdentity, stopped.spec.holderIdentity);
      assert.equal(resumed.spec.leaseTransitions, stopped.spec.leaseTransitions);
    });

    it('a lock left to expire is taken anew when the component comes back', async () => {
      demo.cluster.control.stopLeaderRenewal('kube-controller-manager');
      const stopped = await lease('kube-controller-manager');
      await sleep(900);
      assert.ok(Date.now() - Date.parse(stopped.spec.renewTime) > 750, "older than the lock's 15 simulated seconds");
      demo.cluster.control.resumeLeaderRenewal('kube-controller-manager');
      const taken = await lease('kube-controller-manager');
      assert.notEqual(taken.spec.holderIdentity, stopped.spec.holderIdentity);
      assert.equal(taken.spec.leaseTransitions, (stopped.spec.leaseTransitions ?? 0) + 1);
      assert.throws(
        () => demo.cluster.control.changeLeader('kube-apiserver' as 'kube-scheduler'),
        /no leader-election Lease for kube-apiserver/,
      );
    });
  });

  describe('with real kubectl', () => {
    const kubectl = (...args: string[]) => runKubectl(demo, args);

    before(function () {
      kubectlOrSkip(this);
    });

    it('get --raw /readyz?verbose prints the checks; a failing one makes kubectl fail with the list', async () => {
      const passing = await kubectl('get', '--raw', '/readyz?verbose');
      assert.equal(passing.code, 0, passing.stderr);
      assert.match(passing.stdout, /^\[\+\]ping ok\n\[\+\]log ok\n\[\+\]etcd ok\n/);
      assert.match(passing.stdout, /\[\+\]poststarthook\/rbac\/bootstrap-roles ok\n/);
      assert.match(passing.stdout, /\[\+\]shutdown ok\nreadyz check passed\n$/);
      demo.cluster.control.failCheck('etcd-readiness');
      const failing = await kubectl('get', '--raw', '/readyz');
      assert.notEqual(failing.code, 0);
      assert.match(failing.stderr, /\[-\]etcd-readiness failed: reason withheld/);
      assert.match(failing.stderr, /readyz check failed/);
    });

    it('get leases -n kube-system lists the three Leases with their holders', async () => {
      const rows = kubectlTable((await kubectl('get', 'leases', '-n', 'kube-system')).stdout);
      const identityName = apiserverIdentityName(controlPlane);
      assert.deepEqual(
        rows.map((row) => row.NAME),
        [identityName, 'kube-controller-manager', 'kube-scheduler'],
      );
      assert.match(rows[0]!.HOLDER!, new RegExp(`^${identityName}_${uuid}$`));
      for (const row of rows.slice(1)) assert.match(row.HOLDER!, new RegExp(`^${controlPlane}_${uuid}$`));
    });
  });
});
