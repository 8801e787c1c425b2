// Applying a learner's manifest from the editor in a real VS Code, on the demo cluster: the dry run opens a diff
// editor of the manifest against what kube-apiserver would store (its defaults filled in) and stores nothing;
// the confirmation says how many fields the server adds; the apply creates the Deployment, whose Pods start. When
// another field manager owns a field, the confirmation says what Apply with Force takes from whom before offering it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { ApplyCommandResult, ConfirmationRequest } from '../../../src/ui/apply/registerApply';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

const learnersDeployment = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: hello-web',
  'spec:',
  '  replicas: 2',
  '  selector:',
  '    matchLabels:',
  '      app: hello-web',
  '  template:',
  '    metadata:',
  '      labels:',
  '        app: hello-web',
  '    spec:',
  '      containers:',
  '        - name: nginx',
  '          image: nginx:1.27',
  '',
].join('\n');

describe('applying a manifest from the editor', function () {
  this.timeout(90_000);
  let api: ClusterAnatomyApi;
  let folder: string;
  let file: vscode.Uri;

  /** A GET on the demo's API server with its own credentials: status and parsed body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function demoGet(path: string): Promise<{ status: number; body: any }> {
    const demo = api.demoCluster!;
    return new Promise((resolve, reject) => {
      const sent = request(
        `${demo.server}${path}`,
        { headers: { Authorization: `Bearer ${demo.token}`, Accept: 'application/json' }, ca: demo.caPem },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }),
          );
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end();
    });
  }

  const answer = (answers: string[]) =>
    vscode.commands.executeCommand<ConfirmationRequest[]>('clusterAnatomy.apply.answerConfirmationsForTests', answers);

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
    });
    assert.ok(opened, 'the demo cluster opened');
    await until(
      'a connection to the demo',
      () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === opened.context,
    );
    folder = mkdtempSync(join(tmpdir(), 'cluster-anatomy-apply-'));
    file = vscode.Uri.file(join(folder, 'hello-web.yaml'));
    writeFileSync(file.fsPath, learnersDeployment);
  });

  after(async () => {
    await answer([]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The files after this one start from the window as it was: no trace, no demo cluster.
    await vscode.commands.executeCommand('clusterAnatomy.trace.stop');
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    rmSync(folder, { recursive: true, force: true });
  });

  it('is offered for YAML editors in the palette, the editor title and the context menu', () => {
    const menus = vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.menus as Record<
      string,
      { command: string; when?: string }[]
    >;
    for (const menu of ['commandPalette', 'editor/title', 'editor/context']) {
      const entry = menus[menu]?.find((candidate) => candidate.command === 'clusterAnatomy.applyManifest');
      assert.match(entry?.when ?? '', /LangId == yaml/, menu);
    }
  });

  it('dry-runs first: the diff editor shows the defaults kube-apiserver fills in, and nothing is stored', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    await answer(['cancel']);
    const result = await vscode.commands.executeCommand<ApplyCommandResult>('clusterAnatomy.applyManifest');
    assert.equal(result.outcome, 'cancelled', JSON.stringify(result));
    const [prompt] = await answer([]);
    assert.match(prompt!.message, /^kube-apiserver would add \d+ fields \(defaults and admission\)$/);
    assert.ok(result.addedCount! >= 10, String(result.addedCount));
    assert.match(prompt!.detail, /filled in by kube-apiserver's defaulting and admission before anything is stored/);
    assert.match(prompt!.detail, /Deployment default\/hello-web: new/);
    // The added fields are in the diff behind the dialog, not listed in it again.
    assert.doesNotMatch(prompt!.detail, /spec\.template\.spec: .*dnsPolicy/);
    assert.doesNotMatch(prompt!.detail, /This writes to the cluster of the context/, 'the demo needs no naming of the context');

    const tab = await until('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.toString(), result.preview!.manifest);
    assert.equal(tab.modified.toString(), result.preview!.stored);
    const stored = (await vscode.workspace.openTextDocument(tab.modified)).getText();
    const manifest = (await vscode.workspace.openTextDocument(tab.original)).getText();
    for (const line of [
      'dnsPolicy: ClusterFirst',
      'restartPolicy: Always',
      'terminationGracePeriodSeconds: 30',
      'imagePullPolicy: IfNotPresent',
      'type: RollingUpdate',
    ]) {
      assert.ok(stored.includes(line), `${line} in what kube-apiserver would store:\n${stored}`);
      assert.ok(!manifest.includes(line), `${line} is not in the manifest`);
    }
    assert.match(manifest, /namespace: default/, 'the namespace it lands in is written in, as kubectl does');
    assert.equal((await demoGet('/apis/apps/v1/namespaces/default/deployments/hello-web')).status, 404, 'the dry run stored nothing');
  });

  it('applies after the confirmation: the Deployment exists under the field manager cluster-anatomy and its Pods start', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    await answer(['apply']);
    const result = await vscode.commands.executeCommand<ApplyCommandResult>('clusterAnatomy.applyManifest');
    assert.equal(result.outcome, 'applied', JSON.stringify(result));
    assert.deepEqual(result.applied, [{ kind: 'Deployment', namespace: 'default', name: 'hello-web', outcome: 'created' }]);
    const deployment = await demoGet('/apis/apps/v1/namespaces/default/deployments/hello-web');
    assert.equal(deployment.status, 200);
    assert.ok((deployment.body.metadata.managedFields as { manager: string }[]).some((entry) => entry.manager === 'cluster-anatomy'));
    await until(
      'the two Pods of hello-web to run',
      async () => {
        const pods = await demoGet('/api/v1/namespaces/default/pods?labelSelector=app%3Dhello-web');
        return (pods.body.items as { status?: { phase?: string } }[]).filter((pod) => pod.status?.phase === 'Running').length === 2;
      },
      60_000,
      250,
    );

    // The same manifest again: the server has nothing to change.
    await answer(['apply']);
    const again = await vscode.commands.executeCommand<ApplyCommandResult>('clusterAnatomy.applyManifest');
    assert.match((await answer([]))[0]!.detail, /Deployment default\/hello-web: exists; the apply would change nothing/);
    assert.deepEqual(
      again.applied?.map((applied) => applied.outcome),
      ['unchanged'],
    );
  });

  it('says what Apply with Force takes from which field manager before offering it, in the confirmation and the diff', async () => {
    // Another tool scales the learner's Deployment with server-side apply, and owns spec.replicas from then on.
    const demo = api.demoCluster!;
    await new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'hello-web' }, spec: { replicas: 3 } });
      const sent = request(
        `${demo.server}/apis/apps/v1/namespaces/default/deployments/hello-web?fieldManager=other-tool&force=true`,
        {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/apply-patch+yaml' },
          ca: demo.caPem,
        },
        (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`PATCH answered ${response.statusCode}`))));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    await answer(['force']);
    const result = await vscode.commands.executeCommand<ApplyCommandResult>('clusterAnatomy.applyManifest');
    assert.equal(result.outcome, 'applied', JSON.stringify(result));
    const [prompt] = await answer([]);
    assert.deepEqual(
      prompt!.choices.map((choice) => [choice.id, choice.label]),
      [['force', 'Apply with Force (take 1 field from other-tool)']],
    );
    assert.match(prompt!.detail, /Deployment default\/hello-web: 1 field this manifest sets is owned by another field manager/);
    assert.match(prompt!.detail, /Conflicts with other-tool; Apply with Force takes from it:\n {4}\.spec\.replicas: 3 → 2/);
    // Not a second time as a change in the cluster.
    assert.doesNotMatch(prompt!.detail, /in the cluster now: spec\.replicas/);
    const stored = (await vscode.workspace.openTextDocument(vscode.Uri.parse(result.preview!.stored))).getText();
    assert.match(
      stored,
      /^# Deployment default\/hello-web: what server-side apply does with its fields \(field manager cluster-anatomy\)$/m,
    );
    assert.match(stored, /^# {5}\.spec\.replicas: 3 → 2$/m);
    assert.doesNotMatch(stored, /Removed/, 'the manifest leaves out nothing it applied before');
    const deployment = await demoGet('/apis/apps/v1/namespaces/default/deployments/hello-web');
    assert.equal(deployment.body.spec.replicas, 2);
  });

  it("refuses an invalid manifest with the server's message naming the field, and applies nothing", async () => {
    const broken = vscode.Uri.file(join(folder, 'broken.yaml'));
    writeFileSync(broken.fsPath, learnersDeployment.replace('hello-web\nspec', 'broken-web\nspec').replace('replicas: 2', 'replicas: -1'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(broken));
    const result = await vscode.commands.executeCommand<ApplyCommandResult>('clusterAnatomy.applyManifest');
    assert.equal(result.outcome, 'failed');
    assert.match(result.message ?? '', /spec\.replicas/);
    assert.equal((await demoGet('/apis/apps/v1/namespaces/default/deployments/broken-web')).status, 404);
  });

  it('says which line of the file is not a manifest', async () => {
    const typo = vscode.Uri.file(join(folder, 'typo.yaml'));
    writeFileSync(typo.fsPath, learnersDeployment.replace('kind: Deployment', 'kind: Deploymnet'));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(typo));
    const result = await vscode.commands.executeCommand<ApplyCommandResult>('clusterAnatomy.applyManifest');
    assert.equal(result.outcome, 'failed');
    assert.match(result.message ?? '', /^Line 1: The server knows no kind "Deploymnet" in "apps\/v1"/);
    assert.equal(editor.selection.start.line, 0);
  });
});
