import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAnatomySnapshot } from '../../../../src/core/anatomy/snapshot';
import { demoKubeconfig } from '../../../../src/demo/demoCluster';
import { type HostileServer, sendJson, startHostileServer, statusBody } from '../../../support/hostileServer';

describe('one-shot anatomy snapshot (the CLI)', function () {
  this.timeout(20_000);
  let hostile: HostileServer;
  let directory: string;

  beforeEach(async () => {
    hostile = await startHostileServer();
    directory = mkdtempSync(join(tmpdir(), 'snapshot-'));
  });
  afterEach(async () => {
    await hostile.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('fails when neither Nodes nor kube-system Pods could be read, rather than give an empty cluster', async () => {
    // The server answers, but every list of the two collections the anatomy rests on fails.
    for (const path of ['/api/v1/nodes', '/api/v1/namespaces/kube-system/pods']) {
      hostile.script(path, ({ response }) => sendJson(response, 500, statusBody(500, 'InternalError', 'etcdserver: request timed out')));
    }
    const kubeconfig = join(directory, 'config');
    writeFileSync(kubeconfig, demoKubeconfig(hostile.server, hostile.caPem, 'token', 'broken'));
    await assert.rejects(loadAnatomySnapshot({ kubeconfig, env: {} }), (error: Error) => {
      assert.match(error.message, /^Cannot read context "broken"/);
      return true;
    });
  });

  it('gives the anatomy when the lists answer', async () => {
    const kubeconfig = join(directory, 'config');
    writeFileSync(kubeconfig, demoKubeconfig(hostile.server, hostile.caPem, 'token', 'empty'));
    const anatomy = await loadAnatomySnapshot({ kubeconfig, env: {} });
    assert.equal(anatomy.context, 'empty');
    assert.equal(anatomy.nothingRead, undefined);
  });
});
