// "Trace the next change" on the demo cluster over real HTTPS: nothing fires while kube-system only runs
// (heartbeats, status updates); scaling CoreDNS moves its generation, and that is the change named.
import * as assert from 'node:assert/strict';
import { resolveClientConfig } from '../../../../src/core/anatomy/snapshot';
import { scaleDeployment } from '../../../../src/core/handsOn/experiments';
import { KubeApi } from '../../../../src/core/kube/kubeApi';
import { WatchHub } from '../../../../src/core/kube/watchHub';
import { type NextChange, NextChangeWatch } from '../../../../src/core/trace/nextChange';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

describe('the next change in kube-system', function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  before(async () => {
    demo = await startDemo({ timeScale: 30, leaseRenewSeconds: 0.5 });
  });

  after(async () => {
    await demo.stop();
  });

  it('names the first Deployment or DaemonSet whose generation changes, once, from the moment it began', async () => {
    const { config } = await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env });
    const began = Date.now();
    const hub = new WatchHub(config);
    const watch = new NextChangeWatch({ hub, now: () => began });
    const changes: NextChange[] = [];
    watch.onDidChange((change) => changes.push(change));
    try {
      await watch.start();
      assert.equal(watch.error, undefined);
      // Lease renewals and status writes go on all the time; none is a change of a spec.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.deepEqual(changes, []);
      const api = new KubeApi(config);
      await scaleDeployment(api, 'coredns', 3);
      const [change] = await until('the change to be seen', () => (changes.length > 0 ? changes : undefined));
      assert.deepEqual(change, {
        target: { kind: 'Deployment', namespace: 'kube-system', name: 'coredns' },
        from: 1,
        to: 2,
        since: Math.floor(began / 1000) * 1000,
      });
      // Told once: a second change is not another answer.
      await scaleDeployment(api, 'coredns', 2);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.equal(changes.length, 1);
    } finally {
      watch.dispose();
      hub.dispose();
    }
  });
});
