/**
 * A small edit of one object in a manifest's YAML (a suggested placement change): the document that holds the
 * object is parsed, edited through the `yaml` library's document model (which keeps its comments), and written
 * back; the other documents of the file are left as they are.
 */
import { parseAllDocuments } from 'yaml';

/** A path into an object: keys, list indexes, and '-' for the end of a list (as in JSON Patch). */
export type EditPath = readonly (string | number)[];

/** One JSON Patch operation (RFC 6902), its path as parts. */
export type EditOperation =
  | { readonly op: 'add'; readonly path: EditPath; readonly value: unknown }
  | { readonly op: 'replace'; readonly path: EditPath; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: EditPath };

/** The text that replaces [start, end) of the manifest. */
export interface ManifestReplacement {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The replacement that applies the operations to the object of the document at `offset` (the List item
 * `listItem` in a List); undefined when that document has errors or the edit does not fit its object.
 */
export function manifestEditAt(
  text: string,
  offset: number,
  operations: readonly EditOperation[],
  listItem?: number,
): ManifestReplacement | undefined {
  const document = parseAllDocuments(text, { keepSourceTokens: false });
  if (!Array.isArray(document)) return undefined;
  const found = document.find((candidate) => candidate.range[0] <= offset && offset <= candidate.range[2]);
  if (!found || found.errors.length > 0) return undefined;
  const prefix = listItem === undefined ? [] : ['items', listItem];
  for (const operation of operations) {
    const path = [...prefix, ...operation.path];
    const parent = path.slice(0, -1);
    const last = path[path.length - 1];
    if (operation.op === 'remove') {
      if (!found.hasIn(path)) return undefined;
      found.deleteIn(path);
    } else if (operation.op === 'add' && last === '-') {
      if (!found.hasIn(parent)) return undefined;
      found.addIn(parent, found.createNode(operation.value));
    } else {
      if (parent.length > 0 && !found.hasIn(parent)) return undefined;
      found.setIn(path, found.createNode(operation.value));
    }
  }
  return { start: found.range[0], end: found.range[2], text: found.toString() };
}
