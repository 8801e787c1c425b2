// The live trace at the demo's largest workload: a Deployment of 500 replicas applied and traced, on a generated
// demo of 10 nodes (9 workers take 110 Pods each, as kubelet's default maxPods allows).
//   npx tsx --expose-gc bench/trace.bench.ts [--replicas 500]
// The demo runs in a worker thread (as the extension runs it); the TraceSession runs on this thread, as in the
// extension host. Figures: the time from the write until the trace has announced every Pod Ready; how many
// timeline rebuilds that took and the CPU of one rebuild (median, p99, max); the steps kept and left out; the
// heap the trace keeps (after GC); and a rebuild of the same timeline from the objects alone (no network).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { KubeConfig } from '@kubernetes/client-node';
import { startDemoClusterInWorker } from '../src/demo/demoWorker';
import { buildTrace, type Trace } from '../src/core/trace/timeline';
import { TraceSession } from '../src/core/trace/traceSession';
import type { EventRing } from '../src/core/trace/eventRing';
import { demoRequest } from '../test/support/demo';

const { values } = parseArgs({ options: { replicas: { type: 'string', default: '500' } } });
const replicas = Number(values.replicas);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function main(): Promise<void> {
  const script = { file: join(__dirname, '../src/cli/main.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
  const demo = await startDemoClusterInWorker({ generate: { nodes: 10, podsPerNode: 0 } }, script);
  const config = new KubeConfig();
  config.loadFromString(demo.kubeconfigYaml());
  const heapBefore = heapMb();
  const session = new TraceSession({ config, target: { kind: 'Deployment', namespace: 'default', name: 'bench-web' }, throttleMs: 100 });
  // Each rebuild's CPU, measured around the session's own rebuild (the throttle fires it from a timer).
  const rebuilds: number[] = [];
  const rebuild = (session as unknown as { rebuild(announce: boolean): Trace }).rebuild.bind(session);
  (session as unknown as { rebuild(announce: boolean): Trace }).rebuild = (announce: boolean) => {
    const started = performance.now();
    const trace = rebuild(announce);
    rebuilds.push(performance.now() - started);
    return trace;
  };
  let allReadyAt = 0;
  let announced = 0;
  session.onDidAddSteps((steps) => {
    announced += steps.length;
    if (!allReadyAt && session.current.counts.ready >= replicas) allReadyAt = performance.now();
  });
  try {
    await session.start();
    const manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'bench-web', namespace: 'default' },
      spec: {
        replicas,
        selector: { matchLabels: { app: 'bench-web' } },
        template: { metadata: { labels: { app: 'bench-web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      },
    };
    const started = performance.now();
    const response = await demoRequest(demo, '/apis/apps/v1/namespaces/default/deployments?fieldManager=bench', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(manifest),
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
    while (!allReadyAt && performance.now() - started < 300_000) await new Promise((resolve) => setTimeout(resolve, 50));
    if (!allReadyAt) throw new Error(`not all ${replicas} Pods Ready after 300 s (${session.current.counts.ready})`);
    const trace = session.flush();
    const heapAfter = heapMb();

    // The same timeline rebuilt from the objects the session holds, without the network.
    const internals = session as unknown as {
      rootWatch: { list(): never[] };
      replicaSetWatch: { list(): never[] };
      podWatch: { list(): never[] };
      events: EventRing;
    };
    const offline: number[] = [];
    for (let run = 0; run < 20; run++) {
      const t = performance.now();
      buildTrace({
        target: session.target,
        root: internals.rootWatch.list()[0],
        replicaSets: internals.replicaSetWatch.list(),
        pods: internals.podWatch.list(),
        events: internals.events,
      });
      offline.push(performance.now() - t);
    }
    const sorted = [...rebuilds].sort((a, b) => a - b);
    const sortedOffline = [...offline].sort((a, b) => a - b);
    const rows: [string, string][] = [
      ['replicas', String(replicas)],
      ['write → every Pod Ready announced by the trace', `${(allReadyAt - started).toFixed(0)} ms`],
      ['timeline rebuilds meanwhile (throttled to one per 100 ms)', String(rebuilds.length)],
      [
        'one rebuild, median / p99 / max',
        `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
      ],
      ['rebuild from the objects alone (no network), median', `${percentile(sortedOffline, 50).toFixed(1)} ms`],
      ['steps announced / kept / left out', `${announced} / ${trace.steps.length} / ${trace.omittedSteps}`],
      ['Events kept by the trace', String(internals.events.size)],
      ['heap kept by the trace (after GC)', `${(heapAfter - heapBefore).toFixed(1)} MB`],
    ];
    console.log(`Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
    for (const [name, value] of rows) console.log(`${name.padEnd(60)} ${value}`);
  } finally {
    session.dispose();
    await demo.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
