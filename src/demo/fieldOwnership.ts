/**
 * Field ownership as the API server's field manager keeps it: which manager set which field (managedFields),
 * updates taking over the fields they change, and server-side apply with its conflicts and removals.
 */
import { isDeepStrictEqual } from 'node:util';
import { fieldsOf, itemKey, type ManagedFieldsEntry } from './managedFields';
import type { KubeObject } from './resources';
import { ApiError } from './status';

type Loose = Record<string, unknown>;

/** A field's path as FieldsV1 tokens ("f:spec", "k:{\"name\":\"web\"}", "."), joined by newlines. */
type FieldPath = string;

const systemMetadata = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

function isRecord(value: unknown): value is Loose {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The part of an object a manager can own: no identity or server-set metadata; status only through the status subresource. */
export function ownablePart(object: Loose, subresource?: string): Loose {
  if (subresource === 'status') return object.status === undefined ? {} : { status: object.status };
  if (subresource === 'scale')
    return isRecord(object.spec) && object.spec.replicas !== undefined ? { spec: { replicas: object.spec.replicas } } : {};
  const result: Loose = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === 'apiVersion' || key === 'kind' || key === 'status') continue;
    if (key === 'metadata' && isRecord(value)) {
      const metadata = Object.fromEntries(Object.entries(value).filter(([field]) => !systemMetadata.has(field)));
      if (Object.keys(metadata).length > 0) result.metadata = metadata;
      continue;
    }
    result[key] = value;
  }
  return result;
}

function leafPaths(fields: Loose, prefix: string[] = [], into = new Set<FieldPath>()): Set<FieldPath> {
  const keys = Object.keys(fields);
  if (keys.length === 0 && prefix.length > 0) into.add(prefix.join('\n'));
  for (const key of keys) leafPaths(fields[key] as Loose, [...prefix, key], into);
  return into;
}

function fieldsFromPaths(paths: Iterable<FieldPath>): Loose {
  const root: Loose = {};
  for (const path of paths) {
    let node = root;
    for (const token of path.split('\n')) node = (node[token] ??= {}) as Loose;
  }
  return root;
}

export function pathsOf(object: Loose, subresource?: string): Set<FieldPath> {
  return leafPaths(fieldsOf(ownablePart(object, subresource), 0));
}

function keyMatches(item: unknown, key: Loose): boolean {
  return isRecord(item) && Object.entries(key).every(([field, value]) => item[field] === value);
}

/** The value at a path; undefined when absent. */
function valueAt(object: unknown, path: FieldPath): unknown {
  let node = object;
  for (const token of path.split('\n')) {
    if (token === '.') return node;
    if (token.startsWith('f:')) node = isRecord(node) ? node[token.slice(2)] : undefined;
    else if (token.startsWith('k:'))
      node = Array.isArray(node) ? node.find((item) => keyMatches(item, JSON.parse(token.slice(2)) as Loose)) : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** ".spec.template.spec.containers[name=\"web\"].image", as conflicts name fields. */
function printedPath(path: FieldPath): string {
  return path
    .split('\n')
    .filter((token) => token !== '.')
    .map((token) => {
      if (token.startsWith('f:')) return `.${token.slice(2)}`;
      const key = JSON.parse(token.slice(2)) as Loose;
      return `[${Object.entries(key)
        .map(([field, value]) => `${field}=${JSON.stringify(value)}`)
        .join(',')}]`;
    })
    .join('');
}

/** Status has fields of its own; the main resource and its scale subresource share theirs (spec.replicas). */
function fieldSpace(subresource: string | undefined): string {
  return subresource === 'status' ? 'status' : '';
}

function entryPaths(entry: ManagedFieldsEntry): Set<FieldPath> {
  return leafPaths(entry.fieldsV1 ?? {});
}

function withPaths(entry: ManagedFieldsEntry, paths: Set<FieldPath>, time?: string): ManagedFieldsEntry {
  return { ...entry, ...(time ? { time } : {}), fieldsV1: fieldsFromPaths(paths) };
}

function sameManager(
  entry: ManagedFieldsEntry,
  manager: string,
  operation: 'Update' | 'Apply',
  subresource: string | undefined,
  apiVersion: string,
): boolean {
  return (
    entry.manager === manager &&
    entry.operation === operation &&
    (entry.subresource ?? '') === (subresource ?? '') &&
    (operation === 'Apply' || entry.apiVersion === apiVersion)
  );
}

function entriesOf(object: KubeObject | undefined): ManagedFieldsEntry[] {
  return ((object?.metadata.managedFields as ManagedFieldsEntry[] | undefined) ?? []).filter(
    (entry) => isRecord(entry) && typeof entry.manager === 'string',
  );
}

function orderedEntry(
  manager: string,
  operation: 'Update' | 'Apply',
  apiVersion: string,
  time: string,
  paths: Set<FieldPath>,
  subresource?: string,
): ManagedFieldsEntry {
  const entry: ManagedFieldsEntry = { manager, operation, apiVersion, time, fieldsType: 'FieldsV1', fieldsV1: fieldsFromPaths(paths) };
  if (subresource) entry.subresource = subresource;
  return entry;
}

export interface WriteManager {
  manager: string;
  apiVersion: string;
  time: string;
  subresource?: string;
}

/**
 * managedFields after an update (create, put, patch) by `writer`: it owns every field it changed or set, and the
 * other managers lose those fields; managers left owning nothing are dropped.
 */
export function managedFieldsAfterUpdate(previous: KubeObject | undefined, next: KubeObject, writer: WriteManager): ManagedFieldsEntry[] {
  const before = previous ? pathsOf(previous, writer.subresource) : new Set<FieldPath>();
  const after = pathsOf(next, writer.subresource);
  const changed = new Set<FieldPath>();
  const beforeValues = previous ? ownablePart(previous, writer.subresource) : {};
  const afterValues = ownablePart(next, writer.subresource);
  for (const path of after) {
    // "." stands for a map or list item itself: it changes only by appearing or disappearing.
    if (!before.has(path) || (!path.endsWith('\n.') && !isDeepStrictEqual(valueAt(beforeValues, path), valueAt(afterValues, path))))
      changed.add(path);
  }
  for (const path of before) if (!after.has(path)) changed.add(path);
  const entries: ManagedFieldsEntry[] = [];
  let own: Set<FieldPath> | undefined;
  for (const entry of entriesOf(previous)) {
    const paths = entryPaths(entry);
    if (sameManager(entry, writer.manager, 'Update', writer.subresource, writer.apiVersion)) {
      own = new Set([...paths].filter((path) => after.has(path)));
      continue;
    }
    if (fieldSpace(entry.subresource) !== fieldSpace(writer.subresource)) {
      entries.push(entry);
      continue;
    }
    const kept = new Set([...paths].filter((path) => !changed.has(path)));
    if (kept.size > 0) entries.push(kept.size === paths.size ? entry : withPaths(entry, kept));
  }
  const owned = new Set([...(own ?? []), ...[...changed].filter((path) => after.has(path))]);
  if (owned.size > 0) entries.push(orderedEntry(writer.manager, 'Update', writer.apiVersion, writer.time, owned, writer.subresource));
  return entries;
}

/** Merges an applied configuration into the live object: maps field by field, keyed lists item by item, other lists whole. */
export function mergeApplied(live: unknown, applied: unknown): unknown {
  if (isRecord(applied)) {
    const result: Loose = isRecord(live) ? { ...live } : {};
    for (const [key, value] of Object.entries(applied)) result[key] = value === null ? null : mergeApplied(result[key], value);
    return result;
  }
  if (Array.isArray(applied) && Array.isArray(live) && applied.every((item) => isRecord(item) && itemKey(item) !== undefined)) {
    const result = [...live];
    for (const item of applied as Loose[]) {
      const key = JSON.parse(itemKey(item)!.slice(2)) as Loose;
      const index = result.findIndex((candidate) => keyMatches(candidate, key));
      if (index >= 0) result[index] = mergeApplied(result[index], item);
      else result.push(item);
    }
    return result;
  }
  return applied;
}

/** Removes the field at a path (a list item for a "k:" path ending in "."); missing paths are left alone. */
function removeAt(object: Loose, path: FieldPath): void {
  const tokens = path.split('\n');
  if (tokens[tokens.length - 1] === '.') tokens.pop();
  let node: unknown = object;
  for (let index = 0; index < tokens.length - 1; index++) {
    node = valueAt(node, tokens[index]!);
    if (node === undefined) return;
  }
  const last = tokens[tokens.length - 1]!;
  if (last.startsWith('f:') && isRecord(node)) delete node[last.slice(2)];
  else if (last.startsWith('k:') && Array.isArray(node)) {
    const key = JSON.parse(last.slice(2)) as Loose;
    const index = node.findIndex((item) => keyMatches(item, key));
    if (index >= 0) node.splice(index, 1);
  }
}

export interface ApplyResult {
  object: KubeObject;
  managedFields: ManagedFieldsEntry[];
}

/**
 * Server-side apply of `applied` by `writer` onto `live` (undefined: the object is created). Fields another
 * manager owns with a different value conflict (409) unless `force`, which takes them over. Fields the
 * manager applied before and applies no more are removed unless someone else owns them too.
 */
export function serverSideApply(
  live: KubeObject | undefined,
  applied: KubeObject,
  writer: WriteManager,
  force: boolean,
  groupResource: string,
): ApplyResult {
  const appliedPaths = pathsOf(applied, writer.subresource);
  const liveOwnable = live ? ownablePart(live, writer.subresource) : {};
  const appliedOwnable = ownablePart(applied, writer.subresource);
  const conflicts: { entry: ManagedFieldsEntry; path: FieldPath }[] = [];
  const others: ManagedFieldsEntry[] = [];
  let previousOwn = new Set<FieldPath>();
  for (const entry of entriesOf(live)) {
    if (sameManager(entry, writer.manager, 'Apply', writer.subresource, writer.apiVersion)) {
      previousOwn = entryPaths(entry);
      continue;
    }
    others.push(entry);
    if (fieldSpace(entry.subresource) !== fieldSpace(writer.subresource)) continue;
    for (const path of entryPaths(entry)) {
      if (path === '.' || path.endsWith('\n.') || !appliedPaths.has(path)) continue;
      if (!isDeepStrictEqual(valueAt(liveOwnable, path), valueAt(appliedOwnable, path))) conflicts.push({ entry, path });
    }
  }
  if (conflicts.length > 0 && !force) throw applyConflict(conflicts, groupResource, applied.metadata.name);
  const merged = mergeApplied(structuredClone(live ?? {}), applied) as KubeObject;
  const conflicted = new Set(conflicts.map((conflict) => conflict.path));
  const remaining = others
    .map((entry) => {
      if (fieldSpace(entry.subresource) !== fieldSpace(writer.subresource)) return entry;
      const paths = entryPaths(entry);
      const kept = new Set([...paths].filter((path) => !conflicted.has(path)));
      return kept.size === paths.size ? entry : withPaths(entry, kept);
    })
    .filter((entry) => Object.keys(entry.fieldsV1 ?? {}).length > 0);
  const ownedByOthers = new Set(
    remaining
      .filter((entry) => fieldSpace(entry.subresource) === fieldSpace(writer.subresource))
      .flatMap((entry) => [...entryPaths(entry)]),
  );
  const dropped = [...previousOwn].filter((path) => !appliedPaths.has(path) && !ownedByOthers.has(path));
  // Deepest first, so that an item is emptied before its list is considered.
  for (const path of dropped.sort((a, b) => b.length - a.length)) removeAt(merged as Loose, path);
  const entry = orderedEntry(writer.manager, 'Apply', writer.apiVersion, writer.time, appliedPaths, writer.subresource);
  return { object: merged, managedFields: [...remaining, entry] };
}

function printManager(entry: ManagedFieldsEntry): string {
  let text = JSON.stringify(entry.manager);
  if (entry.subresource) text += ` with subresource ${JSON.stringify(entry.subresource)}`;
  return entry.operation === 'Update' ? `${text} using ${entry.apiVersion}` : text;
}

/** The 409 the real field manager answers, worded as it words it. */
function applyConflict(conflicts: { entry: ManagedFieldsEntry; path: FieldPath }[], groupResource: string, name: string): ApiError {
  const causes = conflicts.map(({ entry, path }) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(entry)}`,
    field: printedPath(path),
  }));
  let message: string;
  if (conflicts.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${printManager(conflicts[0]!.entry)}: ${printedPath(conflicts[0]!.path)}`;
  } else {
    const byManager = new Map<string, string[]>();
    for (const { entry, path } of conflicts)
      byManager.set(printManager(entry), [...(byManager.get(printManager(entry)) ?? []), printedPath(path)]);
    const lines = [...byManager.keys()]
      .sort()
      .flatMap((manager) => [`conflicts with ${manager}:`, ...byManager.get(manager)!.map((path) => `- ${path}`)]);
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  void groupResource;
  void name;
  return new ApiError(409, 'Conflict', message, { causes });
}

/** The manager a request writes as: fieldManager, else the User-Agent up to its first "/" (as the real server derives it). */
export function managerOf(fieldManager: string | null, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  const agent = (userAgent ?? '').split('/')[0]!.trim();
  return agent.slice(0, 128) || 'unknown';
}

/** Replaces (or adds) the entry of one manager, operation and subresource: the simulation's components record their writes so. */
export function withManagerEntry(object: KubeObject, entry: ManagedFieldsEntry): KubeObject {
  const entries = entriesOf(object).filter(
    (existing) => !sameManager(existing, entry.manager, entry.operation, entry.subresource, entry.apiVersion),
  );
  return { ...object, metadata: { ...object.metadata, managedFields: [...entries, entry] } };
}
