import * as assert from 'node:assert/strict';
import { mirrorPodName } from '../support/nodeAgent';
import { cidrContains, collectionPath } from '../support/shapes/objects';
import { shapes, type ClusterShape } from '../support/shapes';
import type { Loose } from '../support/kubeApi';

/** The shapes as data: what each platform's API would show, checked without a server. */

function objectsOf(shape: ClusterShape, kind: string): Loose[] {
  return shape.objects.flatMap((group) => group.objects).filter((object) => object.kind === kind);
}

function mirrorNames(shape: ClusterShape): string[] {
  return shape.nodes.flatMap((node) => node.staticPods.map((pod) => mirrorPodName(pod, node.name)));
}

function allLabels(node: ClusterShape['nodes'][number]): Record<string, string> {
  return Object.assign({}, node.labels, ...(node.setBy ?? []).map((writer) => writer.labels ?? {}));
}

function allTaints(node: ClusterShape['nodes'][number]): string[] {
  return (node.registerTaints ?? []).map((taint) => `${taint.key}:${taint.effect}`);
}

describe('cluster shapes', () => {
  for (const [name, make] of Object.entries(shapes)) {
    describe(name, () => {
      const shape = make();

      it('names nodes and objects as the API accepts them, each once', () => {
        const nameRule = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
        const names = shape.nodes.map((node) => node.name);
        assert.deepEqual(
          names.filter((node) => !nameRule.test(node) || node.length > 253),
          [],
        );
        assert.equal(new Set(names).size, names.length);
        const keys = shape.objects
          .flatMap((group) => group.objects)
          .map((object) => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`);
        assert.equal(new Set(keys).size, keys.length, 'an object is seeded twice');
        assert.equal(new Set(mirrorNames(shape)).size, mirrorNames(shape).length);
      });

      it('puts every Service in its service CIDR and kube-dns at the tenth address', () => {
        for (const service of objectsOf(shape, 'Service'))
          assert.ok(
            cidrContains(shape.serviceCidr, service.spec.clusterIP),
            `${service.metadata.name} ${service.spec.clusterIP} outside ${shape.serviceCidr}`,
          );
        const dns = objectsOf(shape, 'Service').find((service) => service.metadata.name === 'kube-dns');
        assert.ok(dns, 'no kube-dns Service');
        assert.equal(dns.spec.clusterIP.split('.').at(-1), '10');
      });

      it('has a container runtime and kubelet version on every node, and a cluster DNS Deployment', () => {
        for (const node of shape.nodes) assert.match(node.info.containerRuntimeVersion, /^(containerd|docker):\/\/\d/);
        assert.ok(objectsOf(shape, 'Deployment').some((deployment) => deployment.spec.selector.matchLabels['k8s-app'] === 'kube-dns'));
      });
    });
  }

  it('kind: one tainted control-plane node with the four static Pods, two workers, kube-proxy and kindnet DaemonSets', () => {
    const shape = shapes.kind();
    assert.deepEqual(
      shape.nodes.map((node) => node.name),
      ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2'],
    );
    assert.deepEqual(
      mirrorNames(shape),
      ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((pod) => `${pod}-multi-node-control-plane`),
    );
    assert.deepEqual(allTaints(shape.nodes[0]!), ['node-role.kubernetes.io/control-plane:NoSchedule']);
    assert.equal(allLabels(shape.nodes[0]!)['node-role.kubernetes.io/control-plane'], '');
    assert.equal(allLabels(shape.nodes[0]!)['node-role.kubernetes.io/master'], undefined);
    assert.deepEqual(
      objectsOf(shape, 'DaemonSet')
        .map((ds) => ds.metadata.name)
        .sort(),
      ['kindnet', 'kube-proxy'],
    );
    for (const ds of objectsOf(shape, 'DaemonSet')) assert.deepEqual(ds.spec.template.spec.tolerations, [{ operator: 'Exists' }]);
    assert.equal(objectsOf(shape, 'Deployment').find((d) => d.metadata.name === 'coredns')!.spec.replicas, 2);
    assert.ok(
      objectsOf(shape, 'Deployment').some(
        (d) => d.metadata.namespace === 'local-path-storage' && d.metadata.name === 'local-path-provisioner',
      ),
    );
    assert.equal(shape.nodes[1]!.providerID, 'kind://docker/multi-node/multi-node-worker');
  });

  it('kind grows to thousands of workers with a cluster CIDR that has a range for each', () => {
    const shape = shapes.kind({ workers: 5000 });
    assert.equal(shape.nodes.length, 5001);
    assert.equal(new Set(shape.nodes.map((node) => node.internalIP)).size, 5001);
    const bits = Number(shape.clusterCidr.split('/')[1]);
    assert.ok(2 ** (24 - bits) >= 5001, `${shape.clusterCidr} holds too few /24 ranges`);
  });

  it('hosted shapes: no control-plane node, no control-plane Pod, the cloud in providerID and labels', () => {
    const expectations: Record<string, { provider: RegExp; label: string; daemonSets: string[] }> = {
      'hosted-eks': {
        provider: /^aws:\/\/\/us-west-2[abc]\/i-0[0-9a-f]{16}$/,
        label: 'eks.amazonaws.com/nodegroup',
        daemonSets: ['aws-node', 'kube-proxy'],
      },
      'hosted-gke': {
        provider: /^gce:\/\/anatomy-demo\/us-central1-a\/gke-/,
        label: 'cloud.google.com/gke-nodepool',
        daemonSets: ['fluentbit-gke', 'pdcsi-node'],
      },
      'hosted-aks': {
        provider:
          /^azure:\/\/\/subscriptions\/[^/]+\/resourceGroups\/mc_[^/]+\/providers\/Microsoft.Compute\/virtualMachineScaleSets\/aks-nodepool1-\d+-vmss\/virtualMachines\/\d+$/,
        label: 'kubernetes.azure.com/agentpool',
        daemonSets: ['azure-cns', 'azure-ip-masq-agent', 'cloud-node-manager', 'csi-azuredisk-node', 'kube-proxy'],
      },
    };
    for (const [name, expected] of Object.entries(expectations)) {
      const shape = shapes[name as keyof typeof shapes]();
      for (const node of shape.nodes) {
        assert.match(node.providerID ?? '', expected.provider);
        assert.ok(allLabels(node)[expected.label], `${name}: ${node.name} lacks ${expected.label}`);
        assert.ok(allLabels(node)['topology.kubernetes.io/zone'], `${name}: ${node.name} lacks its zone`);
        assert.deepEqual(
          Object.keys(allLabels(node)).filter((key) => key.startsWith('node-role.kubernetes.io/')),
          [],
        );
        assert.deepEqual(
          node.staticPods.filter((pod) => pod.labels.tier === 'control-plane'),
          [],
        );
      }
      assert.deepEqual(
        objectsOf(shape, 'DaemonSet')
          .map((ds) => ds.metadata.name)
          .sort(),
        expected.daemonSets,
      );
    }
    // GKE runs kube-proxy as a static Pod on every node; EKS's API servers are two.
    const gke = shapes['hosted-gke']();
    assert.deepEqual(
      gke.nodes.map((node) => node.staticPods.map((pod) => `${pod.name}/${pod.labels.tier}`)),
      gke.nodes.map(() => ['kube-proxy/node']),
    );
    assert.equal(shapes['hosted-eks']().apiServerAddresses.length, 2);
    assert.deepEqual(
      objectsOf(shapes['hosted-aks'](), 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
      ['coredns', 'coredns-autoscaler'],
    );
  });

  it('k3s: a server node labelled control-plane and master "true", no static Pods, no kube-proxy or flannel Pods', () => {
    const shape = shapes.k3s();
    const [server, agent] = shape.nodes;
    assert.equal(allLabels(server!)['node-role.kubernetes.io/control-plane'], 'true');
    assert.equal(allLabels(server!)['node-role.kubernetes.io/master'], 'true');
    assert.equal(allLabels(agent!)['node-role.kubernetes.io/master'], undefined);
    assert.equal(server!.annotations['k3s.io/node-args'], '["server"]');
    assert.match(server!.info.containerRuntimeVersion, /^containerd:\/\/.*-k3s1$/);
    assert.deepEqual(mirrorNames(shape), []);
    const workloads = [...objectsOf(shape, 'Deployment'), ...objectsOf(shape, 'DaemonSet')].map((object) => object.metadata.name);
    assert.deepEqual(
      workloads.filter((name) => /kube-proxy|flannel|cloud-controller/.test(name)),
      [],
    );
    assert.deepEqual(
      objectsOf(shape, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
      ['coredns', 'local-path-provisioner', 'metrics-server', 'traefik'],
    );
    assert.deepEqual(
      objectsOf(shape, 'Job')
        .map((job) => job.metadata.name)
        .sort(),
      ['helm-install-traefik', 'helm-install-traefik-crd'],
    );
    const svclb = objectsOf(shape, 'DaemonSet');
    assert.equal(svclb.length, 1);
    assert.equal(svclb[0]!.metadata.labels['svccontroller.k3s.cattle.io/svcname'], 'traefik');
    assert.equal(objectsOf(shape, 'Service').find((service) => service.metadata.name === 'traefik')!.spec.type, 'LoadBalancer');
  });

  it('kubeadm-ha: three control-plane nodes with three static Pods each, no etcd Pod, external etcd servers', () => {
    const shape = shapes['kubeadm-ha']();
    const controlPlanes = shape.nodes.filter((node) => allLabels(node)['node-role.kubernetes.io/control-plane'] === '');
    assert.equal(controlPlanes.length, 3);
    for (const node of controlPlanes) {
      assert.deepEqual(
        node.staticPods.map((pod) => pod.name),
        ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'],
      );
      const command = node.staticPods[0]!.containers[0]!.command as string[];
      const servers = command
        .find((flag) => flag.startsWith('--etcd-servers='))!
        .slice('--etcd-servers='.length)
        .split(',');
      assert.equal(servers.length, 3);
      for (const server of servers) assert.doesNotMatch(server, /127\.0\.0\.1|localhost/);
    }
    assert.deepEqual(
      mirrorNames(shape).filter((name) => name.startsWith('etcd-')),
      [],
    );
    assert.deepEqual(
      shape.apiServerAddresses,
      controlPlanes.map((node) => node.internalIP),
    );
    assert.deepEqual(
      objectsOf(shape, 'DaemonSet')
        .map((ds) => ds.metadata.name)
        .sort(),
      ['calico-node', 'kube-proxy'],
    );
  });

  it('old-master: only the master label and taint, Cilium instead of kube-proxy, a dead kubelet, docker on kubelet v1.20', () => {
    const shape = shapes['old-master']();
    const [master] = shape.nodes;
    assert.deepEqual(
      Object.keys(allLabels(master!)).filter((key) => key.startsWith('node-role.kubernetes.io/')),
      ['node-role.kubernetes.io/master'],
    );
    assert.deepEqual(allTaints(master!), ['node-role.kubernetes.io/master:NoSchedule']);
    assert.equal(shape.nodes.filter((node) => node.kubeletDead).length, 1);
    assert.ok(
      shape.nodes.some(
        (node) => node.info.containerRuntimeVersion.startsWith('docker://') && node.info.kubeletVersion.startsWith('v1.20.'),
      ),
    );
    assert.equal(
      objectsOf(shape, 'ConfigMap').find((map) => map.metadata.name === 'cilium-config')!.data['kube-proxy-replacement'],
      'strict',
    );
    const workloads = [...objectsOf(shape, 'DaemonSet'), ...objectsOf(shape, 'Deployment')].map((object) => object.metadata.name).sort();
    assert.deepEqual(workloads, ['cilium', 'cilium-operator', 'coredns']);
  });
});

describe('seeding', () => {
  it('posts each kind to its collection', () => {
    assert.equal(
      collectionPath({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'kubernetes', namespace: 'default' } }),
      '/api/v1/namespaces/default/endpoints',
    );
    assert.equal(
      collectionPath({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'standard' } }),
      '/apis/storage.k8s.io/v1/storageclasses',
    );
    assert.equal(
      collectionPath({
        apiVersion: 'discovery.k8s.io/v1beta1',
        kind: 'EndpointSlice',
        metadata: { name: 'kubernetes', namespace: 'default' },
      }),
      '/apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices',
    );
    assert.equal(
      collectionPath({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'kindnet', namespace: 'kube-system' } }),
      '/apis/apps/v1/namespaces/kube-system/daemonsets',
    );
  });

  it('gives every EKS node of a large node group its own address', () => {
    const nodes = shapes['hosted-eks']({ workers: 2000 }).nodes;
    assert.equal(new Set(nodes.map((node) => node.internalIP)).size, 2000);
    assert.equal(new Set(nodes.map((node) => node.name)).size, 2000);
  });
});
