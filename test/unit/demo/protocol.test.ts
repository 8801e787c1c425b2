import * as assert from 'node:assert/strict';
import { connect } from 'node:tls';
import { demoRequest, demoWatch, startDemo, type RunningDemo } from '../../support/demo';

const tableAccept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

describe('demo cluster API protocol', function () {
  let demo: RunningDemo;
  const request = (path: string, options?: Parameters<typeof demoRequest>[2]) => demoRequest(demo.cluster, path, options);

  before(async () => {
    demo = await startDemo({ leaseRenewSeconds: 0.1, bookmarkIntervalSeconds: 0.2, historySize: 300 });
  });
  after(async () => {
    await demo?.stop();
  });

  describe('authentication and discovery', () => {
    it('answers 401 with an Unauthorized Status without a token or with a wrong one', async () => {
      for (const token of [null, 'wrong-token']) {
        const response = await request('/api/v1/nodes', { token });
        assert.equal(response.status, 401);
        assert.deepEqual(response.json(), {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: 'Unauthorized',
          reason: 'Unauthorized',
          code: 401,
        });
      }
    });

    it('serves /version, /healthz and /readyz (public, as with anonymous auth)', async () => {
      const version = await request('/version', { token: null });
      assert.equal(version.status, 200);
      assert.equal(version.json().gitVersion, 'v1.37.0');
      for (const path of ['/healthz', '/readyz', '/livez']) {
        const health = await request(path, { token: null });
        assert.equal(health.status, 200);
        assert.equal(health.text, 'ok');
      }
    });

    it('publishes /api, /api/v1, /apis and each group version', async () => {
      assert.deepEqual((await request('/api')).json().versions, ['v1']);
      const core = (await request('/api/v1')).json();
      assert.equal(core.kind, 'APIResourceList');
      const pods = core.resources.find((resource: { name: string }) => resource.name === 'pods');
      assert.deepEqual(
        { namespaced: pods.namespaced, kind: pods.kind, shortNames: pods.shortNames },
        { namespaced: true, kind: 'Pod', shortNames: ['po'] },
      );
      const groups = (await request('/apis')).json().groups.map((group: { name: string }) => group.name);
      assert.deepEqual(groups.sort(), ['apps', 'batch', 'certificates.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io']);
      const apps = (await request('/apis/apps/v1')).json();
      assert.deepEqual(apps.resources.map((resource: { name: string }) => resource.name).sort(), [
        'daemonsets',
        'deployments',
        'deployments/scale',
        'replicasets',
        'statefulsets',
      ]);
      assert.equal((await request('/apis/coordination.k8s.io')).json().preferredVersion.groupVersion, 'coordination.k8s.io/v1');
    });

    it('answers 406 to a client that accepts no JSON', async () => {
      const response = await request('/api/v1/nodes', { headers: { Accept: 'application/vnd.kubernetes.protobuf' } });
      assert.equal(response.status, 406);
      assert.equal(response.json().reason, 'NotAcceptable');
      assert.equal(
        (await request('/api/v1/nodes', { headers: { Accept: 'application/vnd.kubernetes.protobuf, application/json' } })).status,
        200,
      );
    });

    it('answers 404 NotFound Status for unknown paths, groups and resources', async () => {
      for (const path of [
        '/nothing',
        '/apis/batch/v2',
        '/apis/networking.k8s.io/v1',
        '/api/v2',
        '/api/v1/secrets',
        '/api/v1/namespaces/default/pods/x/exec/extra',
      ]) {
        const response = await request(path);
        assert.equal(response.status, 404, path);
        assert.equal(response.json().reason, 'NotFound');
      }
    });
  });

  describe('get and list', () => {
    it('gets one object and answers 404 with the real message for a missing one', async () => {
      const node = (await request('/api/v1/nodes/multi-node-worker')).json();
      assert.equal(node.kind, 'Node');
      assert.equal(node.metadata.name, 'multi-node-worker');
      const missing = await request('/api/v1/namespaces/kube-system/pods/nope');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json(), {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'pods "nope" not found',
        reason: 'NotFound',
        details: { name: 'nope', kind: 'pods' },
        code: 404,
      });
      const missingDeployment = (await request('/apis/apps/v1/namespaces/default/deployments/nope')).json();
      assert.equal(missingDeployment.message, 'deployments.apps "nope" not found');
    });

    it('lists cluster-wide and per namespace in key order, with a list resourceVersion', async () => {
      const all = (await request('/api/v1/pods')).json();
      assert.equal(all.kind, 'PodList');
      assert.match(all.metadata.resourceVersion, /^\d+$/);
      const keys = all.items.map(
        (pod: { metadata: { namespace: string; name: string } }) => `${pod.metadata.namespace}/${pod.metadata.name}`,
      );
      assert.deepEqual(keys, [...keys].sort());
      assert.equal(all.items[0].kind, undefined, 'list items carry no kind, as from the real server');
      const local = (await request('/api/v1/namespaces/local-path-storage/pods')).json();
      assert.equal(local.items.length, 1);
      assert.ok(all.items.length > local.items.length);
    });

    it("pages with limit and continue, consistent at the first page's resourceVersion", async () => {
      const first = (await request('/api/v1/namespaces/kube-system/pods?limit=5')).json();
      assert.equal(first.items.length, 5);
      assert.ok(first.metadata.continue);
      assert.equal(first.metadata.remainingItemCount, 7);
      // A change between pages must not show in later pages of the same list.
      demo.cluster.control.deletePod('kube-system', first.items[0].metadata.name);
      const names = first.items.map((pod: { metadata: { name: string } }) => pod.metadata.name);
      let token = first.metadata.continue;
      while (token) {
        const page = (await request(`/api/v1/namespaces/kube-system/pods?limit=5&continue=${encodeURIComponent(token)}`)).json();
        assert.equal(page.metadata.resourceVersion, first.metadata.resourceVersion);
        names.push(...page.items.map((pod: { metadata: { name: string } }) => pod.metadata.name));
        token = page.metadata.continue;
      }
      assert.equal(names.length, 12);
      assert.equal(new Set(names).size, 12);
    });

    it('rejects a malformed continue token with 400', async () => {
      const response = await request('/api/v1/pods?limit=2&continue=not-a-token');
      assert.equal(response.status, 400);
      assert.equal(response.json().reason, 'BadRequest');
    });

    it('selects by label: equality, inequality, set and existence forms', async () => {
      const names = async (selector: string) =>
        (await request(`/api/v1/namespaces/kube-system/pods?labelSelector=${encodeURIComponent(selector)}`))
          .json()
          .items.map((pod: { metadata: { name: string } }) => pod.metadata.name)
          .sort();
      const staticPods = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map(
        (name) => `${name}-multi-node-control-plane`,
      );
      assert.deepEqual(await names('tier=control-plane'), staticPods);
      assert.deepEqual(await names('tier==control-plane,component!=etcd'), staticPods.slice(1));
      assert.deepEqual(await names('component in (etcd, kube-scheduler)'), [staticPods[0], staticPods[3]]);
      assert.equal((await names('component notin (etcd),tier=control-plane')).length, 3);
      assert.deepEqual(await names('component'), staticPods);
      assert.equal((await names('!component')).length, 8);
      assert.equal((await names('k8s-app in (kube-proxy,kindnet)')).length, 6);
      const nodes = (await request(`/api/v1/nodes?labelSelector=${encodeURIComponent('!node-role.kubernetes.io/control-plane')}`)).json()
        .items;
      assert.deepEqual(
        nodes.map((node: { metadata: { name: string } }) => node.metadata.name),
        ['multi-node-worker', 'multi-node-worker2'],
      );
    });

    it('selects by field: metadata.name, metadata.namespace, spec.nodeName, status.phase', async () => {
      const pods = async (selector: string, path = '/api/v1/pods') =>
        (await request(`${path}?fieldSelector=${encodeURIComponent(selector)}`)).json().items;
      assert.equal(
        (await pods('spec.nodeName=multi-node-worker2')).filter((pod: { metadata: { name: string } }) =>
          /^(kube-proxy|kindnet)-/.test(pod.metadata.name),
        ).length,
        2,
      );
      assert.ok((await pods('spec.nodeName=multi-node-control-plane,status.phase=Running')).length >= 6);
      assert.equal((await pods('status.phase!=Running')).length, 0);
      assert.equal((await pods('metadata.namespace=local-path-storage')).length, 1);
      assert.deepEqual(
        (await pods('metadata.name=multi-node-worker', '/api/v1/nodes')).map((node: { metadata: { name: string } }) => node.metadata.name),
        ['multi-node-worker'],
      );
    });

    it('answers 400 for a malformed label selector and an unsupported field', async () => {
      for (const query of [
        'labelSelector=a%20in%20(b',
        'labelSelector=-bad-',
        'fieldSelector=spec.foo%3Dbar',
        'fieldSelector=nonsense',
        'limit=-3',
      ]) {
        const response = await request(`/api/v1/pods?${query}`);
        assert.equal(response.status, 400, query);
        assert.equal(response.json().reason, 'BadRequest', query);
      }
      assert.match((await request('/api/v1/pods?fieldSelector=spec.foo%3Dbar')).json().message, /field label not supported: spec.foo/);
    });

    it('serves the Table form kubectl asks for, with wide columns at priority 1', async () => {
      const response = (
        await request('/api/v1/namespaces/kube-system/pods?labelSelector=tier%3Dcontrol-plane', { headers: { Accept: tableAccept } })
      ).json();
      assert.equal(response.kind, 'Table');
      assert.equal(response.apiVersion, 'meta.k8s.io/v1');
      assert.deepEqual(
        response.columnDefinitions.map((column: { name: string; priority: number }) => `${column.name}:${column.priority}`),
        ['Name:0', 'Ready:0', 'Status:0', 'Restarts:0', 'Age:0', 'IP:1', 'Node:1', 'Nominated Node:1', 'Readiness Gates:1'],
      );
      assert.equal(response.rows.length, 4);
      assert.deepEqual(response.rows[0].cells.slice(0, 4), ['etcd-multi-node-control-plane', '1/1', 'Running', '0']);
      assert.equal(response.rows[0].object.kind, 'PartialObjectMetadata');
      assert.equal(response.rows[0].object.metadata.labels.tier, 'control-plane');
    });

    it('serves pods/log as plain text, and 400 for a container the Pod lacks', async () => {
      const log = await request('/api/v1/namespaces/kube-system/pods/kube-apiserver-multi-node-control-plane/log?tailLines=1');
      assert.equal(log.status, 200);
      assert.match(String(log.headers['content-type']), /^text\/plain/);
      assert.equal(log.text.trim().split('\n').length, 1);
      const wrong = await request('/api/v1/namespaces/kube-system/pods/kube-apiserver-multi-node-control-plane/log?container=nope');
      assert.equal(wrong.status, 400);
      assert.match(wrong.json().message, /container nope is not valid for pod kube-apiserver-multi-node-control-plane/);
    });

    it('answers 405 MethodNotAllowed for verbs it does not serve', async () => {
      // Nodes, Leases and Events are written by the cluster's own components only; collections are not deleted whole.
      for (const [method, path] of [
        ['POST', '/api/v1/nodes'],
        ['DELETE', '/api/v1/nodes/multi-node-worker'],
        ['PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/multi-node-worker'],
        ['PATCH', '/api/v1/nodes/multi-node-worker'],
        ['DELETE', '/api/v1/namespaces/kube-system/pods'],
      ]) {
        const response = await request(path!, { method, body: '{}', headers: { 'Content-Type': 'application/json' } });
        assert.equal(response.status, 405, `${method} ${path}`);
        assert.equal(response.json().reason, 'MethodNotAllowed');
      }
    });
  });

  describe('writes', () => {
    it('merge-patches a Deployment, bumping generation, and refuses a stale resourceVersion with 409', async () => {
      const path = '/apis/apps/v1/namespaces/local-path-storage/deployments/local-path-provisioner';
      const before = (await request(path)).json();
      const patched = await request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json' },
        body: JSON.stringify({ metadata: { labels: { team: 'storage' } } }),
      });
      assert.equal(patched.status, 200);
      assert.equal(patched.json().metadata.labels.team, 'storage');
      assert.equal(patched.json().metadata.generation, before.metadata.generation, 'metadata changes leave generation alone');
      const stale = await request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json' },
        body: JSON.stringify({ metadata: { resourceVersion: before.metadata.resourceVersion }, spec: { replicas: 1 } }),
      });
      assert.equal(stale.status, 409);
      assert.equal(stale.json().reason, 'Conflict');
      assert.match(stale.json().message, /the object has been modified/);
    });

    it('answers 422 Invalid for negative replicas and 400 for malformed JSON', async () => {
      const path = '/apis/apps/v1/namespaces/kube-system/deployments/coredns';
      const invalid = await request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json' },
        body: '{"spec":{"replicas":-1}}',
      });
      assert.equal(invalid.status, 422);
      assert.equal(invalid.json().reason, 'Invalid');
      assert.equal(invalid.json().details.causes[0].field, 'spec.replicas');
      const malformed = await request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json' },
        body: '{"spec":',
      });
      assert.equal(malformed.status, 400);
    });

    it('rolls a Deployment out to a new ReplicaSet when its Pod template changes', async () => {
      const path = '/apis/apps/v1/namespaces/local-path-storage/deployments/local-path-provisioner';
      const patch = { spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-12-02T12:00:00Z' } } } } };
      const patched = await request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
        body: JSON.stringify(patch),
      });
      assert.equal(patched.status, 200);
      let replicaSets: {
        metadata: { annotations: Record<string, string> };
        spec: { replicas: number };
        status: { readyReplicas?: number };
      }[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        replicaSets = (await request('/apis/apps/v1/namespaces/local-path-storage/replicasets')).json().items;
        // The rolling update ends with the new revision's ReplicaSet ready and the old one scaled to none.
        const revision = (rs: (typeof replicaSets)[number]) => rs.metadata.annotations['deployment.kubernetes.io/revision'];
        if (
          replicaSets.length === 2 &&
          replicaSets.some((rs) => revision(rs) === '2' && rs.status.readyReplicas === 1) &&
          replicaSets.some((rs) => revision(rs) === '1' && rs.spec.replicas === 0)
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const byRevision = Object.fromEntries(
        replicaSets.map((rs) => [rs.metadata.annotations['deployment.kubernetes.io/revision'], rs.spec.replicas]),
      );
      assert.deepEqual(byRevision, { '1': 0, '2': 1 });
      const deployment = (await request(path)).json();
      assert.equal(deployment.metadata.annotations['deployment.kubernetes.io/revision'], '2');
      assert.equal(deployment.metadata.generation, 2);
    });

    it('serves the scale subresource of Deployments', async () => {
      const scale = (await request('/apis/apps/v1/namespaces/kube-system/deployments/coredns/scale')).json();
      assert.equal(scale.kind, 'Scale');
      assert.equal(scale.spec.replicas, 2);
      assert.equal(scale.status.selector, 'k8s-app=kube-dns');
    });

    it('deletes a Pod gracefully: the answer carries deletionTimestamp', async () => {
      const pods = (await request('/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkindnet')).json().items;
      const response = await request(`/api/v1/namespaces/kube-system/pods/${pods[0].metadata.name}`, {
        method: 'DELETE',
        body: '{"propagationPolicy":"Background"}',
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(response.status, 200);
      assert.ok(response.json().metadata.deletionTimestamp);
    });
  });

  describe('watch', () => {
    it('streams chunked JSON events and resumes from a resourceVersion without gaps', async () => {
      const list = (await request('/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases')).json();
      const watch = await demoWatch(
        demo.cluster,
        `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?watch=true&resourceVersion=${list.metadata.resourceVersion}`,
      );
      assert.equal(watch.status, 200);
      const first = await watch.next();
      assert.equal(first.type, 'MODIFIED');
      assert.equal(first.object.kind, 'Lease');
      assert.ok(Number(first.object.metadata.resourceVersion) > Number(list.metadata.resourceVersion));
      const second = await watch.next();
      watch.close();
      // Resuming from the first event's version delivers the second event again, and nothing before it.
      const resumed = await demoWatch(
        demo.cluster,
        `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?watch=true&resourceVersion=${first.object.metadata.resourceVersion}`,
      );
      const replayed = await resumed.next();
      resumed.close();
      assert.equal(replayed.object.metadata.resourceVersion, second.object.metadata.resourceVersion);
    });

    it('starts with ADDED events for existing objects when no resourceVersion is given, filtered by selectors', async () => {
      const watch = await demoWatch(demo.cluster, '/api/v1/namespaces/kube-system/pods?watch=1&labelSelector=tier%3Dcontrol-plane');
      const events = [await watch.next(), await watch.next(), await watch.next(), await watch.next()];
      watch.close();
      assert.ok(events.every((event) => event.type === 'ADDED' && event.object.metadata.labels.tier === 'control-plane'));
    });

    it('sends BOOKMARK events when allowed, and a last one at timeoutSeconds before ending', async () => {
      const watch = await demoWatch(
        demo.cluster,
        `/api/v1/namespaces/default/services?watch=true&allowWatchBookmarks=true&timeoutSeconds=1&resourceVersion=${demo.cluster.control.resourceVersion()}`,
      );
      const bookmark = await watch.next();
      assert.equal(bookmark.type, 'BOOKMARK');
      assert.equal(bookmark.object.kind, 'Service');
      assert.match(bookmark.object.metadata.resourceVersion, /^\d+$/);
      assert.equal(await watch.ended, 'end');
    });

    it('ends the stream at timeoutSeconds without bookmarks when not asked for', async () => {
      const watch = await demoWatch(
        demo.cluster,
        `/api/v1/namespaces/default/services?watch=true&timeoutSeconds=1&resourceVersion=${demo.cluster.control.resourceVersion()}`,
      );
      assert.equal(await watch.ended, 'end');
      await assert.rejects(watch.next(10), /ended/);
    });

    it('answers a too old resourceVersion with an ERROR event carrying 410 Expired', async () => {
      // The history is bounded (historySize 300 here): wait until renewals pushed version 1 out of it.
      for (let attempt = 0; attempt < 100 && demo.cluster.control.resourceVersion() < 1000; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const watch = await demoWatch(demo.cluster, '/apis/coordination.k8s.io/v1/leases?watch=true&resourceVersion=1');
      const event = await watch.next();
      assert.equal(event.type, 'ERROR');
      assert.equal(event.object.kind, 'Status');
      assert.equal(event.object.code, 410);
      assert.equal(event.object.reason, 'Expired');
      assert.match(event.object.message, /too old resource version: 1 \(\d+\)/);
    });

    it('sends watch events as Tables when kubectl asks for them', async () => {
      const watch = await demoWatch(
        demo.cluster,
        `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?watch=true&resourceVersion=${demo.cluster.control.resourceVersion()}`,
        { Accept: tableAccept },
      );
      const event = await watch.next();
      watch.close();
      assert.equal(event.object.kind, 'Table');
      assert.equal(event.object.rows.length, 1);
      assert.equal(event.object.rows[0].cells[0], event.object.rows[0].object.metadata.name);
    });

    it('turns a selector exit into DELETED for a filtered watch', async () => {
      const watch = await demoWatch(
        demo.cluster,
        `/api/v1/namespaces/kube-system/pods?watch=true&fieldSelector=${encodeURIComponent('status.phase=Running')}&labelSelector=k8s-app%3Dkube-proxy&resourceVersion=${demo.cluster.control.resourceVersion()}`,
      );
      const pods = (await request('/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-proxy')).json().items;
      const live = pods.find((pod: { metadata: { deletionTimestamp?: string } }) => !pod.metadata.deletionTimestamp);
      demo.cluster.control.deletePod('kube-system', live.metadata.name);
      const events = await watch.until((event) => event.type === 'DELETED' && event.object.metadata.name === live.metadata.name);
      watch.close();
      assert.equal(events[0]!.type, 'MODIFIED', 'deletionTimestamp set while still Running');
    });
  });

  describe('robustness', () => {
    it('answers a deterministic spread of odd requests with Status errors, never a crash', async () => {
      const paths = [
        '/api/v1/pods',
        '/api/v1/namespaces/kube-system/pods/etcd-multi-node-control-plane',
        '/apis/apps/v1/namespaces/kube-system/deployments/coredns',
        '/apis/apps/v1/namespaces/kube-system/deployments/coredns/scale',
        '/api/v1/nodes/multi-node-worker',
        '/apis/coordination.k8s.io/v1/leases',
        '/api/v1/namespaces/kube-system/pods/etcd-multi-node-control-plane/log',
      ];
      const queries = [
        '',
        '?limit=abc',
        '?resourceVersion=xyz',
        '?watch=true&timeoutSeconds=abc',
        '?labelSelector=%28%28',
        '?fieldSelector=%3D%3D',
        '?continue=%FF',
        '?resourceVersionMatch=Exact',
        '?resourceVersion=999999999&resourceVersionMatch=NotOlderThan',
        '?includeObject=Nonsense',
        '?tailLines=x',
      ];
      const bodies = [
        undefined,
        '',
        'null',
        '[]',
        '{"spec":{"replicas":"three"}}',
        '[{"op":"replace","path":"/spec/replicas","value":1}]',
        '[{"op":"remove","path":"/no/such"}]',
        '{"metadata":{"name":"other"}}',
        '\u0000\u0001',
      ];
      const methods = ['GET', 'PATCH', 'PUT', 'DELETE', 'POST', 'OPTIONS'];
      const contentTypes = ['application/merge-patch+json', 'application/json-patch+json', 'application/json', 'text/plain'];
      let seed = 7;
      const pick = <T>(items: readonly T[]): T => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return items[seed % items.length]!;
      };
      for (let index = 0; index < 150; index++) {
        const method = pick(methods);
        const path = `${pick(paths)}${pick(queries)}`;
        if (method === 'DELETE' && path.includes('/pods/')) continue; // keep the static Pod around for the other cases
        if (path.includes('watch=true') && !path.includes('timeoutSeconds=abc')) continue;
        const response = await request(path, {
          method,
          body: method === 'GET' ? undefined : pick(bodies),
          headers: { 'Content-Type': pick(contentTypes), Accept: tableAccept },
        });
        assert.ok(response.status >= 200 && response.status < 600, `${method} ${path}`);
        if (response.status >= 400 && response.status !== 404) {
          const status = response.json();
          assert.equal(status.kind, 'Status', `${method} ${path}: ${response.text}`);
          assert.equal(status.code, response.status);
          assert.notEqual(response.status, 500, `${method} ${path}: ${response.text}`);
        }
      }
      assert.equal((await request('/healthz')).text, 'ok');
    });

    it('survives malformed requests and keeps serving', async () => {
      const bad = await request('/api/v1/namespaces/%E0%A4%A/pods');
      assert.equal(bad.status, 400);
      const garbage = await new Promise<string>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: demo.cluster.port, ca: demo.cluster.caPem, servername: 'localhost' }, () => {
          socket.write('NOT HTTP AT ALL\r\n\r\n');
        });
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', () => resolve(data));
      });
      assert.ok(!garbage.includes('200 OK'));
      const rawTcp = await new Promise<void>((resolve) => {
        // A client that aborts the TLS handshake.
        const socket = connect({ host: '127.0.0.1', port: demo.cluster.port, rejectUnauthorized: true }, () => undefined);
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
      });
      void rawTcp;
      const huge = await request('/apis/apps/v1/namespaces/kube-system/deployments/coredns', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json' },
        body: 'x'.repeat(4 * 1024 * 1024),
      });
      assert.equal(huge.status, 413);
      const still = await request('/api/v1/nodes');
      assert.equal(still.status, 200);
    });
  });
});
