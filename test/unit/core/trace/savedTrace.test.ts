import * as assert from 'node:assert/strict';
import { EventRing } from '../../../../src/core/trace/eventRing';
import { traceEventOf, traceObjectOf } from '../../../../src/core/trace/objects';
import { renderTraceText } from '../../../../src/core/trace/render';
import { parseSavedTrace, SAVED_TRACE_FORMAT, SavedTraceError, savedTraceOf, savedTraceText } from '../../../../src/core/trace/savedTrace';
import { buildTrace } from '../../../../src/core/trace/timeline';

const at = (seconds: number) => new Date(Date.parse('2026-12-03T10:00:00Z') + seconds * 1000).toISOString().replace('.000Z', 'Z');

/** A small trace whose cluster text is hostile: markup, a line break, a terminal escape. */
function sample() {
  const root = traceObjectOf(
    {
      metadata: {
        name: 'web',
        namespace: 'default',
        uid: 'd1',
        creationTimestamp: at(0),
        managedFields: [{ manager: 'kubectl', operation: 'Update', time: at(0), fieldsV1: { 'f:spec': {} } }],
      },
      spec: { replicas: 1 },
    },
    'Deployment',
  );
  const events = new EventRing();
  events.record(
    traceEventOf({
      metadata: { uid: 'e1' },
      involvedObject: { kind: 'Deployment', name: 'web', uid: 'd1' },
      reason: 'Odd',
      message: '<img src=x onerror=alert(1)> **bold**\n\u001b[31mred',
      source: { component: 'some-controller' },
      lastTimestamp: at(3),
    }),
  );
  const trace = buildTrace({ target: { kind: 'Deployment', namespace: 'default', name: 'web' }, root, replicaSets: [], pods: [], events });
  return { trace, events: events.all() };
}

describe('saved traces', () => {
  it('round-trips: the steps, the Events and where it came from come back as saved, cluster text as text', () => {
    const { trace, events } = sample();
    const saved = savedTraceOf(trace, events, { context: 'kind-kind', savedAt: new Date('2026-12-04T12:00:00Z') });
    const text = savedTraceText(saved);
    assert.equal(JSON.parse(text).format, SAVED_TRACE_FORMAT);
    const opened = parseSavedTrace(text);
    assert.deepEqual(opened, JSON.parse(JSON.stringify(saved)));
    assert.equal(opened.trace.steps.length, 2);
    const odd = opened.trace.steps.find((step) => step.kind === 'event')!;
    assert.equal(odd.message, '<img src=x onerror=alert(1)> **bold**\n\u001b[31mred');
    // Read back, it prints as the live trace would: the escape and the line break cannot act on the terminal.
    assert.equal(renderTraceText(opened.trace), renderTraceText(trace));
    assert.ok(!renderTraceText(opened.trace).includes('\u001b'));
  });

  it('refuses a broken or foreign file with what is wrong and where', () => {
    const good = JSON.parse(savedTraceText(savedTraceOf(sample().trace, sample().events)));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a file changed field by field to break it
    const refused = (change: (file: Record<string, any>) => unknown, message: RegExp) => {
      const file = structuredClone(good);
      change(file);
      assert.throws(
        () => parseSavedTrace(JSON.stringify(file)),
        (error: Error) => error instanceof SavedTraceError && message.test(error.message),
      );
    };
    assert.throws(() => parseSavedTrace('{"format": '), /not JSON/);
    assert.throws(() => parseSavedTrace('[]'), /the file is not an object/);
    refused((file) => (file.format = 'something-else'), /not a saved trace/);
    refused((file) => (file.version = 2), /version 2 is not one this version reads/);
    refused((file) => (file.trace.steps[0].kind = 'explode'), /^trace\.steps\[0\]\.kind "explode" is not one of stored, /);
    refused((file) => (file.trace.steps[1].message = { html: '<b>' }), /^trace\.steps\[1\]\.message is not text$/);
    refused((file) => (file.trace.steps[0].at = '1e999'), /^trace\.steps\[0\]\.at is not a number$/);
    refused((file) => (file.trace.steps[0].time = 'yesterday'), /^trace\.steps\[0\]\.time is not a time$/);
    refused((file) => (file.trace.steps[0].evidence[0].text = 'x'.repeat(5000)), /evidence\[0\]\.text is longer than/);
    refused((file) => (file.trace.target.name = '../../etc'), /^trace\.target: /);
    refused((file) => (file.trace.target.kind = 'Secret'), /^trace\.target: cannot trace 'Secret'/);
    refused((file) => (file.events[0].count = -1), /^events\[0\]\.count is not a whole number$/);
    refused((file) => (file.trace.steps = Array.from({ length: 601 }, () => file.trace.steps[0])), /has 601 entries, more than 600/);
    assert.throws(() => parseSavedTrace('x'.repeat(33 * 2 ** 20)), /larger than 32 MiB/);
  });

  it('keeps only the fields of the format: a "__proto__" or an extra field in the file is not carried along', () => {
    const file = JSON.parse(savedTraceText(savedTraceOf(sample().trace, sample().events)));
    const text = JSON.stringify(file).replace('"id":', '"__proto__": {"polluted": true}, "extra": "<script>", "id":');
    const opened = parseSavedTrace(text);
    const step = opened.trace.steps[0]! as unknown as Record<string, unknown>;
    assert.equal(step.extra, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(step), Object.prototype);
  });
});
