import * as assert from 'node:assert/strict';
import { checkHandsOn, type Finding, type HandsOnReport, type HandsOnStepId } from '../../../../src/core/handsOn/checks';
import { LeaseProgress } from '../../../../src/core/handsOn/leaseProgress';
import { findingText, renderHandsOnText } from '../../../../src/core/handsOn/render';
import type { ClusterAnatomy, LeaseInfo, NodeAnatomy } from '../../../../src/core/anatomy/types';
import { hostedAnatomy, k3sAnatomy, kindAnatomy, largeAnatomy, node, oldCiliumAnatomy, pod } from '../../../fixtures/anatomy/builders';

const NOW = Date.parse('2026-12-02T12:00:00Z');

/** Labels as the fixtures' evidence records them (the builders give static Pods component= and tier=). */
function labelsFromEvidence(anatomy: ClusterAnatomy, overrides: Record<string, Record<string, string>> = {}) {
  const labels = new Map<string, Record<string, string>>();
  for (const pod of anatomy.nodes.flatMap((n) => n.components)) {
    labels.set(pod.pod, Object.fromEntries(pod.evidence.filter((e) => e.kind === 'label').map((e) => [e.key, e.value ?? ''])));
  }
  return (_namespace: string, name: string) => overrides[name] ?? labels.get(name);
}

/** The same Lease, renewed at `renewTime`. */
function renewedAt(lease: LeaseInfo, renewTime: string): LeaseInfo {
  return { ...lease, renewTime };
}

/** Leases that have each been seen to renew once (the fixtures' renewTime, then 10 s later). */
function renewedLeases(anatomy: ClusterAnatomy, now = NOW): LeaseProgress {
  const leases = new LeaseProgress(() => now);
  for (const n of anatomy.nodes) {
    if (!n.lease) continue;
    leases.observe(n.name, n.lease);
    leases.observe(n.name, renewedAt(n.lease, new Date(Date.parse(n.lease.renewTime) + 10_000).toISOString()));
  }
  return leases;
}

function check(
  anatomy: ClusterAnatomy,
  options: { leases?: LeaseProgress; labels?: Record<string, Record<string, string>> } = {},
): HandsOnReport {
  return checkHandsOn(
    { anatomy, podLabels: labelsFromEvidence(anatomy, options.labels), leases: options.leases ?? renewedLeases(anatomy) },
    NOW,
  );
}

function stepOf(report: HandsOnReport, id: HandsOnStepId) {
  return report.steps.find((step) => step.id === id)!;
}

function findings(report: HandsOnReport, id: HandsOnStepId): Finding[] {
  return [...stepOf(report, id).findings];
}

function outcomes(report: HandsOnReport): Record<string, string> {
  return Object.fromEntries(report.steps.map((step) => [step.id, step.outcome]));
}

/** kubeadm HA as kind builds it: three control-plane nodes, each with its four static Pods. */
function haAnatomy(options: { externalEtcd?: boolean } = {}): ClusterAnatomy {
  const base = kindAnatomy();
  const planes = ['ha-control-plane', 'ha-control-plane2', 'ha-control-plane3'];
  const components = options.externalEtcd
    ? (['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'] as const)
    : (['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'] as const);
  const nodes: NodeAnatomy[] = [
    ...planes.map((name, index) =>
      node(name, 'control-plane', [
        ...components.map((component) => pod(component, `${component}-${name}`, 'static', { owner: `Node/${name}` })),
        pod('kube-proxy', `kube-proxy-cp${index}`, 'daemonset'),
        pod('cni', `kindnet-cp${index}`, 'daemonset'),
      ]),
    ),
    node('ha-worker', 'worker', [
      pod('kube-proxy', 'kube-proxy-w0', 'daemonset'),
      pod('cni', 'kindnet-w0', 'daemonset'),
      pod('coredns', 'coredns-5d78c9869d-abcde', 'deployment'),
      pod('coredns', 'coredns-5d78c9869d-fghij', 'deployment'),
    ]),
  ];
  return {
    ...base,
    context: 'kind-ha',
    controlPlane: { ...base.controlPlane, highlyAvailable: true, externalEtcd: options.externalEtcd ?? false },
    nodes,
    addons: base.addons.map((addon) => (addon.kind === 'DaemonSet' ? { ...addon, desired: 4, readyCount: 4 } : addon)),
    absent: [
      ...base.absent,
      ...(options.externalEtcd
        ? [
            {
              component: 'etcd' as const,
              reasonCode: 'external-etcd',
              why: 'No etcd Pod: kube-apiserver uses an external etcd cluster outside Kubernetes.',
            },
          ]
        : []),
    ],
  };
}

describe('the hands-on checks', () => {
  describe("on the tutorial's kind cluster", () => {
    it('holds at every step, with the evidence the article tells the learner to look for', () => {
      const anatomy = kindAnatomy();
      const report = check(anatomy);
      assert.equal(report.allDone, true, JSON.stringify(outcomes(report)));
      const pods = findings(report, 'kubeSystemPods');
      assert.deepEqual(
        pods.filter((f) => f.code === 'staticPod').map((f) => [f.subject, f.names]),
        [
          ['etcd', ['etcd-multi-node-control-plane']],
          ['kube-apiserver', ['kube-apiserver-multi-node-control-plane']],
          ['kube-controller-manager', ['kube-controller-manager-multi-node-control-plane']],
          ['kube-scheduler', ['kube-scheduler-multi-node-control-plane']],
        ],
      );
      assert.deepEqual(
        pods.filter((f) => f.code === 'perNodeDaemon').map((f) => [f.subject, f.count]),
        [
          ['kube-proxy', 3],
          ['kindnet', 3],
        ],
      );
      const tier = findings(report, 'staticPods')[0]!;
      assert.equal(tier.count, 4);
      assert.equal(
        findingText(findings(report, 'staticPods')[1]!),
        'kube-apiserver-multi-node-control-plane: annotation kubernetes.io/config.mirror, labels component=kube-apiserver, tier=control-plane, Node: multi-node-control-plane.',
      );
      assert.equal(
        findingText(findings(report, 'workloads').find((f) => f.code === 'coreDns')!),
        'Deployment coredns: 2/2 ready, on multi-node-worker, multi-node-worker2.',
      );
      assert.equal(findingText(findings(report, 'nodeAgents')[0]!), 'Container Runtime Version: containerd://2.1.1.');
    });

    it('waits for the Leases until each renewTime has been seen to advance', () => {
      const anatomy = kindAnatomy();
      const leases = new LeaseProgress(() => NOW);
      for (const n of anatomy.nodes) leases.observe(n.name, n.lease);
      let report = check(anatomy, { leases });
      assert.equal(stepOf(report, 'leases').outcome, 'waiting');
      assert.equal(report.allDone, false);
      leases.observe('multi-node-worker', renewedAt(anatomy.nodes[1]!.lease!, '2026-12-02T12:00:05Z'));
      report = check(anatomy, { leases });
      assert.deepEqual(findings(report, 'leases')[1]!.names, ['multi-node-control-plane', 'multi-node-worker2']);
      for (const n of [anatomy.nodes[0]!, anatomy.nodes[2]!]) leases.observe(n.name, renewedAt(n.lease!, '2026-12-02T12:00:05Z'));
      report = check(anatomy, { leases });
      assert.equal(stepOf(report, 'leases').outcome, 'done');
    });

    it('fails the Lease step when a kubelet stops renewing', () => {
      const anatomy = kindAnatomy();
      const leases = new LeaseProgress(() => NOW + 120_000);
      for (const n of anatomy.nodes) leases.observe(n.name, n.lease);
      const finding = findings(check(anatomy, { leases }), 'leases')[1]!;
      assert.equal(finding.outcome, 'fails');
      assert.equal(finding.reason, 'expired');
    });

    it("fails the static Pod check when a component's Pod is missing, or off the control plane", () => {
      const anatomy = kindAnatomy();
      const [cp, worker] = anatomy.nodes;
      const missing = {
        ...anatomy,
        nodes: [{ ...cp!, components: cp!.components.filter((p) => p.component !== 'kube-scheduler') }, ...anatomy.nodes.slice(1)],
      };
      const scheduler = findings(check(missing), 'kubeSystemPods').find((f) => f.subject === 'kube-scheduler')!;
      assert.equal(scheduler.outcome, 'fails');
      assert.equal(scheduler.reason, 'missing');
      const moved = cp!.components.find((p) => p.component === 'etcd')!;
      const elsewhere = {
        ...anatomy,
        nodes: [
          { ...cp!, components: cp!.components.filter((p) => p !== moved) },
          { ...worker!, components: [...worker!.components, moved] },
          anatomy.nodes[2]!,
        ],
      };
      const etcd = findings(check(elsewhere), 'kubeSystemPods').find((f) => f.subject === 'etcd')!;
      assert.deepEqual([etcd.outcome, etcd.reason, etcd.names], ['fails', 'not-on-control-plane', ['etcd-multi-node-control-plane']]);
    });

    it('fails the per-node check when a node has no kube-proxy Pod', () => {
      const anatomy = kindAnatomy();
      const nodes = anatomy.nodes.map((n) =>
        n.name === 'multi-node-worker2' ? { ...n, components: n.components.filter((p) => p.component !== 'kube-proxy') } : n,
      );
      const proxy = findings(check({ ...anatomy, nodes }), 'kubeSystemPods').find((f) => f.subject === 'kube-proxy')!;
      assert.deepEqual([proxy.outcome, proxy.reason, proxy.names], ['fails', 'missing-on-nodes', ['multi-node-worker2']]);
    });

    it("reads -l tier=control-plane from the Pods' labels: a labelled non-static Pod is selected too", () => {
      const anatomy = kindAnatomy();
      const tier = findings(check(anatomy, { labels: { 'kube-proxy-7xk2p': { tier: 'control-plane' } } }), 'staticPods')[0]!;
      assert.deepEqual([tier.outcome, tier.reason, tier.names], ['fails', 'selects-others', ['kube-proxy-7xk2p']]);
      const unlabelled = findings(check(anatomy, { labels: { 'etcd-multi-node-control-plane': { component: 'etcd' } } }), 'staticPods')[0]!;
      assert.deepEqual(
        [unlabelled.outcome, unlabelled.reason, unlabelled.names],
        ['fails', 'misses-static', ['etcd-multi-node-control-plane']],
      );
    });

    it('says a Pod named like a node agent is one the article says cannot exist', () => {
      const anatomy = kindAnatomy();
      const nodes = anatomy.nodes.map((n, index) =>
        index === 1 ? { ...n, components: [...n.components, pod('other', 'kubelet-helper', 'bare')] } : n,
      );
      const agents = findings(check({ ...anatomy, nodes }), 'kubeSystemPods').find((f) => f.code === 'noAgentPods')!;
      assert.deepEqual([agents.outcome, agents.names], ['fails', ['kubelet-helper']]);
    });

    it('is unknown, not failed, when Pods cannot be listed', () => {
      const report = check({ ...kindAnatomy(), unreadable: [{ resource: 'pods', reason: 'forbidden' }] });
      assert.equal(stepOf(report, 'kubeSystemPods').outcome, 'unknown');
      assert.equal(stepOf(report, 'staticPods').outcome, 'unknown');
    });
  });

  describe('on other cluster shapes', () => {
    it('kubeadm HA: one of each static Pod on each of the three control-plane nodes', () => {
      const report = check(haAnatomy());
      assert.equal(report.allDone, true, JSON.stringify(outcomes(report)));
      const apiServer = findings(report, 'kubeSystemPods').find((f) => f.subject === 'kube-apiserver')!;
      assert.equal(apiServer.count, 3);
      assert.match(findingText(apiServer), /on the control-plane nodes, named after each node/);
      assert.equal(findings(report, 'staticPods')[0]!.count, 12);
    });

    it('kubeadm HA with external etcd: the etcd Pod is explained, not failed', () => {
      const report = check(haAnatomy({ externalEtcd: true }));
      const etcd = findings(report, 'kubeSystemPods').find((f) => f.subject === 'etcd')!;
      assert.deepEqual([etcd.outcome, etcd.reason], ['explained', 'external-etcd']);
      assert.equal(report.allDone, true);
    });

    it('a hosted control plane: no control-plane node and no static Pods, each explained', () => {
      const report = check(hostedAnatomy());
      assert.equal(findings(report, 'nodes')[1]!.outcome, 'explained');
      assert.equal(findings(report, 'nodes')[1]!.reason, 'hosted-control-plane');
      for (const f of findings(report, 'kubeSystemPods').filter((entry) => entry.code === 'staticPod'))
        assert.deepEqual([f.outcome, f.reason], ['explained', 'hosted-control-plane'], f.subject);
      assert.deepEqual(
        findings(report, 'staticPods').map((f) => [f.outcome, f.reason]),
        [['explained', 'hosted-control-plane']],
      );
      assert.match(findingText(findings(report, 'staticPods')[0]!), /provider runs the control plane outside/);
      // The network plugin is aws-node here, and it is checked like kindnet.
      assert.equal(
        findings(report, 'kubeSystemPods').find((f) => f.code === 'perNodeDaemon' && f.subject === 'aws-node')?.outcome,
        'holds',
      );
      assert.equal(report.allDone, true, JSON.stringify(outcomes(report)));
    });

    it('k3s: the control plane, kube-proxy and flannel run inside the k3s process, each explained', () => {
      const report = check(k3sAnatomy());
      const pods = findings(report, 'kubeSystemPods');
      assert.deepEqual(
        pods.filter((f) => f.code === 'staticPod').map((f) => f.reason),
        ['embedded', 'embedded', 'embedded', 'embedded'],
      );
      const flannel = pods.find((f) => f.code === 'perNodeDaemon' && f.subject === 'cni')!;
      assert.deepEqual([flannel.outcome, flannel.reason, flannel.detail], ['explained', 'embedded', 'flannel']);
      assert.equal(
        findingText(flannel),
        "The network plugin: no Pods, as expected here: it is built into the cluster's own server and agent processes, not run as a Pod (flannel).",
      );
      assert.equal(
        stepOf(report, 'workloads')
          .findings.filter((f) => f.code === 'daemonSet')
          .every((f) => f.outcome === 'explained'),
        true,
      );
      assert.equal(report.allDone, true, JSON.stringify(outcomes(report)));
    });

    it('an old cluster: the control plane carries only the master label, kube-proxy is replaced by Cilium, a worker has stopped', () => {
      const anatomy = oldCiliumAnatomy();
      const leases = new LeaseProgress(() => NOW);
      for (const n of anatomy.nodes) leases.observe(n.name, n.lease);
      const report = check(anatomy, { leases });
      const label = findings(report, 'nodes')[1]!;
      assert.deepEqual([label.outcome, label.reason, label.names], ['explained', 'older-label', ['master-1']]);
      assert.equal(findings(report, 'nodes')[0]!.outcome, 'fails');
      assert.deepEqual(findings(report, 'nodes')[0]!.names, ['worker-2']);
      const proxy = findings(report, 'kubeSystemPods').find((f) => f.code === 'perNodeDaemon' && f.subject === 'kube-proxy')!;
      assert.deepEqual([proxy.outcome, proxy.reason, proxy.detail], ['explained', 'replaced-by-cni', 'cilium']);
      assert.equal(findingText(findings(report, 'nodeAgents')[0]!), 'Container Runtime Version: docker://19.3.15.');
      const renew = findings(report, 'leases')[1]!;
      assert.deepEqual([renew.outcome, renew.reason, renew.names], ['fails', 'expired', ['worker-2']]);
      assert.equal(stepOf(report, 'workloads').findings.find((f) => f.subject === 'cilium')?.outcome, 'fails');
    });
  });

  it('at 5,000 nodes names at most ten of anything, counts the rest, and points the views at components, not at every box', () => {
    const anatomy = largeAnatomy(5000);
    const leases = new LeaseProgress(() => NOW);
    for (const n of anatomy.nodes) if (n.lease) leases.observe(n.name, n.lease);
    const report = check(anatomy, { leases });
    for (const step of report.steps) {
      for (const finding of step.findings)
        assert.ok((finding.names?.length ?? 0) <= 10, `${step.id} ${finding.code}: ${finding.names?.length}`);
      assert.ok(step.targets.length <= 10_000, `${step.id}: ${step.targets.length} targets`);
    }
    const perNode = findings(report, 'leases')[0]!;
    assert.deepEqual([perNode.outcome, perNode.count, perNode.names?.length, perNode.more], ['holds', 5000, 10, 4990]);
    const notReady = findings(report, 'nodes')[0]!;
    assert.match(findingText(notReady), /^5000 nodes; not Ready: [^,]+(, [^,]+){5}\.$/);
    const proxy = findings(report, 'kubeSystemPods').find((f) => f.code === 'perNodeDaemon' && f.subject === 'kube-proxy')!;
    assert.deepEqual([proxy.outcome, proxy.count, proxy.names?.length, proxy.more], ['holds', 5000, 10, 4990]);
    assert.equal(findingText(proxy), 'kube-proxy: one Pod on each node (5000).');
    const names = Array.from({ length: 10 }, (_, index) => `node-${index}`);
    assert.equal(
      findingText({ code: 'renewTimeAdvances', outcome: 'waiting', names, more: 4990 }),
      `Waiting for the next renewal on ${names.join(', ')}, and 4990 more (kubelet renews about every 10 s).`,
    );
    assert.deepEqual(stepOf(report, 'nodeAgents').targets, [{ component: 'kubelet' }, { component: 'container-runtime' }]);
  });

  it("prints each step with the article's kubectl commands, names quoted for the shell", () => {
    const anatomy = { ...kindAnatomy(), context: "it's mine" };
    const text = renderHandsOnText(check(anatomy), anatomy);
    assert.match(text, /\$ kubectl get pods -n kube-system -l tier=control-plane -o wide --context 'it'\\''s mine'/);
    assert.match(text, /\$ kubectl describe pod kube-apiserver-multi-node-control-plane -n kube-system --context/);
    assert.match(text, /\$ kubectl get lease multi-node-control-plane -n kube-node-lease -o yaml --context/);
    assert.match(text, /All 6 steps hold on this cluster\./);
  });
});
