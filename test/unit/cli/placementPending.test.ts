import * as assert from 'node:assert/strict';
import { placementCommand } from '../../../src/cli/placementCommand';
import { demoRequest, startDemo, type RunningDemo, runOnDemo } from '../../support/demo';
import { until } from '../../support/until';

const placement = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, placementCommand, ...args);

interface PendingJson {
  namespaces: 'all' | string[];
  hidden: { what: string; needs: { canI: string; verdict: string }[] }[];
  groups: {
    namespace: string;
    workload: { kind: string; name: string };
    count: number;
    summary: string;
    state: { kind: string };
    model?: { feasible: number; nodes: number };
  }[];
}

describe('cluster-anatomy placement --pending, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
  });
  after(async () => {
    await demo?.stop();
  });

  /** A Deployment of `replicas` Pods that ask for more CPU than any node has. */
  async function createHuge(namespace: string, name: string, replicas: number): Promise<void> {
    const created = await demoRequest(demo.cluster, `/apis/apps/v1/namespaces/${namespace}/deployments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name, namespace },
        spec: {
          replicas,
          selector: { matchLabels: { app: name } },
          template: {
            metadata: { labels: { app: name } },
            spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '64' } } }] },
          },
        },
      }),
    });
    assert.equal(created.status, 201, created.text);
    await until(`${replicas} Pods of ${name} the scheduler could not place`, async () => {
      const pods = (await demoRequest(demo.cluster, `/api/v1/namespaces/${namespace}/pods?labelSelector=app%3D${name}`)).json().items as {
        status?: { conditions?: { type: string; reason?: string }[] };
      }[];
      return pods.length === replicas && pods.every((pod) => pod.status?.conditions?.some((c) => c.reason === 'Unschedulable'));
    });
  }

  it("groups a Deployment's Pods that fit no node into one row with the scheduler's reason, outside kube-system", async () => {
    await createHuge('default', 'huge', 3);
    const { code, stdout } = await placement(demo, '--pending', '--json');
    assert.equal(code, 0);
    const report = JSON.parse(stdout) as PendingJson;
    assert.equal(report.namespaces, 'all');
    const huge = report.groups.filter((group) => group.workload.name === 'huge');
    assert.equal(huge.length, 1);
    assert.deepEqual(huge[0]!.workload, { kind: 'Deployment', name: 'huge' });
    assert.equal(huge[0]!.count, 3);
    assert.equal(huge[0]!.state.kind, 'unschedulable');
    assert.match(huge[0]!.summary, /^huge: 3 replicas, all for the same reason: Insufficient cpu on \d nodes$/);
    assert.equal(huge[0]!.model?.feasible, 0);

    const text = await placement(demo, '--pending', '--lang', 'ja');
    assert.match(text.stdout, /default\/huge: 3 レプリカ、すべて同じ理由: \d ノードで Insufficient cpu\n/);
  });

  it('as a user of one namespace: its waiting Pods only, and says which reads were refused', async () => {
    await createHuge('team', 'batch', 2);
    const { code, stdout } = await placement(demo, '--pending', '--json', '--context', 'team-dev', '-n', 'team', '-n', 'kube-public');
    assert.equal(code, 0);
    const report = JSON.parse(stdout) as PendingJson;
    assert.deepEqual(report.namespaces, ['team']);
    assert.deepEqual(
      report.groups.map((group) => `${group.namespace}/${group.workload.name}: ${group.count}`),
      ['team/batch: 2'],
    );
    assert.deepEqual(
      report.hidden.map((read) => read.what),
      ['Pods in all namespaces', 'Pods in kube-public', 'Nodes'],
    );
    assert.ok(
      report.hidden[1]!.needs.some((need) => need.canI === 'kubectl auth can-i list pods -n kube-public' && need.verdict === 'denied'),
    );
    // The Nodes are hidden: no node is judged, and the row keeps the scheduler's own reason.
    assert.equal(report.groups[0]!.model, undefined);
    assert.match(report.groups[0]!.summary, /^batch: 2 replicas, all for the same reason: Insufficient cpu on \d nodes$/);
  });
});
