import * as assert from 'node:assert/strict';
import { placementCommand } from '../../../src/cli/placementCommand';
import { demoRequest, startDemo, type RunningDemo, runOnDemo } from '../../support/demo';
import { until } from '../../support/until';

const placement = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, placementCommand, ...args);

interface PendingJson {
  namespaces: 'all' | string[];
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

  it("groups a Deployment's Pods that fit no node into one row with the scheduler's reason, outside kube-system", async () => {
    const created = await demoRequest(demo.cluster, '/apis/apps/v1/namespaces/default/deployments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'huge', namespace: 'default' },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: 'huge' } },
          template: {
            metadata: { labels: { app: 'huge' } },
            spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '64' } } }] },
          },
        },
      }),
    });
    assert.equal(created.status, 201, created.text);
    await until('three Pods the scheduler could not place', async () => {
      const pods = (await demoRequest(demo.cluster, '/api/v1/namespaces/default/pods?labelSelector=app%3Dhuge')).json().items as {
        status?: { conditions?: { type: string; reason?: string }[] };
      }[];
      return pods.length === 3 && pods.every((pod) => pod.status?.conditions?.some((c) => c.reason === 'Unschedulable'));
    });
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
});
