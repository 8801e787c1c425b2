import {
  Composer,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Lexer,
  Parser,
  type Document,
  type Node as YamlNode,
} from 'yaml';

/**
 * Finds the field under a cursor in a Kubernetes manifest. The only module that imports `yaml` for manifests.
 * It never converts whole documents to JS values: aliases are never expanded, so a "billion laughs" file costs
 * no more than its own text.
 */

/** Above this many characters no hover work is done (a manifest this large is generated, not edited). */
export const MAX_MANIFEST_CHARS = 2 * 1024 * 1024;

/** A map key (string) or a sequence index (number). */
export type PathSegment = string | number;

/** Scalar fields of a sequence item in the file, so its live counterpart can be found by content, not index. */
export type ItemIdentity = Readonly<Record<string, string | number | boolean | null>> | string | number | boolean | null;

export interface ManifestPosition {
  /** Index of the YAML document in the file (0-based). */
  readonly docIndex: number;
  /** Path from the document root. */
  readonly path: readonly PathSegment[];
  /** Path from the Kubernetes object the cursor is in: the same as `path`, except inside `items[i]` of a List. */
  readonly objectPath: readonly PathSegment[];
  /** For each number in `objectPath`, what the file's item holds (its scalar fields), else undefined. */
  readonly itemIdentities: readonly (ItemIdentity | undefined)[];
  /** The cursor is on a key (or its colon), not on a value. */
  readonly onKey: boolean;
  /** Offsets [start, end) of the key or value under the cursor (for highlighting it). */
  readonly range: readonly [number, number];
  /** The object's kind and apiVersion (of the List item when inside `items[i]` of a List). */
  readonly kind: string;
  readonly apiVersion: string;
  readonly namespace?: string;
  readonly name?: string;
  /** Set when the object is `items[listItem]` of a List document. */
  readonly listItem?: number;
}

/**
 * A file split at its document markers, each part parsed on first use. A `---` or `...` at the start of a line
 * always ends a YAML document (even inside a block scalar), so a hover parses one document, not the file.
 */
export interface ParsedManifest {
  readonly text: string;
  /** Offset of the start of each line. */
  readonly lineStarts: readonly number[];
  readonly segments: readonly ManifestSegment[];
}

export interface ManifestSegment {
  /** Offsets of the segment in the file: from its `---` line (if any) to the next marker line. */
  readonly start: number;
  readonly end: number;
  /** Index of the document among the file's non-empty documents; undefined for a segment of only comments. */
  readonly docIndex: number | undefined;
}

/** Text that is not YAML worth parsing: too large, or binary (NUL or many control characters). */
export function isUnparseable(text: string): boolean {
  if (text.length > MAX_MANIFEST_CHARS) return true;
  const head = text.slice(0, 8192);
  if (head.includes('\u0000')) return true;
  // eslint-disable-next-line no-control-regex
  const controls = head.match(/[\u0001-\u0008\u000e-\u001f\u007f]/g);
  return controls !== null && controls.length > head.length / 100;
}

/**
 * Blanks Go template actions (`{{ … }}`, as in Helm charts) with spaces, keeping every offset and line break,
 * so the YAML around them parses: `name: {{ .Values.name }}` becomes an empty value, `{{- if … }}` a blank line.
 * One pass of indexOf: an unterminated `{{` ends the scan (a lazy regex retried it at every later `{{`).
 */
export function blankTemplateActions(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  for (let open = text.indexOf('{{'); open >= 0; open = text.indexOf('{{', copied)) {
    const close = text.indexOf('}}', open + 2);
    if (close < 0) break;
    parts.push(text.slice(copied, open), text.slice(open, close + 2).replace(/[^\r\n]/g, ' '));
    copied = close + 2;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

/**
 * How much work one question about a manifest may cost. A step is one YAML token lexed, or one token composed
 * into the document tree; each step is linear in its token's length. The clock is read every 1,024 steps.
 */
export interface WorkBudget {
  readonly maxSteps: number;
  readonly maxMillis?: number;
  /** Milliseconds, monotonic; defaults to performance.now (tests inject their own). */
  readonly clock?: () => number;
}

/** A hover runs on the extension host's thread: beyond this it answers "too large to explain here". */
export const HOVER_BUDGET: WorkBudget = { maxSteps: 200_000, maxMillis: 200 };
/** The command line may take longer, but not forever. */
export const COMMAND_BUDGET: WorkBudget = { maxSteps: 2_000_000, maxMillis: 10_000 };

/**
 * Deeper nesting is refused before the YAML composer recurses into it: real manifests (CRD schemas included)
 * stay far below, and 10,000 nested `{` crash V8 itself (an allocation failure in its RegExp compiler).
 */
export const MAX_NESTING = 256;

class BudgetExceeded extends Error {}

/** Nesting is refused whatever the budget: it is recorded as running out of an unbounded one. */
const unboundedBudget: WorkBudget = { maxSteps: Number.POSITIVE_INFINITY };

class BudgetMeter {
  private steps = 0;
  private readonly clock: () => number;
  private readonly deadline: number;

  constructor(readonly budget: WorkBudget) {
    this.clock = budget.clock ?? (() => performance.now());
    this.deadline = budget.maxMillis === undefined ? Number.POSITIVE_INFINITY : this.clock() + budget.maxMillis;
  }

  step(count = 1): void {
    const before = this.steps;
    this.steps += count;
    if (this.steps > this.budget.maxSteps) throw new BudgetExceeded();
    if (this.steps >> 10 !== before >> 10 && this.clock() > this.deadline) throw new BudgetExceeded();
  }
}

/** What parsing a segment gave: its documents (ranges relative to the segment's start), or the budget it ran out of. */
type SegmentParse = { readonly documents: readonly Document.Parsed[] } | { readonly exceeded: WorkBudget };

const segmentParses = new WeakMap<ManifestSegment, SegmentParse>();

/** Parses the documents of a segment (once); never throws; none when over budget. Exported for tests and the benchmark. */
export function documentsOf(parsed: ParsedManifest, segment: ManifestSegment, budget: WorkBudget = COMMAND_BUDGET): readonly Document.Parsed[] {
  const result = parseSegment(parsed, segment, budget);
  return 'documents' in result ? result.documents : [];
}

function parseSegment(parsed: ParsedManifest, segment: ManifestSegment, budget: WorkBudget): SegmentParse {
  const cached = segmentParses.get(segment);
  // A parse that ran out of a budget at least as large would run out again.
  if (cached && ('documents' in cached || cached.exceeded.maxSteps >= budget.maxSteps)) return cached;
  const text = parsed.text.slice(segment.start, segment.end);
  const meter = new BudgetMeter(budget);
  let result: SegmentParse;
  try {
    let documents = parseDocuments(text, meter);
    if (text.includes('{{') && (documents === undefined || documents.some((document) => document.errors.length > 0))) {
      // A templated file: parse again with the template actions blanked (offsets are unchanged).
      documents = parseDocuments(blankTemplateActions(text), meter);
    }
    result = documents ? { documents } : { exceeded: unboundedBudget };
  } catch (error) {
    result = error instanceof BudgetExceeded ? { exceeded: budget } : { documents: [] };
  }
  segmentParses.set(segment, result);
  return result;
}

type CstToken = Parameters<Composer['next']>[0];

/**
 * The YAML library's own pipeline (lexer, parser, composer) driven one token at a time, so that the budget is
 * checked between tokens. Undefined when the text nests deeper than MAX_NESTING (nothing is composed then).
 */
function parseDocuments(text: string, meter: BudgetMeter): Document.Parsed[] | undefined {
  const parser = new Parser();
  // uniqueKeys off: a duplicated key (common in hand-edited manifests) must not hide the rest of the document.
  const composer = new Composer({ uniqueKeys: false });
  const documents: Document.Parsed[] = [];
  // Composing a document costs about one step per token it holds: charged before it is composed.
  let uncomposed = 0;
  const compose = (tokens: Iterable<CstToken>): void => {
    for (const token of tokens) {
      meter.step(uncomposed);
      uncomposed = 0;
      for (const document of composer.next(token)) documents.push(document);
    }
  };
  // The composer makes an Error for each syntax error: without stack traces, garbage costs what text costs.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    for (const lexeme of new Lexer().lex(text)) {
      meter.step();
      uncomposed++;
      compose(parser.next(lexeme));
      if (parser.stack.length > MAX_NESTING) return undefined;
    }
    compose(parser.end());
    for (const document of composer.end()) documents.push(document);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  return documents;
}

const markerLine = /^(?:---|\.\.\.)(?=\s|$)/;
const contentLine = /^[ \t]*[^\s#]/m;

/**
 * Splits a file into lines and segments without parsing it (undefined for text too large or binary).
 * With `eager`, every segment is parsed at once (what a resolver without this split would pay on each parse).
 */
export function parseManifest(text: string, options: { eager?: boolean } = {}): ParsedManifest | undefined {
  if (isUnparseable(text)) return undefined;
  const lineStarts = [0];
  const markers: number[] = [];
  if (markerLine.test(text)) markers.push(0);
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
    const next = text.charCodeAt(index + 1);
    // Only a line starting with '-' or '.' can be a marker: test those alone.
    if ((next === 45 || next === 46) && markerLine.test(text.slice(index + 1, index + 5))) markers.push(index + 1);
  }
  const bounds = [0, ...markers.filter((marker) => marker > 0), text.length];
  const segments: ManifestSegment[] = [];
  let docIndex = 0;
  for (let index = 0; index + 1 < bounds.length; index++) {
    const [start, end] = [bounds[index], bounds[index + 1]];
    // A marker line's own text ("--- # comment") is not content; what follows it may be.
    const body = text.slice(start, end).replace(/^(?:---|\.\.\.)[^\n]*/, '');
    const hasContent = contentLine.test(body);
    segments.push({ start, end, docIndex: hasContent ? docIndex++ : undefined });
  }
  const parsed = { text, lineStarts, segments };
  if (options.eager) for (const segment of segments) documentsOf(parsed, segment);
  return parsed;
}

/** Parses once per (key, version): hovers over an unchanged document reuse the parse. Small LRU. */
export class ManifestParseCache {
  private readonly entries = new Map<string, { version: number; parsed: ParsedManifest | undefined }>();

  constructor(private readonly capacity = 8) {}

  get(key: string, version: number, getText: () => string): ParsedManifest | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.parsed;
    }
    const parsed = parseManifest(getText());
    this.entries.delete(key);
    this.entries.set(key, { version, parsed });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return parsed;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** 1-based line and column (UTF-16 units, as editors count) to an offset; undefined when outside the text. */
export function offsetOf(parsed: ParsedManifest, line: number, column: number): number | undefined {
  const starts = parsed.lineStarts;
  if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1 || line > starts.length) return undefined;
  const start = starts[line - 1];
  const end = line < starts.length ? starts[line] : parsed.text.length;
  const offset = start + column - 1;
  return offset < end || (offset === end && line === starts.length) ? offset : undefined;
}

/** The Kubernetes field at `offset`, or undefined when the cursor is not inside a Kubernetes object. Never throws. */
export function manifestPositionAt(parsed: ParsedManifest, offset: number, budget: WorkBudget = COMMAND_BUDGET): ManifestPosition | undefined {
  const found = manifestFieldAt(parsed, offset, budget);
  return found === 'too-large' ? undefined : found;
}

/**
 * Like manifestPositionAt, and 'too-large' when the document under the cursor cannot be parsed within `budget`
 * (the caller says so instead of blocking). Never throws.
 */
export function manifestFieldAt(parsed: ParsedManifest, offset: number, budget: WorkBudget): ManifestPosition | 'too-large' | undefined {
  try {
    return positionAt(parsed, offset, budget);
  } catch {
    return undefined;
  }
}

function segmentAt(segments: readonly ManifestSegment[], offset: number): ManifestSegment | undefined {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle];
    if (offset < segment.start) high = middle - 1;
    else if (offset >= segment.end && !(middle === segments.length - 1 && offset === segment.end)) low = middle + 1;
    else return segment;
  }
  return undefined;
}

function positionAt(parsed: ParsedManifest, fileOffset: number, budget: WorkBudget): ManifestPosition | 'too-large' | undefined {
  const segment = segmentAt(parsed.segments, fileOffset);
  if (!segment || segment.docIndex === undefined) return undefined;
  const parse = parseSegment(parsed, segment, budget);
  if (!('documents' in parse)) return 'too-large';
  const documents = parse.documents;
  // Everything below works in the segment's offsets; `shift` maps them back to the file's.
  const shift = segment.start;
  const offset = fileOffset - shift;
  const document = documents.find((candidate, index) => {
    const [start, , end] = candidate.range;
    return offset >= start && (offset < end || (index === documents.length - 1 && offset === end));
  });
  if (!document) return undefined;
  const docIndex = segment.docIndex;
  const root = document.contents;
  const identity = objectIdentity(document, root);
  if (!identity) return undefined;

  const path: PathSegment[] = [];
  const nodes: (YamlNode | null)[] = [root];
  const walked = walk(root, offset, path, nodes);
  const onKey = walked.onKey;
  const range: [number, number] = [walked.range[0] + shift, walked.range[1] + shift];

  // A List's items are objects in their own right: their kind and apiVersion apply below items[i].
  if (identity.kind.endsWith('List') && path[0] === 'items' && typeof path[1] === 'number') {
    const item = nodes[2];
    const itemIdentity = objectIdentity(document, item);
    if (itemIdentity) {
      const objectPath = path.slice(2);
      return {
        docIndex,
        path,
        objectPath,
        itemIdentities: identitiesOf(objectPath, nodes.slice(2), document),
        onKey,
        range,
        ...itemIdentity,
        listItem: path[1],
      };
    }
  }
  return { docIndex, path, objectPath: path, itemIdentities: identitiesOf(path, nodes, document), onKey, range, ...identity };
}

interface ObjectIdentity {
  kind: string;
  apiVersion: string;
  namespace?: string;
  name?: string;
}

/** Recognises a Kubernetes object: a map with a `kind` that looks like one and an `apiVersion` key. */
function objectIdentity(document: Document.Parsed, node: YamlNode | null | undefined): ObjectIdentity | undefined {
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
function scalarString(document: Document.Parsed, node: unknown): string | undefined {
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
function walk(
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

function rangeOf(node: unknown): readonly [number, number, number] | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return Array.isArray(range) ? range : undefined;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  if (isAlias(key)) return `*${key.source}`;
  return undefined;
}

function pairAt(
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

function itemAt(items: readonly unknown[], offset: number): number | undefined {
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

function identitiesOf(
  path: readonly PathSegment[],
  nodes: readonly (YamlNode | null)[],
  document: Document.Parsed,
): (ItemIdentity | undefined)[] {
  // nodes[i + 1] is the node reached by path[i].
  return path.map((segment, index) => (typeof segment === 'number' ? identityOf(nodes[index + 1], document) : undefined));
}

function identityOf(node: YamlNode | null | undefined, document: Document.Parsed): ItemIdentity | undefined {
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

/** `spec.containers[0].image`: dots between keys, `[i]` for items; keys that need it are quoted. */
export function formatPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
