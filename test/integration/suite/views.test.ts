// The tree and the diagram, side by side in a real VS Code on the demo cluster: one health policy and one
// live heartbeat, so they say the same thing about the same node and Pod, also while a heartbeat stops.
import * as assert from 'node:assert/strict';
import { request } from 'node:https';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { RenderedTreeItem } from '../../../src/ui/tree/anatomyTreeProvider';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

/** The theme colour the tree gives each verdict the diagram draws. */
const treeColorOf: Readonly<Record<string, string>> = {
  ok: 'testing.iconPassed',
  warn: 'list.warningForeground',
  error: 'list.errorForeground',
  stale: 'disabledForeground',
  unknown: 'disabledForeground',
  neutral: 'descriptionForeground',
};

describe('the tree and the diagram agree', function () {
  this.timeout(90_000);
  let api: ClusterAnatomyApi;
  let demoContext: string;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
      leaseRenewSeconds: 1,
    });
    assert.ok(opened, 'the demo cluster opened');
    demoContext = opened.context;
    await until(
      'a connection to the demo',
      () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === opened.context,
    );
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    await until('the diagram to draw the three nodes', () => api.lastDiagramRender()?.drawnNodes === 3);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** Every node and Pod row of the tree, by the diagram's box id, with its icon colour. */
  function treeColors(): Map<string, RenderedTreeItem> {
    const rows = new Map<string, RenderedTreeItem>();
    const sections = api.getTreeItems().filter((item) => item.label === 'Control plane' || item.label === 'Nodes');
    for (const section of sections) {
      for (const node of api.getTreeItems(section.id)) {
        const name = /\/node\/([^/]+)$/.exec(node.id)?.[1];
        if (!name) continue;
        rows.set(`node:${name}`, node);
        for (const child of api.getTreeItems(node.id)) {
          const pod = /\/pod\/([^/]+)\/([^/]+)$/.exec(child.id);
          if (pod) rows.set(`node:${name}:pod:${pod[1]}/${pod[2]}`, child);
        }
      }
    }
    return rows;
  }

  /** What the two views say differently; empty when they agree on every node and Pod the diagram draws. */
  function disagreements(): string[] {
    const drawn = api.lastDiagramRender()?.health ?? {};
    const tree = treeColors();
    const found: string[] = [];
    for (const [id, health] of Object.entries(drawn)) {
      const row = tree.get(id);
      if (!row) found.push(`${id}: drawn ${health}, not in the tree`);
      else if (row.iconColor !== treeColorOf[health]) found.push(`${id}: drawn ${health}, tree ${row.iconColor} (${row.description})`);
    }
    return found;
  }

  it('says the same about every node and Pod, and both turn a node stale when its heartbeat stops', async () => {
    await until(
      () => `the views to agree: ${disagreements().join('; ')}`,
      () => disagreements().length === 0 && Object.keys(api.lastDiagramRender()?.health ?? {}).length > 9,
      // The files before this one stop heartbeats and delete Pods: their replacements may still be settling.
      45_000,
    );
    const node = 'multi-node-worker2';
    assert.equal(api.lastDiagramRender()?.health[`node:${node}`], 'ok');
    api.demoCluster!.control.stopHeartbeat(node);
    try {
      await until(
        () =>
          `both views to show ${node} stale; diagram ${api.lastDiagramRender()?.health[`node:${node}`]}, tree ${JSON.stringify(treeColors().get(`node:${node}`))}`,
        () =>
          api.lastDiagramRender()?.health[`node:${node}`] === 'stale' &&
          treeColors().get(`node:${node}`)?.iconColor === 'disabledForeground',
        30_000,
      );
      await until(
        () => `the views to agree with ${node} stale: ${disagreements().join('; ')}`,
        () => disagreements().length === 0,
        10_000,
      );
    } finally {
      api.demoCluster!.control.resumeHeartbeat(node);
    }
    await until(
      () => `${node} to recover in both views: ${disagreements().join('; ')}`,
      () => api.lastDiagramRender()?.health[`node:${node}`] === 'ok' && disagreements().length === 0,
      30_000,
    );
  });

  it("a hover in a manifest says what the field is from the demo's own OpenAPI, above who acts on it", async () => {
    const document = await vscode.workspace.openTextDocument({
      language: 'yaml',
      content: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: pinned\nspec:\n  nodeName: multi-node-worker\n',
    });
    await vscode.window.showTextDocument(document);
    const text = await until(
      "a hover with the API's description",
      async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          document.uri,
          new vscode.Position(5, 4),
        );
        const all = hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)));
        return all.find((value) => value.includes('NodeName indicates in which node this pod is scheduled'));
      },
      30_000,
      500,
    );
    // nodeName is a placement field: the live placement comes first, above a rule; the explanation follows.
    const [heading, schema, firstActor] = text.slice(text.indexOf('**Who acts on**')).split('\n\n');
    assert.match(heading!, /\*\*Who acts on\*\* spec\.nodeName · Pod/);
    assert.ok(schema!.startsWith('`string` — NodeName indicates in which node this pod is scheduled.'), schema);
    assert.match(schema!, /\*\(described by the API server of [^)]+\)\*$/);
    assert.ok(schema!.replace(/\\/g, '').includes(demoContext), `${demoContext} in ${schema}`);
    assert.match(firstActor!, /\*\*kube-scheduler\*\*/);
  });

  it("the tree shows the control plane's health: the leader among the replicas, and a failing check once the server reports one", async () => {
    await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
    const healthSection = await until(
      'the health section',
      () => api.getTreeItems().find((item) => item.label === 'Control plane health'),
      30_000,
      250,
    );
    assert.equal(healthSection.description, 'ok');
    const rows = () => api.getTreeItems(healthSection.id);
    const readyz = rows().find((row) => row.label === '/readyz');
    assert.match(readyz?.description ?? '', /^(\d+) of \1 ok$/);
    const scheduler = rows().find((row) => row.label === 'kube-scheduler');
    assert.match(scheduler?.description ?? '', /^renewed (just now|\S+ ago)$/);
    assert.match(
      scheduler?.tooltip ?? '',
      /kube\\-scheduler\\-multi\\-node\\-control\\-plane \(multi\\-node\\-control\\-plane\)|kube-scheduler-multi-node-control-plane \(multi-node-control-plane\)/,
    );
    // The replica that holds the lock says so in the control plane's rows.
    const controlPlane = api.getTreeItems().find((item) => item.label === 'Control plane')!;
    const node = api.getTreeItems(controlPlane.id).find((item) => item.label === 'multi-node-control-plane')!;
    const schedulerPod = api.getTreeItems(node.id).find((item) => item.label === 'kube-scheduler');
    assert.equal(schedulerPod?.description, 'leader');
    assert.match(schedulerPod?.tooltip ?? '', /holds the lock/);

    api.demoCluster!.control.failCheck('etcd');
    await vscode.commands.executeCommand('clusterAnatomy.refreshHealth');
    const failing = await until(
      'the failing check in the tree',
      () => {
        const section = api.getTreeItems().find((item) => item.label === 'Control plane health');
        const row = section && api.getTreeItems(section.id).find((candidate) => candidate.label === '/readyz');
        return row && /^1 failing: etcd$/.test(row.description) ? { section, row } : undefined;
      },
      30_000,
      250,
    );
    assert.match(failing.section!.description, /^\d+ problems$/);
    assert.equal(failing.row.iconColor, 'list.errorForeground');
    // The failing check on a row of its own; the passing ones folded into one row, not dozens.
    const checkRows = api.getTreeItems(failing.row.id);
    assert.deepEqual(
      checkRows.map((row) => row.label.replace(/^\d+/, 'N')),
      ['etcd', 'N checks pass'],
    );
    assert.match(api.contextStatus.tooltip, /Control plane: \/readyz: etcd failed \(reason withheld\)/);
    // The diagram (brought to the front again: the hover test covered it with a document) draws the failing
    // check on kube-apiserver's box.
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    const drawn = await until(
      'the failing check in the diagram',
      () => {
        const box = api.lastDiagramRender()?.components?.['cp:kube-apiserver'];
        return box?.health === 'error' ? box : undefined;
      },
      30_000,
      250,
    );
    assert.equal(drawn.detail, 'failing: readyz: etcd, livez: etcd');
    // CLUSTER_ANATOMY_HEALTH_SCREENSHOT=1 node scripts/vscode-host/run.mjs --screenshot health.png --tests …views.test.js
    // pictures the tree and the diagram with the failing check, as a person sees them.
    if (process.env.CLUSTER_ANATOMY_HEALTH_SCREENSHOT === '1') {
      await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
      await new Promise((done) => setTimeout(done, 1500));
      console.log('[cluster-anatomy-screenshot]');
      await new Promise((done) => setTimeout(done, 1500));
    }
    api.demoCluster!.control.failCheck(undefined);
    await vscode.commands.executeCommand('clusterAnatomy.refreshHealth');
    await until(
      'the check to pass again',
      () => api.getTreeItems().find((item) => item.label === 'Control plane health')?.description === 'ok',
      30_000,
      250,
    );
  });

  it('a kube-system Pod waiting for a node: the tree says why, node by node, and the placement view marks every node', async () => {
    // A nodeSelector no node satisfies: coredns's new Pods wait, and the demo's scheduler says why.
    const status = await patchCoredns({ spec: { template: { spec: { nodeSelector: { disktype: 'ssd' } } } } });
    assert.equal(status, 200);
    await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
    const section = await until(
      'the waiting Pods in the tree',
      () => api.getTreeItems().find((item) => item.label === 'Waiting for a node' && item.description === '2'),
      30_000,
      250,
    );
    // One row for the Deployment: both replicas wait for the same reason, as the scheduler wrote it.
    const group = await until(
      'the waiting Pods grouped by workload',
      () => api.getTreeItems(section.id).find((item) => item.contextValue === 'clusterAnatomy:waitingGroup'),
      30_000,
      250,
    );
    assert.equal(group.label, 'coredns');
    // The reason first, so a row cut at the sidebar's edge still shows it; the whole sentence in the tooltip.
    assert.equal(group.description, "node(s) didn't match Pod's node affinity/selector on 3 nodes · 2 replicas");
    assert.match(
      group.tooltip,
      // Markdown: the cluster's text is escaped, colons too.
      /coredns\\?: 2 replicas, all for the same reason\\?: node\(s\) didn't match Pod's node affinity\/selector on 3 nodes/,
    );
    const waiting = api.getTreeItems(group.id)[0]!;
    assert.match(waiting.label, /^coredns-/);
    assert.equal(waiting.description, 'Pending · Unschedulable');
    assert.equal(waiting.contextValue, 'clusterAnatomy:pod+unscheduled');
    const rows = await until(
      'where it fits, worked out',
      () => {
        const children = api.getTreeItems(waiting.id);
        return children.some((row) => row.label === 'Fits now') ? children : undefined;
      },
      30_000,
      250,
    );
    // What would make it fit comes before the nodes: the one change (no node has the label) and what is not judged.
    assert.deepEqual(
      rows.map((row) => row.label),
      [
        'The scheduler said',
        'Fits now',
        'drop nodeSelector disktype=ssd (no node has the label disktype)',
        'What would make it fit',
        'multi-node-control-plane',
        'multi-node-worker',
        'multi-node-worker2',
      ],
    );
    assert.match(rows[0]!.description, /^0\/3 nodes are available: 3 node\(s\) didn't match Pod's node affinity\/selector\./);
    assert.equal(rows[1]!.description, 'no node of 3');
    for (const row of rows.slice(4)) {
      assert.equal(row.description, `NodeAffinity: ${row.label} has no label disktype (nodeSelector disktype=ssd)`);
      assert.equal(row.iconColor, 'list.errorForeground');
    }
    // "Where Can It Run?" on the row: the diagram's placement view marks the three nodes.
    await vscode.commands.executeCommand('clusterAnatomy.whereCanItRun', {
      type: 'unscheduledPod',
      pod: { pod: waiting.label, namespace: 'kube-system' },
    });
    const drawn = await until(
      'the placement view with every node marked',
      () => {
        const report = api.lastDiagramRender();
        return report?.view === 'placement' &&
          ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2'].every((node) => report.health[`node:${node}`] === 'error')
          ? report
          : undefined;
      },
      30_000,
      250,
    );
    assert.equal(drawn.drawnNodes, 3);
    // A Pod that runs: "Why on This Node?" marks its node and the others it fits.
    const proxy = (await api.getAnatomy())!.nodes
      .find((node) => node.name === 'multi-node-worker')!
      .components.find((pod) => pod.component === 'kube-proxy')!;
    await vscode.commands.executeCommand('clusterAnatomy.explainPlacement', {
      type: 'pod',
      pod: { pod: proxy.pod, namespace: 'kube-system' },
    });
    await until(
      "kube-proxy's node marked as fitting, the others not (its DaemonSet pins it)",
      () => {
        const health = api.lastDiagramRender()?.health ?? {};
        return (
          health['node:multi-node-worker'] === 'ok' &&
          health['node:multi-node-worker2'] === 'error' &&
          health['node:multi-node-control-plane'] === 'error'
        );
      },
      30_000,
      250,
    );
  });

  /** A strategic-merge patch of kube-system's coredns Deployment on the demo, as a client would send it. */
  function patchCoredns(patchBody: unknown): Promise<number> {
    const demo = api.demoCluster!;
    return new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(patchBody);
      const patch = request(
        `${demo.server}/apis/apps/v1/namespaces/kube-system/deployments/coredns`,
        {
          method: 'PATCH',
          ca: demo.caPem,
          headers: {
            Authorization: `Bearer ${demo.token}`,
            'Content-Type': 'application/strategic-merge-patch+json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      patch.on('error', reject);
      patch.end(body);
    });
  }

  // The files after this one see coredns as the demo made it: two Ready replicas, none waiting.
  after(async () => {
    if (!api?.demoCluster) return;
    assert.equal(await patchCoredns({ spec: { template: { spec: { nodeSelector: null } } } }), 200);
    await until(
      "coredns back to 2 Ready replicas in the extension's anatomy",
      async () => {
        const anatomy = await api.getAnatomy();
        const coredns = anatomy?.addons.find((addon) => addon.name === 'coredns' && addon.kind === 'Deployment');
        const running = anatomy?.nodes.flatMap((node) => node.components).filter((pod) => pod.component === 'coredns').length;
        return coredns?.desired === 2 && coredns.readyCount === 2 && running === 2;
      },
      60_000,
      250,
    );
  });
});
