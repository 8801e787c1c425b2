import * as assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { buildCluster, SuffixSource } from '../../../src/demo/fixture';
import { resourceTypeOfKind, type KubeObject } from '../../../src/demo/resources';
import { ClusterSimulation, POD_CREATE_BATCH, postsNodeStatus, timingFor } from '../../../src/demo/simulation';
import { ObjectStore } from '../../../src/demo/store';
import { jsonNestsDeeperThan, MAX_DEMO_REPLICAS, prototypeKeyPath, watchTimeoutOf } from '../../../src/demo/writeValidation';
import { useDemo } from '../../support/demo';
import { until } from '../../support/until';

const deploymentPath = '/apis/apps/v1/namespaces/kube-system/deployments/coredns';
const mergePatch = { 'Content-Type': 'application/merge-patch+json' };
const jsonPatch = { 'Content-Type': 'application/json-patch+json' };

describe('the demo API server against hostile writes', () => {
  const { demo, request } = useDemo({ timeScale: 50 });

  it('answers {"spec":{"template":null}} with 422 naming the fields, and stores nothing', async () => {
    const before = (await request(deploymentPath)).json();
    const response = await request(deploymentPath, { method: 'PATCH', headers: mergePatch, body: '{"spec":{"template":null}}' });
    assert.equal(response.status, 422);
    const status = response.json();
    assert.equal(status.reason, 'Invalid');
    const fields = status.details.causes.map((cause: { field: string }) => cause.field);
    assert.ok(fields.includes('spec.template.spec.containers'), fields.join(', '));
    assert.ok(fields.includes('spec.template.metadata.labels'), fields.join(', '));
    assert.match(status.message, /^Deployment\.apps "coredns" is invalid: /);
    assert.equal((await request(deploymentPath)).json().metadata.resourceVersion, before.metadata.resourceVersion);
  });

  it('refuses containers without an image, and a selector the template does not match', async () => {
    const noImage = await request(deploymentPath, {
      method: 'PATCH',
      headers: jsonPatch,
      body: JSON.stringify([{ op: 'remove', path: '/spec/template/spec/containers/0/image' }]),
    });
    assert.equal(noImage.status, 422);
    assert.equal(noImage.json().details.causes[0].field, 'spec.template.spec.containers[0].image');
    const selector = await request(deploymentPath, {
      method: 'PATCH',
      headers: mergePatch,
      body: '{"spec":{"selector":{"matchLabels":{"k8s-app":"other"}}}}',
    });
    assert.equal(selector.status, 422);
    assert.equal(selector.json().details.causes[0].field, 'spec.template.metadata.labels');
  });

  it('never lets __proto__, constructor or prototype reach Object.prototype', async () => {
    const attempts: [Record<string, string>, string][] = [
      [jsonPatch, JSON.stringify([{ op: 'add', path: '/__proto__/polluted', value: 'yes' }])],
      [jsonPatch, JSON.stringify([{ op: 'add', path: '/spec/constructor/prototype/polluted', value: 'yes' }])],
      [
        jsonPatch,
        JSON.stringify([{ op: 'add', path: '/metadata/labels/team', value: { __proto__: { polluted: 'yes' } } }]).replace(
          '"value":{}',
          '"value":{"__proto__":{"polluted":"yes"}}',
        ),
      ],
      [mergePatch, '{"__proto__":{"polluted":"yes"}}'],
      [mergePatch, '{"spec":{"constructor":{"prototype":{"polluted":"yes"}}}}'],
    ];
    for (const [headers, body] of attempts) {
      const response = await request(deploymentPath, { method: 'PATCH', headers, body });
      assert.equal(response.status, 400, `${body}: ${response.text}`);
      assert.match(response.json().message, /unknown field/);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
  });

  it('answers a 100k-deep patch with 400, not 500, and keeps serving', async () => {
    const deep = `{"metadata":{"annotations":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const response = await request(deploymentPath, { method: 'PATCH', headers: mergePatch, body: deep });
    assert.equal(response.status, 400);
    assert.match(response.json().message, /exceeded max depth/);
    const deepJsonPatch = `[{"op":"add","path":"/metadata/labels/x","value":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]`;
    assert.equal((await request(deploymentPath, { method: 'PATCH', headers: jsonPatch, body: deepJsonPatch })).status, 400);
    assert.equal((await request(deploymentPath)).status, 200);
  });

  it('bounds what JSON Patch copies can add (each copy could double the object)', async () => {
    const copies = Array.from({ length: 40 }, () => ({ op: 'copy', from: '/spec', path: '/spec/template/metadata/annotations/copy' }));
    const response = await request(deploymentPath, { method: 'PATCH', headers: jsonPatch, body: JSON.stringify(copies) });
    assert.ok(response.status === 422, `${response.status}: ${response.text.slice(0, 200)}`);
  });

  it(`scales to at most ${MAX_DEMO_REPLICAS} replicas: 2000 and 1e6 are 422 naming spec.replicas`, async () => {
    for (const replicas of ['2000', '1000000', '1e6']) {
      const response = await request(`${deploymentPath}/scale`, {
        method: 'PATCH',
        headers: mergePatch,
        body: `{"spec":{"replicas":${replicas}}}`,
      });
      assert.equal(response.status, 422, `${replicas}: ${response.text}`);
      assert.equal(response.json().details.causes[0].field, 'spec.replicas');
      assert.match(response.json().message, new RegExp(`less than or equal to ${MAX_DEMO_REPLICAS}`));
    }
  });

  it('deletes a Pod with gracePeriodSeconds=1e14 (deletion time clamped as a Go Duration is), and refuses "1e14" in the query', async () => {
    const pods = (await request('/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-dns')).json();
    const name = pods.items[0].metadata.name;
    const query = await request(`/api/v1/namespaces/kube-system/pods/${name}?gracePeriodSeconds=1e14`, { method: 'DELETE' });
    assert.equal(query.status, 400);
    const response = await request(`/api/v1/namespaces/kube-system/pods/${name}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: '{"gracePeriodSeconds":100000000000000}',
    });
    assert.equal(response.status, 200, response.text);
    const deleted = response.json();
    assert.equal(deleted.metadata.deletionGracePeriodSeconds, 1e14);
    const year = new Date(deleted.metadata.deletionTimestamp).getUTCFullYear();
    assert.ok(year > 2200 && year < 2400, deleted.metadata.deletionTimestamp);
  });

  it('keeps a watch with timeoutSeconds=3000000 open (Node.js timers above 24.8 days fire at once)', async () => {
    const url = new URL(`${demo().cluster.server}/api/v1/namespaces/kube-system/pods?watch=true&timeoutSeconds=3000000`);
    const ended = await new Promise<boolean>((resolve, reject) => {
      const watch = httpsRequest(
        url,
        { headers: { Authorization: `Bearer ${demo().cluster.token}` }, ca: demo().cluster.caPem },
        (response) => {
          assert.equal(response.statusCode, 200);
          let done = false;
          response.on('end', () => {
            done = true;
          });
          response.resume();
          // A watch that closed at once has ended by the next events the server writes; give it a few.
          setTimeout(() => {
            watch.destroy();
            resolve(done);
          }, 500);
        },
      );
      watch.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      watch.end();
    });
    assert.equal(ended, false);
    assert.equal(watchTimeoutOf('3000000'), 3_000_000);
    assert.equal(watchTimeoutOf('0'), undefined, '0 means the default');
    assert.throws(() => watchTimeoutOf('3e6'), /invalid syntax/, 'an int64 in the query, as the real server parses it');
  });
});

describe('the demo simulation bounds the work of one write', () => {
  const deploymentType = resourceTypeOfKind('Deployment');
  const podType = resourceTypeOfKind('Pod');

  /** A started simulation, settled: the cluster's own rollout (the team's app) is done before the test writes. */
  async function simulated(): Promise<{ store: ObjectStore; simulation: ClusterSimulation }> {
    const store = new ObjectStore(100_000);
    const suffixes = new SuffixSource();
    const built = buildCluster(store, suffixes, { nodes: 3 });
    const simulation = new ClusterSimulation(store, built, suffixes, timingFor(1000));
    simulation.start();
    await simulation.whenSettled();
    return { store, simulation };
  }

  it(`creates ${MAX_DEMO_REPLICAS} Pods at most ${POD_CREATE_BATCH} per turn of the event loop`, async () => {
    const { store, simulation } = await simulated();
    try {
      const perTurn: number[] = [0];
      const subscription = store.subscribe((event) => {
        if (event.type === 'ADDED' && event.object.kind === 'Pod') perTurn[perTurn.length - 1]!++;
      });
      let turning = true;
      const turn = () => {
        if (!turning) return;
        perTurn.push(0);
        setImmediate(turn);
      };
      setImmediate(turn);
      const coredns = store.get(deploymentType, 'kube-system', 'coredns')!;
      simulation.updateDeployment({ ...coredns, spec: { ...(coredns.spec as object), replicas: MAX_DEMO_REPLICAS } });
      for (let attempt = 0; attempt < 400; attempt++) {
        const owned = store
          .list(podType, 'kube-system')
          .filter((pod) => pod.metadata.labels?.['k8s-app'] === 'kube-dns' && !pod.metadata.deletionTimestamp);
        if (owned.length >= MAX_DEMO_REPLICAS) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      turning = false;
      subscription.dispose();
      const created = perTurn.reduce((sum, count) => sum + count, 0);
      assert.ok(created >= MAX_DEMO_REPLICAS - 2, `created ${created}`);
      assert.ok(Math.max(...perTurn) <= POD_CREATE_BATCH, `at most ${Math.max(...perTurn)} Pods in one turn`);
    } finally {
      simulation.stop();
    }
  });

  it('runs a backlog of steps in slices: work that waits behind it gets a turn before the backlog is done', async () => {
    // 30 steps of 2 ms each, due at once (as a fan-out makes them): run in one go they would hold the server 60 ms.
    class Backlog extends ClusterSimulation {
      due(action: () => void): void {
        this.nextTurn(action);
      }
    }
    const store = new ObjectStore(100_000);
    const suffixes = new SuffixSource();
    const simulation = new Backlog(store, buildCluster(store, suffixes, { nodes: 3 }), suffixes, timingFor(1000));
    try {
      const ran: number[] = [];
      for (let step = 0; step < 30; step++) {
        simulation.due(() => {
          const busyUntil = performance.now() + 2;
          while (performance.now() < busyUntil);
          ran.push(step);
        });
      }
      const ranBeforeOtherWork = await new Promise<number>((resolve) => setImmediate(() => resolve(ran.length)));
      await until('the backlog to finish', () => ran.length === 30);
      assert.ok(ranBeforeOtherWork < 30, 'the whole backlog ran before anything else had a turn');
      assert.ok(ranBeforeOtherWork > 0, 'the backlog waited for the other work instead of starting');
      assert.deepEqual(
        ran,
        Array.from({ length: 30 }, (_, step) => step),
        'the steps ran out of order',
      );
    } finally {
      simulation.stop();
    }
  });

  it('a step that throws is caught in its timer: the process lives and the heartbeats go on', async () => {
    const { store, simulation } = await simulated();
    try {
      const coredns = store.get(deploymentType, 'kube-system', 'coredns')!;
      // Straight to the simulation, past the API's validation: the rollout reads spec.template from a timer.
      simulation.updateDeployment({ ...coredns, spec: { ...(coredns.spec as object), template: null } } as unknown as KubeObject);
      const leaseType = resourceTypeOfKind('Lease');
      const renewTime = () => (store.get(leaseType, 'kube-node-lease', 'multi-node-worker')!.spec as { renewTime: string }).renewTime;
      for (let attempt = 0; attempt < 200 && simulation.timerErrors.length === 0; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(simulation.timerErrors.length, 1, 'the rollout failed in its timer');
      const before = renewTime();
      for (let attempt = 0; attempt < 300 && renewTime() === before; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.notEqual(renewTime(), before, 'Leases are still renewed');
    } finally {
      simulation.stop();
    }
  });
});

describe('demo write validation helpers', () => {
  it('measures JSON nesting in one pass, skipping strings', () => {
    assert.equal(jsonNestsDeeperThan('[[[]]]', 3), false);
    assert.equal(jsonNestsDeeperThan('[[[[]]]]', 3), true);
    assert.equal(jsonNestsDeeperThan('{"a":"[[[[[[\\"[[["}', 1), false);
  });

  it('finds prototype keys at any depth, with their path', () => {
    assert.equal(prototypeKeyPath(JSON.parse('{"spec":{"items":[{"__proto__":{}}]}}')), 'spec.items[0].__proto__');
    assert.equal(prototypeKeyPath({ spec: { constructor: 1 } }), 'spec.constructor');
    assert.equal(prototypeKeyPath({ spec: { name: 'prototype' } }), undefined, 'values are not keys');
  });

  it('spreads Node status posts: each node once every 30 renewals, N/30 nodes a round', () => {
    const nodes = 90;
    const posts = new Map<number, number>();
    const perRound: number[] = [];
    for (let round = 0; round < 30; round++) {
      let count = 0;
      for (let node = 0; node < nodes; node++) {
        if (postsNodeStatus(round * nodes + node, nodes)) {
          count++;
          posts.set(node, (posts.get(node) ?? 0) + 1);
        }
      }
      perRound.push(count);
    }
    assert.deepEqual([...new Set(posts.values())], [1], 'every node posts exactly once in 30 rounds');
    assert.equal(posts.size, nodes);
    assert.deepEqual([...new Set(perRound)], [nodes / 30], 'the same number of posts every round');
  });
});
