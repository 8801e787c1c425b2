import * as assert from 'node:assert/strict';
import { ClusterSession, type ClusterSessionOptions } from '../../../../src/core/anatomy/clusterSession';
import { loadAnatomySnapshot, resolveClientConfig } from '../../../../src/core/anatomy/snapshot';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { type HostileServer, listBody, sendJson, startHostileServer, statusBody, watchEvents } from '../../../support/hostileServer';
import { until } from '../../../support/until';
import { startSession } from '../../../support/session';

const timings: Partial<ClusterSessionOptions> = { coalesceMs: 20, backoff: { initialMs: 50, maxMs: 200 }, healthyAfterMs: 200 };

/** The anatomy without what depends on the moment it was built (generatedAt, Lease ages). */
function model(anatomy: ClusterAnatomy | undefined): unknown {
  if (!anatomy) return undefined;
  return JSON.parse(JSON.stringify({ ...anatomy, generatedAt: '', nodes: anatomy.nodes.map((node) => ({ ...node, lease: null })) }));
}

describe('live cluster session after faults, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let session: ClusterSession | undefined;

  afterEach(async () => {
    session?.dispose();
    session = undefined;
    await demo.stop();
  });

  async function connect(): Promise<ClusterSession> {
    session = await startSession(demo.kubeconfigPath, demo.env, timings);
    return session;
  }

  async function matchesAFreshList(live: ClusterSession): Promise<void> {
    let fresh: unknown;
    const difference = () => {
      const a = JSON.stringify(model(live.current));
      const b = JSON.stringify(fresh) ?? '';
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      return `${a.slice(Math.max(0, at - 200), at + 200)}\n${b.slice(Math.max(0, at - 200), at + 200)}`;
    };
    await until(
      () => `the session's model to equal a fresh list:\n${difference()}`,
      async () => {
        fresh = model(await loadAnatomySnapshot({ kubeconfig: demo.kubeconfigPath, env: demo.env }));
        return JSON.stringify(model(live.current)) === JSON.stringify(fresh);
      },
      10_000,
      200,
    );
  }

  it('is connected again once every cut watch has resumed, with the same model as a fresh list', async () => {
    demo = await startDemo({ timeScale: 20 });
    const live = await connect();
    await until('every collection to be watched', () => demo.cluster.control.activeWatches() >= 8);
    assert.ok(demo.cluster.control.cutWatches() >= 8);
    await until('a status that says the watches broke', () => live.status.state !== 'connected' || live.status.message !== undefined);
    const victim = live.current!.nodes.flatMap((n) => n.components).find((c) => c.component === 'coredns')!.pod;
    demo.cluster.control.deletePod('kube-system', victim);
    await until(
      () => `connected without a message (${JSON.stringify(live.status)})`,
      () => live.status.state === 'connected' && live.status.message === undefined,
    );
    await until('the deletion seen', () => !JSON.stringify(live.current).includes(victim));
    assert.deepEqual(live.current?.unreadable, []);
    await matchesAFreshList(live);
  });

  it('says a 403 mid-session limits the context, naming the resource and the permission, and recovers when access returns', async () => {
    demo = await startDemo({ timeScale: 20 });
    const live = await connect();
    const statuses: string[] = [];
    live.onDidChangeStatus((status) => statuses.push(`${status.state}${status.limited ? ' limited' : ''}: ${status.message ?? ''}`));
    await until('every collection to be watched', () => demo.cluster.control.activeWatches() >= 8);
    demo.cluster.control.forbid('pods', 'kube-system');
    demo.cluster.control.cutWatches();
    await until(
      () => `limited (${JSON.stringify(live.status)})`,
      () => live.status.limited !== undefined,
    );
    // The other collections resume: the status names Pods alone, not a closed connection.
    await until(
      () => `only pods named (${JSON.stringify(live.status)})`,
      () => live.status.message === undefined && live.status.limited?.allowed != null,
    );
    assert.equal(live.status.state, 'connected');
    assert.deepEqual(
      live.status.limited?.hidden.map((hidden) => hidden.id),
      ['pods'],
    );
    assert.match(live.status.limited?.hidden[0]?.reason ?? '', /cannot watch resource "pods"|cannot list resource "pods"/);
    await until('pods unreadable in the anatomy', () => live.current?.unreadable.some((u) => u.resource === 'pods'));
    assert.deepEqual(
      live.current?.unreadable.map((u) => u.resource),
      ['pods'],
    );
    demo.cluster.control.allow('pods', 'kube-system');
    await until(
      () => `connected (${JSON.stringify(live.status)})`,
      () => live.status.state === 'connected' && live.status.message === undefined,
    );
    await until('nothing unreadable', () => live.current?.unreadable.length === 0);
    assert.equal(live.status.limited, undefined);
    const forbiddenAt = statuses.findIndex((s) => s.startsWith('connected limited'));
    assert.ok(forbiddenAt >= 0, statuses.join('\n'));
    assert.ok(!statuses.slice(forbiddenAt).some((s) => s.startsWith('unreachable')), statuses.join('\n'));
    await matchesAFreshList(live);
  });

  it('rebuilds nothing for kubelet status posts that change only heartbeat times', async () => {
    // Each node posts its status every 30 renewals: every 1.5 s here.
    demo = await startDemo({ leaseRenewSeconds: 0.05 });
    const live = await connect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    let rebuilds = 0;
    let statusPosts = 0;
    live.onDidChange(() => rebuilds++);
    live.onDidChangeObject((ref) => (ref.resource === 'nodes' ? statusPosts++ : undefined));
    await until('six Node status posts', () => statusPosts >= 6, 20_000);
    assert.equal(rebuilds, 0);
  });

  it('reads the anatomy without rebuilding or firing: one change arrives after the pause', async () => {
    demo = await startDemo({ timeScale: 20 });
    const { context, config } = await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env });
    session = new ClusterSession({ context, config, coalesceMs: 500 });
    await session.start();
    const live = session;
    const before = live.current;
    let changes = 0;
    live.onDidChange(() => changes++);
    const victim = before!.nodes.flatMap((n) => n.components).find((c) => c.component === 'coredns')!.pod;
    const seen = new Promise<void>((resolve) => live.onDidChangeObject((ref) => (ref.name === victim ? resolve() : undefined)));
    demo.cluster.control.deletePod('kube-system', victim);
    await seen;
    assert.equal(live.current, before, 'the last announced anatomy');
    assert.equal(changes, 0);
    await until('the coalesced change', () => changes > 0);
    assert.notEqual(live.current, before);
  });
});

describe('live cluster session against a hostile API server', function () {
  this.timeout(30_000);
  let hostile: HostileServer;
  let session: ClusterSession | undefined;
  const ENDPOINTS = '/api/v1/namespaces/default/endpoints';

  beforeEach(async () => {
    hostile = await startHostileServer();
  });

  afterEach(async () => {
    session?.dispose();
    session = undefined;
    await hostile.close();
  });

  async function connect(): Promise<ClusterSession> {
    session = new ClusterSession({ context: 'hostile', config: await hostile.clientConfig(), ...timings });
    await session.start();
    return session;
  }

  it('passes the API server addresses of the kubernetes Endpoints to the anatomy', async () => {
    const endpoints = {
      kind: 'Endpoints',
      metadata: { name: 'kubernetes', namespace: 'default', resourceVersion: '7' },
      subsets: [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }, { ip: '10.0.0.3' }], ports: [{ name: 'https', port: 6443 }] }],
    };
    hostile.script(ENDPOINTS, ({ watch, response }) =>
      watch ? watchEvents(response, []) : sendJson(response, 200, listBody([endpoints], '7')),
    );
    const live = await connect();
    assert.deepEqual(live.apiServerAddresses, ['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    assert.deepEqual(live.current?.controlPlane.apiServers?.addresses, ['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    assert.ok(hostile.requests.some((r) => r.path === ENDPOINTS && r.query.get('fieldSelector') === 'metadata.name=kubernetes'));
  });

  it('does without the API server addresses when their Endpoints are forbidden', async () => {
    hostile.script(ENDPOINTS, ({ response }) =>
      sendJson(
        response,
        403,
        statusBody(
          403,
          'Forbidden',
          'endpoints "kubernetes" is forbidden: User "viewer" cannot list resource "endpoints" in API group "" in the namespace "default"',
        ),
      ),
    );
    const live = await connect();
    assert.deepEqual(live.status, { state: 'connected', context: 'hostile' });
    assert.equal(live.apiServerAddresses, undefined);
    assert.deepEqual(live.current?.unreadable, []);
    assert.equal(live.current?.nothingRead, undefined);
  });

  it('keeps the whole session to a few requests a second when every watch ends at once, and says so', async () => {
    for (const path of [
      '/api/v1/nodes',
      '/api/v1/namespaces/kube-system/pods',
      '/apis/apps/v1/namespaces/kube-system/daemonsets',
      '/apis/apps/v1/namespaces/kube-system/deployments',
      '/apis/apps/v1/namespaces/kube-system/replicasets',
      '/api/v1/namespaces/kube-system/services',
      '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
      '/api/v1/namespaces/kube-system/events',
      ENDPOINTS,
    ]) {
      hostile.script(path, ({ watch, response }) => (watch ? watchEvents(response, [], true) : sendJson(response, 200, listBody([], '1'))));
    }
    const live = await connect();
    const before = hostile.count();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const requests = hostile.count() - before;
    // Nine collections restarting at 50 ms doubling to 200 ms: at most about one each per 100 ms once capped.
    assert.ok(requests <= 9 * (3_000 / 100 + 4), `${requests} requests in 3 s`);
    assert.equal(live.status.state, 'connected');
    assert.match(live.status.message ?? '', /Pods in kube-system: the watch closed at once/);
    assert.match(live.status.message ?? '', /Nodes: the watch closed at once/);
  });
});
