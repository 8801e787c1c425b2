import * as assert from 'node:assert/strict';
import { EventRing } from '../../../../src/core/trace/eventRing';
import { parseTraceTarget, type TraceEvent, traceEventOf, traceObjectOf, type TraceTarget } from '../../../../src/core/trace/objects';
import { latencyText, renderTraceMarkdown, renderTraceText, stepText, traceJson } from '../../../../src/core/trace/render';
import { terminalSafe } from '../../../../src/cli/terminalText';
import { buildTrace, MAX_TRACE_STEPS, parseScaling, type TraceInput } from '../../../../src/core/trace/timeline';

const T0 = Date.parse('2026-12-03T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
const micro = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('Z', '000Z');

const target: TraceTarget = { kind: 'Deployment', namespace: 'default', name: 'web' };

function deployment(extra: Record<string, unknown> = {}) {
  return traceObjectOf(
    {
      metadata: {
        name: 'web',
        namespace: 'default',
        uid: 'd1',
        generation: 2,
        creationTimestamp: at(0),
        managedFields: [
          { manager: 'kubectl-client-side-apply', operation: 'Update', time: at(0), fieldsV1: { 'f:metadata': {}, 'f:spec': {} } },
          { manager: 'kubectl', operation: 'Update', subresource: 'scale', time: at(20), fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
          { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', time: at(25), fieldsV1: { 'f:status': {} } },
        ],
      },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } } },
      status: {
        conditions: [
          {
            type: 'Progressing',
            status: 'True',
            reason: 'NewReplicaSetAvailable',
            message: 'ReplicaSet "web-1" has successfully progressed.',
            lastUpdateTime: at(30),
            lastTransitionTime: at(0),
          },
        ],
      },
      ...extra,
    },
    'Deployment',
  );
}

function replicaSet(name: string, uid: string, created: number, replicas: number, owner = 'd1') {
  return traceObjectOf(
    {
      metadata: {
        name,
        namespace: 'default',
        uid,
        creationTimestamp: at(created),
        ownerReferences: [{ kind: 'Deployment', name: 'web', uid: owner, controller: true }],
        annotations: { 'deployment.kubernetes.io/revision': '1' },
        managedFields: [{ manager: 'kube-controller-manager', operation: 'Update', time: at(created), fieldsV1: { 'f:spec': {} } }],
      },
      spec: { replicas },
    },
    'ReplicaSet',
  );
}

function pod(
  name: string,
  uid: string,
  rs: string,
  created: number,
  options: { node?: string; scheduled?: number; started?: number; ready?: number; deleting?: number; grace?: number } = {},
) {
  const conditions = [
    ...(options.scheduled !== undefined ? [{ type: 'PodScheduled', status: 'True', lastTransitionTime: at(options.scheduled) }] : []),
    ...(options.ready !== undefined ? [{ type: 'Ready', status: 'True', lastTransitionTime: at(options.ready) }] : []),
  ];
  return traceObjectOf(
    {
      metadata: {
        name,
        namespace: 'default',
        uid,
        creationTimestamp: at(created),
        ...(options.deleting !== undefined && { deletionTimestamp: at(options.deleting), deletionGracePeriodSeconds: options.grace ?? 30 }),
        ownerReferences: [{ kind: 'ReplicaSet', name: 'web-1', uid: rs, controller: true }],
        managedFields: [
          { manager: 'kube-controller-manager', operation: 'Update', time: at(created), fieldsV1: { 'f:metadata': {}, 'f:spec': {} } },
          ...(options.ready !== undefined
            ? [{ manager: 'kubelet', operation: 'Update', subresource: 'status', time: at(options.ready), fieldsV1: { 'f:status': {} } }]
            : []),
        ],
      },
      spec: { nodeName: options.node, containers: [{ name: 'web', image: 'nginx' }] },
      status: {
        conditions,
        containerStatuses: options.started !== undefined ? [{ name: 'web', state: { running: { startedAt: at(options.started) } } }] : [],
      },
    },
    'Pod',
  );
}

let eventCount = 0;
function event(
  involved: { kind: string; name: string; uid: string },
  reason: string,
  message: string,
  component: string,
  time: string,
  extra: Record<string, unknown> = {},
): TraceEvent {
  return traceEventOf({
    metadata: { name: `${involved.name}.${++eventCount}`, namespace: 'default', uid: `e${eventCount}` },
    involvedObject: { ...involved, namespace: 'default' },
    reason,
    message,
    source: { component },
    lastTimestamp: time,
    firstTimestamp: time,
    count: 1,
    type: 'Normal',
    ...extra,
  });
}

function ringOf(events: readonly TraceEvent[]): EventRing {
  const ring = new EventRing();
  for (const item of events) ring.record(item);
  return ring;
}

function input(overrides: Partial<TraceInput> = {}): TraceInput {
  const rs = replicaSet('web-1', 'r1', 1, 2);
  const pods = [
    pod('web-1-a', 'p1', 'r1', 2, { node: 'worker', scheduled: 2, started: 4, ready: 5 }),
    pod('web-1-b', 'p2', 'r1', 2, { node: 'worker2', scheduled: 3, started: 4, ready: 6 }),
  ];
  const events = [
    event(
      { kind: 'Deployment', name: 'web', uid: 'd1' },
      'ScalingReplicaSet',
      'Scaled up replica set web-1 to 2',
      'deployment-controller',
      at(1),
    ),
    event({ kind: 'ReplicaSet', name: 'web-1', uid: 'r1' }, 'SuccessfulCreate', 'Created pod: web-1-a', 'replicaset-controller', at(2)),
    event({ kind: 'ReplicaSet', name: 'web-1', uid: 'r1' }, 'SuccessfulCreate', 'Created pod: web-1-b', 'replicaset-controller', at(2)),
    // The scheduler's Events come from events.k8s.io: reportingController and a microsecond eventTime.
    traceEventOf({
      metadata: { name: 'web-1-a.s', uid: 'es1' },
      involvedObject: { kind: 'Pod', name: 'web-1-a', uid: 'p1' },
      reason: 'Scheduled',
      message: 'Successfully assigned default/web-1-a to worker',
      reportingComponent: 'default-scheduler',
      eventTime: micro(2.25),
      source: {},
    }),
    event({ kind: 'Pod', name: 'web-1-a', uid: 'p1' }, 'Pulled', 'Container image "nginx" already present on machine', 'kubelet', at(3), {
      source: { component: 'kubelet', host: 'worker' },
      involvedObject: { kind: 'Pod', name: 'web-1-a', uid: 'p1', fieldPath: 'spec.containers{web}' },
    }),
    event({ kind: 'Pod', name: 'web-1-a', uid: 'p1' }, 'Started', 'Started container web', 'kubelet', at(4), {
      source: { component: 'kubelet', host: 'worker' },
      involvedObject: { kind: 'Pod', name: 'web-1-a', uid: 'p1', fieldPath: 'spec.containers{web}' },
    }),
  ];
  return { target, root: deployment(), replicaSets: [rs], pods, events: ringOf(events), ...overrides };
}

describe('trace timeline', () => {
  it('orders the steps of an apply as the cluster recorded them, each by its component, with the latency since the step before', () => {
    const trace = buildTrace(input());
    const rows = trace.steps.map((step) => `${step.kind}:${step.object.name}:${step.component}:${step.actor}`);
    assert.deepEqual(rows, [
      'stored:web:kube-apiserver:kubectl-client-side-apply',
      'replicaset-created:web-1:kube-controller-manager:deployment-controller',
      'replicaset-scaled:web-1:kube-controller-manager:deployment-controller',
      'pod-created:web-1-a:kube-controller-manager:replicaset-controller',
      'pod-created:web-1-b:kube-controller-manager:replicaset-controller',
      'scheduled:web-1-a:kube-scheduler:default-scheduler',
      // Recorded in the same second: the binding comes before any kubelet step.
      'scheduled:web-1-b:kube-scheduler:kube-scheduler',
      'image-pulled:web-1-a:kubelet:kubelet',
      'container-started:web-1-a:kubelet:kubelet',
      'container-started:web-1-b:kubelet:kubelet',
      'ready:web-1-a:kubelet:kubelet',
      'ready:web-1-b:kubelet:kubelet',
      'changed:web:client:kubectl',
      'rollout-complete:web:kube-controller-manager:deployment-controller',
    ]);
    assert.equal(trace.steps[0]!.latencyMs, null);
    assert.equal(trace.steps[1]!.latencyMs, 1000);
    const scheduledA = trace.steps.find((step) => step.kind === 'scheduled' && step.object.name === 'web-1-a')!;
    assert.equal(scheduledA.node, 'worker');
    assert.equal(scheduledA.precise, true, 'eventTime has microseconds');
    assert.equal(scheduledA.latencyMs, 250);
    // Without an Event, the binding is read from the condition and spec.nodeName; the knowledge base names who sets it.
    const scheduledB = trace.steps.find((step) => step.kind === 'scheduled' && step.object.name === 'web-1-b')!;
    assert.deepEqual(
      scheduledB.evidence.map((item) => item.source),
      ['condition', 'metadata', 'knowledge'],
    );
    // The kubelet's Started Event stands for web-1-a's container; web-1-b's start is read from its status.
    assert.equal(
      trace.steps.find((step) => step.kind === 'container-started' && step.object.name === 'web-1-a')!.evidence[0]!.source,
      'event',
    );
    assert.equal(
      trace.steps.find((step) => step.kind === 'container-started' && step.object.name === 'web-1-b')!.evidence[0]!.source,
      'containerStatus',
    );
    assert.deepEqual(trace.counts, { desired: 2, pods: 2, scheduled: 2, running: 2, ready: 2 });
    assert.deepEqual(trace.steps.map((step) => step.walkStep).slice(0, 6), [0, 1, 1, 2, 2, 3]);
    assert.deepEqual(trace.steps.find((step) => step.kind === 'changed')!.replicas, { from: null, to: 2 });
  });

  it('says latencies with the precision recorded: milliseconds only between two precise times', () => {
    const trace = buildTrace(input());
    const [stored, created] = trace.steps;
    const scheduledA = trace.steps.find((step) => step.kind === 'scheduled' && step.object.name === 'web-1-a')!;
    const before = trace.steps[trace.steps.indexOf(scheduledA) - 1]!;
    assert.equal(latencyText(stored!, undefined), 'first');
    assert.equal(latencyText(created!, stored), '+1 s');
    assert.equal(latencyText(scheduledA, before), '+<1 s', 'a whole-second time before it says only "within that second"');
    assert.equal(latencyText({ ...scheduledA, latencyMs: 250 }, { ...before, precise: true }), '+250 ms');
    assert.equal(latencyText({ ...created!, latencyMs: 61_000 }, stored), '+1 min 1 s');
  });

  it("reads both forms of the Deployment controller's scaling message", () => {
    assert.deepEqual(parseScaling('Scaled up replica set web-5d9c to 3'), { name: 'web-5d9c', from: null, to: 3 });
    assert.deepEqual(parseScaling('Scaled down replica set web-5d9c from 3 to 2'), { name: 'web-5d9c', from: 3, to: 2 });
    assert.equal(parseScaling('Created pod: x'), undefined);
  });

  it("traces only what the root controls: another Deployment's ReplicaSet and Pods in the namespace are left out", () => {
    const other = replicaSet('other-1', 'r9', 1, 1, 'd9');
    const otherPod = pod('other-1-a', 'p9', 'r9', 2, { node: 'worker', scheduled: 2 });
    const trace = buildTrace(input({ replicaSets: [replicaSet('web-1', 'r1', 1, 2), other], pods: [otherPod] }));
    assert.ok(trace.steps.every((step) => !step.object.name.startsWith('other')));
    assert.deepEqual(trace.objectUids, ['d1', 'r1']);
  });

  it('keeps what the watch saw when the cluster forgot it: a scaling without its Event, a Pod gone', () => {
    const gone = pod('web-1-old', 'p0', 'r1', 1, { node: 'worker', scheduled: 1, ready: 2, deleting: 40, grace: 30 });
    const trace = buildTrace(
      input({
        events: new EventRing(),
        observations: {
          scaled: [{ object: { kind: 'ReplicaSet', namespace: 'default', name: 'web-1', uid: 'r1' }, from: 2, to: 1, at: T0 + 12_000 }],
          removed: [{ object: gone, at: T0 + 41_000 }],
        },
      }),
    );
    const scaled = trace.steps.find((step) => step.kind === 'replicaset-scaled')!;
    assert.deepEqual([scaled.replicas, scaled.evidence[0]!.source], [{ from: 2, to: 1 }, 'watch']);
    const deleted = trace.steps.find((step) => step.kind === 'pod-deleted')!;
    // deletionTimestamp is the end of the grace period: the request came 30 s earlier.
    assert.equal(deleted.time, at(10).replace('Z', '.000Z'));
    assert.equal(deleted.component, 'client');
    assert.ok(trace.steps.some((step) => step.kind === 'pod-removed' && step.object.name === 'web-1-old'));
    assert.equal(trace.counts.pods, 2, 'a removed Pod is not counted');
  });

  it("a change of the root the watch saw, with no manager recorded for it, is a client's change", () => {
    const trace = buildTrace(
      input({
        observations: {
          scaled: [],
          removed: [],
          rootChanges: [
            { generation: 3, replicas: { from: 2, to: 3 }, at: T0 + 50_000, writer: null },
            { generation: 2, replicas: { from: 2, to: 2 }, at: T0 + 20_500, writer: 'kubectl' },
          ],
        },
      }),
    );
    const changes = trace.steps.filter((step) => step.kind === 'changed');
    // The one at 20.5 s is kubectl's scale (managedFields at 20 s); the one at 50 s names no writer.
    assert.deepEqual(
      changes.map((step) => [step.actor, step.replicas?.to]),
      [
        ['kubectl', 2],
        ['a client', 3],
      ],
    );
    assert.equal(stepText(changes[1]!), 'Deployment web scaled to 3 by a client');
  });

  it("a Pod deleted by its ReplicaSet (SuccessfulDelete) is the controller's step", () => {
    const deleting = pod('web-1-a', 'p1', 'r1', 2, { node: 'worker', scheduled: 2, deleting: 50, grace: 30 });
    const events = ringOf([
      event({ kind: 'ReplicaSet', name: 'web-1', uid: 'r1' }, 'SuccessfulDelete', 'Deleted pod: web-1-a', 'replicaset-controller', at(20)),
    ]);
    const trace = buildTrace(input({ pods: [deleting], events }));
    const deleted = trace.steps.find((step) => step.kind === 'pod-deleted')!;
    assert.deepEqual([deleted.component, deleted.actor, deleted.time], ['kube-controller-manager', 'replicaset-controller', at(20)]);
  });

  it('a Pod gone before the trace began is told from the Events that name it, each step marked as read from Events', () => {
    // A rollout read a minute later: web-0's Pods are gone; its ReplicaSet, the scheduler and the kubelet named them.
    const old = replicaSet('web-0', 'r0', 0, 0);
    const rs0 = { kind: 'ReplicaSet', name: 'web-0', uid: 'r0' };
    const gone = { kind: 'Pod', name: 'web-0-x', uid: 'p0' };
    const events = [
      ...input().events.all(),
      event(rs0, 'SuccessfulCreate', 'Created pod: web-0-x', 'replicaset-controller', at(0)),
      traceEventOf({
        metadata: { name: 'web-0-x.s', uid: 'es0' },
        involvedObject: gone,
        reason: 'Scheduled',
        message: 'Successfully assigned default/web-0-x to worker2',
        reportingComponent: 'default-scheduler',
        eventTime: micro(0.5),
        source: {},
      }),
      event(gone, 'Started', 'Started container web', 'kubelet', at(1), {
        source: { component: 'kubelet', host: 'worker2' },
        involvedObject: { ...gone, fieldPath: 'spec.containers{web}' },
      }),
      event(rs0, 'SuccessfulDelete', 'Deleted pod: web-0-x', 'replicaset-controller', at(7)),
    ];
    const trace = buildTrace(input({ replicaSets: [old, replicaSet('web-1', 'r1', 1, 2)], events: ringOf(events) }));
    const rows = trace.steps
      .filter((step) => step.object.name === 'web-0-x')
      .map((step) => `${step.kind}:${step.component}:${step.actor}:${step.node ?? ''}:${step.object.uid}:${step.readFromEvents}`);
    assert.deepEqual(rows, [
      'pod-created:kube-controller-manager:replicaset-controller::p0:true',
      'scheduled:kube-scheduler:default-scheduler:worker2:p0:true',
      'container-started:kubelet:kubelet:worker2:p0:true',
      'pod-deleted:kube-controller-manager:replicaset-controller::p0:true',
    ]);
    // Its controller's Events are the steps now, not lines of their own; the Pods still there are not marked.
    assert.ok(!trace.steps.some((step) => step.kind === 'event' && step.object.name === 'web-0'));
    assert.ok(trace.steps.filter((step) => step.object.name !== 'web-0-x').every((step) => !step.readFromEvents));
    const created = trace.steps.find((step) => step.kind === 'pod-created' && step.object.name === 'web-0-x')!;
    assert.equal(stepText(created), 'Pod web-0-x created by replicaset-controller (read from Events: the Pod is gone)');
    assert.match(renderTraceText(trace), /web-0-x bound to node worker2 \(read from Events/);
    assert.equal((traceJson(trace) as { steps: { readFromEvents: boolean }[] }).steps.filter((step) => step.readFromEvents).length, 4);
    assert.equal(trace.counts.pods, 2, 'a gone Pod is not counted');
    // A live trace that listed the Pods before that one was created: its watch tells of it, not the Events.
    const live = buildTrace(
      input({ replicaSets: [old, replicaSet('web-1', 'r1', 1, 2)], events: ringOf(events), podsListedAt: T0 - 1_000 }),
    );
    assert.ok(!live.steps.some((step) => step.object.name === 'web-0-x' && step.readFromEvents));
  });

  it('an Event no step explains is a step of its own, with the component that reported it', () => {
    const events = ringOf([
      event({ kind: 'Pod', name: 'web-1-a', uid: 'p1' }, 'BackOff', 'Back-off restarting failed container', 'kubelet', at(9), {
        type: 'Warning',
      }),
    ]);
    const trace = buildTrace(input({ events }));
    const step = trace.steps.find((candidate) => candidate.kind === 'event')!;
    assert.deepEqual([step.reason, step.component, step.object.name], ['BackOff', 'kubelet', 'web-1-a']);
  });

  it('`since` leaves out what happened before the trace began', () => {
    const trace = buildTrace(input({ since: T0 + 4_000 }));
    assert.ok(trace.steps.length > 0);
    assert.ok(trace.steps.every((step) => step.at >= T0 + 4_000));
  });

  it("stays bounded at 500 replicas: the workload's steps stay, the oldest Pod steps are counted, not kept", () => {
    const pods = Array.from({ length: 500 }, (_, index) =>
      pod(`web-1-${index}`, `p${index}`, 'r1', 2 + index / 100, {
        node: 'worker',
        scheduled: 3 + index / 100,
        started: 4 + index / 100,
        ready: 5 + index / 100,
      }),
    );
    const trace = buildTrace(
      input({ pods, events: new EventRing(), root: deployment({ spec: { replicas: 500, selector: { matchLabels: { app: 'web' } } } }) }),
    );
    assert.equal(trace.steps.length, MAX_TRACE_STEPS);
    // Four steps a Pod (created, bound, started, Ready); stored, ReplicaSet created, scaled by kubectl, rollout complete.
    assert.equal(trace.omittedSteps, 500 * 4 + 4 - MAX_TRACE_STEPS);
    assert.ok(trace.steps.some((step) => step.kind === 'stored') && trace.steps.some((step) => step.kind === 'replicaset-created'));
    assert.equal(trace.counts.ready, 500);
    assert.match(renderTraceText(trace), /earlier Pod steps left out/);
  });

  it('the Event ring keeps the newest Events per object and forgets the oldest objects first', () => {
    const ring = new EventRing(3, 2);
    for (let index = 0; index < 5; index++)
      ring.record(event({ kind: 'Pod', name: 'a', uid: 'ua' }, 'R', `m${index}`, 'kubelet', at(index)));
    assert.deepEqual(
      ring.eventsOf('ua').map((item) => item.message),
      ['m2', 'm3', 'm4'],
    );
    ring.record(event({ kind: 'Pod', name: 'b', uid: 'ub' }, 'R', 'b', 'kubelet', at(1)));
    ring.record(event({ kind: 'Pod', name: 'c', uid: 'uc' }, 'R', 'c', 'kubelet', at(1)));
    assert.deepEqual(ring.eventsOf('ua'), []);
    assert.equal(ring.size, 2);
    const repeated = event({ kind: 'Pod', name: 'c', uid: 'uc' }, 'R', 'c', 'kubelet', at(1));
    assert.equal(ring.record(repeated), true);
    assert.equal(ring.record(repeated), false, 'the same Event again changes nothing');
  });

  it('exports cluster text as text: Markdown escapes it, the terminal gets one line per step', () => {
    const hostile = event(
      { kind: 'Pod', name: 'web-1-a', uid: 'p1' },
      'Evil',
      '<img src=x onerror=alert(1)> | [link](http://x) \n# heading\u001b[2J',
      'kubelet',
      at(9),
    );
    const trace = buildTrace(input({ events: ringOf([hostile]) }));
    const markdown = renderTraceMarkdown(trace);
    assert.ok(!/(^|[^\\])<img/.test(markdown), markdown);
    assert.ok(!markdown.includes('\u001b'));
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '));
    assert.equal(rows.length, trace.steps.length + 1, 'no cell breaks the table');
    const text = renderTraceText(trace, { evidence: true });
    assert.ok(!text.includes('\u001b'));
    const json = traceJson(trace) as { steps: { text: string }[] };
    assert.equal(json.steps.length, trace.steps.length);
    assert.equal(json.steps[0]!.text, stepText(trace.steps[0]!));
  });

  it("keeps an Event's message and an image name on their own line in the terminal, escaped and cut when long", () => {
    const forged = '\n  ✓ multi-node-worker: FITS (all filters pass)\nVerdict: schedulable everywhere\r';
    const pulled = event(
      { kind: 'Pod', name: 'web-1-a', uid: 'p1' },
      'Pulled',
      `Container image "nginx${forged}" already present on machine`,
      'kubelet',
      at(3),
      {
        source: { component: 'kubelet', host: 'worker' },
        involvedObject: { kind: 'Pod', name: 'web-1-a', uid: 'p1', fieldPath: 'spec.containers{web}' },
      },
    );
    const long = event(
      { kind: 'Pod', name: 'web-1-a', uid: 'p1' },
      'Started',
      `Started container web ${'x'.repeat(20_000)} end${forged}`,
      'kubelet',
      at(4),
      {
        source: { component: 'kubelet', host: 'worker' },
        involvedObject: { kind: 'Pod', name: 'web-1-a', uid: 'p1', fieldPath: 'spec.containers{web}' },
      },
    );
    const trace = buildTrace(input({ events: ringOf([pulled, long]) }));
    const text = terminalSafe(renderTraceText(trace, { evidence: true }));
    const lines = text.split('\n');
    assert.ok(!lines.some((line) => /^\s*(✓|Verdict:)/.test(line)), text);
    assert.ok(text.includes('nginx\\n  ✓ multi-node-worker: FITS (all filters pass)\\nVerdict: schedulable everywhere\\x0d'), text);
    assert.ok(
      lines.every((line) => line.length < 2_000),
      'a long message is cut',
    );
    assert.ok(text.includes('x…x') || text.includes('…'), 'the cut is marked');
  });

  it('reads KIND/NAME as kubectl spells it, and refuses what it cannot trace', () => {
    assert.deepEqual(parseTraceTarget('deploy/web', 'default'), { kind: 'Deployment', namespace: 'default', name: 'web' });
    assert.deepEqual(parseTraceTarget('daemonsets.apps/kube-proxy', 'kube-system'), {
      kind: 'DaemonSet',
      namespace: 'kube-system',
      name: 'kube-proxy',
    });
    assert.equal(parseTraceTarget('po/x', 'n').kind, 'Pod');
    assert.equal(parseTraceTarget('Job/x', 'n').kind, 'Job');
    assert.equal(parseTraceTarget('svc/web', 'n').kind, 'Service');
    assert.throws(() => parseTraceTarget('cm/web', 'default'), /cannot trace 'cm'/);
    assert.throws(() => parseTraceTarget('web', 'default'), /not KIND\/NAME/);
    assert.throws(() => parseTraceTarget('deploy/Web!', 'default'), /not a valid object name/);
    assert.throws(() => parseTraceTarget('deploy/web', 'bad/ns'), /not a valid namespace/);
  });

  it('a missing root is an empty trace that says so', () => {
    const trace = buildTrace(input({ root: undefined }));
    assert.equal(trace.root, null);
    assert.match(renderTraceText(trace), /does not exist \(yet\)/);
  });
});
