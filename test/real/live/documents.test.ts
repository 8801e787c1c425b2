// What the hovers and the live documents read from a real API server: the live value of a field and the
// manager that last wrote it (from the real managedFields), and the YAML of an object as kubectl shows it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { LiveAnatomy } from '../../../src/core/anatomy/liveAnatomy';
import { explainField } from '../../../src/core/fields/explain';
import { objectToYaml } from '../../../src/core/kube/objectYaml';
import { ClusterWorkspace } from '../../../src/core/workspace/clusterWorkspace';
import { liveObjectLookup } from '../../../src/ui/hover/liveObjectLookup';
import { until } from '../../support/until';
import { type RealCluster, realCluster } from '../support/realClusters';

interface ManagedFieldsEntry {
  manager: string;
  operation: string;
  time: string;
  subresource?: string;
  fieldsV1?: { 'f:spec'?: Record<string, unknown> };
}

/** The newest managedFields entry that owns spec.replicas, read straight from kubectl's JSON. */
function replicasWriter(object: { metadata: { managedFields?: ManagedFieldsEntry[] } }): ManagedFieldsEntry {
  const owners = (object.metadata.managedFields ?? []).filter((entry) => entry.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined);
  owners.sort((a, b) => b.time.localeCompare(a.time));
  assert.ok(owners[0], 'someone owns spec.replicas');
  return owners[0];
}

describe('live values, last writers and YAML from a real API server', function () {
  this.timeout(300_000);
  let cluster: RealCluster;
  let scratch: string;
  let workspace: ClusterWorkspace;
  let live: LiveAnatomy;
  const kubectl = (args: string[]) => execFileSync('kubectl', args, { env: cluster.env, encoding: 'utf8' });

  before(async () => {
    cluster = await realCluster('kind');
    scratch = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-docs-'));
    workspace = new ClusterWorkspace({
      kubeconfig: { setting: cluster.kubeconfigPath, env: {}, homeDir: scratch, trusted: false, watch: false },
    });
    live = workspace.live;
    await live.start();
  });
  after(() => {
    workspace.dispose();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('hover on spec.replicas: the live value and the manager the real server recorded, before and after kubectl scale', async () => {
    const manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'hover-web', namespace: 'default' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'hover-web' } },
        template: { metadata: { labels: { app: 'hover-web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] } },
      },
    };
    const file = join(scratch, 'deployment.json');
    writeFileSync(file, JSON.stringify(manifest));
    kubectl(['apply', '-f', file]);
    const lookup = liveObjectLookup(workspace);
    const explain = async () => {
      const object = await lookup.find('Deployment', 'apps/v1', 'default', 'hover-web');
      assert.ok(object, 'the Deployment is found');
      return explainField(
        { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'replicas'] },
        { live: { state: 'found', object, context: 'kind' } },
      ).markdown;
    };
    const applied = replicasWriter(JSON.parse(kubectl(['get', 'deployment', 'hover-web', '-o', 'json', '--show-managed-fields'])));
    const before = await explain();
    assert.match(before, /\b1\b/);
    assert.ok(before.includes(applied.manager), `${applied.manager} in:\n${before}`);

    kubectl(['scale', 'deployment', 'hover-web', '--replicas=2']);
    const scaled = replicasWriter(JSON.parse(kubectl(['get', 'deployment', 'hover-web', '-o', 'json', '--show-managed-fields'])));
    const after = await until(
      'the scaled value',
      async () => {
        const markdown = await explain();
        return /\b2\b/.test(markdown) ? markdown : undefined;
      },
      30_000,
      250,
    );
    assert.ok(after.includes(scaled.manager), `${scaled.manager} (the newest writer of spec.replicas) in:\n${after}`);
    assert.equal(
      await lookup.find('Deployment', 'apps/v1', 'default', 'no-such-deployment'),
      undefined,
      'not found is undefined, not an error',
    );
  });

  it('Show YAML: a Node as kubectl shows it, managedFields hidden', async () => {
    const node = cluster.shape.nodes[0].name;
    const session = live.session!;
    const fromProduct = parse(objectToYaml(await session.reader.api.getJson(`/api/v1/nodes/${node}`, `node ${node}`)));
    const fromKubectl = JSON.parse(kubectl(['get', 'node', node, '-o', 'json']));
    assert.equal(fromProduct.metadata.managedFields, undefined);
    // The heartbeat fields move between the two reads; everything else is the same object.
    for (const object of [fromProduct, fromKubectl]) {
      delete object.metadata.resourceVersion;
      delete object.metadata.managedFields;
      delete object.status.conditions;
    }
    assert.deepEqual(fromProduct, fromKubectl);
  });

  it("field types and descriptions come from the real server's own OpenAPI (v2 on 1.20), a CRD's included, as kubectl explain reads them", async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.anatomy.example.com' },
      spec: {
        group: 'anatomy.example.com',
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: { type: 'object', properties: { gears: { type: 'integer', description: 'How many gears the widget turns.' } } },
                },
              },
            },
          },
        ],
      },
    };
    const file = join(scratch, 'crd.json');
    writeFileSync(file, JSON.stringify(crd));
    kubectl(['apply', '-f', file]);
    // kube-apiserver publishes a new CRD's schema in its OpenAPI a moment after the CRD is established.
    const explained = await until(
      'kubectl explain to know the CRD',
      async () => {
        try {
          return execFileSync('kubectl', ['explain', 'widgets.spec.gears'], {
            env: cluster.env,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          });
        } catch {
          return undefined;
        }
      },
      60_000,
      1000,
    );
    assert.match(explained, /How many gears the widget turns\./);

    const lookup = liveObjectLookup(workspace);
    const nodeName = await lookup.fieldSchema!('v1', 'Pod', ['spec', 'nodeName']);
    const fromKubectl = kubectl(['explain', 'pods.spec.nodeName']);
    assert.equal(nodeName?.type, 'string');
    const firstWords = nodeName?.description?.split(' ').slice(0, 8).join(' ') ?? '';
    assert.ok(
      firstWords.length > 20 && fromKubectl.replace(/\s+/g, ' ').includes(firstWords),
      `"${firstWords}" in kubectl explain:\n${fromKubectl}`,
    );
    assert.equal(
      (await lookup.fieldSchema!('apps/v1', 'Deployment', ['spec', 'template', 'spec', 'containers', 0, 'image']))?.type,
      'string',
    );
    assert.deepEqual(await lookup.fieldSchema!('anatomy.example.com/v1', 'Widget', ['spec', 'gears']), {
      type: 'integer',
      description: 'How many gears the widget turns.',
    });
    // v1.20 serves no OpenAPI v3: the product asked for it, was told 404, and read v2.
    assert.equal(await lookup.fieldSchema!('v1', 'Pod', ['spec', 'madeUp']), undefined);

    const explanation = explainField(
      { kind: 'Widget', apiVersion: 'anatomy.example.com/v1', path: ['spec', 'gears'] },
      { schema: { field: (await lookup.fieldSchema!('anatomy.example.com/v1', 'Widget', ['spec', 'gears']))!, context: 'kind' } },
    );
    assert.match(explanation.markdown, /`integer` — How many gears the widget turns\. \*\(described by the API server of kind\)\*/);
    kubectl(['delete', '-f', file, '--wait=false']);
  });
});
