// The product's answers as VS Code language-model tools, in a real VS Code on the demo cluster: each tool is
// registered with the core's input schema, and vscode.lm.invokeTool gives the same answer as the CLI's --json for
// the same question on the context the status bar shows. Outside a chat VS Code asks a tool's confirmation in a
// modal dialog, which it skips while tests drive it ("Dialog requested during smoke test", taken as yes): what the
// extension gave it to ask is read through a command of the test build.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { assistantTools, type ToolResult, UNTRUSTED_DATA_NOTE } from '../../../src/core/assist/tools';
import { escapeMarkdown } from '../../../src/core/util/markdown';
import type { OpenedDemoCluster } from '../../../src/ui/demo/demoClusterCommand';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { stableAnswer } from '../../support/stableAnswer';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

interface PreparedRecord {
  readonly tool: string;
  readonly invocationMessage: string;
  readonly confirmation?: { readonly title: string; readonly message: string };
}
const prepared = async () =>
  (await vscode.commands.executeCommand<PreparedRecord[]>('clusterAnatomy.languageModelTools.preparedForTests')) ?? [];

describe('the language-model tools', function () {
  this.timeout(120_000);
  let api: ClusterAnatomyApi;
  let demo: OpenedDemoCluster;
  let cli: string;
  let folder: string;

  /** The CLI of the installed extension, run by the extension host's Node, on the demo's kubeconfig and context. */
  function cliJson(...args: string[]): Promise<unknown> {
    const cluster = args[0] === 'explain' ? [] : ['--kubeconfig', demo.kubeconfigFile, '--context', demo.context];
    return spawnJson([...args, '--json', ...cluster]);
  }

  function spawnJson(args: string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: folder });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => {
        if (!stdout.startsWith('{')) reject(new Error(`cluster-anatomy ${args.join(' ')} exited ${code}: ${stderr}`));
        else resolve(JSON.parse(stdout));
      });
    });
  }

  /** One tool call as any extension makes it outside a chat, and the result's text parsed. */
  async function invoke(name: string, input: object): Promise<ToolResult> {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    assert.equal(result.content.length, 1, name);
    const part = result.content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart, `${name}: the result is one text part`);
    const parsed = JSON.parse(part.value) as ToolResult;
    assert.equal(parsed.tool, name);
    assert.equal(parsed.note, UNTRUSTED_DATA_NOTE);
    assert.equal(parsed.truncated, undefined, `${name} was cut`);
    return parsed;
  }

  /** A tool that reads the cluster: VS Code was given a confirmation naming the context and its server, read-only. */
  async function invokeReading(name: string, input: object, title: string): Promise<ToolResult> {
    await prepared();
    const result = await invoke(name, input);
    assert.equal(result.context, demo.context);
    const asked = await prepared();
    assert.deepEqual(
      asked.map((entry) => entry.tool),
      [name],
      'VS Code prepared the call once',
    );
    assert.deepEqual(asked[0]!.confirmation, {
      title,
      message: `Reads the cluster of context **${escapeMarkdown(demo.context, { autolinks: false })}** at ${escapeMarkdown(demo.server, { autolinks: false })}, read-only: nothing is written to the cluster or to a kubeconfig.`,
    });
    assert.ok(asked[0]!.invocationMessage.includes(demo.context), asked[0]!.invocationMessage);
    return result;
  }

  before(async () => {
    const extension = vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!;
    api = await extension.activate();
    cli = join(extension.extensionPath, 'dist', 'cli.js');
    folder = mkdtempSync(join(tmpdir(), 'cluster-anatomy-lm-tools-'));
    const opened = await vscode.commands.executeCommand<OpenedDemoCluster | undefined>('clusterAnatomy.openDemoCluster');
    assert.ok(opened, 'the demo cluster opened');
    demo = opened;
    await until('the status bar to show the demo', () => api.contextStatus.context === demo.context);
  });

  after(async () => {
    rmSync(folder, { recursive: true, force: true });
  });

  it("registers every core tool with the core's description and input schema", () => {
    for (const tool of assistantTools) {
      const registered = vscode.lm.tools.find((candidate) => candidate.name === tool.name);
      assert.ok(registered, `${tool.name} is not in vscode.lm.tools`);
      assert.equal(registered.description, tool.description);
      assert.deepEqual(registered.inputSchema, JSON.parse(JSON.stringify(tool.inputSchema)));
      assert.ok(registered.tags.includes('kubernetes'), tool.name);
    }
  });

  it('the anatomy, the health and the hands-on: the same as tree, health and check --json', async () => {
    const tree = await invokeReading('cluster_anatomy_tree', {}, 'Read the anatomy of context "kind-multi-node"?');
    assert.deepEqual(stableAnswer(tree.answer), stableAnswer(await cliJson('tree')));
    const health = await invokeReading('cluster_anatomy_health', {}, 'Read the control plane\'s health on context "kind-multi-node"?');
    assert.deepEqual(stableAnswer(health.answer), stableAnswer(await cliJson('health')));
    const handsOn = await invokeReading(
      'cluster_anatomy_hands_on',
      { waitSeconds: 0 },
      'Run the hands-on checks on context "kind-multi-node"?',
    );
    assert.deepEqual(stableAnswer(handsOn.answer), stableAnswer(await cliJson('check', '--wait', '0')));
  });

  it('the trace of deploy/coredns in kube-system and the placement of a manifest: the same as trace and placement --json', async () => {
    const trace = await invokeReading(
      'cluster_anatomy_trace',
      { target: 'deploy/coredns', namespace: 'kube-system' },
      'Trace a workload on context "kind-multi-node"?',
    );
    assert.deepEqual(stableAnswer(trace.answer), stableAnswer(await cliJson('trace', 'deploy/coredns', '-n', 'kube-system')));
    const manifest = join(folder, 'big.yaml');
    writeFileSync(
      manifest,
      'apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: "64"}}}]\n',
    );
    const placement = await invokeReading(
      'cluster_anatomy_placement',
      { file: manifest },
      'Work out where the Pod fits on context "kind-multi-node"?',
    );
    assert.deepEqual(stableAnswer(placement.answer), stableAnswer(await cliJson('placement', manifest)));
    const answer = placement.answer as { feasible: unknown[]; suggestions?: unknown[] };
    assert.deepEqual(answer.feasible, [], 'a Pod asking for 64 CPUs fits no node of the demo');
    assert.ok(answer.suggestions?.length);
  });

  it('explains a field by kind and path, and by position in a file as the editor holds it, unsaved edits included', async () => {
    await prepared();
    const byPath = await invoke('cluster_anatomy_explain_field', { kind: 'Deployment', path: 'spec.replicas' });
    assert.equal(byPath.context, null);
    // It reads no cluster: nothing to ask (VS Code 1.99 still asks its own question of every extension's tool).
    assert.deepEqual(await prepared(), [
      { tool: 'cluster_anatomy_explain_field', invocationMessage: 'Looking up which component acts on the field' },
    ]);
    assert.deepEqual(byPath.answer, await cliJson('explain', '--kind', 'Deployment', '--path', 'spec.replicas'));

    const workspaceFolder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const saved = ['apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  replicas: 3', ''].join('\n');
    const file = join(workspaceFolder, 'web-lm-tools.yaml');
    writeFileSync(file, saved);
    try {
      const fromDisk = await invoke('cluster_anatomy_explain_field', { file: 'web-lm-tools.yaml', line: 5, column: 3 });
      assert.deepEqual(fromDisk.answer, await cliJson('explain', file, '--line', '5', '--column', '3'));
      assert.deepEqual(fromDisk.answer, byPath.answer);

      // Open and edited, not saved: the tool reads the editor's text, where replicas is now on line 6.
      const document = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(document);
      const edit = new vscode.WorkspaceEdit();
      edit.insert(document.uri, new vscode.Position(0, 0), '# edited\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(document.isDirty);
      const edited = await invoke('cluster_anatomy_explain_field', { file: 'web-lm-tools.yaml', line: 6, column: 3 });
      assert.deepEqual(edited.answer, byPath.answer);
      writeFileSync(join(folder, 'edited.yaml'), document.getText());
      assert.deepEqual(edited.answer, await cliJson('explain', join(folder, 'edited.yaml'), '--line', '6', '--column', '3'));
    } finally {
      // Closed unsaved first: a dirty editor of a deleted file would be saved again.
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      rmSync(file, { force: true });
    }
  });

  it('follows a context switch in the status bar: the next call reads the new context, with what RBAC hides there', async () => {
    assert.equal(await vscode.commands.executeCommand('clusterAnatomy.switchContext', 'team-dev'), 'team-dev');
    try {
      await until('the status bar to show team-dev', () => api.contextStatus.context === 'team-dev');
      await prepared();
      const limited = await invoke('cluster_anatomy_tree', { namespaces: ['team', 'kube-public'] });
      assert.equal(limited.context, 'team-dev');
      const asked = await prepared();
      assert.match(asked[0]!.confirmation!.title, /context "team-dev"/);
      assert.ok(
        limited.couldNotSee.some((entry) => entry.check?.includes('kubectl auth can-i list nodes')),
        JSON.stringify(limited.couldNotSee),
      );
      const cli = spawnJson([
        'tree',
        '-n',
        'team',
        '-n',
        'kube-public',
        '--json',
        '--kubeconfig',
        demo.kubeconfigFile,
        '--context',
        'team-dev',
      ]);
      assert.deepEqual(stableAnswer(limited.answer), stableAnswer(await cli));
    } finally {
      await vscode.commands.executeCommand('clusterAnatomy.switchContext', demo.context);
      await until('the status bar to show the demo again', () => api.contextStatus.context === demo.context);
    }
  });

  it("cuts the answer to the caller's token budget, about three characters a token, and says where", async () => {
    const result = await vscode.lm.invokeTool('cluster_anatomy_tree', {
      input: {},
      toolInvocationToken: undefined,
      tokenizationOptions: { tokenBudget: 1_000, countTokens: async (text) => Math.ceil(text.length / 3) },
    });
    const text = (result.content[0] as vscode.LanguageModelTextPart).value;
    assert.ok(text.length <= 3_000, `${text.length} characters`);
    const parsed = JSON.parse(text) as ToolResult;
    assert.equal(parsed.context, demo.context);
    assert.ok(parsed.truncated?.length, 'the cuts are said');
  });

  it('refuses an input outside its schema with an error that says what is wrong', async () => {
    await prepared();
    const refused = (name: string, input: object) => async () => {
      await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    };
    await assert.rejects(refused('cluster_anatomy_health', { context: 'prod' }), /input has no property 'context' \(it takes none\)/);
    await assert.rejects(refused('cluster_anatomy_trace', { target: 'deploy/../../etc' }), /input\.target must match/);
    await assert.rejects(
      refused('cluster_anatomy_explain_field', { kind: 'Deployment', path: 'spec.replicas', line: 3, column: 1 }),
      /either by file or manifest with line and column, or by kind and path/,
    );
    // An input the tool refuses reads nothing: VS Code was given no question to ask about it.
    assert.ok((await prepared()).every((entry) => entry.confirmation === undefined));
  });

  it('without a context (the demo stopped, no kubeconfig here) refuses with a clear error, and asks nothing', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    await until('the status bar to show no context', () => api.contextStatus.context === undefined);
    await prepared();
    await assert.rejects(async () => {
      await vscode.lm.invokeTool('cluster_anatomy_health', { input: {}, toolInvocationToken: undefined });
    }, /^Error: No Kubernetes context is selected: choose one in the status bar, or open the demo cluster\.$/);
    assert.deepEqual(await prepared(), [{ tool: 'cluster_anatomy_health', invocationMessage: 'No Kubernetes context is selected' }]);
  });
});
