// Not part of the suite: sets up the workbench for the README's screenshot
//   node scripts/vscode-host/run.mjs --host 1.139 --tests out/integration/screenshot --screenshot media/screenshot.png
import * as vscode from 'vscode';

describe('README screenshot', function () {
  this.timeout(60_000);

  it('opens the demo cluster in the tree and the diagram', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.openDemoCluster');
    await vscode.commands.executeCommand('clusterAnatomy.tree.focus');
    await vscode.commands.executeCommand('clusterAnatomy.showDiagram');
    // Let the watches settle and the webview draw, then ask the runner for the picture while the views are live.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const api = vscode.extensions.getExtension<{ connectionStatus: unknown }>('cluster-anatomy.cluster-anatomy')?.exports;
    console.log(`connection: ${JSON.stringify(api?.connectionStatus)}`);
    console.log('[cluster-anatomy-screenshot]');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  });
});
