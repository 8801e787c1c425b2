import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import type * as Demo from '../demo';
import type { DemoCluster, DemoClusterOptions } from '../demo';
import { parseCommandArgs, UsageError, type CliCommand, type CliIo } from './run';
import { errorMessage } from '../core/util/errors';

/** The demo is a bundle of its own, loaded only when this command is used: esbuild.mjs makes this dist/demo.js. */
function loadDemo(): typeof Demo {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../demo') as typeof Demo;
}

const usage = (kubernetesVersion: string) => `Usage: cluster-anatomy demo [options]

Serve the built-in demo cluster: the kind "multi-node" cluster (1 control plane, 2 workers, Kubernetes
${kubernetesVersion}) simulated on 127.0.0.1 over the real Kubernetes API, until Ctrl+C. It writes a
kubeconfig of its own and never touches ~/.kube/config.

Options:
  --port N                     port on 127.0.0.1 (default: a random free port)
  --kubeconfig-out FILE        write the kubeconfig here (default: a temporary file, removed on exit)
  --force                      with --kubeconfig-out: replace the file when it exists
  --context-name NAME          context name (default: kind-multi-node)
  --nodes N                    generate a larger cluster of N nodes (kube-proxy and kindnet on each)
  --control-planes N           N control-plane nodes, as kind's HA cluster (3); the first holds the leader locks
  --pods-per-node P            with --nodes: workload Pods per worker node (namespace default)
  --time-scale X               run grace periods and eviction X times faster (60: eviction after 5 s)
  --lease-renew-seconds S      real seconds between two Lease renewals of a node (default 10 / time scale)
  --stop-heartbeat NODE        the node's kubelet stops renewing its Lease (repeatable)
  --forbid RESOURCE[:NS]       answer 403 for a resource ("pods", "deployments.apps"), optionally in one namespace (repeatable)
  --latency MS                 delay every answer by MS milliseconds
  --list-latency MS            delay every list by MS milliseconds per 1,000 objects it returns, as a large cluster's
  --cut-watches-every S        drop every watch connection every S seconds
  --expire-watches-every S     end every watch with 410 Expired every S seconds`;

const options = {
  port: { type: 'string' },
  'kubeconfig-out': { type: 'string' },
  force: { type: 'boolean' },
  'context-name': { type: 'string' },
  nodes: { type: 'string' },
  'control-planes': { type: 'string' },
  'pods-per-node': { type: 'string' },
  'time-scale': { type: 'string' },
  'lease-renew-seconds': { type: 'string' },
  'stop-heartbeat': { type: 'string', multiple: true },
  forbid: { type: 'string', multiple: true },
  latency: { type: 'string' },
  'list-latency': { type: 'string' },
  'cut-watches-every': { type: 'string' },
  'expire-watches-every': { type: 'string' },
} as const;

function number(value: string | undefined, flag: string, check: (n: number) => boolean, rule: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || !check(parsed)) throw new UsageError(`--${flag} must be ${rule}, got '${value}'`);
  return parsed;
}

/** Resolves on SIGINT or SIGTERM, and stops listening for them. */
export function untilSignalled(): Promise<string> {
  return new Promise((resolveSignal) => {
    const handler = (signal: NodeJS.Signals) => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      resolveSignal(signal);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}

/** The `demo` command; `waitForStop` decides when it ends (signals by default, a promise in tests). */
export function createDemoCommand(waitForStop: () => Promise<unknown> = untilSignalled): CliCommand {
  return {
    name: 'demo',
    summary: 'serve the built-in demo cluster (kind multi-node, simulated) until stopped',
    get usage() {
      return usage(loadDemo().kubernetesVersion);
    },
    async run(args: string[], io: CliIo): Promise<number> {
      const { demoWorkerData, kubernetesVersion, serveDemoInWorker, startDemoCluster } = loadDemo();
      // Started by the extension as its demo's worker thread: serve it there until the extension says stop.
      const inWorker = demoWorkerData();
      if (inWorker) {
        await serveDemoInWorker(inWorker);
        return 0;
      }
      const { values } = parseCommandArgs(args, options);
      const port = number(values.port, 'port', (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'a port number');
      const nodes = number(values.nodes, 'nodes', (n) => Number.isInteger(n) && n >= 1 && n <= 20_000, 'an integer from 1 to 20000');
      const controlPlanes = number(
        values['control-planes'],
        'control-planes',
        (n) => Number.isInteger(n) && n >= 1 && n <= 7,
        'an integer from 1 to 7',
      );
      if (controlPlanes !== undefined && nodes !== undefined && nodes <= controlPlanes)
        throw new UsageError('--nodes must be more than --control-planes (the workers run the workloads)');
      const podsPerNode = number(
        values['pods-per-node'],
        'pods-per-node',
        (n) => Number.isInteger(n) && n >= 0 && n <= 110,
        'an integer from 0 to 110',
      );
      if (podsPerNode !== undefined && nodes === undefined) throw new UsageError('--pods-per-node needs --nodes');
      const timeScale = number(values['time-scale'], 'time-scale', (n) => n > 0, 'a positive number');
      const leaseRenewSeconds = number(values['lease-renew-seconds'], 'lease-renew-seconds', (n) => n > 0, 'a positive number');
      const latency = number(values.latency, 'latency', (n) => n >= 0, 'a non-negative number');
      const listLatency = number(values['list-latency'], 'list-latency', (n) => n >= 0, 'a non-negative number');
      const cutEvery = number(values['cut-watches-every'], 'cut-watches-every', (n) => n > 0, 'a positive number');
      const expireEvery = number(values['expire-watches-every'], 'expire-watches-every', (n) => n > 0, 'a positive number');
      const outFile = values['kubeconfig-out'] === undefined ? undefined : resolve(values['kubeconfig-out']);
      if (outFile !== undefined) refuseUserKubeconfig(outFile, io.env, values.force === true);

      const clusterOptions: DemoClusterOptions = {
        port,
        contextName: values['context-name'],
        timeScale,
        leaseRenewSeconds,
        ...(controlPlanes !== undefined && { controlPlanes }),
      };
      if (nodes !== undefined) clusterOptions.generate = { nodes, podsPerNode };
      const cluster: DemoCluster = await startDemoCluster(clusterOptions);
      const timers: NodeJS.Timeout[] = [];
      let temporaryDirectory: string | undefined;
      try {
        for (const node of values['stop-heartbeat'] ?? []) {
          if (!cluster.control.nodeNames().includes(node))
            throw new UsageError(
              `--stop-heartbeat: no node named '${node}' (nodes: ${cluster.control.nodeNames().slice(0, 5).join(', ')}…)`,
            );
          cluster.control.stopHeartbeat(node);
        }
        for (const rule of values.forbid ?? []) {
          const [resource, namespace] = rule.split(':');
          try {
            cluster.control.forbid(resource!, namespace || undefined);
          } catch (error) {
            throw new UsageError(`--forbid: ${errorMessage(error)}`);
          }
        }
        if (latency) cluster.control.setLatency(latency);
        if (listLatency) cluster.control.setListLatency(listLatency);
        if (cutEvery) timers.push(setInterval(() => cluster.control.cutWatches(), cutEvery * 1000));
        if (expireEvery) timers.push(setInterval(() => cluster.control.expireWatches(), expireEvery * 1000));

        let kubeconfigPath = outFile;
        if (!kubeconfigPath) {
          temporaryDirectory = mkdtempSync(join(tmpdir(), 'cluster-anatomy-demo-'));
          kubeconfigPath = join(temporaryDirectory, 'kubeconfig');
        }
        writeFileSync(kubeconfigPath, cluster.kubeconfigYaml(), { mode: 0o600 });
        // An existing file keeps its mode on write: the token must not stay readable by others.
        chmodSync(kubeconfigPath, 0o600);
        const nodeCount = cluster.control.nodeNames().length;
        io.stdout.write(
          [
            `Demo cluster "${cluster.contextName}" (simulated kind cluster, ${nodeCount} nodes, Kubernetes ${kubernetesVersion}) is serving on ${cluster.server}`,
            `Kubeconfig: ${kubeconfigPath}${temporaryDirectory ? ' (removed when the demo stops)' : ''}`,
            '',
            'Try it:',
            `  export KUBECONFIG=${kubeconfigPath}`,
            '  kubectl get nodes',
            '  kubectl get pods -n kube-system -o wide',
            '',
            'Press Ctrl+C to stop.',
            '',
          ].join('\n'),
        );
        const signal = await waitForStop();
        io.stdout.write(`Stopping the demo cluster${typeof signal === 'string' ? ` (${signal})` : ''}.\n`);
        return 0;
      } finally {
        for (const timer of timers) clearInterval(timer);
        await cluster.stop();
        if (temporaryDirectory) rmSync(temporaryDirectory, { recursive: true, force: true });
      }
    },
  };
}

export const demoCommand = createDemoCommand();

/**
 * The demo never writes a kubeconfig the user relies on: not ~/.kube/config nor a file of KUBECONFIG (through
 * any path or link that leads there), and no existing file unless --force says so.
 */
function refuseUserKubeconfig(file: string, env: NodeJS.ProcessEnv, force: boolean): void {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  const target = real(file);
  const userFiles = [join(env.HOME ?? homedir(), '.kube', 'config'), ...(env.KUBECONFIG ?? '').split(delimiter).filter(Boolean)];
  const used = userFiles.find((userFile) => real(userFile) === target);
  if (used) throw new UsageError(`refusing to write ${file}: it is your kubeconfig (${used}); pick another --kubeconfig-out`);
  if (existsSync(target) && !force) throw new UsageError(`${file} exists; pass --force to replace it`);
}
