import * as assert from 'node:assert/strict';
import { ClusterSession } from '../../../../src/core/anatomy/clusterSession';
import { resolveClientConfig, loadAnatomySnapshot } from '../../../../src/core/anatomy/snapshot';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import { errorMessage } from '../../../../src/core/util/errors';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';
import { startSession } from '../../../support/session';

const corednsPods = (anatomy: ClusterAnatomy | undefined) =>
  (anatomy?.nodes ?? []).flatMap((n) => n.components).filter((c) => c.component === 'coredns');

describe('live cluster session against the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let session: ClusterSession | undefined;

  beforeEach(async () => {
    demo = await startDemo({ timeScale: 20, leaseRenewSeconds: 0.5 });
  });

  afterEach(async () => {
    session?.dispose();
    session = undefined;
    await demo.stop();
  });

  async function connect(): Promise<ClusterSession> {
    session = await startSession(demo.kubeconfigPath, demo.env, { coalesceMs: 20, backoff: { initialMs: 50, maxMs: 200 } });
    return session;
  }

  it('lists, then follows watch events: a deleted coredns Pod and its replacement', async () => {
    const live = await connect();
    assert.equal(live.status.state, 'connected');
    const before = corednsPods(live.current);
    assert.equal(before.length, 2);
    demo.cluster.control.deletePod('kube-system', before[0].pod);
    const after = await until('the replacement', () => {
      const pods = corednsPods(live.current);
      return pods.length === 2 && !pods.some((p) => p.pod === before[0].pod) && pods.every((p) => p.ready) ? pods : undefined;
    });
    assert.ok(after.every((p) => p.owner === 'Deployment/coredns'));
  });

  it('reads one object by resource or as a manifest names it; a missing one is undefined, a forbidden one throws', async () => {
    const live = await connect();
    const node = (await live.reader.getObject({ resource: 'nodes', namespace: '', name: 'multi-node-worker' })) as
      { metadata?: { name?: string } } | undefined;
    assert.equal(node?.metadata?.name, 'multi-node-worker');
    const service = (await live.reader.getObject({ apiVersion: 'v1', kind: 'Service', namespace: 'kube-system', name: 'kube-dns' })) as
      { spec?: { clusterIP?: string } } | undefined;
    assert.match(service?.spec?.clusterIP ?? '', /^10\.96\./);
    assert.equal(await live.reader.getObject({ resource: 'pods', namespace: 'kube-system', name: 'no-such-pod' }), undefined);
    assert.equal(await live.reader.getObject({ resource: 'no-such-resource', namespace: '', name: 'x' }), undefined);
    // A kind the cluster does not serve is not an absent object: its Ingress could never be there.
    await assert.rejects(
      live.reader.getObject({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', namespace: 'team', name: 'web' }),
      (error: Error & { kindNotServed?: boolean }) =>
        error.kindNotServed === true && /^This cluster does not serve ingresses\.networking\.k8s\.io/.test(errorMessage(error)),
    );
    demo.cluster.control.forbid('services', 'kube-system');
    await assert.rejects(
      live.reader.getObject({ apiVersion: 'v1', kind: 'Service', namespace: 'kube-system', name: 'kube-dns' }),
      (error: Error & { kind?: string }) => error.kind === 'forbidden',
    );
  });

  it('reports each Lease renewal and ages the heartbeat of a node that stopped', async () => {
    const live = await connect();
    const renewed = new Set<string>();
    live.onLeaseRenewed((node) => renewed.add(node));
    await until('renewals of every node', () => renewed.size === 3);
    demo.cluster.control.stopHeartbeat('multi-node-worker');
    const node = await until('the node to turn Unknown', () =>
      live.current?.nodes.find((n) => n.name === 'multi-node-worker' && n.ready === 'Unknown'),
    );
    assert.equal(node.role, 'worker');
    // Its Lease has aged past the grace period (2.5 s on this clock), while the others keep renewing.
    assert.ok((live.leaseOf('multi-node-worker')?.ageSeconds ?? 0) >= 2, JSON.stringify(live.leaseOf('multi-node-worker')));
    assert.ok((live.leaseOf('multi-node-worker2')?.ageSeconds ?? 99) <= 1);
  });

  it('resumes after the server cuts its watches, and relists after 410 Gone', async () => {
    const live = await connect();
    await until('every collection to be watched', () => demo.cluster.control.activeWatches() >= 8);
    assert.ok(demo.cluster.control.cutWatches() >= 8);
    await until('watches to come back', () => demo.cluster.control.activeWatches() >= 8);
    let victim = corednsPods(live.current)[0].pod;
    demo.cluster.control.deletePod('kube-system', victim);
    await until(
      'the change after reconnecting',
      () => !corednsPods(live.current).some((p) => p.pod === victim) && corednsPods(live.current).length === 2,
    );
    demo.cluster.control.expireWatches();
    await until('watches after the relist', () => demo.cluster.control.activeWatches() >= 8);
    victim = corednsPods(live.current)[0].pod;
    demo.cluster.control.deletePod('kube-system', victim);
    await until(
      'the change after relisting',
      () => !corednsPods(live.current).some((p) => p.pod === victim) && corednsPods(live.current).length === 2,
    );
    assert.equal(live.status.state, 'connected', JSON.stringify(live.status));
  });

  it('answers snapshots without making every view refresh when nothing changed', async () => {
    const live = await connect();
    assert.ok(live.current, 'the first anatomy is built');
    let changes = 0;
    live.onDidChange(() => changes++);
    const first = live.snapshot();
    const second = live.snapshot();
    assert.equal(changes, 0);
    assert.notEqual(first, second, 'each snapshot is built as of now');
    assert.equal(second?.nodes.length, 3);
  });

  it('says what is forbidden and keeps the rest', async () => {
    demo.cluster.control.forbid('leases.coordination.k8s.io');
    const live = await connect();
    assert.equal(live.status.state, 'connected');
    // Limited, not failing: the status names what is hidden and the permission that would show it.
    assert.deepEqual(
      live.status.limited?.hidden.map((hidden) => hidden.id),
      ['leases', 'controlPlaneLeases'],
    );
    assert.equal(live.status.limited?.allowed, 12);
    assert.equal(live.status.limited?.total, 14);
    assert.deepEqual(
      live.status.limited?.hidden[0]?.needs.map((need) => [need.canI, need.verdict]),
      [
        ['kubectl auth can-i list leases.coordination.k8s.io -n kube-node-lease', 'denied'],
        ['kubectl auth can-i watch leases.coordination.k8s.io -n kube-node-lease', 'denied'],
      ],
    );
    const anatomy = live.current!;
    assert.deepEqual(
      anatomy.unreadable.map((u) => u.resource),
      ['leases'],
    );
    assert.deepEqual(
      anatomy.hidden?.map((hidden) => hidden.id),
      ['leases', 'controlPlaneLeases'],
    );
    assert.ok(anatomy.nodes.every((n) => n.lease === null));
    assert.equal(anatomy.nodes.length, 3);
    // Nodes and kube-system's Pods are readable: the anatomy itself, not the view from a namespace.
    assert.equal(anatomy.standpoint, undefined);
  });

  it('shows the anatomy from where the user stands when kube-system Pods and Nodes are hidden', async () => {
    demo.cluster.control.forbid('pods', 'kube-system');
    demo.cluster.control.forbid('nodes');
    const live = await connect();
    assert.equal(live.status.state, 'connected', JSON.stringify(live.status));
    assert.deepEqual(
      live.status.limited?.hidden.map((hidden) => [hidden.id, hidden.needs.map((need) => need.text)]),
      [
        ['nodes', ['list nodes (cluster-wide)', 'watch nodes (cluster-wide)']],
        ['pods', ['list pods in kube-system', 'watch pods in kube-system']],
      ],
    );
    const anatomy = live.current!;
    assert.equal(anatomy.nothingRead, undefined, 'a refusal is not "nothing read"');
    assert.equal(anatomy.controlPlane.mode, 'unknown', 'never "hosted" because kube-system is hidden');
    assert.deepEqual(anatomy.absent, [], 'nothing is absent because it is hidden');
    const standpoint = anatomy.standpoint!;
    assert.ok(standpoint, 'the standpoint is there');
    assert.equal(standpoint.apiServer.server, live.server);
    assert.match(standpoint.apiServer.version ?? '', /^v1\./);
    assert.ok(standpoint.apiServer.groups?.some((group) => group.name === 'apps' && group.servedBy === 'kube-apiserver'));
    // The context has no namespace: default, whose Pods the user may read here.
    assert.deepEqual(
      standpoint.namespaces.map((namespace) => namespace.name),
      ['default'],
    );
    assert.ok(standpoint.namespaces[0]!.pods, 'the Pods of default are listed');
  });

  it('closes every connection when disposed', async () => {
    const live = await connect();
    await until('every collection to be watched', () => demo.cluster.control.activeWatches() >= 8);
    live.dispose();
    await until('no watch left open', () => demo.cluster.control.activeWatches() === 0, 5_000);
  });

  it('leaves no watch open when disposed while its first lists are still in flight', async () => {
    demo.cluster.control.setLatency(300);
    const { context, config } = await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env });
    const early = new ClusterSession({ context, config });
    const starting = early.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    early.dispose();
    await starting;
    demo.cluster.control.setLatency(0);
    // Had a watch started after its list came back, it would be open by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(demo.cluster.control.activeWatches(), 0);
  });

  it('fails the one-shot snapshot with a clear message when the cluster is unreachable', async () => {
    const kubeconfig = demo.kubeconfigPath;
    await demo.cluster.stop();
    await assert.rejects(loadAnatomySnapshot({ kubeconfig, env: demo.env }), /Cannot read context "kind-multi-node".*(ECONNREFUSED|reach)/);
  });
});
