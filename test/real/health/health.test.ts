// `cluster-anatomy health` on a real v1.20 control plane: kube-apiserver's own checks (checked against
// kubectl's raw read), the leader locks the real controller manager and scheduler hold, the serving
// certificate the real server presents, and a lock that ages out when its holder is killed and is taken again.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { hostname } from 'node:os';
import { healthCommand } from '../../../src/cli/healthCommand';
import { runCli } from '../../../src/cli/run';
import type { ControlPlaneHealthReport, LeaderReport } from '../../../src/core/health/report';
import { until } from '../../support/until';
import { type RealCluster, realCluster } from '../support/realClusters';

describe('cluster-anatomy health on a real control plane', function () {
  this.timeout(300_000);
  let cluster: RealCluster;

  async function health(...args: string[]): Promise<{ code: number; stdout: string; report?: ControlPlaneHealthReport }> {
    let stdout = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stdout += text) },
      env: cluster.env,
    };
    const code = await runCli(['health', ...args], io, [healthCommand]);
    return { code, stdout, ...(args.includes('--json') && code !== 1 && { report: JSON.parse(stdout) as ControlPlaneHealthReport }) };
  }
  const leaderOf = (report: ControlPlaneHealthReport, component: string): LeaderReport | undefined =>
    'value' in report.leaders ? report.leaders.value.find((leader) => leader.component === component) : undefined;

  before(async () => {
    cluster = await realCluster('kind');
  });

  it('reads /readyz and /livez check by check, as kubectl get --raw shows them', async () => {
    const { report } = await health('--json');
    const readyz = report!.checks.find((checks) => checks.endpoint === 'readyz');
    assert.ok(readyz?.state === 'read', JSON.stringify(readyz));
    assert.equal(readyz.passed, true);
    const raw = execFileSync('kubectl', ['get', '--raw', '/readyz?verbose'], { env: cluster.env, encoding: 'utf8' });
    const fromKubectl = [...raw.matchAll(/^\[[+-]\](\S+) /gm)].map((match) => match[1]).sort();
    assert.deepEqual(readyz.checks.map((check) => check.name).sort(), fromKubectl);
    assert.ok(fromKubectl.includes('etcd'), raw);
  });

  it('finds the leader locks of the real controller manager and scheduler, held by their processes', async () => {
    const { report, code } = await health('--json');
    for (const component of ['kube-controller-manager', 'kube-scheduler']) {
      const leader = leaderOf(report!, component);
      assert.equal(leader?.source, 'leases', component);
      assert.equal(leader?.lock?.state, 'held', component);
      // The processes run on this machine: their identity is its hostname and a UUID, as client-go makes it.
      assert.equal(leader?.lock?.holderHost, hostname(), component);
      const fromKubectl = JSON.parse(
        execFileSync('kubectl', ['get', 'lease', '-n', 'kube-system', component, '-o', 'json'], { env: cluster.env, encoding: 'utf8' }),
      );
      assert.equal(leader?.lock?.holderIdentity, fromKubectl.spec.holderIdentity);
    }
    assert.equal(code, 0, 'no problem on a healthy control plane');
    // The report as a person reads it, for the run's log.
    console.log((await health()).stdout.replace(/^/gm, '      | '));
  });

  it('shows the certificate the real server presents: its names include the address it is reached at', async () => {
    const { report, stdout } = await health('--json');
    const serving = report!.certificates.serving;
    assert.ok('value' in serving, JSON.stringify(serving));
    const leaf = serving.value[0]!;
    assert.ok(leaf.subjectAltNames.ip.includes('127.0.0.1'), JSON.stringify(leaf.subjectAltNames));
    assert.ok(Date.parse(leaf.notAfter) > Date.now());
    assert.doesNotMatch(stdout, /PRIVATE KEY/);
    const client = report!.certificates.client;
    assert.ok('value' in client && client.value, 'the admin kubeconfig uses a client certificate');
    assert.ok('value' in report!.certificates.pendingKubeletCsrs, 'CertificateSigningRequests can be listed');
  });

  it("sees the scheduler's lock age out when its process is killed, and taken again after a restart", async () => {
    const before = leaderOf((await health('--json')).report!, 'kube-scheduler')!;
    await cluster.controlPlane.kill('kube-scheduler');
    try {
      const expired = await until(
        "the scheduler's lock to expire",
        async () => {
          const { report, code } = await health('--json');
          const leader = leaderOf(report!, 'kube-scheduler');
          return leader?.lock?.state === 'expired' ? { leader, code } : undefined;
        },
        60_000,
        2000,
      );
      assert.equal(expired.code, 3, 'an expired lock is a problem');
      assert.equal(expired.leader.lock?.holderIdentity, before.lock?.holderIdentity);
      const { stdout } = await health();
      assert.match(stdout, /! kube-scheduler: its leader lock is not being renewed/);
    } finally {
      await cluster.controlPlane.restart('kube-scheduler');
    }
    const taken = await until(
      'a new holder',
      async () => {
        const leader = leaderOf((await health('--json')).report!, 'kube-scheduler');
        return leader?.lock?.state === 'held' && leader.lock.holderIdentity !== before.lock?.holderIdentity ? leader : undefined;
      },
      60_000,
      1000,
    );
    assert.equal(taken.lock?.transitions, (before.lock?.transitions ?? 0) + 1);
  });
});
