import * as assert from 'node:assert/strict';
import { demoRequest, startDemo, type RunningDemo } from '../../support/demo';

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, attempts = 200): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < attempts && !accept(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  assert.ok(accept(value), `${what}: ${JSON.stringify(value).slice(0, 400)}`);
  return value;
}

describe('demo cluster scenarios', function () {
  describe('a node stops its heartbeat (time scale 200: grace 0.25 s, eviction 1.5 s)', () => {
    let demo: RunningDemo;
    const get = async (path: string) => (await demoRequest(demo.cluster, path)).json();
    const readyOf = (node: { status: { conditions: { type: string; status: string }[] } }) =>
      node.status.conditions.find((condition) => condition.type === 'Ready')!.status;

    before(async () => {
      demo = await startDemo({ timeScale: 200 });
    });
    after(async () => {
      await demo?.stop();
    });

    it('the Lease stops, Ready turns Unknown, the node is tainted unreachable and its Pods turn not ready', async () => {
      const worker = 'multi-node-worker';
      demo.cluster.control.stopHeartbeat(worker);
      const node = await eventually(
        () => get(`/api/v1/nodes/${worker}`),
        (value) => readyOf(value) === 'Unknown',
        'Ready Unknown',
      );
      assert.deepEqual(
        node.spec.taints.map((taint: { key: string; effect: string }) => `${taint.key}:${taint.effect}`),
        ['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute'],
      );
      assert.equal(
        node.status.conditions.find((condition: { type: string }) => condition.type === 'Ready').message,
        'Kubelet stopped posting node status.',
      );
      const lease = await get(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${worker}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(
        (await get(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${worker}`)).spec.renewTime,
        lease.spec.renewTime,
      );
      const events = await get(
        `/api/v1/namespaces/default/events?fieldSelector=${encodeURIComponent(`involvedObject.name=${worker},reason=NodeNotReady`)}`,
      );
      assert.equal(events.items.length, 1);
      const pods = await get(`/api/v1/pods?fieldSelector=spec.nodeName%3D${worker}`);
      assert.ok(
        pods.items.every(
          (pod: { status: { conditions: { type: string; status: string }[] } }) =>
            pod.status.conditions.find((condition) => condition.type === 'Ready')!.status === 'False',
        ),
      );
    });

    it('after the toleration period, coredns is evicted and replaced on a Ready node; DaemonSet Pods stay', async () => {
      const worker = 'multi-node-worker';
      const evicted = await eventually(
        () => get(`/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-dns&fieldSelector=spec.nodeName%3D${worker}`),
        (list) => list.items.length === 1 && Boolean(list.items[0].metadata.deletionTimestamp),
        'coredns on the silent node marked for deletion',
      );
      const name = evicted.items[0].metadata.name;
      const eviction = await get(
        `/api/v1/namespaces/kube-system/events?fieldSelector=${encodeURIComponent(`involvedObject.name=${name},reason=TaintManagerEviction`)}`,
      );
      assert.equal(eviction.items[0].message, `Marking for deletion Pod kube-system/${name}`);
      const running = await eventually(
        () => get('/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-dns'),
        (list) =>
          list.items.filter(
            (pod: { metadata: { deletionTimestamp?: string }; status: { phase: string } }) =>
              !pod.metadata.deletionTimestamp && pod.status.phase === 'Running',
          ).length === 2,
        'two running coredns Pods',
      );
      const nodes = running.items
        .filter((pod: { metadata: { deletionTimestamp?: string } }) => !pod.metadata.deletionTimestamp)
        .map((pod: { spec: { nodeName: string } }) => pod.spec.nodeName);
      assert.ok(!nodes.includes(worker), 'the replacement avoids the unreachable node');
      const daemonPods = await get(
        `/api/v1/namespaces/kube-system/pods?fieldSelector=spec.nodeName%3D${worker}&labelSelector=${encodeURIComponent('k8s-app in (kube-proxy,kindnet)')}`,
      );
      assert.equal(daemonPods.items.length, 2);
      assert.ok(
        daemonPods.items.every((pod: { metadata: { deletionTimestamp?: string } }) => !pod.metadata.deletionTimestamp),
        'DaemonSet Pods tolerate unreachable forever',
      );
    });

    it('a live kubelet also posts its Node status every 5 (simulated) minutes', async () => {
      const before = await get('/api/v1/nodes/multi-node-worker2');
      const heartbeat = (node: { status: { conditions: { type: string; lastHeartbeatTime: string }[] } }) =>
        node.status.conditions.find((condition) => condition.type === 'Ready')!.lastHeartbeatTime;
      // At time scale 200 a Lease renews every 50 ms and the status follows every 30th renewal (1.5 s).
      const after = await eventually(
        () => get('/api/v1/nodes/multi-node-worker2'),
        (node) => heartbeat(node) !== heartbeat(before),
        'a newer lastHeartbeatTime',
        160,
      );
      assert.equal(readyOf(after), 'True');
    });

    it('when the heartbeat resumes, the node is Ready again, untainted, and the terminating Pod is gone', async () => {
      const worker = 'multi-node-worker';
      demo.cluster.control.resumeHeartbeat(worker);
      const node = await eventually(
        () => get(`/api/v1/nodes/${worker}`),
        (value) => readyOf(value) === 'True',
        'Ready True',
      );
      assert.equal(node.spec.taints, undefined);
      const left = await get(
        `/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-dns&fieldSelector=spec.nodeName%3D${worker}`,
      );
      assert.equal(left.items.length, 0);
      const lease = await get(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${worker}`);
      await eventually(
        () => get(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${worker}`),
        (value) => value.spec.renewTime !== lease.spec.renewTime,
        'renewals again',
      );
    });
  });

  describe('latency and generated clusters', () => {
    it('answers after the configured latency', async () => {
      const demo = await startDemo();
      try {
        demo.cluster.control.setLatency(300);
        const started = Date.now();
        const response = await demoRequest(demo.cluster, '/api/v1/namespaces');
        assert.equal(response.status, 200);
        assert.ok(Date.now() - started >= 290, 'the answer waited for the latency');
        demo.cluster.control.setLatency(0);
      } finally {
        await demo.stop();
      }
    });

    it('generates N nodes with a Lease, kube-proxy and kindnet each, and workload Pods per worker', async () => {
      const demo = await startDemo({ generate: { nodes: 20, podsPerNode: 3 } });
      try {
        const get = async (path: string) => (await demoRequest(demo.cluster, path)).json();
        const nodes = (await get('/api/v1/nodes')).items;
        assert.equal(nodes.length, 20);
        assert.equal(new Set(nodes.map((node: { spec: { podCIDR: string } }) => node.spec.podCIDR)).size, 20);
        assert.equal(
          new Set(nodes.map((node: { status: { addresses: { address: string }[] } }) => node.status.addresses[0]!.address)).size,
          20,
        );
        assert.equal((await get('/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases')).items.length, 20);
        assert.equal((await get('/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-proxy')).items.length, 20);
        assert.equal((await get('/api/v1/namespaces/kube-system/pods?labelSelector=app%3Dkindnet')).items.length, 20);
        const workload = (await get('/api/v1/namespaces/default/pods')).items;
        assert.equal(workload.length, 19 * 3);
        const perNode = new Map<string, number>();
        for (const pod of workload) perNode.set(pod.spec.nodeName, (perNode.get(pod.spec.nodeName) ?? 0) + 1);
        assert.ok([...perNode.values()].every((count) => count === 3));
        assert.ok(!perNode.has('multi-node-control-plane'));
      } finally {
        await demo.stop();
      }
    });

    it('stop() closes the server: new connections are refused', async () => {
      const demo = await startDemo();
      await demo.stop();
      await assert.rejects(demoRequest(demo.cluster, '/version'), /ECONNREFUSED/);
    });
  });
});
