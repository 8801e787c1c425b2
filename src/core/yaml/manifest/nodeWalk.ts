/** From an offset to the YAML node under it: the path of keys and items, and the identity of each list item on the way. */
import { isAlias, isMap, isScalar, isSeq, type Document, type Node as YamlNode } from 'yaml';
import { type FieldReader, type FieldValue, type ItemIdentity, type PathSegment } from './types';

export interface ObjectIdentity {
  kind: string;
  apiVersion: string;
  namespace?: string;
  name?: string;
}

/** Recognises a Kubernetes object: a map with a `kind` that looks like one and an `apiVersion` key. */
export function objectIdentity(document: Document.Parsed, node: YamlNode | null | undefined): ObjectIdentity | undefined {
  if (!isMap(node)) return undefined;
  const kind = scalarString(document, node.get('kind', true));
  if (kind === undefined || !/^[A-Z][A-Za-z0-9]*$/.test(kind) || !node.has('apiVersion')) return undefined;
  // A templated apiVersion ({{ … }}) is still a Kubernetes object; its group is just unknown.
  const apiVersion = scalarString(document, node.get('apiVersion', true)) ?? '';
  const metadata = node.get('metadata', true);
  const namespace = isMap(metadata) ? scalarString(document, metadata.get('namespace', true)) : undefined;
  const name = isMap(metadata) ? scalarString(document, metadata.get('name', true)) : undefined;
  return { kind, apiVersion, ...(namespace !== undefined && { namespace }), ...(name !== undefined && { name }) };
}

/** A scalar's text; follows one alias (never expands a collection). */
export function scalarString(document: Document.Parsed, node: unknown): string | undefined {
  let target = node;
  if (isAlias(target)) target = target.resolve(document);
  if (!isScalar(target)) return undefined;
  const value = target.value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/**
 * Descends from `node` towards `offset`, appending keys and indexes to `path` and the node reached at each
 * step to `nodes`. Returns whether the cursor ended on a key, and the range of what it ended on.
 */
export function walk(
  node: YamlNode | null,
  offset: number,
  path: PathSegment[],
  nodes: (YamlNode | null)[],
): { onKey: boolean; range: [number, number] } {
  let current = node;
  let range: [number, number] = [offset, offset + 1];
  for (;;) {
    if (isMap(current)) {
      const step = pairAt(current.items as { key: unknown; value: unknown }[], offset);
      if (!step) return { onKey: false, range };
      path.push(step.key);
      nodes.push(step.value);
      range = step.range;
      if (step.onKey) return { onKey: true, range };
      current = step.value;
    } else if (isSeq(current)) {
      const index = itemAt(current.items as unknown[], offset);
      if (index === undefined) return { onKey: false, range };
      path.push(index);
      const item = current.items[index] as YamlNode | null;
      nodes.push(item);
      const itemRange = rangeOf(item);
      if (itemRange) range = [itemRange[0], itemRange[1]];
      current = item;
    } else {
      // A scalar, an alias (never followed: its text is `*name`) or an empty value.
      return { onKey: false, range };
    }
  }
}

export function rangeOf(node: unknown): readonly [number, number, number] | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return Array.isArray(range) ? range : undefined;
}

export function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  if (isAlias(key)) return `*${key.source}`;
  return undefined;
}

export function pairAt(
  pairs: readonly { key: unknown; value: unknown }[],
  offset: number,
): { key: string; value: YamlNode | null; onKey: boolean; range: [number, number] } | undefined {
  for (const pair of pairs) {
    const keyRange = rangeOf(pair.key);
    const valueRange = rangeOf(pair.value);
    const key = keyText(pair.key);
    if (key === undefined) continue;
    const value = (pair.value ?? null) as YamlNode | null;
    if (keyRange && offset >= keyRange[0] && offset < keyRange[1]) return { key, value, onKey: true, range: [keyRange[0], keyRange[1]] };
    if (valueRange) {
      const [start, end] = valueRange;
      // An empty value (`key:`) has a zero-length range: the position right after the colon counts as on it.
      if (offset >= start && (offset < end || (start === end && offset === start))) {
        return { key, value, onKey: false, range: [start, Math.max(end, start + 1)] };
      }
    }
    // The colon and the spaces between key and value belong to the key.
    if (keyRange && offset >= keyRange[1] && offset < (valueRange ? valueRange[0] : keyRange[1] + 1)) {
      return { key, value, onKey: true, range: [keyRange[0], keyRange[1]] };
    }
  }
  return undefined;
}

export function itemAt(items: readonly unknown[], offset: number): number | undefined {
  for (let index = 0; index < items.length; index++) {
    const range = rangeOf(items[index]);
    if (!range) continue;
    const [start, end] = range;
    // The `- ` indicator before an item belongs to it: accept from the previous item's end.
    const previousEnd = index > 0 ? (rangeOf(items[index - 1])?.[1] ?? start) : start - 2;
    const from = Math.min(start, Math.max(previousEnd, start - 2));
    if (offset >= from && (offset < end || (start === end && offset === start))) return index;
  }
  return undefined;
}

export function identitiesOf(
  path: readonly PathSegment[],
  nodes: readonly (YamlNode | null)[],
  document: Document.Parsed,
): (ItemIdentity | undefined)[] {
  // nodes[i + 1] is the node reached by path[i].
  return path.map((segment, index) => (typeof segment === 'number' ? identityOf(nodes[index + 1], document) : undefined));
}

export function identityOf(node: YamlNode | null | undefined, document: Document.Parsed): ItemIdentity | undefined {
  if (isScalar(node)) {
    const value = node.value;
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : undefined;
  }
  if (!isMap(node)) return undefined;
  const fields: Record<string, string | number | boolean | null> = {};
  for (const pair of node.items) {
    const key = keyText(pair.key);
    let value: unknown = pair.value;
    if (isAlias(value)) value = value.resolve(document);
    if (key === undefined || !isScalar(value)) continue;
    const scalar = value.value;
    if (typeof scalar === 'string' || typeof scalar === 'number' || typeof scalar === 'boolean' || scalar === null) fields[key] = scalar;
  }
  return fields;
}

const absent: FieldValue = { present: false };

/** Reads the object at `root` by path, following aliases; a scalar gives its value, a map or list only that it is there. */
export function fieldReader(document: Document.Parsed, root: YamlNode | null | undefined): FieldReader {
  return (path) => {
    let node: unknown = root;
    for (const segment of path) {
      if (isAlias(node)) node = node.resolve(document);
      if (typeof segment === 'number') node = isSeq(node) ? node.items[segment] : undefined;
      else node = isMap(node) ? node.get(segment, true) : undefined;
      if (node === undefined || node === null) return absent;
    }
    if (isAlias(node)) node = node.resolve(document);
    if (!isScalar(node)) return node === undefined ? absent : { present: true };
    const value = node.value;
    const scalar =
      value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
    return scalar === undefined ? { present: true } : { present: true, scalar };
  };
}
