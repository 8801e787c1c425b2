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
  apiServerAddresses?: string[];
  unreadable?: { resource: string; reason: string }[];
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
    unreadable: [
      ...(cluster.replicaSets === 'forbidden' ? [{ resource: 'replicasets', reason: 'forbidden' }] : []),
      ...(cluster.unreadable ?? []),
    ],
    now: NOW,
    ...(cluster.apiServerAddresses ? { apiServerAddresses: cluster.apiServerAddresses } : {}),
  });
}

/** Adds metadata the shared builders do not take (annotations, deletionTimestamp) to a raw object. */
function withMetadata(raw: Record<string, unknown>, metadata: Record<string, unknown>): Record<string, unknown> {
  const current = raw.metadata as Record<string, unknown>;
  return {
    ...raw,
    metadata: { ...current, ...metadata, annotations: { ...(current.annotations as object), ...(metadata.annotations as object) } },
  };
}

/**
 * A k3s cluster as `kubectl get nodes,pods -A -o yaml` shows one (k3s issues #3932, #9274, #9792, #11257,
 * #8313): the server labelled control-plane and master "true" with no taint, kubelet `+k3s1`, containerd
 * `-k3s1`, the instance type its stub cloud provider sets, the node-args annotation; no kube-proxy, flannel or
 * control-plane Pods; the packaged addons as Deployments, the helm-install Jobs and the ServiceLB DaemonSet.
 */
function k3sCluster(serverArgs: string[] = ['server']): Cluster {
  const k3sNode = (name: string, server: boolean, args: string[]) =>
    withMetadata(
      node({
        name,
        kubeletVersion: 'v1.33.1+k3s1',
        runtime: 'containerd://2.0.5-k3s1',
        labels: {
          'node.kubernetes.io/instance-type': 'k3s',
          'beta.kubernetes.io/instance-type': 'k3s',
          ...(server ? { 'node-role.kubernetes.io/control-plane': 'true', 'node-role.kubernetes.io/master': 'true' } : {}),
        },
      }),
      {
        annotations: {
          'k3s.io/node-args': JSON.stringify(args),
          'k3s.io/hostname': name,
          'flannel.alpha.coreos.com/backend-type': 'vxlan',
        },
      },
    );
  const svclb = 'svclb-traefik-8cc7d9fb';
  const replicaSet = (deployment: string, hash: string) =>
    workload('ReplicaSet', `${deployment}-${hash}`, { owner: { kind: 'Deployment', name: deployment } });
  return {
    nodes: [k3sNode('k3s-server', true, serverArgs), k3sNode('k3s-agent-1', false, ['agent'])],
    pods: [
      pod({
        name: 'coredns-576bfc4dc7-mlx4d',
        nodeName: 'k3s-server',
        labels: { 'k8s-app': 'kube-dns' },
        owner: { kind: 'ReplicaSet', name: 'coredns-576bfc4dc7' },
        images: ['rancher/mirrored-coredns-coredns:1.12.1'],
      }),
      pod({
        name: 'local-path-provisioner-698b58967b-ws8nl',
        nodeName: 'k3s-server',
        labels: { app: 'local-path-provisioner' },
        owner: { kind: 'ReplicaSet', name: 'local-path-provisioner-698b58967b' },
        images: ['rancher/local-path-provisioner:v0.0.31'],
      }),
      pod({
        name: 'metrics-server-8584b5786c-897kg',
        nodeName: 'k3s-server',
        labels: { 'k8s-app': 'metrics-server' },
        owner: { kind: 'ReplicaSet', name: 'metrics-server-8584b5786c' },
        images: ['rancher/mirrored-metrics-server:v0.7.2'],
      }),
      pod({
        name: 'traefik-64f55bb67d-htc6n',
        nodeName: 'k3s-agent-1',
        labels: { 'app.kubernetes.io/name': 'traefik', 'app.kubernetes.io/instance': 'traefik-kube-system' },
        owner: { kind: 'ReplicaSet', name: 'traefik-64f55bb67d' },
        images: ['rancher/mirrored-library-traefik:3.3.6'],
      }),
      pod({
        name: 'helm-install-traefik-9rxsp',
        nodeName: 'k3s-server',
        labels: { 'batch.kubernetes.io/job-name': 'helm-install-traefik', 'helmcharts.helm.cattle.io/chart': 'traefik' },
        owner: { kind: 'Job', name: 'helm-install-traefik' },
        images: ['rancher/klipper-helm:v0.9.5-build20250306'],
        phase: 'Succeeded',
        ready: false,
      }),
      pod({
        name: 'helm-install-traefik-crd-q9jx5',
        nodeName: 'k3s-server',
        labels: { 'batch.kubernetes.io/job-name': 'helm-install-traefik-crd' },
        owner: { kind: 'Job', name: 'helm-install-traefik-crd' },
        images: ['rancher/klipper-helm:v0.9.5-build20250306'],
        phase: 'Succeeded',
        ready: false,
      }),
      ...['k3s-server', 'k3s-agent-1'].map((n, i) =>
        pod({
          name: `${svclb}-${i}gdpk`,
          nodeName: n,
          labels: {
            app: svclb,
            'svccontroller.k3s.cattle.io/svcname': 'traefik',
            'svccontroller.k3s.cattle.io/svcnamespace': 'kube-system',
          },
          owner: { kind: 'DaemonSet', name: svclb },
          images: ['rancher/klipper-lb:v0.4.13', 'rancher/klipper-lb:v0.4.13'],
        }),
      ),
    ],
    replicaSets: [
      replicaSet('coredns', '576bfc4dc7'),
      replicaSet('local-path-provisioner', '698b58967b'),
      replicaSet('metrics-server', '8584b5786c'),
      replicaSet('traefik', '64f55bb67d'),
    ],
    deployments: ['coredns', 'local-path-provisioner', 'metrics-server', 'traefik'].map((name) => workload('Deployment', name)),
    daemonSets: [workload('DaemonSet', svclb, { desired: 2 })],
    services: [service('kube-dns', { 'k8s-app': 'kube-dns' }, '10.43.0.10')],
  };
}

function kindCluster(): Cluster {
  const cp = 'multi-node-control-plane';
  const workers = ['multi-node-worker', 'multi-node-worker2'];
  const all = [cp, ...workers];
  return {
    nodes: [node({ name: cp, controlPlane: true }), ...workers.map((name) => node({ name }))],
    pods: [
      ...['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((c) => staticPod(c, cp)),
      ...all.map((n, i) =>
        pod({
          name: `kube-proxy-${i}abcd`,
          nodeName: n,
          labels: { 'k8s-app': 'kube-proxy' },
          owner: { kind: 'DaemonSet', name: 'kube-proxy' },
          hostNetwork: true,
        }),
      ),
      ...all.map((n, i) =>
        pod({
          name: `kindnet-${i}wxyz`,
          nodeName: n,
          labels: { app: 'kindnet', 'k8s-app': 'kindnet' },
          owner: { kind: 'DaemonSet', name: 'kindnet' },
          images: ['docker.io/kindest/kindnetd:v20250512'],
        }),
      ),
      pod({
        name: 'coredns-7db6d8ff4d-aaaaa',
        nodeName: cp,
        labels: { 'k8s-app': 'kube-dns' },
        owner: { kind: 'ReplicaSet', name: 'coredns-7db6d8ff4d' },
      }),
      pod({
        name: 'coredns-7db6d8ff4d-bbbbb',
        nodeName: workers[0],
        labels: { 'k8s-app': 'kube-dns' },
        owner: { kind: 'ReplicaSet', name: 'coredns-7db6d8ff4d' },
      }),
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
    assert.deepEqual(
      anatomy.absent.map((a) => [a.component, a.reasonCode]),
      [['cloud-controller-manager', 'no-cloud-provider']],
    );
    assert.equal(cp.lease?.ageSeconds, 3);
    assert.equal(cp.kubeletVersion, 'v1.37.0');
  });

  it('records the mirror annotation and the node owner as the evidence of a static Pod', () => {
    const p = slimPod(staticPod('kube-scheduler', 'cp1'));
    const c = classifyPod(p, { replicaSetOwner: () => null, hasDeployment: () => false });
    assert.equal(c.source, 'static');
    assert.equal(c.owner, 'Node/cp1');
    assert.deepEqual(
      c.evidence.map((e) => `${e.kind}:${e.key}`),
      ['label:component', 'annotation:kubernetes.io/config.mirror', 'owner:Node/cp1'],
    );
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
        node({
          name: 'server',
          controlPlane: true,
          legacyMaster: true,
          kubeletVersion: 'v1.33.1+k3s1',
          labels: { 'node.kubernetes.io/instance-type': 'k3s' },
        }),
        node({ name: 'agent', kubeletVersion: 'v1.33.1+k3s1' }),
      ],
      pods: [
        pod({
          name: 'coredns-abc-1',
          nodeName: 'server',
          labels: { 'k8s-app': 'kube-dns' },
          owner: { kind: 'ReplicaSet', name: 'coredns-abc' },
        }),
      ],
    });
    assert.equal(anatomy.controlPlane.mode, 'embedded');
    assert.ok(anatomy.controlPlane.evidence.some((e) => e.value === 'v1.33.1+k3s1'));
    assert.equal(anatomy.absent.find((a) => a.component === 'kube-apiserver')?.reasonCode, 'embedded');
    assert.equal(anatomy.nodes[0].role, 'control-plane');
  });

  it('says a hosted control plane is managed by the provider and invents no control-plane node', () => {
    const anatomy = anatomyOf({
      nodes: [node({ name: 'ip-10-0-1-1', kubeletVersion: 'v1.33.0-eks-1234', labels: { 'eks.amazonaws.com/nodegroup': 'ng' } })],
      pods: [
        pod({
          name: 'kube-proxy-x',
          nodeName: 'ip-10-0-1-1',
          labels: { 'k8s-app': 'kube-proxy' },
          owner: { kind: 'DaemonSet', name: 'kube-proxy' },
        }),
      ],
      server: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
    });
    assert.equal(anatomy.controlPlane.mode, 'hosted');
    assert.ok(anatomy.controlPlane.evidence.some((e) => e.key === 'EKS'));
    assert.ok(anatomy.nodes.every((n) => n.role === 'worker'));
    const hosted = anatomy.absent.filter((a) => a.reasonCode === 'hosted-control-plane').map((a) => a.component);
    assert.deepEqual(hosted.sort(), ['cloud-controller-manager', 'etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']);
  });

  it('treats the legacy master label and a control-plane taint alone as the control-plane role', () => {
    const anatomy = anatomyOf({
      nodes: [node({ name: 'old', controlPlane: true, legacyMaster: true, taintOnly: true }), node({ name: 'tainted', taintOnly: true })],
    });
    const old = anatomy.nodes.find((n) => n.name === 'old');
    assert.equal(old?.role, 'control-plane');
    assert.ok(old?.roleEvidence.some((e) => e.key === 'node-role.kubernetes.io/master'));
    assert.equal(anatomy.nodes.find((n) => n.name === 'tainted')?.role, 'control-plane');
  });

  it('reports waiting reasons and restarts', () => {
    const anatomy = anatomyOf({
      nodes: [node({ name: 'n1' })],
      pods: [
        pod({
          name: 'kube-proxy-a',
          nodeName: 'n1',
          labels: { 'k8s-app': 'kube-proxy' },
          ready: false,
          restarts: 7,
          waitingReason: 'CrashLoopBackOff',
        }),
      ],
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

  it('says k3s runs kube-proxy, flannel and its cloud controller inside its process, with the evidence', () => {
    const anatomy = anatomyOf(k3sCluster());
    assert.equal(anatomy.controlPlane.mode, 'embedded');
    const absent = new Map(anatomy.absent.map((a) => [a.component, a]));
    const proxy = absent.get('kube-proxy');
    assert.equal(proxy?.reasonCode, 'embedded');
    assert.ok(
      proxy?.evidence?.some((e) => e.key === 'status.nodeInfo.kubeletVersion' && e.value === 'v1.33.1+k3s1'),
      JSON.stringify(proxy),
    );
    assert.ok(proxy?.evidence?.some((e) => e.key === 'status.nodeInfo.containerRuntimeVersion' && e.value === 'containerd://2.0.5-k3s1'));
    const cni = absent.get('cni');
    assert.deepEqual([cni?.reasonCode, cni?.implementation], ['embedded', 'flannel']);
    const ccm = absent.get('cloud-controller-manager');
    assert.equal(ccm?.reasonCode, 'embedded');
    assert.ok(ccm?.evidence?.some((e) => e.kind === 'label' && e.key === 'node.kubernetes.io/instance-type'));
    assert.ok(
      anatomy.absent.every((a) => a.reasonCode !== 'not-found'),
      JSON.stringify(anatomy.absent),
    );
    // The server is the control-plane node, schedulable; the agent a worker.
    assert.deepEqual(
      anatomy.nodes.map((n) => [n.name, n.role]),
      [
        ['k3s-server', 'control-plane'],
        ['k3s-agent-1', 'worker'],
      ],
    );
  });

  it('classifies the packaged k3s addons: Deployments, helm-install Job Pods and ServiceLB DaemonSet Pods', () => {
    const anatomy = anatomyOf(k3sCluster());
    const pods = new Map(anatomy.nodes.flatMap((n) => n.components).map((p) => [p.pod, p]));
    const of = (name: string) => [pods.get(name)?.component, pods.get(name)?.source, pods.get(name)?.owner];
    assert.deepEqual(of('coredns-576bfc4dc7-mlx4d'), ['coredns', 'deployment', 'Deployment/coredns']);
    assert.deepEqual(of('local-path-provisioner-698b58967b-ws8nl'), ['other', 'deployment', 'Deployment/local-path-provisioner']);
    assert.deepEqual(of('metrics-server-8584b5786c-897kg'), ['other', 'deployment', 'Deployment/metrics-server']);
    assert.deepEqual(of('traefik-64f55bb67d-htc6n'), ['other', 'deployment', 'Deployment/traefik']);
    assert.deepEqual(of('helm-install-traefik-9rxsp'), ['other', 'job', 'Job/helm-install-traefik']);
    assert.deepEqual(of('helm-install-traefik-crd-q9jx5'), ['other', 'job', 'Job/helm-install-traefik-crd']);
    assert.deepEqual(of('svclb-traefik-8cc7d9fb-0gdpk'), ['other', 'daemonset', 'DaemonSet/svclb-traefik-8cc7d9fb']);
    assert.deepEqual(anatomy.addons.find((a) => a.name === 'traefik')?.nodes, ['k3s-agent-1']);
    assert.equal(anatomy.addons.find((a) => a.name === 'svclb-traefik-8cc7d9fb')?.component, 'other');
  });

  it('believes the k3s flags that turn the embedded components off', () => {
    const anatomy = anatomyOf(
      k3sCluster(['server', '--flannel-backend=none', '--disable-kube-proxy', '--disable-cloud-controller', 'true']),
    );
    for (const component of ['kube-proxy', 'cni']) {
      const entry = anatomy.absent.find((a) => a.component === component);
      assert.equal(entry?.reasonCode, 'disabled', component);
      assert.ok(
        entry?.evidence?.some((e) => e.key === 'k3s.io/node-args'),
        component,
      );
    }
    // The stub cloud provider's instance type is still on the nodes from before: it is what the API shows.
    const cluster = k3sCluster(['server', '--disable-cloud-controller', 'true']);
    for (const raw of cluster.nodes ?? [])
      delete (raw.metadata as { labels: Record<string, string> }).labels['node.kubernetes.io/instance-type'];
    assert.equal(anatomyOf(cluster).absent.find((a) => a.component === 'cloud-controller-manager')?.reasonCode, 'disabled');
  });

  it('tells a hosted control plane with several API server addresses from one endpoint and from not knowing', () => {
    const hosted = (apiServerAddresses?: string[]) =>
      anatomyOf({
        nodes: [node({ name: 'ip-10-0-1-1', kubeletVersion: 'v1.33.0-eks-1234', labels: { 'eks.amazonaws.com/nodegroup': 'ng' } })],
        server: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
        ...(apiServerAddresses ? { apiServerAddresses } : {}),
      }).controlPlane;
    const two = hosted(['10.0.1.10', '10.0.2.20']);
    assert.deepEqual([two.highlyAvailable, two.apiServers?.availability], [true, 'highly-available']);
    assert.ok(
      two.apiServers?.evidence.some((e) => e.kind === 'endpoints' && e.key === 'default/kubernetes' && e.value === '10.0.1.10, 10.0.2.20'),
    );
    const one = hosted(['34.1.2.3']);
    assert.deepEqual(
      [one.highlyAvailable, one.apiServers?.availability, one.apiServers?.addresses],
      [false, 'single-endpoint', ['34.1.2.3']],
    );
    const unknown = hosted();
    assert.deepEqual([unknown.highlyAvailable, unknown.apiServers?.availability, unknown.apiServers?.addresses], [false, 'unknown', null]);
    assert.ok(unknown.apiServers?.evidence.some((e) => e.kind === 'not-read'));
  });

  it('keeps kubeadm HA highly available from its kube-apiserver Pods, whatever the Endpoints say', () => {
    const cps = ['cp1', 'cp2', 'cp3'];
    const controlPlane = anatomyOf({
      nodes: cps.map((name) => node({ name, controlPlane: true })),
      pods: cps.map((n) => staticPod('kube-apiserver', n)),
      apiServerAddresses: ['172.18.0.5'],
    }).controlPlane;
    assert.equal(controlPlane.apiServers?.availability, 'highly-available');
    assert.ok(controlPlane.apiServers?.evidence.some((e) => e.key === 'kube-apiserver Pods' && e.value === '3'));
  });

  it('does not count terminating Pods where a Deployment runs', () => {
    const cluster = kindCluster();
    cluster.pods = (cluster.pods ?? []).map((raw) =>
      (raw.metadata as { name: string }).name === 'coredns-7db6d8ff4d-aaaaa'
        ? withMetadata(raw, { deletionTimestamp: '2026-12-01T11:59:00Z' })
        : raw,
    );
    const anatomy = anatomyOf(cluster);
    assert.deepEqual(anatomy.addons.find((a) => a.kind === 'Deployment' && a.name === 'coredns')?.nodes, ['multi-node-worker']);
  });

  it('classifies nothing when neither Nodes nor Pods could be read', () => {
    const reason = 'connect ECONNREFUSED 127.0.0.1:6443';
    const anatomy = anatomyOf({
      unreadable: ['nodes', 'pods', 'daemonsets', 'deployments', 'replicasets', 'services', 'leases', 'events'].map((resource) => ({
        resource,
        reason,
      })),
    });
    assert.deepEqual(anatomy.nothingRead, { reason });
    assert.notEqual(anatomy.controlPlane.mode, 'hosted');
    assert.deepEqual([anatomy.nodes.length, anatomy.addons.length, anatomy.absent.length], [0, 0, 0]);
  });

  it('does not call the control plane hosted when only the Nodes cannot be read', () => {
    const anatomy = anatomyOf({ unreadable: [{ resource: 'nodes', reason: 'forbidden' }] });
    assert.equal(anatomy.nothingRead, undefined);
    assert.equal(anatomy.controlPlane.mode, 'unknown');
    assert.ok(anatomy.controlPlane.evidence.some((e) => e.kind === 'not-read' && e.key === 'nodes'));
  });

  it("says kube-proxy is replaced by Cilium's kube-proxy replacement, and why it thinks so", () => {
    const cilium = (daemonSets: Record<string, unknown>[]) =>
      anatomyOf({
        nodes: [node({ name: 'n1', kubeletVersion: 'v1.20.2' })],
        pods: [pod({ name: 'cilium-abc', nodeName: 'n1', labels: { 'k8s-app': 'cilium' }, owner: { kind: 'DaemonSet', name: 'cilium' } })],
        daemonSets,
      }).absent.find((a) => a.component === 'kube-proxy');
    const replaced = cilium([workload('DaemonSet', 'cilium')]);
    assert.deepEqual([replaced?.reasonCode, replaced?.implementation], ['replaced-by-cni', 'cilium']);
    assert.match(replaced?.why ?? '', /Cilium's kube-proxy replacement/);
    const keys = replaced?.evidence?.map((e) => `${e.kind} ${e.key}`);
    assert.deepEqual(keys, [
      'workload DaemonSet/cilium',
      'absence kube-proxy Pods',
      'absence DaemonSet/kube-proxy',
      'not-read ConfigMap kube-system/cilium-config',
    ]);
    // A kube-proxy DaemonSet that runs no Pod is not a replacement.
    assert.equal(cilium([workload('DaemonSet', 'cilium'), workload('DaemonSet', 'kube-proxy', { desired: 0 })])?.reasonCode, 'not-found');
  });

  it('survives malformed objects without throwing', () => {
    const garbage: Record<string, unknown>[] = [
      {},
      { metadata: null, spec: 'x', status: 42 },
      {
        metadata: { name: 7, labels: { a: 1 }, ownerReferences: 'nope', annotations: [] },
        spec: { containers: [null, { image: 3 }] },
        status: { containerStatuses: [null, { restartCount: 'x' }] },
      },
    ];
    const anatomy = anatomyOf({ nodes: [...garbage, node({ name: 'ok' })], pods: garbage });
    assert.equal(anatomy.nodes.length, 4);
    assert.ok(anatomy.nodes.some((n) => n.name === 'ok' && n.ready === 'True'));
    assert.ok(anatomy.nodes.filter((n) => n.name === '').every((n) => n.ready === 'Unknown'));
  });
});
