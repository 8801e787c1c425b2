import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isRunning, readProcesses } from '../../../scripts/realcluster/processes.mjs';
import { until } from '../../support/until';
import { type ControlPlane, type Etcd, startControlPlane, startEtcd, stopAll } from '../support/controlPlane';

const run = promisify(execFile);

async function kubectl(cluster: ControlPlane, ...args: string[]): Promise<string> {
  const { stdout } = await run('kubectl', ['--kubeconfig', cluster.adminKubeconfigPath, ...args]);
  return stdout;
}

describe('real control plane: two v1.20.2 clusters on one etcd', function () {
  this.timeout(600_000);
  let runDir: string;
  let etcd: Etcd;
  let alpha: ControlPlane;
  let beta: ControlPlane;

  before(async () => {
    runDir = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-'));
    etcd = await startEtcd({ dataDir: join(runDir, 'etcd') });
    [alpha, beta] = await Promise.all([
      startControlPlane({ name: 'alpha', etcd }),
      startControlPlane({ name: 'beta', etcd, serviceCidr: '10.100.0.0/16', clusterCidr: '10.200.0.0/16' }),
    ]);
  });

  after(async () => {
    await Promise.all([alpha?.stop(), beta?.stop()]);
    await etcd?.stop();
    stopAll(runDir);
    rmSync(runDir, { recursive: true, force: true });
  });

  it('serves /version as v1.20.2 at the upstream commit', async () => {
    const version = JSON.parse(await kubectl(alpha, 'get', '--raw', '/version'));
    assert.equal(version.gitVersion, 'v1.20.2');
    assert.equal(version.gitCommit, 'faecb196815e248d3ecfb03c680a4507229c2a56');
  });

  it('names the admin context after the cluster', async () => {
    assert.equal((await kubectl(beta, 'config', 'current-context')).trim(), 'beta');
  });

  it('runs the scheduler and the controller manager with leader election', async () => {
    const holders = await until(
      'both leader-election leases',
      async () => {
        const names = (await kubectl(alpha, 'get', 'leases', '-n', 'kube-system', '-o', 'name')).split('\n');
        return (
          names.includes('lease.coordination.k8s.io/kube-scheduler') &&
          names.includes('lease.coordination.k8s.io/kube-controller-manager') &&
          names
        );
      },
      60_000,
      500,
    );
    assert.ok(holders.length >= 2);
  });

  it('keeps each cluster to its own objects and service range', async () => {
    await kubectl(alpha, 'create', 'configmap', 'only-in-alpha', '-n', 'default', '--from-literal=k=v');
    assert.equal((await kubectl(alpha, 'get', 'configmap', 'only-in-alpha', '-o', 'name')).trim(), 'configmap/only-in-alpha');
    await assert.rejects(kubectl(beta, 'get', 'configmap', 'only-in-alpha'), /NotFound/);
    assert.equal((await kubectl(alpha, 'get', 'service', 'kubernetes', '-o', 'jsonpath={.spec.clusterIP}')).trim(), '10.96.0.1');
    assert.equal((await kubectl(beta, 'get', 'service', 'kubernetes', '-o', 'jsonpath={.spec.clusterIP}')).trim(), '10.100.0.1');
  });

  it('gives a user without a role nothing, and a user in system:masters everything', async () => {
    const nobody = alpha.userKubeconfig('jane/with-a-slash', ['developers']);
    await assert.rejects(
      run('kubectl', ['--kubeconfig', nobody, 'get', 'pods', '-n', 'default']),
      /User "jane\/with-a-slash" cannot list resource "pods"/,
    );
    const master = alpha.userKubeconfig('root', ['system:masters']);
    const { stdout } = await run('kubectl', ['--kubeconfig', master, 'auth', 'can-i', 'delete', 'nodes']);
    assert.equal(stdout.trim(), 'yes');
  });

  it('kills the scheduler by its pid and restarts it', async () => {
    const killed = alpha.pids['kube-scheduler'];
    await alpha.kill('kube-scheduler');
    assert.equal(isRunning(killed), false);
    assert.ok(!readProcesses(runDir).some((entry) => entry.pid === killed), 'the state file forgets a dead process');
    await alpha.restart('kube-scheduler');
    assert.notEqual(alpha.pids['kube-scheduler'], killed);
    assert.equal(isRunning(alpha.pids['kube-scheduler']), true);
  });

  it('restarts kube-apiserver at the same address, its objects kept in etcd', async () => {
    await kubectl(beta, 'create', 'configmap', 'kept', '-n', 'default', '--from-literal=k=v');
    const first = beta.pids['kube-apiserver'];
    await beta.restart('kube-apiserver');
    assert.notEqual(beta.pids['kube-apiserver'], first);
    assert.equal(isRunning(first), false);
    assert.equal((await kubectl(beta, 'get', 'configmap', 'kept', '-o', 'name')).trim(), 'configmap/kept');
  });

  it('leaves no process behind when stopped', async () => {
    const pids = [...Object.values(alpha.pids), ...Object.values(beta.pids), etcd.pid];
    assert.equal(readProcesses(runDir).length, pids.length);
    await Promise.all([alpha.stop(), beta.stop()]);
    await etcd.stop();
    assert.deepEqual(pids.filter(isRunning), []);
    assert.deepEqual(readProcesses(runDir), []);
  });
});
