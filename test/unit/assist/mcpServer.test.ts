// `cluster-anatomy mcp` driven by the MCP SDK's own client over stdio, on the demo cluster: the tools it lists,
// and for each tool the same answer as the CLI's --json for the same question.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { checkCommand } from '../../../src/cli/checkCommand';
import { explainCommand } from '../../../src/cli/explainCommand';
import { healthCommand } from '../../../src/cli/healthCommand';
import { placementCommand } from '../../../src/cli/placementCommand';
import { traceCommand } from '../../../src/cli/traceCommand';
import { treeCommand } from '../../../src/cli/treeCommand';
import type { CliCommand } from '../../../src/cli/run';
import { assistantTools, type ToolResult, UNTRUSTED_DATA_NOTE } from '../../../src/core/assist/tools';
import { startDemo, type RunningDemo, runOnDemo } from '../../support/demo';
import { stableAnswer } from '../../support/stableAnswer';

const root = join(__dirname, '..', '..', '..');

/** The MCP server as a client starts it: a child process on stdio (here through tsx, before the build). */
async function connect(demo: RunningDemo, ...flags: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--require',
      require.resolve('tsx/cjs'),
      join(root, 'src', 'cli', 'main.ts'),
      'mcp',
      '--kubeconfig',
      demo.kubeconfigPath,
      ...flags,
    ],
    env: demo.env as Record<string, string>,
    cwd: demo.directory,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const client = new Client({ name: 'cluster-anatomy-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    structuredContent?: ToolResult;
    isError?: boolean;
  };
}

async function cliJson(demo: RunningDemo, command: CliCommand, ...args: string[]): Promise<unknown> {
  const { stdout, stderr } = await runOnDemo(demo, command, ...args, '--json');
  assert.ok(stdout.startsWith('{'), stderr);
  return JSON.parse(stdout);
}

describe('cluster-anatomy mcp, driven by the MCP client over stdio, on the demo cluster', function () {
  this.timeout(120_000);
  let demo: RunningDemo;
  let client: Client;
  let folder: string;

  before(async () => {
    demo = await startDemo();
    folder = mkdtempSync(join(tmpdir(), 'mcp-'));
    ({ client } = await connect(demo));
  });
  after(async () => {
    await client?.close();
    await demo?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists every tool with its input schema, read-only', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      assistantTools.map((tool) => tool.name),
    );
    for (const tool of tools) {
      const own = assistantTools.find((candidate) => candidate.name === tool.name)!;
      assert.deepEqual(tool.inputSchema, own.inputSchema, tool.name);
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      assert.equal(tool.annotations?.destructiveHint, false, tool.name);
      assert.equal(tool.description, own.description);
    }
  });

  it('the anatomy: the same as tree --json, with the context it read', async () => {
    const result = await call(client, 'cluster_anatomy_tree');
    assert.equal(result.isError, undefined, result.content[0]?.text);
    const structured = result.structuredContent!;
    assert.equal(structured.context, 'kind-multi-node');
    assert.equal(structured.note, UNTRUSTED_DATA_NOTE);
    assert.equal(structured.truncated, undefined);
    assert.deepEqual(JSON.parse(result.content[0]!.text), structured);
    assert.deepEqual(stableAnswer(structured.answer), stableAnswer(await cliJson(demo, treeCommand)));
  });

  it('explain a field, by position in a file and by kind and path: the same as explain --json', async () => {
    const manifest = join(folder, 'web.yaml');
    writeFileSync(manifest, ['apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  replicas: 3', ''].join('\n'));
    const byPosition = await call(client, 'cluster_anatomy_explain_field', { file: manifest, line: 5, column: 3 });
    assert.equal(byPosition.structuredContent!.context, null);
    assert.deepEqual(byPosition.structuredContent!.answer, await cliJson(demo, explainCommand, manifest, '--line', '5', '--column', '3'));
    const relative = await call(client, 'cluster_anatomy_explain_field', {
      manifest: 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 3\n',
      line: 4,
      column: 5,
    });
    assert.deepEqual(relative.structuredContent!.answer, byPosition.structuredContent!.answer);
    const byPath = await call(client, 'cluster_anatomy_explain_field', { kind: 'Deployment', path: 'spec.replicas' });
    assert.deepEqual(
      byPath.structuredContent!.answer,
      await cliJson(demo, explainCommand, '--kind', 'Deployment', '--path', 'spec.replicas'),
    );
    assert.deepEqual(byPath.structuredContent!.answer, byPosition.structuredContent!.answer);
  });

  it('placement of a Pod in the cluster and of a manifest: the same as placement --json', async () => {
    const manifest = join(folder, 'pod.yaml');
    writeFileSync(
      manifest,
      'apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: "64"}}}]\n',
    );
    const fromFile = await call(client, 'cluster_anatomy_placement', { file: manifest });
    assert.equal(fromFile.isError, undefined, fromFile.content[0]?.text);
    assert.deepEqual(stableAnswer(fromFile.structuredContent!.answer), stableAnswer(await cliJson(demo, placementCommand, manifest)));
    const answer = fromFile.structuredContent!.answer as { feasible: unknown[]; suggestions?: unknown[] };
    assert.deepEqual(answer.feasible, []);
    assert.ok(answer.suggestions?.length);
    const pod = await call(client, 'cluster_anatomy_placement', { pod: 'kube-system/kube-scheduler-multi-node-control-plane' });
    assert.equal(pod.isError, undefined, pod.content[0]?.text);
    assert.deepEqual(
      stableAnswer(pod.structuredContent!.answer),
      stableAnswer(await cliJson(demo, placementCommand, '--pod', 'kube-system/kube-scheduler-multi-node-control-plane')),
    );
    const waiting = await call(client, 'cluster_anatomy_waiting_pods', { namespaces: ['kube-system'] });
    assert.deepEqual(
      stableAnswer(waiting.structuredContent!.answer),
      stableAnswer(await cliJson(demo, placementCommand, '--pending', '-n', 'kube-system')),
    );
  });

  it('the trace, the health and the hands-on: the same as trace, health and check --json', async () => {
    const trace = await call(client, 'cluster_anatomy_trace', { target: 'deploy/coredns', namespace: 'kube-system' });
    assert.equal(trace.isError, undefined, trace.content[0]?.text);
    assert.deepEqual(
      stableAnswer(trace.structuredContent!.answer),
      stableAnswer(await cliJson(demo, traceCommand, 'deploy/coredns', '-n', 'kube-system')),
    );
    const service = await call(client, 'cluster_anatomy_trace', { target: 'svc/kube-dns', namespace: 'kube-system' });
    assert.equal(service.isError, undefined, service.content[0]?.text);
    assert.deepEqual(
      stableAnswer(service.structuredContent!.answer),
      stableAnswer(await cliJson(demo, traceCommand, 'svc/kube-dns', '-n', 'kube-system')),
    );
    assert.match(JSON.stringify(service.structuredContent!.answer), /EndpointSlice/);
    const health = await call(client, 'cluster_anatomy_health');
    assert.deepEqual(stableAnswer(health.structuredContent!.answer), stableAnswer(await cliJson(demo, healthCommand)));
    const handsOn = await call(client, 'cluster_anatomy_hands_on');
    assert.deepEqual(stableAnswer(handsOn.structuredContent!.answer), stableAnswer(await cliJson(demo, checkCommand, '--wait', '0')));
  });

  it('with --lang ja, words explanations and hands-on findings as the CLI does with --lang ja', async () => {
    const japanese = await connect(demo, '--lang', 'ja');
    try {
      const field = await call(japanese.client, 'cluster_anatomy_explain_field', { kind: 'Deployment', path: 'spec.replicas' });
      assert.deepEqual(
        field.structuredContent!.answer,
        await cliJson(demo, explainCommand, '--kind', 'Deployment', '--path', 'spec.replicas', '--lang', 'ja'),
      );
      assert.match(JSON.stringify(field.structuredContent!.answer), /[\u3040-\u30ff]/);
      const handsOn = await call(japanese.client, 'cluster_anatomy_hands_on');
      assert.deepEqual(
        stableAnswer(handsOn.structuredContent!.answer),
        stableAnswer(await cliJson(demo, checkCommand, '--wait', '0', '--lang', 'ja')),
      );
    } finally {
      await japanese.client.close();
    }
  });

  it('refuses an input its schema does not allow, and says what is wrong, before reading anything', async () => {
    const extra = await call(client, 'cluster_anatomy_health', { context: 'prod' });
    assert.equal(extra.isError, true);
    assert.match(extra.content[0]!.text, /additional properties/);
    const badTarget = await call(client, 'cluster_anatomy_trace', { target: 'deploy/../../etc' });
    assert.equal(badTarget.isError, true);
    const both = await call(client, 'cluster_anatomy_explain_field', { kind: 'Deployment', path: 'spec.replicas', line: 3, column: 1 });
    assert.equal(both.isError, true);
    assert.match(both.content[0]!.text, /either by file or manifest with line and column, or by kind and path/);
    const missing = await call(client, 'cluster_anatomy_placement', { file: join(folder, 'absent.yaml') });
    assert.equal(missing.isError, true);
    assert.match(missing.content[0]!.text, /absent\.yaml: no such file/);
  });

  it('cuts a long answer to --max-chars and says where; the text is the same JSON as the structured result', async () => {
    const small = await connect(demo, '--max-chars', '4000');
    try {
      const result = await call(small.client, 'cluster_anatomy_tree');
      const text = result.content[0]!.text;
      assert.ok(text.length <= 4000, `${text.length} characters`);
      assert.deepEqual(JSON.parse(text), result.structuredContent);
      const truncated = result.structuredContent!.truncated!;
      assert.ok(truncated.length > 0);
      const whole = (await call(client, 'cluster_anatomy_tree')).structuredContent!.answer as Record<string, unknown[]>;
      for (const cut of truncated.filter((entry) => entry.unit === 'items' && /^answer\.\w+$/.test(entry.path))) {
        const list = cut.path.slice('answer.'.length);
        assert.equal(cut.of, whole[list]!.length, cut.path);
        assert.equal((result.structuredContent!.answer as Record<string, unknown[]>)[list]!.length, cut.kept, cut.path);
      }
    } finally {
      await small.client.close();
    }
  });

  it('on a context RBAC limits, says what it could not see with the permission; a cluster it cannot reach is an error that names the context', async () => {
    const limited = await connect(demo, '--context', 'team-dev');
    try {
      const result = await call(limited.client, 'cluster_anatomy_tree', { namespaces: ['team', 'kube-public'] });
      assert.equal(result.isError, undefined, result.content[0]?.text);
      assert.equal(result.structuredContent!.context, 'team-dev');
      assert.deepEqual(
        stableAnswer(result.structuredContent!.answer),
        stableAnswer(await cliJson(demo, treeCommand, '--context', 'team-dev', '-n', 'team', '-n', 'kube-public')),
      );
      const couldNotSee = result.structuredContent!.couldNotSee;
      const nodes = couldNotSee.find((entry) => entry.check?.includes('kubectl auth can-i list nodes'));
      assert.ok(nodes, JSON.stringify(couldNotSee));
      assert.ok(couldNotSee.some((entry) => entry.check?.includes('kubectl auth can-i list pods -n kube-public')));
    } finally {
      await limited.client.close();
    }
    const stopped = await startDemo();
    const gone = await connect(stopped);
    try {
      await stopped.cluster.stop();
      const result = await call(gone.client, 'cluster_anatomy_health');
      assert.equal(result.isError, true);
      assert.match(result.content[0]!.text, /Cannot read context "kind-multi-node"/);
      assert.doesNotMatch(result.content[0]!.text, new RegExp(stopped.cluster.token));
    } finally {
      await gone.client.close();
      await stopped.stop();
    }
  });
});
