import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { type CliCommand, runCli } from '../../src/cli/run';
import { ClusterWorkspace, type ClusterWorkspaceOptions } from '../../src/core/workspace/clusterWorkspace';
import { startDemoCluster, type DemoCluster, type DemoClusterOptions } from '../../src/demo/demoCluster';

export interface RunningDemo {
  cluster: DemoCluster;
  /** A temporary directory holding `kubeconfig` (and kubectl's cache); removed by stop(). */
  directory: string;
  kubeconfigPath: string;
  /** Environment for child processes (kubectl): KUBECONFIG and a private HOME and cache. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Starts a demo cluster and writes its kubeconfig to a temporary file; never touches ~/.kube. */
export async function startDemo(options: DemoClusterOptions = {}): Promise<RunningDemo> {
  const cluster = await startDemoCluster(options);
  const directory = mkdtempSync(join(tmpdir(), 'cluster-anatomy-demo-'));
  const kubeconfigPath = join(directory, 'kubeconfig');
  writeFileSync(kubeconfigPath, cluster.kubeconfigYaml(), { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, KUBECONFIG: kubeconfigPath, HOME: directory, KUBECACHEDIR: join(directory, 'cache') };
  return {
    cluster,
    directory,
    kubeconfigPath,
    env,
    async stop() {
      await cluster.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The workspace of a window on the demo alone (no file watching, no trust), with the tests' short timings. */
export function demoWorkspace(demo: RunningDemo, options: Omit<ClusterWorkspaceOptions, 'kubeconfig'> = {}): ClusterWorkspace {
  return new ClusterWorkspace({
    kubeconfig: { setting: demo.kubeconfigPath, env: {}, homeDir: dirname(demo.kubeconfigPath), trusted: false, watch: false },
    session: { coalesceMs: 20 },
    ...options,
  });
}

/**
 * A demo cluster for one mocha suite: started before its tests, stopped after them. `demo()` is the running
 * cluster; `request` sends one HTTPS request to it.
 */
export function useDemo(options: DemoClusterOptions = {}): {
  demo: () => RunningDemo;
  request: (path: string, requestOptions?: DemoRequestOptions) => Promise<DemoResponse>;
} {
  let running: RunningDemo | undefined;
  before(async () => {
    running = await startDemo(options);
  });
  after(async () => {
    await running?.stop();
  });
  const demo = (): RunningDemo => {
    if (!running) throw new Error("the suite's demo cluster is not running");
    return running;
  };
  return { demo, request: (path, requestOptions = {}) => demoRequest(demo().cluster, path, requestOptions) };
}

export interface DemoResponse {
  status: number;
  headers: NodeJS.Dict<string | string[]>;
  text: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface DemoRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The bearer token; the cluster's own by default, null for none. */
  token?: string | null;
}

/** One HTTPS request to the demo API server, trusting its CA. */
export function demoRequest(
  cluster: Pick<DemoCluster, 'server' | 'token' | 'caPem'>,
  path: string,
  options: DemoRequestOptions = {},
): Promise<DemoResponse> {
  const token = options.token === undefined ? cluster.token : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      `${cluster.server}${path}`,
      { method: options.method ?? 'GET', headers, ca: cluster.caPem },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // A body past V8's longest string (about 512 MiB) rejects instead of throwing in the stream's handler.
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

export interface DemoWatch {
  status: number;
  /** The next watch event (parsed line); rejects when the stream ends first or after `timeoutMs`. */
  next(timeoutMs?: number): Promise<{ type: string; object: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Events until one matches, returning all received up to and including it. */
  until(predicate: (event: { type: string; object: any }) => boolean, timeoutMs?: number): Promise<{ type: string; object: any }[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Resolves when the server ends the stream (cleanly or not). */
  ended: Promise<'end' | 'error'>;
  close(): void;
}

/** Opens a watch (`path` should carry `watch=true`) and reads its newline-delimited JSON events. */
export function demoWatch(cluster: DemoCluster, path: string, headers: Record<string, string> = {}): Promise<DemoWatch> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      `${cluster.server}${path}`,
      { headers: { Accept: 'application/json', Authorization: `Bearer ${cluster.token}`, ...headers }, ca: cluster.caPem },
      (response) => {
        const queue: { type: string; object: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
        const waiters: (() => void)[] = [];
        let buffer = '';
        let finished: 'end' | 'error' | undefined;
        let markEnded: (how: 'end' | 'error') => void = () => undefined;
        const ended = new Promise<'end' | 'error'>((done) => (markEnded = done));
        const wake = () => waiters.splice(0).forEach((waiter) => waiter());
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, newline).trim();
            buffer = buffer.slice(newline + 1);
            if (line) queue.push(JSON.parse(line));
          }
          wake();
        });
        const finish = (how: 'end' | 'error') => {
          if (finished) return;
          finished = how;
          markEnded(how);
          wake();
        };
        response.on('end', () => finish('end'));
        response.on('error', () => finish('error'));
        response.on('aborted', () => finish('error'));
        request.on('error', () => finish('error'));
        const next = async (timeoutMs = 10_000) => {
          const deadline = Date.now() + timeoutMs;
          while (queue.length === 0) {
            if (finished) throw new Error(`watch stream ended (${finished}) before the next event`);
            if (Date.now() > deadline) throw new Error('no watch event in time');
            await new Promise<void>((wakeUp) => {
              const timer = setTimeout(wakeUp, Math.max(1, deadline - Date.now()));
              waiters.push(() => {
                clearTimeout(timer);
                wakeUp();
              });
            });
          }
          return queue.shift()!;
        };
        resolve({
          status: response.statusCode ?? 0,
          next,
          async until(predicate, timeoutMs = 10_000) {
            const seen = [];
            const deadline = Date.now() + timeoutMs;
            for (;;) {
              const event = await next(Math.max(1, deadline - Date.now()));
              seen.push(event);
              if (predicate(event)) return seen;
            }
          },
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** kubectl from PATH (CI installs Debian's kubernetes-client when none is there). */
export const kubectlPath: string | undefined = (process.env.PATH ?? '')
  .split(delimiter)
  .map((directory) => (directory ? join(directory, 'kubectl') : ''))
  .find((candidate) => candidate !== '' && existsSync(candidate));

/** kubectl's path, for a suite's before hook: without kubectl the suite is skipped, but in CI (.ci/run installs it) it fails. */
export function kubectlOrSkip(context: Mocha.Context): string {
  if (kubectlPath) return kubectlPath;
  if (process.env.CI) throw new Error('kubectl is not on PATH');
  context.skip();
}

export interface KubectlResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs kubectl against the demo (its kubeconfig, the context kind names); never rejects. */
export function runKubectl(demo: RunningDemo, args: readonly string[], contextName = 'kind-multi-node'): Promise<KubectlResult> {
  return new Promise((resolve) => {
    execFile(kubectlPath!, [...args, '--context', contextName], { env: demo.env, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ stdout, stderr, code: error ? ((error as { code?: number }).code ?? 1) : 0 });
    });
  });
}

/** The rows of kubectl's table output, keyed by the header's column names. */
export function kubectlTable(output: string): Record<string, string>[] {
  const [header, ...lines] = output
    .trimEnd()
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (header === undefined) return [];
  const names = header.trim().split(/\s{2,}/);
  return lines.map((line) => {
    const cells = line.trim().split(/\s{2,}/);
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
}

/** One `cluster-anatomy` command run in this process on the demo cluster, its output captured. */
export async function runOnDemo(
  demo: RunningDemo,
  command: CliCommand,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: demo.env,
  };
  const code = await runCli([command.name, ...args], io, [command]);
  return { code, stdout, stderr };
}
