/**
 * A manifest file as the objects `kubectl apply` would send: every YAML document that holds a Kubernetes object
 * (a List's items each on their own), with the line where it starts, or an error that names the line.
 */
import { isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node as YamlNode } from 'yaml';
import {
  COMMAND_BUDGET,
  documentsOf,
  MAX_MANIFEST_CHARS,
  parseManifest,
  type ManifestSegment,
  type ParsedManifest,
} from '../yaml/yamlPath';

/** More objects than one apply should send: a file this long is a release, better applied by its own tool. */
export const MAX_APPLY_OBJECTS = 50;

/** An alias may be used this often in one document; more is a "billion laughs" file, not a manifest. */
const MAX_ALIASES = 100;

export class ManifestError extends Error {
  constructor(
    message: string,
    /** 1-based line of the file the problem is on, when it is on one. */
    readonly line?: number,
  ) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
    this.name = 'ManifestError';
  }
}

export interface ManifestObject {
  /** 1-based position of the YAML document in the file, counting documents that hold something. */
  readonly document: number;
  /** 1-based line where the object starts. */
  readonly line: number;
  /** Set when the object is `items[listItem]` of a List document. */
  readonly listItem?: number;
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  /** As the manifest writes it; undefined when it names none. */
  readonly namespace?: string;
  /** The object as written (a JSON value). */
  readonly body: Record<string, unknown>;
}

/** The Kubernetes objects of a manifest, in the file's order; throws a ManifestError that names the line. */
export function parseManifestObjects(text: string): ManifestObject[] {
  if (text.length > MAX_MANIFEST_CHARS)
    throw new ManifestError(`The file is larger than ${MAX_MANIFEST_CHARS / 2 ** 20} MiB, the most this applies.`);
  const parsed = parseManifest(text);
  if (!parsed) throw new ManifestError('The file is not YAML text (it looks binary).');
  const objects: ManifestObject[] = [];
  for (const segment of parsed.segments) {
    if (segment.docIndex === undefined) continue;
    const segmentLine = lineAt(parsed, segment.start);
    const documents = segmentDocuments(parsed, segment, segmentLine);
    for (const document of documents) {
      const root = document.contents;
      if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) continue;
      const line = lineAt(parsed, segment.start + (root.range?.[0] ?? 0));
      const documentNumber = segment.docIndex + 1;
      checkKeys(parsed, segment, document);
      let value: unknown;
      try {
        value = document.toJS({ maxAliasCount: MAX_ALIASES });
      } catch (error) {
        throw new ManifestError(`Document ${documentNumber} cannot be read: ${(error as Error).message}`, line);
      }
      const identity = objectOf(value, `Document ${documentNumber}`, line);
      const items = identity.kind.endsWith('List') ? (value as { items?: unknown }).items : undefined;
      if (Array.isArray(items)) {
        const itemNodes = isMap(root) ? root.get('items', true) : undefined;
        items.forEach((item, index) => {
          const itemNode = isSeq(itemNodes) ? (itemNodes.items[index] as YamlNode | undefined) : undefined;
          const itemLine = itemNode?.range ? lineAt(parsed, segment.start + itemNode.range[0]) : line;
          const object = objectOf(item, `Item ${index} of the ${identity.kind} in document ${documentNumber}`, itemLine);
          objects.push({ document: documentNumber, line: itemLine, listItem: index, ...object });
        });
      } else {
        objects.push({ document: documentNumber, line, ...identity });
      }
      if (objects.length > MAX_APPLY_OBJECTS) {
        throw new ManifestError(`The file holds more than ${MAX_APPLY_OBJECTS} objects, the most this applies at once.`);
      }
    }
  }
  if (objects.length === 0)
    throw new ManifestError('The file holds no Kubernetes object (a document with apiVersion, kind and metadata.name).');
  return objects;
}

/** The segment's documents, or an error naming the first line that is not YAML. */
function segmentDocuments(parsed: ParsedManifest, segment: ManifestSegment, segmentLine: number): readonly Document.Parsed[] {
  const documents = documentsOf(parsed, segment, COMMAND_BUDGET);
  if (documents.length === 0) throw new ManifestError('This document is too large or too deeply nested to read.', segmentLine);
  for (const document of documents) {
    const error = document.errors[0];
    if (error) throw new ManifestError(`Not valid YAML: ${error.message.split('\n')[0]}`, lineAt(parsed, segment.start + error.pos[0]));
  }
  // The project's parser reads a Helm template by blanking its `{{ … }}`: right for hovers, wrong for an apply.
  const text = parsed.text.slice(segment.start, segment.end);
  if (text.includes('{{')) {
    const raw = parseAllDocuments(text, { uniqueKeys: false });
    const failing = (Array.isArray(raw) ? raw : [raw]).flatMap((document) => document.errors)[0];
    if (failing) throw new ManifestError(TEMPLATE, lineAt(parsed, segment.start + failing.pos[0]));
  }
  return documents;
}

const TEMPLATE = 'This is a template (`{{ … }}`), not a manifest: render it first (helm template).';

type Identity = Omit<ManifestObject, 'document' | 'line' | 'listItem'>;

function objectOf(value: unknown, where: string, line: number): Identity {
  if (!isRecord(value))
    throw new ManifestError(`${where} is not a Kubernetes object: expected a map with apiVersion, kind and metadata.`, line);
  const { apiVersion, kind, metadata } = value;
  if (typeof kind !== 'string' || kind === '') throw new ManifestError(`${where} has no kind.`, line);
  if (typeof apiVersion !== 'string' || apiVersion === '') throw new ManifestError(`${where} (${kind}) has no apiVersion.`, line);
  if (kind.endsWith('List') && Array.isArray(value.items)) return { apiVersion, kind, name: '', body: value };
  const meta = isRecord(metadata) ? metadata : {};
  const name = meta.name;
  if (typeof name !== 'string' || name === '') {
    const generated = typeof meta.generateName === 'string' ? ' (server-side apply needs a name; generateName is for create)' : '';
    throw new ManifestError(`${where} (${kind}) has no metadata.name${generated}.`, line);
  }
  if (name === '.' || name === '..' || name.includes('/'))
    throw new ManifestError(`${where} (${kind}) has a name that cannot be a path segment: ${JSON.stringify(name)}.`, line);
  const namespace = meta.namespace;
  if (
    namespace !== undefined &&
    (typeof namespace !== 'string' || namespace === '' || namespace === '.' || namespace === '..' || namespace.includes('/'))
  ) {
    throw new ManifestError(
      `${where} (${kind} ${name}) has a metadata.namespace that is not a namespace's name: ${JSON.stringify(namespace)}.`,
      line,
    );
  }
  return { apiVersion, kind, name, ...(typeof namespace === 'string' && { namespace }), body: value };
}

/**
 * A key written twice in one map: the project's parser keeps both (a hover must not fail on it), but which value
 * would be sent is a guess, so an apply refuses, as kubectl does. A key that is a map is a template's `{{ … }}`.
 */
function checkKeys(parsed: ParsedManifest, segment: ManifestSegment, document: Document.Parsed): void {
  const stack: unknown[] = [document.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isScalar(pair.key)) {
          const offset = (pair.key as YamlNode | null)?.range?.[0] ?? 0;
          const text = parsed.text.slice(segment.start, segment.end);
          // `name: {{ .Values.name }}` is valid YAML: a map whose key is a map. No manifest has such keys.
          throw new ManifestError(
            text.includes('{{') ? TEMPLATE : 'A map key here is itself a map or a list, which no Kubernetes object has.',
            lineAt(parsed, segment.start + offset),
          );
        }
        const key = String(pair.key.value);
        if (seen.has(key)) {
          throw new ManifestError(
            `The key ${JSON.stringify(key)} is written twice in the same map.`,
            lineAt(parsed, segment.start + (pair.key.range?.[0] ?? 0)),
          );
        }
        seen.add(key);
        stack.push(pair.value);
      }
    } else if (isSeq(node)) {
      stack.push(...node.items);
    }
  }
}

/** The 1-based line of an offset of the file. */
function lineAt(parsed: ParsedManifest, offset: number): number {
  const starts = parsed.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
