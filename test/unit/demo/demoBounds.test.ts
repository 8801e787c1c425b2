import * as assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import type { ClientRequest } from 'node:http';
import { MAX_OBJECT_BYTES } from '../../../src/demo/store';
import { MAX_MADE_POD_BYTES } from '../../../src/demo/simulation/base';
import { MAX_USER_OBJECTS_PER_KIND } from '../../../src/demo/userQuota';
import { demoWatch, type RunningDemo, useDemo } from '../../support/demo';
import { until } from '../../support/until';

const mergePatch = { 'Content-Type': 'application/merge-patch+json' };
const jsonPatch = { 'Content-Type': 'application/json-patch+json' };
const json = { 'Content-Type': 'application/json' };

function deployment(name: string, replicas: number, extra: { env?: string; podSpec?: Record<string, unknown> } = {}): string {
  const container = { name: 'app', image: 'nginx:1.27', ...(extra.env !== undefined && { env: [{ name: 'BIG', value: extra.env }] }) };
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [container], ...extra.podSpec } },
    },
  });
}

function pod(name: string, spec: Record<string, unknown> = {}): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ...spec },
  });
}

/** A watch whose client never reads: what it is sent piles up in the server's buffers. */
function idleWatch(demo: RunningDemo, path: string): Promise<{ request: ClientRequest; status: number }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      `${demo.cluster.server}${path}`,
      { headers: { Authorization: `Bearer ${demo.cluster.token}` }, ca: demo.cluster.caPem },
      (response) => {
        resolve({ request, status: response.statusCode ?? 0 });
      },
    );
    request.on('error', (error) =>
      error.message.includes('socket hang up') || error.message.includes('ECONNRESET') ? undefined : reject(error),
    );
    request.end();
  });
}

describe('the demo API server stays up under floods of watches, objects and Pods', function () {
  this.timeout(120_000);
  const totalBytes = 8 * 1024 * 1024;
  const maxOpen = 60;
  const { demo, request } = useDemo({ timeScale: 50, watchLimits: { totalBytes, maxOpen } });

  it('drops the watchers holding the most unsent bytes, keeping all of them under one cap, and a reading watcher keeps up', async () => {
    const path = '/apis/apps/v1/namespaces/kube-system/deployments?watch=true';
    const idle = await Promise.all(Array.from({ length: 30 }, () => idleWatch(demo(), path)));
    const reader = await demoWatch(demo().cluster, `${path}&fieldSelector=metadata.name%3Dcoredns`);
    const opened = demo().cluster.control.activeWatches();
    let most = 0;
    const annotation = 'x'.repeat(250 * 1024);
    for (let patch = 0; patch < 30; patch++) {
      const response = await request('/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
        method: 'PATCH',
        headers: mergePatch,
        body: JSON.stringify({ metadata: { annotations: { big: `${patch}${annotation}` } } }),
      });
      assert.equal(response.status, 200, response.text.slice(0, 200));
      const event = await reader.until((seen) => seen.object.metadata.annotations?.big?.startsWith(`${patch}x`));
      assert.ok(event.length > 0);
      most = Math.max(most, demo().cluster.control.watchBufferedBytes());
    }
    assert.ok(most <= totalBytes + 1024 * 1024, `the watches held ${most} unsent bytes, over the cap of ${totalBytes}`);
    // The idle clients never read, so they cannot see their end; the server's count shows who was dropped.
    const open = demo().cluster.control.activeWatches();
    assert.ok(open < opened, `${open} of ${opened} watches still open`);
    assert.ok(open >= 1, 'the reading watch is kept');
    assert.equal((await request('/healthz')).status, 200);
    reader.close();
    for (const watch of idle) watch.request.destroy();
    await until('the watches to close', () => demo().cluster.control.activeWatches() === 0);
  });

  it(`answers 429 TooManyRequests past ${maxOpen} open watches, and opens watches again once some close`, async () => {
    const path = '/api/v1/namespaces/default/configmaps?watch=true';
    const opened = await Promise.all(Array.from({ length: maxOpen }, () => idleWatch(demo(), path)));
    assert.deepEqual([...new Set(opened.map((watch) => watch.status))], [200]);
    const refused = await request(path);
    assert.equal(refused.status, 429, refused.text.slice(0, 200));
    assert.equal(refused.json().reason, 'TooManyRequests');
    for (const watch of opened) watch.request.destroy();
    await until('the watches to close', () => demo().cluster.control.activeWatches() === 0);
    const again = await idleWatch(demo(), path);
    assert.equal(again.status, 200);
    again.request.destroy();
  });

  it(`refuses an object over etcd's ${MAX_OBJECT_BYTES} bytes with 413, dry run included, and stores nothing`, async () => {
    const body = JSON.stringify({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'huge' },
      data: { blob: 'x'.repeat(MAX_OBJECT_BYTES) },
    });
    for (const query of ['?dryRun=All', '']) {
      const response = await request(`/api/v1/namespaces/default/configmaps${query}`, { method: 'POST', headers: json, body });
      assert.equal(response.status, 413, response.text.slice(0, 200));
      assert.equal(response.json().reason, 'RequestEntityTooLarge');
      assert.match(response.json().message, /etcd stores at most 1572864 bytes per object/);
    }
    assert.equal((await request('/api/v1/namespaces/default/configmaps/huge')).status, 404);
    // Growing an object past the limit by patches is refused the same way.
    const half = 'y'.repeat(MAX_OBJECT_BYTES / 2 + 1024);
    assert.equal(
      (
        await request('/api/v1/namespaces/default/configmaps', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'grows' }, data: { a: half } }),
        })
      ).status,
      201,
    );
    const grown = await request('/api/v1/namespaces/default/configmaps/grows', {
      method: 'PATCH',
      headers: mergePatch,
      body: JSON.stringify({ data: { b: half } }),
    });
    assert.equal(grown.status, 413);
  });

  it('refuses a Deployment whose Pods etcd would refuse, naming spec.template', async () => {
    const response = await request('/apis/apps/v1/namespaces/default/deployments', {
      method: 'POST',
      headers: json,
      body: deployment('heavy', 500, { env: 'e'.repeat(1_600_000) }),
    });
    assert.equal(response.status, 422, response.text.slice(0, 300));
    assert.equal(response.json().details.causes[0].field, 'spec.template');
    assert.equal((await request('/apis/apps/v1/namespaces/default/deployments/heavy')).status, 404);
  });

  it(`stops making Pods once those the controllers made hold ${MAX_MADE_POD_BYTES / 1024 / 1024} MiB, with a FailedCreate event`, async () => {
    const env = 'e'.repeat(1_200_000);
    const created = await request('/apis/apps/v1/namespaces/default/deployments', {
      method: 'POST',
      headers: json,
      body: deployment('bulky', 100, { env }),
    });
    assert.equal(created.status, 201, created.text.slice(0, 300));
    const failed = await until(
      'a FailedCreate event',
      async () => {
        const events = (await request('/api/v1/namespaces/default/events?fieldSelector=reason%3DFailedCreate')).json();
        return events.items.find((event: { message: string }) => event.message.includes('the Pods the controllers made hold'));
      },
      60_000,
    );
    assert.ok(failed);
    const pods = (await request('/api/v1/namespaces/default/pods?labelSelector=app%3Dbulky')).json();
    assert.ok(pods.items.length <= Math.ceil(MAX_MADE_POD_BYTES / env.length) + 1, `${pods.items.length} Pods of 1.2 MB`);
    assert.equal((await request('/apis/apps/v1/namespaces/default/deployments/bulky', { method: 'DELETE' })).status, 200);
  });

  it('streams a list of many large objects whole, in chunks, as the client reads it', async () => {
    const value = 'z'.repeat(1024 * 1024);
    for (let index = 0; index < 20; index++) {
      const response = await request('/api/v1/namespaces/default/configmaps', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `large-${index}` }, data: { value } }),
      });
      assert.equal(response.status, 201);
    }
    const list = await request('/api/v1/configmaps');
    assert.equal(list.status, 200);
    assert.equal(list.headers['content-length'], undefined);
    assert.equal(list.headers['transfer-encoding'], 'chunked');
    const items = list.json().items as { metadata: { name: string }; data?: { value?: string } }[];
    assert.equal(items.filter((item) => item.metadata.name.startsWith('large-') && item.data?.value === value).length, 20);
  });
});

describe('the demo counts only what users create against their quota', function () {
  this.timeout(180_000);
  const { request } = useDemo({ timeScale: 100 });

  it(`lets the user create a Pod after the controllers made more than ${MAX_USER_OBJECTS_PER_KIND}`, async () => {
    for (let index = 0; index < 5; index++) {
      const response = await request('/apis/apps/v1/namespaces/default/deployments', {
        method: 'POST',
        headers: json,
        body: deployment(`fan-${index}`, 500),
      });
      assert.equal(response.status, 201, response.text.slice(0, 200));
    }
    await until(
      'the controllers to make 2,500 Pods',
      async () => {
        const pods = (await request('/api/v1/namespaces/default/pods?limit=1')).json();
        return pods.metadata.remainingItemCount + 1 >= 2_500;
      },
      120_000,
      250,
    );
    const dryRun = await request('/api/v1/namespaces/default/pods?dryRun=All', { method: 'POST', headers: json, body: pod('mine') });
    assert.equal(dryRun.status, 201, dryRun.text.slice(0, 300));
    const created = await request('/api/v1/namespaces/default/pods', { method: 'POST', headers: json, body: pod('mine') });
    assert.equal(created.status, 201, created.text.slice(0, 300));
  });
});

describe('the demo refuses what kube-apiserver refuses', function () {
  this.timeout(60_000);
  const { request } = useDemo({ timeScale: 50 });

  const invalidFields = async (path: string, body: string): Promise<string[]> => {
    const response = await request(path, { method: 'POST', headers: json, body });
    assert.equal(response.status, 422, response.text.slice(0, 300));
    assert.equal(response.json().reason, 'Invalid');
    return response.json().details.causes.map((cause: { field: string }) => cause.field);
  };

  it('answers 422 to line feeds and control characters in nodeSelector values, toleration keys, schedulerName and priorityClassName', async () => {
    const forged = 'x\n✓ multi-node-worker: FITS';
    assert.deepEqual(await invalidFields('/api/v1/namespaces/default/pods', pod('selector', { nodeSelector: { disk: forged } })), [
      'spec.nodeSelector',
    ]);
    assert.deepEqual(
      await invalidFields('/api/v1/namespaces/default/pods', pod('toleration', { tolerations: [{ key: 'a\u0007b', operator: 'Exists' }] })),
      ['spec.tolerations[0].key'],
    );
    assert.deepEqual(
      await invalidFields(
        '/api/v1/namespaces/default/pods',
        pod('toleration-value', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: forged }] }),
      ),
      ['spec.tolerations[0].value'],
    );
    assert.deepEqual(await invalidFields('/api/v1/namespaces/default/pods', pod('scheduler', { schedulerName: forged })), [
      'spec.schedulerName',
    ]);
    assert.deepEqual(await invalidFields('/api/v1/namespaces/default/pods', pod('priority', { priorityClassName: forged })), [
      'spec.priorityClassName',
    ]);
    const fields = await invalidFields(
      '/apis/apps/v1/namespaces/default/deployments',
      deployment('forged', 1, { podSpec: { nodeSelector: { disk: forged }, priorityClassName: forged } }),
    );
    assert.deepEqual(fields, ['spec.template.spec.nodeSelector', 'spec.template.spec.priorityClassName']);
    assert.equal(
      (
        await request('/api/v1/namespaces/default/pods', {
          method: 'POST',
          headers: json,
          body: pod('fine', {
            nodeSelector: { disk: 'ssd' },
            tolerations: [{ key: 'example.com/dedicated', operator: 'Equal', value: 'web' }],
            schedulerName: 'default-scheduler',
            priorityClassName: 'system-cluster-critical',
          }),
        })
      ).status,
      201,
    );
  });

  it('reads JSON patch array indices as kube-apiserver does: "abc" and out of range are 422, "-1" counts from the end', async () => {
    const created = await request('/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'finalized', finalizers: ['example.com/a', 'example.com/b', 'example.com/c'] },
      }),
    });
    assert.equal(created.status, 201, created.text);
    const path = '/api/v1/namespaces/default/configmaps/finalized';
    const patched = async (operations: unknown[]) =>
      request(path, { method: 'PATCH', headers: jsonPatch, body: JSON.stringify(operations) });
    // Each status as kube-apiserver v1.20.2 answered the same patch of the same ConfigMap (its messages say less).
    const refused: [unknown[], RegExp][] = [
      [[{ op: 'add', path: '/metadata/finalizers/abc', value: 'example.com/z' }], /value was not a proper array index: 'abc'/],
      [[{ op: 'remove', path: '/metadata/finalizers/9' }], /Unable to access invalid index: 9/],
      [[{ op: 'replace', path: '/metadata/finalizers/3', value: 'example.com/z' }], /Unable to access invalid index: 3/],
      [[{ op: 'remove', path: '/metadata/finalizers/-4' }], /Unable to access invalid index: -4/],
    ];
    for (const [operations, message] of refused) {
      const response = await patched(operations);
      assert.equal(response.status, 422, `${JSON.stringify(operations)}: ${response.text}`);
      assert.match(response.json().message, message);
    }
    assert.deepEqual((await request(path)).json().metadata.finalizers, ['example.com/a', 'example.com/b', 'example.com/c']);
    const removedLast = await patched([{ op: 'remove', path: '/metadata/finalizers/-1' }]);
    assert.equal(removedLast.status, 200, removedLast.text);
    assert.deepEqual(removedLast.json().metadata.finalizers, ['example.com/a', 'example.com/b']);
    const addedAtEnd = await patched([{ op: 'add', path: '/metadata/finalizers/-1', value: 'example.com/n' }]);
    assert.deepEqual(addedAtEnd.json().metadata.finalizers, ['example.com/a', 'example.com/b', 'example.com/n']);
    const appended = await patched([
      { op: 'add', path: '/metadata/finalizers/-', value: 'example.com/c' },
      { op: 'remove', path: '/metadata/finalizers/0' },
    ]);
    assert.deepEqual(appended.json().metadata.finalizers, ['example.com/b', 'example.com/n', 'example.com/c']);
  });

  it('refuses a repeated JSON key under fieldValidation=Strict with 400 naming it, and warns under Warn', async () => {
    const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"twice"},"data":{"a":"1","a":"2"}}';
    const strict = await request('/api/v1/namespaces/default/configmaps?fieldValidation=Strict', { method: 'POST', headers: json, body });
    assert.equal(strict.status, 400, strict.text);
    assert.equal(
      strict.json().message,
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: duplicate field "data.a"',
    );
    const patch = await request('/apis/apps/v1/namespaces/kube-system/deployments/coredns?fieldValidation=Strict', {
      method: 'PATCH',
      headers: mergePatch,
      body: '{"spec":{"template":{"spec":{"containers":[{"name":"coredns","image":"a","image":"b"}]}}}}',
    });
    assert.equal(patch.status, 400, patch.text);
    assert.equal(patch.json().message, 'strict decoding error: duplicate field "spec.template.spec.containers[0].image"');
    const warned = await request('/api/v1/namespaces/default/configmaps', { method: 'POST', headers: json, body });
    assert.equal(warned.status, 201, warned.text);
    assert.match(String(warned.headers.warning), /duplicate field \\"data\.a\\"/);
    assert.equal(warned.json().data.a, '2');
  });
});
