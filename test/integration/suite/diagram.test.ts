// Runs inside a real VS Code: the diagram command opens the webview panel, the webview draws the live
// demo cluster (the article's kind cluster, simulated in the extension host) and reports what it drew.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RenderReport } from '../../../src/protocol/diagramProtocol';
import type { ClusterAnatomyApi } from '../../../src/ui/api';

const extensionId = 'cluster-anatomy.cluster-anatomy';

/** Polls the API's last render report until `matches` accepts it; fails with the last one seen after 45 s. */
async function waitForReport(api: ClusterAnatomyApi, matches: (report: RenderReport) => boolean): Promise<RenderReport> {
  const deadline = Date.now() + 45_000;
  let report: RenderReport | undefined;
  while (Date.now() < deadline) {
    report = api.lastDiagramRender();
    if (report && matches(report)) return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The webview did not report the expected drawing; last report: ${JSON.stringify(report)}`);
}

describe('architecture diagram webview', function () {
  this.timeout(90_000);
  let api: ClusterAnatomyApi;

  before(async () => {
    const extension = vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId);
    assert.ok(extension, `${extensionId} is not installed`);
    api = await extension.activate();
    // The built-in demo: the article's kind cluster, served from the extension host.
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
      leaseRenewSeconds: 1,
    });
    assert.ok(opened, 'the demo cluster opened');
    const deadline = Date.now() + 30_000;
    while (api.connectionStatus?.state !== 'connected' || api.contextStatus.context !== opened.context) {
      if (Date.now() > deadline) throw new Error(`no connection to the demo cluster: ${JSON.stringify(api.connectionStatus)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the panel, and the webview draws the three kind nodes with their Pods', async () => {
    assert.equal(api.lastDiagramRender(), undefined, 'nothing is drawn before the panel opens');
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    const report = await waitForReport(api, (each) => each.drawnNodes === 3);
    assert.equal(report.view, 'architecture');
    assert.equal(report.nodes, 3);
    assert.equal(report.groups, 0);
    assert.ok(report.pods >= 9, `${report.pods} Pods drawn`);
    assert.ok(report.edges >= 30, `${report.edges} edges drawn`);
    assert.ok(report.svgElements > 200, `${report.svgElements} SVG elements`);
  });

  it('reveals a component in the open panel without redrawing from scratch', async () => {
    const before = api.lastDiagramRender();
    assert.ok(before, 'the panel has rendered');
    await vscode.commands.executeCommand('clusterAnatomy.revealInDiagram', 'etcd');
    assert.deepEqual(api.lastDiagramRender(), before);
    assert.deepEqual(
      await vscode.commands.executeCommand('clusterAnatomy.diagramRenderReport'),
      before,
      'the test command agrees with the API',
    );
  });
});
