import * as assert from 'node:assert/strict';
import { schedulingPodOf } from '../../../../src/core/placement/objects';
import type { ClusterWorkspace } from '../../../../src/core/workspace/clusterWorkspace';
import { demoRequest, type RunningDemo, demoWorkspace, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

describe('placement in the workspace: a watch of the bound Pods, started on demand', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let workspace: ClusterWorkspace;

  beforeEach(async () => {
    demo = await startDemo({ timeScale: 20 });
    workspace = demoWorkspace(demo, { placement: { idleMs: 300 } });
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
  });

  afterEach(async () => {
    workspace.dispose();
    await demo.stop();
  });

  it('watches nothing until asked, answers from the watch, and stops when nobody asks any more', async () => {
    assert.equal(workspace.placement.running, false, 'the anatomy alone does not watch all Pods');
    const coredns = workspace.live
      .current!.nodes.flatMap((node) => node.components)
      .find((component) => component.component === 'coredns')!;
    const answer = await workspace.placement.explainPod('kube-system', coredns.pod);
    assert.ok(answer);
    assert.equal(workspace.placement.running, true);
    assert.equal(answer.report.state, 'bound');
    const watch = await workspace.placement.ready();
    assert.equal(watch!.boundPodCount, 15, "the demo's 15 bound Pods, all namespaces");
    await until('the idle watch to stop', () => !workspace.placement.running, 5_000);
  });

  it('keeps the index current from the watch: a Pod that appears is counted on its node', async () => {
    workspace.placement.hold('test', true);
    const watch = (await workspace.placement.ready())!;
    const before = watch.boundPodCount;
    const greedy = schedulingPodOf({
      metadata: { name: 'greedy', namespace: 'default' },
      spec: { containers: [{ name: 'c', resources: { requests: { cpu: '7900m' } } }] },
    });
    const first = await workspace.placement.explainNew(greedy);
    const fits = first!.report.feasible;
    // Scale coredns up: its new Pods land on nodes and take their requests there.
    const scaled = await demoRequest(demo.cluster, '/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
      method: 'PATCH',
      body: JSON.stringify({ spec: { replicas: 6 } }),
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    assert.equal(scaled.status, 200, scaled.text);
    await until('the new Pods in the index', () => watch.boundPodCount === before + 4, 10_000);
    const after = await workspace.placement.explainNew(greedy);
    assert.ok(
      after!.report.feasible.length < fits.length,
      `7.9 CPUs fit fewer nodes once coredns runs more Pods: ${fits.join(', ')} then ${after!.report.feasible.join(', ')}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(workspace.placement.running, true, 'a view holding it keeps the watch past the idle time');
  });

  it('answers a waiting Pod with what would make it fit, each edit of the workload that makes the Pod', async () => {
    const patch = await demoRequest(demo.cluster, '/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
      method: 'PATCH',
      body: JSON.stringify({ spec: { template: { spec: { nodeSelector: { disktype: 'ssd' } } } } }),
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
    });
    assert.equal(patch.status, 200, patch.text);
    const waiting = await until('a Pending coredns Pod', async () => {
      const pods = (await demoRequest(demo.cluster, '/api/v1/namespaces/kube-system/pods')).json().items as {
        metadata: { name: string };
        spec: { nodeName?: string; nodeSelector?: Record<string, string> };
      }[];
      return pods.find((pod) => pod.spec.nodeSelector?.disktype === 'ssd' && !pod.spec.nodeName)?.metadata.name;
    });
    const answer = (await workspace.placement.explainPod('kube-system', waiting))!;
    assert.deepEqual(answer.report.feasible, []);
    const index = answer.suggestions!.suggestions.findIndex((suggestion) => suggestion.changes[0]!.kind === 'dropNodeSelector');
    assert.ok(index >= 0, JSON.stringify(answer.suggestions));
    assert.equal(answer.suggestions!.suggestions[index]!.fits.length, answer.report.nodes.length);
    assert.equal(answer.suggestedEdits?.editOf, 'Deployment coredns');
    assert.deepEqual(answer.suggestedEdits?.edits[index], [
      { op: 'remove', path: ['spec', 'template', 'spec', 'nodeSelector', 'disktype'] },
    ]);
  });
});
