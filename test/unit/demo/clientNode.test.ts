import * as assert from 'node:assert/strict';
import type { KubeConfig, V1Pod } from '@kubernetes/client-node';
import { loadKubeClient } from '../../../src/core/kube/loadClient';
import { startDemo, type RunningDemo } from '../../support/demo';

describe('demo cluster with @kubernetes/client-node', function () {
  let demo: RunningDemo;
  let kubeConfig: KubeConfig;

  before(async () => {
    demo = await startDemo({ timeScale: 20, leaseRenewSeconds: 0.2 });
    const kube = await loadKubeClient();
    kubeConfig = new kube.KubeConfig();
    kubeConfig.loadFromString(demo.cluster.kubeconfigYaml());
  });
  after(async () => {
    await demo?.stop();
  });

  it('reads the kubeconfig the cluster writes: context, server and CA', () => {
    assert.equal(kubeConfig.getCurrentContext(), 'kind-multi-node');
    assert.equal(kubeConfig.getCurrentCluster()?.server, demo.cluster.server);
    assert.equal(demo.cluster.kubeconfigYaml('other').includes('current-context: "other"'), true);
  });

  it('lists nodes and kube-system Pods through the typed API', async () => {
    const kube = await loadKubeClient();
    const core = kubeConfig.makeApiClient(kube.CoreV1Api);
    const nodes = await core.listNode();
    assert.deepEqual(
      nodes.items.map((node) => node.metadata?.name),
      ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2'],
    );
    assert.equal(nodes.items[0]!.status?.nodeInfo?.kubeletVersion, 'v1.37.0');
    assert.ok(
      nodes.items[0]!.spec?.taints?.some((taint) => taint.key === 'node-role.kubernetes.io/control-plane' && taint.effect === 'NoSchedule'),
    );
    const staticPods = await core.listNamespacedPod({ namespace: 'kube-system', labelSelector: 'tier=control-plane' });
    assert.equal(staticPods.items.length, 4);
    for (const pod of staticPods.items) {
      assert.ok(pod.metadata?.annotations?.['kubernetes.io/config.mirror']);
      assert.equal(pod.spec?.hostNetwork, true);
      assert.equal(pod.spec?.priorityClassName, 'system-node-critical');
      assert.equal(pod.metadata?.ownerReferences?.[0]?.kind, 'Node');
    }
    const apps = kubeConfig.makeApiClient(kube.AppsV1Api);
    const coredns = await apps.readNamespacedDeployment({ name: 'coredns', namespace: 'kube-system' });
    assert.equal(coredns.spec?.replicas, 2);
    const replicaSets = await apps.listNamespacedReplicaSet({ namespace: 'kube-system' });
    assert.equal(replicaSets.items[0]!.metadata?.ownerReferences?.[0]?.uid, coredns.metadata?.uid);
    const dsPods = await core.listNamespacedPod({ namespace: 'kube-system', labelSelector: 'k8s-app=kube-proxy' });
    assert.ok(
      dsPods.items.every((pod) => pod.spec?.tolerations?.some((toleration) => toleration.operator === 'Exists' && !toleration.key)),
    );
  });

  it('records managedFields with the managers a real cluster records', async () => {
    const kube = await loadKubeClient();
    const core = kubeConfig.makeApiClient(kube.CoreV1Api);
    const node = await core.readNode({ name: 'multi-node-control-plane' });
    const managers = node.metadata?.managedFields?.map((entry) => `${entry.manager}${entry.subresource ? `/${entry.subresource}` : ''}`);
    assert.deepEqual(managers, ['kubelet', 'kubeadm', 'kube-controller-manager', 'kubelet/status']);
    const kubeadmEntry = node.metadata!.managedFields![1]!.fieldsV1 as Record<string, Record<string, Record<string, unknown>>>;
    assert.ok(kubeadmEntry['f:metadata']!['f:labels']!['f:node-role.kubernetes.io/control-plane']);
  });

  it('watches Leases with the Watch helper and sees renewals', async () => {
    const kube = await loadKubeClient();
    const watch = new kube.Watch(kubeConfig);
    const seen: string[] = [];
    let resolveSeen: () => void;
    const enough = new Promise<void>((resolve) => (resolveSeen = resolve));
    const controller = await watch.watch(
      '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
      { resourceVersion: String(demo.cluster.control.resourceVersion()) },
      (type, object: { metadata: { name: string } }) => {
        seen.push(`${type} ${object.metadata.name}`);
        if (seen.length >= 4) resolveSeen();
      },
      () => undefined,
    );
    await enough;
    controller.abort();
    assert.ok(seen.every((line) => line.startsWith('MODIFIED ')));
  });

  it('an informer follows a Pod deletion and its replacement, and relists after 410 Expired', async () => {
    const kube = await loadKubeClient();
    const core = kubeConfig.makeApiClient(kube.CoreV1Api);
    const path = '/api/v1/namespaces/kube-system/pods';
    const informer = kube.makeInformer(kubeConfig, path, () => core.listNamespacedPod({ namespace: 'kube-system' }));
    const added: string[] = [];
    const deleted: string[] = [];
    const errors: unknown[] = [];
    informer.on('add', (pod: V1Pod) => added.push(pod.metadata!.name!));
    informer.on('delete', (pod: V1Pod) => deleted.push(pod.metadata!.name!));
    informer.on('error', (error) => errors.push(error));
    await informer.start();
    try {
      assert.equal(informer.list().length, 12);
      const waitFor = async (predicate: () => boolean, what: string) => {
        for (let attempt = 0; attempt < 100 && !predicate(); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
        assert.ok(predicate(), what);
      };
      // 410: the server compacts and ends the watch; the informer relists and watches again.
      assert.ok(demo.cluster.control.expireWatches() >= 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const victim = informer.list().find((pod) => pod.metadata?.labels?.['k8s-app'] === 'kube-dns')!.metadata!.name!;
      const addedBefore = added.length;
      demo.cluster.control.deletePod('kube-system', victim);
      await waitFor(() => deleted.includes(victim), 'the deleted Pod leaves the cache');
      await waitFor(
        () => added.slice(addedBefore).some((name) => name.startsWith('coredns-') && name !== victim),
        'the replacement enters the cache',
      );
      assert.deepEqual(errors, []);
    } finally {
      await informer.stop();
    }
  });

  it('a cut connection ends the watch with an error the client sees', async () => {
    const kube = await loadKubeClient();
    const watch = new kube.Watch(kubeConfig);
    const done = new Promise<unknown>((resolve) => {
      void watch.watch(
        '/api/v1/nodes',
        {},
        () => undefined,
        (error) => resolve(error ?? 'closed'),
      );
    });
    for (let attempt = 0; attempt < 50 && demo.cluster.control.activeWatches() === 0; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(demo.cluster.control.cutWatches(), 1);
    assert.ok(await done);
    assert.equal(demo.cluster.control.activeWatches(), 0);
  });

  it('reports 403 with the RBAC message through the client', async () => {
    const kube = await loadKubeClient();
    const core = kubeConfig.makeApiClient(kube.CoreV1Api);
    demo.cluster.control.forbid('nodes');
    try {
      await assert.rejects(core.listNode(), (error: { code?: number; body?: string }) => {
        assert.equal(error.code, 403);
        const status = JSON.parse(error.body!);
        assert.equal(status.reason, 'Forbidden');
        assert.equal(
          status.message,
          'nodes is forbidden: User "kubernetes-admin" cannot list resource "nodes" in API group "" at the cluster scope',
        );
        assert.deepEqual(status.details, { kind: 'nodes' });
        return true;
      });
    } finally {
      demo.cluster.control.allow('nodes');
    }
    assert.equal((await core.listNode()).items.length, 3);
  });
});
