/**
 * Demo cluster server benchmark: a generated 5,000-node cluster (kube-proxy and kindnet on each node).
 *   npx tsx bench/demoServer.bench.ts [--nodes 5000] [--watch-seconds 20]
 * The server runs in a child process so its memory and CPU are measured apart from the client's.
 */
import { fork } from 'node:child_process';
import { request } from 'node:https';
import { parseArgs } from 'node:util';

interface Ready {
  kind: 'ready';
  server: string;
  token: string;
  caPem: string;
  startMs: number;
}
interface Stats {
  kind: 'stats';
  maxRssMiB: number;
  rssMiB: number;
  heapUsedMiB: number;
  cpuUserMs: number;
  cpuSystemMs: number;
}

const { values } = parseArgs({ options: { child: { type: 'boolean' }, nodes: { type: 'string' }, 'watch-seconds': { type: 'string' } } });
const nodes = Number(values.nodes ?? 5000);
const watchSeconds = Number(values['watch-seconds'] ?? 20);

function stats(): Stats {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    kind: 'stats',
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    rssMiB: memory.rss / 2 ** 20,
    heapUsedMiB: memory.heapUsed / 2 ** 20,
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
  };
}

async function child(): Promise<void> {
  const { startDemoCluster } = await import('../src/demo/demoCluster');
  const started = performance.now();
  const cluster = await startDemoCluster({ generate: { nodes }, leaseRenewSeconds: 10 });
  const ready: Ready = {
    kind: 'ready',
    server: cluster.server,
    token: cluster.token,
    caPem: cluster.caPem,
    startMs: performance.now() - started,
  };
  process.send!(ready);
  // Never outlive the benchmark: if it goes away, so does the server.
  process.on('disconnect', () => void cluster.stop().then(() => process.exit(0)));
  process.on('message', (message: string) => {
    if (message === 'stats') process.send!(stats());
    if (message === 'stop') void cluster.stop().then(() => process.exit(0));
  });
}

async function parent(): Promise<void> {
  const server = fork(process.argv[1]!, ['--child', '--nodes', String(nodes)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const messages: ((message: Ready | Stats) => void)[] = [];
  server.on('message', (message: Ready | Stats) => messages.shift()?.(message));
  const nextMessage = () => new Promise<Ready | Stats>((resolve) => messages.push(resolve));
  const ask = async (): Promise<Stats> => {
    const reply = nextMessage();
    server.send('stats');
    return (await reply) as Stats;
  };
  server.once('exit', (code) => {
    if (code !== 0) {
      console.error(`the server process exited with code ${code}`);
      process.exit(1);
    }
  });
  const ready = (await nextMessage()) as Ready;
  const get = (path: string, accept = 'application/json') =>
    new Promise<{ ms: number; bytes: number; body: string }>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        `${ready.server}${path}`,
        { headers: { Authorization: `Bearer ${ready.token}`, Accept: accept }, ca: ready.caPem },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({ ms: performance.now() - started, bytes: body.length, body });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  const rows: [string, string][] = [];
  // A step that takes minutes means something is wrong: say which one and stop rather than hang.
  let lastProgress = Date.now();
  const watchdog = setInterval(() => {
    if (Date.now() - lastProgress < 180_000) return;
    console.error(`no progress for 3 minutes after "${rows.at(-1)?.[0] ?? 'start'}"; stopping`);
    server.kill();
    process.exit(1);
  }, 5000);
  watchdog.unref();
  const report = (name: string, value: string) => {
    lastProgress = Date.now();
    rows.push([name, value]);
    console.log(`${name.padEnd(58)} ${value}`);
  };
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

  console.log(`Demo cluster server, generated cluster of ${nodes} nodes (Node ${process.version}, ${process.platform}/${process.arch})`);
  report('start (certificates, fixture, listen)', `${ready.startMs.toFixed(0)} ms`);
  const afterStart = await ask();
  report('server RSS after start', `${afterStart.rssMiB.toFixed(0)} MiB (heap ${afterStart.heapUsedMiB.toFixed(0)} MiB)`);

  for (const [label, path, accept] of [
    ['list Nodes (JSON), first', '/api/v1/nodes', 'application/json'],
    ['list Nodes (JSON), again', '/api/v1/nodes', 'application/json'],
    ['list kube-system Pods (JSON), first', '/api/v1/namespaces/kube-system/pods', 'application/json'],
    ['list kube-system Pods (JSON), again', '/api/v1/namespaces/kube-system/pods', 'application/json'],
    [
      'list kube-system Pods (Table, as kubectl get)',
      '/api/v1/namespaces/kube-system/pods',
      'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
    ],
    ['list Pods with labelSelector k8s-app=kube-proxy', '/api/v1/pods?labelSelector=k8s-app%3Dkube-proxy', 'application/json'],
  ] as const) {
    const result = await get(path, accept);
    const count = JSON.parse(result.body) as { items?: unknown[]; rows?: unknown[] };
    report(label, `${result.ms.toFixed(0)} ms, ${(count.items ?? count.rows)!.length} items, ${mib(result.bytes)}`);
  }
  let pages = 0;
  let items = 0;
  let token = '';
  const pagedStart = performance.now();
  do {
    const page = JSON.parse(
      (await get(`/api/v1/namespaces/kube-system/pods?limit=500${token ? `&continue=${encodeURIComponent(token)}` : ''}`)).body,
    ) as { items: unknown[]; metadata: { continue?: string } };
    pages++;
    items += page.items.length;
    token = page.metadata.continue ?? '';
  } while (token);
  report(
    'list kube-system Pods in pages of 500 (as kubectl/informers)',
    `${(performance.now() - pagedStart).toFixed(0)} ms, ${pages} pages, ${items} items`,
  );
  const afterLists = await ask();
  report('server peak RSS so far', `${afterLists.maxRssMiB.toFixed(0)} MiB`);

  // One watcher on every Lease in kube-node-lease: 5,000 nodes renewing every 10 s is 500 events/s.
  const before = await ask();
  const watchStart = performance.now();
  let events = 0;
  let lagTotal = 0;
  let lagMax = 0;
  await new Promise<void>((resolve, reject) => {
    const req = request(
      `${ready.server}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?watch=true&resourceVersion=0&timeoutSeconds=${watchSeconds}`,
      { headers: { Authorization: `Bearer ${ready.token}` }, ca: ready.caPem },
      (response) => {
        let buffer = '';
        let initial = true;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + 1);
            const event = JSON.parse(line) as { type: string; object: { spec: { renewTime: string } } };
            if (event.type === 'ADDED' && initial) continue;
            initial = false;
            if (event.type !== 'MODIFIED') continue;
            events++;
            const lag = Date.now() - Date.parse(event.object.spec.renewTime);
            lagTotal += lag;
            lagMax = Math.max(lagMax, lag);
          }
        });
        response.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end();
  });
  const seconds = (performance.now() - watchStart) / 1000;
  const after = await ask();
  const cpuMs = after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs;
  report(
    `Lease renewals streamed to one watcher over ${seconds.toFixed(0)} s`,
    `${events} events, ${(events / seconds).toFixed(0)}/s (target ${(nodes / 10).toFixed(0)}/s)`,
  );
  report('renewTime → client delivery lag', `mean ${(lagTotal / Math.max(1, events)).toFixed(1)} ms, max ${lagMax} ms`);
  report('server CPU while streaming', `${((cpuMs / (seconds * 1000)) * 100).toFixed(1)} % of one core`);
  report('server peak RSS overall', `${after.maxRssMiB.toFixed(0)} MiB`);
  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));
}

if (values.child) void child();
else void parent();
