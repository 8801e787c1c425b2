// Runs inside a real VS Code: the status item follows a temp kubeconfig named in the settings, and the
// switch command (given a context) updates the item and writes only current-context into the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type DemoCluster, startDemoCluster } from '../../../src/demo/demoCluster';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { ContextStatusSnapshot } from '../../../src/ui/statusBar/contextSwitcher';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

const kubeconfigText = `# written by the integration test; keep this comment
apiVersion: v1
kind: Config
clusters:
- name: first
  cluster: {server: "https://first.invalid:6443"}   # inline comment
- name: second
  cluster:
    server: https://second.invalid:6443
contexts:
- name: ctx-first
  context: {cluster: first, namespace: team-a}
- name: ctx-second
  context: {cluster: second}
current-context: ctx-first
users: []
`;

/** Resolves once the status item shows what `matches` wants (mocha's timeout bounds the wait). */
function waitForStatus(api: ClusterAnatomyApi, matches: (status: ContextStatusSnapshot) => boolean): Promise<ContextStatusSnapshot> {
  if (matches(api.contextStatus)) return Promise.resolve(api.contextStatus);
  return new Promise((resolve) => {
    const subscription = api.onDidChangeContextStatus((status) => {
      if (!matches(status)) return;
      subscription.dispose();
      resolve(status);
    });
  });
}

/** Polls until `probe` gives a value (for state that has no event of its own); fails saying what it waited for. */
describe('context switcher in the status bar', () => {
  let api: ClusterAnatomyApi;
  let dir: string;
  let file: string;
  const settings = () => vscode.workspace.getConfiguration('clusterAnatomy');

  before(async () => {
    const extension = vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId);
    assert.ok(extension, `${extensionId} is not installed`);
    api = await extension.activate();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-switcher-'));
    file = path.join(dir, 'config');
    fs.writeFileSync(file, kubeconfigText);
    await settings().update('kubeconfig', file, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await settings().update('kubeconfig', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('sessionOnlyContextSwitch', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the current context of the kubeconfig named in the settings, with its details in the tooltip', async () => {
    const status = await waitForStatus(api, (each) => each.context === 'ctx-first');
    assert.match(status.text, /ctx-first$/);
    assert.match(status.tooltip, /https:\/\/first\.invalid:6443/);
    assert.match(status.tooltip, /team-a/);
    assert.ok(status.tooltip.includes(file), status.tooltip);
  });

  it('switches through the command given a context, writing only current-context', async () => {
    const switched = waitForStatus(api, (each) => each.context === 'ctx-second');
    const result = await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'ctx-second');
    assert.equal(result, 'ctx-second');
    assert.match((await switched).text, /ctx-second$/);
    assert.equal(fs.readFileSync(file, 'utf8'), kubeconfigText.replace('current-context: ctx-first', 'current-context: ctx-second'));
  });

  it('refuses an unknown context: the current one stays, and the file is left alone', async () => {
    const before = fs.readFileSync(file, 'utf8');
    const result = await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'no-such-context');
    assert.equal(result, 'ctx-second');
    assert.equal(api.contextStatus.context, 'ctx-second');
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  it('follows a change made by someone else to the file', async () => {
    const followed = waitForStatus(api, (each) => each.context === 'ctx-first');
    fs.writeFileSync(file, kubeconfigText);
    assert.match((await followed).text, /ctx-first$/);
  });

  it('switches for the session only when the setting says so, touching no file', async () => {
    await settings().update('sessionOnlyContextSwitch', true, vscode.ConfigurationTarget.Global);
    const before = fs.readFileSync(file, 'utf8');
    const switched = waitForStatus(api, (each) => each.context === 'ctx-second');
    await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'ctx-second');
    await switched;
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });
});

describe('switching between two demo clusters', function () {
  this.timeout(60_000);
  let api: ClusterAnatomyApi;
  let one: DemoCluster;
  let two: DemoCluster;
  let dir: string;
  let fileOne: string;
  let fileTwo: string;
  let textTwo: string;
  const settings = () => vscode.workspace.getConfiguration('clusterAnatomy');

  /** The anatomy once the live view has followed to `context` (getAnatomy also starts the connection). */
  async function anatomyOf(context: string) {
    let seen: string | undefined;
    const anatomy = await until(
      () =>
        `the anatomy of ${context} (last: ${seen}; connection: ${JSON.stringify(api.connectionStatus)}; status: ${api.contextStatus.text})`,
      async () => {
        const current = await api.getAnatomy();
        seen = current?.context;
        return current?.context === context ? current : undefined;
      },
    );
    assert.deepEqual([api.connectionStatus?.context, api.connectionStatus?.state], [context, 'connected']);
    return anatomy;
  }

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    one = await startDemoCluster({ contextName: 'demo-one' });
    two = await startDemoCluster({ contextName: 'demo-two', generate: { nodes: 4 } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-two-demos-'));
    fileOne = path.join(dir, 'one.yaml');
    fileTwo = path.join(dir, 'two.yaml');
    fs.writeFileSync(fileOne, `# first file: switches are written here\n${one.kubeconfigYaml()}`);
    textTwo = two.kubeconfigYaml();
    fs.writeFileSync(fileTwo, textTwo);
    await settings().update('kubeconfig', [fileOne, fileTwo], vscode.ConfigurationTarget.Global);
    await waitForStatus(api, (status) => status.context === 'demo-one');
  });

  after(async () => {
    await settings().update('kubeconfig', undefined, vscode.ConfigurationTarget.Global);
    await Promise.all([one.stop(), two.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("shows the first cluster, then follows the switch to the second and closes the first one's watches", async () => {
    const first = await anatomyOf('demo-one');
    assert.equal(first.server, one.server);
    assert.equal(first.nodes.length, 3);
    // Each collection's watch opens right after its list, so it may follow the first anatomy by a moment.
    await until('the first cluster to be watched', () => one.control.activeWatches() > 0);

    const before = fs.readFileSync(fileOne, 'utf8');
    assert.equal(await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'demo-two'), 'demo-two');
    assert.match(api.contextStatus.text, /demo-two$/);
    const second = await anatomyOf('demo-two');
    assert.equal(second.server, two.server);
    assert.equal(second.nodes.length, 4);
    const workers = api.getTreeItems(api.getTreeItems().find((item) => item.label === 'Nodes')?.id);
    assert.equal(workers.length, 3, workers.map((item) => item.label).join(', '));
    // No connection to the old context is left open.
    await until(
      () => `no watch on demo-one (open: ${one.control.activeWatches()})`,
      () => one.control.activeWatches() === 0,
    );

    assert.equal(fs.readFileSync(fileOne, 'utf8'), before.replace('current-context: "demo-one"', 'current-context: "demo-two"'));
    assert.equal(fs.readFileSync(fileTwo, 'utf8'), textTwo);
  });

  it("switches back, and the second cluster's watches close", async () => {
    await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'demo-one');
    const anatomy = await anatomyOf('demo-one');
    assert.equal(anatomy.nodes.length, 3);
    await until(
      () => `no watch on demo-two (open: ${two.control.activeWatches()})`,
      () => two.control.activeWatches() === 0,
    );
    await until('demo-one to be watched again', () => one.control.activeWatches() > 0);
  });
});
