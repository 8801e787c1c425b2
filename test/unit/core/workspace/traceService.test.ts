// The workspace's traces: one at a time, on the context's shared watches, ending with the context.
import * as assert from 'node:assert/strict';
import type { ClusterWorkspace } from '../../../../src/core/workspace/clusterWorkspace';
import { type RunningDemo, demoWorkspace, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

describe("the workspace's traces", function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let workspace: ClusterWorkspace;

  beforeEach(async () => {
    demo = await startDemo({ timeScale: 20 });
    workspace = demoWorkspace(demo, { trace: { throttleMs: 20 } });
  });

  afterEach(async () => {
    workspace.dispose();
    await demo.stop();
  });

  it('traces what the user may read while the Nodes are hidden, and replaces one trace with the next', async () => {
    demo.cluster.control.forbid('nodes');
    await workspace.live.start();
    await until('the context says it is limited', () => workspace.contextStatus.limited?.hidden.some((read) => read.id === 'nodes'));
    const first = workspace.traces.start({ kind: 'Deployment', namespace: 'kube-system', name: 'coredns' });
    assert.ok(first, 'a session exists: its watches serve the trace');
    await first.start();
    assert.equal(first.state, 'live');
    assert.ok(first.current.counts.pods >= 2);
    const stopped: unknown[] = [];
    workspace.traces.onDidStop((trace) => stopped.push(trace));
    const second = workspace.traces.start({ kind: 'DaemonSet', namespace: 'kube-system', name: 'kube-proxy' })!;
    assert.deepEqual(stopped, [first]);
    assert.equal(first.state, 'stopped');
    assert.equal(workspace.traces.current, second);
  });

  it("ends the wait for the next change, and the trace, when the context's session is replaced", async () => {
    await workspace.live.start();
    await until('connected', () => workspace.contextStatus.state === 'connected');
    const trace = workspace.traces.start({ kind: 'Deployment', namespace: 'kube-system', name: 'coredns' })!;
    await trace.start();
    const wait = workspace.traces.waitForNextChange()!;
    await wait.start();
    let ended = false;
    wait.onDidStopWaiting(() => (ended = true));
    const stopped: unknown[] = [];
    workspace.traces.onDidStop((stoppedTrace) => stopped.push(stoppedTrace));
    await workspace.live.restart();
    assert.equal(ended, true, 'whoever waits hears that the wait ended');
    assert.deepEqual(stopped, [trace]);
    assert.equal(trace.state, 'stopped');
    assert.ok(trace.current.steps.length > 0, 'its steps stay to read');
  });
});
