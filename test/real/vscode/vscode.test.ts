// The integration suite of test/integration/real inside a real VS Code (the newest host), against the real
// kind-shaped cluster of this run: the extension installed from the packaged .vsix, as a user would have it.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { realCluster } from '../support/realClusters';

const root = join(__dirname, '..', '..', '..');

const gadgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.anatomy.example.com' },
  spec: {
    group: 'anatomy.example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: { springs: { type: 'integer', description: 'How many springs the gadget winds.' } } },
            },
          },
        },
      },
    ],
  },
};

describe('the extension in VS Code on the real kind-shaped cluster', function () {
  this.timeout(600_000);

  it('passes test/integration/real', async () => {
    const cluster = await realCluster('kind');
    // A CRD whose author's description the hovers should show (the suite waits until the server publishes it).
    execFileSync('kubectl', ['apply', '-f', '-'], {
      env: cluster.env,
      input: JSON.stringify(gadgetCrd),
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    const args = [
      join(root, 'scripts', 'vscode-host', 'run.mjs'),
      '--host',
      process.env.CLUSTER_ANATOMY_REAL_HOST ?? '1.139',
      '--tests',
      join(root, 'out', 'integration', 'real'),
    ];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: { ...process.env, CLUSTER_ANATOMY_REAL_KUBECONFIG: cluster.kubeconfigPath },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    assert.equal(code, 0, 'the VS Code run failed: see its output above');
  });
});
