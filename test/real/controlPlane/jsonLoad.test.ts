import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ControlPlane, type Etcd, startControlPlane, startEtcd, stopAll } from '../support/controlPlane';
import { createLabelledPods, listPodsAsJson } from '../support/jsonLoad';
import { connectKubeApi, type KubeApi } from '../support/kubeApi';

const run = promisify(execFile);
const PODS = 2_500;
const LISTS = 20;

// kube-apiserver v1.20.2 built with Go 1.19 died on exactly this (a JSON list of 2,006 labelled kube-system Pods)
// while it vendored reflect2 v1.0.1; the build replaces it with Debian's v1.0.2.
describe('real control plane: JSON lists of thousands of labelled Pods', function () {
  this.timeout(600_000);
  let runDir: string;
  let etcd: Etcd;
  let cluster: ControlPlane;
  let api: KubeApi;

  before(async () => {
    runDir = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-'));
    etcd = await startEtcd({ dataDir: join(runDir, 'etcd') });
    cluster = await startControlPlane({ name: 'json-load', etcd });
    api = await connectKubeApi(cluster.adminKubeconfigPath);
    await createLabelledPods(api, 'default', PODS);
  });

  after(async () => {
    api?.close();
    await cluster?.stop();
    await etcd?.stop();
    stopAll(runDir);
    rmSync(runDir, { recursive: true, force: true });
  });

  it(`serves ${LISTS} JSON lists of ${PODS} Pods with labels and annotations and stays up`, async () => {
    const pid = cluster.pids['kube-apiserver'];
    const listed = await listPodsAsJson(api, 'default', LISTS);
    assert.deepEqual(
      listed.items,
      Array.from({ length: LISTS }, () => PODS),
    );
    assert.deepEqual(
      cluster.unexpectedExits.map((exit) => `${exit.component}: ${exit.signal ?? exit.code}\n${exit.crashLog}`),
      [],
    );
    assert.equal(cluster.pids['kube-apiserver'], pid, 'kube-apiserver was restarted');
    // kubectl reads the same list, labels and annotations intact.
    const { stdout } = await run('kubectl', ['--kubeconfig', cluster.adminKubeconfigPath, 'get', 'pods', '-n', 'default', '-o', 'json'], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const items = (JSON.parse(stdout) as { items: { metadata: { labels: Record<string, string>; annotations: Record<string, string> } }[] })
      .items;
    assert.equal(items.length, PODS);
    assert.ok(
      items.every((pod) => Object.keys(pod.metadata.labels).length === 6 && pod.metadata.annotations['prometheus.io/port'] === '10249'),
    );
  });
});
