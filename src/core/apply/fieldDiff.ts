/**
 * Field-by-field differences between two versions of one object: what the manifest says against what the server
 * would store (the defaults and admission's additions), and what the server holds now against what it would
 * store (what the apply changes). Bookkeeping the server keeps on every object is left out.
 */
import { formatPath, type PathSegment } from '../yaml/yamlPath';
import { isRecord } from './manifestObjects';

export interface FieldChange {
  readonly path: readonly PathSegment[];
  readonly change: 'added' | 'changed' | 'removed';
  /** The value before (absent for 'added'). */
  readonly before?: unknown;
  /** The value after (absent for 'removed'). */
  readonly after?: unknown;
}

/** Fields of metadata the server writes on every object: they say nothing about the manifest. */
const BOOKKEEPING = ['managedFields', 'resourceVersion', 'uid', 'creationTimestamp', 'generation'];

/** The object without `status` and without the metadata the server keeps for itself. */
export function withoutBookkeeping(object: Record<string, unknown>): Record<string, unknown> {
  const { status: _status, ...rest } = object;
  if (isRecord(rest.metadata)) {
    const metadata = { ...rest.metadata };
    for (const key of BOOKKEEPING) delete metadata[key];
    rest.metadata = metadata;
  }
  return rest;
}

/** Every leaf that differs between `before` and `after`, bookkeeping left out, in `after`'s order. */
export function diffObjects(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  compare(withoutBookkeeping(before), withoutBookkeeping(after), [], changes);
  return changes;
}

function compare(before: unknown, after: unknown, path: PathSegment[], out: FieldChange[]): void {
  if (isRecord(before) && isRecord(after)) {
    for (const [key, value] of Object.entries(after)) {
      // Servers before Kubernetes 1.33 write an empty creationTimestamp as null in every nested metadata (a
      // template's): an artifact of their encoding, not something kube-apiserver filled in.
      if (key === 'creationTimestamp' && value === null && path.length > 0 && path[path.length - 1] === 'metadata' && !(key in before))
        continue;
      if (key in before) compare(before[key], value, [...path, key], out);
      else added(value, [...path, key], out);
    }
    for (const [key, value] of Object.entries(before))
      if (!(key in after)) out.push({ path: [...path, key], change: 'removed', before: value });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const matched = matchItems(before, after);
    after.forEach((item, index) => {
      const counterpart = matched.get(index);
      if (counterpart === undefined) added(item, [...path, index], out);
      else compare(before[counterpart], item, [...path, index], out);
    });
    const kept = new Set(matched.values());
    before.forEach((item, index) => {
      if (!kept.has(index)) out.push({ path: [...path, index], change: 'removed', before: item });
    });
    return;
  }
  if (!sameValue(before, after)) out.push({ path, change: 'changed', before, after });
}

/** A map added whole is listed leaf by leaf, so each default shows with its own path; an empty one as itself. */
function added(value: unknown, path: PathSegment[], out: FieldChange[]): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) added(child, [...path, key], out);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, index) => added(item, [...path, index], out));
  } else {
    out.push({ path, change: 'added', after: value });
  }
}

/**
 * Which item of `before` each item of `after` is: by `name` when every item has one (containers, ports, volumes:
 * the keys server-side apply merges them by), else by position.
 */
function matchItems(before: readonly unknown[], after: readonly unknown[]): Map<number, number> {
  const matched = new Map<number, number>();
  const named = (items: readonly unknown[]) => items.every((item) => isRecord(item) && typeof item.name === 'string');
  if (before.length > 0 && named(before) && named(after)) {
    const byName = new Map(before.map((item, index) => [(item as { name: string }).name, index]));
    after.forEach((item, index) => {
      const counterpart = byName.get((item as { name: string }).name);
      if (counterpart !== undefined) matched.set(index, counterpart);
    });
  } else {
    for (let index = 0; index < Math.min(before.length, after.length); index++) matched.set(index, index);
  }
  return matched;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isRecord(a) && isRecord(b))
    return Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => key in b && sameValue(a[key], b[key]));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  return false;
}

/** The fields under one object of the manifest (`spec.template.spec`), for a short list per place. */
export interface FieldGroup {
  /** Where the fields are: the path of the map that holds them ('' for the top). */
  readonly parent: string;
  readonly changes: readonly FieldChange[];
}

/**
 * Changes grouped by the map that holds them, in the order they came: `spec.template.spec` gets dnsPolicy,
 * restartPolicy, …; `spec.template.spec.containers[0]` gets imagePullPolicy, …
 */
export function groupByParent(changes: readonly FieldChange[]): FieldGroup[] {
  const groups = new Map<string, FieldChange[]>();
  for (const change of changes) {
    const parent = formatPath(change.path.slice(0, -1));
    const group = groups.get(parent) ?? [];
    group.push(change);
    groups.set(parent, group);
  }
  return [...groups].map(([parent, grouped]) => ({ parent, changes: grouped }));
}

/** `spec.template.spec.dnsPolicy`: the path as people write it. */
export function fieldPathText(change: FieldChange): string {
  return formatPath(change.path);
}

/** A value shortened for one line: scalars as YAML would show them, maps and lists as JSON. */
export function valueText(value: unknown, maxLength = 60): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
