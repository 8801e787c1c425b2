// `cluster-anatomy check` (the tutorial's hands-on) against real clusters, through the built dist/cli.js: it
// passes on the kind-shaped cluster and agrees with kubectl; on the other shapes, what cannot hold is explained.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HandsOnReport } from '../../../src/core/handsOn/checks';
import { type RealCluster, realCluster } from '../support/realClusters';

const cli = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

/** Runs `check --json` without blocking the event loop (the node agent renews the Leases from this process). */
function check(
  cluster: RealCluster,
  wait = 40,
): Promise<{ status: number | null; report: HandsOnReport & { steps: { commands: string[] }[] } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'check', '--json', '--wait', String(wait), '--kubeconfig', cluster.kubeconfigPath], {
      env: cluster.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        resolve({ status, report: JSON.parse(stdout) });
      } catch {
        reject(new Error(`check exited ${status}: ${stderr}`));
      }
    });
  });
}

const kubectl = (cluster: RealCluster, ...args: string[]) => execFileSync('kubectl', args, { env: cluster.env, encoding: 'utf8' });
const finding = (report: HandsOnReport, step: string, code: string, subject?: string) =>
  report.steps
    .find((candidate) => candidate.id === step)!
    .findings.find((f) => f.code === code && (subject === undefined || f.subject === subject))!;

describe('cluster-anatomy check on real clusters', function () {
  this.timeout(300_000);

  before(() => assert.ok(existsSync(cli), `${cli} is missing: run npm run build first`));

  it('the kind-shaped cluster: every step holds, and the static Pods are what kubectl selects with -l tier=control-plane', async () => {
    const cluster = await realCluster('kind');
    const { status, report } = await check(cluster);
    assert.equal(
      status,
      0,
      JSON.stringify(report.steps.map((step) => [step.id, step.outcome, step.findings.filter((f) => f.outcome !== 'holds')])),
    );
    assert.equal(report.allDone, true);
    const selected = JSON.parse(kubectl(cluster, 'get', 'pods', '-n', 'kube-system', '-l', 'tier=control-plane', '-o', 'json')).items.map(
      (pod: { metadata: { name: string } }) => pod.metadata.name,
    );
    assert.deepEqual([...finding(report, 'staticPods', 'tierSelects').names!].sort(), selected.sort());
    assert.equal(selected.length, 4);
    // The versions the nodes report, as `kubectl describe node` shows them.
    const nodes = JSON.parse(kubectl(cluster, 'get', 'nodes', '-o', 'json')).items as {
      status: { nodeInfo: { kubeletVersion: string; containerRuntimeVersion: string } };
    }[];
    assert.equal(
      finding(report, 'nodeAgents', 'kubeletVersion').detail,
      [...new Set(nodes.map((node) => node.status.nodeInfo.kubeletVersion))].join(', '),
    );
    assert.equal(
      finding(report, 'nodeAgents', 'runtimeVersion').detail,
      [...new Set(nodes.map((node) => node.status.nodeInfo.containerRuntimeVersion))].join(', '),
    );
    // Each Lease was seen at two renewTimes, the later after the earlier, as two `kubectl get lease` runs show.
    const [first, latest] = finding(report, 'leases', 'renewTimeAdvances').detail!.split(' → ');
    assert.ok(Date.parse(latest!) > Date.parse(first!), `${first} → ${latest}`);
    assert.ok(report.steps[2]!.commands.includes('kubectl get pods -n kube-system -l tier=control-plane -o wide --context kind'));
  });

  it('a hosted control plane: no control-plane node and no static Pods, each explained rather than failed', async () => {
    const { report } = await check(await realCluster('hosted-eks'), 0);
    assert.deepEqual(
      [finding(report, 'nodes', 'controlPlaneLabel').outcome, finding(report, 'nodes', 'controlPlaneLabel').reason],
      ['explained', 'hosted-control-plane'],
    );
    assert.equal(finding(report, 'kubeSystemPods', 'staticPod', 'kube-apiserver').reason, 'hosted-control-plane');
    assert.equal(report.steps.find((step) => step.id === 'staticPods')!.outcome, 'done');
    assert.equal(finding(report, 'kubeSystemPods', 'perNodeDaemon', 'aws-node').outcome, 'holds');
  });

  it('k3s: the control plane, kube-proxy and flannel are built into the k3s process, each explained', async () => {
    const { report } = await check(await realCluster('k3s'), 0);
    for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      assert.equal(finding(report, 'kubeSystemPods', 'staticPod', component).reason, 'embedded', component);
    }
    assert.equal(finding(report, 'kubeSystemPods', 'perNodeDaemon', 'kube-proxy').reason, 'embedded');
  });

  it('kubeadm HA: each static Pod once on each of the three control-plane nodes', async () => {
    const cluster = await realCluster('kubeadm-ha');
    const { report } = await check(cluster, 0);
    const planes = cluster.shape.nodes.filter((node) => node.staticPods.some((pod) => pod.name === 'kube-apiserver')).length;
    assert.equal(planes, 3);
    assert.equal(finding(report, 'kubeSystemPods', 'staticPod', 'kube-apiserver').count, planes);
    assert.equal(report.steps.find((step) => step.id === 'staticPods')!.outcome, 'done');
  });

  it('an old cluster: the control plane carries only the master label, which the step explains', async () => {
    const { report } = await check(await realCluster('old-master'), 0);
    const label = finding(report, 'nodes', 'controlPlaneLabel');
    assert.deepEqual([label.outcome, label.reason, label.detail], ['explained', 'older-label', 'node-role.kubernetes.io/master']);
  });
});
