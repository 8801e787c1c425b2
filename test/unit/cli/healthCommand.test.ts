import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT_PROBLEMS, healthCommand } from '../../../src/cli/healthCommand';
import type { ControlPlaneHealthReport } from '../../../src/core/health/report';
import { until } from '../../support/until';
import { startDemo, type RunningDemo, runOnDemo } from '../../support/demo';

const health = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, healthCommand, ...args);

describe('cluster-anatomy health, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  beforeEach(async () => {
    demo = await startDemo({ timeScale: 20 });
  });
  afterEach(async () => {
    await demo?.stop();
  });

  it('reports the checks, the leaders, the API servers, the skew and the serving certificate; exit 0 when all is well', async () => {
    const { code, stdout } = await health(demo);
    assert.equal(code, 0, stdout);
    assert.match(stdout, /^Control plane of kind-multi-node \(https:\/\/127\.0\.0\.1:\d+, v1\.37\.0\)/);
    assert.match(stdout, /No problem found\./);
    assert.match(stdout, /\/readyz: passed \((\d+) of \1 checks ok\)/);
    assert.match(
      stdout,
      /kube-controller-manager: leader kube-controller-manager-multi-node-control-plane on multi-node-control-plane, renewed \d+ s ago \(lease 15 s\)/,
    );
    assert.match(stdout, /kube-scheduler: leader kube-scheduler-multi-node-control-plane on multi-node-control-plane/);
    assert.match(stdout, /identity Leases: 1 running \(multi-node-control-plane\)/);
    assert.match(stdout, /(\d+) of \1 within the policy/);
    assert.match(stdout, /the API server's: kube-apiserver, issued by kubernetes, valid until \d{4}-/);
    assert.match(stdout, /kubeadm certs check-expiration/);
  });

  it('words the report from the health catalog in Japanese with --lang ja', async () => {
    const { code, stdout } = await health(demo, '--lang', 'ja');
    assert.equal(code, 0, stdout);
    assert.match(stdout, /^kind-multi-node のコントロールプレーン（https:\/\/127\.0\.0\.1:\d+、v1\.37\.0）/);
    assert.match(stdout, /問題は見つかりません。/);
    assert.match(stdout, /\/readyz: 合格（(\d+) 個中 \1 個のチェックが OK）/);
    assert.match(stdout, /kube-scheduler: リーダーは [^、]*kube-scheduler-multi-node-control-plane[^、]*、/);
    assert.match(stdout, /kubeadm certs check-expiration` で一覧できます/);
    assert.doesNotMatch(stdout, /No problem found|within the policy|your client certificate|identity Leases/);
  });

  it('puts a failing check and a lock nobody renews first, and exits 3', async () => {
    demo.cluster.control.failCheck('etcd');
    demo.cluster.control.stopLeaderRenewal('kube-scheduler');
    // The scheduler's lock lasts 15 s past its last renewal.
    const report = await until(
      "the scheduler's lock to expire",
      async () => {
        const answer = await health(demo, '--json');
        const parsed = JSON.parse(answer.stdout) as ControlPlaneHealthReport;
        const scheduler =
          'value' in parsed.leaders ? parsed.leaders.value.find((leader) => leader.component === 'kube-scheduler') : undefined;
        return scheduler?.lock?.state === 'expired' ? { answer, parsed } : undefined;
      },
      30_000,
      1000,
    );
    assert.equal(report.answer.code, EXIT_PROBLEMS);
    const readyz = report.parsed.checks.find((checks) => checks.endpoint === 'readyz');
    assert.ok(readyz?.state === 'read' && readyz.passed === false);
    assert.deepEqual({ name: readyz.checks[0]?.name, ok: readyz.checks[0]?.ok }, { name: 'etcd', ok: false }, 'the failing check first');
    const { code, stdout } = await health(demo);
    assert.equal(code, EXIT_PROBLEMS);
    assert.match(
      stdout,
      /problems:\n {2}! readyz: etcd failed \(reason withheld\)\n {2}! livez: etcd failed \(reason withheld\)\n {2}! kube-scheduler: its leader lock is not being renewed/,
    );
    assert.match(stdout, /kube-scheduler: leader .*NOT RENEWED: last renewed \d+ s ago, past its 15 s/);
  });

  it('follows a new leader, and says what a 403 on /readyz means', async () => {
    demo.cluster.control.changeLeader('kube-controller-manager');
    demo.cluster.control.forbid('/readyz');
    const { stdout } = await health(demo);
    assert.match(
      stdout,
      /kube-controller-manager: leader kube-controller-manager-multi-node-control-plane on multi-node-control-plane, .*, 1 transitions/,
    );
    assert.match(stdout, /\/readyz\?verbose: forbidden: Missing permission: get \/readyz\. Check with: kubectl auth can-i get \/readyz\n/);
    assert.match(stdout, /\/livez: passed/);
  });

  it('fails with exit 1 and a clear message when the context cannot be read', async () => {
    // The demo's kubeconfig outlives the demo: the context is there, its server is gone.
    const folder = mkdtempSync(join(tmpdir(), 'health-'));
    const kubeconfig = join(folder, 'kubeconfig');
    copyFileSync(demo.kubeconfigPath, kubeconfig);
    await demo.stop();
    const { code, stderr } = await health({ ...demo, env: { ...demo.env, KUBECONFIG: kubeconfig } });
    rmSync(folder, { recursive: true, force: true });
    assert.equal(code, 1);
    assert.match(stderr, /cluster-anatomy health: Cannot read context "kind-multi-node"/);
  });
});

describe("cluster-anatomy health, on the demo cluster with three control-plane nodes (kind's HA shape)", function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  before(async () => {
    demo = await startDemo({ timeScale: 20, controlPlanes: 3 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('names the leader and its two standbys, three API servers and their identity Leases', async () => {
    const { code, stdout } = await health(demo);
    assert.equal(code, 0, stdout);
    for (const component of ['kube-controller-manager', 'kube-scheduler']) {
      assert.match(
        stdout,
        new RegExp(
          `${component}: leader ${component}-multi-node-control-plane on multi-node-control-plane, renewed .*; standby: ${component}-multi-node-control-plane2 on multi-node-control-plane2, ${component}-multi-node-control-plane3 on multi-node-control-plane3\\n`,
        ),
      );
    }
    assert.match(stdout, /the kubernetes Service's endpoints: 172\.18\.0\.3, 172\.18\.0\.2, 172\.18\.0\.4\n/);
    assert.match(stdout, /identity Leases: 3 running \(/);
  });

  it('moves the lock to the next control plane when another replica takes it, and back to standby', async () => {
    demo.cluster.control.changeLeader('kube-scheduler');
    const { stdout } = await health(demo);
    assert.match(
      stdout,
      /kube-scheduler: leader kube-scheduler-multi-node-control-plane2 on multi-node-control-plane2, .*, 1 transitions; standby: kube-scheduler-multi-node-control-plane on multi-node-control-plane, kube-scheduler-multi-node-control-plane3 on multi-node-control-plane3\n/,
    );
  });
});
