// The assistants' tools at 5,000 nodes: how large the answers are whole, how long cutting them to the model's cap
// takes, and each tool's time end to end, in process and through `cluster-anatomy mcp` driven by the MCP client.
// Run: npx tsx --expose-gc bench/assist.bench.ts   (DEMO_NODES to change the size; needs `npm run build` for MCP)
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { resolveClientConfig } from '../src/core/anatomy/snapshot';
import { boundJson } from '../src/core/assist/bound';
import {
  type AssistantEnvironment,
  assistantTools,
  DEFAULT_MAX_ANSWER_CHARS,
  runAssistantTool,
  toolResultText,
} from '../src/core/assist/tools';

const nodes = Number(process.env.DEMO_NODES ?? 5000);
const runs = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'assist-bench-'));
  const child = fork(join(__dirname, 'support', 'demoProcess.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DEMO_NODES: String(nodes) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ kubeconfig: string }>((resolve) =>
    child.on(
      'message',
      (message: { ready?: boolean; kubeconfig?: string }) => message.ready && resolve({ kubeconfig: message.kubeconfig! }),
    ),
  );
  const kubeconfig = join(directory, 'kubeconfig');
  writeFileSync(kubeconfig, ready.kubeconfig);
  const env = { ...process.env, KUBECONFIG: kubeconfig, HOME: directory };
  console.log(`demo cluster: ${nodes} nodes, in a child process`);
  const environment: AssistantEnvironment = {
    client: () => resolveClientConfig({ kubeconfig, env }),
    readManifest: () => Promise.reject(new Error('no files in this benchmark')),
    language: 'en',
    localize: (catalog) => catalog,
  };
  const tool = (name: string) => assistantTools.find((candidate) => candidate.name === name)!;
  try {
    const manifest =
      'apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: "64"}}}]\n';
    const questions: [string, Record<string, unknown>][] = [
      ['cluster_anatomy_tree', {}],
      ['cluster_anatomy_placement', { manifest }],
      ['cluster_anatomy_health', {}],
      ['cluster_anatomy_hands_on', {}],
    ];
    for (const [name, input] of questions) {
      const whole = await tool(name).answer(input, environment);
      const wholeChars = JSON.stringify(whole.answer).length;
      const cuts: number[] = [];
      let bounded = boundJson(whole.answer, DEFAULT_MAX_ANSWER_CHARS);
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        bounded = boundJson(whole.answer, DEFAULT_MAX_ANSWER_CHARS);
        cuts.push(performance.now() - started);
      }
      const calls: number[] = [];
      let text = '';
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        text = toolResultText(await runAssistantTool(tool(name), input, environment));
        calls.push(performance.now() - started);
      }
      console.log(
        `${name}: whole answer ${wholeChars.toLocaleString('en')} characters; result ${text.length.toLocaleString('en')} ` +
          `(cap ${DEFAULT_MAX_ANSWER_CHARS.toLocaleString('en')}), cuts: ${bounded.truncations.map((cut) => `${cut.path} ${cut.kept}/${cut.of}`).join(', ') || 'none'}; ` +
          `cutting median ${median(cuts).toFixed(1)} ms; the whole call median ${median(calls).toFixed(0)} ms`,
      );
    }
    const cli = join(__dirname, '..', 'dist', 'cli.js');
    if (!existsSync(cli)) {
      console.log('dist/cli.js is missing: run npm run build for the MCP figures');
      return;
    }
    const client = new Client({ name: 'assist-bench', version: '1.0.0' });
    const started = performance.now();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, 'mcp', '--kubeconfig', kubeconfig],
        env: env as Record<string, string>,
      }),
    );
    console.log(`MCP: server started and initialized in ${(performance.now() - started).toFixed(0)} ms`);
    const mcpCalls: number[] = [];
    for (let run = 0; run < runs; run++) {
      const callStarted = performance.now();
      await client.callTool({ name: 'cluster_anatomy_tree', arguments: {} });
      mcpCalls.push(performance.now() - callStarted);
    }
    console.log(`MCP: cluster_anatomy_tree call median ${median(mcpCalls).toFixed(0)} ms`);
    await client.close();
  } finally {
    child.send({ stop: true });
    rmSync(directory, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
