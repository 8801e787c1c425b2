// Runs inside a real VS Code: the diagram command opens the webview panel, the webview draws the live
// (simulated kind) cluster and reports what it drew.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type DemoCluster, startDemoCluster } from '../../../src/core/demo/demoCluster';
import type { RenderReport } from '../../../src/protocol/diagramProtocol';
import type { ClusterAnatomyApi } from '../../../src/ui/api';

const extensionId = 'cluster-anatomy.cluster-anatomy';

/** Polls the last render report until `matches` accepts it (mocha's timeout bounds the wait). */
async function waitForReport(matches: (report: RenderReport) => boolean): Promise<RenderReport> {
  for (;;) {
    const report = await vscode.commands.executeCommand<RenderReport | undefined>('clusterAnatomy.diagramRenderReport');
    if (report && matches(report)) return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('architecture diagram webview', function () {
  this.timeout(60_000);
  let demo: DemoCluster;
  let dir: string;
  const settings = () => vscode.workspace.getConfiguration('clusterAnatomy');

  before(async () => {
    const extension = vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId);
    assert.ok(extension, `${extensionId} is not installed`);
    await extension.activate();
    demo = await startDemoCluster({ contextName: 'kind-diagram-test' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-diagram-'));
    const file = path.join(dir, 'config');
    fs.writeFileSync(file, demo.kubeconfigYaml());
    await settings().update('kubeconfig', file, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings().update('kubeconfig', undefined, vscode.ConfigurationTarget.Global);
    await demo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens the panel, and the webview draws the three kind nodes with their Pods', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    const report = await waitForReport((each) => each.drawnNodes === 3);
    assert.equal(report.view, 'architecture');
    assert.equal(report.nodes, 3);
    assert.equal(report.groups, 0);
    assert.ok(report.pods >= 9, `${report.pods} Pods drawn`);
    assert.ok(report.edges >= 30, `${report.edges} edges drawn`);
    assert.ok(report.svgElements > 200, `${report.svgElements} SVG elements`);
  });

  it('reveals a component in the open panel without redrawing from scratch', async () => {
    const before = await vscode.commands.executeCommand<RenderReport>('clusterAnatomy.diagramRenderReport');
    await vscode.commands.executeCommand('clusterAnatomy.revealInDiagram', 'etcd');
    const after = await vscode.commands.executeCommand<RenderReport>('clusterAnatomy.diagramRenderReport');
    assert.deepEqual(after, before);
  });
});
