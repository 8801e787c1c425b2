// The hands-on on the demo cluster over real HTTPS: the checks tick as the Leases renew, each experiment does
// what it says beforehand, `cluster-anatomy check` agrees, and kubectl selects what the checks say it selects.
import * as assert from 'node:assert/strict';
import type { ClusterSession } from '../../../../src/core/anatomy/clusterSession';
import {
  planExperiment,
  runExperiment,
  scaleDeployment,
  type ExperimentHost,
  type ExperimentPlan,
} from '../../../../src/core/handsOn/experiments';
import { HandsOnMonitor } from '../../../../src/core/workspace/handsOnMonitor';
import { runCli } from '../../../../src/cli/run';
import { checkCommand } from '../../../../src/cli/checkCommand';
import { kubectlOrSkip, runKubectl, kubectlTable, type RunningDemo, startDemo } from '../../../support/demo';
import { startSession } from '../../../support/session';
import { until } from '../../../support/until';

describe('the hands-on on the demo cluster', function () {
  this.timeout(90_000);
  let demo: RunningDemo;
  let session: ClusterSession;
  let monitor: HandsOnMonitor;

  before(async () => {
    demo = await startDemo({ timeScale: 30, leaseRenewSeconds: 0.5 });
    session = await startSession(demo.kubeconfigPath, demo.env, { coalesceMs: 20 });
    monitor = new HandsOnMonitor(session, { throttleMs: 20 });
  });

  after(async () => {
    monitor.dispose();
    session.dispose();
    await demo.stop();
  });

  function host(): ExperimentHost {
    return {
      api: session.reader.api,
      current: () => session.current,
      onDidChange: session.onDidChange,
      podUid: (namespace, name) => session.podMeta(namespace, name)?.uid,
      demo: demo.cluster.control,
    };
  }

  function plan(id: Parameters<typeof planExperiment>[0]): ExperimentPlan {
    const planned = planExperiment(id, session.current!, { demo: true });
    assert.ok(!('unavailable' in planned), JSON.stringify(planned));
    return planned;
  }

  it("ticks every step once each node's Lease has been seen to renew", async () => {
    monitor.setActive('test', true);
    const first = monitor.current!;
    assert.equal(first.steps.find((step) => step.id === 'leases')!.outcome, 'waiting');
    const report = await until('every step to be done', () => (monitor.current?.allDone ? monitor.current : undefined), 20_000);
    assert.deepEqual(
      report.steps.map((step) => step.outcome),
      ['done', 'done', 'done', 'done', 'done', 'done'],
    );
  });

  it('selects with -l tier=control-plane exactly what kubectl selects', async function () {
    kubectlOrSkip(this);
    const tier = monitor
      .check()!
      .steps.find((step) => step.id === 'staticPods')!
      .findings.find((finding) => finding.code === 'tierSelects')!;
    const result = await runKubectl(demo, ['get', 'pods', '-n', 'kube-system', '-l', 'tier=control-plane']);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      [...tier.names!].sort(),
      kubectlTable(result.stdout)
        .map((row) => row.NAME!)
        .sort(),
    );
  });

  it('deleting a mirror Pod: kubelet publishes it again, a new object under the same name', async () => {
    const planned = plan('deleteMirrorPod');
    assert.equal(planned.subject, 'kube-scheduler-multi-node-control-plane');
    const result = await runExperiment(planned, host(), { timeoutMs: 30_000 });
    assert.equal(result.outcome, 'happened');
    assert.notEqual(result.seen!.uid!.before, result.seen!.uid!.after);
    assert.equal(session.podMeta('kube-system', planned.subject)?.uid, result.seen!.uid!.after);
  });

  it('deleting a CoreDNS Pod: the ReplicaSet controller replaces it and the scheduler places the new one', async () => {
    const planned = plan('deleteCoreDnsPod');
    const result = await runExperiment(planned, host(), { timeoutMs: 30_000 });
    assert.equal(result.outcome, 'happened');
    const [fresh] = result.seen!.pods!;
    assert.notEqual(fresh!.name, planned.subject);
    assert.match(fresh!.name, /^coredns-/);
    assert.ok(session.current!.nodes.some((node) => node.name === fresh!.node));
  });

  it('scaling CoreDNS: one more replica, placed by the scheduler; scaling back leaves the count as it was', async () => {
    const planned = plan('scaleCoreDns');
    assert.deepEqual(planned.replicas, { from: 2, to: 3 });
    const result = await runExperiment(planned, host(), { timeoutMs: 30_000 });
    assert.equal(result.outcome, 'happened');
    assert.equal(result.seen!.pods!.length, 1);
    await scaleDeployment(session.reader.api, 'coredns', 2);
    await until(
      'coredns back to 2',
      () => session.current!.addons.find((addon) => addon.name === 'coredns' && addon.kind === 'Deployment')?.desired === 2,
    );
  });

  it("stopping a kubelet's heartbeat: the node turns Unknown, and the Lease check fails for it", async () => {
    const planned = plan('stopHeartbeat');
    assert.equal(planned.subject, 'multi-node-worker2');
    const result = await runExperiment(planned, host(), { timeoutMs: 30_000 });
    assert.equal(result.outcome, 'happened');
    assert.equal(result.seen!.ready, 'Unknown');
    const nodes = monitor.check()!.steps.find((step) => step.id === 'nodes')!;
    assert.equal(nodes.outcome, 'fails');
    assert.deepEqual(nodes.findings[0]!.names, ['multi-node-worker2']);
    demo.cluster.control.resumeHeartbeat('multi-node-worker2');
  });

  it('is not offered where it cannot run: the heartbeat off the demo', () => {
    assert.deepEqual(planExperiment('stopHeartbeat', session.current!, { demo: false }), { unavailable: 'demo-only' });
  });

  it("`cluster-anatomy check` passes on the demo and prints each step's evidence as JSON", async () => {
    await until('the worker to be Ready again', () => session.current!.nodes.every((node) => node.ready === 'True'), 30_000);
    let stdout = '';
    const code = await runCli(
      ['check', '--kubeconfig', demo.kubeconfigPath, '--wait', '20', '--json'],
      { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => undefined }, env: demo.env },
      [checkCommand],
    );
    const report = JSON.parse(stdout) as {
      allDone: boolean;
      steps: { id: string; outcome: string; commands: string[]; findings: { text: string }[] }[];
    };
    assert.equal(code, 0, stdout);
    assert.equal(report.allDone, true);
    assert.ok(
      report.steps[2]!.commands.includes('kubectl get pods -n kube-system -l tier=control-plane -o wide --context kind-multi-node'),
    );
    assert.match(report.steps[5]!.findings[1]!.text, /^spec\.renewTime advanced on every node/);
  });
});
