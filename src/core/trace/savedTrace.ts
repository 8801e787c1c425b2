/**
 * A trace kept in a file: its steps and the Events it saw, as versioned JSON, to open later without a cluster.
 * A file is untrusted input: it is read field by field into fresh objects (nothing else it holds is kept), every
 * string stays a bounded string (cluster text is data, never markup), and anything else is refused with the
 * place it was found, before anything shown is replaced.
 */
import type { HiddenRead, NeededPermission } from '../kube/hiddenRead';
import type { TraceEndpoint } from './endpoints';
import { DEFAULT_EVENTS_PER_OBJECT, DEFAULT_MAX_OBJECTS } from './eventRing';
import { parseTraceTarget, type TraceEvent, type TraceTarget } from './objects';
import {
  evidenceSources,
  MAX_TRACE_STEPS,
  type Trace,
  traceComponents,
  type TraceEvidence,
  type TraceObjectRef,
  type TraceStep,
  traceStepKinds,
} from './timeline';

export const SAVED_TRACE_FORMAT = 'cluster-anatomy/trace';
export const SAVED_TRACE_VERSION = 1;
/** Larger than any trace this extension writes (600 steps, its Events), small enough to read at once. */
export const MAX_SAVED_TRACE_BYTES = 32 * 2 ** 20;

export interface SavedTrace {
  readonly format: typeof SAVED_TRACE_FORMAT;
  readonly version: typeof SAVED_TRACE_VERSION;
  /** When it was saved (RFC 3339). */
  readonly savedAt: string;
  /** The kubeconfig context it was read from, where known. */
  readonly context: string | null;
  readonly trace: Trace;
  /** The Events of the traced objects the trace kept (the cluster deletes them after an hour). */
  readonly events: readonly TraceEvent[];
}

export class SavedTraceError extends Error {
  override readonly name = 'SavedTraceError';
}

export function savedTraceOf(
  trace: Trace,
  events: readonly TraceEvent[],
  options: { readonly context?: string | null; readonly savedAt?: Date } = {},
): SavedTrace {
  return {
    format: SAVED_TRACE_FORMAT,
    version: SAVED_TRACE_VERSION,
    savedAt: (options.savedAt ?? new Date()).toISOString(),
    context: options.context ?? null,
    trace,
    // The format's fields only (a watched Event carries its metadata too).
    events: events.map(
      ({
        uid,
        involvedUid,
        involvedKind,
        involvedName,
        reason,
        message,
        type,
        component,
        host,
        fieldPath,
        firstTime,
        lastTime,
        count,
        arrival,
      }) => ({
        uid,
        involvedUid,
        involvedKind,
        involvedName,
        reason,
        message,
        type,
        component,
        host,
        fieldPath,
        firstTime,
        lastTime,
        count,
        ...(arrival !== undefined && { arrival }),
      }),
    ),
  };
}

export function savedTraceText(saved: SavedTrace): string {
  return `${JSON.stringify(saved, null, 2)}\n`;
}

/** Reads a saved trace; throws a SavedTraceError that says what is wrong and where. */
export function parseSavedTrace(text: string): SavedTrace {
  if (text.length > MAX_SAVED_TRACE_BYTES) throw new SavedTraceError(`the file is larger than ${MAX_SAVED_TRACE_BYTES / 2 ** 20} MiB`);
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // Not the parser's message: it quotes the file.
    throw new SavedTraceError('not JSON');
  }
  const file = new Reader(raw, '');
  const format = file.field('format').optionalString(64);
  if (format !== SAVED_TRACE_FORMAT) throw new SavedTraceError(`not a saved trace (its "format" is not "${SAVED_TRACE_FORMAT}")`);
  const version = file.field('version').value;
  if (version !== SAVED_TRACE_VERSION)
    throw new SavedTraceError(
      `version ${typeof version === 'number' ? version : '?'} is not one this version reads (${SAVED_TRACE_VERSION})`,
    );
  const savedAt = file.field('savedAt').time();
  const context = file.field('context').optionalString(253);
  const trace = traceOf(file.field('trace'));
  const events = file.field('events').list(DEFAULT_EVENTS_PER_OBJECT * DEFAULT_MAX_OBJECTS, eventOf);
  return { format: SAVED_TRACE_FORMAT, version: SAVED_TRACE_VERSION, savedAt, context, trace, events };
}

function traceOf(reader: Reader): Trace {
  const targetReader = reader.field('target');
  const kind = targetReader.field('kind').string(64);
  const namespace = targetReader.field('namespace').string(63);
  const name = targetReader.field('name').string(253);
  let target: TraceTarget;
  try {
    target = parseTraceTarget(`${kind}/${name}`, namespace);
  } catch (error) {
    throw new SavedTraceError(`trace.target: ${(error as Error).message}`);
  }
  if (target.kind !== kind) throw new SavedTraceError(`trace.target.kind: "${kind}" is not a kind a trace starts from`);
  const counts = reader.field('counts');
  const rootReader = reader.field('root');
  const endpoints = counts.field('endpoints');
  const hidden = reader.field('hidden');
  const sliceApi = reader.field('endpointSliceApi');
  return {
    target,
    root: rootReader.value === null ? null : refOf(rootReader),
    steps: reader.field('steps').list(MAX_TRACE_STEPS, stepOf),
    omittedSteps: reader.field('omittedSteps').count(),
    counts: {
      desired: counts.field('desired').value === null ? null : counts.field('desired').count(),
      pods: counts.field('pods').count(),
      scheduled: counts.field('scheduled').count(),
      running: counts.field('running').count(),
      ready: counts.field('ready').count(),
      ...(endpoints.value !== undefined && {
        endpoints: {
          total: endpoints.field('total').count(),
          ready: endpoints.field('ready').count(),
          serving: endpoints.field('serving').value === null ? null : endpoints.field('serving').count(),
          terminating: endpoints.field('terminating').value === null ? null : endpoints.field('terminating').count(),
        },
      }),
    },
    objectUids: reader.field('objectUids').list(MAX_TRACE_STEPS * 4, (uid) => uid.string(128)),
    ...(hidden.value !== undefined && { hidden: hidden.list(16, hiddenReadOf) }),
    ...(sliceApi.value !== undefined && { endpointSliceApi: sliceApi.optionalString(64) }),
  };
}

function hiddenReadOf(reader: Reader): HiddenRead {
  return {
    id: reader.field('id').string(128),
    what: reader.field('what').string(MAX_TEXT),
    resource: reader.field('resource').string(253),
    needs: reader.field('needs').list(16, neededOf),
    reason: reader.field('reason').string(MAX_TEXT),
  };
}

function neededOf(reader: Reader): NeededPermission {
  const namespace = reader.field('namespace').optionalString(63);
  return {
    text: reader.field('text').string(MAX_TEXT),
    verb: reader.field('verb').string(64),
    resource: reader.field('resource').string(253),
    ...(namespace !== null && { namespace }),
    canI: reader.field('canI').string(MAX_TEXT),
    verdict: reader.field('verdict').oneOf(['denied', 'unknown'] as const),
  };
}

function endpointOf(reader: Reader): TraceEndpoint {
  const flag = (name: string) => (reader.field(name).value === null ? null : reader.field(name).boolean());
  return {
    addresses: reader.field('addresses').list(100, (address) => address.string(64)),
    ready: flag('ready'),
    serving: flag('serving'),
    terminating: flag('terminating'),
    targetKind: reader.field('targetKind').optionalString(64),
    targetName: reader.field('targetName').optionalString(253),
    podReadyBy: reader.field('podReadyBy').optionalString(253),
    podReadyAt: reader.field('podReadyAt').optionalString(40),
    notAfter: reader.field('notAfter').optionalString(40),
  };
}

function refOf(reader: Reader): TraceObjectRef {
  return {
    kind: reader.field('kind').string(64),
    namespace: reader.field('namespace').string(253),
    name: reader.field('name').string(253),
    uid: reader.field('uid').string(128),
  };
}

function stepOf(reader: Reader): TraceStep {
  const replicas = reader.field('replicas');
  const endpoint = reader.field('endpoint');
  const time = reader.field('time').time();
  return {
    id: reader.field('id').string(1024),
    kind: reader.field('kind').oneOf(traceStepKinds),
    component: reader.field('component').oneOf(traceComponents),
    actor: reader.field('actor').string(253),
    object: refOf(reader.field('object')),
    time,
    at: reader.field('at').number(),
    precise: reader.field('precise').boolean(),
    latencyMs: reader.field('latencyMs').optionalNumber(),
    seenAt: reader.field('seenAt').optionalNumber(),
    node: reader.field('node').optionalString(253),
    container: reader.field('container').optionalString(253),
    replicas: replicas.value === null ? null : { from: replicas.field('from').optionalNumber(), to: replicas.field('to').number() },
    reason: reader.field('reason').optionalString(128),
    message: reader.field('message').optionalString(MAX_TEXT),
    evidence: reader.field('evidence').list(32, evidenceOf),
    walkStep: reader.field('walkStep').count(),
    arrival: reader.field('arrival').optionalNumber(),
    observedAt: reader.field('observedAt').optionalNumber(),
    readFromEvents: reader.field('readFromEvents').boolean(),
    ...(endpoint.value !== undefined && endpoint.value !== null && { endpoint: endpointOf(endpoint) }),
  };
}

function evidenceOf(reader: Reader): TraceEvidence {
  return { source: reader.field('source').oneOf(evidenceSources), text: reader.field('text').string(MAX_TEXT * 2) };
}

function eventOf(reader: Reader): TraceEvent {
  const arrival = reader.field('arrival');
  return {
    uid: reader.field('uid').string(128),
    involvedUid: reader.field('involvedUid').string(128),
    involvedKind: reader.field('involvedKind').string(64),
    involvedName: reader.field('involvedName').string(253),
    reason: reader.field('reason').string(128),
    message: reader.field('message').string(MAX_TEXT),
    type: reader.field('type').string(16),
    component: reader.field('component').string(128),
    host: reader.field('host').string(253),
    fieldPath: reader.field('fieldPath').string(256),
    firstTime: reader.field('firstTime').optionalString(40),
    lastTime: reader.field('lastTime').optionalString(40),
    count: reader.field('count').count(),
    ...(arrival.value !== undefined && { arrival: arrival.number() }),
  };
}

const MAX_TEXT = 1_000;

/** One value of the file and where it is ("trace.steps[3].kind"), read as the type the format says or refused. */
class Reader {
  constructor(
    readonly value: unknown,
    private readonly path: string,
  ) {}

  field(name: string): Reader {
    const value = this.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) this.fail('is not an object');
    // Own fields only: "__proto__" or "constructor" in a file is a field like any other, never the prototype's.
    const own = Object.hasOwn(value as object, name) ? (value as Record<string, unknown>)[name] : undefined;
    return new Reader(own, this.path ? `${this.path}.${name}` : name);
  }

  list<T>(max: number, read: (item: Reader) => T): T[] {
    if (!Array.isArray(this.value)) this.fail('is not a list');
    const items = this.value as unknown[];
    if (items.length > max) this.fail(`has ${items.length} entries, more than ${max}`);
    return items.map((item, index) => read(new Reader(item, `${this.path}[${index}]`)));
  }

  string(max: number): string {
    if (typeof this.value !== 'string') this.fail('is not text');
    const text = this.value as string;
    if (text.length > max) this.fail(`is longer than ${max} characters`);
    return text;
  }

  optionalString(max: number): string | null {
    return this.value === null || this.value === undefined ? null : this.string(max);
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) this.fail('is not a number');
    return this.value as number;
  }

  optionalNumber(): number | null {
    return this.value === null || this.value === undefined ? null : this.number();
  }

  count(): number {
    const value = this.number();
    if (!Number.isInteger(value) || value < 0) this.fail('is not a whole number');
    return value;
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail('is not true or false');
    return this.value as boolean;
  }

  oneOf<T extends string>(allowed: readonly T[]): T {
    const value = this.string(64);
    if (!(allowed as readonly string[]).includes(value)) this.fail(`"${value}" is not one of ${allowed.join(', ')}`);
    return value as T;
  }

  /** An RFC 3339 time. */
  time(): string {
    const text = this.string(40);
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(text) || !Number.isFinite(Date.parse(text)))
      this.fail('is not a time');
    return text;
  }

  private fail(problem: string): never {
    throw new SavedTraceError(`${this.path || 'the file'} ${problem}`);
  }
}
