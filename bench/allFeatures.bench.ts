// Every feature on at once against a real kube-apiserver (v1.20.2, built by scripts/realcluster/build.mjs), the kind
// shape grown to REAL_NODES nodes (1,000 by default) as in bench/realServer.bench.ts: how many watch streams the
// product opens, and the heap it keeps, with everything a user can turn on. Each feature is turned on through the
// workspace's own services, the way the extension does:
//   - the anatomy session: ClusterWorkspace → LiveAnatomy.start() (a tree or diagram becomes visible);
//   - health: workspace.health.setActive('tree', true) (the tree is visible), first report awaited;
//   - placement: workspace.placement.hold('diagram', true) + explainPod(coredns Pod) (the diagram's question);
//   - hands-on: workspace.handsOn.setActive('walkthrough', true) + check() (the walkthrough begun);
//   - two traces: the workspace's trace of Deployment kube-system/coredns, and a second TraceSession on the same
//     watches of Deployment default/<name> (made with kubectl) — one more than the Trace view holds at a time;
//   - "trace the next change": workspace.traces.waitForNextChange() on kube-system.
// Measured once all of them have settled:
//   - watch requests the process made (KubeApi.prototype.watch wrapped here, src untouched), by path + selectors,
//     with the number open now; lists (KubeApi.prototype.list) likewise;
//   - kube-apiserver's apiserver_registered_watchers by kind and the WATCH apiserver_longrunning_gauge lines, minus a
//     read taken just before the features start (the controllers, the scheduler and the node agent keep their own);
//   - heap after gc() (node --expose-gc, as scripts/bench.mjs runs benches) and RSS, before connecting and after.
// Run: npm run bench -- allFeatures   (REAL_NODES=… changes the size)
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KubeApi, type WatchStream } from '../src/core/kube/kubeApi';
import { loadKubeClient } from '../src/core/kube/loadClient';
import { TraceSession } from '../src/core/trace/traceSession';
import { ClusterWorkspace } from '../src/core/workspace/clusterWorkspace';
import { sleep } from './support/liveModel';
import { startBenchCluster } from './support/realCluster';

const nodes = Number(process.env.REAL_NODES ?? 1000);
const DEFAULT_DEPLOYMENT = 'bench-web';
const DEFAULT_REPLICAS = 3;
const gc = (globalThis as { gc?: () => void }).gc;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

// ---- the client side: every watch (and list) the process asks for ------------------------------------------

interface Counted {
  calls: number;
  open: number;
  byStage: Map<string, number>;
}
const watches = new Map<string, Counted>();
const lists = new Map<string, Counted>();
let stage = 'before';

/** path plus the selectors: what distinguishes one watched collection from another (not resourceVersion or timeouts). */
function keyOf(path: string, query?: URLSearchParams | { labelSelector?: string; fieldSelector?: string }): string {
  const get = (name: 'labelSelector' | 'fieldSelector') =>
    (query instanceof URLSearchParams ? query.get(name) : query?.[name]) ?? undefined;
  const selectors = (['labelSelector', 'fieldSelector'] as const).flatMap((name) => (get(name) ? [`${name}=${get(name)}`] : []));
  return selectors.length ? `${path}?${selectors.join('&')}` : path;
}
function count(map: Map<string, Counted>, key: string): Counted {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = { calls: 0, open: 0, byStage: new Map() }));
  entry.calls++;
  entry.byStage.set(stage, (entry.byStage.get(stage) ?? 0) + 1);
  return entry;
}

const originalWatch = KubeApi.prototype.watch;
KubeApi.prototype.watch = async function (this: KubeApi, path, what, query, handlers): Promise<WatchStream> {
  const entry = count(watches, keyOf(path, query));
  const stream = await originalWatch.call(this, path, what, query, handlers);
  entry.open++;
  stream.ended.then(
    () => entry.open--,
    () => entry.open--,
  );
  return stream;
};
const originalList = KubeApi.prototype.list;
KubeApi.prototype.list = function (this: KubeApi, path, what, options = {}) {
  count(lists, keyOf(path, options));
  return originalList.call(this, path, what, options);
};

const short = (name: string) => name.replace(/ \(.*$/, '');
const byStageText = (entry: Counted) =>
  [...entry.byStage].map(([name, calls]) => `${short(name)}${calls > 1 ? ` ×${calls}` : ''}`).join(', ');
const totals = (map: Map<string, Counted>) =>
  [...map.values()].reduce((sum, entry) => ({ calls: sum.calls + entry.calls, open: sum.open + entry.open }), { calls: 0, open: 0 });

// ---- the server side: kube-apiserver's own gauges ------------------------------------------------------------

interface ServerWatches {
  registered: Map<string, number>;
  longrunning: Map<string, number>;
}

function readServerWatches(env: NodeJS.ProcessEnv): ServerWatches {
  const text = execFileSync('kubectl', ['get', '--raw', '/metrics'], { env, maxBuffer: 1 << 28 }).toString();
  const registered = new Map<string, number>();
  const longrunning = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^(\w+)\{([^}]*)\}\s+(\S+)$/.exec(line);
    if (!match) continue;
    const [, name, labelText, value] = match;
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (name === 'apiserver_registered_watchers') {
      registered.set(`${labels.group ? `${labels.group}/` : ''}${labels.version}/${labels.kind}`, Number(value));
    } else if (name === 'apiserver_longrunning_gauge' && labels.verb === 'WATCH') {
      const resource = `${labels.group ? `${labels.group}/` : ''}${labels.version}/${labels.resource}${labels.subresource ? `/${labels.subresource}` : ''}`;
      longrunning.set(`${resource} (${labels.scope})`, Number(value));
    }
  }
  return { registered, longrunning };
}

function printDelta(title: string, before: Map<string, number>, after: Map<string, number>): void {
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  console.log(`\n${title}`);
  console.log(`| ${'series'.padEnd(74)} | baseline | features on | delta |`);
  let sumBefore = 0;
  let sumAfter = 0;
  for (const key of keys) {
    const b = before.get(key) ?? 0;
    const a = after.get(key) ?? 0;
    sumBefore += b;
    sumAfter += a;
    if (a === 0 && b === 0) continue;
    console.log(`| ${key.padEnd(74)} | ${String(b).padStart(8)} | ${String(a).padStart(11)} | ${String(a - b).padStart(5)} |`);
  }
  console.log(
    `| ${'total'.padEnd(74)} | ${String(sumBefore).padStart(8)} | ${String(sumAfter).padStart(11)} | ${String(sumAfter - sumBefore).padStart(5)} |`,
  );
}

// ---- memory -----------------------------------------------------------------------------------------------

interface Memory {
  heapUsed: number;
  rss: number;
}
function memory(): Memory {
  gc?.();
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}
const stages: { name: string; ms: number; memory: Memory; watchCalls: number }[] = [];
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  stage = name;
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  await sleep(2_000);
  const mem = memory();
  stages.push({ name, ms, memory: mem, watchCalls: totals(watches).calls });
  console.log(
    `${name}: ${(ms / 1000).toFixed(1)} s; heap ${mib(mem.heapUsed)}, rss ${mib(mem.rss)}; watch requests so far ${totals(watches).calls}`,
  );
  return result;
}

async function main(): Promise<void> {
  if (!gc) console.warn('global.gc is not exposed: run with node --expose-gc (npm run bench does)');
  const { kubeconfig, env, run, stop } = await startBenchCluster(nodes, 'real-bench-all-');
  const disposables: { dispose(): void }[] = [];
  try {
    // A workload of the user's own, in default, to trace beside kube-system's coredns.
    const manifest = join(run, 'deployment.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: DEFAULT_DEPLOYMENT, namespace: 'default' },
        spec: {
          replicas: DEFAULT_REPLICAS,
          selector: { matchLabels: { app: DEFAULT_DEPLOYMENT } },
          template: {
            metadata: { labels: { app: DEFAULT_DEPLOYMENT } },
            spec: { containers: [{ name: 'web', image: 'nginx:1.25', resources: { requests: { cpu: '100m', memory: '64Mi' } } }] },
          },
        },
      }),
    );
    execFileSync('kubectl', ['apply', '-f', manifest], { env, stdio: 'inherit' });
    execFileSync('kubectl', ['rollout', 'status', `deployment/${DEFAULT_DEPLOYMENT}`, '-n', 'default', '--timeout=300s'], {
      env,
      stdio: 'inherit',
    });
    execFileSync('kubectl', ['rollout', 'status', 'deployment/coredns', '-n', 'kube-system', '--timeout=300s'], { env, stdio: 'inherit' });
    await sleep(5_000);

    // Baselines: this process before connecting, and the server's watchers of everyone else.
    const heapBefore = memory();
    const serverBefore = readServerWatches(env);
    console.log(`\nbefore connecting: heap ${mib(heapBefore.heapUsed)}, rss ${mib(heapBefore.rss)}`);
    // The first connection loads @kubernetes/client-node (megabytes of code, the same before and after the redesign):
    // loaded here first, so the stages below show what the features keep, not the code.
    await loadKubeClient();
    const heapCodeLoaded = memory();
    console.log(`client code loaded (loadKubeClient): heap ${mib(heapCodeLoaded.heapUsed)}, rss ${mib(heapCodeLoaded.rss)}`);

    const workspace = new ClusterWorkspace({ kubeconfig: { setting: kubeconfig, env: {}, homeDir: run, trusted: false, watch: false } });
    disposables.push(workspace);
    const live = workspace.live;

    await step('anatomy session (ClusterWorkspace → LiveAnatomy.start)', async () => {
      await live.start();
      if (live.status?.state !== 'connected') throw new Error(`not connected: ${live.status?.state} ${live.status?.message ?? ''}`);
      const anatomy = live.current!;
      console.log(
        `  first anatomy: ${anatomy.nodes.length} nodes, ${anatomy.nodes.reduce((sum, node) => sum + node.components.length, 0)} Pods classified`,
      );
    });
    const session = live.session!;
    const hub = session.hub;

    await step('health (HealthMonitor.setActive tree)', async () => {
      workspace.health.setActive('tree', true);
      await workspace.health.refresh();
      const report = workspace.health.current;
      console.log(`  health report: ${report ? `${workspace.health.summary?.problems.length ?? 0} problems` : 'none'}`);
    });

    await step('placement (PlacementMonitor.hold diagram + explainPod coredns)', async () => {
      workspace.placement.hold('diagram', true);
      const coredns = live.current!.nodes.flatMap((node) => node.components).find((component) => component.pod.startsWith('coredns-')) ?? {
        pod: JSON.parse(
          execFileSync('kubectl', ['get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-dns', '-o', 'json'], { env }).toString(),
        ).items[0].metadata.name,
      };
      const answer = await workspace.placement.explainPod('kube-system', coredns.pod);
      if (!answer) throw new Error('no placement answer');
      console.log(
        `  placement of kube-system/${coredns.pod}: ${answer.report.feasible.length} of ${answer.report.nodes.length} nodes fit, bound Pods indexed: ${workspace.placement.running}${answer.boundPodsError ? ` (bound Pods: ${answer.boundPodsError})` : ''}`,
      );
    });

    const handsOn = workspace.handsOn;
    await step('hands-on (workspace.handsOn.setActive walkthrough)', async () => {
      handsOn.setActive('walkthrough', true);
      const report = handsOn.check();
      console.log(
        `  hands-on: ${report ? `${report.steps.filter((s) => s.outcome === 'done').length} of ${report.steps.length} steps done` : 'no report'}`,
      );
    });

    for (const target of [
      { kind: 'Deployment', namespace: 'kube-system', name: 'coredns' },
      { kind: 'Deployment', namespace: 'default', name: DEFAULT_DEPLOYMENT },
    ] as const) {
      await step(`trace ${target.namespace}/${target.name} (TraceSession of the Deployment)`, async () => {
        const trace = target.namespace === 'kube-system' ? workspace.traces.start(target)! : new TraceSession({ hub, target });
        disposables.push(trace);
        await trace.start();
        const built = trace.flush();
        console.log(`  trace: state ${trace.state}${trace.error ? ` (${trace.error})` : ''}, ${built.steps.length} steps`);
      });
    }

    await step('next change (workspace.traces.waitForNextChange kube-system)', async () => {
      const next = workspace.traces.waitForNextChange()!;
      disposables.push(next);
      await next.start();
      console.log(`  next change: ${next.error ? `error ${next.error}` : 'watching'} ${next.namespace}`);
    });

    // Settled: everything on, nothing more asked for.
    stage = 'settled';
    await sleep(10_000);
    const heapAfter = memory();
    const serverAfter = readServerWatches(env);

    console.log('\nwatch requests made by this process (KubeApi.watch), by path and selectors');
    console.log(`| ${'path?selectors'.padEnd(96)} | calls | open now | asked by |`);
    for (const [key, entry] of [...watches].sort((a, b) => a[0].localeCompare(b[0]))) {
      console.log(`| ${key.padEnd(96)} | ${String(entry.calls).padStart(5)} | ${String(entry.open).padStart(8)} | ${byStageText(entry)} |`);
    }
    const w = totals(watches);
    console.log(`| ${'total'.padEnd(96)} | ${String(w.calls).padStart(5)} | ${String(w.open).padStart(8)} | |`);
    console.log('\nlists made by this process (KubeApi.list), by path and selectors');
    for (const [key, entry] of [...lists].sort((a, b) => a[0].localeCompare(b[0])))
      console.log(`| ${key.padEnd(96)} | ${String(entry.calls).padStart(5)} | ${byStageText(entry)} |`);
    console.log(`| ${'total'.padEnd(96)} | ${String(totals(lists).calls).padStart(5)} | |`);

    printDelta('kube-apiserver apiserver_registered_watchers, by kind', serverBefore.registered, serverAfter.registered);
    printDelta(
      'kube-apiserver apiserver_longrunning_gauge{verb="WATCH"}, by resource (scope)',
      serverBefore.longrunning,
      serverAfter.longrunning,
    );

    console.log('\nheap kept by this process (after gc), by stage');
    console.log(`| ${'stage'.padEnd(64)} | time | heapUsed | RSS | watch requests |`);
    console.log(`| ${'before connecting'.padEnd(64)} | | ${mib(heapBefore.heapUsed)} | ${mib(heapBefore.rss)} | 0 |`);
    console.log(
      `| ${'client code loaded (loadKubeClient), nothing connected'.padEnd(64)} | | ${mib(heapCodeLoaded.heapUsed)} | ${mib(heapCodeLoaded.rss)} | 0 |`,
    );
    for (const s of stages)
      console.log(
        `| ${s.name.padEnd(64)} | ${(s.ms / 1000).toFixed(1)} s | ${mib(s.memory.heapUsed)} | ${mib(s.memory.rss)} | ${s.watchCalls} |`,
      );
    console.log(`| ${'all on, settled 10 s'.padEnd(64)} | | ${mib(heapAfter.heapUsed)} | ${mib(heapAfter.rss)} | ${w.calls} |`);
    console.log(
      `\nheap kept with every feature on: ${mib(heapAfter.heapUsed - heapBefore.heapUsed)} over before connecting (heapUsed ${mib(heapBefore.heapUsed)} → ${mib(heapAfter.heapUsed)}), ${mib(heapAfter.heapUsed - heapCodeLoaded.heapUsed)} over the client code loaded; RSS ${mib(heapBefore.rss)} → ${mib(heapAfter.rss)}`,
    );
    console.log(
      `watch streams: this process asked for ${w.calls}, ${w.open} open now; kube-apiserver's registered watchers +${sum(serverAfter.registered) - sum(serverBefore.registered)}, WATCH long-running requests +${sum(serverAfter.longrunning) - sum(serverBefore.longrunning)}`,
    );

    // Check: once everything is disposed, the server's gauges return to the baseline.
    for (const disposable of disposables.reverse()) disposable.dispose();
    disposables.length = 0;
    await sleep(5_000);
    const serverClosed = readServerWatches(env);
    console.log(
      `after disposing everything: registered watchers ${sum(serverClosed.registered)} (baseline ${sum(serverBefore.registered)}), WATCH long-running ${sum(serverClosed.longrunning)} (baseline ${sum(serverBefore.longrunning)}); watches open in this process ${totals(watches).open}`,
    );
  } finally {
    for (const disposable of disposables.reverse()) disposable.dispose();
    await stop();
  }
}

const sum = (map: Map<string, number>) => [...map.values()].reduce((total, value) => total + value, 0);

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
