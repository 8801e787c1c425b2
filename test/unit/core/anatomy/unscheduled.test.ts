import * as assert from 'node:assert/strict';
import type { ClusterSession } from '../../../../src/core/anatomy/clusterSession';
import { childElements, rootElements } from '../../../../src/core/anatomy/treeModel';
import { demoRequest, type RunningDemo, startDemo } from '../../../support/demo';
import { startSession } from '../../../support/session';
import { until } from '../../../support/until';

describe('kube-system Pods waiting for a node', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let session: ClusterSession;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
    session = await startSession(demo.kubeconfigPath, demo.env, { coalesceMs: 20 });
  });
  after(async () => {
    session?.dispose();
    await demo?.stop();
  });

  it("are in the anatomy with the scheduler's word, and in a tree section of their own", async () => {
    assert.equal(session.snapshot()?.unscheduled, undefined, 'none while every Pod runs');
    assert.ok(!rootElements(session.snapshot()!).some((element) => element.type === 'section' && element.section === 'unscheduled'));
    const patch = await demoRequest(demo.cluster, '/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
      method: 'PATCH',
      body: JSON.stringify({ spec: { template: { spec: { nodeSelector: { disktype: 'ssd' } } } } }),
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
    });
    assert.equal(patch.status, 200, patch.text);
    const anatomy = await until('two coredns Pods waiting', () => {
      const current = session.snapshot();
      return current?.unscheduled?.length === 2 && current.unscheduled.every((pod) => pod.notScheduled?.message) ? current : undefined;
    });
    const waiting = anatomy.unscheduled![0]!;
    assert.equal(waiting.component, 'coredns');
    assert.equal(waiting.phase, 'Pending');
    assert.deepEqual(waiting.notScheduled, {
      reason: 'Unschedulable',
      message:
        "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
    });
    assert.ok(
      anatomy.nodes.every((node) => node.components.every((pod) => pod.pod !== waiting.pod)),
      'not on any node',
    );
    const section = rootElements(anatomy).find((element) => element.type === 'section' && element.section === 'unscheduled');
    assert.ok(section && section.type === 'section' && section.count === 2);
    assert.deepEqual(
      childElements(anatomy, section).map((element) => element.type),
      ['unscheduledPod', 'unscheduledPod'],
    );
  });
});
