import * as assert from 'node:assert/strict';
import {
  microTime,
  mirrorPodManifest,
  nodeStatus,
  PodAddresses,
  podIsDone,
  runningPodStatus,
  slimPod,
  SpreadSchedule,
  WorkQueue,
} from '../support/nodeAgent';
import { cidrContains } from '../support/shapes/objects';
import { shapes } from '../support/shapes';

/** The node agent's parts that need no server: the clock, the queue, the statuses it writes. */

const kind = shapes.kind();
const controlPlane = kind.nodes[0]!;
const worker = kind.nodes[1]!;

function pod(spec: Record<string, unknown>, status: Record<string, unknown> = {}) {
  return {
    metadata: { uid: 'u-1', name: 'p', namespace: 'kube-system' },
    spec: { nodeName: worker.name, containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.10' }], ...spec },
    status,
  };
}

describe('node agent parts', () => {
  it('spreads 5,000 nodes evenly over the renewal period: about 500 renewals a second at 10 s, none twice', () => {
    const schedule = new SpreadSchedule(10_000);
    for (let index = 0; index < 5000; index++) schedule.start(`node-${index}`, 0, ((index + 1) * 10_000) / 5000);
    const perSecond: number[] = [];
    const seen = new Set<string>();
    for (let second = 1; second <= 10; second++) {
      const due = schedule.take(second * 1000);
      for (const node of due) assert.ok(!seen.has(node), `${node} renewed twice in one period`);
      due.forEach((node) => seen.add(node));
      perSecond.push(due.length);
    }
    assert.equal(seen.size, 5000);
    assert.deepEqual(perSecond, Array(10).fill(500));
    // A tick that comes late catches up once, without a burst of missed periods, and each node keeps its phase.
    assert.equal(schedule.take(35_000).length, 5000);
    assert.equal(schedule.take(35_000).length, 0);
    assert.equal(schedule.take(35_500).length, 250);
  });

  it('a stopped node is no longer due', () => {
    const schedule = new SpreadSchedule(1000);
    schedule.start('a', 0, 10);
    schedule.start('b', 0, 10);
    schedule.stop('a');
    assert.deepEqual(schedule.take(20), ['b']);
  });

  it('work queue: bounded concurrency, one run per queued key, a re-added running key runs again after', async () => {
    const errors: string[] = [];
    const queue = new WorkQueue(2, (key) => errors.push(key));
    let active = 0;
    let most = 0;
    const runs: string[] = [];
    const gates: (() => void)[] = [];
    const job = (key: string) => async () => {
      active++;
      most = Math.max(most, active);
      runs.push(key);
      await new Promise<void>((resolve) => gates.push(resolve));
      active--;
    };
    for (const key of ['a', 'b', 'c', 'c', 'd']) queue.add(key, job(key));
    assert.equal(runs.length, 2);
    queue.add('a', job('a')); // running: runs again once it ends
    while (!queue.idle) {
      gates.splice(0).forEach((open) => open());
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(most, 2);
    assert.deepEqual(runs.sort(), ['a', 'a', 'b', 'c', 'd']);
    queue.add('boom', async () => {
      throw new Error('no');
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(errors, ['boom']);
  });

  it('hands out distinct Pod IPs inside the node podCIDR, skipping the bridge address, and keeps a Pod its IP', () => {
    const addresses = new PodAddresses();
    const ips = Array.from({ length: 200 }, (_, index) => addresses.take(`uid-${index}`, '10.244.1.0/24'));
    assert.equal(new Set(ips).size, 200);
    for (const ip of ips) assert.ok(cidrContains('10.244.1.0/24', ip) && ip !== '10.244.1.0' && ip !== '10.244.1.1', ip);
    assert.equal(addresses.take('uid-7', '10.244.1.0/24'), ips[7]);
  });

  it('a long-running Pod becomes Running and Ready, its finished init containers ready, PodScheduled kept', () => {
    const scheduled = { type: 'PodScheduled', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' };
    const slim = slimPod(pod({ initContainers: [{ name: 'init', image: 'busybox:1' }] }, { phase: 'Pending', conditions: [scheduled] }));
    const status = runningPodStatus(slim, worker, '10.244.1.5', Date.parse('2026-01-01T00:00:05Z'));
    assert.equal(status.phase, 'Running');
    assert.deepEqual(
      status.conditions.map((c: { type: string; status: string }) => `${c.type}=${c.status}`),
      ['Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True'],
    );
    assert.equal(status.conditions[3], scheduled);
    assert.equal(status.initContainerStatuses[0].ready, true);
    assert.equal(status.initContainerStatuses[0].state.terminated.reason, 'Completed');
    assert.match(status.containerStatuses[0].containerID, /^containerd:\/\/[0-9a-f]{64}$/);
    assert.equal(status.containerStatuses[0].started, true);
    assert.equal(status.hostIP, worker.internalIP);
    assert.ok(podIsDone({ spec: { containers: [{}] }, status }));
    assert.ok(!podIsDone({ spec: { containers: [{}] }, status: { phase: 'Pending' } }));
  });

  it("a Job's Pod runs to completion; a Docker node's containers carry docker:// IDs", () => {
    const old = shapes['old-master']().nodes.find((node) => node.info.kubeletVersion === 'v1.20.2')!;
    const status = runningPodStatus(slimPod(pod({ restartPolicy: 'OnFailure' })), old, '10.217.2.4', Date.now());
    assert.equal(status.phase, 'Succeeded');
    assert.equal(status.containerStatuses[0].state.terminated.exitCode, 0);
    assert.match(status.containerStatuses[0].containerID, /^docker:\/\//);
    assert.match(status.containerStatuses[0].imageID, /^docker-pullable:\/\//);
    assert.ok(podIsDone({ spec: { containers: [{}] }, status }));
  });

  it('mirror Pods: <manifest>-<node>, the mirror annotations, owned by the Node, host network, node-critical', () => {
    const manifest = mirrorPodManifest(controlPlane, 'node-uid', controlPlane.staticPods[1]!, Date.parse('2026-01-01T00:00:00.123Z'));
    assert.equal(manifest.metadata.name, 'kube-apiserver-multi-node-control-plane');
    const annotations = manifest.metadata.annotations;
    assert.equal(annotations['kubernetes.io/config.source'], 'file');
    assert.match(annotations['kubernetes.io/config.hash'], /^[0-9a-f]{32}$/);
    assert.equal(annotations['kubernetes.io/config.mirror'], annotations['kubernetes.io/config.hash']);
    assert.equal(annotations['kubernetes.io/config.seen'], '2026-01-01T00:00:00.123000000Z');
    assert.deepEqual(manifest.metadata.labels, { component: 'kube-apiserver', tier: 'control-plane' });
    assert.deepEqual(manifest.metadata.ownerReferences, [
      { apiVersion: 'v1', kind: 'Node', name: controlPlane.name, uid: 'node-uid', controller: true },
    ]);
    assert.equal(manifest.spec.nodeName, controlPlane.name);
    assert.equal(manifest.spec.hostNetwork, true);
    assert.equal(manifest.spec.priorityClassName, 'system-node-critical');
  });

  it('node status: the conditions, nodeInfo, addresses and endpoints kubelet reports', () => {
    const times = {
      registeredAt: Date.parse('2026-01-01T00:00:00Z'),
      readySince: Date.parse('2026-01-01T00:00:20Z'),
      now: Date.parse('2026-01-01T00:05:00Z'),
    };
    const status = nodeStatus(worker, times);
    assert.deepEqual(
      status.conditions.map((c: { type: string; status: string }) => `${c.type}=${c.status}`),
      ['MemoryPressure=False', 'DiskPressure=False', 'PIDPressure=False', 'Ready=True'],
    );
    const ready = status.conditions[3];
    assert.equal(ready.lastHeartbeatTime, '2026-01-01T00:05:00Z');
    assert.equal(ready.lastTransitionTime, '2026-01-01T00:00:20Z');
    assert.equal(status.nodeInfo.containerRuntimeVersion, worker.info.containerRuntimeVersion);
    assert.equal(status.nodeInfo.kubeletVersion, worker.info.kubeletVersion);
    assert.deepEqual(status.addresses, [
      { type: 'InternalIP', address: worker.internalIP },
      { type: 'Hostname', address: worker.name },
    ]);
    assert.deepEqual(status.daemonEndpoints, { kubeletEndpoint: { Port: 10250 } });
    const gke = shapes['hosted-gke']().nodes[0]!;
    assert.equal(nodeStatus(gke, times).conditions[0].type, 'NetworkUnavailable');
  });

  it('renewTime is a MicroTime with six fractional digits', () => {
    assert.equal(microTime(Date.parse('2026-01-01T00:00:00.5Z')), '2026-01-01T00:00:00.500000Z');
  });
});
