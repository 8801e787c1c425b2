// The anatomy tree fits VS Code's default 300 px sidebar: every description on the demo cluster stays within
// a width budget, in the display language of the host (run with --locale ja for Japanese):
//   node scripts/vscode-host/run.mjs --host 1.139 --tests out/integration/screenshot/treeWidth.test.js
// test/integration/screenshot/tree.mjs measures the same rows in the workbench itself.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { RenderedTreeItem } from '../../../src/ui/tree/anatomyTreeProvider';
import { until } from '../../support/until';

/**
 * Columns a description may take: at 300 px, under a node (the deepest rows, 73 px in) beside a label such as
 * "kube-scheduler", about 26 columns of the workbench's 13 px font are left.
 */
const descriptionBudget = 26;

/** Width in columns: CJK and full-width characters take two. */
function columns(text: string): number {
  let width = 0;
  for (const character of text)
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(character) ? 2 : 1;
  return width;
}

function walk(api: ClusterAnatomyApi, parentId?: string): RenderedTreeItem[] {
  return api.getTreeItems(parentId).flatMap((item) => [item, ...(item.collapsible ? walk(api, item.id) : [])]);
}

describe('The anatomy tree at the default sidebar width', function () {
  this.timeout(60_000);

  it('keeps every description of the demo cluster within the budget', async () => {
    const api = await vscode.extensions.getExtension<ClusterAnatomyApi>('cluster-anatomy.cluster-anatomy')!.activate();
    const opened = await vscode.commands.executeCommand<{ context: string }>('clusterAnatomy.openDemoCluster');
    await until('the demo context to be current', () => api.contextStatus.context === opened?.context);
    await until('a connection', () => api.connectionStatus?.state === 'connected');
    const items = await until('the whole tree', () => {
      const all = walk(api);
      return all.some((item) => item.label === 'kube-controller-manager') &&
        all.some((item) => item.contextValue === 'clusterAnatomy:heartbeat')
        ? all
        : undefined;
    });
    console.log(`display language ${vscode.env.language}, ${items.length} rows`);
    const expected = process.env.CLUSTER_ANATOMY_EXPECT_LANGUAGE;
    if (expected) assert.equal(vscode.env.language, expected, 'the display language the host was started in');
    const over = items.filter((item) => columns(item.description) > descriptionBudget);
    assert.deepEqual(
      over.map((item) => `${item.label} — ${item.description} (${columns(item.description)})`),
      [],
    );
  });
});
