import { ApiError, badRequest } from './status';

/**
 * What the demo API server checks before a write reaches the simulated cluster, so that no request can make a
 * controller throw later from a timer, pollute Object.prototype, overflow the stack or cause unbounded work.
 */

/**
 * Bodies nesting deeper than this are refused before they are walked. Go's encoding/json (the real server's
 * decoder) stops at 10,000; Kubernetes objects need a few dozen levels, and this keeps every recursive walk of
 * the demo (merge patch, structuredClone, JSON.stringify) far from the stack's limit.
 */
export const MAX_BODY_DEPTH = 1_000;

/**
 * The most replicas the demo simulates for one Deployment. The real API accepts any int32; the demo runs every
 * Pod's controller, scheduler and kubelet steps on this machine, so it answers 422 above this.
 */
export const MAX_DEMO_REPLICAS = 500;

/** Keys that would reach an object's prototype through plain property access; never fields of a Kubernetes type. */
const prototypeKeys = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return prototypeKeys.has(key);
}

/** True when the JSON text nests arrays and objects deeper than `max`; one pass, strings skipped. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * The path of the first key an object of the JSON text repeats ("spec.replicas", "spec.containers[0].name"), as the
 * real server's strict decoder names it; undefined when no object repeats a key. JSON.parse keeps the last value
 * silently. The text must already parse.
 */
export function duplicateJsonKeyPath(text: string): string | undefined {
  interface Frame {
    keys?: Set<string>;
    path: string;
    key: string;
    index: number;
  }
  const frames: Frame[] = [];
  const childPath = (parent: Frame | undefined): string => {
    if (!parent) return '';
    if (!parent.keys) return `${parent.path}[${parent.index}]`;
    return parent.path ? `${parent.path}.${parent.key}` : parent.key;
  };
  let expectingKey = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      let end = index + 1;
      while (text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 /* \ */ ? 2 : 1;
      const top = frames[frames.length - 1];
      if (expectingKey && top?.keys) {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (top.keys.has(key)) return top.path ? `${top.path}.${key}` : key;
        top.keys.add(key);
        top.key = key;
        expectingKey = false;
      }
      index = end;
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      const path = childPath(frames[frames.length - 1]);
      frames.push(code === 123 ? { keys: new Set(), path, key: '', index: 0 } : { path, key: '', index: 0 });
      expectingKey = code === 123;
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      frames.pop();
    } else if (code === 44 /* , */) {
      const top = frames[frames.length - 1];
      if (top?.keys) expectingKey = true;
      else if (top) top.index++;
    }
  }
  return undefined;
}

/** The dotted path of the first key that names a prototype, in a parsed body; undefined when there is none. */
export function prototypeKeyPath(value: unknown): string | undefined {
  const pending: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (pending.length > 0) {
    const { node, path } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const child = Array.isArray(node) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (!Array.isArray(node) && isPrototypeKey(key)) return child;
      pending.push({ node: (node as Record<string, unknown>)[key], path: child });
    }
  }
  return undefined;
}

/** The real server's answer to a field no Kubernetes type has (kubectl asks for strict field validation). */
export function unknownField(path: string): ApiError {
  return badRequest(`strict decoding error: unknown field "${path}"`);
}

export interface Cause {
  readonly field: string;
  readonly reason:
    | 'FieldValueRequired'
    | 'FieldValueInvalid'
    | 'FieldValueNotSupported'
    | 'FieldValueTooLong'
    | 'FieldValueDuplicate'
    | 'FieldValueForbidden';
  readonly message: string;
}

export function invalid(kind: string, group: string, name: string, causes: readonly Cause[]): ApiError {
  const summary = causes.map((cause) => `${cause.field}: ${cause.message}`).join(', ');
  return new ApiError(
    422,
    'Invalid',
    `${group ? `${kind}.${group}` : kind} "${name}" is invalid: ${causes.length > 1 ? `[${summary}]` : summary}`,
    {
      name,
      ...(group ? { group } : {}),
      kind,
      causes: causes.map((cause) => ({ reason: cause.reason, message: cause.message, field: cause.field })),
    },
  );
}

/** spec.replicas: an integer from 0 to MAX_DEMO_REPLICAS (the field is named for a Scale or a Deployment). */
export function replicasCause(replicas: unknown, field = 'spec.replicas'): Cause | undefined {
  if (typeof replicas !== 'number' || !Number.isInteger(replicas))
    return {
      field,
      reason: 'FieldValueInvalid',
      message: `Invalid value: ${JSON.stringify(replicas) ?? String(replicas)}: must be an integer`,
    };
  if (replicas < 0)
    return { field, reason: 'FieldValueInvalid', message: `Invalid value: ${replicas}: must be greater than or equal to 0` };
  if (replicas > MAX_DEMO_REPLICAS) {
    return {
      field,
      reason: 'FieldValueInvalid',
      message: `Invalid value: ${replicas}: must be less than or equal to ${MAX_DEMO_REPLICAS} (the most the demo cluster simulates)`,
    };
  }
  return undefined;
}

export function validateScale(replicas: unknown, name: string): void {
  const cause = replicasCause(replicas);
  if (cause) throw invalid('Scale', 'autoscaling', name, [cause]);
}

/** The longest time.Duration Go can hold, in seconds (about 292 years): deletion times are clamped to it. */
export const MAX_DURATION_SECONDS = 9_223_372_036;

/**
 * gracePeriodSeconds as the real server reads it: an int64 from the query (400 otherwise) or the body;
 * negative is refused here as kubectl refuses it. Undefined when the request gives none.
 */
export function gracePeriodOf(queryText: string | null, bodyValue: unknown): number | undefined {
  let grace: number | undefined = typeof bodyValue === 'number' ? bodyValue : undefined;
  if (bodyValue !== undefined && bodyValue !== null && typeof bodyValue !== 'number')
    throw badRequest('json: cannot unmarshal gracePeriodSeconds into Go struct field DeleteOptions.gracePeriodSeconds of type int64');
  if (queryText !== null) {
    if (!/^-?\d{1,19}$/.test(queryText))
      throw badRequest(`gracePeriodSeconds: Invalid value: "${queryText}": strconv.ParseInt: parsing "${queryText}": invalid syntax`);
    grace = Number(queryText);
  }
  if (grace !== undefined && !(Number.isInteger(grace) && grace >= 0 && grace < 2 ** 63))
    throw badRequest('gracePeriodSeconds must be a non-negative integer');
  return grace;
}

/** The longest delay a Node.js timer takes; longer ones fire at once, so they are chained. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * watch's timeoutSeconds as the real server reads it (GetTimeoutForWatch): an int64 number of seconds, used as
 * given (no upper cap; 3e6 s keeps the watch for 34 days); 0 or none means the default.
 */
export function watchTimeoutOf(text: string | null): number | undefined {
  if (text === null || text === '') return undefined;
  if (!/^-?\d{1,19}$/.test(text))
    throw badRequest(`timeoutSeconds: Invalid value: "${text}": strconv.ParseInt: parsing "${text}": invalid syntax`);
  const seconds = Math.min(Number(text), MAX_DURATION_SECONDS);
  if (seconds < 0) throw badRequest(`timeoutSeconds: Invalid value: "${text}"`);
  return seconds === 0 ? undefined : seconds;
}

/** setTimeout for any delay: beyond MAX_TIMER_MS it re-arms itself; `track` receives each handle to clear. */
export function setLongTimeout(action: () => void, ms: number, track: (timer: NodeJS.Timeout) => void): void {
  if (ms <= MAX_TIMER_MS) {
    track(setTimeout(action, ms));
    return;
  }
  track(setTimeout(() => setLongTimeout(action, ms - MAX_TIMER_MS, track), MAX_TIMER_MS));
}
