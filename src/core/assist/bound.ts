/**
 * A tool's answer cut to fit a model's context. The list that weighs most is shortened (its first items kept
 * whole), but only down to the weight of the next heaviest part, so several long lists share the cut; a list
 * whose weight is mostly one item (a step with 5,000 targets) is cut inside that item instead of losing its
 * neighbours. Long strings are cut in the middle when no list is left. Each cut is recorded with where it was
 * and how much was kept, so the answer says plainly that it is partial.
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

interface Cuttable {
  readonly holder: Record<string | number, Json>;
  readonly key: string | number;
  readonly node: Json[] | string;
  readonly path: string;
  /** Its weight as compact JSON, in characters. */
  readonly size: number;
  /** For a list, each item's weight. */
  readonly itemSizes?: readonly number[];
}

/**
 * `value` as JSON data no longer than `maxChars` characters when serialized compactly, and the cuts made. A value
 * that cannot be brought under the cap (its keys alone are too long) comes back as null with one cut at the root.
 */
export function boundJson(value: unknown, maxChars: number): { value: unknown; truncations: Truncation[] } {
  // A fresh copy of plain data: cuts never touch the caller's objects, and undefined, functions and toJSON go as JSON does.
  const root: { value: Json } = { value: JSON.parse(JSON.stringify(value) ?? 'null') as Json };
  const truncations = new Map<string, Truncation>();
  for (let round = 0; round < 10_000; round++) {
    const cuttables: Cuttable[] = [];
    const size = weigh(root, 'value', root.value, '', cuttables);
    if (size <= maxChars) return { value: root.value, truncations: [...truncations.values()] };
    const pick = choose(cuttables);
    if (!pick) break;
    // Down to what leaves the excess out, but no lighter than the next heaviest part that does not overlap it
    // (that one is cut next); by at least half when the excess is larger, so a few rounds settle it.
    const next = cuttables.find((other) => !overlaps(other.path, pick.path));
    const target = Math.max(pick.size - (size - maxChars), Math.min(next?.size ?? 0, pick.size / 2));
    const before = truncations.get(pick.path);
    if (Array.isArray(pick.node)) {
      let kept = 0;
      let weight = 2;
      while (kept < pick.node.length && weight + pick.itemSizes![kept]! + (kept > 0 ? 1 : 0) <= target) {
        weight += pick.itemSizes![kept]! + (kept > 0 ? 1 : 0);
        kept++;
      }
      kept = Math.max(1, Math.min(pick.node.length - 1, kept));
      pick.holder[pick.key] = pick.node.slice(0, kept);
      truncations.set(pick.path, { path: pick.path, kept, of: before?.of ?? pick.node.length, unit: 'items' });
    } else {
      const text = pick.node;
      const kept = Math.max(MIN_STRING, Math.min(text.length - 1, target - 2));
      pick.holder[pick.key] = cutText(text, kept);
      truncations.set(pick.path, { path: pick.path, kept, of: before?.of ?? text.length, unit: 'characters' });
    }
  }
  return { value: null, truncations: [{ path: '', kept: 0, of: JSON.stringify(value)?.length ?? 0, unit: 'characters' }] };
}

/** The weight of `node` as compact JSON; every list of two or more items and every long string is noted in `found`. */
function weigh(holder: Record<string | number, Json>, key: string | number, node: Json, path: string, found: Cuttable[]): number {
  if (Array.isArray(node)) {
    const itemSizes = node.map((item, index) => weigh(node as unknown as Record<number, Json>, index, item, `${path}[${index}]`, found));
    const size = 2 + Math.max(0, node.length - 1) + itemSizes.reduce((sum, item) => sum + item, 0);
    if (node.length > 1) found.push({ holder, key, node, path, size, itemSizes });
    return size;
  }
  if (node !== null && typeof node === 'object') {
    const entries = Object.entries(node);
    let size = 2 + Math.max(0, entries.length - 1);
    for (const [name, child] of entries)
      size += JSON.stringify(name).length + 1 + weigh(node, name, child, path ? `${path}.${name}` : name, found);
    return size;
  }
  const size = JSON.stringify(node).length;
  if (typeof node === 'string' && node.length > MIN_STRING) found.push({ holder, key, node, path, size });
  return size;
}

/**
 * The heaviest part. For a list, a longer list inside it of some weight is cut instead (a hands-on's six steps
 * keep their places; one step's 5,000 targets are cut), and so is the heaviest part of an item that weighs more
 * than all the others together.
 */
function choose(cuttables: Cuttable[]): Cuttable | undefined {
  cuttables.sort((a, b) => b.size - a.size);
  let pick = cuttables[0];
  while (pick?.itemSizes) {
    const list = pick;
    const inside = (other: Cuttable, path: string) => other.path.length > path.length && overlaps(other.path, path);
    const longer = cuttables.find(
      (other) =>
        inside(other, list.path) && Array.isArray(other.node) && other.node.length > list.node.length && other.size >= list.size / 10,
    );
    if (longer) {
      pick = longer;
      continue;
    }
    const heaviest = list.itemSizes!.indexOf(Math.max(...list.itemSizes!));
    if (list.itemSizes![heaviest]! <= list.size / 2) break;
    const item = `${list.path}[${heaviest}]`;
    const inner = cuttables.find((other) => inside(other, item));
    if (!inner) break;
    pick = inner;
  }
  return pick;
}

/** Whether one path is the other or inside it. */
function overlaps(a: string, b: string): boolean {
  const [outer, inner] = a.length <= b.length ? [a, b] : [b, a];
  return inner === outer || (inner.startsWith(outer) && (outer === '' || inner[outer.length] === '.' || inner[outer.length] === '['));
}
