import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointChanges } from '../../../../src/core/trace/endpoints';
import { EventRing } from '../../../../src/core/trace/eventRing';
import { endpointSliceOf, parseTraceTarget, traceObjectOf, type TraceTarget } from '../../../../src/core/trace/objects';
import { countsText, defaultTraceStrings, renderTraceText, stepText, type TraceStrings } from '../../../../src/core/trace/render';
import { TraceReplay } from '../../../../src/core/trace/replay';
import { parseSavedTrace, savedTraceOf, savedTraceText } from '../../../../src/core/trace/savedTrace';
import { buildTrace, type TraceInput } from '../../../../src/core/trace/timeline';

const T0 = Date.parse('2026-12-03T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
const target: TraceTarget = { kind: 'Service', namespace: 'default', name: 'web' };

const service = traceObjectOf(
  {
    metadata: {
      name: 'web',
      namespace: 'default',
      uid: 's1',
      creationTimestamp: at(0),
      managedFields: [{ manager: 'kubectl-create', operation: 'Update', time: at(0), fieldsV1: { 'f:spec': {} } }],
    },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
  },
  'Service',
);

function pod(name: string, uid: string, readyAt: number | null, labels: Record<string, string> = { app: 'web' }) {
  return traceObjectOf(
    {
      metadata: {
        name,
        namespace: 'default',
        uid,
        labels,
        creationTimestamp: at(1),
        managedFields: [
          { manager: 'kubelet', operation: 'Update', subresource: 'status', time: at(readyAt ?? 3), fieldsV1: { 'f:status': {} } },
        ],
      },
      spec: { nodeName: 'worker-1', containers: [{ name: 'web', image: 'nginx' }] },
      status: {
        conditions: readyAt === null ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: at(readyAt) }],
      },
    },
    'Pod',
  );
}

/** The same slice as discovery.k8s.io/v1 writes it, or v1beta1 (the node in topology, `ready` alone). */
function slice(
  version: 'v1' | 'v1beta1',
  endpoints: { pod: string; uid: string; ip: string; ready: boolean; terminating?: boolean }[],
  written: number,
  options: { managedBy?: string | null; created?: number } = {},
) {
  const managedBy = options.managedBy === undefined ? 'endpointslice-controller.k8s.io' : options.managedBy;
  return endpointSliceOf(
    {
      apiVersion: `discovery.k8s.io/${version}`,
      kind: 'EndpointSlice',
      metadata: {
        name: 'web-abcde',
        namespace: 'default',
        uid: 'es1',
        creationTimestamp: at(options.created ?? 1),
        labels: { 'kubernetes.io/service-name': 'web', ...(managedBy && { 'endpointslice.kubernetes.io/managed-by': managedBy }) },
        managedFields: [{ manager: 'kube-controller-manager', operation: 'Update', time: at(written), fieldsV1: { 'f:endpoints': {} } }],
      },
      addressType: 'IPv4',
      endpoints: endpoints.map((endpoint) => ({
        addresses: [endpoint.ip],
        conditions:
          version === 'v1'
            ? {
                ready: endpoint.ready,
                serving: endpoint.ready || Boolean(endpoint.terminating),
                terminating: Boolean(endpoint.terminating),
              }
            : { ready: endpoint.ready },
        ...(version === 'v1' ? { nodeName: 'worker-1' } : { topology: { 'kubernetes.io/hostname': 'worker-1' } }),
        targetRef: { kind: 'Pod', namespace: 'default', name: endpoint.pod, uid: endpoint.uid },
      })),
    },
    `discovery.k8s.io/${version}`,
  );
}

function input(extra: Partial<TraceInput>): TraceInput {
  return { target, root: service, replicaSets: [], pods: [], events: new EventRing(), endpointSliceApi: 'discovery.k8s.io/v1', ...extra };
}

const hidden = {
  id: 'endpointSlices',
  what: 'EndpointSlices in default',
  resource: 'endpointslices',
  reason: 'endpointslices.discovery.k8s.io is forbidden',
  needs: [
    {
      text: 'list endpointslices.discovery.k8s.io in default',
      verb: 'list',
      resource: 'endpointslices.discovery.k8s.io',
      namespace: 'default',
      canI: 'kubectl auth can-i list endpointslices.discovery.k8s.io -n default',
      verdict: 'denied' as const,
    },
  ],
};

describe('the trace of a Service through its EndpointSlices', () => {
  it('parses svc/NAME and service/NAME as a Service target', () => {
    assert.deepEqual(parseTraceTarget('svc/web', 'default'), target);
    assert.deepEqual(parseTraceTarget('service/web', 'team'), { ...target, namespace: 'team' });
    assert.equal(service.matchLabels?.app, 'web');
  });

  for (const version of ['v1', 'v1beta1'] as const) {
    it(`read afterwards (${version}): the slice created by the EndpointSlice controller, each endpoint ready after kubelet made its Pod Ready`, () => {
      const pods = [pod('web-1', 'p1', 4), pod('web-2', 'p2', 6), pod('other', 'p3', 2, { app: 'other' })];
      const slices = [
        slice(
          version,
          [
            { pod: 'web-1', uid: 'p1', ip: '10.244.1.5', ready: true },
            { pod: 'web-2', uid: 'p2', ip: '10.244.1.6', ready: true },
          ],
          7,
        ),
      ];
      const trace = buildTrace(input({ pods, endpointSlices: slices, endpointSliceApi: `discovery.k8s.io/${version}` }));
      const kinds = trace.steps.map((step) => `${step.kind} ${step.object.name}`);
      assert.deepEqual(kinds, [
        'stored web',
        'slice-created web-abcde',
        'ready web-1',
        'endpoint-ready web-abcde',
        'ready web-2',
        'endpoint-ready web-abcde',
      ]);
      const created = trace.steps[1]!;
      assert.deepEqual([created.component, created.actor], ['kube-controller-manager', 'endpointslice-controller']);
      const ready = trace.steps.filter((step) => step.kind === 'endpoint-ready');
      assert.deepEqual(
        ready.map((step) => [
          step.endpoint?.targetName,
          step.node,
          step.endpoint?.addresses.join(),
          step.endpoint?.podReadyBy,
          step.component,
        ]),
        [
          ['web-1', 'worker-1', '10.244.1.5', 'kubelet', 'kube-controller-manager'],
          ['web-2', 'worker-1', '10.244.1.6', 'kubelet', 'kube-controller-manager'],
        ],
      );
      // No time is recorded per endpoint: each is placed when its Pod turned Ready, and says the slice's write bounds it.
      assert.deepEqual(
        ready.map((step) => [step.time, step.endpoint?.notAfter]),
        [
          [at(4), at(7)],
          [at(6), at(7)],
        ],
      );
      assert.equal(
        stepText(ready[0]!),
        `Endpoint 10.244.1.5 of Pod web-1 on worker-1 ready in EndpointSlice web-abcde: kubelet made the Pod Ready (the slice keeps no time per endpoint: by ${at(7)} at the latest)`,
      );
      assert.deepEqual(ready[0]!.endpoint?.serving, version === 'v1' ? true : null);
      // v1beta1 of 1.20 says nothing of serving and terminating: not counted as zero.
      assert.deepEqual(
        trace.counts.endpoints,
        version === 'v1' ? { total: 2, ready: 2, serving: 2, terminating: 0 } : { total: 2, ready: 2, serving: null, terminating: null },
      );
      assert.equal(
        countsText(trace),
        version === 'v1'
          ? 'Endpoints: 2 · ready 2 · serving 2 · terminating 0 · Pods selected: 2, Ready 2'
          : 'Endpoints: 2 · ready 2 · Pods selected: 2, Ready 2',
      );
    });
  }

  it('a slice written only at its creation dates its endpoints; another manager is named as such', () => {
    const trace = buildTrace(
      input({
        endpointSlices: [slice('v1', [{ pod: 'web-1', uid: 'p1', ip: '10.0.0.9', ready: false }], 1, { managedBy: 'example.com/mesh' })],
      }),
    );
    const added = trace.steps.find((step) => step.kind === 'endpoint-added')!;
    assert.deepEqual([added.time, added.endpoint?.notAfter, added.component, added.actor], [at(1), null, 'other', 'example.com/mesh']);
    assert.equal(stepText(added), 'Endpoint 10.0.0.9 of Pod web-1 on worker-1 added to EndpointSlice web-abcde, not ready yet');
    const mirrored = buildTrace(
      input({ endpointSlices: [slice('v1', [], 1, { managedBy: 'endpointslicemirroring-controller.k8s.io' })] }),
    ).steps.find((step) => step.kind === 'slice-created')!;
    assert.deepEqual([mirrored.component, mirrored.actor], ['kube-controller-manager', 'endpointslicemirroring-controller']);
    // Without the label, the writer its managedFields name.
    const unlabelled = buildTrace(input({ endpointSlices: [slice('v1', [], 1, { managedBy: null })] })).steps.find(
      (step) => step.kind === 'slice-created',
    )!;
    assert.deepEqual([unlabelled.component, unlabelled.actor], ['kube-controller-manager', 'kube-controller-manager']);
  });

  it('live: each write the watch saw is a step timed by the slice write, from added to ready to terminating to removed', () => {
    const p1 = pod('web-1', 'p1', 4);
    const listed = slice('v1', [], 1);
    const added = slice('v1', [{ pod: 'web-1', uid: 'p1', ip: '10.244.1.5', ready: false }], 3);
    const ready = slice('v1', [{ pod: 'web-1', uid: 'p1', ip: '10.244.1.5', ready: true }], 5);
    const terminating = slice('v1', [{ pod: 'web-1', uid: 'p1', ip: '10.244.1.5', ready: false, terminating: true }], 9);
    const removed = slice('v1', [], 12);
    const seenAt = (seconds: number) => T0 + seconds * 1000 + 200;
    const changes = [
      ...endpointChanges(listed, added, seenAt(3)),
      ...endpointChanges(added, ready, seenAt(5)),
      // The same version again (a resync) changes nothing.
      ...endpointChanges(ready, ready, seenAt(6)),
      ...endpointChanges(ready, terminating, seenAt(9)),
      ...endpointChanges(terminating, removed, seenAt(12)),
    ];
    assert.equal(changes.length, 4);
    const trace = buildTrace(
      input({
        pods: [p1],
        endpointSlices: [removed],
        observations: { scaled: [], removed: [], firstSlices: [listed], endpointChanges: changes },
      }),
    );
    const endpointSteps = trace.steps.filter((step) => step.endpoint);
    assert.deepEqual(
      endpointSteps.map((step) => [step.kind, step.time, step.observedAt, step.endpoint?.notAfter]),
      [
        ['endpoint-added', at(3), seenAt(3), null],
        ['endpoint-ready', at(5), seenAt(5), null],
        ['endpoint-not-ready', at(9), seenAt(9), null],
        ['endpoint-removed', at(12), seenAt(12), null],
      ],
    );
    // kubelet's Ready comes before the controller's endpoint, which names it.
    const order = trace.steps.map((step) => step.kind);
    assert.ok(order.indexOf('ready') < order.indexOf('endpoint-ready'), order.join(', '));
    assert.equal(
      stepText(endpointSteps[2]!),
      'Endpoint 10.244.1.5 of Pod web-1 on worker-1 terminating in EndpointSlice web-abcde (serving: yes)',
    );
    assert.equal(stepText(endpointSteps[3]!), 'Endpoint 10.244.1.5 of Pod web-1 on worker-1 removed from EndpointSlice web-abcde');
    assert.deepEqual(trace.counts.endpoints, { total: 0, ready: 0, serving: null, terminating: null });
  });

  it('EndpointSlices that may not be read are named with the permissions and kubectl lines; not served, said so', () => {
    const trace = buildTrace(input({ hidden: [hidden] }));
    assert.equal(trace.counts.endpoints, undefined, 'not read is not zero');
    const text = renderTraceText(trace, { context: 'limited' });
    assert.match(text, /EndpointSlices in default: hidden from you — needs list endpointslices\.discovery\.k8s\.io in default/);
    assert.match(text, /Check: kubectl auth can-i list endpointslices\.discovery\.k8s\.io -n default --context limited/);
    assert.match(text, /Pods: 0 · scheduled 0/);
    const notServed = renderTraceText(buildTrace(input({ endpointSliceApi: null })));
    assert.match(notServed, /EndpointSlices are not served by this cluster/);
  });

  it('says it in Japanese: every new sentence has its translation', () => {
    const ja = JSON.parse(readFileSync(join(__dirname, '../../../../l10n/bundle.l10n.ja.json'), 'utf8')) as Record<string, string>;
    const strings = Object.fromEntries(
      Object.entries(defaultTraceStrings).map(([key, english]) => [key, ja[english] ?? english]),
    ) as TraceStrings;
    const trace = buildTrace(
      input({
        pods: [pod('web-1', 'p1', 4)],
        endpointSlices: [slice('v1', [{ pod: 'web-1', uid: 'p1', ip: '10.244.1.5', ready: true }], 7)],
      }),
    );
    const ready = trace.steps.find((step) => step.kind === 'endpoint-ready')!;
    const text = stepText(ready, strings);
    assert.match(text, /10\.244\.1\.5/);
    assert.match(text, /web-1/);
    assert.match(text, /[\u3040-\u30ff]/, text);
    assert.match(
      stepText(
        trace.steps.find((step) => step.kind === 'slice-created')!,
        strings,
      ),
      /[\u3040-\u30ff]/,
    );
    assert.match(countsText(trace, strings), /[\u3040-\u30ff]/);
  });

  it('a saved Service trace keeps its endpoint steps, counts and hidden reads, and replays them as saved', () => {
    const trace = buildTrace(
      input({
        pods: [pod('web-1', 'p1', 4)],
        endpointSlices: [slice('v1beta1', [{ pod: 'web-1', uid: 'p1', ip: '10.244.1.5', ready: true }], 7)],
        endpointSliceApi: 'discovery.k8s.io/v1beta1',
        hidden: [hidden],
      }),
    );
    const saved = savedTraceOf(trace, [], { context: 'kind', savedAt: new Date(T0) });
    const read = parseSavedTrace(savedTraceText(saved));
    assert.deepEqual(read.trace, JSON.parse(JSON.stringify(trace)));
    const ready = read.trace.steps.find((step) => step.kind === 'endpoint-ready')!;
    assert.equal(ready.endpoint?.targetName, 'web-1');
    assert.equal(ready.endpoint?.serving, null);
    assert.equal(read.trace.endpointSliceApi, 'discovery.k8s.io/v1beta1');
    assert.equal(read.trace.hidden?.[0]?.needs[0]?.canI, hidden.needs[0]!.canI);
    assert.equal(renderTraceText(read.trace), renderTraceText(trace));
    const replay = new TraceReplay(read, { setTimeout: () => 0, clearTimeout: () => undefined });
    replay.next();
    replay.next();
    assert.deepEqual(
      replay.current.steps.map((step) => step.kind),
      ['stored', 'slice-created'],
    );
    while (replay.position < replay.length) replay.next();
    assert.equal(stepText(replay.step!), stepText(trace.steps.at(-1)!));
    // A field of the wrong type is refused with its place.
    const broken = JSON.parse(savedTraceText(saved)) as { trace: { steps: { endpoint?: { ready: unknown } }[] } };
    broken.trace.steps.find((step) => step.endpoint)!.endpoint!.ready = 'yes';
    assert.throws(() => parseSavedTrace(JSON.stringify(broken)), /trace\.steps\[\d+\]\.endpoint\.ready is not true or false/);
  });
  it("a workload's trace shows the endpoint steps of its own Pods, in the slices of the Services that select them", () => {
    const deployment = traceObjectOf(
      {
        metadata: { name: 'web', namespace: 'default', uid: 'd1', creationTimestamp: at(0) },
        spec: { replicas: 1, selector: { matchLabels: { app: 'web' } } },
      },
      'Deployment',
    );
    const replicaSet = traceObjectOf(
      {
        metadata: {
          name: 'web-1',
          namespace: 'default',
          uid: 'r1',
          creationTimestamp: at(0),
          ownerReferences: [{ kind: 'Deployment', name: 'web', uid: 'd1', controller: true }],
        },
        spec: { replicas: 1 },
      },
      'ReplicaSet',
    );
    const own = traceObjectOf(
      {
        metadata: {
          name: 'web-1-a',
          namespace: 'default',
          uid: 'p1',
          labels: { app: 'web' },
          creationTimestamp: at(1),
          ownerReferences: [{ kind: 'ReplicaSet', name: 'web-1', uid: 'r1', controller: true }],
        },
        spec: { nodeName: 'worker-1', containers: [{ name: 'web', image: 'nginx' }] },
        status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: at(4) }] },
      },
      'Pod',
    );
    const slices = [
      slice(
        'v1',
        [
          { pod: 'web-1-a', uid: 'p1', ip: '10.244.1.5', ready: true },
          { pod: 'someone-else', uid: 'p9', ip: '10.244.1.9', ready: true },
        ],
        7,
      ),
    ];
    const workload = buildTrace({
      target: { kind: 'Deployment', namespace: 'default', name: 'web' },
      root: deployment,
      replicaSets: [replicaSet],
      pods: [own],
      events: new EventRing(),
      endpointSlices: slices,
    });
    const endpointSteps = workload.steps.filter((step) => step.endpoint);
    assert.deepEqual(
      endpointSteps.map((step) => [step.kind, step.endpoint?.targetName]),
      [['endpoint-ready', 'web-1-a']],
    );
    assert.ok(!workload.steps.some((step) => step.kind === 'slice-created'), "the slice's creation is its Service's story");
    const kinds = workload.steps.map((step) => step.kind);
    assert.ok(kinds.indexOf('ready') < kinds.indexOf('endpoint-ready'), kinds.join(', '));
    assert.equal(workload.counts.endpoints, undefined);
    // Without the slices read, the workload's trace is as before.
    const without = buildTrace({
      target: workload.target,
      root: deployment,
      replicaSets: [replicaSet],
      pods: [own],
      events: new EventRing(),
    });
    assert.ok(!without.steps.some((step) => step.endpoint));
  });
});
