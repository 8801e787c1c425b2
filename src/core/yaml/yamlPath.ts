import { Composer, Lexer, Parser, type Document, type Node as YamlNode } from 'yaml';
import { type ManifestPosition, type ManifestSegment, type ParsedManifest, type PathSegment } from './manifest/types';
import { BudgetExceeded, BudgetMeter, COMMAND_BUDGET, MAX_NESTING, type WorkBudget, unboundedBudget } from './manifest/budget';
import { fieldReader, identitiesOf, objectIdentity, walk } from './manifest/nodeWalk';

export * from './manifest/types';
export * from './manifest/budget';
export * from './manifest/nodeWalk';

/**
 * Finds the field under a cursor in a Kubernetes manifest. With ./manifest/, the only code that reads manifests with `yaml`.
 * It never converts whole documents to JS values: aliases are never expanded, so a "billion laughs" file costs
 * no more than its own text.
 */

/** Above this many characters no hover work is done (a manifest this large is generated, not edited). */
export const MAX_MANIFEST_CHARS = 2 * 1024 * 1024;

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

/** What parsing a segment gave: its documents (ranges relative to the segment's start), or the budget it ran out of. */
type SegmentParse = { readonly documents: readonly Document.Parsed[] } | { readonly exceeded: WorkBudget };

const segmentParses = new WeakMap<ManifestSegment, SegmentParse>();

/** Parses the documents of a segment (once); never throws; none when over budget. Exported for tests and the benchmark. */
export function documentsOf(
  parsed: ParsedManifest,
  segment: ManifestSegment,
  budget: WorkBudget = COMMAND_BUDGET,
): readonly Document.Parsed[] {
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
export function manifestPositionAt(
  parsed: ParsedManifest,
  offset: number,
  budget: WorkBudget = COMMAND_BUDGET,
): ManifestPosition | undefined {
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
        read: fieldReader(document, item),
      };
    }
  }
  return {
    docIndex,
    path,
    objectPath: path,
    itemIdentities: identitiesOf(path, nodes, document),
    onKey,
    range,
    ...identity,
    read: fieldReader(document, root),
  };
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
