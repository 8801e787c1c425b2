// Runs inside a real VS Code: the status item follows a temp kubeconfig named in the settings, and the
// switch command (given a context) updates the item and writes only current-context into the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { ContextStatusSnapshot } from '../../../src/ui/statusBar/contextSwitcher';

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
