// The demo cluster's kubeconfig inside a real VS Code: one file per window, which only that window removes,
// and a picker heading that names the demo instead of the storage path.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

describe("the demo cluster's own kubeconfig", function () {
  this.timeout(60_000);
  let api: ClusterAnatomyApi;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
  });

  it("is this window's own: stopping the demo leaves another window's file", async () => {
    const opened = await vscode.commands.executeCommand<{ context: string; kubeconfigFile: string } | undefined>(
      'clusterAnatomy.openDemoCluster',
    );
    assert.ok(opened, 'the demo cluster opened');
    const folder = path.dirname(opened.kubeconfigFile);
    assert.equal(path.basename(opened.kubeconfigFile), `demo-kubeconfig-${process.pid}.yaml`);
    // Another window's demo: its extension host is a live process (here, this host's parent).
    const otherWindow = path.join(folder, `demo-kubeconfig-${process.ppid}.yaml`);
    fs.writeFileSync(otherWindow, "another window's demo\n");
    try {
      await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
      assert.equal(fs.existsSync(opened.kubeconfigFile), false, "this window's file is removed");
      assert.equal(fs.readFileSync(otherWindow, 'utf8'), "another window's demo\n", "the other window's file is untouched");
    } finally {
      fs.rmSync(otherWindow, { force: true });
    }
  });

  it('is headed in the context picker by the demo\'s name, with the context, "current" and its server', async () => {
    const opened = await vscode.commands.executeCommand<{ context: string; server: string; kubeconfigFile: string } | undefined>(
      'clusterAnatomy.openDemoCluster',
    );
    assert.ok(opened, 'the demo cluster opened');
    const rows = await until('the demo in the picker', () => {
      const all = api.contextPickRows();
      return all.some((row) => !row.separator && row.label === opened.context) ? all : undefined;
    });
    const headings = rows.filter((row) => row.separator).map((row) => row.label);
    assert.ok(headings.includes('Demo cluster (this window)'), headings.join(' | '));
    assert.ok(!headings.some((heading) => heading.includes(opened.kubeconfigFile)), 'no storage path as a heading');
    const demoRow = rows[rows.findIndex((row) => row.label === 'Demo cluster (this window)') + 1];
    assert.equal(demoRow?.label, opened.context);
    assert.match(demoRow?.description ?? '', /^current/);
    assert.equal(demoRow?.detail, opened.server);
  });

  it("is named as the demo in the status item's tooltip, without a warning about a default kubeconfig it does not use", async () => {
    const opened = await vscode.commands.executeCommand<{ context: string; kubeconfigFile: string } | undefined>(
      'clusterAnatomy.openDemoCluster',
    );
    assert.ok(opened, 'the demo cluster opened');
    const status = await until('the demo in the status item', () =>
      api.contextStatus.context === opened.context && api.contextStatus.tooltip.includes('Demo cluster (this window)')
        ? api.contextStatus
        : undefined,
    );
    assert.ok(!status.tooltip.includes(opened.kubeconfigFile), status.tooltip);
    const defaultFile = path.join(os.homedir(), '.kube', 'config');
    if (!fs.existsSync(defaultFile)) assert.ok(!status.tooltip.includes('does not exist'), status.tooltip);
  });
});
