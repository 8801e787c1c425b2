// The live trace on the demo cluster over real HTTPS, driven by real kubectl: the same story and the same
// checks as on the real control plane (test/real/trace), so the demo tells the same sequence; and the
// `cluster-anatomy trace` command, once and following.
import * as assert from 'node:assert/strict';
import { traceCommand } from '../../../../src/cli/traceCommand';
import { renderTraceText } from '../../../../src/core/trace/render';
import type { Trace, TraceStep } from '../../../../src/core/trace/timeline';
import { kubectlOrSkip, type RunningDemo, startDemo, runOnDemo } from '../../../support/demo';
import { kubectlAsync, runTraceScenario, type ScenarioResult, scenarioChecks } from '../../../support/traceScenario';

const trace = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, traceCommand, ...args);

describe('the live trace on the demo cluster', function () {
  this.timeout(180_000);
  let demo: RunningDemo;

  before(async function () {
    kubectlOrSkip(this);
    demo = await startDemo({ timeScale: 20 });
  });
  after(async () => {
    await demo?.stop();
  });

  describe('the story told with kubectl: apply, scale, roll out, delete a Pod', () => {
    let result: ScenarioResult;
    before(async () => {
      result = await runTraceScenario(demo, { image: 'nginx:1.27' });
      if (process.env.TRACE_PRINT)
        process.stdout.write(renderTraceText(result.trace, { evidence: process.env.TRACE_PRINT === 'evidence' }));
    });
    for (const { name, check } of scenarioChecks({ kubeletEvents: true })) it(name, () => check(result));

    it("the demo records the components as the real ones do: managers on what each wrote, and kubectl's own for its writes", () => {
      const deployment = [...result.managers.entries()].find(([key]) => key.startsWith('deployments/'))![1];
      assert.ok(
        deployment.some((entry) => entry.manager === 'kubectl-client-side-apply'),
        JSON.stringify(deployment),
      );
      assert.ok(
        deployment.some((entry) => entry.manager === 'kubectl-rollout'),
        JSON.stringify(deployment),
      );
      const pods = [...result.managers.entries()].filter(([key]) => key.startsWith('pods/'));
      assert.ok(pods.length > 0);
      for (const [key, managers] of pods) {
        assert.ok(
          managers.some((entry) => entry.manager === 'kubelet' && entry.subresource === 'status'),
          `${key}: ${JSON.stringify(managers)}`,
        );
      }
    });
  });

  it("`trace deploy/coredns -n kube-system`: the timeline of the cluster's DNS, and --json the same steps", async () => {
    const text = await trace(demo, 'deploy/coredns', '-n', 'kube-system', '--evidence');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Trace of Deployment kube-system\/coredns\nPods: 2 of 2 · scheduled 2 · running 2 · Ready 2\n/);
    assert.match(text.stdout, /kube-controller-manager \(replicaset-controller\) +Pod coredns-\S+ created by replicaset-controller/);
    assert.match(text.stdout, /kube-scheduler \(default-scheduler\) +Pod coredns-\S+ bound to node multi-node-/);
    assert.match(text.stdout, /↳ event: Event Started from kubelet on multi-node-/);
    const json = await trace(demo, 'deployments.apps/coredns', '-n', 'kube-system', '--json');
    const parsed = JSON.parse(json.stdout) as Omit<Trace, 'steps'> & { steps: (TraceStep & { text: string })[] };
    assert.equal(parsed.root?.name, 'coredns');
    assert.deepEqual(parsed.steps.map((step) => step.kind).slice(0, 2), ['stored', 'replicaset-created']);
    assert.ok(parsed.steps.every((step) => typeof step.text === 'string' && step.text.length > 0));
  });

  it('`trace --follow` prints each step as it happens: a scale of coredns, as the cluster records it', async () => {
    const following = trace(demo, 'deploy/coredns', '-n', 'kube-system', '--follow', '--for', '8', '--json');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await kubectlAsync(demo, ['scale', '-n', 'kube-system', 'deploy/coredns', '--replicas=3']);
    const { code, stdout } = await following;
    assert.equal(code, 0);
    const steps = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TraceStep & { text: string });
    const scaledAt = steps.findIndex((step) => step.kind === 'replicaset-scaled' && step.replicas?.to === 3);
    assert.ok(scaledAt !== -1, stdout);
    const after: string[] = steps.slice(scaledAt).map((step) => step.kind);
    for (const kind of ['pod-created', 'scheduled', 'container-started', 'ready'])
      assert.ok(after.includes(kind), `${kind} after the scale: ${after.join(', ')}`);
    assert.ok(
      steps.slice(scaledAt).every((step) => step.seenAt !== null),
      'followed steps carry when they were seen',
    );
  });

  it('a clear error for what cannot be traced', async () => {
    const wrongKind = await trace(demo, 'cm/kube-proxy', '-n', 'kube-system');
    assert.equal(wrongKind.code, 2);
    assert.match(wrongKind.stderr, /cannot trace 'cm'/);
    const missing = await trace(demo, 'deploy/nothing-here');
    assert.equal(missing.code, 0);
    assert.match(missing.stdout, /Deployment default\/nothing-here does not exist \(yet\)/);
    const forbidden = await trace(demo, 'deploy/web', '--for', '3');
    assert.equal(forbidden.code, 2);
    assert.match(forbidden.stderr, /--for goes with --follow/);
  });
});
