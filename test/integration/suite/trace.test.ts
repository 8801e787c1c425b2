// The live trace in a real VS Code on the demo cluster: a trace of kube-system's coredns shows, as they happen,
// the steps of a scale-up in the Trace view (the ReplicaSet scaled, each new Pod created by the ReplicaSet
// controller, bound by kube-scheduler, started, Ready), the diagram lights them, and the JSON export holds them.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { scaleDeployment } from '../../../src/core/handsOn/experiments';
import { KubeApi } from '../../../src/core/kube/kubeApi';
import { loadKubeClient } from '../../../src/core/kube/loadClient';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

describe('the live trace', function () {
  this.timeout(120_000);
  let api: ClusterAnatomyApi;
  let kube: KubeApi;
  let folder: string;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
      leaseRenewSeconds: 1,
    });
    assert.ok(opened, 'the demo cluster opened');
    await until(
      'a connection to the demo',
      () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === opened.context,
    );
    const { KubeConfig } = await loadKubeClient();
    const config = new KubeConfig();
    config.loadFromString(api.demoCluster!.kubeconfigYaml());
    kube = new KubeApi(config);
    folder = mkdtempSync(join(tmpdir(), 'cluster-anatomy-trace-'));
  });

  after(async () => {
    await vscode.commands.executeCommand('clusterAnatomy.trace.stop');
    // The files after this one see coredns as the demo made it: two replicas.
    await scaleDeployment(kube, 'coredns', 2);
    await until(
      "coredns back to 2 Ready replicas in the extension's anatomy",
      async () => {
        const coredns = (await api.getAnatomy())?.addons.find((addon) => addon.name === 'coredns' && addon.kind === 'Deployment');
        return coredns?.desired === 2 && coredns.readyCount === 2;
      },
      30_000,
      100,
    );
    // And in the tree, shown again in place of the Trace view.
    await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
    await until(
      'the tree to say coredns 2/2',
      () => {
        const addons = api.getTreeItems(api.getTreeItems().find((item) => item.label === 'Cluster addons')?.id);
        return /^2\/2/.test(addons.find((item) => item.label === 'Deployment coredns')?.description ?? '');
      },
      30_000,
      100,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows each step of a scale-up as it happens, lights it in the diagram, and exports it as JSON', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    await until('the diagram to draw', () => api.lastDiagramRender()?.boxes);
    const started = await vscode.commands.executeCommand<{ kind: string } | undefined>('clusterAnatomy.trace.start', {
      kind: 'Deployment',
      namespace: 'kube-system',
      name: 'coredns',
    });
    assert.equal(started?.kind, 'Deployment');
    const live = await until('the trace to be live', () => (api.trace()?.state === 'live' ? api.trace() : undefined));
    assert.match(live.description, /^Deployment kube-system\/coredns · live$/);
    assert.match(live.summary, /^Pods: 2 of 2 · scheduled 2 · running 2 · Ready 2/);
    // The counts are a row, not the view's message, which would cover the first step when it wraps at 300 px.
    assert.equal(live.message, '');
    const history = new Set(live.items.map((item) => item.id));
    assert.ok(history.size > 0, 'the history the cluster recorded is there from the start');

    await scaleDeployment(kube, 'coredns', 3);
    const fresh = () => (api.trace()?.items ?? []).filter((item) => !history.has(item.id));
    const wanted = [
      /^ReplicaSet coredns-\S+ scaled (from \d+ )?to 3$/,
      /^Pod coredns-\S+ created by replicaset-controller$/,
      /^Pod coredns-\S+ bound to node multi-node-\S+$/,
      /^coredns-\S+: container coredns started on multi-node-\S+$/,
      /^Pod coredns-\S+ Ready$/,
    ];
    const steps = await until(
      () => `the new steps: ${JSON.stringify(fresh().map((item) => item.step))}`,
      () => {
        const sentences = fresh().map((item) => item.step);
        return wanted.every((pattern) => sentences.some((sentence) => pattern.test(sentence))) &&
          api.trace()?.summary.startsWith('Pods: 3 of 3')
          ? fresh()
          : undefined;
      },
      60_000,
      200,
    );
    // In the order they happened: the scaling, then the new Pod created, bound, started, Ready.
    const position = (pattern: RegExp) => steps.findIndex((item) => pattern.test(item.step));
    const order = wanted.map(position);
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      steps.map((item) => item.step).join('\n'),
    );
    // A row leads with the time of day and the component, which stay in sight at 300 px; the sentence follows.
    const bound = steps[position(wanted[2]!)]!;
    assert.match(bound.label, /^\d\d:\d\d:\d\d(\.\d{3})? kube-scheduler$/);
    assert.match(bound.description, /^Pod coredns-\S+ bound to node multi-node-\S+ · (\+|first)/);
    assert.match(bound.tooltip, /kube-scheduler \(default-scheduler\)/);
    const created = steps[position(wanted[1]!)]!;
    assert.match(created.label, / replicaset-controller$/);
    assert.match(bound.tooltip, /Evidence/);
    assert.match(bound.tooltip, /Event Scheduled from default-scheduler/);

    // The diagram shows the live steps (the last one lit, with its caption), as the webview reports it.
    const lit = await until('the diagram to light a live step', () => api.lastDiagramRender()?.liveTrace);
    assert.ok(lit.litEdges > 0, JSON.stringify(lit));
    assert.match(lit.caption, /^Trace of Deployment kube-system\/coredns: step \d+ of \d+ · \d\d:\d\d:\d\d · /);

    // CLUSTER_ANATOMY_TRACE_SCREENSHOT=1 node scripts/vscode-host/run.mjs --screenshot trace.png --tests …trace.test.js
    if (process.env.CLUSTER_ANATOMY_TRACE_SCREENSHOT === '1') {
      console.log('[cluster-anatomy-screenshot]');
      await new Promise((done) => setTimeout(done, 1500));
    }

    const file = vscode.Uri.file(join(folder, 'coredns-trace.json'));
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('clusterAnatomy.trace.exportJson', file);
    assert.equal(written?.fsPath, file.fsPath);
    const exported = JSON.parse(readFileSync(file.fsPath, 'utf8')) as {
      target: { name: string };
      steps: { id: string; kind: string; text: string; component: string }[];
    };
    assert.equal(exported.target.name, 'coredns');
    const exportedIds = new Set(exported.steps.map((step) => step.id));
    for (const step of steps) assert.ok(exportedIds.has(step.id), `${step.step} is in the export`);
    assert.ok(exported.steps.some((step) => step.kind === 'scheduled' && step.component === 'kube-scheduler'));

    await vscode.commands.executeCommand('clusterAnatomy.trace.stop');
    await until('the trace to stop', () => api.trace()?.state === 'stopped');
    await until('the diagram light to go out', () => api.lastDiagramRender() && !api.lastDiagramRender()!.liveTrace);

    // The timeline in the editor area: every step of the view, each with its time, component and evidence.
    const timelineUri = await vscode.commands.executeCommand<vscode.Uri | undefined>('clusterAnatomy.trace.openTimeline');
    assert.equal(timelineUri?.scheme, 'cluster-anatomy-trace');
    const timeline = await until('the timeline to hold every step', async () => {
      const text = (await vscode.workspace.openTextDocument(timelineUri!)).getText();
      const rows = text.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Time'));
      return rows.length === (api.trace()?.items.length ?? -1) ? text : undefined;
    });
    assert.match(timeline, /^# Trace of Deployment kube-system\/coredns/);
    assert.match(timeline, /\| Time \| After \| Component \| Step \| Evidence \|/);
    assert.match(timeline, /Event Scheduled from default-scheduler/);
    await scaleDeployment(kube, 'coredns', 2);
  });

  it("traces a Pod from the diagram's context menu on its box", async () => {
    const menu = (
      vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.menus['webview/context'] as { command: string; when: string }[]
    ).find((entry) => entry.command === 'clusterAnatomy.trace.item');
    assert.match(menu?.when ?? '', /webviewId == 'clusterAnatomy\.diagram' && webviewSection == 'pod'/);
    const pod = (await api.getAnatomy())!.nodes
      .flatMap((node) => node.components)
      .find((component) => component.component === 'coredns')!.pod!;
    // What VS Code passes: the box's data-vscode-context, with the webview's id.
    await vscode.commands.executeCommand('clusterAnatomy.trace.item', {
      webview: 'clusterAnatomy.diagram',
      webviewSection: 'pod',
      namespace: 'kube-system',
      name: pod,
      preventDefaultContextMenuItems: true,
    });
    const traced = await until("the Pod's trace to be live", () => (api.trace()?.state === 'live' ? api.trace() : undefined));
    assert.equal(traced.description, `Pod kube-system/${pod} · live`);
    assert.ok(
      traced.items.some((item) => /bound to node multi-node-/.test(item.step)),
      JSON.stringify(traced.items.map((item) => item.step)),
    );
    await vscode.commands.executeCommand('clusterAnatomy.trace.stop');
  });

  it("traces a Service from the tree's Trace on its row: its EndpointSlice and each endpoint made ready", async () => {
    const menu = (
      vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.menus['view/item/context'] as { command: string; when: string }[]
    ).find((entry) => entry.command === 'clusterAnatomy.trace.item');
    assert.ok(new RegExp(/viewItem =~ \/(.*)\//.exec(menu!.when)![1]!).test('clusterAnatomy:addon+Service'), menu!.when);
    const service = (await api.getAnatomy())!.addons.find((addon) => addon.kind === 'Service' && addon.name === 'kube-dns')!;
    // What VS Code passes: the tree element of the Service's row.
    await vscode.commands.executeCommand('clusterAnatomy.trace.item', { type: 'addon', id: 'addon/kube-dns', addon: service });
    const traced = await until(
      "the Service's trace to be live with its endpoints",
      () => {
        const current = api.trace();
        return current?.state === 'live' && current.items.some((item) => /^Endpoint /.test(item.step)) ? current : undefined;
      },
      30_000,
      100,
    );
    assert.equal(traced.description, 'Service kube-system/kube-dns · live');
    // The suite's earlier tests scaled and deleted coredns Pods: one may still be terminating, its endpoint with it.
    assert.match(traced.summary, /^Endpoints: \d+ · ready \d+ · serving \d+ · terminating \d+ · Pods selected: \d+, Ready \d+$/);
    const steps = traced.items.map((item) => item.step);
    assert.ok(
      steps.some((step) => /^EndpointSlice kube-dns-\S+ created by endpointslice-controller$/.test(step)),
      JSON.stringify(steps),
    );
    assert.ok(
      steps.some((step) =>
        /^Endpoint \S+ of Pod coredns-\S+ on multi-node-\S+ ready in EndpointSlice kube-dns-\S+: kubelet made the Pod Ready/.test(step),
      ),
      JSON.stringify(steps),
    );
    await vscode.commands.executeCommand('clusterAnatomy.trace.stop');
  });
});
