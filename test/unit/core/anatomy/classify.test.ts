import * as assert from 'node:assert/strict';
import { buildAnatomy, classifyPod, type OwnerLookup } from '../../../../src/core/anatomy/classify';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import { slimLease, slimNode, slimPod, slimService, slimWorkload } from '../../../../src/core/kube/slim';
import { lease, node, pod, service, staticPod, workload } from '../../../support/builders';

interface Cluster {
  nodes?: Record<string, unknown>[];
  pods?: Record<string, unknown>[];
  replicaSets?: Record<string, unknown>[] | 'forbidden';
  deployments?: Record<string, unknown>[];
  daemonSets?: Record<string, unknown>[];
  services?: Record<string, unknown>[];
  leases?: Record<string, unknown>[];
  server?: string;
}

const NOW = Date.parse('2026-12-01T12:00:00Z');

function anatomyOf(cluster: Cluster): ClusterAnatomy {
  const replicaSets = cluster.replicaSets === 'forbidden' ? undefined : (cluster.replicaSets ?? []).map(slimWorkload);
  const deployments = (cluster.deployments ?? []).map(slimWorkload);
  const lookup: OwnerLookup = {
    replicaSetOwner: (_ns, name) => {
      if (!replicaSets) return undefined;
      const rs = replicaSets.find((r) => r.metadata.name === name);
      return rs ? (rs.metadata.ownerReferences[0] ?? null) : null;
    },
    hasDeployment: (_ns, name) => deployments.some((d) => d.metadata.name === name),
  };
  return buildAnatomy({
    context: 'test',
    server: cluster.server ?? 'https://127.0.0.1:6443',
    serverVersion: 'v1.37.0',
    nodes: (cluster.nodes ?? []).map(slimNode),
    pods: (cluster.pods ?? []).map(slimPod).map((p) => ({ pod: p, classification: classifyPod(p, lookup) })),
    daemonSets: (cluster.daemonSets ?? []).map(slimWorkload),
    deployments,
    services: (cluster.services ?? []).map(slimService),
    leases: new Map((cluster.leases ?? []).map(slimLease).map((l) => [l.metadata.name, l])),
    unreadable: cluster.replicaSets === 'forbidden' ? [{ resource: 'replicasets', reason: 'forbidden' }] : [],
    now: NOW,
  });
}

function kindCluster(): Cluster {
  const cp = 'multi-node-control-plane';
  const workers = ['multi-node-worker', 'multi-node-worker2'];
  const all = [cp, ...workers];
  return {
    nodes: [node({ name: cp, controlPlane: true }), ...workers.map((name) => node({ name }))],
    pods: [
      ...['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((c) => staticPod(c, cp)),
      ...all.map((n, i) => pod({ name: `kube-proxy-${i}abcd`, nodeName: n, labels: { 'k8s-app': 'kube-proxy' }, owner: { kind: 'DaemonSet', name: 'kube-proxy' }, hostNetwork: true })),
      ...all.map((n, i) => pod({ name: `kindnet-${i}wxyz`, nodeName: n, labels: { app: 'kindnet', 'k8s-app': 'kindnet' }, owner: { kind: 'DaemonSet', name: 'kindnet' }, images: ['docker.io/kindest/kindnetd:v20250512'] })),
      pod({ name: 'coredns-7db6d8ff4d-aaaaa', nodeName: cp, labels: { 'k8s-app': 'kube-dns' }, owner: { kind: 'ReplicaSet', name: 'coredns-7db6d8ff4d' } }),
      pod({ name: 'coredns-7db6d8ff4d-bbbbb', nodeName: workers[0], labels: { 'k8s-app': 'kube-dns' }, owner: { kind: 'ReplicaSet', name: 'coredns-7db6d8ff4d' } }),
    ],
    replicaSets: [workload('ReplicaSet', 'coredns-7db6d8ff4d', { desired: 2, owner: { kind: 'Deployment', name: 'coredns' } })],
    deployments: [workload('Deployment', 'coredns', { desired: 2 })],
    daemonSets: [workload('DaemonSet', 'kube-proxy', { desired: 3 }), workload('DaemonSet', 'kindnet', { desired: 3, ready: 2 })],
    services: [service('kube-dns', { 'k8s-app': 'kube-dns' })],
    leases: all.map((n) => lease(n, '2026-12-01T11:59:57Z')),
  };
}

describe('anatomy classification', () => {
  it('recognises the kind cluster of the article: static Pods, DaemonSets, the coredns Deployment', () => {
    const anatomy = anatomyOf(kindCluster());
    assert.equal(anatomy.controlPlane.mode, 'static-pods');
    assert.ok(anatomy.controlPlane.evidence.some((e) => e.key === 'kubernetes.io/config.mirror'));
    assert.equal(anatomy.controlPlane.highlyAvailable, false);
    assert.equal(anatomy.controlPlane.externalEtcd, false);
    const [cp, w1, w2] = anatomy.nodes;
    assert.deepEqual([cp.name, cp.role, w1.role, w2.role], ['multi-node-control-plane', 'control-plane', 'worker', 'worker']);
    assert.ok(cp.roleEvidence.some((e) => e.kind === 'label' && e.key === 'node-role.kubernetes.io/control-plane'));
    const staticPods = cp.components.filter((c) => c.source === 'static').map((c) => c.component);
    assert.deepEqual(staticPods, ['kube-apiserver', 'etcd', 'kube-controller-manager', 'kube-scheduler']);
    for (const n of anatomy.nodes) {
      assert.equal(n.components.filter((c) => c.component === 'kube-proxy' && c.source === 'daemonset').length, 1, n.name);
      const cni = n.components.find((c) => c.component === 'cni');
      assert.equal(cni?.cniName, 'kindnet');
    }
    const coredns = anatomy.nodes.flatMap((n) => n.components).filter((c) => c.component === 'coredns');
    assert.equal(coredns.length, 2);
    assert.ok(coredns.every((c) => c.source === 'deployment' && c.owner === 'Deployment/coredns'));
    const addon = anatomy.addons.find((a) => a.kind === 'Deployment' && a.name === 'coredns');
    assert.deepEqual(addon?.nodes, ['multi-node-control-plane', 'multi-node-worker']);
    assert.equal(anatomy.addons.find((a) => a.name === 'kindnet')?.ready, false, 'kindnet 2/3 is not ready');
    assert.equal(anatomy.addons.find((a) => a.kind === 'Service')?.component, 'coredns');
    assert.deepEqual(anatomy.absent.map((a) => [a.component, a.reasonCode]), [['cloud-controller-manager', 'no-cloud-provider']]);
    assert.equal(cp.lease?.ageSeconds, 3);
    assert.equal(cp.kubeletVersion, 'v1.37.0');
  });

  it('records the mirror annotation and the node owner as the evidence of a static Pod', () => {
    const p = slimPod(staticPod('kube-scheduler', 'cp1'));
    const c = classifyPod(p, { replicaSetOwner: () => null, hasDeployment: () => false });
    assert.equal(c.source, 'static');
    assert.equal(c.owner, 'Node/cp1');
    assert.deepEqual(c.evidence.map((e) => `${e.kind}:${e.key}`), ['label:component', 'annotation:kubernetes.io/config.mirror', 'owner:Node/cp1']);
  });

  it('names static Pods without kubeadm labels from their name', () => {
    const p = slimPod(staticPod('etcd', 'cp1', false));
    const c = classifyPod(p, { replicaSetOwner: () => null, hasDeployment: () => false });
    assert.equal(c.component, 'etcd');
    assert.equal(c.evidence[0].kind, 'name');
  });

  it('falls back to the ReplicaSet name when ReplicaSets cannot be read', () => {
    const cluster = kindCluster();
    cluster.replicaSets = 'forbidden';
    const anatomy = anatomyOf(cluster);
    const coredns = anatomy.nodes.flatMap((n) => n.components).find((c) => c.component === 'coredns');
    assert.equal(coredns?.source, 'deployment');
    assert.ok(coredns?.evidence.some((e) => e.kind === 'name' && e.key === 'Deployment/coredns'));
    assert.deepEqual(anatomy.unreadable, [{ resource: 'replicasets', reason: 'forbidden' }]);
  });

  it('recognises kubeadm HA with three control-plane nodes and external etcd', () => {
    const cps = ['cp1', 'cp2', 'cp3'];
    const anatomy = anatomyOf({
      nodes: [...cps.map((name) => node({ name, controlPlane: true })), node({ name: 'w1' })],
      pods: cps.flatMap((n) => ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((c) => staticPod(c, n))),
    });
    assert.equal(anatomy.controlPlane.mode, 'static-pods');
    assert.equal(anatomy.controlPlane.highlyAvailable, true);
    assert.equal(anatomy.controlPlane.externalEtcd, true);
    assert.equal(anatomy.nodes.filter((n) => n.role === 'control-plane').length, 3);
    assert.equal(anatomy.absent.find((a) => a.component === 'etcd')?.reasonCode, 'external-etcd');
  });

  it('recognises k3s: an embedded control plane without control-plane Pods', () => {
    const anatomy = anatomyOf({
      nodes: [
        node({ name: 'server', controlPlane: true, legacyMaster: true, kubeletVersion: 'v1.33.1+k3s1', labels: { 'node.kubernetes.io/instance-type': 'k3s' } }),
        node({ name: 'agent', kubeletVersion: 'v1.33.1+k3s1' }),
      ],
      pods: [pod({ name: 'coredns-abc-1', nodeName: 'server', labels: { 'k8s-app': 'kube-dns' }, owner: { kind: 'ReplicaSet', name: 'coredns-abc' } })],
    });
    assert.equal(anatomy.controlPlane.mode, 'embedded');
    assert.ok(anatomy.controlPlane.evidence.some((e) => e.value === 'v1.33.1+k3s1'));
    assert.equal(anatomy.absent.find((a) => a.component === 'kube-apiserver')?.reasonCode, 'embedded');
    assert.equal(anatomy.nodes[0].role, 'control-plane');
  });

  it('says a hosted control plane is managed by the provider and invents no control-plane node', () => {
    const anatomy = anatomyOf({
      nodes: [node({ name: 'ip-10-0-1-1', kubeletVersion: 'v1.33.0-eks-1234', labels: { 'eks.amazonaws.com/nodegroup': 'ng' } })],
      pods: [pod({ name: 'kube-proxy-x', nodeName: 'ip-10-0-1-1', labels: { 'k8s-app': 'kube-proxy' }, owner: { kind: 'DaemonSet', name: 'kube-proxy' } })],
      server: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
    });
    assert.equal(anatomy.controlPlane.mode, 'hosted');
    assert.ok(anatomy.controlPlane.evidence.some((e) => e.key === 'EKS'));
    assert.ok(anatomy.nodes.every((n) => n.role === 'worker'));
    const hosted = anatomy.absent.filter((a) => a.reasonCode === 'hosted-control-plane').map((a) => a.component);
    assert.deepEqual(hosted.sort(), ['cloud-controller-manager', 'etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']);
  });

  it('treats the legacy master label and a control-plane taint alone as the control-plane role', () => {
    const anatomy = anatomyOf({ nodes: [node({ name: 'old', controlPlane: true, legacyMaster: true, taintOnly: true }), node({ name: 'tainted', taintOnly: true })] });
    const old = anatomy.nodes.find((n) => n.name === 'old');
    assert.equal(old?.role, 'control-plane');
    assert.ok(old?.roleEvidence.some((e) => e.key === 'node-role.kubernetes.io/master'));
    assert.equal(anatomy.nodes.find((n) => n.name === 'tainted')?.role, 'control-plane');
  });

  it('reports waiting reasons and restarts', () => {
    const anatomy = anatomyOf({
      nodes: [node({ name: 'n1' })],
      pods: [pod({ name: 'kube-proxy-a', nodeName: 'n1', labels: { 'k8s-app': 'kube-proxy' }, ready: false, restarts: 7, waitingReason: 'CrashLoopBackOff' })],
    });
    const proxy = anatomy.nodes[0].components[0];
    assert.deepEqual([proxy.ready, proxy.restarts, proxy.reason], [false, 7, 'CrashLoopBackOff']);
  });

  it('says kube-proxy is replaced when cilium runs without it', () => {
    const anatomy = anatomyOf({
      nodes: [node({ name: 'n1' })],
      pods: [pod({ name: 'cilium-abc', nodeName: 'n1', labels: { 'k8s-app': 'cilium' }, owner: { kind: 'DaemonSet', name: 'cilium' } })],
    });
    assert.equal(anatomy.nodes[0].components[0].cniName, 'cilium');
    assert.equal(anatomy.absent.find((a) => a.component === 'kube-proxy')?.reasonCode, 'replaced-by-cni');
  });

  it('survives malformed objects without throwing', () => {
    const garbage: Record<string, unknown>[] = [
      {},
      { metadata: null, spec: 'x', status: 42 },
      { metadata: { name: 7, labels: { a: 1 }, ownerReferences: 'nope', annotations: [] }, spec: { containers: [null, { image: 3 }] }, status: { containerStatuses: [null, { restartCount: 'x' }] } },
    ];
    const anatomy = anatomyOf({ nodes: [...garbage, node({ name: 'ok' })], pods: garbage });
    assert.equal(anatomy.nodes.length, 4);
    assert.ok(anatomy.nodes.some((n) => n.name === 'ok' && n.ready === 'True'));
    assert.ok(anatomy.nodes.filter((n) => n.name === '').every((n) => n.ready === 'Unknown'));
  });
});
