// Runs inside a real VS Code, against the real kind-shaped control plane that the real-cluster tier started
// (test/real/vscode/vscode.test.ts passes its kubeconfig in CLUSTER_ANATOMY_REAL_KUBECONFIG).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { ToolResult } from '../../../src/core/assist/tools';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import { stableAnswer } from '../../support/stableAnswer';
import { until } from '../../support/until';
import { byLabel } from '../treeRows';

const extensionId = 'cluster-anatomy.cluster-anatomy';

describe('Cluster Anatomy on a real kube-apiserver', function () {
  this.timeout(120_000);
  let api: ClusterAnatomyApi;
  const kubeconfig = process.env.CLUSTER_ANATOMY_REAL_KUBECONFIG;

  before(async () => {
    assert.ok(kubeconfig, "CLUSTER_ANATOMY_REAL_KUBECONFIG names the real cluster's kubeconfig");
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    await vscode.workspace.getConfiguration('clusterAnatomy').update('kubeconfig', kubeconfig, vscode.ConfigurationTarget.Global);
    await until('the real context to be current', () => api.contextStatus.context === 'kind');
    // Nothing connects until a view or the API asks (activation stays cheap): ask for the anatomy.
    await api.getAnatomy();
    await until(
      () => `a connection (status: ${JSON.stringify(api.connectionStatus)})`,
      () => api.connectionStatus?.state === 'connected',
      60_000,
    );
  });

  it('the status bar names the real context and its state', () => {
    assert.equal(api.contextStatus.context, 'kind');
    assert.match(api.contextStatus.text, /kind/);
  });

  it('the tree shows the real cluster: static Pods, node agents, DaemonSet Pods, CoreDNS, the heartbeat', async () => {
    const roots = await until(
      'the tree roots',
      () => {
        const items = api.getTreeItems();
        return items.some((i) => i.label === 'Control plane') ? items : undefined;
      },
      30_000,
    );
    const cpNode = byLabel(api.getTreeItems(byLabel(roots, 'Control plane').id), 'multi-node-control-plane');
    const labels = api.getTreeItems(cpNode.id).map((p) => p.label);
    for (const component of [
      'kube-apiserver',
      'etcd',
      'kube-controller-manager',
      'kube-scheduler',
      'kubelet',
      'kube-proxy',
      'kindnet',
      'Heartbeat (Lease)',
    ]) {
      assert.ok(labels.includes(component), `${component} under the control-plane node: ${labels.join(', ')}`);
    }
    const workers = api.getTreeItems(byLabel(roots, 'Nodes').id);
    assert.deepEqual(workers.map((w) => w.label).sort(), ['multi-node-worker', 'multi-node-worker2']);
    const addons = api.getTreeItems(byLabel(roots, 'Cluster addons').id);
    assert.match(byLabel(addons, 'Deployment coredns').description, /2\/2/);
    const anatomy = await api.getAnatomy();
    assert.equal(anatomy?.serverVersion, 'v1.20.2');
  });

  it('a live YAML view of a real mirror Pod', async () => {
    const anatomy = await api.getAnatomy();
    const pod = anatomy!.nodes.find((n) => n.role === 'control-plane')!.components.find((c) => c.component === 'kube-apiserver')!;
    const uri = vscode.Uri.from({
      scheme: 'cluster-anatomy',
      path: `/${encodeURIComponent(anatomy!.context)}/yaml/pods/kube-system/${pod.pod}.yaml`,
    });
    const document = await vscode.workspace.openTextDocument(uri);
    assert.match(document.getText(), /kind: Pod/);
    assert.match(document.getText(), /kubernetes\.io\/config\.mirror/);
    assert.doesNotMatch(document.getText(), /managedFields/);
  });

  it('a hover in a manifest shows the live value from the real cluster', async () => {
    const document = await vscode.workspace.openTextDocument({
      language: 'yaml',
      content: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: coredns\n  namespace: kube-system\nspec:\n  replicas: 2\n',
    });
    await vscode.window.showTextDocument(document);
    const hovers = await until(
      'a hover with the live value',
      async () => {
        const found = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          document.uri,
          new vscode.Position(6, 4),
        );
        const text = found
          .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value)))
          .join('\n');
        return /kube-controller-manager|Deployment controller/.test(text) && /\bkind\b/.test(text) ? text : undefined;
      },
      30_000,
      500,
    );
    assert.match(hovers, /\b2\b/);
    // What the field is, from the real server's own OpenAPI (v2 on 1.20), above who acts on it.
    assert.match(hovers, /`integer \(int32\)` — Number of desired pods\. .* \*\(described by the API server of kind\)\*/);
  });

  it("a hover on a custom resource shows its CRD's own description, from the real server", async () => {
    const document = await vscode.workspace.openTextDocument({
      language: 'yaml',
      content: 'apiVersion: anatomy.example.com/v1\nkind: Gadget\nmetadata:\n  name: g\nspec:\n  springs: 3\n',
    });
    await vscode.window.showTextDocument(document);
    // kube-apiserver publishes a new CRD's schema a moment after it is established; the product reads it again then.
    const text = await until(
      "a hover with the CRD's description",
      async () => {
        const found = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          document.uri,
          new vscode.Position(5, 4),
        );
        const all = found
          .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value)))
          .join('\n');
        return /How many springs the gadget winds\./.test(all) ? all : undefined;
      },
      75_000,
      1000,
    );
    assert.match(text, /`integer` — How many springs the gadget winds\. \*\(described by the API server of kind\)\*/);
    assert.match(text, /A custom resource \(Gadget, group anatomy\.example\.com\)/);
  });

  it('the language-model tools answer on the real cluster as the CLI --json does, for each question', async () => {
    const cli = join(vscode.extensions.getExtension(extensionId)!.extensionPath, 'dist', 'cli.js');
    const cliJson = (...args: string[]) =>
      new Promise<unknown>((resolve, reject) =>
        execFile(
          process.execPath,
          [cli, ...args, '--json', ...(args[0] === 'explain' ? [] : ['--kubeconfig', kubeconfig!, '--context', 'kind'])],
          { maxBuffer: 64 * 2 ** 20 },
          // health and check exit 3 or 4 when they find a problem or cannot check a part: the report is printed still.
          (error, stdout, stderr) =>
            stdout.startsWith('{') ? resolve(JSON.parse(stdout)) : reject(new Error(`${args.join(' ')}: ${stderr || error}`)),
        ),
      );
    const invoke = async (name: string, input: object): Promise<ToolResult> => {
      const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
      const part = result.content[0];
      assert.ok(part instanceof vscode.LanguageModelTextPart, name);
      return JSON.parse(part.value) as ToolResult;
    };
    const questions: [string, object, string[]][] = [
      ['cluster_anatomy_tree', {}, ['tree']],
      ['cluster_anatomy_health', {}, ['health']],
      ['cluster_anatomy_hands_on', { waitSeconds: 0 }, ['check', '--wait', '0']],
      ['cluster_anatomy_waiting_pods', { namespaces: ['kube-system'] }, ['placement', '--pending', '-n', 'kube-system']],
      ['cluster_anatomy_trace', { target: 'ds/kube-proxy', namespace: 'kube-system' }, ['trace', 'ds/kube-proxy', '-n', 'kube-system']],
      [
        'cluster_anatomy_explain_field',
        { kind: 'Deployment', path: 'spec.replicas' },
        ['explain', '--kind', 'Deployment', '--path', 'spec.replicas'],
      ],
    ];
    for (const [name, input, args] of questions) {
      // Two reads a moment apart may straddle a write (a Lease, a Pod's status): a settling cluster gets two more tries.
      for (let attempt = 1; ; attempt++) {
        const result = await invoke(name, input);
        const expected = await cliJson(...args);
        assert.equal(result.context, name === 'cluster_anatomy_explain_field' ? null : 'kind', name);
        if (attempt === 3 || isDeepStrictEqual(stableAnswer(result.answer), stableAnswer(expected))) {
          assert.deepEqual(stableAnswer(result.answer), stableAnswer(expected), name);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      }
    }
  });
});
