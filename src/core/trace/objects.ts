/**
 * What a trace reads of each object and Event: the times the cluster recorded (creation, managedFields,
 * conditions, container starts, Events), ownership by uid, and nothing else. Input is raw API JSON: untyped and
 * untrusted; every string kept is bounded.
 */
import type { SlimMeta } from '../kube/slim';

type Json = Record<string, unknown>;

/** The kinds a trace starts from, with what the API calls them. */
export const traceKinds = {
  Deployment: { group: 'apps', version: 'v1', plural: 'deployments', names: ['deployment', 'deployments', 'deploy'] },
  DaemonSet: { group: 'apps', version: 'v1', plural: 'daemonsets', names: ['daemonset', 'daemonsets', 'ds'] },
  StatefulSet: { group: 'apps', version: 'v1', plural: 'statefulsets', names: ['statefulset', 'statefulsets', 'sts'] },
  ReplicaSet: { group: 'apps', version: 'v1', plural: 'replicasets', names: ['replicaset', 'replicasets', 'rs'] },
  Job: { group: 'batch', version: 'v1', plural: 'jobs', names: ['job', 'jobs'] },
  Pod: { group: '', version: 'v1', plural: 'pods', names: ['pod', 'pods', 'po'] },
  Service: { group: '', version: 'v1', plural: 'services', names: ['service', 'services', 'svc'] },
} as const;

export type TraceKind = keyof typeof traceKinds;

export interface TraceTarget {
  readonly kind: TraceKind;
  readonly namespace: string;
  readonly name: string;
}

/** "deploy/web", "Deployment/web", "pods/web-1": the kind as kubectl spells it, then the name. */
export function parseTraceTarget(text: string, namespace: string): TraceTarget {
  const match = /^([A-Za-z]+)(?:\.(apps|batch))?\/([^/\s]+)$/.exec(text.trim());
  const known = Object.keys(traceKinds).join(', ');
  if (!match) throw new Error(`'${text}' is not KIND/NAME (KIND is one of ${known})`);
  const word = match[1]!.toLowerCase();
  const kind = (Object.keys(traceKinds) as TraceKind[]).find((candidate) =>
    (traceKinds[candidate].names as readonly string[]).includes(word),
  );
  if (!kind || (match[2] !== undefined && match[2] !== traceKinds[kind].group))
    throw new Error(`cannot trace '${match[1]}${match[2] ? `.${match[2]}` : ''}': a trace starts from one of ${known}`);
  if (!isDnsSubdomain(match[3]!)) throw new Error(`'${match[3]}' is not a valid object name`);
  if (!isDnsLabel(namespace)) throw new Error(`'${namespace}' is not a valid namespace`);
  return { kind, namespace, name: match[3]! };
}

function isDnsSubdomain(name: string): boolean {
  return name.length <= 253 && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name);
}

function isDnsLabel(name: string): boolean {
  return name.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name);
}

/** The collection path of a kind in a namespace, e.g. /apis/apps/v1/namespaces/default/deployments. */
export function collectionPath(kind: TraceKind, namespace: string): string {
  const { group, version, plural } = traceKinds[kind];
  return `${group ? `/apis/${group}/${version}` : `/api/${version}`}/namespaces/${encodeURIComponent(namespace)}/${plural}`;
}

export interface ManagedFieldsRecord {
  readonly manager: string;
  readonly operation: string;
  readonly time: string | null;
  readonly subresource: string | null;
  /** The top-level sections the entry owns, e.g. ["metadata", "spec"] or ["status"]. */
  readonly sections: readonly string[];
}

export interface TraceCondition {
  readonly type: string;
  readonly status: string;
  readonly reason: string | null;
  readonly message: string | null;
  readonly lastTransitionTime: string | null;
  readonly lastUpdateTime: string | null;
}

export interface TraceContainer {
  readonly name: string;
  readonly image: string;
  readonly startedAt: string | null;
  readonly waitingReason: string | null;
}

export interface TraceOwner {
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller: boolean;
}

/** One object of a trace: the root, a ReplicaSet or a Pod. */
export interface TraceObject {
  readonly metadata: SlimMeta;
  readonly kind: string;
  readonly owners: readonly TraceOwner[];
  readonly generation: number | null;
  readonly deletionGracePeriodSeconds: number | null;
  readonly managedFields: readonly ManagedFieldsRecord[];
  /** spec.replicas where the kind has it. */
  readonly replicas: number | null;
  /** spec.selector.matchLabels, when the selector is only that (a Service's spec.selector, which is only that). */
  readonly matchLabels: Readonly<Record<string, string>> | null;
  readonly nodeName: string | null;
  readonly schedulerName: string | null;
  readonly conditions: readonly TraceCondition[];
  readonly containers: readonly TraceContainer[];
  readonly revision: string | null;
}

export interface TraceEvent {
  readonly uid: string;
  readonly involvedUid: string;
  readonly involvedKind: string;
  readonly involvedName: string;
  readonly reason: string;
  readonly message: string;
  readonly type: string;
  /** reportingController (events.k8s.io) or source.component (core/v1). */
  readonly component: string;
  /** source.host or reportingInstance: the node a kubelet Event came from. */
  readonly host: string;
  readonly fieldPath: string;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
  readonly count: number;
  /** Set by the EventRing: the order in which this trace received the Event. */
  readonly arrival?: number;
}

const MAX_TEXT = 1_000;

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function str(value: unknown, max = 253): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : null;
}

function stringMap(value: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, item] of Object.entries(obj(value)).slice(0, 64))
    if (typeof item === 'string') map[key.slice(0, 317)] = item.slice(0, MAX_TEXT);
  return map;
}

/** What a watch keys an object by (name, namespace, uid, resourceVersion), bounded; `kept` adds what a trace reads. */
function boundedMeta(meta: Json, kept: Partial<SlimMeta> = {}): SlimMeta {
  return {
    name: str(meta.name) ?? '',
    namespace: str(meta.namespace) ?? '',
    uid: str(meta.uid, 64) ?? '',
    resourceVersion: str(meta.resourceVersion, 64) ?? '',
    creationTimestamp: null,
    labels: {},
    annotations: {},
    ownerReferences: [],
    deletionTimestamp: null,
    ...kept,
  };
}

/** The most managedFields entries kept of one object (the real server keeps one per manager, operation and subresource). */
const MAX_MANAGED_FIELDS = 32;

function managedFieldsOf(raw: unknown): ManagedFieldsRecord[] {
  return arr(raw)
    .slice(0, MAX_MANAGED_FIELDS)
    .map((entry) => {
      const e = obj(entry);
      const fields = obj(e.fieldsV1);
      const sections = Object.keys(fields)
        .filter((key) => key.startsWith('f:'))
        .map((key) => key.slice(2));
      return {
        manager: str(e.manager) ?? '',
        operation: str(e.operation) ?? '',
        time: str(e.time, 40),
        subresource: str(e.subresource, 40),
        sections,
      };
    });
}

/** `kind`: the kind the collection holds (items of a list carry none). */
export function traceObjectOf(raw: unknown, kind?: string): TraceObject {
  const object = obj(raw);
  const objectKind = kind ?? str(object.kind, 64) ?? '';
  const meta = obj(object.metadata);
  const spec = obj(object.spec);
  const status = obj(object.status);
  const owners = arr(meta.ownerReferences)
    .slice(0, 16)
    .map((owner) => {
      const o = obj(owner);
      return { kind: str(o.kind) ?? '', name: str(o.name) ?? '', uid: str(o.uid, 64) ?? '', controller: o.controller === true };
    });
  const selector = obj(spec.selector);
  const onlyMatchLabels = Object.keys(selector).every((key) => key === 'matchLabels') && Object.keys(obj(selector.matchLabels)).length > 0;
  // A Service selects by a plain map of labels; without one, its EndpointSlices are someone else's to write.
  const serviceSelector = objectKind === 'Service' && Object.keys(selector).length > 0 ? stringMap(selector) : null;
  const podSpec = objectKind === 'Pod' ? spec : {};
  const statuses = new Map(arr(status.containerStatuses).map((entry) => [str(obj(entry).name) ?? '', obj(entry)]));
  const labels = stringMap(meta.labels);
  const annotations = stringMap(meta.annotations);
  return {
    metadata: boundedMeta(meta, {
      creationTimestamp: str(meta.creationTimestamp, 40),
      labels,
      ownerReferences: owners.map(({ kind, name, controller }) => ({ kind, name, controller })),
      deletionTimestamp: str(meta.deletionTimestamp, 40),
    }),
    kind: objectKind,
    owners,
    generation: typeof meta.generation === 'number' ? meta.generation : null,
    deletionGracePeriodSeconds: typeof meta.deletionGracePeriodSeconds === 'number' ? meta.deletionGracePeriodSeconds : null,
    managedFields: managedFieldsOf(meta.managedFields),
    replicas: typeof spec.replicas === 'number' ? spec.replicas : null,
    matchLabels: serviceSelector ?? (onlyMatchLabels ? stringMap(selector.matchLabels) : null),
    nodeName: str(podSpec.nodeName),
    schedulerName: str(podSpec.schedulerName),
    conditions: arr(status.conditions)
      .slice(0, 16)
      .map((entry) => {
        const c = obj(entry);
        return {
          type: str(c.type, 64) ?? '',
          status: str(c.status, 16) ?? '',
          reason: str(c.reason, 128),
          message: str(c.message, MAX_TEXT),
          lastTransitionTime: str(c.lastTransitionTime, 40),
          lastUpdateTime: str(c.lastUpdateTime, 40),
        };
      }),
    containers: arr(podSpec.containers)
      .slice(0, 32)
      .map((entry) => {
        const name = str(obj(entry).name) ?? '';
        const state = obj(statuses.get(name)?.state);
        return {
          name,
          image: str(obj(entry).image, MAX_TEXT) ?? '',
          startedAt: str(obj(state.running).startedAt, 40),
          waitingReason: str(obj(state.waiting).reason, 128),
        };
      }),
    revision: annotations['deployment.kubernetes.io/revision'] ?? null,
  };
}

export function traceEventOf(raw: unknown): TraceEvent & { readonly metadata: SlimMeta } {
  const event = obj(raw);
  const meta = obj(event.metadata);
  const involved = obj(event.involvedObject);
  const source = obj(event.source);
  const series = obj(event.series);
  const first = str(event.firstTimestamp, 40) ?? str(event.eventTime, 40) ?? str(meta.creationTimestamp, 40);
  return {
    metadata: boundedMeta(meta),
    uid: str(meta.uid, 64) ?? '',
    involvedUid: str(involved.uid, 64) ?? '',
    involvedKind: str(involved.kind, 64) ?? '',
    involvedName: str(involved.name) ?? '',
    reason: str(event.reason, 128) ?? '',
    message: str(event.message, MAX_TEXT) ?? '',
    type: str(event.type, 16) ?? 'Normal',
    component: str(event.reportingComponent, 128) ?? str(event.reportingController, 128) ?? str(source.component, 128) ?? '',
    host: str(source.host) ?? str(event.reportingInstance) ?? '',
    fieldPath: str(involved.fieldPath, 256) ?? '',
    firstTime: first,
    lastTime: str(series.lastObservedTime, 40) ?? str(event.lastTimestamp, 40) ?? first,
    count: typeof series.count === 'number' ? series.count : typeof event.count === 'number' && event.count > 0 ? event.count : 1,
  };
}

/** The label that ties an EndpointSlice to its Service, and the one that names the controller that writes it. */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';

/** One endpoint of an EndpointSlice: discovery.k8s.io/v1, or v1beta1 (the node in `topology`, often `ready` alone). */
export interface TraceEndpointState {
  /** What identifies the endpoint across writes: its Pod's uid, else its first address. */
  readonly key: string;
  readonly addresses: readonly string[];
  /** null: the slice does not say (v1beta1 before 1.20 leaves serving and terminating out). */
  readonly ready: boolean | null;
  readonly serving: boolean | null;
  readonly terminating: boolean | null;
  readonly nodeName: string | null;
  /** targetRef: the Pod (or other object) the addresses belong to. */
  readonly target: { readonly kind: string; readonly name: string; readonly uid: string } | null;
}

export interface TraceEndpointSlice {
  readonly metadata: SlimMeta;
  /** The API version it was read as: discovery.k8s.io/v1 or discovery.k8s.io/v1beta1. */
  readonly apiVersion: string;
  readonly serviceName: string | null;
  /** The endpointslice.kubernetes.io/managed-by label: which controller writes it. */
  readonly managedBy: string | null;
  readonly generation: number | null;
  readonly managedFields: readonly ManagedFieldsRecord[];
  /** endpoints.kubernetes.io/last-change-trigger-time: when the change that caused the last write happened. */
  readonly lastChangeTriggerTime: string | null;
  readonly endpoints: readonly TraceEndpointState[];
}

/** The most endpoints kept of one slice (the controller puts 100 in a slice by default, 1000 at most). */
const MAX_ENDPOINTS = 1_000;

function optionalBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function endpointSliceOf(raw: unknown, apiVersion: string): TraceEndpointSlice {
  const object = obj(raw);
  const meta = obj(object.metadata);
  const labels = stringMap(meta.labels);
  const annotations = stringMap(meta.annotations);
  return {
    metadata: boundedMeta(meta, {
      creationTimestamp: str(meta.creationTimestamp, 40),
      labels,
      deletionTimestamp: str(meta.deletionTimestamp, 40),
    }),
    apiVersion: str(object.apiVersion, 64) ?? apiVersion,
    serviceName: labels[SERVICE_NAME_LABEL] ?? null,
    managedBy: labels[MANAGED_BY_LABEL] ?? null,
    generation: typeof meta.generation === 'number' ? meta.generation : null,
    managedFields: managedFieldsOf(meta.managedFields),
    lastChangeTriggerTime: str(annotations['endpoints.kubernetes.io/last-change-trigger-time'], 40),
    endpoints: arr(object.endpoints)
      .slice(0, MAX_ENDPOINTS)
      .map((entry) => {
        const e = obj(entry);
        const conditions = obj(e.conditions);
        const ref = obj(e.targetRef);
        const addresses = arr(e.addresses)
          .slice(0, 100)
          .map((address) => str(address, 64))
          .filter((address): address is string => address !== null);
        const target = str(ref.name) ? { kind: str(ref.kind, 64) ?? '', name: str(ref.name) ?? '', uid: str(ref.uid, 64) ?? '' } : null;
        return {
          key: target?.uid || (target ? `${target.kind}/${target.name}` : (addresses[0] ?? '')),
          addresses,
          ready: optionalBoolean(conditions.ready),
          serving: optionalBoolean(conditions.serving),
          terminating: optionalBoolean(conditions.terminating),
          // v1 names the node; v1beta1 put it in topology as kubernetes.io/hostname.
          nodeName: str(e.nodeName) ?? str(obj(e.topology)['kubernetes.io/hostname']),
          target,
        };
      }),
  };
}
