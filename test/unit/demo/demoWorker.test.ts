import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { startDemoClusterInWorker, type WorkerDemoCluster } from '../../../src/demo/demoWorker';
import { demoRequest } from '../../support/demo';

/** The CLI entry, loaded as TypeScript in the worker (the extension runs the built dist/cli.js the same way). */
const script = { file: join(__dirname, '../../../src/cli/main.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };

describe('the demo cluster in a worker thread', () => {
  let demo: WorkerDemoCluster;

  before(async () => {
    demo = await startDemoClusterInWorker({ timeScale: 200, contextName: 'kind-worker-demo' }, script);
  });
  after(async () => {
    await demo?.stop();
  });

  it('serves the API from the worker', async () => {
    const nodes = (await demoRequest(demo, '/api/v1/nodes')).json();
    assert.deepEqual(
      nodes.items.map((node: { metadata: { name: string } }) => node.metadata.name),
      ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2'],
    );
    assert.match(demo.kubeconfigYaml(), /current-context: "kind-worker-demo"/);
  });

  it("hands over the restricted context's token: its kubeconfig has team-dev, whose user reads team and not kube-system", async () => {
    const yaml = demo.kubeconfigYaml();
    assert.match(yaml, /- context:\n {4}cluster: "kind-worker-demo"\n {4}namespace: "team"\n {4}user: "team-dev"\n {2}name: "team-dev"/);
    assert.ok(yaml.includes(`token: ${demo.restrictedToken}`));
    const token = demo.restrictedToken;
    assert.equal((await demoRequest(demo, '/api/v1/namespaces/team/pods', { token })).status, 200);
    assert.equal((await demoRequest(demo, '/api/v1/namespaces/kube-system/pods', { token })).status, 403);
  });

  it('answers DemoControl calls synchronously, and reports their errors', async () => {
    assert.deepEqual(demo.control.nodeNames(), ['multi-node-control-plane', 'multi-node-worker', 'multi-node-worker2']);
    assert.equal(typeof demo.control.resourceVersion(), 'number');
    assert.throws(() => demo.control.stopHeartbeat('no-such-node'), /no node named no-such-node/);
    demo.control.forbid('pods', 'kube-system');
    assert.equal((await demoRequest(demo, '/api/v1/namespaces/kube-system/pods')).status, 403);
    demo.control.allow('pods', 'kube-system');
    assert.equal((await demoRequest(demo, '/api/v1/namespaces/kube-system/pods')).status, 200);
  });

  it('passes the control plane scenarios through: failing checks, forbidden paths, leader changes', async () => {
    demo.control.failCheck('etcd');
    assert.equal((await demoRequest(demo, '/readyz')).status, 500);
    demo.control.failCheck(undefined);
    assert.equal((await demoRequest(demo, '/readyz')).text, 'ok');
    assert.throws(() => demo.control.failCheck('no-such-check'), /no health check named no-such-check/);
    demo.control.forbid('/livez');
    assert.equal((await demoRequest(demo, '/livez')).status, 403);
    demo.control.allow('/livez');
    const identity = demo.control.changeLeader('kube-scheduler');
    const scheduler = (await demoRequest(demo, '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler')).json();
    assert.deepEqual([scheduler.spec.holderIdentity, scheduler.spec.leaseTransitions], [identity, 1]);
    demo.control.stopLeaderRenewal('kube-controller-manager');
    demo.control.resumeLeaderRenewal('kube-controller-manager');
  });

  it('stops: the worker exits and later calls say so', async () => {
    await demo.stop();
    assert.equal(await demo.exited, undefined);
    assert.throws(() => demo.control.nodeNames(), /stopped/);
  });
});
