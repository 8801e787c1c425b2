// The build's smoke test of new binaries, before build.mjs declares them good: one etcd and one control plane in a
// temporary folder, a few thousand Pods with labels and annotations, listed whole as JSON several times (pretty
// JSON every other time, which kube-apiserver encodes with json-iterator). A kube-apiserver whose map encoding is
// broken (reflect2 too old for the Go that built it) dies here with `fatal error: fault`; the control plane
// support restarts a component that exits, so the test checks the pid.
//   node --import tsx scripts/realcluster/smoke.mjs [--pods N] [--lists N] [--keep]
// Prints one `smoke-report {json}` line and exits 0 when the server held, 1 (with its log's tail) when not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startControlPlane, startEtcd, stopAll } from '../../test/real/support/controlPlane.ts';
import { createLabelledPods, listPodsAsJson } from '../../test/real/support/jsonLoad.ts';
import { connectKubeApi } from '../../test/real/support/kubeApi.ts';

const { values: options } = parseArgs({
  options: {
    pods: { type: 'string', default: '3000' },
    lists: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
});
const pods = Number(options.pods);
const lists = Number(options.lists);

const runDir = mkdtempSync(join(tmpdir(), 'cluster-anatomy-smoke-'));
let etcd;
let cluster;
let api;
let failure;
let report;
try {
  etcd = await startEtcd({ dataDir: join(runDir, 'etcd') });
  cluster = await startControlPlane({ name: 'smoke', etcd, unverifiedBuild: true });
  const pid = cluster.pids['kube-apiserver'];
  api = await connectKubeApi(cluster.adminKubeconfigPath);
  const started = Date.now();
  await createLabelledPods(api, 'default', pods);
  const created = Date.now() - started;
  const listed = await listPodsAsJson(api, 'default', lists);
  const bytes = Buffer.byteLength(JSON.stringify((await api.call('GET', '/api/v1/namespaces/default/pods')).body));
  const crashes = cluster.unexpectedExits.filter((exit) => exit.component === 'kube-apiserver');
  if (crashes.length > 0 || cluster.pids['kube-apiserver'] !== pid) {
    failure = `kube-apiserver exited while serving the lists:\n${crashes.map((exit) => exit.crashLog).join('\n---\n')}`;
  } else if (listed.items.some((count) => count !== pods)) {
    failure = `a list did not hold the ${pods} Pods: ${listed.items.join(', ')}`;
  } else {
    report = {
      pods,
      lists,
      createSeconds: Number((created / 1000).toFixed(1)),
      megabytes: Number((bytes / 1e6).toFixed(1)),
      slowestMs: Math.max(...listed.millis),
    };
  }
} catch (error) {
  // A dying server drops the connection a moment before its exit is recorded: wait for it, briefly.
  const apiserverExits = () => cluster?.unexpectedExits.filter((exit) => exit.component === 'kube-apiserver') ?? [];
  for (let waited = 0; cluster && apiserverExits().length === 0 && waited < 3000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const crashes = apiserverExits();
  failure = `${error instanceof Error ? error.message : String(error)}${
    crashes.length > 0 ? `\nkube-apiserver exited ${crashes.length} time(s); its log then:\n${crashes[0].crashLog}` : ''
  }`;
} finally {
  api?.close();
  await cluster?.stop();
  await etcd?.stop();
  stopAll(runDir);
  if (options.keep) console.log(`run folder kept: ${runDir}`);
  else rmSync(runDir, { recursive: true, force: true });
}

if (failure) {
  console.error(`smoke test failed: ${failure}`);
  process.exitCode = 1;
} else {
  console.log(`smoke-report ${JSON.stringify(report)}`);
}
