// "Why on This Node?" on a bound Pod in a real VS Code on the demo cluster: beside the placement view, the answer
// shows under the Pod's row in the tree: where it fits, and what the default scores weigh on each node.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

describe('Why on This Node?', function () {
  this.timeout(90_000);
  let api: ClusterAnatomyApi;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
    });
    assert.ok(opened, 'the demo cluster opened');
    await until(
      'a connection to the demo',
      () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === opened.context,
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows under the Pod its other replicas, the room left on each node it fits, and that the scores cannot be read', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
    const worker = await until(
      'the first worker in the tree',
      () => {
        const nodes = api.getTreeItems().find((item) => item.label === 'Nodes');
        return nodes && api.getTreeItems(nodes.id).find((item) => item.label === 'multi-node-worker');
      },
      30_000,
      250,
    );
    const coredns = api.getTreeItems(worker.id).find((item) => item.label === 'coredns')!;
    assert.equal(coredns.collapsible, false, 'a Pod row is a leaf until asked about');
    const name = /\/pod\/kube-system\/([^/]+)$/.exec(coredns.id)![1]!;
    await vscode.commands.executeCommand('clusterAnatomy.explainPlacement', { type: 'pod', pod: { pod: name, namespace: 'kube-system' } });
    const rows = await until(
      "the answer under the Pod's row",
      () => {
        const children = api.getTreeItems(coredns.id);
        return children.some((row) => row.label === 'Room left') ? children : undefined;
      },
      30_000,
      250,
    );
    const row = (label: string) => rows.find((item) => item.label === label);
    assert.match(row('Fits now')?.description ?? '', /^3 of 3 nodes: /);
    assert.match(
      row('Why on multi-node-worker?')?.description ?? '',
      /^The scheduler's scores are its own and cannot be read from outside it\./,
    );
    // Where the other replicas run depends on what ran before (a trace scales coredns up and down): read it from the
    // anatomy, and wait for the answer, which follows the all-Pods watch.
    // A replica replaced after an earlier test (a stopped heartbeat evicts Pods) may still be on its way.
    const corednsPods = async () =>
      (await api.getAnatomy())!.nodes.flatMap((node) =>
        node.components.filter((pod) => pod.component === 'coredns').map((pod) => ({ node: node.name, pod: pod.pod })),
      );
    let seen: unknown = [];
    const others = await until(
      () => `coredns's other replica on a node; the anatomy has ${JSON.stringify(seen)}`,
      async () => {
        const found = new Map<string, number>();
        const pods = await corednsPods();
        seen = pods;
        for (const { node, pod } of pods) if (pod !== name) found.set(node, (found.get(node) ?? 0) + 1);
        return found.size > 0 ? found : undefined;
      },
      60_000,
      250,
    );
    await until(
      () =>
        `the other replicas (${[...others].join(', ')}) in: ${api.getTreeItems(coredns.id).find((item) => item.label === 'Other replicas')?.description}`,
      () => {
        const text = api.getTreeItems(coredns.id).find((item) => item.label === 'Other replicas')?.description ?? '';
        return [...others].every(([node, count]) => new RegExp(`${node}(?: \\(this node\\))?: ${count} \\(coredns-`).test(text));
      },
      30_000,
      250,
    );
    assert.match(row('Room left')?.description ?? '', /^By room left, this node is number 1 of 3/);
    assert.match(row('Room left')?.tooltip ?? '', /LeastAllocated/);
    assert.match(row('Preferred affinities')?.description ?? '', /^Pod anti-affinity, weight 100/);
    assert.equal(api.getTreeItems(worker.id).find((item) => item.label === 'coredns')?.collapsible, true);
  });
});
