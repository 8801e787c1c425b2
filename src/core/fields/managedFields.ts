import type { ItemIdentity, PathSegment } from '../yaml/yamlPath';

/** A manager that owns a field, from one `metadata.managedFields` entry of a live object. */
export interface FieldOwner {
  readonly manager: string;
  readonly operation?: string;
  /** When this manager last changed any of the fields it owns (the API keeps one time per entry, not per field). */
  readonly time?: string;
  readonly subresource?: string;
  /** It owns an ancestor as a whole (an atomic list or map), not this field alone. */
  readonly viaAncestor: boolean;
}

export interface LiveField {
  /** The live object has a value at this path. */
  readonly found: boolean;
  readonly value?: unknown;
  /** Owners of the field, most recent first. Empty: no managedFields entry covers it. */
  readonly owners: readonly FieldOwner[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Finds the live list item that corresponds to the file's item: by name when it has one, else by position. */
function liveItem(list: unknown[], index: number, identity: ItemIdentity | undefined): unknown {
  if (isRecord(identity) && typeof identity.name === 'string') {
    const byName = list.find((item) => isRecord(item) && item.name === identity.name);
    if (byName !== undefined) return byName;
  } else if (identity !== undefined && !isRecord(identity)) {
    const byValue = list.find((item) => item === identity);
    if (byValue !== undefined) return byValue;
  }
  return list[index];
}

/** The live value at `path`; `identities[i]` describes the file's item where `path[i]` is an index. */
export function liveValueAt(
  object: unknown,
  path: readonly PathSegment[],
  identities: readonly (ItemIdentity | undefined)[] = [],
): { found: boolean; value?: unknown } {
  let current: unknown = object;
  for (let index = 0; index < path.length; index++) {
    const segment = path[index];
    if (typeof segment === 'number') {
      if (!Array.isArray(current)) return { found: false };
      current = liveItem(current, segment, identities[index]);
    } else {
      if (!isRecord(current) || !Object.prototype.hasOwnProperty.call(current, segment)) return { found: false };
      current = current[segment];
    }
    if (current === undefined) return { found: false };
  }
  return { found: true, value: current };
}

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Keys in `k:` are typed JSON, while the file may quote numbers ("80") or not: compare as text.
  return (
    (typeof a === 'string' || typeof a === 'number' || typeof a === 'boolean') &&
    (typeof b === 'string' || typeof b === 'number' || typeof b === 'boolean') &&
    String(a) === String(b)
  );
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fieldsV1 child for a list item: `k:{…}` (by merge keys), `v:…` (by value) or `i:N` (by position). */
function itemChild(set: Record<string, unknown>, index: number, identity: unknown): unknown {
  for (const [key, child] of Object.entries(set)) {
    if (key.startsWith('k:')) {
      const keys = parseJson(key.slice(2));
      if (isRecord(keys) && isRecord(identity) && Object.entries(keys).every(([name, value]) => sameScalar(identity[name], value))) {
        return child;
      }
    } else if (key.startsWith('v:')) {
      const value = parseJson(key.slice(2));
      if (value !== undefined && identity !== undefined && (sameScalar(value, identity) || deepEqual(value, identity))) return child;
    } else if (key.startsWith('i:')) {
      if (Number(key.slice(2)) === index) return child;
    }
  }
  return undefined;
}

/**
 * Does this fieldsV1 set cover `path`? Returns 'exact', 'ancestor' (an atomic ancestor is owned whole), or
 * undefined. `identity(i)` gives what to match a list item at path[i] with.
 */
function coverage(
  fields: unknown,
  path: readonly PathSegment[],
  identity: (position: number) => unknown,
): 'exact' | 'ancestor' | undefined {
  let node: unknown = fields;
  for (let position = 0; position < path.length; position++) {
    if (!isRecord(node)) return undefined;
    const segment = path[position];
    const child = typeof segment === 'number' ? itemChild(node, segment, identity(position)) : node[`f:${segment}`];
    if (child === undefined) {
      // `{}` below a key means the manager owns that value whole (an atomic list, map or scalar).
      return position > 0 && Object.keys(node).length === 0 ? 'ancestor' : undefined;
    }
    node = child;
  }
  return 'exact';
}

/**
 * Who owns the field at `path` according to `metadata.managedFields` of the live object, most recent first.
 * Items are matched by the file's item content, falling back to the live item at the same position.
 */
export function fieldOwners(
  liveObject: unknown,
  path: readonly PathSegment[],
  identities: readonly (ItemIdentity | undefined)[] = [],
): FieldOwner[] {
  const metadata = isRecord(liveObject) ? liveObject.metadata : undefined;
  const managedFields = isRecord(metadata) ? metadata.managedFields : undefined;
  if (!Array.isArray(managedFields)) return [];
  const identity = (position: number): unknown => {
    const fromFile = identities[position];
    if (fromFile !== undefined) return fromFile;
    const live = liveValueAt(liveObject, path.slice(0, position + 1), identities);
    return live.found ? live.value : undefined;
  };
  const owners: FieldOwner[] = [];
  for (const entry of managedFields) {
    if (!isRecord(entry) || typeof entry.manager !== 'string') continue;
    if (entry.fieldsType !== undefined && entry.fieldsType !== 'FieldsV1') continue;
    const covered = coverage(entry.fieldsV1, path, identity);
    if (!covered) continue;
    owners.push({
      manager: entry.manager,
      ...(typeof entry.operation === 'string' && { operation: entry.operation }),
      ...(typeof entry.time === 'string' && { time: entry.time }),
      ...(typeof entry.subresource === 'string' && entry.subresource !== '' && { subresource: entry.subresource }),
      viaAncestor: covered === 'ancestor',
    });
  }
  return owners.sort((a, b) => (b.time ?? '').localeCompare(a.time ?? ''));
}

/** The live value and the owners of the field at `path` of a live object. */
export function liveField(
  liveObject: unknown,
  path: readonly PathSegment[],
  identities: readonly (ItemIdentity | undefined)[] = [],
): LiveField {
  const { found, value } = liveValueAt(liveObject, path, identities);
  return { found, ...(found && { value }), owners: fieldOwners(liveObject, path, identities) };
}

/**
 * Every field a fieldsV1 set names, as its path of tokens (`f:spec`, `k:{"name":"web"}`, `v:…`, `i:0`); a list
 * item or map the manager owns as such ends in `.`.
 */
export function fieldsV1Paths(fields: unknown, prefix: readonly string[] = []): string[][] {
  if (!isRecord(fields)) return [];
  const keys = Object.keys(fields);
  if (keys.length === 0) return prefix.length > 0 ? [[...prefix]] : [];
  return keys.flatMap((key) => (key === '.' ? [[...prefix, key]] : fieldsV1Paths(fields[key], [...prefix, key])));
}
