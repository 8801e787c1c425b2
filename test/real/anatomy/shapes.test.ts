// The anatomy of every cluster shape, read by the live session from a real kube-apiserver whose Pods were made
// by the real DaemonSet, Deployment and ReplicaSet controllers and bound by the real scheduler; checked against
// what the shape is (its own data, not the product's rules) and against real kubectl.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { ClusterSession } from '../../../src/core/anatomy/clusterSession';
import type { ClusterAnatomy, NodeAnatomy } from '../../../src/core/anatomy/types';
import { until } from '../../support/until';
import { type RealCluster, realCluster } from '../support/realClusters';
import type { ShapeName } from '../support/shapes/types';
import { startSession } from '../../support/session';

function connect(cluster: RealCluster): Promise<ClusterSession> {
  return startSession(cluster.kubeconfigPath, cluster.env, { coalesceMs: 20 });
}

/** What kubectl says: kube-system Pods per node, and the Pods not yet bound. */
function kubectlPodsByNode(cluster: RealCluster): Map<string, string[]> {
  const list = JSON.parse(
    execFileSync('kubectl', ['get', 'pods', '-n', 'kube-system', '-o', 'json'], { env: cluster.env, encoding: 'utf8' }),
  );
  const byNode = new Map<string, string[]>();
  for (const pod of list.items as { metadata: { name: string; deletionTimestamp?: string }; spec: { nodeName?: string } }[]) {
    const node = pod.spec.nodeName ?? '';
    byNode.set(node, [...(byNode.get(node) ?? []), pod.metadata.name].sort());
  }
  return byNode;
}

function component(node: NodeAnatomy, id: string) {
  return node.components.filter((c) => c.component === id);
}

function absentOf(anatomy: ClusterAnatomy, id: string) {
  return anatomy.absent.find((a) => a.component === id);
}

describe('the anatomy of real clusters of every shape', function () {
  this.timeout(300_000);
  const sessions: ClusterSession[] = [];
  after(() => sessions.forEach((s) => s.dispose()));

  async function anatomyOf(name: ShapeName): Promise<{ cluster: RealCluster; anatomy: ClusterAnatomy; session: ClusterSession }> {
    const cluster = await realCluster(name);
    const session = await connect(cluster);
    sessions.push(session);
    assert.equal(session.status.state, 'connected', session.status.message);
    const anatomy = session.current;
    assert.ok(anatomy, 'an anatomy after the first lists');
    return { cluster, anatomy, session };
  }

  /** Every node of the shape, with the same kube-system Pods on it as kubectl lists. */
  function agreesWithKubectl(cluster: RealCluster, anatomy: ClusterAnatomy): void {
    assert.deepEqual(anatomy.nodes.map((n) => n.name).sort(), cluster.shape.nodes.map((n) => n.name).sort());
    const kubectl = kubectlPodsByNode(cluster);
    for (const node of anatomy.nodes) {
      assert.deepEqual(node.components.map((c) => c.pod).sort(), kubectl.get(node.name) ?? [], `kube-system Pods on ${node.name}`);
    }
  }

  it('kind: static Pods on the control-plane node, kube-proxy and kindnet everywhere, CoreDNS where the scheduler put it', async () => {
    const { cluster, anatomy } = await anatomyOf('kind');
    agreesWithKubectl(cluster, anatomy);
    assert.equal(anatomy.controlPlane.mode, 'static-pods');
    assert.equal(anatomy.controlPlane.highlyAvailable, false);
    assert.equal(anatomy.controlPlane.externalEtcd, false);
    const roles = Object.fromEntries(anatomy.nodes.map((n) => [n.name, n.role]));
    assert.deepEqual(roles, { 'multi-node-control-plane': 'control-plane', 'multi-node-worker': 'worker', 'multi-node-worker2': 'worker' });
    const controlPlane = anatomy.nodes.find((n) => n.role === 'control-plane')!;
    assert.deepEqual(
      controlPlane.components
        .filter((c) => c.source === 'static')
        .map((c) => c.component)
        .sort(),
      ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'],
    );
    for (const node of anatomy.nodes) {
      assert.equal(component(node, 'kube-proxy').length, 1, `kube-proxy on ${node.name}`);
      assert.equal(component(node, 'kube-proxy')[0].source, 'daemonset');
      assert.deepEqual(
        component(node, 'cni').map((c) => c.cniName),
        ['kindnet'],
        `kindnet on ${node.name}`,
      );
      assert.equal(node.ready, 'True');
      assert.ok(node.lease, `${node.name} has its heartbeat Lease`);
      assert.match(node.containerRuntime ?? '', /^containerd:\/\//);
    }
    // kubeadm's CoreDNS tolerates the control-plane taint, so the real scheduler may put it on any node; where it
    // did is what kubectl says (checked above). Both replicas are the Deployment's.
    const coredns = anatomy.nodes.flatMap((n) => component(n, 'coredns').map((c) => ({ node: n.name, ...c })));
    assert.equal(coredns.length, 2);
    assert.ok(
      coredns.every((c) => c.owner === 'Deployment/coredns' && c.source === 'deployment'),
      JSON.stringify(coredns),
    );
    const addon = anatomy.addons.find((a) => a.kind === 'Deployment' && a.name === 'coredns');
    assert.equal(addon?.readyCount, 2);
    assert.deepEqual(
      anatomy.absent.map((a) => [a.component, a.reasonCode]),
      [['cloud-controller-manager', 'no-cloud-provider']],
    );
  });

  for (const name of ['hosted-eks', 'hosted-gke', 'hosted-aks'] as const) {
    it(`${name}: a hosted control plane, said to be run by the provider, with its availability from the API`, async () => {
      const { cluster, anatomy } = await anatomyOf(name);
      agreesWithKubectl(cluster, anatomy);
      assert.equal(anatomy.controlPlane.mode, 'hosted');
      assert.ok(
        anatomy.nodes.every((n) => n.role !== 'control-plane'),
        'no control-plane node',
      );
      const expected = cluster.shape.apiServerAddresses.length > 1 ? 'highly-available' : 'single-endpoint';
      assert.equal(anatomy.controlPlane.apiServers?.availability, expected);
      assert.deepEqual([...(anatomy.controlPlane.apiServers?.addresses ?? [])].sort(), [...cluster.shape.apiServerAddresses].sort());
      for (const id of ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager']) {
        assert.equal(absentOf(anatomy, id)?.reasonCode, 'hosted-control-plane', `${id} is the provider's`);
      }
      // Nothing invented: every component shown is a Pod kubectl lists.
      assert.ok(anatomy.nodes.every((n) => n.components.every((c) => c.source !== 'static' || c.component === 'kube-proxy')));
    });
  }

  it('k3s: the control plane, kube-proxy, flannel and the cloud controller are embedded in the server, with evidence', async () => {
    const { cluster, anatomy } = await anatomyOf('k3s');
    agreesWithKubectl(cluster, anatomy);
    assert.equal(anatomy.controlPlane.mode, 'embedded');
    for (const id of ['kube-apiserver', 'kube-scheduler', 'kube-controller-manager', 'kube-proxy', 'cni', 'cloud-controller-manager']) {
      const absent = absentOf(anatomy, id);
      assert.equal(absent?.reasonCode, 'embedded', `${id}: ${JSON.stringify(absent)}`);
    }
    assert.equal(absentOf(anatomy, 'cni')?.implementation, 'flannel');
    assert.ok((absentOf(anatomy, 'kube-proxy')?.evidence ?? []).length > 0, 'the embedded kube-proxy shows its evidence');
    const server = anatomy.nodes.find((n) => n.role === 'control-plane');
    assert.ok(server, 'the k3s server node is the control-plane node');
    assert.ok(
      anatomy.addons.some((a) => a.name === 'coredns'),
      JSON.stringify(anatomy.addons.map((a) => a.name)),
    );
  });

  it('kubeadm HA: three control-plane nodes, highly available, external etcd (no etcd Pod)', async () => {
    const { cluster, anatomy } = await anatomyOf('kubeadm-ha');
    agreesWithKubectl(cluster, anatomy);
    assert.equal(anatomy.controlPlane.mode, 'static-pods');
    assert.equal(anatomy.controlPlane.highlyAvailable, true);
    assert.equal(anatomy.controlPlane.externalEtcd, true);
    const controlPlanes = anatomy.nodes.filter((n) => n.role === 'control-plane');
    assert.equal(controlPlanes.length, 3);
    for (const node of controlPlanes) {
      assert.deepEqual(
        node.components
          .filter((c) => c.source === 'static')
          .map((c) => c.component)
          .sort(),
        ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'],
      );
    }
    assert.equal(absentOf(anatomy, 'etcd')?.reasonCode, 'external-etcd');
  });

  it('old cluster: the master label and taint make the control plane, Cilium replaces kube-proxy, dockershim, a dead kubelet turns Unknown', async () => {
    const { cluster, anatomy, session } = await anatomyOf('old-master');
    agreesWithKubectl(cluster, anatomy);
    const master = anatomy.nodes.find((n) => n.name === 'k8s-master')!;
    assert.equal(master.role, 'control-plane');
    assert.ok(
      master.roleEvidence.some((e) => JSON.stringify(e).includes('node-role.kubernetes.io/master')),
      JSON.stringify(master.roleEvidence),
    );
    const kubeProxy = absentOf(anatomy, 'kube-proxy');
    assert.equal(kubeProxy?.reasonCode, 'replaced-by-cni', JSON.stringify(kubeProxy));
    assert.equal(kubeProxy?.implementation, 'cilium');
    assert.ok(anatomy.nodes.every((n) => component(n, 'kube-proxy').length === 0));
    assert.match(master.containerRuntime ?? '', /^docker:\/\//);
    // The real node lifecycle controller turns the node whose kubelet died Unknown after its 40 s grace period.
    const dead = cluster.shape.nodes.find((n) => n.kubeletDead)!;
    const unknown = await until(
      `${dead.name} to turn Unknown`,
      () => session.current?.nodes.find((n) => n.name === dead.name && n.ready === 'Unknown'),
      120_000,
      500,
    );
    assert.equal(unknown.role, 'worker');
    assert.ok(session.current!.nodes.filter((n) => n.name !== dead.name).every((n) => n.ready === 'True'));
  });
});
