// `cluster-anatomy mcp` (the built dist/cli.js) driven by the MCP SDK's own client over stdio against the real
// kind-shaped control plane: every tool answers as the CLI's --json does for the same question, for the
// administrator and for a user whose Role reaches one namespace only (who is told what could not be seen).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ToolResult } from '../../../src/core/assist/tools';
import { stableAnswer } from '../../support/stableAnswer';
import { until } from '../../support/until';
import { makeRbacUser, role, roleBinding } from '../support/rbacUsers';
import { createNamespace, type RealCluster, realCluster } from '../support/realClusters';

const cli = join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const IMAGE = 'registry.k8s.io/pause:3.10.1';
const NAMESPACE = 'assist';

/** The CLI's --json answer; exit codes 3 and 4 (problems found, not all checked) still print the report. */
async function cliJson(env: NodeJS.ProcessEnv, ...args: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args, '--json'], { env, maxBuffer: 64 * 2 ** 20 }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code === 3 || error.code === 4) return { stdout: error.stdout! };
      throw new Error(`${args.join(' ')}: exit ${error.code}: ${error.stderr}`);
    },
  );
  return JSON.parse(stdout);
}

async function connect(kubeconfig: string, env: NodeJS.ProcessEnv): Promise<Client> {
  const client = new Client({ name: 'cluster-anatomy-real-tests', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--kubeconfig', kubeconfig],
      env: env as Record<string, string>,
    }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { text: string }[];
    structuredContent?: ToolResult;
    isError?: boolean;
  };
  assert.equal(result.isError, undefined, `${name}: ${result.content[0]?.text}`);
  assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent);
  return result.structuredContent!;
}

/**
 * The tool's answer and the CLI's --json for the same question agree. Two reads a moment apart may straddle a
 * write (the node agent's status of a Pod): a cluster still settling gets two more tries, a real difference fails.
 */
async function assertAgrees(ask: () => Promise<ToolResult>, cli: () => Promise<unknown>): Promise<ToolResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await ask();
    const expected = await cli();
    if (attempt === 3 || isDeepStrictEqual(stableAnswer(result.answer), stableAnswer(expected))) {
      assert.deepEqual(stableAnswer(result.answer), stableAnswer(expected));
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

describe('cluster-anatomy mcp on the real control plane, against the CLI', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let client: Client;
  let folder: string;

  before(async () => {
    assert.ok(existsSync(cli), `${cli} is missing: run npm run build first`);
    cluster = await realCluster('kind');
    folder = mkdtempSync(join(tmpdir(), 'mcp-real-'));
    await createNamespace(cluster, NAMESPACE);
    const kubectl = (...args: string[]) => promisify(execFile)('kubectl', args, { env: cluster.env });
    await kubectl('create', 'deployment', 'web', `--image=${IMAGE}`, '--replicas=2', '-n', NAMESPACE);
    // A Pod no node takes: it waits, and the scheduler says why.
    await kubectl('run', 'stuck', `--image=${IMAGE}`, '-n', NAMESPACE, '--overrides={"spec":{"nodeSelector":{"disktype":"ssd"}}}');
    await until('two ready replicas of web', async () => {
      const { stdout } = await kubectl('get', 'deployment', 'web', '-n', NAMESPACE, '-o', 'jsonpath={.status.readyReplicas}');
      return stdout === '2' || undefined;
    });
    client = await connect(cluster.kubeconfigPath, cluster.env);
  });
  after(async () => {
    await client?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('the anatomy, the health and the hands-on: the same as tree, health and check --json', async () => {
    const tree = await assertAgrees(
      () => call(client, 'cluster_anatomy_tree'),
      () => cliJson(cluster.env, 'tree'),
    );
    assert.equal(tree.context, cluster.context);
    assert.deepEqual(tree.couldNotSee, []);
    await assertAgrees(
      () => call(client, 'cluster_anatomy_health'),
      () => cliJson(cluster.env, 'health'),
    );
    await assertAgrees(
      () => call(client, 'cluster_anatomy_hands_on'),
      () => cliJson(cluster.env, 'check', '--wait', '0'),
    );
  });

  it('placement of a waiting Pod and of a manifest, and the waiting Pods: the same as placement --json', async () => {
    const pod = await assertAgrees(
      () => call(client, 'cluster_anatomy_placement', { pod: `${NAMESPACE}/stuck` }),
      () => cliJson(cluster.env, 'placement', '--pod', `${NAMESPACE}/stuck`),
    );
    assert.deepEqual((pod.answer as { feasible: unknown[] }).feasible, []);
    const manifest = join(folder, 'web.yaml');
    writeFileSync(
      manifest,
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web2, namespace: ${NAMESPACE}}\nspec:\n  template:\n    spec:\n      containers: [{name: web, image: ${IMAGE}}]\n`,
    );
    await assertAgrees(
      () => call(client, 'cluster_anatomy_placement', { file: manifest }),
      () => cliJson(cluster.env, 'placement', manifest),
    );
    const waiting = await assertAgrees(
      () => call(client, 'cluster_anatomy_waiting_pods', { namespaces: [NAMESPACE] }),
      () => cliJson(cluster.env, 'placement', '--pending', '-n', NAMESPACE),
    );
    assert.match(JSON.stringify(waiting.answer), /stuck/);
  });

  it('the trace of a Deployment and a field explained: the same as trace and explain --json', async () => {
    const trace = await assertAgrees(
      () => call(client, 'cluster_anatomy_trace', { target: 'deploy/web', namespace: NAMESPACE }),
      () => cliJson(cluster.env, 'trace', 'deploy/web', '-n', NAMESPACE),
    );
    assert.ok((trace.answer as { steps: unknown[] }).steps.length >= 5);
    const field = await call(client, 'cluster_anatomy_explain_field', { kind: 'Deployment', path: 'spec.replicas' });
    assert.equal(field.context, null);
    assert.deepEqual(field.answer, await cliJson(cluster.env, 'explain', '--kind', 'Deployment', '--path', 'spec.replicas'));
  });

  it('a user whose Role reaches one namespace: the same answers, and what could not be seen, with the permission', async () => {
    const user = await makeRbacUser(cluster, folder, {
      namespace: NAMESPACE,
      account: 'reader',
      grants: [
        role(NAMESPACE, 'reader', [
          { apiGroups: ['', 'apps'], resources: ['pods', 'events', 'deployments', 'replicasets'], verbs: ['get', 'list', 'watch'] },
        ]),
        roleBinding(NAMESPACE, 'reader', { kind: 'Role', name: 'reader' }, 'reader'),
      ],
    });
    const limited = await connect(user.kubeconfigPath, user.env);
    try {
      const tree = await assertAgrees(
        () => call(limited, 'cluster_anatomy_tree'),
        () => cliJson(user.env, 'tree'),
      );
      assert.equal(tree.context, user.context);
      assert.ok(
        tree.couldNotSee.some((entry) => entry.check?.includes('kubectl auth can-i list nodes')),
        JSON.stringify(tree.couldNotSee),
      );
      await assertAgrees(
        () => call(limited, 'cluster_anatomy_trace', { target: 'deploy/web' }),
        () => cliJson(user.env, 'trace', 'deploy/web'),
      );
      const placement = await assertAgrees(
        () => call(limited, 'cluster_anatomy_placement', { pod: `${NAMESPACE}/stuck` }),
        () => cliJson(user.env, 'placement', '--pod', `${NAMESPACE}/stuck`),
      );
      assert.ok(placement.couldNotSee.length > 0, 'the Nodes and the other namespaces are hidden');
    } finally {
      await limited.close();
    }
  });
});
