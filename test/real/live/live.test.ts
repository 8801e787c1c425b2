// The live session on the real kind-shaped cluster: watch events made by the real controllers and scheduler,
// an API server restart, a real RBAC refusal, a context switch between two real clusters, and a stopped
// heartbeat judged by the real node lifecycle controller. After each fault the model is compared with a fresh
// list (real kubectl) and the status text is checked.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterSession } from '../../../src/core/anatomy/clusterSession';
import { LiveAnatomy } from '../../../src/core/anatomy/liveAnatomy';
import type { ClusterAnatomy } from '../../../src/core/anatomy/types';
import { KubeconfigService } from '../../../src/core/kubeconfig/kubeconfigService';
import { until } from '../../support/until';
import { type RealCluster, realCluster } from '../support/realClusters';
import { startSession } from '../../support/session';

function kubectl(cluster: RealCluster, args: string[], env: NodeJS.ProcessEnv = cluster.env): string {
  return execFileSync('kubectl', args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** kube-system Pods as kubectl lists them: name → node. */
function kubectlPods(cluster: RealCluster): Map<string, string> {
  const list = JSON.parse(kubectl(cluster, ['get', 'pods', '-n', 'kube-system', '-o', 'json']));
  return new Map(
    list.items.map((pod: { metadata: { name: string }; spec: { nodeName?: string } }) => [pod.metadata.name, pod.spec.nodeName ?? '']),
  );
}

function modelPods(anatomy: ClusterAnatomy | undefined): Map<string, string> {
  return new Map((anatomy?.nodes ?? []).flatMap((n) => n.components.map((c) => [c.pod, n.name] as [string, string])));
}

const corednsPods = (anatomy: ClusterAnatomy | undefined) =>
  (anatomy?.nodes ?? []).flatMap((n) => n.components).filter((c) => c.component === 'coredns');

/** Watchers the API server has registered for one kind (its own metric), to see watches open and close. */
function registeredWatchers(cluster: RealCluster, kind: string): number {
  const metrics = kubectl(cluster, ['get', '--raw', '/metrics']);
  let total = 0;
  for (const line of metrics.split('\n')) {
    if (line.startsWith('apiserver_registered_watchers{') && line.includes(`kind="${kind}"`)) total += Number(line.split(' ').pop());
  }
  return total;
}

describe('the live session on a real kind-shaped cluster', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let session: ClusterSession | undefined;
  let scratch: string;

  before(async () => {
    cluster = await realCluster('kind');
    scratch = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-live-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));
  afterEach(() => {
    session?.dispose();
    session = undefined;
  });

  async function connect(kubeconfig = cluster.kubeconfigPath): Promise<ClusterSession> {
    session = await startSession(kubeconfig, cluster.env, { coalesceMs: 20, backoff: { initialMs: 100, maxMs: 1_000 } });
    return session;
  }

  it('follows the real ReplicaSet controller and scheduler replacing a deleted CoreDNS Pod, with their Events', async () => {
    const live = await connect();
    assert.equal(live.status.state, 'connected', live.status.message);
    const before = corednsPods(live.current);
    assert.equal(before.length, 2);
    kubectl(cluster, ['delete', 'pod', '-n', 'kube-system', before[0].pod, '--wait=false']);
    const replacement = await until(
      () =>
        `the replacement Pod, running; the model has ${JSON.stringify(corednsPods(live.current))}, kubectl ${JSON.stringify([...kubectlPods(cluster)])}`,
      () => {
        const pods = corednsPods(live.current);
        return pods.length === 2 && !pods.some((p) => p.pod === before[0].pod) && pods.every((p) => p.ready)
          ? pods.find((p) => p.pod !== before[1].pod)
          : undefined;
      },
      90_000,
      200,
    );
    assert.equal(replacement.owner, 'Deployment/coredns');
    // The real default scheduler bound it and said so in an Event the session keeps.
    const scheduled = await until(
      'the Scheduled Event',
      () => live.eventsFor('Pod', replacement.pod).find((e) => e.reason === 'Scheduled'),
      30_000,
    );
    assert.match(JSON.stringify(scheduled), /default-scheduler/);
    assert.deepEqual(modelPods(live.current), kubectlPods(cluster));
  });

  it('recovers after kube-apiserver restarts: connected again, and the model equals a fresh list', async () => {
    const live = await connect();
    await cluster.controlPlane.restart('kube-apiserver');
    // While it was down, a Pod changed: the session must pick it up after relisting or resuming.
    const victim = corednsPods(live.current)[0].pod;
    kubectl(cluster, ['delete', 'pod', '-n', 'kube-system', victim, '--wait=false']);
    await until(
      () =>
        `the session to see the change after the restart; status ${JSON.stringify(live.status)}, model ${JSON.stringify(corednsPods(live.current))}`,
      () => {
        const pods = corednsPods(live.current);
        return (
          live.status.state === 'connected' &&
          !live.status.message &&
          pods.length === 2 &&
          !pods.some((p) => p.pod === victim) &&
          pods.every((p) => p.ready)
        );
      },
      120_000,
      200,
    );
    assert.equal(live.status.state, 'connected');
    assert.equal(live.status.message ?? '', '', 'no stale error in the status');
    assert.deepEqual(modelPods(live.current), kubectlPods(cluster));
  });

  it('says which permission a real RBAC role lacks, and shows what it can read', async () => {
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'anatomy-reader-no-leases' },
      rules: [
        { apiGroups: [''], resources: ['nodes', 'pods', 'services', 'events', 'endpoints'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: ['apps'], resources: ['daemonsets', 'deployments', 'replicasets'], verbs: ['get', 'list', 'watch'] },
      ],
    };
    const binding = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'anatomy-reader-no-leases' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'anatomy-reader-no-leases' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'anatomy-readers' }],
    };
    const file = join(scratch, 'rbac.json');
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [role, binding] }));
    kubectl(cluster, ['apply', '-f', file]);
    const reader = cluster.controlPlane.userKubeconfig('reader', ['anatomy-readers']);
    // The same answer kubectl gets from the real authorizer.
    const canI = (verb: string, resource: string, namespace: string) =>
      spawnSync('kubectl', ['auth', 'can-i', verb, resource, '-n', namespace], {
        env: { ...cluster.env, KUBECONFIG: reader },
        encoding: 'utf8',
      }).stdout.trim();
    assert.equal(canI('list', 'leases', 'kube-node-lease'), 'no');
    assert.equal(canI('list', 'pods', 'kube-system'), 'yes');
    const live = await connect(reader);
    const anatomy = live.current;
    assert.ok(anatomy, 'an anatomy of what could be read');
    assert.deepEqual(anatomy.nodes.map((n) => n.name).sort(), cluster.shape.nodes.map((n) => n.name).sort());
    assert.ok(
      anatomy.unreadable.some((u) => u.resource === 'leases'),
      JSON.stringify(anatomy.unreadable),
    );
    assert.ok(!anatomy.unreadable.some((u) => u.resource === 'pods' || u.resource === 'nodes'), JSON.stringify(anatomy.unreadable));
    // Connected and limited: the status names the refused read and the permission the real authorizer denied.
    assert.equal(live.status.state, 'connected', JSON.stringify(live.status));
    const leases = live.status.limited?.hidden.find((hidden) => hidden.id === 'leases');
    assert.ok(leases, JSON.stringify(live.status));
    assert.deepEqual(
      leases.needs.map((need) => [need.canI, need.verdict]),
      [
        ['kubectl auth can-i list leases.coordination.k8s.io -n kube-node-lease', 'denied'],
        ['kubectl auth can-i watch leases.coordination.k8s.io -n kube-node-lease', 'denied'],
      ],
    );
  });

  it('switches between two real clusters, writing only current-context and closing the old watches', async () => {
    const other = await realCluster('k3s');
    const merged = join(scratch, 'merged-config');
    writeFileSync(
      merged,
      kubectl(cluster, ['config', 'view', '--flatten'], {
        ...cluster.env,
        KUBECONFIG: `${cluster.kubeconfigPath}:${other.kubeconfigPath}`,
      }),
    );
    const original = readFileSync(merged, 'utf8');
    const kubeconfig = new KubeconfigService({ setting: merged, env: {}, homeDir: scratch, trusted: false, watch: false });
    const live = new LiveAnatomy(kubeconfig, { trusted: () => false, session: { coalesceMs: 20 } });
    try {
      const leaseWatchersBefore = registeredWatchers(cluster, 'Lease');
      await live.start();
      assert.equal(live.current?.context, 'kind');
      await until("the session's Lease watch on kind", () => registeredWatchers(cluster, 'Lease') > leaseWatchersBefore, 30_000, 500);
      await kubeconfig.switchContext('k3s');
      await until(
        'the k3s anatomy',
        () => (live.current?.context === 'k3s' && live.status?.state === 'connected' ? true : undefined),
        60_000,
      );
      assert.equal(live.current?.controlPlane.mode, 'embedded');
      await until('the kind watches to close', () => registeredWatchers(cluster, 'Lease') <= leaseWatchersBefore, 30_000, 500);
      // Only the current-context line changed, as kubectl would write it.
      const written = readFileSync(merged, 'utf8');
      assert.equal(written, original.replace(/^current-context: .*$/m, 'current-context: k3s'));
      assert.equal(kubectl(cluster, ['config', 'current-context'], { ...cluster.env, KUBECONFIG: merged }).trim(), 'k3s');
    } finally {
      live.dispose();
      kubeconfig.dispose();
    }
  });

  // Last: it turns a node Unknown for a while (resumed at the end, and well before the 5-minute eviction).
  it("turns a node Unknown when its heartbeat stops, after the real node controller's grace period", async () => {
    const live = await connect();
    const node = 'multi-node-worker2';
    const renewedBefore = live.leaseOf(node);
    assert.ok(renewedBefore && renewedBefore.ageSeconds < 15, JSON.stringify(renewedBefore));
    const stoppedAt = Date.now();
    cluster.agent.stopHeartbeat(node);
    try {
      const unknown = await until(
        `${node} to turn Unknown`,
        () => live.current?.nodes.find((n) => n.name === node && n.ready === 'Unknown'),
        120_000,
        250,
      );
      const waited = (Date.now() - stoppedAt) / 1000;
      // The node lifecycle controller's grace period is 40 s since the last renewal (renewals every 10 s).
      assert.ok(waited >= 25, `Unknown after ${waited.toFixed(1)} s, before the grace period`);
      assert.ok((live.leaseOf(node)?.ageSeconds ?? 0) >= 40, JSON.stringify(live.leaseOf(node)));
      assert.equal(unknown.role, 'worker');
      assert.ok(live.current!.nodes.filter((n) => n.name !== node).every((n) => n.ready === 'True'));
      assert.match(kubectl(cluster, ['get', 'node', node, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}']), /^Unknown$/);
    } finally {
      cluster.agent.resumeHeartbeat(node);
    }
    await until(`${node} Ready again`, () => live.current?.nodes.find((n) => n.name === node && n.ready === 'True'), 90_000, 250);
  });
});
