import * as assert from 'node:assert/strict';
import { checkHandsOn, type HandsOnReport, type HandsOnStepId } from '../../../../src/core/handsOn/checks';
import { LeaseProgress } from '../../../../src/core/handsOn/leaseProgress';
import { HandsOnRuns, type StepProgress } from '../../../../src/core/handsOn/progress';
import { ExperimentUndos } from '../../../../src/core/handsOn/undo';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';
import { kindAnatomy } from '../../../fixtures/anatomy/builders';

const NOW = Date.parse('2026-12-02T12:00:00Z');

/** The checks on an anatomy whose Leases have each been seen to renew once. */
function report(anatomy: ClusterAnatomy): HandsOnReport {
  const leases = new LeaseProgress(() => NOW);
  for (const n of anatomy.nodes) {
    if (!n.lease) continue;
    leases.observe(n.name, n.lease);
    leases.observe(n.name, { ...n.lease, renewTime: new Date(Date.parse(n.lease.renewTime) + 10_000).toISOString() });
  }
  const labels = new Map<string, Record<string, string>>();
  for (const pod of anatomy.nodes.flatMap((n) => n.components))
    labels.set(pod.pod, Object.fromEntries(pod.evidence.filter((e) => e.kind === 'label').map((e) => [e.key, e.value ?? ''])));
  return checkHandsOn({ anatomy, podLabels: (_namespace, name) => labels.get(name), leases }, NOW);
}

/** The kind cluster with one worker's heartbeat stopped: not Ready. */
function workerNotReady(): ClusterAnatomy {
  const anatomy = kindAnatomy();
  return { ...anatomy, nodes: anatomy.nodes.map((n) => (n.name === 'multi-node-worker2' ? { ...n, ready: 'Unknown' } : n)) };
}

function stateOf(progress: readonly StepProgress[], id: HandsOnStepId) {
  return progress.find((step) => step.id === id)!;
}

describe("the learner's progress through the hands-on", () => {
  it('ticks no step on a healthy cluster before the learner has run anything', () => {
    const anatomy = kindAnatomy();
    const healthy = report(anatomy);
    assert.equal(healthy.allDone, true, 'every check holds');
    const progress = new HandsOnRuns().update(healthy, anatomy);
    assert.deepEqual(
      progress.map((step) => step.state),
      ['not-run', 'not-run', 'not-run', 'not-run', 'not-run', 'not-run'],
    );
  });

  it('ticks a step once all its commands have run and its check holds', () => {
    const anatomy = kindAnatomy();
    const runs = new HandsOnRuns();
    assert.deepEqual(runs.recordLine('kubectl get nodes', anatomy), ['nodes']);
    const half = stateOf(runs.update(report(anatomy), anatomy), 'nodes');
    assert.deepEqual([half.state, half.ran, half.of], ['not-run', 1, 2]);
    runs.recordLine('kubectl get no -l node-role.kubernetes.io/control-plane --context kind-multi-node', anatomy);
    assert.equal(stateOf(runs.update(report(anatomy), anatomy), 'nodes').state, 'holds');
    assert.equal(stateOf(runs.update(report(anatomy), anatomy), 'kubeSystemPods').state, 'not-run');
  });

  it("counts a step's button, and not a command that failed", () => {
    const anatomy = kindAnatomy();
    const runs = new HandsOnRuns();
    assert.deepEqual(runs.recordLine('kubectl get pods -n kube-system -o wide', anatomy, 1), []);
    assert.equal(stateOf(runs.update(report(anatomy), anatomy), 'kubeSystemPods').state, 'not-run');
    runs.recordStep('kubeSystemPods', anatomy);
    assert.equal(stateOf(runs.update(report(anatomy), anatomy), 'kubeSystemPods').state, 'holds');
  });

  it('says a step run on a cluster that is not as the article says does not hold, and why', () => {
    const anatomy = workerNotReady();
    const runs = new HandsOnRuns();
    runs.recordStep('nodes', anatomy);
    const nodes = stateOf(runs.update(report(anatomy), anatomy), 'nodes');
    assert.equal(nodes.state, 'does-not-hold');
    assert.deepEqual(
      nodes.why.map((finding) => [finding.code, finding.names]),
      [['nodesReady', ['multi-node-worker2']]],
    );
  });

  it('says a ticked step that stops holding no longer holds, and why, and holds again when the cluster does', () => {
    const healthy = kindAnatomy();
    const runs = new HandsOnRuns();
    runs.recordStep('nodes', healthy);
    runs.recordStep('workloads', healthy);
    assert.equal(stateOf(runs.update(report(healthy), healthy), 'nodes').state, 'holds');
    const broken = workerNotReady();
    const after = runs.update(report(broken), broken);
    assert.equal(stateOf(after, 'nodes').state, 'no-longer-holds');
    assert.deepEqual(
      stateOf(after, 'nodes').why.map((finding) => finding.names),
      [['multi-node-worker2']],
    );
    assert.equal(stateOf(after, 'leases').state, 'not-run', 'a step never run stays not run');
    assert.equal(stateOf(runs.update(report(healthy), healthy), 'nodes').state, 'holds');
  });

  it('keeps what was run and ticked between windows', () => {
    const anatomy = kindAnatomy();
    const runs = new HandsOnRuns();
    runs.recordStep('nodes', anatomy);
    runs.update(report(anatomy), anatomy);
    const restored = new HandsOnRuns(JSON.parse(JSON.stringify(runs.state)));
    const broken = workerNotReady();
    assert.equal(stateOf(restored.update(report(broken), broken), 'nodes').state, 'no-longer-holds');
    assert.deepEqual(new HandsOnRuns({ ran: ['bogus:0', 'nodes:0'], ticked: ['bogus'] }).state, { ran: ['nodes:0'], ticked: [] });
  });

  it('is checking while the report is not in yet', () => {
    const anatomy = kindAnatomy();
    const runs = new HandsOnRuns();
    runs.recordStep('leases', anatomy);
    assert.equal(stateOf(runs.update(undefined, anatomy), 'leases').state, 'checking');
  });
});

describe('what an experiment left changed, and its undo', () => {
  const anatomy = kindAnatomy();
  const coredns = anatomy.addons.find((addon) => addon.kind === 'Deployment' && addon.component === 'coredns')!;

  it('a stopped heartbeat is to resume until it is; on its own context only', () => {
    const undos = new ExperimentUndos();
    undos.record({ id: 'stopHeartbeat', subject: 'multi-node-worker2', node: 'multi-node-worker2' }, anatomy.context);
    assert.deepEqual(
      undos.pending(anatomy).map((undo) => [undo.id, undo.subject]),
      [['resumeHeartbeat', 'multi-node-worker2']],
    );
    assert.deepEqual(undos.pending({ ...anatomy, context: 'kind-other' }), []);
    undos.done({ id: 'resumeHeartbeat', context: anatomy.context, subject: 'multi-node-worker2' });
    assert.deepEqual(undos.pending(anatomy), []);
  });

  it('a scaled CoreDNS is to scale back to where the first scale started, until the cluster is back there', () => {
    const undos = new ExperimentUndos();
    const scaled = (desired: number): ClusterAnatomy => ({
      ...anatomy,
      addons: anatomy.addons.map((addon) => (addon === coredns ? { ...addon, desired } : addon)),
    });
    undos.record({ id: 'scaleCoreDns', subject: coredns.name, replicas: { from: 2, to: 3 } }, anatomy.context);
    // Recorded as the scale is sent: the cluster still at 2 has not taken it yet.
    assert.deepEqual(
      undos.pending(scaled(2)).map((undo) => [undo.id, undo.replicas]),
      [['scaleCoreDnsBack', 2]],
    );
    undos.record({ id: 'scaleCoreDns', subject: coredns.name, replicas: { from: 3, to: 4 } }, anatomy.context);
    assert.deepEqual(
      undos.pending(scaled(4)).map((undo) => [undo.id, undo.replicas]),
      [['scaleCoreDnsBack', 2]],
    );
    // Scaled back by hand (kubectl scale): nothing left to undo.
    assert.deepEqual(undos.pending(scaled(2)), []);
    assert.deepEqual(undos.pending(scaled(3)), []);
  });

  it('nothing to undo after deleting a Pod: the cluster puts it back', () => {
    const undos = new ExperimentUndos();
    undos.record(
      { id: 'deleteMirrorPod', subject: 'kube-scheduler-multi-node-control-plane', node: 'multi-node-control-plane' },
      anatomy.context,
    );
    undos.record({ id: 'deleteCoreDnsPod', subject: 'coredns-5d78c9869d-abcde', node: 'multi-node-worker' }, anatomy.context);
    assert.deepEqual(undos.pending(anatomy), []);
  });

  it('forgets what was done to a cluster that is gone', () => {
    const undos = new ExperimentUndos();
    undos.record({ id: 'stopHeartbeat', subject: 'multi-node-worker2', node: 'multi-node-worker2' }, anatomy.context);
    undos.forget(anatomy.context);
    assert.deepEqual(undos.pending(anatomy), []);
  });
});
