/**
 * A Service's EndpointSlices in a trace: who writes each slice (its managed-by label), and for each endpoint
 * when it was added, turned ready, stopped being ready or was removed, and why: its Pod (the endpoint's
 * targetRef) turned Ready, which kubelet records in the Pod's Ready condition, and the EndpointSlice controller
 * then wrote the endpoint ready. A slice keeps no time per endpoint: a change the watch saw is timed by the
 * slice's write (its managedFields); one read afterwards is told with the bounds the cluster recorded, and says so.
 */
import type { ManagedFieldsRecord, TraceEndpointSlice, TraceEndpointState, TraceObject } from './objects';
import type { TraceComponent, TraceEvidence, TraceObjectRef, TraceStepKind } from './stepTypes';

/** What an endpoint step tells of its endpoint (saved with the trace). */
export interface TraceEndpoint {
  readonly addresses: readonly string[];
  readonly ready: boolean | null;
  readonly serving: boolean | null;
  readonly terminating: boolean | null;
  /** The endpoint's targetRef: the Pod it stands for. */
  readonly targetKind: string | null;
  readonly targetName: string | null;
  /** Who made its Pod Ready (kubelet's field manager) and when, where the trace read the Pod. */
  readonly podReadyBy: string | null;
  readonly podReadyAt: string | null;
  /**
   * The slice records no time per endpoint and no watch of this trace saw the write: the step's time is the
   * earliest it can have been (its Pod turned Ready, or the slice was created), and this the latest (the slice's
   * last write).
   */
  readonly notAfter: string | null;
}

/** An endpoint changing between two versions of a slice, as the watch saw it. */
export interface EndpointChange {
  readonly slice: TraceObjectRef;
  readonly managedBy: string | null;
  readonly key: string;
  /** null: the endpoint was not in the slice before (or the slice is new). */
  readonly before: TraceEndpointState | null;
  /** null: the endpoint is gone from the slice (or the slice was deleted). */
  readonly after: TraceEndpointState | null;
  /** When the watch saw the write (ms since the epoch). */
  readonly at: number;
  /** The write as the slice recorded it: the managedFields entry re-timed in the new version; null for a deletion. */
  readonly writer: string | null;
  readonly writtenAt: string | null;
}

/** The draft of one endpoint step: what timeline.ts adds to its list. */
export interface EndpointStepDraft {
  readonly id: string;
  readonly kind: TraceStepKind;
  readonly component: TraceComponent;
  readonly actor: string;
  readonly object: TraceObjectRef;
  readonly time: string;
  readonly node: string | null;
  readonly observedAt: number | null;
  readonly endpoint?: TraceEndpoint;
  readonly evidence: readonly TraceEvidence[];
}

/** The controllers the managed-by label names, as kube-controller-manager's controllers call themselves. */
const sliceControllers: Readonly<Record<string, string>> = {
  'endpointslice-controller.k8s.io': 'endpointslice-controller',
  'endpointslicemirroring-controller.k8s.io': 'endpointslicemirroring-controller',
};

/** Who writes a slice: kube-controller-manager's EndpointSlice (or mirroring) controller, or the manager the label names. */
export function sliceWriter(
  managedBy: string | null,
  managedFields: readonly ManagedFieldsRecord[],
): { component: TraceComponent; actor: string } {
  const controller = managedBy ? sliceControllers[managedBy] : undefined;
  if (controller) return { component: 'kube-controller-manager', actor: controller };
  if (managedBy) return { component: 'other', actor: managedBy };
  // No label: the writer its managedFields name (kube-apiserver keeps the slice of Service kubernetes).
  const writer = latestWrite(managedFields);
  if (writer?.manager === 'kube-controller-manager' || writer?.manager === 'kube-apiserver')
    return { component: writer.manager, actor: writer.manager };
  return { component: 'client', actor: writer?.manager ?? 'a client' };
}

function timeOf(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : undefined;
}

function latestWrite(entries: readonly ManagedFieldsRecord[]): ManagedFieldsRecord | undefined {
  return [...entries].sort((a, b) => (timeOf(b.time) ?? -Infinity) - (timeOf(a.time) ?? -Infinity))[0];
}

/** The slice's last write as recorded: the latest managedFields time, else its creation. */
function lastWritten(slice: TraceEndpointSlice): string | null {
  return latestWrite(slice.managedFields)?.time ?? slice.metadata.creationTimestamp;
}

export function sliceRef(slice: TraceEndpointSlice): TraceObjectRef {
  return { kind: 'EndpointSlice', namespace: slice.metadata.namespace, name: slice.metadata.name, uid: slice.metadata.uid };
}

function sameState(a: TraceEndpointState, b: TraceEndpointState): boolean {
  return (
    a.ready === b.ready &&
    a.serving === b.serving &&
    a.terminating === b.terminating &&
    a.nodeName === b.nodeName &&
    a.addresses.join(',') === b.addresses.join(',')
  );
}

/** The endpoints that changed from one version of a slice to the next (either may be missing: created, deleted). */
export function endpointChanges(
  before: TraceEndpointSlice | undefined,
  after: TraceEndpointSlice | undefined,
  at: number,
): EndpointChange[] {
  const slice = after ?? before;
  if (!slice) return [];
  const old = new Map((before?.endpoints ?? []).map((endpoint) => [endpoint.key, endpoint]));
  const now = new Map((after?.endpoints ?? []).map((endpoint) => [endpoint.key, endpoint]));
  // The write: the entry this version re-timed (a deletion records none).
  const known = new Set(
    (before?.managedFields ?? []).map((entry) => `${entry.manager}/${entry.operation}/${entry.subresource}/${entry.time}`),
  );
  const written = after
    ? (after.managedFields.find((entry) => !known.has(`${entry.manager}/${entry.operation}/${entry.subresource}/${entry.time}`)) ??
      latestWrite(after.managedFields))
    : undefined;
  const changes: EndpointChange[] = [];
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(key) ?? null;
    const is = now.get(key) ?? null;
    if (was && is && sameState(was, is)) continue;
    changes.push({
      slice: sliceRef(slice),
      managedBy: slice.managedBy,
      key,
      before: was,
      after: is,
      at,
      writer: written?.manager ?? null,
      writtenAt: after ? (written?.time ?? (before ? null : after.metadata.creationTimestamp)) : null,
    });
  }
  return changes;
}

/** The step an endpoint's new state tells, given what it was; undefined when nothing a reader needs changed. */
function stepKindOf(before: TraceEndpointState | null, after: TraceEndpointState | null): TraceStepKind | undefined {
  if (!after) return before ? 'endpoint-removed' : undefined;
  if (after.ready === true) return before?.ready === true ? undefined : 'endpoint-ready';
  if (after.terminating === true) return before?.terminating === true ? undefined : 'endpoint-not-ready';
  if (after.ready === false) return before === null ? 'endpoint-added' : before.ready === false ? undefined : 'endpoint-not-ready';
  // ready unset: the API says to read it as ready, but the slice did not say so.
  return before === null ? 'endpoint-added' : undefined;
}

function conditionsText(state: TraceEndpointState): string {
  const word = (value: boolean | null) => (value === null ? 'unset' : String(value));
  return `conditions ready=${word(state.ready)} serving=${word(state.serving)} terminating=${word(state.terminating)}`;
}

function endpointEvidence(slice: TraceObjectRef, state: TraceEndpointState): TraceEvidence {
  const target = state.target ? `, targetRef ${state.target.kind} ${state.target.name}` : '';
  const node = state.nodeName ? `, node ${state.nodeName}` : '';
  return {
    source: 'endpointSlice',
    text: `EndpointSlice ${slice.name}: endpoint ${state.addresses.join(', ') || '(no address)'}${target}${node}, ${conditionsText(state)}`,
  };
}

interface PodReadiness {
  readonly by: string;
  readonly at: string;
  /** A managedFields entry records the writer; else `by` is what the knowledge says (kubelet). */
  readonly recorded: boolean;
}

/** When and by whom a Pod's Ready condition turned True (kubelet's status write), where the Pod is read. */
export function podReadiness(pod: TraceObject | undefined): PodReadiness | undefined {
  const ready = pod?.conditions.find((condition) => condition.type === 'Ready');
  if (!pod || ready?.status !== 'True' || !ready.lastTransitionTime) return undefined;
  // kubelet's status write: through the status subresource (recorded from 1.22), or an entry owning status.
  const isKubelet = (manager: string) => manager === 'kubelet' || manager.startsWith('kubelet');
  const writer =
    pod.managedFields.find((entry) => entry.subresource === 'status' && isKubelet(entry.manager)) ??
    pod.managedFields.find((entry) => entry.sections.includes('status') && isKubelet(entry.manager));
  // Without a record of the writer, kubelet: the component that sets a Pod's Ready condition.
  return { by: writer?.manager ?? 'kubelet', at: ready.lastTransitionTime, recorded: writer !== undefined };
}

function endpointOf(state: TraceEndpointState, readiness: PodReadiness | undefined, notAfter: string | null): TraceEndpoint {
  return {
    addresses: state.addresses,
    ready: state.ready,
    serving: state.serving,
    terminating: state.terminating,
    targetKind: state.target?.kind ?? null,
    targetName: state.target?.name ?? null,
    podReadyBy: state.ready === true ? (readiness?.by ?? null) : null,
    podReadyAt: state.ready === true ? (readiness?.at ?? null) : null,
    notAfter,
  };
}

function readinessEvidence(readiness: PodReadiness | undefined, state: TraceEndpointState): TraceEvidence[] {
  if (!readiness || state.ready !== true) return [];
  return [
    {
      source: 'condition',
      text: `Pod ${state.target?.name ?? ''} status.conditions[Ready] True at ${readiness.at}${readiness.recorded ? `, written by ${readiness.by} (managedFields)` : ''}: the EndpointSlice controller marks an endpoint ready when its Pod is`,
    },
    ...(readiness.recorded
      ? []
      : [
          {
            source: 'knowledge' as const,
            text: "kubelet sets a Pod's Ready condition; no managedFields entry of the Pod records the writer",
          },
        ]),
  ];
}

/** The Pods the endpoints name, by uid and by name (a v1beta1 targetRef may lack the uid). */
export function podLookup(pods: readonly TraceObject[]): (state: TraceEndpointState) => TraceObject | undefined {
  const byUid = new Map(pods.map((pod) => [pod.metadata.uid, pod]));
  const byName = new Map(pods.map((pod) => [pod.metadata.name, pod]));
  return (state) => {
    if (state.target?.kind !== 'Pod') return undefined;
    return (state.target.uid && byUid.get(state.target.uid)) || byName.get(state.target.name);
  };
}

/** A slice's creation, written by the controller its label names. */
export function sliceCreatedStep(slice: TraceEndpointSlice): EndpointStepDraft | undefined {
  const created = slice.metadata.creationTimestamp;
  if (!created) return undefined;
  const ref = sliceRef(slice);
  const { component, actor } = sliceWriter(slice.managedBy, slice.managedFields);
  const creator = [...slice.managedFields].sort((a, b) => (timeOf(a.time) ?? Infinity) - (timeOf(b.time) ?? Infinity))[0];
  return {
    id: `slice-created:${ref.uid}`,
    kind: 'slice-created',
    component,
    actor,
    object: ref,
    time: created,
    node: null,
    observedAt: null,
    evidence: [
      { source: 'metadata', text: `metadata.creationTimestamp ${created}; apiVersion ${slice.apiVersion}` },
      ...(slice.serviceName ? [{ source: 'metadata' as const, text: `label kubernetes.io/service-name=${slice.serviceName}` }] : []),
      slice.managedBy
        ? { source: 'metadata' as const, text: `label endpointslice.kubernetes.io/managed-by=${slice.managedBy}` }
        : { source: 'metadata' as const, text: 'no endpointslice.kubernetes.io/managed-by label: the writer is read from managedFields' },
      ...(creator
        ? [
            {
              source: 'managedFields' as const,
              text: `${creator.manager} (${creator.operation}) at ${creator.time ?? 'an unrecorded time'}`,
            },
          ]
        : []),
    ],
  };
}

/**
 * The endpoints of a slice as first seen by the trace (listed at its start, or created while it watched): their
 * state then, told with the times the cluster recorded. A slice written only at its creation dates them; one
 * written since keeps no time per endpoint, so a ready endpoint is placed when its Pod turned Ready (it cannot
 * have been sooner) and a step says the slice's last write is the latest it can have been.
 */
export function listedEndpointSteps(
  slice: TraceEndpointSlice,
  podOf: (state: TraceEndpointState) => TraceObject | undefined,
): EndpointStepDraft[] {
  const ref = sliceRef(slice);
  const { component, actor } = sliceWriter(slice.managedBy, slice.managedFields);
  const created = slice.metadata.creationTimestamp;
  const written = lastWritten(slice);
  const writtenOnce = written !== null && created !== null && (timeOf(written) ?? 0) <= (timeOf(created) ?? 0);
  const steps: EndpointStepDraft[] = [];
  for (const state of slice.endpoints) {
    const kind = stepKindOf(null, state);
    if (!kind) continue;
    const readiness = podReadiness(podOf(state));
    let time: string | null;
    if (writtenOnce) time = created;
    else {
      // The earliest it can have been: its Pod's Ready (for a ready endpoint), and not before the slice existed.
      const floor = kind === 'endpoint-ready' ? readiness?.at : undefined;
      time = floor && (timeOf(floor) ?? 0) > (timeOf(created) ?? 0) ? floor : (created ?? written);
    }
    if (!time) continue;
    const notAfter = writtenOnce ? null : written;
    steps.push({
      id: `${kind}:${ref.uid}:${state.key}:listed`,
      kind,
      component,
      actor,
      object: ref,
      time,
      node: state.nodeName,
      observedAt: null,
      endpoint: endpointOf(state, readiness, notAfter),
      evidence: [
        endpointEvidence(ref, state),
        ...readinessEvidence(readiness, state),
        writtenOnce
          ? { source: 'metadata', text: `the slice has not been written since its creation at ${created}` }
          : {
              source: 'managedFields',
              text: `the slice records no time per endpoint; it was last written at ${written ?? 'an unrecorded time'}${slice.lastChangeTriggerTime ? ` (endpoints.kubernetes.io/last-change-trigger-time ${slice.lastChangeTriggerTime})` : ''}`,
            },
      ],
    });
  }
  return steps;
}

/** A change the watch saw: timed by the slice's write (managedFields), or when seen, for a deletion. */
export function changeStep(
  change: EndpointChange,
  podOf: (state: TraceEndpointState) => TraceObject | undefined,
): EndpointStepDraft | undefined {
  const kind = stepKindOf(change.before, change.after);
  const state = change.after ?? change.before;
  if (!kind || !state) return undefined;
  const writes = change.writer ? [{ manager: change.writer, operation: '', time: change.writtenAt, subresource: null, sections: [] }] : [];
  const { component, actor } = sliceWriter(change.managedBy, writes);
  const readiness = podReadiness(podOf(state));
  const time = change.writtenAt ?? new Date(change.at).toISOString();
  return {
    // When the watch saw it: two writes within one recorded second are two steps.
    id: `${kind}:${change.slice.uid}:${change.key}:${change.at}`,
    kind,
    component,
    actor,
    object: change.slice,
    time,
    node: state.nodeName,
    observedAt: change.at,
    endpoint: endpointOf(state, readiness, null),
    evidence: [
      endpointEvidence(change.slice, state),
      ...(change.before && change.after ? [{ source: 'watch' as const, text: `before this write: ${conditionsText(change.before)}` }] : []),
      ...readinessEvidence(readiness, state),
      change.writtenAt
        ? {
            source: 'managedFields',
            text: `${change.writer ?? 'the writer'} wrote the slice at ${change.writtenAt}, seen by this trace's watch`,
          }
        : {
            source: 'watch',
            text: change.after ? "seen by this trace's watch" : "gone from the slice (or the slice deleted), seen by this trace's watch",
          },
    ],
  };
}

/**
 * Endpoints now: how many, ready, serving, terminating (a Service trace's counts). Serving and terminating are
 * null where no endpoint carries them (v1beta1 before the terminating condition): unknown, not zero.
 */
export function endpointCounts(slices: readonly TraceEndpointSlice[]): {
  total: number;
  ready: number;
  serving: number | null;
  terminating: number | null;
} {
  let total = 0;
  let ready = 0;
  let serving: number | null = null;
  let terminating: number | null = null;
  for (const slice of slices) {
    if (slice.metadata.deletionTimestamp) continue;
    for (const endpoint of slice.endpoints) {
      total++;
      if (endpoint.ready === true) ready++;
      if (endpoint.serving !== null) serving = (serving ?? 0) + (endpoint.serving ? 1 : 0);
      if (endpoint.terminating !== null) terminating = (terminating ?? 0) + (endpoint.terminating ? 1 : 0);
    }
  }
  return { total, ready, serving, terminating };
}
