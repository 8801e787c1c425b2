/**
 * managedFields entries as server-side apply records them: which manager owns which fields, in the FieldsV1
 * notation ("f:" for struct fields and map keys, "k:{…}" for list items keyed by name, type, port …).
 */

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Update' | 'Apply';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

const listKeys: readonly (readonly string[])[] = [
  ['containerPort', 'protocol'],
  ['port', 'protocol'],
  ['name'],
  ['type'],
  ['mountPath'],
  ['ip'],
  ['key', 'effect'],
];

export function itemKey(item: Record<string, unknown>): string | undefined {
  for (const keys of listKeys) {
    if (keys.every((key) => item[key] !== undefined)) {
      return `k:${JSON.stringify(Object.fromEntries(keys.map((key) => [key, item[key]])))}`;
    }
  }
  return undefined;
}

// Pods made from one template share its spec object: computing its field set once keeps large clusters cheap.
const fieldsCache = new WeakMap<object, Map<number, Record<string, unknown>>>();

export function fieldsOf(value: unknown, depth: number): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return {};
  let cached = fieldsCache.get(value);
  const hit = cached?.get(depth);
  if (hit) return hit;
  const fields = computeFields(value, depth);
  if (!cached) {
    cached = new Map();
    fieldsCache.set(value, cached);
  }
  cached.set(depth, fields);
  return fields;
}

function computeFields(value: object, depth: number): Record<string, unknown> {
  if (Array.isArray(value)) {
    const fields: Record<string, unknown> = {};
    for (const item of value) {
      if (item === null || typeof item !== 'object') return {}; // a list of scalars is atomic
      const key = itemKey(item as Record<string, unknown>);
      if (!key) return {};
      fields[key] = { '.': {}, ...fieldsOf(item, 0) };
    }
    return fields;
  }
  // Maps below the top-level sections are owned as a whole too ("."), as in entries the API server writes.
  const fields: Record<string, unknown> = depth >= 2 ? { '.': {} } : {};
  for (const [key, child] of Object.entries(value)) {
    fields[`f:${key}`] = fieldsOf(child, depth + 1);
  }
  return fields;
}

/** A managedFields entry for `manager` owning exactly the fields present in `owned`. */
export function managedEntry(
  manager: string,
  apiVersion: string,
  time: string,
  owned: Record<string, unknown>,
  subresource?: string,
): ManagedFieldsEntry {
  const entry: ManagedFieldsEntry = {
    manager,
    operation: 'Update',
    apiVersion,
    time,
    fieldsType: 'FieldsV1',
    fieldsV1: fieldsOf(owned, 0),
  };
  if (subresource) entry.subresource = subresource;
  return entry;
}
