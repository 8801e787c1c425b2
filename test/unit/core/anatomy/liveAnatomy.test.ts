import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiveAnatomy } from '../../../../src/core/anatomy/liveAnatomy';
import { KubeconfigService } from '../../../../src/core/kubeconfig/kubeconfigService';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { until } from '../../../support/until';

describe('live anatomy of the current context', function () {
  this.timeout(30_000);
  let directory: string;
  let demo: RunningDemo | undefined;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'live-anatomy-'));
  });

  afterEach(async () => {
    await demo?.stop();
    demo = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  function service(text: string): KubeconfigService {
    const file = join(directory, 'config');
    writeFileSync(file, text);
    return new KubeconfigService({ setting: file, env: {}, homeDir: directory, trusted: false, watch: false });
  }

  it('knows the namespace kubectl would use for objects that name none', async () => {
    const kubeconfig = service(
      [
        'apiVersion: v1',
        'kind: Config',
        'current-context: a',
        'clusters: [{ name: c, cluster: { server: "https://127.0.0.1:1" } }]',
        'users: [{ name: u, user: {} }]',
        'contexts: [{ name: a, context: { cluster: c, user: u, namespace: team-a } }, { name: b, context: { cluster: c, user: u } }]',
      ].join('\n'),
    );
    const live = new LiveAnatomy(kubeconfig, { trusted: () => false });
    assert.equal(live.namespace, 'team-a');
    await kubeconfig.switchContext('b', { sessionOnly: true });
    assert.equal(live.namespace, 'default');
    live.dispose();
    kubeconfig.dispose();
  });

  it('connects to the current context only once started, and closes every watch when disposed', async () => {
    demo = await startDemo();
    const kubeconfig = new KubeconfigService({ setting: demo.kubeconfigPath, env: {}, homeDir: directory, trusted: false, watch: false });
    const live = new LiveAnatomy(kubeconfig, { trusted: () => false });
    const status = () => live.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(status(), undefined, 'nothing happens before start()');
    assert.equal(demo.cluster.control.activeWatches(), 0);
    await live.start();
    assert.equal(status()?.state, 'connected');
    assert.equal(live.current?.nodes.length, 3);
    await until('the watches', () => demo!.cluster.control.activeWatches() >= 8);
    live.dispose();
    await until('no watch left', () => demo!.cluster.control.activeWatches() === 0, 5_000);
    kubeconfig.dispose();
  });
});
