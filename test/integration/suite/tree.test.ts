// The anatomy tree inside a real VS Code, against the built-in demo cluster served from the extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClusterAnatomy } from '../../../src/core/anatomy/types';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { until } from '../../support/until';
import { byLabel } from '../treeRows';

const extensionId = 'cluster-anatomy.cluster-anatomy';

describe('Anatomy tree on the demo cluster', function () {
  this.timeout(60_000);
  let api: ClusterAnatomyApi;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    // A fast clock: the node controller's 50 s grace period passes in 2.5 s, heartbeats every second.
    const opened = await vscode.commands.executeCommand<{ context: string; server: string }>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
      leaseRenewSeconds: 1,
    });
    assert.ok(opened, 'the demo cluster opened');
    await until('the demo context to be current', () => api.contextStatus.context === opened.context);
    await until('a connection', () => api.connectionStatus?.state === 'connected');
  });

  it("gives the anatomy of the article's kind cluster through the API", async () => {
    const anatomy = await api.getAnatomy();
    assert.ok(anatomy);
    assert.equal(anatomy.controlPlane.mode, 'static-pods');
    assert.deepEqual(
      anatomy.nodes.map((n) => [n.name, n.role]),
      [
        ['multi-node-control-plane', 'control-plane'],
        ['multi-node-worker', 'worker'],
        ['multi-node-worker2', 'worker'],
      ],
    );
    const cp = anatomy.nodes[0];
    assert.deepEqual(
      cp.components
        .filter((c) => c.source === 'static')
        .map((c) => c.pod)
        .sort(),
      [
        'etcd-multi-node-control-plane',
        'kube-apiserver-multi-node-control-plane',
        'kube-controller-manager-multi-node-control-plane',
        'kube-scheduler-multi-node-control-plane',
      ],
    );
    for (const node of anatomy.nodes) {
      assert.equal(node.components.filter((c) => c.component === 'kube-proxy').length, 1);
      assert.equal(node.components.filter((c) => c.component === 'cni').length, 1);
      assert.equal(node.kubeletVersion, 'v1.37.0');
      assert.match(node.containerRuntime ?? '', /^containerd:\/\//);
      assert.ok(node.lease, `${node.name} has a heartbeat Lease`);
    }
    assert.deepEqual(
      anatomy.absent.map((a) => a.component),
      ['cloud-controller-manager'],
    );
  });

  it('shows the roles, the static Pods, the node agents and the heartbeat in the tree', async () => {
    const roots = await until('the tree roots', () => {
      const items = api.getTreeItems();
      return items.length >= 4 ? items : undefined;
    });
    // The health section joins once the control plane's report is in (views.test.ts checks it).
    assert.deepEqual(
      roots.map((r) => r.label).filter((label) => label !== 'Control plane health'),
      ['Control plane', 'Nodes', 'Cluster addons', 'Not in this cluster'],
    );
    assert.ok(
      roots.every((r) => r.collapsible),
      'every section can be opened',
    );
    const controlPlane = api.getTreeItems(byLabel(roots, 'Control plane').id);
    const cpNode = byLabel(controlPlane, 'multi-node-control-plane');
    assert.ok(cpNode.collapsible, 'a node opens onto its parts');
    assert.match(cpNode.description, /Ready/);
    // The condition's value under a label that is not the same word ("Ready: Ready" said nothing).
    assert.match(cpNode.tooltip, /\*Status\*: Ready/);
    assert.doesNotMatch(cpNode.tooltip, /\*Ready\*: Ready/);
    assert.match(cpNode.contextValue, /^clusterAnatomy:node\+controlPlane/);
    const parts = api.getTreeItems(cpNode.id);
    const labels = parts.map((p) => p.label);
    for (const component of [
      'kube-apiserver',
      'etcd',
      'kube-controller-manager',
      'kube-scheduler',
      'kubelet',
      'container runtime',
      'kube-proxy',
      'kindnet',
      'Heartbeat (Lease)',
    ]) {
      assert.ok(labels.includes(component), `${component} under the control-plane node: ${labels.join(', ')}`);
    }
    const apiserver = byLabel(parts, 'kube-apiserver');
    assert.match(apiserver.description, /static Pod/);
    assert.match(apiserver.tooltip.replace(/\\/g, ''), /kubernetes\.io\/config\.mirror/);
    assert.match(byLabel(parts, 'kubelet').tooltip.replace(/\\/g, ''), /not a Pod/);
    // The time of the last renewal, as `kubectl get lease` shows it advancing.
    // An age, not a clock time: the Lease was renewed within the kubelet's interval.
    assert.match(byLabel(parts, 'Heartbeat (Lease)').description, /^renewed (just now|\d+s ago)$/);
    assert.match(byLabel(parts, 'Heartbeat (Lease)').tooltip, /spec\.renewTime/);
    const workers = api.getTreeItems(byLabel(roots, 'Nodes').id);
    assert.deepEqual(
      workers.map((w) => w.label),
      ['multi-node-worker', 'multi-node-worker2'],
    );
    const addons = api.getTreeItems(byLabel(roots, 'Cluster addons').id);
    assert.match(byLabel(addons, 'Deployment coredns').description, /^2\/2/);
    assert.ok(addons.some((a) => a.label === 'Service kube-dns'));
    const absent = api.getTreeItems(byLabel(roots, 'Not in this cluster').id);
    assert.deepEqual(
      absent.map((a) => a.label),
      ['cloud-controller-manager'],
    );
  });

  it('follows a deleted coredns Pod to its replacement', async () => {
    const before = await api.getAnatomy();
    const corednsPods = (a: ClusterAnatomy | undefined) =>
      (a?.nodes ?? []).flatMap((n) => n.components).filter((c) => c.component === 'coredns');
    const victim = corednsPods(before)[0];
    api.demoCluster!.control.deletePod('kube-system', victim.pod);
    const after = await until('a replacement coredns Pod, ready', async () => {
      const pods = corednsPods(await api.getAnatomy());
      return pods.length === 2 && !pods.some((p) => p.pod === victim.pod) && pods.every((p) => p.ready) ? pods : undefined;
    });
    assert.ok(after.every((p) => p.source === 'deployment' && p.owner === 'Deployment/coredns'));
  });

  it('turns a node Unknown when its heartbeat stops', async () => {
    // Ready, with a fresh heartbeat: a Lease already older than the grace period would turn Unknown at once, and
    // one a second old would leave the grace period checked below a second short.
    await until('multi-node-worker2 to be Ready with a fresh Lease', async () => {
      const node = (await api.getAnatomy())?.nodes.find((n) => n.name === 'multi-node-worker2');
      return node?.ready === 'True' && (node.lease?.ageSeconds ?? 99) <= 0.5;
    });
    const stopped = Date.now();
    api.demoCluster!.control.stopHeartbeat('multi-node-worker2');
    const heartbeatRow = () => {
      const worker2 = byLabel(api.getTreeItems(byLabel(api.getTreeItems(), 'Nodes').id), 'multi-node-worker2');
      return byLabel(api.getTreeItems(worker2.id), 'Heartbeat (Lease)');
    };
    try {
      // While the Lease is young the row says so in words, not in seconds that would redraw it (closing its tooltip).
      const lastRenewal = await until('the last renewal in the heartbeat row', async () => {
        const lease = (await api.getAnatomy())?.nodes.find((n) => n.name === 'multi-node-worker2')?.lease;
        const row = heartbeatRow();
        return lease && lease.ageSeconds >= 1 ? row.description : undefined;
      });
      assert.equal(lastRenewal, 'renewed just now');
      const node = await until('multi-node-worker2 to turn Unknown', async () => {
        const found = (await api.getAnatomy())?.nodes.find((n) => n.name === 'multi-node-worker2');
        return found?.ready === 'Unknown' ? found : undefined;
      });
      // The node controller waits its grace period (50 s, 2.5 s on this clock) before it says Unknown.
      assert.ok(Date.now() - stopped >= 1_500, `Unknown after ${Date.now() - stopped} ms`);
      assert.ok((node.lease?.ageSeconds ?? 0) >= 1);
      // The row gives the last renewal's age (the Lease's 40 s have not run out, so it does not say stopped yet);
      // the node's row says how long the node controller has said Unknown, a clock of its own.
      assert.match(heartbeatRow().description, /^renewed (just now|\d+s ago)$/);
      // The tree refreshes coalesced, a moment after the model changes.
      await until('the tree to show multi-node-worker2 Unknown', () =>
        /^Unknown for \d+s$/.test(byLabel(api.getTreeItems(byLabel(api.getTreeItems(), 'Nodes').id), 'multi-node-worker2').description),
      );
    } finally {
      api.demoCluster!.control.resumeHeartbeat('multi-node-worker2');
    }
  });

  it('says which permission hides what, and keeps what it can read', async () => {
    const demo = api.demoCluster!;
    demo.control.forbid('replicasets.apps', 'kube-system');
    try {
      await vscode.commands.executeCommand('clusterAnatomy.refresh');
      const anatomy = await until('ReplicaSets to be reported unreadable', async () => {
        const a = await api.getAnatomy();
        return a?.unreadable.some((u) => u.resource === 'replicasets') ? a : undefined;
      });
      assert.match(anatomy.unreadable.find((u) => u.resource === 'replicasets')!.reason, /forbidden/i);
      // coredns is still recognised as a Deployment Pod, from its ReplicaSet's name.
      const coredns = anatomy.nodes.flatMap((n) => n.components).find((c) => c.component === 'coredns');
      assert.equal(coredns?.source, 'deployment');
      // Hidden by RBAC, with the permission that would show it (not "cannot be read").
      const roots = await until('the Hidden section', () => {
        const items = api.getTreeItems();
        return items.some((r) => r.label === 'Hidden from you') ? items : undefined;
      });
      assert.ok(!roots.some((r) => r.label === 'Cannot be read'), roots.map((r) => r.label).join(', '));
      const hidden = api.getTreeItems(roots.find((r) => r.label === 'Hidden from you')!.id);
      const replicaSets = hidden.find((item) => item.label === 'ReplicaSets in kube-system');
      assert.ok(replicaSets, hidden.map((item) => item.label).join(', '));
      assert.match(replicaSets.tooltip, /kubectl auth can-i list replicasets\.apps -n kube-system --context/);
    } finally {
      demo.control.allow('replicasets.apps', 'kube-system');
    }
    demo.control.forbid('pods', 'kube-system');
    try {
      await vscode.commands.executeCommand('clusterAnatomy.refresh');
      // Limited, not failing: the context stays connected and says what is hidden.
      const status = await until('a limited status', () =>
        api.connectionStatus?.limited?.hidden.some((hidden) => hidden.id === 'pods') ? api.connectionStatus : undefined,
      );
      assert.equal(status.state, 'connected');
      await until('the status bar to say limited', () => api.contextStatus.text.includes('limited'));
      assert.match(api.contextStatus.tooltip, /Pods in kube-system: hidden from you — needs list, watch pods in kube-system/);
    } finally {
      demo.control.allow('pods', 'kube-system');
      await vscode.commands.executeCommand('clusterAnatomy.refresh');
    }
    await until('a connection again', () => api.connectionStatus?.state === 'connected');
  });

  it("selects a Pod's item when asked to reveal it (the diagram's click)", async () => {
    const anatomy = await api.getAnatomy();
    const kindnet = anatomy!.nodes.find((n) => n.name === 'multi-node-worker2')!.components.find((c) => c.cniName === 'kindnet')!;
    const id = await api.revealInTree({ pod: { namespace: 'kube-system', name: kindnet.pod } });
    assert.ok(id?.endsWith(`/node/multi-node-worker2/pod/kube-system/${kindnet.pod}`), String(id));
    assert.equal(await api.revealInTree({ node: 'no-such-node' }), undefined);
    // The diagram's Enter on a node's container runtime selects that row, not the node's.
    const runtime = await api.revealInTree({ component: 'container-runtime', node: 'multi-node-worker' });
    assert.match(String(runtime), /\/node\/multi-node-worker\/.*container-runtime/);
  });

  it('opens a live YAML view of a Pod', async () => {
    const roots = api.getTreeItems();
    const cpNode = byLabel(api.getTreeItems(byLabel(roots, 'Control plane').id), 'multi-node-control-plane');
    const apiserver = byLabel(api.getTreeItems(cpNode.id), 'kube-apiserver');
    assert.match(apiserver.contextValue, /^clusterAnatomy:pod\+static/);
    const anatomy = await api.getAnatomy();
    const pod = anatomy!.nodes[0].components.find((c) => c.component === 'kube-apiserver')!;
    const uri = vscode.Uri.from({
      scheme: 'cluster-anatomy',
      path: `/${encodeURIComponent(anatomy!.context)}/yaml/pods/kube-system/${pod.pod}.yaml`,
    });
    const document = await vscode.workspace.openTextDocument(uri);
    assert.match(document.getText(), /kind: Pod/);
    assert.match(document.getText(), /kubernetes\.io\/config\.mirror/);
    assert.doesNotMatch(document.getText(), /managedFields/);
  });
});
