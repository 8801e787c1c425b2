/**
 * A tool's answer cut to fit a model's context: the longest lists are shortened first (by at least half, their
 * first items kept), then the longest strings, until the JSON fits. Each cut is recorded with where it was and
 * how much was kept, so the answer says plainly that it is partial.
 */
import { cutText } from '../util/visibleText';

export interface Truncation {
  /** Where the cut was made: `nodes`, `steps[3].findings`, `components[0].action`. */
  readonly path: string;
  /** Items (of a list) or characters (of a string) kept. */
  readonly kept: number;
  readonly of: number;
  readonly unit: 'items' | 'characters';
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The shortest string a cut leaves: shorter ones are not worth cutting. */
const MIN_STRING = 200;

/**
 * `value` as JSON data no longer than `maxChars` characters when serialized compactly, and the cuts made. A value
 * that cannot be brought under the cap (its keys alone are too long) comes back as null with one cut at the root.
 */
export function boundJson(value: unknown, maxChars: number): { value: unknown; truncations: Truncation[] } {
  // A fresh copy of plain data: cuts never touch the caller's objects, and undefined, functions and toJSON go as JSON does.
  let copy = JSON.parse(JSON.stringify(value) ?? 'null') as Json;
  const truncations = new Map<string, Truncation>();
  for (let round = 0; round < 10_000; round++) {
    const size = JSON.stringify(copy).length;
    if (size <= maxChars) return { value: copy, truncations: [...truncations.values()] };
    const largest = largestCuttable(copy);
    if (!largest) break;
    const excess = size - maxChars;
    const { holder, key, node, path } = largest;
    const before = truncations.get(path);
    if (Array.isArray(node)) {
      // As many items as leave the excess out, if the items weigh alike; at most half, so a few rounds settle it.
      const share = Math.floor((node.length * (largest.size - excess)) / largest.size);
      const kept = Math.max(1, Math.min(Math.floor(node.length / 2), share));
      (holder as Record<string | number, Json>)[key] = node.slice(0, kept);
      truncations.set(path, { path, kept, of: before?.of ?? node.length, unit: 'items' });
    } else {
      const text = node as string;
      const kept = Math.max(MIN_STRING, text.length - excess - 1, Math.floor(text.length / 2));
      (holder as Record<string | number, Json>)[key] = cutText(text, kept);
      truncations.set(path, { path, kept, of: before?.of ?? text.length, unit: 'characters' });
    }
    if (holder === rootHolder) copy = rootHolder.value!;
  }
  return { value: null, truncations: [{ path: '', kept: 0, of: JSON.stringify(value)?.length ?? 0, unit: 'characters' }] };
}

const rootHolder: { value?: Json } = {};

interface Cuttable {
  readonly holder: object;
  readonly key: string | number;
  readonly node: Json;
  readonly path: string;
  readonly size: number;
}

/** The list of two or more items, or the string above the shortest cut, that weighs most as JSON. */
function largestCuttable(root: Json): Cuttable | undefined {
  let best: Cuttable | undefined;
  rootHolder.value = root;
  const visit = (holder: object, key: string | number, node: Json, path: string): number => {
    let size: number;
    if (Array.isArray(node)) {
      size = 2 + Math.max(0, node.length - 1);
      node.forEach((item, index) => (size += visit(node, index, item, `${path}[${index}]`)));
      if (node.length > 1 && (!best || size > best.size)) best = { holder, key, node, path, size };
    } else if (node !== null && typeof node === 'object') {
      size = 2;
      const entries = Object.entries(node);
      for (const [name, child] of entries)
        size += JSON.stringify(name).length + 1 + visit(node, name, child, path ? `${path}.${name}` : name);
      size += Math.max(0, entries.length - 1);
    } else {
      size = JSON.stringify(node).length;
      if (typeof node === 'string' && node.length > MIN_STRING && (!best || size > best.size)) best = { holder, key, node, path, size };
    }
    return size;
  };
  visit(rootHolder, 'value', root, '');
  return best;
}
