import * as assert from 'node:assert/strict';
import type { TreeElement } from '../../../../src/core/anatomy/treeModel';
import { waitingGroupChildren, waitingSectionChildren, type WaitingElement } from '../../../../src/core/placement/waitingTree';
import type { ClusterWorkspace } from '../../../../src/core/workspace/clusterWorkspace';
import { WaitingMonitor } from '../../../../src/core/workspace/waitingMonitor';
import { demoRequest, demoWorkspace, type RunningDemo, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

describe("the waiting Pods of every namespace, for the tree's Waiting for a node", function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let workspace: ClusterWorkspace;
  let monitor: WaitingMonitor;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
    workspace = demoWorkspace(demo);
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
    monitor = new WaitingMonitor(workspace.live, workspace.placement, { intervalMs: 200 });
  });
  after(async () => {
    monitor?.dispose();
    workspace?.dispose();
    await demo?.stop();
  });

  it('groups a Deployment outside kube-system into one row, answers once its row is opened, and expands to its Pods', async () => {
    const created = await demoRequest(demo.cluster, '/apis/apps/v1/namespaces/default/deployments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', namespace: 'default' },
        spec: {
          replicas: 4,
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '64' } } }] },
          },
        },
      }),
    });
    assert.equal(created.status, 201, created.text);
    monitor.hold(true);
    const view = await until('the four replicas in one group with the same reason', () => {
      const group = monitor.current?.groups.find((entry) => entry.workload.name === 'web');
      return group?.pods.length === 4 && group.sameReason ? monitor.current : undefined;
    });
    assert.equal(view.namespaces, 'all');
    assert.equal(view.answers.size, 0, 'no answer is worked out before a view wants one');
    assert.equal(workspace.placement.running, false, 'the all-Pods watch is not started for the rows alone');

    monitor.wantAnswers(true);
    const answered = await until('the model answer for the group', () => {
      const current = monitor.current;
      const group = current?.groups.find((entry) => entry.workload.name === 'web');
      return group && current?.answers.get(group.signature) ? current : undefined;
    });
    const group = answered.groups.find((entry) => entry.workload.name === 'web')!;
    assert.equal(answered.answers.get(group.signature)!.feasible, 0);

    const rows = waitingSectionChildren('ctx:kind-multi-node/unscheduled', answered);
    const row = rows.find(
      (element): element is Extract<WaitingElement, { type: 'waitingGroup' }> => element.type === 'waitingGroup' && element.group === group,
    )!;
    assert.ok(row.answer);
    const pods = waitingGroupChildren(workspace.live.current, row) as TreeElement[];
    assert.deepEqual(
      pods.map((pod) => pod.type),
      ['unscheduledPod', 'unscheduledPod', 'unscheduledPod', 'unscheduledPod'],
    );
    const first = pods[0] as Extract<TreeElement, { type: 'unscheduledPod' }>;
    assert.equal(first.pod.namespace, 'default');
    assert.equal(first.pod.owner, 'Deployment/web');
    assert.equal(first.pod.notScheduled?.reason, 'Unschedulable');
  });
});
