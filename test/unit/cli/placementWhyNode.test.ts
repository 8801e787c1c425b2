import * as assert from 'node:assert/strict';
import { placementCommand } from '../../../src/cli/placementCommand';
import type { PlacementReport } from '../../../src/core/placement/place';
import { demoRequest, startDemo, type RunningDemo, runOnDemo } from '../../support/demo';
import { until } from '../../support/until';

const placement = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, placementCommand, ...args);

type Listed = { metadata: { name: string }; spec: { nodeName: string } };

describe('cluster-anatomy placement --pod: why a bound Pod is on its node, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let onWorker: string;
  let onControlPlane: string;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
    // The demo's two CoreDNS replicas: one on the control plane, one on the first worker.
    const pods = (await demoRequest(demo.cluster, '/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-dns')).json()
      .items as Listed[];
    onWorker = pods.find((pod) => pod.spec.nodeName === 'multi-node-worker')!.metadata.name;
    onControlPlane = pods.find((pod) => pod.spec.nodeName === 'multi-node-control-plane')!.metadata.name;
    // The team's app starts as the simulation runs, one replica on each worker: the room is compared once both are bound.
    await until('the app replicas bound', async () => {
      const app = (await demoRequest(demo.cluster, '/api/v1/namespaces/team/pods')).json().items as Listed[];
      return app.length === 2 && app.every((pod) => pod.spec.nodeName);
    });
  });
  after(async () => {
    await demo?.stop();
  });

  it('says where the other replica runs, the room per node, the preferred anti-affinity, and that scores cannot be read', async () => {
    const { code, stdout } = await placement(demo, '--pod', `kube-system/${onWorker}`);
    assert.equal(code, 0);
    assert.match(stdout, /\nWhy on multi-node-worker\?\n {2}The scheduler's scores are its own and cannot be read from outside it\./);
    assert.match(stdout, /The Pod was bound at \d{4}-\d\d-\d\dT[\d:]+Z\.\n/);
    assert.match(stdout, /\n {2}Other replicas of ReplicaSet coredns-[a-z0-9]+, per node \(spreading prefers the node with fewer\):\n/);
    assert.match(
      stdout,
      new RegExp(`\\n {4}multi-node-control-plane: 1 \\(${onControlPlane}\\)\\n {4}multi-node-worker \\(this node\\): none\\n`),
    );
    // The workers run the same, the control plane more: the workers share the first place.
    assert.match(stdout, /\n {4}1\. multi-node-worker \(this node\): \d+% of cpu and memory free \(cpu \d+m free of 8,/);
    assert.match(stdout, /\n {4}3\. multi-node-control-plane: /);
    assert.match(stdout, /By room left, this node is number 1 of 3, level with multi-node-worker2\.\n/);
    assert.match(
      stdout,
      /Pod anti-affinity, weight 100, per kubernetes\.io\/hostname: k8s-app In \(kube-dns\): satisfied on: multi-node-worker \(this node\), multi-node-worker2; not satisfied on: multi-node-control-plane\n/,
    );
    assert.doesNotMatch(stdout, /scores and tie-breaks/, 'the scores are spoken of once');
  });

  it('gives the same inputs in --json, and words them in Japanese with --lang ja', async () => {
    const { stdout } = await placement(demo, '--pod', `kube-system/${onWorker}`, '--json');
    const why = (JSON.parse(stdout) as PlacementReport).whyThisNode!;
    assert.equal(why.node, 'multi-node-worker');
    assert.equal(why.controller?.kind, 'ReplicaSet');
    assert.deepEqual(Object.fromEntries(why.nodes.map((entry) => [entry.node, [entry.replicas, entry.roomRank]])), {
      'multi-node-control-plane': [[onControlPlane], 3],
      'multi-node-worker': [[], 1],
      'multi-node-worker2': [[], 1],
    });
    const ja = await placement(demo, '--pod', `kube-system/${onWorker}`, '--lang', 'ja');
    assert.match(ja.stdout, /\nなぜ multi-node-worker に？\n {2}スコアはスケジューラーの中だけのもので、外からは読めません。/);
    assert.match(ja.stdout, /multi-node-worker（このノード）: なし\n/);
  });
});
