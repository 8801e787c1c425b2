import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../support/until';
import { type Etcd, startControlPlane, startEtcd } from '../support/controlPlane';
import { connectKubeApi, type Loose } from '../support/kubeApi';
import { mirrorPodName, startNodeAgent } from '../support/nodeAgent';
import { shapes, type ShapeName } from '../support/shapes';

/**
 * Every shape, one at a time, on its own real control plane (one etcd for all): it settles, its mirror Pods
 * are there, its workloads run where the real scheduler put them, and a dead kubelet turns its node Unknown.
 */

describe('node agent on a real control plane: every shape settles', function () {
  this.timeout(600_000);
  let dir: string;
  let etcd: Etcd;
  const settleTimes: string[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cluster-anatomy-shapes-'));
    etcd = await startEtcd({ dataDir: join(dir, 'etcd') });
  });

  after(async () => {
    console.log(`      settle times: ${settleTimes.join(', ')}`);
    await etcd?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const name of Object.keys(shapes) as ShapeName[]) {
    it(name, async () => {
      const shape = shapes[name]();
      const cluster = await startControlPlane({ name, etcd, serviceCidr: shape.serviceCidr, clusterCidr: shape.clusterCidr });
      const errors: string[] = [];
      const started = Date.now();
      const agent = await startNodeAgent({ kubeconfigPath: cluster.adminKubeconfigPath, shape, onError: (message) => errors.push(message) });
      const api = await connectKubeApi(cluster.adminKubeconfigPath);
      try {
        await shape.seed(cluster.adminKubeconfigPath);
        await agent.whenSettled(240_000);
        settleTimes.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);

        const nodes = (await api.call('GET', '/api/v1/nodes')).body.items as Loose[];
        const readyOf = (node: Loose) => (node.status.conditions as Loose[]).find((condition) => condition.type === 'Ready')?.status;
        assert.deepEqual(nodes.map((node) => node.metadata.name).sort(), shape.nodes.map((node) => node.name).sort());
        for (const node of nodes) {
          const spec = shape.nodes.find((candidate) => candidate.name === node.metadata.name)!;
          if (!spec.kubeletDead) assert.equal(readyOf(node), 'True', node.metadata.name);
          assert.equal(node.spec.providerID, spec.providerID);
          assert.equal(node.status.nodeInfo.containerRuntimeVersion, spec.info.containerRuntimeVersion);
        }

        const pods = (await api.call('GET', '/api/v1/namespaces/kube-system/pods')).body.items as Loose[];
        const mirrors = pods.filter((pod) => pod.metadata.annotations?.['kubernetes.io/config.mirror']).map((pod) => pod.metadata.name).sort();
        assert.deepEqual(mirrors, shape.nodes.flatMap((node) => node.staticPods.map((pod) => mirrorPodName(pod, node.name))).sort());
        const live = new Set(shape.nodes.filter((node) => !node.kubeletDead).map((node) => node.name));
        for (const pod of pods.filter((candidate) => live.has(candidate.spec.nodeName))) {
          assert.ok(['Running', 'Succeeded'].includes(pod.status.phase), `${pod.metadata.name} ${pod.status.phase}`);
        }
        assert.deepEqual(errors, []);

        for (const dead of shape.nodes.filter((node) => node.kubeletDead)) {
          await until(`${dead.name} Unknown`, async () => readyOf((await api.call('GET', `/api/v1/nodes/${dead.name}`)).body) === 'Unknown', 90_000, 1000);
        }
      } finally {
        api.close();
        await agent.stop();
        await cluster.stop();
      }
    });
  }
});
