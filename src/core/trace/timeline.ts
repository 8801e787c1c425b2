/**
 * The trace of a change: from the objects of one workload (its ReplicaSets and Pods by ownerReferences) and the
 * Events about them, the steps the cluster recorded — who stored, created, scaled, bound, started and reported
 * what, when — in order, each with the component that did it, the evidence it was read from, and the latency
 * since the step before. Only what the cluster recorded is told: a step whose evidence is gone is missing, never
 * guessed.
 */
import { lookupField } from '../fields/lookup';
import type { HiddenRead } from '../kube/hiddenRead';
import {
  changeStep,
  type EndpointChange,
  endpointCounts,
  type EndpointStepDraft,
  listedEndpointSteps,
  podLookup,
  sliceCreatedStep,
  type TraceEndpoint,
} from './endpoints';
import type { EventRing } from './eventRing';
import type { EvidenceSource, TraceComponent, TraceEvidence, TraceObjectRef, TraceStepKind } from './stepTypes';
import type { ManagedFieldsRecord, TraceEndpointSlice, TraceEvent, TraceObject, TraceTarget } from './objects';

export type { EvidenceSource, TraceComponent, TraceEvidence, TraceObjectRef, TraceStepKind } from './stepTypes';

export interface TraceStep {
  /** Stable across rebuilds of the same trace: the key a view remembers a step by. */
  readonly id: string;
  readonly kind: TraceStepKind;
  readonly component: TraceComponent;
  /** Who exactly, as the cluster recorded it: a field manager, an Event's reporting component. */
  readonly actor: string;
  readonly object: TraceObjectRef;
  /** The time the cluster recorded (RFC 3339). */
  readonly time: string;
  /** The same, in milliseconds since the epoch. */
  readonly at: number;
  /** The recorded time has sub-second precision (Events' eventTime, renewals); most times are whole seconds. */
  readonly precise: boolean;
  /** Milliseconds since the step before; null for the first. */
  latencyMs: number | null;
  /** When a live trace first saw this step (ms since the epoch); null for steps recorded before it began. */
  seenAt: number | null;
  readonly node: string | null;
  readonly container: string | null;
  readonly replicas: { readonly from: number | null; readonly to: number } | null;
  /** The recorded reason and message where the step came from an Event or a condition (cluster text: untrusted). */
  readonly reason: string | null;
  readonly message: string | null;
  readonly evidence: readonly TraceEvidence[];
  /** The Deployment walk-through step (0-based) whose edges this step travels in the diagram. */
  readonly walkStep: number;
  /** The order this trace received the step's Event in; ties in time are broken by it. */
  readonly arrival: number | null;
  /** When the watch saw the write this step records (ms), where it did; finer than a whole-second record. */
  readonly observedAt: number | null;
  /**
   * The Pod was gone before this trace could see it: the step was read from the Events the cluster still holds
   * (its controller's "Created pod: NAME", the scheduler's and kubelet's Events about it), not from the object.
   */
  readonly readFromEvents: boolean;
  /** An endpoint step's endpoint: its addresses, conditions, Pod, and who made the Pod Ready (endpoint steps only). */
  readonly endpoint?: TraceEndpoint;
}

/** What the live session saw happen while tracing, beyond what the objects still record. */
export interface TraceObservations {
  /** A ReplicaSet's spec.replicas changing, as the watch saw it. */
  readonly scaled: readonly { readonly object: TraceObjectRef; readonly from: number; readonly to: number; readonly at: number }[];
  /** Objects the watch saw deleted: their last state, and when. */
  readonly removed: readonly { readonly object: TraceObject; readonly at: number }[];
  /** The root's spec changing (its generation), as the watch saw it. */
  readonly rootChanges?: readonly RootChange[];
  /** A Service's EndpointSlices as the trace first saw each (listed, or created while it watched). */
  readonly firstSlices?: readonly TraceEndpointSlice[];
  /** Endpoints changing in later writes of those slices, as the watch saw them. */
  readonly endpointChanges?: readonly EndpointChange[];
}

export interface RootChange {
  readonly generation: number;
  readonly replicas: { readonly from: number | null; readonly to: number | null };
  readonly at: number;
  /** The client whose managedFields entry this version added or re-timed; null when none did. */
  readonly writer: string | null;
}

export interface TraceInput {
  readonly target: TraceTarget;
  readonly root: TraceObject | undefined;
  /** Candidates: only those the root owns (by controller uid) are traced. */
  readonly replicaSets: readonly TraceObject[];
  readonly pods: readonly TraceObject[];
  readonly events: EventRing;
  readonly observations?: TraceObservations;
  /** Steps before this time are left out (a trace "from now on"); undefined keeps all. */
  readonly since?: number;
  /**
   * When a live trace listed the Pods: a Pod its controller's Event says was created later is one the watch has
   * seen or is about to, so only earlier Pods are told from Events. Undefined: every Pod the Events name.
   */
  readonly podsListedAt?: number;
  /** A Service's EndpointSlices now (label kubernetes.io/service-name). */
  readonly endpointSlices?: readonly TraceEndpointSlice[];
  /** What the trace could not read (RBAC), with the permissions that would show it. */
  readonly hidden?: readonly HiddenRead[];
  /** The EndpointSlice API a Service trace reads (discovery.k8s.io/v1 or v1beta1); null when the cluster serves neither. */
  readonly endpointSliceApi?: string | null;
}

export interface TraceCounts {
  readonly desired: number | null;
  readonly pods: number;
  readonly scheduled: number;
  readonly running: number;
  readonly ready: number;
  /** A Service's endpoints now (a Service trace that could read its EndpointSlices only). */
  readonly endpoints?: {
    readonly total: number;
    readonly ready: number;
    /** null: no endpoint says (v1beta1 of 1.20 carries `ready` alone). */
    readonly serving: number | null;
    readonly terminating: number | null;
  };
}

export interface Trace {
  readonly target: TraceTarget;
  readonly root: TraceObjectRef | null;
  readonly steps: readonly TraceStep[];
  /** Steps left out to keep the timeline bounded (the oldest Pod-level steps go first). */
  readonly omittedSteps: number;
  readonly counts: TraceCounts;
  /** The traced objects' uids: the root, its ReplicaSets and Pods (for views that mark them). */
  readonly objectUids: readonly string[];
  /** What the trace could not read, with the permissions that would show it (an EndpointSlice list refused). */
  readonly hidden?: readonly HiddenRead[];
  /** A Service trace: the EndpointSlice API it read (discovery.k8s.io/v1 or v1beta1), null when none is served. */
  readonly endpointSliceApi?: string | null;
}

/** The actor of a step whose writer the cluster did not record (a DELETE or a scale names no field manager). */
export const UNRECORDED_CLIENT = 'a client';

/** The most steps one trace keeps: a rollout of 500 replicas records about 4,000. */
export const MAX_TRACE_STEPS = 600;

/** Field managers that are parts of Kubernetes (their writes are the cluster's own steps, not a client's). */
const componentManagers = new Map<string, TraceComponent>([
  ['kube-controller-manager', 'kube-controller-manager'],
  ['kube-scheduler', 'kube-scheduler'],
  ['kubelet', 'kubelet'],
  ['kube-apiserver', 'kube-apiserver'],
]);

/** The component behind a recorded actor: a field manager or an Event's reporting component. */
export function componentOf(actor: string): TraceComponent {
  const known = componentManagers.get(actor);
  if (known) return known;
  if (actor.endsWith('-controller') || actor.startsWith('kube-controller-manager')) return 'kube-controller-manager';
  if (actor.endsWith('-scheduler')) return 'kube-scheduler';
  if (actor === 'kubelet' || actor.startsWith('kubelet')) return 'kubelet';
  return 'client';
}

/** Which controller of kube-controller-manager makes the Pods of an owner kind, as its Events name it. */
const podCreators: Readonly<Record<string, string>> = {
  ReplicaSet: 'replicaset-controller',
  DaemonSet: 'daemonset-controller',
  StatefulSet: 'statefulset-controller',
  Job: 'job-controller',
};

// Within one second: the order of cause and effect (a Pod is created, bound, started, Ready, then deleted).
const rank: Readonly<Record<TraceStepKind, number>> = {
  stored: 0,
  changed: 1,
  'replicaset-created': 2,
  'replicaset-scaled': 2,
  'pod-created': 3,
  scheduled: 4,
  unschedulable: 4,
  'image-pulling': 5,
  'image-pulled': 6,
  'container-created': 7,
  'container-started': 8,
  ready: 9,
  'pod-deleted': 10,
  'container-stopping': 11,
  'rollout-complete': 12,
  'pod-removed': 13,
  event: 14,
  // A slice follows its Service; an endpoint is added with its Pod's address, turns ready after the Pod does,
  // and leaves as the Pod goes.
  'slice-created': 1.5,
  'endpoint-added': 8.5,
  'endpoint-ready': 9.5,
  'endpoint-not-ready': 10.5,
  'endpoint-removed': 11.5,
};

/** Every kind of step (a saved trace is checked against them). */
export const traceStepKinds = Object.keys(rank) as readonly TraceStepKind[];

/** Every component a step can name. */
export const traceComponents: readonly TraceComponent[] = [
  'client',
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
  'kubelet',
  'other',
];

export const evidenceSources: readonly EvidenceSource[] = [
  'event',
  'managedFields',
  'condition',
  'containerStatus',
  'ownerReference',
  'metadata',
  'watch',
  'knowledge',
  'endpointSlice',
];

const walkSteps: Readonly<Record<TraceStepKind, number>> = {
  stored: 0,
  changed: 0,
  'replicaset-created': 1,
  'replicaset-scaled': 1,
  'rollout-complete': 1,
  'pod-created': 2,
  'pod-deleted': 2,
  scheduled: 3,
  unschedulable: 3,
  'image-pulling': 4,
  'image-pulled': 4,
  'container-created': 4,
  'container-started': 4,
  'container-stopping': 4,
  ready: 5,
  'pod-removed': 0,
  event: 0,
  // kube-controller-manager writes the slices: its path to kube-apiserver.
  'slice-created': 1,
  'endpoint-added': 1,
  'endpoint-ready': 1,
  'endpoint-not-ready': 1,
  'endpoint-removed': 1,
};

function refOf(object: TraceObject): TraceObjectRef {
  return { kind: object.kind, namespace: object.metadata.namespace, name: object.metadata.name, uid: object.metadata.uid };
}

function timeOf(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : undefined;
}

function isPrecise(text: string): boolean {
  return /\.\d*[1-9]\d*Z$|\.\d+[+-]/.test(text);
}

function managedText(entry: ManagedFieldsRecord): string {
  return `${entry.manager} (${entry.operation}${entry.subresource ? `, subresource ${entry.subresource}` : ''}) at ${entry.time ?? 'an unrecorded time'}`;
}

function eventText(event: TraceEvent): string {
  const repeat = event.count > 1 ? ` (×${event.count})` : '';
  return `Event ${event.reason} from ${event.component || 'an unnamed component'}${event.host ? ` on ${event.host}` : ''}: ${event.message}${repeat}`;
}

/** The component the knowledge base names for a field, as the fallback when the cluster recorded no actor. */
function knowledgeActor(kind: string, apiVersion: string, path: readonly string[]): string | undefined {
  const actors = lookupField(kind, apiVersion, path).match?.entry.actors;
  return actors?.[0]?.id;
}

/** "spec.containers{web}" → "web". */
function containerOfFieldPath(fieldPath: string): string | null {
  return /^spec\.(?:init|ephemeral)?[cC]ontainers\{(.+)\}$/.exec(fieldPath)?.[1] ?? null;
}

/** "Scaled up replica set web-5d9c from 0 to 3" (1.26 on) or "Scaled up replica set web-5d9c to 3" (before). */
export function parseScaling(message: string): { name: string; from: number | null; to: number } | undefined {
  const match = /^Scaled (?:up|down) replica set (\S+?)(?: from (\d+))? to (\d+)/.exec(message);
  if (!match) return undefined;
  return { name: match[1]!, from: match[2] === undefined ? null : Number(match[2]), to: Number(match[3]) };
}

type Draft = Omit<
  TraceStep,
  | 'latencyMs'
  | 'seenAt'
  | 'at'
  | 'precise'
  | 'walkStep'
  | 'component'
  | 'node'
  | 'container'
  | 'replicas'
  | 'reason'
  | 'message'
  | 'arrival'
  | 'observedAt'
  | 'readFromEvents'
> &
  Partial<Pick<TraceStep, 'component' | 'node' | 'container' | 'replicas' | 'reason' | 'message' | 'arrival' | 'observedAt'>>;

class StepList {
  readonly steps: TraceStep[] = [];
  private readonly ids = new Set<string>();
  /** Steps added now are read from Events alone (their object is gone). */
  readingFromEvents = false;

  constructor(private readonly since: number | undefined) {}

  add(draft: Draft): void {
    const at = timeOf(draft.time);
    if (at === undefined || this.ids.has(draft.id)) return;
    // Whole-second times are floored: a step in the second the trace began is kept.
    if (this.since !== undefined && at < Math.floor(this.since / 1000) * 1000) return;
    this.ids.add(draft.id);
    this.steps.push({
      component: componentOf(draft.actor),
      node: null,
      container: null,
      replicas: null,
      reason: null,
      message: null,
      arrival: null,
      observedAt: null,
      ...draft,
      readFromEvents: this.readingFromEvents,
      at,
      precise: isPrecise(draft.time),
      latencyMs: null,
      seenAt: null,
      walkStep: walkSteps[draft.kind],
    });
  }
}

/** Events the steps below have explained; the rest become steps of their own. */
class EventUse {
  private readonly used = new Set<string>();
  take(event: TraceEvent): TraceEvent {
    this.used.add(event.uid);
    return event;
  }
  /** The draft fields of a step read from `event`. */
  static fields(event: TraceEvent): Pick<TraceStep, 'reason' | 'message' | 'arrival'> {
    return { reason: event.reason, message: event.message, arrival: event.arrival ?? null };
  }
  isUsed(event: TraceEvent): boolean {
    return this.used.has(event.uid);
  }
}

function rootSteps(root: TraceObject, list: StepList, target: TraceTarget, observations: TraceObservations | undefined): void {
  const ref = refOf(root);
  const clients = root.managedFields.filter((entry) => componentOf(entry.manager) === 'client' && entry.subresource !== 'status');
  const created = root.metadata.creationTimestamp;
  const creator = [...clients].sort((a, b) => (timeOf(a.time) ?? Infinity) - (timeOf(b.time) ?? Infinity))[0];
  if (created) {
    list.add({
      id: `stored:${ref.uid}`,
      kind: 'stored',
      component: 'kube-apiserver',
      actor: creator?.manager ?? 'kube-apiserver',
      object: ref,
      time: created,
      evidence: [
        { source: 'metadata', text: `metadata.creationTimestamp ${created}` },
        ...(creator ? [{ source: 'managedFields' as const, text: `${managedText(creator)}: the client that sent it` }] : []),
      ],
    });
  }
  // Each client's latest write after the creation is a change it made (managedFields keep one time per manager);
  // another client's entry is a change even when recorded in the same second as the creation.
  const seen = observations?.rootChanges ?? [];
  const seenFor = (manager: string, at: number) =>
    seen.find((change) => change.writer === manager && at >= change.at - 3_000 && at <= change.at + 250);
  for (const entry of clients) {
    const at = timeOf(entry.time);
    if (at === undefined || (entry === creator && at <= (timeOf(created) ?? -Infinity))) continue;
    // A write through the scale subresource (kubectl scale) changes only spec.replicas.
    const scale = entry.subresource === 'scale';
    const observed = seenFor(entry.manager, at);
    list.add({
      observedAt: observed?.at ?? null,
      id: `changed:${ref.uid}:${entry.manager}:${entry.operation}:${entry.subresource ?? ''}:${entry.time}`,
      kind: 'changed',
      actor: entry.manager,
      object: ref,
      time: entry.time!,
      ...(scale && root.replicas !== null && { replicas: { from: null, to: root.replicas } }),
      evidence: [
        { source: 'managedFields', text: managedText(entry) },
        ...(root.generation !== null ? [{ source: 'metadata' as const, text: `metadata.generation ${root.generation}` }] : []),
      ],
    });
  }
  // Changes the watch saw that no client's managedFields time accounts for (before Kubernetes 1.22, a write
  // through the scale subresource recorded no manager).
  // A change the watch saw is a step of its own unless the writer's managedFields entry still records it.
  for (const change of seen) {
    if (
      clients.some((entry) => {
        const at = timeOf(entry.time);
        return at !== undefined && seenFor(entry.manager, at) === change;
      })
    )
      continue;
    const replicas =
      change.replicas.to !== null && change.replicas.from !== change.replicas.to
        ? { from: change.replicas.from, to: change.replicas.to }
        : undefined;
    list.add({
      id: `changed:${ref.uid}:generation:${change.generation}`,
      kind: 'changed',
      component: 'client',
      actor: change.writer ?? UNRECORDED_CLIENT,
      object: ref,
      time: new Date(change.at).toISOString(),
      observedAt: change.at,
      ...(replicas && { replicas }),
      evidence: [
        {
          source: 'watch',
          text: `metadata.generation ${change.generation}${replicas ? `, spec.replicas ${replicas.from ?? '?'} → ${replicas.to}` : ''}, seen by this trace's watch; ${change.writer ? `the managedFields entry of ${change.writer} changed with it` : 'no managedFields entry names the writer'}`,
        },
      ],
    });
  }
  if (target.kind === 'Deployment') {
    const progressing = root.conditions.find((condition) => condition.type === 'Progressing');
    if (progressing?.reason === 'NewReplicaSetAvailable' && progressing.status === 'True') {
      const time = progressing.lastUpdateTime ?? progressing.lastTransitionTime;
      if (time) {
        list.add({
          id: `rollout-complete:${ref.uid}:${time}`,
          kind: 'rollout-complete',
          actor: 'deployment-controller',
          object: ref,
          time,
          reason: progressing.reason,
          message: progressing.message,
          evidence: [
            {
              source: 'condition',
              text: `status.conditions[Progressing] ${progressing.status} (${progressing.reason}) updated ${time}: ${progressing.message ?? ''}`,
            },
          ],
        });
      }
    }
  }
}

function replicaSetSteps(
  root: TraceObject,
  replicaSets: readonly TraceObject[],
  list: StepList,
  rootEvents: readonly TraceEvent[],
  use: EventUse,
  observations: TraceObservations | undefined,
): void {
  const scalings = rootEvents.filter((event) => event.reason === 'ScalingReplicaSet');
  for (const rs of replicaSets) {
    const ref = refOf(rs);
    const created = rs.metadata.creationTimestamp;
    const writer = rs.managedFields.find((entry) => entry.subresource !== 'status');
    const first = scalings.find((event) => parseScaling(event.message)?.name === rs.metadata.name);
    if (created) {
      list.add({
        id: `replicaset-created:${ref.uid}`,
        kind: 'replicaset-created',
        actor: first?.component || 'deployment-controller',
        object: ref,
        time: created,
        // The controller creates a ReplicaSet just before its first scale-up: in the same second, before that Event.
        arrival: first?.arrival === undefined ? null : first.arrival - 0.5,
        evidence: [
          { source: 'ownerReference', text: `metadata.ownerReferences: controlled by Deployment ${root.metadata.name}` },
          ...(writer ? [{ source: 'managedFields' as const, text: managedText(writer) }] : []),
          ...(rs.revision ? [{ source: 'metadata' as const, text: `deployment.kubernetes.io/revision ${rs.revision}` }] : []),
        ],
      });
    }
  }
  const names = new Map(replicaSets.map((rs) => [rs.metadata.name, rs]));
  const fromEvents = new Set<string>();
  for (const event of scalings) {
    const scaling = parseScaling(event.message);
    const time = event.lastTime ?? event.firstTime;
    if (!scaling || !time) continue;
    const rs = names.get(scaling.name);
    const object = rs ? refOf(rs) : { kind: 'ReplicaSet', namespace: root.metadata.namespace, name: scaling.name, uid: '' };
    fromEvents.add(`${scaling.name}:${scaling.to}`);
    list.add({
      id: `replicaset-scaled:${event.uid}:${event.count}`,
      kind: 'replicaset-scaled',
      actor: use.take(event).component || 'deployment-controller',
      object,
      time,
      replicas: { from: scaling.from, to: scaling.to },
      ...EventUse.fields(event),
      evidence: [{ source: 'event', text: eventText(event) }],
    });
  }
  // Scalings the watch saw whose Event is gone or never came (some versions aggregate them).
  for (const seen of observations?.scaled ?? []) {
    if (fromEvents.has(`${seen.object.name}:${seen.to}`)) continue;
    list.add({
      id: `replicaset-scaled:${seen.object.uid}:${seen.to}:${seen.at}`,
      kind: 'replicaset-scaled',
      actor: 'deployment-controller',
      object: seen.object,
      time: new Date(seen.at).toISOString(),
      replicas: { from: seen.from, to: seen.to },
      evidence: [{ source: 'watch', text: `spec.replicas ${seen.from} → ${seen.to}, seen by this trace's watch` }],
    });
  }
}

/** kubelet's status write of a Pod (its managedFields entry), as evidence of what it reported. */
function podStatusWriter(pod: TraceObject): { statusWriter: ManagedFieldsRecord | undefined; statusEvidence: TraceEvidence[] } {
  const statusWriter =
    pod.managedFields.find((entry) => entry.subresource === 'status' && componentOf(entry.manager) === 'kubelet') ??
    pod.managedFields.find((entry) => entry.sections.includes('status') && componentOf(entry.manager) === 'kubelet');
  const statusEvidence = statusWriter
    ? [{ source: 'managedFields' as const, text: `${managedText(statusWriter)}: the status it reported` }]
    : [];
  return { statusWriter, statusEvidence };
}

/** kubelet set the Pod's Ready condition True. */
function podReadyStep(pod: TraceObject, list: StepList): void {
  const ready = pod.conditions.find((condition) => condition.type === 'Ready');
  if (ready?.status !== 'True' || !ready.lastTransitionTime) return;
  const { statusWriter, statusEvidence } = podStatusWriter(pod);
  list.add({
    id: `ready:${pod.metadata.uid}:${ready.lastTransitionTime}`,
    kind: 'ready',
    actor: statusWriter?.manager ?? 'kubelet',
    component: 'kubelet',
    object: refOf(pod),
    time: ready.lastTransitionTime,
    node: pod.nodeName,
    evidence: [{ source: 'condition', text: `status.conditions[Ready] True at ${ready.lastTransitionTime}` }, ...statusEvidence],
  });
}

/**
 * A Service's EndpointSlices: each slice's creation by the controller its label names, its endpoints as the
 * trace first saw them, then each change the watch saw; and the Ready of the Pods they stand for (kubelet's
 * step before the controller's). For a workload (`onlyPods`), the endpoint steps of its own Pods alone, in
 * whichever Service's slices they are.
 */
function endpointSteps(input: TraceInput, pods: readonly TraceObject[], list: StepList, onlyPods = false): void {
  const podOf = podLookup(pods);
  const first = input.observations?.firstSlices ?? input.endpointSlices ?? [];
  const names = new Set(pods.map((pod) => pod.metadata.name));
  const add = (draft: EndpointStepDraft | undefined) => {
    if (!draft) return;
    if (onlyPods && !(draft.endpoint?.targetKind === 'Pod' && names.has(draft.endpoint.targetName ?? ''))) return;
    list.add({ ...draft, evidence: [...draft.evidence] });
  };
  for (const slice of first) {
    add(sliceCreatedStep(slice));
    for (const step of listedEndpointSteps(slice, podOf)) add(step);
  }
  for (const change of input.observations?.endpointChanges ?? []) add(changeStep(change, podOf));
  // The Pods the endpoints stand for: kubelet made each Ready.
  const named = new Set<TraceObject>();
  for (const slice of [...first, ...(input.endpointSlices ?? [])])
    for (const endpoint of slice.endpoints) {
      const pod = podOf(endpoint);
      if (pod) named.add(pod);
    }
  // A workload's own Pods tell their Ready themselves.
  if (!onlyPods) for (const pod of named) podReadyStep(pod, list);
}

function podSteps(
  pod: TraceObject,
  owner: TraceObject | undefined,
  ownerEvents: readonly TraceEvent[],
  podEvents: readonly TraceEvent[],
  list: StepList,
  use: EventUse,
  removedAt: number | undefined,
): void {
  const ref = refOf(pod);
  const name = pod.metadata.name;
  const created = pod.metadata.creationTimestamp;
  const creator = pod.managedFields.find((entry) => entry.subresource !== 'status' && entry.sections.includes('spec'));
  const mentions = (event: TraceEvent) => mentionsPod(event, name);
  if (created) {
    const createdEvent = ownerEvents.find((event) => event.reason === 'SuccessfulCreate' && mentions(event));
    const controller = owner
      ? (podCreators[owner.kind] ?? creator?.manager ?? 'kube-controller-manager')
      : (creator?.manager ?? 'kube-apiserver');
    list.add({
      id: `pod-created:${ref.uid}`,
      kind: 'pod-created',
      actor: createdEvent ? use.take(createdEvent).component || controller : controller,
      ...(!owner && { component: 'kube-apiserver' as const }),
      object: ref,
      time: created,
      evidence: [
        ...(owner
          ? [{ source: 'ownerReference' as const, text: `metadata.ownerReferences: controlled by ${owner.kind} ${owner.metadata.name}` }]
          : []),
        ...(createdEvent ? [{ source: 'event' as const, text: eventText(createdEvent) }] : []),
        ...(creator ? [{ source: 'managedFields' as const, text: managedText(creator) }] : []),
        { source: 'metadata', text: `metadata.creationTimestamp ${created}` },
      ],
    });
  }
  const scheduledCondition = pod.conditions.find((condition) => condition.type === 'PodScheduled');
  const scheduledEvent = podEvents.find((event) => event.reason === 'Scheduled');
  const binder = pod.managedFields.find((entry) => componentOf(entry.manager) === 'kube-scheduler');
  const scheduledTime = scheduledEvent?.lastTime ?? (scheduledCondition?.status === 'True' ? scheduledCondition.lastTransitionTime : null);
  if (pod.nodeName && scheduledTime) {
    const actor =
      scheduledEvent?.component ||
      binder?.manager ||
      pod.schedulerName ||
      knowledgeActor('Pod', 'v1', ['spec', 'nodeName']) ||
      'kube-scheduler';
    list.add({
      id: `scheduled:${ref.uid}`,
      kind: 'scheduled',
      component: 'kube-scheduler',
      actor: scheduledEvent ? use.take(scheduledEvent).component || actor : actor,
      object: ref,
      time: scheduledTime,
      node: pod.nodeName,
      ...(scheduledEvent && EventUse.fields(scheduledEvent)),
      evidence: [
        ...(scheduledEvent ? [{ source: 'event' as const, text: eventText(scheduledEvent) }] : []),
        ...(scheduledCondition
          ? [
              {
                source: 'condition' as const,
                text: `status.conditions[PodScheduled] ${scheduledCondition.status} at ${scheduledCondition.lastTransitionTime ?? 'an unrecorded time'}`,
              },
            ]
          : []),
        ...(binder ? [{ source: 'managedFields' as const, text: `${managedText(binder)}: the binding` }] : []),
        { source: 'metadata', text: `spec.nodeName ${pod.nodeName}` },
        ...(!scheduledEvent && !binder
          ? [{ source: 'knowledge' as const, text: 'spec.nodeName is set by kube-scheduler through the binding subresource' }]
          : []),
      ],
    });
  }
  const startedFromEvent = podEventSteps(ref, podEvents, pod.nodeName, list, use);
  const { statusWriter, statusEvidence } = podStatusWriter(pod);
  for (const container of pod.containers) {
    if (!container.startedAt || startedFromEvent.has(container.name)) continue;
    list.add({
      id: `container-started:${ref.uid}:${container.name}:${container.startedAt}`,
      kind: 'container-started',
      actor: statusWriter?.manager ?? 'kubelet',
      component: 'kubelet',
      object: ref,
      time: container.startedAt,
      node: pod.nodeName,
      container: container.name,
      evidence: [
        { source: 'containerStatus', text: `status.containerStatuses[${container.name}].state.running.startedAt ${container.startedAt}` },
        ...statusEvidence,
      ],
    });
  }
  podReadyStep(pod, list);
  // A deletion: graceful (deletionTimestamp is when the grace period ends, so the request came that many seconds
  // before), or, gone without one the watch saw, at once (grace period 0, or never bound).
  const deadline = timeOf(pod.metadata.deletionTimestamp);
  if (deadline !== undefined || removedAt !== undefined) {
    const deleteEvent = ownerEvents.find((event) => event.reason === 'SuccessfulDelete' && mentions(event));
    const grace = pod.deletionGracePeriodSeconds ?? 0;
    const recorded =
      deadline !== undefined
        ? {
            time: new Date(deadline - grace * 1000).toISOString(),
            evidence: {
              source: 'metadata' as const,
              text: `metadata.deletionTimestamp ${pod.metadata.deletionTimestamp} (grace period ${grace} s)`,
            },
          }
        : {
            time: new Date(removedAt!).toISOString(),
            evidence: { source: 'watch' as const, text: 'gone from the API without a deletionTimestamp first: deleted at once' },
          };
    list.add({
      id: `pod-deleted:${ref.uid}`,
      kind: 'pod-deleted',
      actor: deleteEvent ? use.take(deleteEvent).component || 'kube-controller-manager' : UNRECORDED_CLIENT,
      ...(!deleteEvent && { component: 'client' as const }),
      object: ref,
      time: deleteEvent?.lastTime ?? recorded.time,
      evidence: [...(deleteEvent ? [{ source: 'event' as const, text: eventText(deleteEvent) }] : []), recorded.evidence],
    });
  }
  if (removedAt !== undefined) {
    list.add({
      id: `pod-removed:${ref.uid}`,
      kind: 'pod-removed',
      component: 'kube-apiserver',
      actor: 'kube-apiserver',
      object: ref,
      time: new Date(removedAt).toISOString(),
      node: pod.nodeName,
      evidence: [{ source: 'watch', text: "the DELETED event of this trace's watch: gone from the API" }],
    });
  }
}

/** A controller's Event names the Pod it made or removed: "Created pod: web-1-a", "create Pod db-0 in StatefulSet db successful". */
function mentionsPod(event: TraceEvent, name: string): boolean {
  return event.message.endsWith(`: ${name}`) || event.message.includes(` ${name} `) || event.message.endsWith(` ${name}`);
}

/** The Pod names a controller's Events give for the Pods it created or deleted. */
function podNamesIn(ownerEvents: readonly TraceEvent[]): string[] {
  const names = new Set<string>();
  for (const event of ownerEvents) {
    if (event.reason !== 'SuccessfulCreate' && event.reason !== 'SuccessfulDelete') continue;
    const name = /^(?:Created|Deleted) pod: (\S+)$/.exec(event.message)?.[1] ?? /^(?:create|delete) Pod (\S+) in /.exec(event.message)?.[1];
    if (name) names.add(name);
  }
  return [...names];
}

const kubeletKinds: Readonly<Record<string, TraceStepKind>> = {
  Pulling: 'image-pulling',
  Pulled: 'image-pulled',
  Created: 'container-created',
  Started: 'container-started',
  Killing: 'container-stopping',
};

/** The scheduler's refusals and the kubelet's Events about a Pod; returns the containers whose start an Event recorded. */
function podEventSteps(
  ref: TraceObjectRef,
  podEvents: readonly TraceEvent[],
  nodeName: string | null,
  list: StepList,
  use: EventUse,
): Set<string> {
  for (const event of podEvents.filter((candidate) => candidate.reason === 'FailedScheduling')) {
    list.add({
      id: `unschedulable:${event.uid}:${event.count}`,
      kind: 'unschedulable',
      actor: use.take(event).component || 'kube-scheduler',
      object: ref,
      time: event.lastTime ?? event.firstTime ?? '',
      ...EventUse.fields(event),
      evidence: [{ source: 'event', text: eventText(event) }],
    });
  }
  const startedFromEvent = new Set<string>();
  for (const event of podEvents) {
    const kind = kubeletKinds[event.reason];
    if (!kind) continue;
    const container = containerOfFieldPath(event.fieldPath);
    if (kind === 'container-started' && container) startedFromEvent.add(container);
    list.add({
      id: `${kind}:${ref.uid}:${container ?? ''}:${event.uid}`,
      kind,
      actor: use.take(event).component || 'kubelet',
      object: ref,
      time: event.lastTime ?? event.firstTime ?? '',
      node: event.host || nodeName,
      container,
      ...EventUse.fields(event),
      evidence: [{ source: 'event', text: eventText(event) }],
    });
  }
  return startedFromEvent;
}

/**
 * A Pod gone before this trace could see it (a rollout's old Pods, read a minute later): its controller's Events
 * name it, and the scheduler's and kubelet's Events about it keep its name, uid and node for their lifetime (an
 * hour by default). Every step is read from those Events and says so; what only the object recorded (Ready, a
 * client's deletion) is not told.
 */
function gonePodSteps(
  name: string,
  owner: TraceObject,
  ownerEvents: readonly TraceEvent[],
  events: EventRing,
  list: StepList,
  use: EventUse,
): void {
  const ownEvents = events.eventsNamed('Pod', name);
  // A name a StatefulSet reused is two Pods: one per uid.
  const uids = [...new Set(ownEvents.map((event) => event.involvedUid))];
  const namespace = owner.metadata.namespace;
  list.readingFromEvents = true;
  for (const uid of uids.length > 0 ? uids : ['']) {
    const ref: TraceObjectRef = { kind: 'Pod', namespace, name, uid: uid || `gone:${owner.metadata.uid}:${name}` };
    const podEvents = ownEvents.filter((event) => event.involvedUid === uid);
    const createdEvent = ownerEvents.find((event) => event.reason === 'SuccessfulCreate' && mentionsPod(event, name));
    if (createdEvent) {
      list.add({
        id: `pod-created:${ref.uid}`,
        kind: 'pod-created',
        actor: use.take(createdEvent).component || (podCreators[owner.kind] ?? 'kube-controller-manager'),
        object: ref,
        time: createdEvent.firstTime ?? createdEvent.lastTime ?? '',
        ...EventUse.fields(createdEvent),
        evidence: [
          { source: 'event', text: eventText(createdEvent) },
          { source: 'ownerReference', text: `involvedObject of that Event: ${owner.kind} ${owner.metadata.name}` },
        ],
      });
    }
    const scheduledEvent = podEvents.find((event) => event.reason === 'Scheduled');
    const node =
      (scheduledEvent && /^Successfully assigned \S+ to (\S+)$/.exec(scheduledEvent.message)?.[1]) ||
      podEvents.find((event) => event.host)?.host ||
      null;
    if (scheduledEvent && node) {
      list.add({
        id: `scheduled:${ref.uid}`,
        kind: 'scheduled',
        component: 'kube-scheduler',
        actor: use.take(scheduledEvent).component || 'kube-scheduler',
        object: ref,
        time: scheduledEvent.lastTime ?? scheduledEvent.firstTime ?? '',
        node,
        ...EventUse.fields(scheduledEvent),
        evidence: [{ source: 'event', text: eventText(scheduledEvent) }],
      });
    }
    podEventSteps(ref, podEvents, node, list, use);
    const deleteEvent = ownerEvents.find((event) => event.reason === 'SuccessfulDelete' && mentionsPod(event, name));
    if (deleteEvent) {
      list.add({
        id: `pod-deleted:${ref.uid}`,
        kind: 'pod-deleted',
        actor: use.take(deleteEvent).component || 'kube-controller-manager',
        object: ref,
        time: deleteEvent.lastTime ?? deleteEvent.firstTime ?? '',
        ...EventUse.fields(deleteEvent),
        evidence: [{ source: 'event', text: eventText(deleteEvent) }],
      });
    }
    otherEventSteps(ref, podEvents, list, use);
  }
  list.readingFromEvents = false;
}

function otherEventSteps(object: TraceObjectRef, events: readonly TraceEvent[], list: StepList, use: EventUse): void {
  for (const event of events) {
    if (use.isUsed(event)) continue;
    list.add({
      id: `event:${event.uid}:${event.count}`,
      kind: 'event',
      actor: event.component || 'an unnamed component',
      object,
      time: event.lastTime ?? event.firstTime ?? '',
      node: event.host || null,
      container: containerOfFieldPath(event.fieldPath),
      ...EventUse.fields(event),
      evidence: [{ source: 'event', text: eventText(event) }],
    });
  }
}

/**
 * Most times are whole seconds (metadata, conditions, core Events); a few have microseconds (events.k8s.io).
 * Within one second the order of the steps' kinds decides (a Pod is bound before it starts), then the precise
 * time (or, for two writes the watch saw, when it saw them), then the order the Events arrived in.
 */
function inRecordedOrder(a: TraceStep, b: TraceStep): number {
  return (
    Math.floor(a.at / 1000) - Math.floor(b.at / 1000) ||
    rank[a.kind] - rank[b.kind] ||
    (a.observedAt !== null && b.observedAt !== null ? a.observedAt - b.observedAt : a.at - b.at) ||
    (a.arrival ?? Infinity) - (b.arrival ?? Infinity) ||
    a.object.name.localeCompare(b.object.name) ||
    (a.container ?? '').localeCompare(b.container ?? '')
  );
}

function isControlledBy(object: TraceObject, owner: TraceObject): boolean {
  return object.owners.some((reference) => reference.uid === owner.metadata.uid && reference.controller);
}

/** The objects of a trace: the root, the ReplicaSets it controls (a Deployment's), and their Pods or its own. */
export function tracedObjects(input: Pick<TraceInput, 'target' | 'root' | 'replicaSets' | 'pods'>): {
  replicaSets: TraceObject[];
  pods: TraceObject[];
} {
  const root = input.root;
  if (!root) return { replicaSets: [], pods: [] };
  if (input.target.kind === 'Pod') return { replicaSets: [], pods: [root] };
  if (input.target.kind === 'Service') {
    // The Pods its selector selects (a Service without one has its endpoints written by someone else).
    const selector = root.matchLabels;
    const selected = selector
      ? input.pods.filter((pod) => Object.entries(selector).every(([key, value]) => pod.metadata.labels[key] === value))
      : [];
    return { replicaSets: [], pods: selected };
  }
  const replicaSets = input.target.kind === 'Deployment' ? input.replicaSets.filter((rs) => isControlledBy(rs, root)) : [];
  const owners = input.target.kind === 'Deployment' ? replicaSets : [root];
  const ownerUids = new Set(owners.map((owner) => owner.metadata.uid));
  const pods = input.pods.filter((pod) => pod.owners.some((reference) => reference.controller && ownerUids.has(reference.uid)));
  return { replicaSets, pods };
}

export function buildTrace(input: TraceInput): Trace {
  const root = input.root;
  const list = new StepList(input.since);
  const use = new EventUse();
  const isService = input.target.kind === 'Service';
  const counts = {
    desired: isService ? null : (root?.replicas ?? null),
    pods: 0,
    scheduled: 0,
    running: 0,
    ready: 0,
    // Not read (refused, or not served): not zero.
    ...(isService && input.endpointSlices && { endpoints: endpointCounts(input.endpointSlices) }),
  };
  const extra = {
    ...(input.hidden && input.hidden.length > 0 && { hidden: input.hidden }),
    ...(isService && input.endpointSliceApi !== undefined && { endpointSliceApi: input.endpointSliceApi }),
  };
  if (!root) return { target: input.target, root: null, steps: [], omittedSteps: 0, counts, objectUids: [], ...extra };
  const { replicaSets, pods } = tracedObjects(input);
  const rootEvents = input.events.eventsOf(root.metadata.uid);
  rootSteps(root, list, input.target, input.observations);
  if (isService) endpointSteps(input, pods, list);
  if (input.target.kind === 'Deployment') replicaSetSteps(root, replicaSets, list, rootEvents, use, input.observations);

  const removed = new Map((input.observations?.removed ?? []).map((entry) => [entry.object.metadata.uid, entry]));
  const owners = new Map<string, TraceObject>([[root.metadata.uid, root], ...replicaSets.map((rs) => [rs.metadata.uid, rs] as const)]);
  // Pods gone while tracing keep their steps: the ReplicaSet's scale-down removed them, and that is part of the story.
  const removedPods = [...removed.values()]
    .map((entry) => entry.object)
    .filter((object) => object.kind === 'Pod' && object.owners.some((reference) => owners.has(reference.uid)));
  const livePods = input.target.kind === 'Pod' ? pods : pods.filter((pod) => !removed.has(pod.metadata.uid));
  // A workload's Pods in the EndpointSlices of the Services that select them, where the trace read those.
  if (!isService && input.endpointSlices) endpointSteps(input, [...livePods, ...removedPods], list, true);
  // A Service's Pods are told by their Ready alone (endpointSteps): their own story is their workload's trace.
  for (const pod of isService ? [] : [...livePods, ...removedPods]) {
    const owner = pod === root ? undefined : owners.get(pod.owners.find((reference) => reference.controller)?.uid ?? '');
    const ownerEvents = owner ? input.events.eventsOf(owner.metadata.uid) : [];
    podSteps(pod, owner, ownerEvents, input.events.eventsOf(pod.metadata.uid), list, use, removed.get(pod.metadata.uid)?.at);
  }
  // Pods gone before the trace saw them, told from the Events that name them.
  const known = new Set([...livePods, ...removedPods].map((pod) => pod.metadata.name));
  const podOwners = input.target.kind === 'Deployment' ? replicaSets : input.target.kind === 'Pod' || isService ? [] : [root];
  for (const owner of podOwners) {
    const ownerEvents = input.events.eventsOf(owner.metadata.uid);
    for (const name of podNamesIn(ownerEvents)) {
      if (known.has(name)) continue;
      const created = ownerEvents.find((event) => event.reason === 'SuccessfulCreate' && mentionsPod(event, name));
      const createdAt = timeOf(created?.firstTime ?? created?.lastTime);
      // Whole seconds: a Pod created in the second of the list may have come just before it.
      if (input.podsListedAt !== undefined && createdAt !== undefined && createdAt >= Math.floor(input.podsListedAt / 1000) * 1000 + 1000)
        continue;
      known.add(name);
      gonePodSteps(name, owner, ownerEvents, input.events, list, use);
    }
  }
  for (const pod of livePods) {
    if (pod.metadata.deletionTimestamp) continue;
    counts.pods++;
    if (pod.nodeName) counts.scheduled++;
    if (pod.containers.length > 0 && pod.containers.every((container) => container.startedAt)) counts.running++;
    if (pod.conditions.some((condition) => condition.type === 'Ready' && condition.status === 'True')) counts.ready++;
  }
  for (const object of isService ? [root] : [root, ...replicaSets, ...livePods, ...removedPods])
    otherEventSteps(refOf(object), input.events.eventsOf(object.metadata.uid), list, use);

  const ordered = list.steps.sort(inRecordedOrder);
  let kept = ordered;
  let omitted = 0;
  if (ordered.length > MAX_TRACE_STEPS) {
    // The workload's own steps stay; of the Pods', the newest are kept.
    const own = new Set(ordered.filter((step) => (step.object.kind !== 'Pod' && !step.endpoint) || input.target.kind === 'Pod'));
    const podLevel = ordered.filter((step) => !own.has(step));
    const room = Math.max(0, MAX_TRACE_STEPS - own.size);
    const keptPodSteps = new Set(podLevel.slice(podLevel.length - room));
    kept = ordered.filter((step) => own.has(step) || keptPodSteps.has(step));
    omitted = ordered.length - kept.length;
  }
  // A whole-second time may read earlier than a precise one of the same second it followed: no negative latency.
  for (let index = 1; index < kept.length; index++) kept[index]!.latencyMs = Math.max(0, kept[index]!.at - kept[index - 1]!.at);
  // A set, in one order whatever order the lists and watches delivered the objects in: two reads of one cluster agree.
  const objectUids = [root, ...replicaSets, ...livePods].map((object) => object.metadata.uid).sort();
  return { target: input.target, root: refOf(root), steps: kept, omittedSteps: omitted, counts, objectUids, ...extra };
}
