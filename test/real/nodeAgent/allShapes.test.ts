import * as assert from 'node:assert/strict';
import { until } from '../../support/until';
import { connectKubeApi, type Loose } from '../support/kubeApi';
import { mirrorPodName } from '../support/nodeAgent';
import { realCluster, shapeNames } from '../support/realClusters';

/**
 * Every shape on its own real control plane (the run's shared clusters): it settles, its mirror Pods are
 * there, its Pods run where the real scheduler put them, and a dead kubelet turns its node Unknown.
 */

describe('node agent on a real control plane: every shape settles', function () {
  this.timeout(600_000);

  for (const name of shapeNames) {
    it(name, async () => {
      const started = Date.now();
      const { shape, kubeconfigPath, agentErrors } = await realCluster(name);
      console.log(`      ${name} ready after ${((Date.now() - started) / 1000).toFixed(1)} s (0 when an earlier file started it)`);
      const api = await connectKubeApi(kubeconfigPath);
      try {
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
        const mirrors = pods
          .filter((pod) => pod.metadata.annotations?.['kubernetes.io/config.mirror'])
          .map((pod) => pod.metadata.name)
          .sort();
        assert.deepEqual(mirrors, shape.nodes.flatMap((node) => node.staticPods.map((pod) => mirrorPodName(pod, node.name))).sort());
        const live = new Set(shape.nodes.filter((node) => !node.kubeletDead).map((node) => node.name));
        for (const pod of pods.filter((candidate) => live.has(candidate.spec.nodeName))) {
          assert.ok(['Running', 'Succeeded'].includes(pod.status.phase), `${pod.metadata.name} ${pod.status.phase}`);
        }
        assert.deepEqual(agentErrors, []);

        for (const dead of shape.nodes.filter((node) => node.kubeletDead)) {
          await until(
            `${dead.name} Unknown`,
            async () => readyOf((await api.call('GET', `/api/v1/nodes/${dead.name}`)).body) === 'Unknown',
            90_000,
            1000,
          );
        }
      } finally {
        api.close();
      }
    });
  }
});
