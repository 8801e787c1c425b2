// A limited user inside a real VS Code: the demo cluster refuses the Nodes and kube-system's Pods (RBAC), as it
// would to a user with a Role in one namespace. The tree, the diagram and the status bar show what the user can
// see from where they stand, and name the permission behind each hidden part; nothing says the context cannot
// be read.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RenderReport } from '../../../src/protocol/diagramProtocol';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { RenderedTreeItem } from '../../../src/ui/tree/anatomyTreeProvider';
import { until } from '../../support/until';
import { byLabel } from '../treeRows';

const extensionId = 'cluster-anatomy.cluster-anatomy';

/** Every row of the tree, down to `depth` levels, as rendered (the rows a person could open). */
function allRows(api: ClusterAnatomyApi, parent?: string, depth = 4): RenderedTreeItem[] {
  const rows = api.getTreeItems(parent);
  if (depth === 0) return rows;
  return rows.flatMap((row) => [row, ...(row.collapsible ? allRows(api, row.id, depth - 1) : [])]);
}

/** A tooltip's Markdown as the reader sees it: cluster text is backslash-escaped in the source. */
const shown = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

describe('a limited user (RBAC hides the Nodes and kube-system)', function () {
  this.timeout(120_000);
  let api: ClusterAnatomyApi;
  let context: string;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    // A demo of its own: the user's Deployment runs two Pods on each worker in default, the context's namespace.
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
      leaseRenewSeconds: 1,
      generate: { nodes: 3, podsPerNode: 2 },
    });
    assert.ok(opened, 'the demo cluster opened');
    context = opened.context;
    await until('a connection to the demo', () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === context);
    api.demoCluster!.control.forbid('nodes');
    api.demoCluster!.control.forbid('pods', 'kube-system');
    await vscode.commands.executeCommand('clusterAnatomy.refresh');
    await until(
      'the anatomy from where the user stands',
      async () => {
        const anatomy = await api.getAnatomy();
        return anatomy?.standpoint?.nodes.length === 2 && anatomy.access ? anatomy : undefined;
      },
      30_000,
    );
    await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.demoCluster?.control.allow('nodes');
    api.demoCluster?.control.allow('pods', 'kube-system');
    // The files after this one open the demo as it starts: without the generated Pods.
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
  });

  it('keeps the context connected, limited, with each hidden read and the permission that would show it', () => {
    const status = api.connectionStatus!;
    assert.equal(status.state, 'connected');
    assert.deepEqual(
      status.limited?.hidden.map((hidden) => hidden.id),
      ['nodes', 'pods'],
    );
  });

  it('shows the tree from where the user stands, and every hidden part names its permission', async () => {
    const roots = await until('the standpoint in the tree', () => {
      const items = api.getTreeItems();
      return items[0]?.label === 'From where you stand' ? items : undefined;
    });
    assert.deepEqual(
      roots.map((root) => root.label).filter((label) => label !== 'Control plane health'),
      ['From where you stand', 'Hidden from you', 'Control plane', 'Nodes', 'Cluster addons', 'Not in this cluster'],
    );
    assert.equal(roots[0]!.description, '12/14 reads');
    assert.match(shown(roots[0]!.tooltip), /limited: 12 of 14 reads allowed/);
    // The sections whose reads are hidden say so, never none, 0 or absent.
    for (const label of ['Control plane', 'Nodes', 'Not in this cluster']) {
      const section = byLabel(roots, label);
      assert.equal(section.description, 'hidden from you', label);
      assert.match(shown(section.tooltip), /needs list, watch/, label);
      assert.match(shown(section.tooltip), new RegExp(`kubectl auth can-i list \\S+ .*--context ${context}`), label);
    }
    const hidden = api.getTreeItems(byLabel(roots, 'Hidden from you').id);
    assert.deepEqual(
      hidden.map((item) => [item.label, item.description, item.contextValue]),
      [
        ['Nodes', 'hidden', 'clusterAnatomy:hidden'],
        ['Pods in kube-system', 'hidden', 'clusterAnatomy:hidden'],
      ],
    );
    assert.match(shown(hidden[0]!.tooltip), new RegExp(`check: kubectl auth can-i list nodes --context ${context}`));
    assert.match(shown(hidden[1]!.tooltip), /list, watch pods in kube-system/);
    assert.match(shown(hidden[1]!.tooltip), /list pods in kube-system: denied/);

    // What the user can see: kube-apiserver, the nodes their Pods run on (inferred), their namespace's Pods.
    const standpoint = api.getTreeItems(roots[0]!.id);
    assert.deepEqual(
      standpoint.map((item) => item.label),
      ['kube-apiserver', 'Nodes seen through Pods', 'namespace default'],
    );
    assert.match(standpoint[0]!.description, /^v1\./);
    const nodes = api.getTreeItems(standpoint[1]!.id);
    assert.deepEqual(
      nodes.map((node) => [node.label, node.description]),
      [
        ['multi-node-worker', 'inferred'],
        ['multi-node-worker2', 'inferred'],
      ],
    );
    assert.match(shown(nodes[0]!.tooltip), /^\*\*multi-node-worker \(inferred\)\*\*/);
    assert.match(shown(nodes[0]!.tooltip), /Known only because Pods you may read run on it/);
    const pods = api.getTreeItems(standpoint[2]!.id);
    assert.equal(pods.length, 4);
    // Healthy: the icon says it; the node and the owner are in the tooltip.
    assert.ok(
      pods.every((pod) => pod.description === '' && pod.iconColor === 'testing.iconPassed'),
      JSON.stringify(pods),
    );
    assert.match(shown(pods[0]!.tooltip), /multi-node-worker/);
    assert.match(shown(pods[0]!.tooltip), /Deployment\/workload-0/);

    // Nothing anywhere says the context cannot be read, or that a hidden part is absent or empty.
    for (const row of allRows(api)) {
      const text = `${row.label} ${row.description} ${shown(row.tooltip)}`;
      assert.doesNotMatch(text, /Cannot read|Nothing could be read|Missing permission/, row.id);
      if (row.contextValue === 'clusterAnatomy:absent') assert.fail(`${row.label} is said to be absent`);
    }

    // Its checks: copied as the kubectl auth can-i lines of this context.
    const lines = await vscode.commands.executeCommand<string[]>('clusterAnatomy.copyCanI', hidden[0]!.id);
    assert.deepEqual(lines, [`kubectl auth can-i list nodes --context ${context}`, `kubectl auth can-i watch nodes --context ${context}`]);
    assert.equal(await vscode.env.clipboard.readText(), lines.join('\n'));
  });

  it('draws kube-apiserver as seen, the other components and the agents as hidden with their permission', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    let report: RenderReport | undefined;
    await until(
      'the diagram from where the user stands',
      () => {
        report = api.lastDiagramRender();
        return report?.hidden?.['cp:etcd'] !== undefined && report.pods === 4;
      },
      45_000,
      200,
    );
    const drawn = report!;
    assert.equal(drawn.components?.['cp:kube-apiserver']?.health, 'ok');
    for (const id of ['cp:etcd', 'cp:kube-scheduler', 'cp:kube-controller-manager']) {
      assert.deepEqual(drawn.components?.[id], { health: 'hidden', detail: 'hidden from you' }, id);
      assert.match(drawn.hidden![id]!, new RegExp(`check: kubectl auth can-i list pods -n kube-system --context ${context}`), id);
    }
    for (const node of ['multi-node-worker', 'multi-node-worker2']) {
      assert.match(drawn.hidden![`node:${node}:kubelet`]!, /hidden from you — needs list, watch nodes \(cluster-wide\)/);
      assert.equal(drawn.health[`node:${node}`], 'neutral', 'the inferred node');
    }
    assert.ok(drawn.hidden!['nodes:hidden'], 'the nodes the user cannot see');
    assert.ok(!Object.values(drawn.health).includes('absent'));
    assert.ok(!Object.values(drawn.components ?? {}).some((component) => component.health === 'absent'));
    assert.equal(drawn.status, undefined);
  });

  it('says in the status bar that the context is limited, and why, in its tooltip', async () => {
    const status = await until('the status item to say limited', () =>
      api.contextStatus.text.includes('limited') ? api.contextStatus : undefined,
    );
    assert.equal(status.text, `$(shield) ${context} — limited: 12 of 14 reads allowed`);
    assert.match(status.tooltip, /Nodes: hidden from you — needs list, watch nodes \(cluster-wide\)/);
    assert.match(status.tooltip, new RegExp(`check: kubectl auth can-i watch pods -n kube-system --context ${context}`));
    assert.doesNotMatch(status.tooltip, /Cannot read|Forbidden/);
  });
});

describe("the demo's restricted learner (team-dev: a Role in namespace team, nothing cluster-wide)", function () {
  this.timeout(120_000);
  let api: ClusterAnatomyApi;
  let admin: string;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
    });
    assert.ok(opened, 'the demo cluster opened');
    admin = opened.context;
    await until('a connection to the demo', () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === admin);
    // The context switcher's own command: the learner's context is the second one of the demo's kubeconfig.
    assert.equal(await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'team-dev'), 'team-dev');
    await until(
      'the learner connected and limited',
      () => api.connectionStatus?.context === 'team-dev' && api.connectionStatus.limited?.allowed != null,
      60_000,
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('clusterAnatomy.switchContext', admin);
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
  });

  it('says in the status bar how few reads the learner has, and never that the context cannot be read', async () => {
    const status = await until('the status item to say limited', () =>
      api.contextStatus.text.includes('limited') && api.contextStatus.text.includes('team-dev') ? api.contextStatus : undefined,
    );
    assert.equal(status.text, '$(shield) team-dev — limited: 3 of 14 reads allowed');
    assert.match(status.tooltip, /check: kubectl auth can-i list nodes --context team-dev/);
    assert.doesNotMatch(status.tooltip, /Cannot read|Forbidden/);
  });

  it('says how many parts of the control plane health it could not check, never ok', async () => {
    const health = await until('the health section to say what it could not check', () =>
      api.getTreeItems().find((row) => row.label === 'Control plane health' && /^\d+ not checked$/.test(row.description)),
    );
    assert.ok(health);
  });

  it('shows the learner their namespace, its Pods and the nodes they run on, and every hidden read with its permission', async () => {
    const anatomy = await until('the standpoint', async () => {
      const current = await api.getAnatomy();
      return current?.context === 'team-dev' && current.standpoint?.namespaces[0]?.pods?.length === 2 ? current : undefined;
    });
    assert.deepEqual(
      anatomy.standpoint!.namespaces.map((namespace) => namespace.name),
      ['team'],
    );
    const roots = await until('the standpoint in the tree', () => {
      const items = api.getTreeItems();
      return items[0]?.label === 'From where you stand' && items[0].description === '3/14 reads' ? items : undefined;
    });
    const hidden = api.getTreeItems(byLabel(roots, 'Hidden from you').id);
    assert.equal(hidden.length, 11, hidden.map((item) => item.label).join(', '));
    for (const item of hidden) assert.match(shown(item.tooltip), /kubectl auth can-i (list|watch|get) .*--context team-dev/, item.label);
    const rows = allRows(api);
    assert.ok(
      rows.some((row) => row.label === 'namespace team'),
      rows.map((row) => row.label).join(', '),
    );
    for (const node of anatomy.standpoint!.nodes)
      assert.ok(
        rows.some((row) => row.label === node.name && row.description === 'inferred'),
        node.name,
      );
  });
});
