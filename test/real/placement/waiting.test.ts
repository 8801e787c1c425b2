// "Waiting for a node" against the real v1.20 control plane: a Deployment outside kube-system whose Pods fit no
// node, left Pending by the real kube-scheduler. The product's core reads it as `placement --pending` does and
// makes one row of it, with the scheduler's own reason (its PodScheduled condition) and the model's answer,
// which must say the same; a user who may read Pods in that namespace only sees that namespace and is told
// which reads were refused.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placementCommand } from '../../../src/cli/placementCommand';
import { runCli } from '../../../src/cli/run';
import { parseSchedulerMessage } from '../../../src/core/placement/clusterRead';
import { until } from '../../support/until';
import { createNamespace, type RealCluster, realCluster } from '../support/realClusters';
import { makeRbacUser, role, roleBinding } from '../support/rbacUsers';

const namespace = 'waiting-shop';
const otherNamespace = 'waiting-other';

interface PendingJson {
  namespaces: 'all' | string[];
  hidden: { id: string; what: string; needs: { canI: string; verdict: string }[] }[];
  groups: {
    namespace: string;
    workload: { kind: string; name: string };
    count: number;
    summary: string;
    state: { kind: string };
    sameReason: boolean;
    schedulerSaid: { reason: string; message: string; pods: number } | null;
    model?: { feasible: number; message: string | null; reasonCounts: Record<string, number> };
    pods: { name: string }[];
  }[];
}

const pause = { name: 'main', image: 'registry.k8s.io/pause:3.10.1', resources: { requests: { cpu: '1000' } } };

describe('Waiting for a node, on the real control plane', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let scratch: string;

  const kubectl = (args: string[], input?: string) =>
    execFileSync('kubectl', args, { env: cluster.env, encoding: 'utf8', ...(input !== undefined && { input }) });

  async function pending(env: NodeJS.ProcessEnv, ...args: string[]): Promise<PendingJson> {
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env };
    const code = await runCli(['placement', '--pending', '--json', ...args], io, [placementCommand]);
    assert.equal(code, 0, stderr);
    return JSON.parse(stdout) as PendingJson;
  }

  /** The Pods of `selector` in `ns` once the real scheduler has said, in each one's PodScheduled condition, why not. */
  function unschedulable(ns: string, selector: string, count: number): Promise<string[]> {
    return until(
      `${count} Pods in ${ns} the scheduler could not place`,
      () => {
        const pods = JSON.parse(kubectl(['get', 'pods', '-n', ns, '-l', selector, '-o', 'json'])).items as {
          status?: { conditions?: { type: string; reason?: string; message?: string }[] };
        }[];
        const messages = pods.flatMap(
          (pod) =>
            pod.status?.conditions?.filter((c) => c.type === 'PodScheduled' && c.reason === 'Unschedulable').map((c) => c.message!) ?? [],
        );
        return pods.length === count && messages.length === count ? messages : undefined;
      },
      120_000,
      500,
    );
  }

  before(async () => {
    cluster = await realCluster('kind');
    scratch = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-waiting-'));
    for (const ns of [namespace, otherNamespace]) await createNamespace(cluster, ns);
  });
  after(() => {
    if (!cluster) return;
    kubectl(['delete', 'namespace', namespace, otherNamespace, '--timeout=120s']);
    rmSync(scratch, { recursive: true, force: true });
  });

  it("groups a Deployment's Pods that fit no node into one row, with the real scheduler's reason; a namespace's user sees that namespace only", async () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 0, containers: [pause] } },
      },
    };
    kubectl(['create', '-f', '-'], JSON.stringify(deployment));
    const elsewhere = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'batch', namespace: otherNamespace, labels: { app: 'batch' } },
      spec: { containers: [pause] },
    };
    kubectl(['create', '-f', '-'], JSON.stringify(elsewhere));
    const said = await unschedulable(namespace, 'app=web', 3);
    await unschedulable(otherNamespace, 'app=batch', 1);

    // As the admin: every namespace, one row for the Deployment, the scheduler's reason as it wrote it.
    const admin = await pending(cluster.env);
    assert.equal(admin.namespaces, 'all');
    const web = admin.groups.filter((group) => group.namespace === namespace);
    assert.equal(web.length, 1, JSON.stringify(admin.groups.map((group) => group.summary)));
    const [row] = web;
    assert.deepEqual(row!.workload, { kind: 'Deployment', name: 'web' });
    assert.equal(row!.count, 3);
    assert.equal(row!.state.kind, 'unschedulable');
    assert.equal(row!.sameReason, true);
    assert.equal(row!.schedulerSaid?.message, said[0]);
    const parsed = parseSchedulerMessage(said[0]!)!;
    // The row names the largest count of the scheduler's message (the control plane's taint counts apart).
    const nodes = parsed.reasons['Insufficient cpu'];
    assert.equal(row!.summary, `web: 3 replicas, all for the same reason: Insufficient cpu on ${nodes} nodes`);
    // The model, asked once for the three, says what the scheduler said.
    assert.equal(row!.model?.feasible, 0);
    assert.deepEqual(row!.model?.reasonCounts, parsed.reasons);
    assert.ok(admin.groups.some((group) => group.namespace === otherNamespace && group.workload.kind === 'Pod'));

    // As a user who may read Pods in its namespace only (nothing cluster-wide).
    const grants = [
      role(namespace, 'pod-reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }]),
      roleBinding(namespace, 'pod-reader', { kind: 'Role', name: 'pod-reader' }, 'reader'),
    ];
    const user = await makeRbacUser(cluster, scratch, { namespace, account: 'reader', grants });
    const scoped = await pending(user.env, '--context', user.context);
    assert.deepEqual(scoped.namespaces, [namespace]);
    assert.deepEqual(
      scoped.groups.map((group) => `${group.namespace}/${group.workload.kind}/${group.workload.name}: ${group.count}`),
      [`${namespace}/Deployment/web: 3`],
    );
    const allPods = scoped.hidden.find((read) => read.id === 'allPods');
    assert.ok(allPods, JSON.stringify(scoped.hidden));
    assert.ok(
      allPods.needs.some((need) => need.canI === 'kubectl auth can-i list pods' && need.verdict === 'denied'),
      JSON.stringify(allPods.needs),
    );
    assert.ok(scoped.hidden.some((read) => read.id === 'nodes'));
    assert.equal(scoped.groups[0]!.summary, `web: 3 replicas, all for the same reason: Insufficient cpu on ${nodes} nodes`);
  });
});
