// `npm run demo:attack` (add `-- --small` for the short run the unit tests make): starts the demo cluster in a
// child process and attacks its API as a hostile client would: hundreds of watches that never read while large
// patches flow, objects over etcd's limit, a fan-out of Deployments of 500 replicas, hostile field values, bad
// JSON patch paths, repeated JSON keys, a gzip-marked protobuf body. It prints the demo's peak RSS and its
// /healthz latency (max, p99) under attack, and exits 1 when an attack gets through or the demo dies.
import { fork, type ChildProcess } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import type { ClientRequest } from 'node:http';
import { MAX_ADDED_PODS } from '../src/demo/simulation/base';
import { demoRequest, type DemoResponse } from '../test/support/demo';

interface Scale {
  idleWatches: number;
  bigPatches: number;
  watchFlood: number;
  deployments: number;
  replicas: number;
  /** How long to keep probing after the fan-out, while the Pods are scheduled and started. */
  settleMs: number;
  /**
   * /healthz slower than this counts as a stall the attack caused. Only the full run judges latency: the short
   * run is the unit tests', which report timings and never assert them.
   */
  healthBudgetMs: number | undefined;
}

const scales: Record<'full' | 'small', Scale> = {
  full: { idleWatches: 300, bigPatches: 100, watchFlood: 800, deployments: 12, replicas: 500, settleMs: 15_000, healthBudgetMs: 1_000 },
  small: { idleWatches: 40, bigPatches: 30, watchFlood: 120, deployments: 3, replicas: 200, settleMs: 3_000, healthBudgetMs: undefined },
};

interface Endpoint {
  server: string;
  token: string;
  caPem: string;
}

type DemoMessage = ({ type: 'ready' } & Endpoint) | { type: 'rss'; rss: number } | { type: 'peak'; maxRss: number };
/** A /healthz probe's time in milliseconds; Infinity when it failed. */
type ProbeMessage = { type: 'probe'; ms: number };

// ---- the demo, in a child process of its own, so its memory and stalls are its own ----

async function serveDemo(): Promise<void> {
  const { startDemoCluster } = await import('../src/demo/demoCluster');
  const cluster = await startDemoCluster({ timeScale: 20 });
  const send = (message: DemoMessage) => process.connected && process.send?.(message);
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', server: cluster.server, token: cluster.token, caPem: cluster.caPem });
  const sampler = setInterval(() => send({ type: 'rss', rss: process.memoryUsage().rss }), 100);
  process.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    clearInterval(sampler);
    send({ type: 'peak', maxRss: process.resourceUsage().maxRSS * 1024 });
    void cluster.stop().then(() => process.exit(0));
  });
}

/**
 * Probes /healthz every 50 ms from a process of its own, so the attacker's own work (hundreds of TLS handshakes)
 * is not counted as the demo's latency.
 */
function probeHealth(endpoint: Endpoint): void {
  const probe = async () => {
    const started = performance.now();
    let ms: number;
    try {
      ms = (await demoRequest(endpoint, '/healthz')).status === 200 ? performance.now() - started : Number.POSITIVE_INFINITY;
    } catch {
      ms = Number.POSITIVE_INFINITY;
    }
    if (!process.connected) return;
    process.send?.({ type: 'probe', ms } satisfies ProbeMessage);
    setTimeout(() => void probe(), 50);
  };
  void probe();
}

// ---- a client that does what it likes ----

/** A watch whose client never reads; resolves with its status once the server answers. */
function idleWatch(endpoint: Endpoint, path: string): Promise<{ request: ClientRequest; status: number }> {
  return new Promise((resolve) => {
    const request = httpsRequest(
      `${endpoint.server}${path}`,
      { headers: { Authorization: `Bearer ${endpoint.token}` }, ca: endpoint.caPem },
      (response) => resolve({ request, status: response.statusCode ?? 0 }),
    );
    request.on('error', () => resolve({ request, status: 0 }));
    request.end();
  });
}

const json = { 'Content-Type': 'application/json' };

function deploymentBody(name: string, replicas: number, podSpec: Record<string, unknown> = {}): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ...podSpec } },
    },
  });
}

function podBody(name: string, spec: Record<string, unknown> = {}): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ...spec },
  });
}

/** The protobuf envelope `k8s\0` + runtime.Unknown {typeMeta, raw, contentEncoding}, raw being a ConfigMap {metadata {name}}. */
function gzipMarkedConfigMap(): Buffer {
  const field = (number: number, content: Buffer | string) => {
    const bytes = Buffer.from(content);
    return Buffer.concat([Buffer.from([(number << 3) | 2, bytes.length]), bytes]);
  };
  return Buffer.concat([
    Buffer.from('k8s\u0000', 'latin1'),
    field(1, Buffer.concat([field(1, 'v1'), field(2, 'ConfigMap')])),
    field(2, field(1, field(1, 'gzipped'))),
    field(3, 'gzip'),
  ]);
}

// ---- the attacks: each names what got through, empty when the demo held ----

type Attack = (endpoint: Endpoint, scale: Scale) => Promise<string[]>;

const expectStatus = (what: string, answer: DemoResponse, wanted: number[]): string[] =>
  wanted.includes(answer.status) ? [] : [`${what}: ${answer.status} ${answer.text.slice(0, 160)}`];

const attacks: Record<string, Attack> = {
  async 'never-reading watches, then 250 KB merge patches'(endpoint, scale) {
    const watches = await Promise.all(
      Array.from({ length: scale.idleWatches }, () => idleWatch(endpoint, '/apis/apps/v1/namespaces/kube-system/deployments?watch=true')),
    );
    const failures: string[] = [];
    const annotation = 'x'.repeat(250 * 1024);
    for (let patch = 0; patch < scale.bigPatches; patch++) {
      const answer = await demoRequest(endpoint, '/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json' },
        body: JSON.stringify({ metadata: { annotations: { big: `${patch}${annotation}` } } }),
      });
      failures.push(...expectStatus(`patch ${patch}`, answer, [200]));
    }
    for (const watch of watches) watch.request.destroy();
    return failures;
  },
  async 'a flood of open watches'(endpoint, scale) {
    const watches = await Promise.all(Array.from({ length: scale.watchFlood }, () => idleWatch(endpoint, '/api/v1/pods?watch=true')));
    const statuses = new Set(watches.map((watch) => watch.status));
    for (const watch of watches) watch.request.destroy();
    return [...statuses].filter((status) => status !== 200 && status !== 429).map((status) => `a watch answered ${status}`);
  },
  async "objects over etcd's limit"(endpoint) {
    const configMap = JSON.stringify({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'huge' },
      data: { blob: 'x'.repeat(2_000_000) },
    });
    return [
      ...expectStatus(
        'a 2 MB ConfigMap',
        await demoRequest(endpoint, '/api/v1/namespaces/default/configmaps', { method: 'POST', headers: json, body: configMap }),
        [413],
      ),
      ...expectStatus(
        'a Deployment whose Pods hold 2.9 MB',
        await demoRequest(endpoint, '/apis/apps/v1/namespaces/default/deployments', {
          method: 'POST',
          headers: json,
          body: deploymentBody('heavy', 500, {
            containers: [{ name: 'app', image: 'nginx:1.27', env: [{ name: 'BIG', value: 'e'.repeat(2_900_000) }] }],
          }),
        }),
        [413, 422],
      ),
    ];
  },
  async "a fan-out of Deployments of 500 replicas, then the user's own Pod and a list of every Pod"(endpoint, scale) {
    const failures: string[] = [];
    for (let index = 0; index < scale.deployments; index++) {
      failures.push(
        ...expectStatus(
          `Deployment ${index}`,
          await demoRequest(endpoint, '/apis/apps/v1/namespaces/default/deployments', {
            method: 'POST',
            headers: json,
            body: deploymentBody(`fan-${index}`, scale.replicas),
          }),
          [201],
        ),
      );
    }
    // The simulation makes at most MAX_ADDED_PODS Pods for what users create; past it, FailedCreate events.
    const wanted = Math.min(scale.deployments * scale.replicas, MAX_ADDED_PODS);
    const deadline = Date.now() + 120_000;
    let count = 0;
    while (Date.now() < deadline) {
      const page = JSON.parse((await demoRequest(endpoint, '/api/v1/namespaces/default/pods?limit=1')).text) as {
        items: unknown[];
        metadata: { remainingItemCount?: number };
      };
      count = page.items.length + (page.metadata.remainingItemCount ?? 0);
      if (count >= wanted) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (count < wanted) failures.push(`the controllers made ${count} of ${wanted} Pods`);
    await new Promise((resolve) => setTimeout(resolve, scale.settleMs));
    failures.push(
      ...expectStatus(
        "the user's dry-run Pod after the fan-out",
        await demoRequest(endpoint, '/api/v1/namespaces/default/pods?dryRun=All', { method: 'POST', headers: json, body: podBody('mine') }),
        [201],
      ),
    );
    const list = await demoRequest(endpoint, '/api/v1/pods');
    try {
      const items = (JSON.parse(list.text) as { items: unknown[] }).items;
      if (items.length < wanted) failures.push(`GET /api/v1/pods listed ${items.length} Pods`);
    } catch {
      failures.push(`GET /api/v1/pods answered ${list.status} with ${list.text.length} characters that do not parse`);
    }
    return failures;
  },
  async 'hostile field values'(endpoint) {
    const forged = 'x\n✓ multi-node-worker: FITS (all filters pass)';
    const pods: [string, Record<string, unknown>][] = [
      ['nodeSelector', { nodeSelector: { disk: forged } }],
      ['toleration key', { tolerations: [{ key: 'a\u001b[2Jb', operator: 'Exists' }] }],
      ['schedulerName', { schedulerName: forged }],
      ['priorityClassName', { priorityClassName: forged }],
    ];
    const failures: string[] = [];
    for (const [what, spec] of pods)
      failures.push(
        ...expectStatus(
          what,
          await demoRequest(endpoint, '/api/v1/namespaces/default/pods', {
            method: 'POST',
            headers: json,
            body: podBody(what.replace(/\W/g, '').toLowerCase(), spec),
          }),
          [422],
        ),
      );
    return failures;
  },
  // kube-apiserver's json-patch counts "-1" from the end (200), so the attacks are the indices it refuses.
  async 'JSON patch paths "abc", "-2" past the start and "-1" for replace'(endpoint) {
    const created = await demoRequest(endpoint, '/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'finalized', finalizers: ['example.com/a'] } }),
    });
    const path = '/api/v1/namespaces/default/configmaps/finalized';
    const patch = (body: unknown) =>
      demoRequest(endpoint, path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json-patch+json' },
        body: JSON.stringify(body),
      });
    return [
      ...expectStatus('the ConfigMap to patch', created, [201]),
      ...expectStatus('remove /metadata/finalizers/-2', await patch([{ op: 'remove', path: '/metadata/finalizers/-2' }]), [422]),
      ...expectStatus(
        'replace /metadata/finalizers/-1',
        await patch([{ op: 'replace', path: '/metadata/finalizers/-1', value: 'example.com/b' }]),
        [422],
      ),
      ...expectStatus(
        'add /metadata/finalizers/abc',
        await patch([{ op: 'add', path: '/metadata/finalizers/abc', value: 'example.com/b' }]),
        [422],
      ),
    ];
  },
  async 'repeated JSON keys under strict field validation'(endpoint) {
    const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"twice","name":"other"},"data":{"a":"1"}}';
    return expectStatus(
      'a repeated metadata.name',
      await demoRequest(endpoint, '/api/v1/namespaces/default/configmaps?fieldValidation=Strict', { method: 'POST', headers: json, body }),
      [400],
    );
  },
  async 'a protobuf body marked contentEncoding gzip'(endpoint) {
    const answer = await demoRequest(endpoint, '/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' },
      body: gzipMarkedConfigMap(),
    });
    return expectStatus('the gzip-marked ConfigMap', answer, [400, 415]);
  },
};

// ---- the run ----

function startDemoProcess(): Promise<{
  child: ChildProcess;
  endpoint: Endpoint;
  rss: () => number;
  peak: () => Promise<number>;
  died: () => string | undefined;
}> {
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let highest = 0;
  let death: string | undefined;
  let peakReply: ((bytes: number) => void) | undefined;
  child.on('exit', (code, signal) => {
    death ??= `the demo exited (${signal ?? code})`;
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: DemoMessage) => {
      if (message.type === 'rss') highest = Math.max(highest, message.rss);
      else if (message.type === 'peak') peakReply?.(message.maxRss);
      else {
        resolve({
          child,
          endpoint: message,
          rss: () => highest,
          peak: () =>
            new Promise((done) => {
              peakReply = done;
              child.send('stop');
            }),
          died: () => death,
        });
      }
    });
    child.once('exit', () => reject(new Error(death)));
  });
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function main(): Promise<number> {
  const scale = scales[process.argv.includes('--small') ? 'small' : 'full'];
  const demo = await startDemoProcess();
  const latencies: number[] = [];
  const prober = fork(import.meta.filename, ['--probe', JSON.stringify(demo.endpoint)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  prober.on('message', (message: ProbeMessage) => latencies.push(message.ms));
  const failures: string[] = [];
  for (const [name, attack] of Object.entries(attacks)) {
    const started = Date.now();
    const probesBefore = latencies.length;
    let found: string[];
    try {
      found = await attack(demo.endpoint, scale);
    } catch (error) {
      found = [`the attack broke off: ${error instanceof Error ? error.message : String(error)}`];
    }
    if (demo.died()) found.push(demo.died()!);
    const during = latencies.slice(probesBefore);
    const health = during.length === 0 ? 'no /healthz probe' : `/healthz at most ${Math.max(...during).toFixed(0)} ms`;
    console.log(`${found.length === 0 ? 'held' : 'FAILED'}  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s; ${health})`);
    for (const failure of found) console.log(`        ${failure}`);
    failures.push(...found.map((failure) => `${name}: ${failure}`));
    if (demo.died()) break;
  }
  prober.kill();
  const peak = demo.died() ? demo.rss() : Math.max(demo.rss(), await demo.peak());
  const max = Math.max(...latencies);
  const p99 = percentile(latencies, 0.99);
  console.log(`demo peak RSS: ${(peak / 1024 / 1024).toFixed(0)} MiB`);
  console.log(`/healthz under attack: ${latencies.length} probes, max ${max.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`);
  if (scale.healthBudgetMs !== undefined && max > scale.healthBudgetMs)
    failures.push(`/healthz took ${max.toFixed(0)} ms, over ${scale.healthBudgetMs} ms`);
  if (!demo.died()) demo.child.kill();
  console.log(failures.length === 0 ? 'the demo held against every attack' : `${failures.length} attack(s) got through`);
  return failures.length === 0 ? 0 : 1;
}

if (process.argv.includes('--serve')) {
  void serveDemo();
} else if (process.argv.includes('--probe')) {
  probeHealth(JSON.parse(process.argv[process.argv.indexOf('--probe') + 1]!) as Endpoint);
  process.on('disconnect', () => process.exit(0));
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
