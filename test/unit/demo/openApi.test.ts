import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generate, outputPath, serialize } from '../../../scripts/openapi/generate';
import type { ClusterSession } from '../../../src/core/anatomy/clusterSession';
import { startDemo, type RunningDemo } from '../../support/demo';
import { startSession } from '../../support/session';

describe("the demo's OpenAPI", function () {
  this.timeout(60_000);

  it('is what scripts/openapi/generate.ts makes from the installed client-node (npm run openapi regenerates it)', () => {
    assert.equal(readFileSync(outputPath, 'utf8'), serialize(generate()));
  });

  describe('served over HTTPS, read by the product as from any API server', () => {
    let demo: RunningDemo;
    let session: ClusterSession;
    before(async () => {
      demo = await startDemo();
      session = await startSession(demo.kubeconfigPath, demo.env);
    });
    after(async () => {
      session?.dispose();
      await demo?.stop();
    });

    it("answers with the field's type and Kubernetes' own description, for every group it serves", async () => {
      assert.equal((await session.reader.fieldSchema('v1', 'Pod', ['spec', 'nodeName']))?.type, 'string');
      assert.match(
        (await session.reader.fieldSchema('v1', 'Pod', ['spec', 'nodeName']))?.description ?? '',
        /^NodeName indicates in which node this pod is scheduled\./,
      );
      assert.equal(
        (await session.reader.fieldSchema('apps/v1', 'Deployment', ['spec', 'template', 'spec', 'containers', 0]))?.type,
        'Container',
      );
      assert.equal((await session.reader.fieldSchema('apps/v1', 'Deployment', ['spec', 'replicas']))?.type, 'integer (int32)');
      assert.equal((await session.reader.fieldSchema('coordination.k8s.io/v1', 'Lease', ['spec', 'renewTime']))?.type, 'MicroTime');
      assert.equal(
        (await session.reader.fieldSchema('discovery.k8s.io/v1', 'EndpointSlice', ['endpoints', 0, 'conditions', 'ready']))?.type,
        'boolean',
      );
      assert.equal((await session.reader.fieldSchema('v1', 'Service', ['spec', 'ports', 0, 'targetPort']))?.type, 'IntOrString');
      assert.equal((await session.reader.fieldSchema('batch/v1', 'Job', ['spec', 'completions']))?.type, 'integer (int32)');
      assert.equal(
        await session.reader.fieldSchema('networking.k8s.io/v1', 'Ingress', ['spec']),
        undefined,
        'a group the demo does not serve',
      );
    });
  });
});
