import * as assert from 'node:assert/strict';
import { MAX_USER_NAMESPACES } from '../../../src/demo/apiWrites';
import { useDemo } from '../../support/demo';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const json = { 'Content-Type': 'application/json' };
const configMap = (name: string, extra: Loose = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data: { key: 'value' } });
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'api' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'api' } },
    template: {
      metadata: { labels: { app: 'api' } },
      spec: {
        containers: [
          { name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80 }] },
          { name: 'sidecar', image: 'busybox:1.36' },
        ],
      },
    },
  },
};

describe("the demo API server's writes", function () {
  this.timeout(60_000);
  const { request } = useDemo({ timeScale: 50 });

  it('advertises exactly the verbs it serves, and publishes fieldValidation on the patch of each writable kind', async () => {
    const core = (await request('/api/v1')).json().resources as Loose[];
    const verbs = (name: string) => core.find((resource) => resource.name === name)?.verbs;
    assert.deepEqual(verbs('configmaps'), ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']);
    assert.deepEqual(verbs('nodes'), ['get', 'list', 'watch']);
    assert.equal((await request('/api/v1/nodes/multi-node-worker', { method: 'DELETE' })).status, 405);
    const discovery = (await request('/openapi/v3')).json().paths as Record<string, { serverRelativeURL: string }>;
    const apps = (await request(discovery['apis/apps/v1']!.serverRelativeURL)).json();
    const patch = apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}'].patch;
    assert.deepEqual(patch['x-kubernetes-group-version-kind'], { group: 'apps', version: 'v1', kind: 'Deployment' });
    assert.deepEqual(
      patch.parameters.map((parameter: Loose) => parameter.name),
      ['dryRun', 'fieldManager', 'fieldValidation', 'force'],
    );
    assert.ok(apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments'].post);
    assert.equal(apps.components.schemas['io.k8s.api.core.v1.PodSpec'].properties.containers['x-kubernetes-patch-merge-key'], 'name');
    const v2 = (await request('/openapi/v2')).json();
    assert.equal(
      v2.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch.parameters.some(
        (parameter: Loose) => parameter.name === 'fieldValidation',
      ),
      true,
    );
  });

  it("creates with generateName, sets uid, creationTimestamp and resourceVersion, and records the User-Agent's manager", async () => {
    const created = await request('/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: { ...json, 'User-Agent': 'my-tool/1.0 (linux/amd64)' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'settings-' }, data: { a: 'b' } }),
    });
    assert.equal(created.status, 201, created.text);
    const object = created.json();
    assert.match(object.metadata.name, /^settings-[a-z0-9]{5}$/);
    assert.match(object.metadata.uid, /^[0-9a-f-]{36}$/);
    assert.match(object.metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(Number(object.metadata.resourceVersion) > 0);
    assert.deepEqual(
      object.metadata.managedFields.map((entry: Loose) => [entry.manager, entry.operation]),
      [['my-tool', 'Update']],
    );
    assert.match(object.metadata.managedFields[0].time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers a stale resourceVersion on update with 409, and bumps generation only on spec changes', async () => {
    const created = (
      await request('/apis/apps/v1/namespaces/default/deployments', { method: 'POST', headers: json, body: JSON.stringify(deployment) })
    ).json();
    assert.equal(created.metadata.generation, 1);
    const path = '/apis/apps/v1/namespaces/default/deployments/api';
    // The Deployment controller writes status meanwhile: read, modify, write again on a conflict, as clients do.
    let relabelled = await request(path);
    for (let attempt = 0; attempt < 20; attempt++) {
      const latest = (await request(path)).json();
      relabelled = await request(path, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ ...latest, metadata: { ...latest.metadata, labels: { team: 'a' } } }),
      });
      if (relabelled.status !== 409) break;
    }
    assert.equal(relabelled.status, 200, relabelled.text);
    assert.equal(relabelled.json().metadata.generation, 1);
    const stale = await request(path, { method: 'PUT', headers: json, body: JSON.stringify(created) });
    assert.equal(stale.status, 409);
    assert.match(stale.json().message, /Operation cannot be fulfilled on deployments\.apps "api": the object has been modified/);
    // A strategic merge patch merges containers by name: the other container and the ports stay.
    const patched = await request(path, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
      body: JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } } }),
    });
    assert.equal(patched.status, 200, patched.text);
    const containers = patched.json().spec.template.spec.containers;
    assert.deepEqual(
      containers.map((container: Loose) => [container.name, container.image]),
      [
        ['app', 'nginx:1.28'],
        ['sidecar', 'busybox:1.36'],
      ],
    );
    assert.deepEqual(containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);
    assert.equal(patched.json().metadata.generation, 2);
  });

  it('dryRun=All answers what would be stored and stores nothing, on create, patch, apply and delete', async () => {
    const before = (await request('/apis/apps/v1/namespaces/default/deployments/api')).json();
    const create = await request('/api/v1/namespaces/default/services?dryRun=All', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'preview' },
        spec: { selector: { app: 'api' }, ports: [{ port: 8080 }] },
      }),
    });
    assert.equal(create.status, 201, create.text);
    const service = create.json().spec;
    assert.match(service.clusterIP, /^10\.96\.\d+\.\d+$/);
    assert.deepEqual(service.ports, [{ port: 8080, protocol: 'TCP', targetPort: 8080 }]);
    assert.deepEqual(
      [service.type, service.sessionAffinity, service.ipFamilyPolicy, service.ipFamilies],
      ['ClusterIP', 'None', 'SingleStack', ['IPv4']],
    );
    const pod = await request('/api/v1/namespaces/default/pods?dryRun=All', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'dry' },
        spec: { containers: [{ name: 'c', image: 'busybox:1.36' }] },
      }),
    });
    assert.equal(pod.json().spec.containers[0].imagePullPolicy, 'IfNotPresent');
    assert.equal(pod.json().spec.serviceAccountName, 'default');
    const patch = await request('/apis/apps/v1/namespaces/default/deployments/api?dryRun=All', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: '{"spec":{"replicas":3}}',
    });
    assert.equal(patch.json().spec.replicas, 3);
    const apply = await request('/apis/apps/v1/namespaces/default/deployments/applied?dryRun=All&fieldManager=me', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
      body: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: applied\nspec:\n  selector:\n    matchLabels: {app: x}\n  template:\n    metadata:\n      labels: {app: x}\n    spec:\n      containers:\n      - name: x\n        image: nginx\n',
    });
    assert.equal(apply.status, 201, apply.text);
    assert.equal(apply.json().spec.replicas, 1);
    const remove = await request('/apis/apps/v1/namespaces/default/deployments/api?dryRun=All', { method: 'DELETE' });
    assert.equal(remove.status, 200);
    const after = (await request('/apis/apps/v1/namespaces/default/deployments/api')).json();
    assert.deepEqual([after.metadata.generation, after.spec], [before.metadata.generation, before.spec], 'the Deployment is unchanged');
    for (const path of [
      '/api/v1/namespaces/default/services/preview',
      '/api/v1/namespaces/default/pods/dry',
      '/apis/apps/v1/namespaces/default/deployments/applied',
    ])
      assert.equal((await request(path)).status, 404, path);
  });

  it('refuses a write into a missing namespace (404), deleting a system namespace (403), and prototype keys (400)', async () => {
    const missing = await request('/api/v1/namespaces/nowhere/configmaps', { method: 'POST', headers: json, body: configMap('x') });
    assert.equal(missing.status, 404);
    assert.equal(missing.json().message, 'namespaces "nowhere" not found');
    const system = await request('/api/v1/namespaces/kube-system', { method: 'DELETE' });
    assert.equal(system.status, 403);
    assert.match(system.json().message, /this namespace may not be deleted/);
    const polluted = await request('/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: json,
      body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"p","__proto__":{"x":1}}}',
    });
    assert.equal(polluted.status, 400);
    assert.equal(({} as Loose).x, undefined);
    const wrongType = await request('/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'typed', labels: 'not-a-map' } }),
    });
    assert.equal(wrongType.status, 400);
    assert.match(
      wrongType.json().message,
      /^ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal string into Go struct field/,
    );
    const badKey = await request('/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'keys' }, data: { 'bad key': 'x' } }),
    });
    assert.equal(badKey.status, 422);
    assert.equal(badKey.json().details.causes[0].field, 'data[bad key]');
  });

  it(`caps the namespaces users add at ${MAX_USER_NAMESPACES} with a clear 403`, async () => {
    let refused: Loose | undefined;
    for (let index = 0; index <= MAX_USER_NAMESPACES && !refused; index++) {
      const response = await request('/api/v1/namespaces', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `bulk-${index}` } }),
      });
      if (response.status === 403) refused = response.json();
      else assert.equal(response.status, 201, response.text);
    }
    assert.ok(refused, 'the cap was reached');
    assert.match(refused.message, new RegExp(`at most ${MAX_USER_NAMESPACES} namespaces besides its own`));
  });
});
