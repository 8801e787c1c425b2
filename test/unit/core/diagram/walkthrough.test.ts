import { strict as assert } from 'node:assert';
import { layoutDiagram } from '../../../../src/core/diagram/layout';
import { defaultUiState } from '../../../../src/core/diagram/scene';
import { walkthroughSteps } from '../../../../src/core/diagram/walkthrough';
import { kindAnatomy } from '../../../fixtures/anatomy/builders';

describe('Deployment walk-through', () => {
  const scene = layoutDiagram(kindAnatomy(), defaultUiState);
  const steps = walkthroughSteps(scene);
  const edge = (id: string) => scene.edges.find((e) => e.id === id)!;

  it('has six steps, each lighting edges that exist', () => {
    assert.equal(steps.length, 6);
    for (const step of steps) {
      assert.ok(step.edgeIds.length > 0, `step ${step.index + 1} lights nothing`);
      for (const id of step.edgeIds) assert.ok(edge(id), id);
    }
  });

  it('follows the manifest: storage, controllers, scheduler binding, kubelet + CRI on a worker, status back', () => {
    const kinds = steps.map((step) => [...new Set(step.edgeIds.map((id) => `${edge(id).kind}:${edge(id).fromComponent}`))].sort());
    assert.deepEqual(kinds[0], ['request:client', 'storage:kube-apiserver']);
    assert.deepEqual(kinds[2], ['write-back:kube-controller-manager']);
    assert.deepEqual(kinds[3], ['watch:kube-scheduler', 'write-back:kube-scheduler']);
    assert.deepEqual(kinds[4], ['cri:kubelet', 'runs:container-runtime', 'watch:kubelet']);
    assert.deepEqual(kinds[5], ['write-back:kubelet']);
    assert.ok(steps[4]!.edgeIds.every((id) => edge(id).node === 'multi-node-worker'));
    assert.match(steps[4]!.text, /The kubelet of multi-node-worker sees the Pod/);
  });

  it('runs the kubelet steps on the node a live trace names, when it is drawn', () => {
    const onWorker2 = walkthroughSteps(scene, undefined, { node: 'multi-node-worker2' });
    assert.ok(onWorker2[4]!.edgeIds.every((id) => edge(id).node === 'multi-node-worker2'));
    assert.ok(onWorker2[5]!.boxIds.includes('node:multi-node-worker2:kubelet'));
    const unknown = walkthroughSteps(scene, undefined, { node: 'not-drawn' });
    assert.deepEqual(unknown[4]!.edgeIds, steps[4]!.edgeIds, 'a node not drawn falls back to the first Ready worker');
  });

  it("lights in step 5 the node's kubelet, runtime and the Deployment's Pod there, not every Pod on the node", () => {
    const step = steps[4]!;
    const runs = step.edgeIds.filter((id) => edge(id).kind === 'runs').map((id) => edge(id).to);
    assert.deepEqual(runs, ['node:multi-node-worker:pod:kube-system/coredns-5d78c9869d-abcde']);
    assert.deepEqual(step.boxIds, [
      'node:multi-node-worker:kubelet',
      'node:multi-node-worker:container-runtime',
      'node:multi-node-worker:pod:kube-system/coredns-5d78c9869d-abcde',
    ]);
    assert.ok(
      !step.edgeIds.some((id) => edge(id).kind === 'watch' && edge(id).fromComponent !== 'kubelet'),
      "the Pods' own watches are not the kubelet's",
    );
  });
});
