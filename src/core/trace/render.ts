/**
 * A trace in words: each step's sentence (English here; the extension passes every template through
 * vscode.l10n.t), the latency, and the timeline as terminal text, Markdown and JSON. Cluster strings (names,
 * messages) are data: Markdown escapes them, never renders them.
 */
import { escapeMarkdown } from '../util/markdown';
import { format } from '../util/catalog';
import { type Trace, type TraceComponent, type TraceStep, UNRECORDED_CLIENT } from './timeline';
import { canIFor, needsText } from '../kube/hiddenRead';
import { escapeActingCharacters, inlineText, MAX_INLINE_LENGTH, textLines } from '../util/visibleText';

export const defaultTraceStrings = {
  stored: '{0} {1} stored by kube-apiserver (sent by {2})',
  changed: '{0} {1} changed by {2}',
  changedUnrecorded: '{0} {1} changed by a client',
  changedScale: '{0} {1} scaled to {2} by {3}',
  changedScaleUnrecorded: '{0} {1} scaled to {2} by a client',
  replicaSetCreated: 'ReplicaSet {0} created by {1}',
  replicaSetScaled: 'ReplicaSet {0} scaled from {1} to {2}',
  replicaSetScaledTo: 'ReplicaSet {0} scaled to {1}',
  rolloutComplete: 'Rollout of {0} complete',
  podCreated: 'Pod {0} created by {1}',
  podDeleted: 'Pod {0} deleted by {1}',
  podDeletedUnrecorded: 'Pod {0} deleted by a client',
  scheduled: 'Pod {0} bound to node {1}',
  unschedulable: 'Pod {0} could not be scheduled',
  imagePulling: '{0}: pulling the image of {1}',
  imagePulled: '{0}: image of {1} pulled',
  containerCreated: '{0}: container {1} created',
  containerStarted: '{0}: container {1} started on {2}',
  containerStopping: '{0}: container {1} stopping',
  ready: 'Pod {0} Ready',
  podRemoved: 'Pod {0} gone from the API',
  event: '{0} {1}: {2}',
  sliceCreated: 'EndpointSlice {0} created by {1}',
  endpointAdded: 'Endpoint {0} of {1} added to EndpointSlice {2}, not ready yet',
  endpointReady: 'Endpoint {0} of {1} ready in EndpointSlice {2}',
  endpointReadyAfterPod: 'Endpoint {0} of {1} ready in EndpointSlice {2}: {3} made the Pod Ready',
  endpointNotReady: 'Endpoint {0} of {1} no longer ready in EndpointSlice {2}',
  endpointTerminating: 'Endpoint {0} of {1} terminating in EndpointSlice {2} (serving: {3})',
  endpointRemoved: 'Endpoint {0} of {1} removed from EndpointSlice {2}',
  endpointPodOnNode: 'Pod {0} on {1}',
  endpointPod: 'Pod {0}',
  endpointOther: '{0} {1}',
  endpointNoTarget: 'no Pod',
  yes: 'yes',
  no: 'no',
  unset: 'not set',
  timeNotRecorded: '{0} (the slice keeps no time per endpoint: by {1} at the latest)',
  countsEndpoints: 'Endpoints: {0} · ready {1}',
  countsServing: 'serving {0}',
  countsTerminating: 'terminating {0}',
  countsSelected: 'Pods selected: {0}, Ready {1}',
  hiddenRead: '{0}: hidden from you — needs {1}',
  hiddenCheck: 'Check: {0}',
  endpointSlicesNotServed:
    'EndpointSlices are not served by this cluster (neither discovery.k8s.io/v1 nor v1beta1): no endpoints to follow.',
  readFromEvents: '{0} (read from Events: the Pod is gone)',
  componentClient: 'client',
  noSteps: 'No steps recorded yet for {0} {1}/{2}.',
  notFound: '{0} {1}/{2} does not exist (yet).',
  omitted: '{0} earlier Pod steps left out.',
  title: 'Trace of {0} {1}/{2}',
  counts: 'Pods: {0} · scheduled {1} · running {2} · Ready {3}',
  countsDesired: 'Pods: {0} of {4} · scheduled {1} · running {2} · Ready {3}',
  headerTime: 'Time',
  headerLatency: 'After',
  headerComponent: 'Component',
  headerStep: 'Step',
  headerEvidence: 'Evidence',
  first: 'first',
};

export type TraceStrings = typeof defaultTraceStrings;

export function stepText(step: TraceStep, strings: TraceStrings = defaultTraceStrings): string {
  const sentence = stepSentence(step, strings);
  if (step.endpoint?.notAfter) return format(strings.timeNotRecorded, sentence, step.endpoint.notAfter);
  return step.readFromEvents ? format(strings.readFromEvents, sentence) : sentence;
}

/** "Pod web-1 on node-a", "Pod web-1", or what else the endpoint's targetRef names. */
function endpointTargetText(step: TraceStep, strings: TraceStrings): string {
  const endpoint = step.endpoint;
  if (!endpoint?.targetName) return strings.endpointNoTarget;
  if (endpoint.targetKind !== 'Pod') return format(strings.endpointOther, endpoint.targetKind ?? '', endpoint.targetName);
  return step.node ? format(strings.endpointPodOnNode, endpoint.targetName, step.node) : format(strings.endpointPod, endpoint.targetName);
}

function endpointSentence(step: TraceStep, strings: TraceStrings): string {
  const endpoint = step.endpoint!;
  const address = endpoint.addresses.join(', ') || '?';
  const target = endpointTargetText(step, strings);
  const slice = step.object.name;
  const word = (value: boolean | null) => (value === null ? strings.unset : value ? strings.yes : strings.no);
  switch (step.kind) {
    case 'endpoint-added':
      return format(strings.endpointAdded, address, target, slice);
    case 'endpoint-ready':
      return endpoint.podReadyBy
        ? format(strings.endpointReadyAfterPod, address, target, slice, endpoint.podReadyBy)
        : format(strings.endpointReady, address, target, slice);
    case 'endpoint-not-ready':
      return endpoint.terminating
        ? format(strings.endpointTerminating, address, target, slice, word(endpoint.serving))
        : format(strings.endpointNotReady, address, target, slice);
    default:
      return format(strings.endpointRemoved, address, target, slice);
  }
}

function stepSentence(step: TraceStep, strings: TraceStrings): string {
  const { kind, name } = step.object;
  const container = step.container ?? '';
  switch (step.kind) {
    case 'stored':
      return format(strings.stored, kind, name, step.actor);
    case 'changed':
      if (step.actor === UNRECORDED_CLIENT)
        return step.replicas
          ? format(strings.changedScaleUnrecorded, kind, name, step.replicas.to)
          : format(strings.changedUnrecorded, kind, name);
      return step.replicas
        ? format(strings.changedScale, kind, name, step.replicas.to, step.actor)
        : format(strings.changed, kind, name, step.actor);
    case 'replicaset-created':
      return format(strings.replicaSetCreated, name, step.actor);
    case 'replicaset-scaled':
      return step.replicas?.from === null || !step.replicas
        ? format(strings.replicaSetScaledTo, name, step.replicas?.to ?? '?')
        : format(strings.replicaSetScaled, name, step.replicas.from, step.replicas.to);
    case 'rollout-complete':
      return format(strings.rolloutComplete, name);
    case 'pod-created':
      return format(strings.podCreated, name, step.actor);
    case 'pod-deleted':
      return step.actor === UNRECORDED_CLIENT ? format(strings.podDeletedUnrecorded, name) : format(strings.podDeleted, name, step.actor);
    case 'scheduled':
      return format(strings.scheduled, name, step.node ?? '?');
    case 'unschedulable':
      return format(strings.unschedulable, name);
    case 'image-pulling':
      return format(strings.imagePulling, name, container);
    case 'image-pulled':
      return format(strings.imagePulled, name, container);
    case 'container-created':
      return format(strings.containerCreated, name, container);
    case 'container-started':
      return format(strings.containerStarted, name, container, step.node ?? '?');
    case 'container-stopping':
      return format(strings.containerStopping, name, container);
    case 'ready':
      return format(strings.ready, name);
    case 'pod-removed':
      return format(strings.podRemoved, name);
    case 'event':
      return format(strings.event, kind, name, step.reason ?? '');
    case 'slice-created':
      return format(strings.sliceCreated, name, step.actor);
    case 'endpoint-added':
    case 'endpoint-ready':
    case 'endpoint-not-ready':
    case 'endpoint-removed':
      return step.endpoint ? endpointSentence(step, strings) : format(strings.event, kind, name, step.kind);
  }
}

export function componentLabel(component: TraceComponent, actor: string, strings: TraceStrings = defaultTraceStrings): string {
  if (component === 'client') return actor === UNRECORDED_CLIENT ? strings.componentClient : `${strings.componentClient} (${actor})`;
  // The actor says which part of the component: "kube-controller-manager (replicaset-controller)".
  return actor && actor !== component ? `${component} (${actor})` : component;
}

/**
 * The component in a few words, for a row that must show it at 300 px: the controller or client that acted
 * ("replicaset-controller", "kubectl-client-side-apply") rather than the process it runs in.
 */
export function componentShortLabel(component: TraceComponent, actor: string, strings: TraceStrings = defaultTraceStrings): string {
  if (component === 'client') return actor === UNRECORDED_CLIENT ? strings.componentClient : actor;
  if (component === 'kube-controller-manager' && actor && actor !== component) return actor;
  if (component === 'other') return actor || component;
  return component;
}

/** "+1.2 s", "+250 ms" between two precise times, "+<1 s" under a second otherwise. */
export function latencyText(step: TraceStep, previous: TraceStep | undefined, strings: TraceStrings = defaultTraceStrings): string {
  if (step.latencyMs === null || !previous) return strings.first;
  const ms = step.latencyMs;
  // Under a second, only two precise times say how much: a whole-second time says "within that second".
  if (ms < 1000) return step.precise && previous.precise ? `+${ms} ms` : '+<1 s';
  if (ms < 60_000) return `+${Number.isInteger(ms / 1000) ? ms / 1000 : (ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `+${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Times as the cluster wrote them, shortened to the time of day (UTC) with the precision recorded. */
export function timeText(step: TraceStep): string {
  const iso = new Date(step.at).toISOString();
  return step.precise ? iso.slice(11, 23) : iso.slice(11, 19);
}

/** "Pods: 3 of 3 · scheduled 3 · running 3 · Ready 3" (the view's message uses it too). */
export function countsText(trace: Trace, strings: TraceStrings = defaultTraceStrings): string {
  const { pods, scheduled, running, ready, desired, endpoints } = trace.counts;
  if (endpoints)
    // Serving and terminating where the slices carry them (v1beta1 of 1.20 says `ready` alone).
    return [
      format(strings.countsEndpoints, endpoints.total, endpoints.ready),
      ...(endpoints.serving !== null ? [format(strings.countsServing, endpoints.serving)] : []),
      ...(endpoints.terminating !== null ? [format(strings.countsTerminating, endpoints.terminating)] : []),
      format(strings.countsSelected, pods, ready),
    ].join(' · ');
  return desired === null
    ? format(strings.counts, pods, scheduled, running, ready)
    : format(strings.countsDesired, pods, scheduled, running, ready, desired);
}

/** One line of printable text: cluster text can neither break a table row nor forge a line of the timeline. */
function oneLine(text: string): string {
  return escapeActingCharacters(text);
}

/**
 * What the trace could not read and why, each with the `kubectl auth can-i` lines that check it (for `context`,
 * where known); and a Service's EndpointSlices not served at all.
 */
export function unreadLines(trace: Trace, context: string | undefined, strings: TraceStrings = defaultTraceStrings): string[] {
  const lines: string[] = [];
  for (const hidden of trace.hidden ?? []) {
    lines.push(format(strings.hiddenRead, hidden.what, needsText(hidden)));
    for (const need of hidden.needs) lines.push(`  ${format(strings.hiddenCheck, context ? canIFor(need, context) : need.canI)}`);
  }
  if (trace.target.kind === 'Service' && trace.endpointSliceApi === null) lines.push(strings.endpointSlicesNotServed);
  return lines;
}

/** The same in a sentence each, without the kubectl lines (a view's one-line message). */
export function unreadSentences(trace: Trace, strings: TraceStrings = defaultTraceStrings): string[] {
  return [
    ...(trace.hidden ?? []).map((hidden) => format(strings.hiddenRead, hidden.what, needsText(hidden))),
    ...(trace.target.kind === 'Service' && trace.endpointSliceApi === null ? [strings.endpointSlicesNotServed] : []),
  ];
}

export function renderTraceText(
  trace: Trace,
  options: { evidence?: boolean; context?: string } = {},
  strings: TraceStrings = defaultTraceStrings,
): string {
  const { kind, namespace, name } = trace.target;
  const lines = [format(strings.title, kind, namespace, name)];
  if (!trace.root)
    return textLines([lines[0]!, format(strings.notFound, kind, namespace, name), ...unreadLines(trace, options.context, strings)]);
  lines.push(countsText(trace, strings), ...unreadLines(trace, options.context, strings).map(oneLine), '');
  if (trace.omittedSteps > 0) lines.push(format(strings.omitted, trace.omittedSteps));
  if (trace.steps.length === 0) lines.push(format(strings.noSteps, kind, namespace, name));
  for (const line of traceLines(trace.steps, options, strings)) lines.push(line);
  return textLines(lines);
}

/** The steps as terminal lines (also what `--follow` prints as steps arrive). */
export function traceLines(
  steps: readonly TraceStep[],
  options: { evidence?: boolean } = {},
  strings: TraceStrings = defaultTraceStrings,
  before?: TraceStep,
): string[] {
  const lines: string[] = [];
  steps.forEach((step, index) => {
    const previous = index === 0 ? before : steps[index - 1];
    const latency = latencyText(step, previous, strings).padEnd(9);
    const who = componentLabel(step.component, step.actor, strings);
    lines.push(
      oneLine(`${timeText(step).padEnd(12)}  ${latency} ${who.padEnd(48)} ${inlineText(stepText(step, strings), MAX_INLINE_LENGTH * 2)}`),
    );
    if (options.evidence)
      for (const evidence of step.evidence) lines.push(oneLine(`${' '.repeat(24)}↳ ${evidence.source}: ${inlineText(evidence.text)}`));
  });
  return lines;
}

export function renderTraceMarkdown(trace: Trace, strings: TraceStrings = defaultTraceStrings): string {
  const { kind, namespace, name } = trace.target;
  const cell = (text: string) => escapeMarkdown(oneLine(text));
  const lines = [`# ${cell(format(strings.title, kind, namespace, name))}`, ''];
  if (!trace.root) return `${lines.join('\n')}${cell(format(strings.notFound, kind, namespace, name))}\n`;
  lines.push(cell(countsText(trace, strings)), '');
  for (const line of unreadLines(trace, undefined, strings)) lines.push(`${cell(line)}  `);
  if ((trace.hidden ?? []).length > 0 || trace.endpointSliceApi === null) lines.push('');
  if (trace.omittedSteps > 0) lines.push(cell(format(strings.omitted, trace.omittedSteps)), '');
  lines.push(
    `| ${strings.headerTime} | ${strings.headerLatency} | ${strings.headerComponent} | ${strings.headerStep} | ${strings.headerEvidence} |`,
    '|---|---|---|---|---|',
  );
  trace.steps.forEach((step, index) => {
    const evidence = step.evidence.map((item) => cell(`${item.source}: ${item.text}`)).join('<br>');
    lines.push(
      `| ${step.time} | ${latencyText(step, trace.steps[index - 1], strings)} | ${cell(componentLabel(step.component, step.actor, strings))} | ${cell(stepText(step, strings))} | ${evidence} |`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The JSON export: the trace as built, each step with its sentence. */
export function traceJson(trace: Trace, strings: TraceStrings = defaultTraceStrings): unknown {
  return { ...trace, steps: trace.steps.map((step) => ({ ...step, text: stepText(step, strings) })) };
}
