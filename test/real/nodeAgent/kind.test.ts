import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { until } from '../../support/until';
import type { Loose } from '../support/kubeApi';
import { realCluster, type RealCluster } from '../support/realClusters';

/**
 * The kind shape over the real v1.20 kube-apiserver, controller manager and scheduler: the agent plays the
 * kubelets, the real controllers create the Pods and the real scheduler binds them. Checked with kubectl.
 * Uses the run's shared kind cluster and leaves it as it found it.
 */

const run = promisify(execFile);

describe('node agent on a real control plane: the kind shape', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let controlPlaneNode: string;
  let worker: string;
  let worker2: string;

  async function kubectl(...args: string[]): Promise<Loose> {
    const { stdout } = await run('kubectl', [...args, '-o', 'json'], { maxBuffer: 64 << 20, env: cluster.env });
    return JSON.parse(stdout) as Loose;
  }
  const kubectlDo = (...args: string[]) => run('kubectl', args, { env: cluster.env });
  const ready = (object: Loose) =>
    (object.status?.conditions as Loose[] | undefined)?.find((condition) => condition.type === 'Ready')?.status;
  const kubeSystemPods = async (selector: string) => (await kubectl('get', 'pods', '-n', 'kube-system', '-l', selector)).items as Loose[];

  before(async () => {
    const started = Date.now();
    cluster = await realCluster('kind');
    [controlPlaneNode, worker, worker2] = cluster.shape.nodes.map((node) => node.name) as [string, string, string];
    console.log(`      kind cluster ready after ${((Date.now() - started) / 1000).toFixed(1)} s (0 when an earlier file started it)`);
  });

  it('registers three Ready nodes with their runtime, kubelet version, roles and taint', async () => {
    const nodes = (await kubectl('get', 'nodes')).items as Loose[];
    assert.deepEqual(nodes.map((node) => node.metadata.name).sort(), [controlPlaneNode, worker, worker2].sort());
    for (const node of nodes) {
      assert.equal(ready(node), 'True', node.metadata.name);
      assert.match(node.status.nodeInfo.containerRuntimeVersion, /^containerd:\/\//);
      assert.equal(node.status.nodeInfo.kubeletVersion, cluster.shape.nodes[0]!.info.kubeletVersion);
      assert.match(node.spec.podCIDR, /^10\.244\.\d+\.0\/24$/, 'the real controller manager assigns podCIDRs');
      assert.equal(node.metadata.annotations['node.alpha.kubernetes.io/ttl'], '0', 'the real TTL controller annotates');
    }
    const control = nodes.find((node) => node.metadata.name === controlPlaneNode)!;
    assert.equal(control.metadata.labels['node-role.kubernetes.io/control-plane'], '');
    assert.deepEqual(control.spec.taints, [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    const managed = await kubectl('get', 'node', controlPlaneNode, '--show-managed-fields');
    const writers = (managed.metadata.managedFields as Loose[]).map((entry) => entry.manager);
    assert.ok(writers.includes('kubelet') && writers.includes('kubeadm'), writers.join(', '));
  });

  it('publishes the four mirror Pods on the control-plane node, labelled and annotated like kubelet', async () => {
    const pods = await kubeSystemPods('tier=control-plane');
    assert.deepEqual(
      pods.map((pod) => pod.metadata.name).sort(),
      ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((name) => `${name}-${controlPlaneNode}`),
    );
    for (const pod of pods) {
      assert.ok(pod.metadata.annotations['kubernetes.io/config.mirror']);
      assert.equal(pod.metadata.annotations['kubernetes.io/config.source'], 'file');
      assert.equal(pod.metadata.ownerReferences[0].kind, 'Node');
      assert.equal(pod.spec.nodeName, controlPlaneNode);
      assert.equal(pod.spec.priority, 2000001000, 'the Priority admission plugin resolved system-node-critical');
      assert.equal(pod.status.phase, 'Running');
      assert.equal(pod.status.podIP, cluster.shape.nodes[0]!.internalIP);
    }
  });

  it('runs kube-proxy and kindnet on all three nodes: created by the DaemonSet controller, bound by the scheduler', async () => {
    for (const selector of ['k8s-app=kube-proxy', 'app=kindnet']) {
      const pods = await kubeSystemPods(selector);
      assert.deepEqual(pods.map((pod) => pod.spec.nodeName).sort(), [controlPlaneNode, worker, worker2].sort(), selector);
      for (const pod of pods) {
        assert.equal(pod.metadata.ownerReferences[0].kind, 'DaemonSet');
        assert.equal(ready(pod), 'True');
      }
    }
    const events = (await kubectl('get', 'events', '-n', 'kube-system', '--field-selector', 'reason=Scheduled')).items as Loose[];
    // The 1.20 scheduler records events.k8s.io Events: reportingComponent, not source.component.
    assert.ok(
      events.some((event) => event.reportingComponent === 'default-scheduler' && /^kindnet-/.test(event.involvedObject.name)),
      'no Scheduled event from default-scheduler',
    );
  });

  it('has CoreDNS 2/2 Ready, spread over two nodes by its preferred anti-affinity', async () => {
    const deployment = await kubectl('get', 'deployment', '-n', 'kube-system', 'coredns');
    assert.equal(deployment.status.readyReplicas, 2);
    const pods = await kubeSystemPods('k8s-app=kube-dns');
    assert.equal(new Set(pods.map((pod) => pod.spec.nodeName)).size, 2);
    for (const pod of pods) assert.match(pod.status.podIP, /^10\.244\.\d+\.\d+$/);
  });

  it('keeps Pods that do not tolerate the control-plane taint on the workers', async () => {
    // kubeadm's CoreDNS tolerates the taint, so it may land on the control plane; a plain Deployment may not.
    await kubectlDo('create', 'deployment', 'web', '--image=registry.k8s.io/pause:3.10', '--replicas=4');
    const pods = await until(
      'web 4/4 running',
      async () => {
        const items = (await kubectl('get', 'pods', '-n', 'default', '-l', 'app=web')).items as Loose[];
        return items.length === 4 && items.every((pod) => ready(pod) === 'True') && items;
      },
      60_000,
      500,
    );
    assert.deepEqual(
      [...new Set(pods.map((pod) => pod.spec.nodeName))].filter((node) => node === controlPlaneNode),
      [],
    );
    await kubectlDo('delete', 'deployment', 'web', '--wait=false');
    await until(
      'web gone',
      async () => ((await kubectl('get', 'pods', '-n', 'default', '-l', 'app=web')).items as Loose[]).length === 0,
      60_000,
      500,
    );
  });

  it('renews one Lease per node, owned by its Node, every 10 s', async () => {
    const first = (await kubectl('get', 'leases', '-n', 'kube-node-lease')).items as Loose[];
    assert.deepEqual(first.map((lease) => lease.spec.holderIdentity).sort(), [controlPlaneNode, worker, worker2].sort());
    for (const lease of first) {
      assert.equal(lease.spec.leaseDurationSeconds, 40);
      assert.equal(lease.metadata.ownerReferences[0].kind, 'Node');
    }
    await until(
      'every Lease renewed',
      async () => {
        const now = (await kubectl('get', 'leases', '-n', 'kube-node-lease')).items as Loose[];
        return now.every(
          (lease) =>
            Date.parse(lease.spec.renewTime) > Date.parse(first.find((old) => old.metadata.name === lease.metadata.name)!.spec.renewTime),
        );
      },
      25_000,
      1000,
    );
  });

  it('recreates a deleted mirror Pod, as kubelet does from its manifest folder', async () => {
    const name = `kube-scheduler-${controlPlaneNode}`;
    const before = await kubectl('get', 'pod', '-n', 'kube-system', name);
    await kubectlDo('delete', 'pod', '-n', 'kube-system', name, '--wait=false');
    const after = await until(
      'the mirror Pod back with a new uid',
      async () => {
        const pods = await kubeSystemPods('component=kube-scheduler');
        return pods.find((pod) => pod.metadata.name === name && pod.metadata.uid !== before.metadata.uid && pod.status.phase === 'Running');
      },
      30_000,
      500,
    );
    assert.ok(after.metadata.annotations['kubernetes.io/config.mirror']);
  });

  it('finishes the deletion of a Pod on its node; the ReplicaSet replaces it', async () => {
    const [victim] = await kubeSystemPods('k8s-app=kube-dns');
    await kubectlDo('delete', 'pod', '-n', 'kube-system', victim!.metadata.name, '--wait=false');
    await until(
      'the deleted Pod gone and CoreDNS 2/2 again',
      async () => {
        const pods = await kubeSystemPods('k8s-app=kube-dns');
        return (
          !pods.some((pod) => pod.metadata.uid === victim!.metadata.uid) && pods.length === 2 && pods.every((pod) => ready(pod) === 'True')
        );
      },
      30_000,
      500,
    );
  });

  it('turns a node Unknown after the real grace period once its heartbeat stops, and Ready when it resumes', async () => {
    const stoppedAt = Date.now();
    cluster.agent.stopHeartbeat(worker2);
    // The node lifecycle controller writes the condition and the unreachable taint in separate updates.
    const unknown = await until(
      'Ready=Unknown and the unreachable taint',
      async () => {
        const node = await kubectl('get', 'node', worker2);
        return (
          ready(node) === 'Unknown' &&
          ((node.spec.taints ?? []) as Loose[]).some((taint) => taint.key === 'node.kubernetes.io/unreachable') &&
          node
        );
      },
      90_000,
      1000,
    );
    const seconds = (Date.now() - stoppedAt) / 1000;
    console.log(`      ${worker2} Unknown ${seconds.toFixed(0)} s after its last heartbeat`);
    assert.ok(seconds >= 30, `Unknown after ${seconds} s: before the 40 s grace period`);
    const condition = (unknown.status.conditions as Loose[]).find((c) => c.type === 'Ready')!;
    assert.equal(condition.reason, 'NodeStatusUnknown');
    assert.ok((unknown.spec.taints as Loose[]).some((taint) => taint.key === 'node.kubernetes.io/unreachable'));
    cluster.agent.resumeHeartbeat(worker2);
    await until('Ready again', async () => ready(await kubectl('get', 'node', worker2)) === 'True', 30_000, 1000);
  });

  it('rides out a kube-apiserver outage longer than a renewal period, as kubelet does: no error, every Lease renewed after', async () => {
    const renewTimes = async () =>
      new Map(
        ((await kubectl('get', 'leases', '-n', 'kube-node-lease')).items as Loose[]).map((lease) => [
          lease.metadata.name as string,
          Date.parse(lease.spec.renewTime),
        ]),
      );
    const errorsBefore = cluster.agentErrors.length;
    await cluster.controlPlane.kill('kube-apiserver');
    // Longer than the 10 s renewal period, so every node's renewal meets a refused connection at least once.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const back = Date.now();
    await cluster.controlPlane.restart('kube-apiserver');
    await until(
      'every Lease renewed after the restart',
      async () => {
        const times = await renewTimes().catch(() => new Map<string, number>());
        return times.size === 3 && [...times.values()].every((time) => time >= back - 1000);
      },
      60_000,
      1000,
    );
    assert.deepEqual(cluster.agentErrors.slice(errorsBefore), []);
  });

  it('reported no errors', () => {
    assert.deepEqual(cluster.agentErrors, []);
  });
});
