/**
 * The plan as text: the manifest and what the server would store as two YAML documents whose keys follow the
 * manifest's order (so a diff of the two shows only what the server filled in), and a unified diff of them.
 */
import { objectToYaml } from '../kube/objectYaml';
import { type FieldChange, withoutBookkeeping } from './fieldDiff';
import { isRecord } from './manifestObjects';

/** A Secret's values stay out of documents and diffs: the keys show, the values do not. */
const HIDDEN = '(hidden)';

/** Client-side `kubectl apply` keeps the whole object it applied, values included, in this annotation. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

export function displayObject(object: Record<string, unknown>): Record<string, unknown> {
  const shown = withoutBookkeeping(object);
  if (shown.kind === 'Secret') hideSecretValuesOf(shown);
  return shown;
}

/**
 * Changes to a Secret with their values hidden where the object's would be: compared on the real values (so a
 * new password shows as a change), shown without them.
 */
export function displayChanges(object: Record<string, unknown>, changes: readonly FieldChange[]): FieldChange[] {
  if (object.kind !== 'Secret') return [...changes];
  return changes.map((change) => ({
    ...change,
    ...('before' in change && { before: hiddenAt(change.path, change.before) }),
    ...('after' in change && { after: hiddenAt(change.path, change.after) }),
  }));
}

/** A value found at `path` of a Secret, hidden as it would be in the whole object. */
function hiddenAt(path: FieldChange['path'], value: unknown): unknown {
  const [top, second, third] = path;
  if (top === undefined) return HIDDEN;
  if (top === 'data' || top === 'stringData') {
    if (path.length > 1) return HIDDEN;
    const secret: Record<string, unknown> = { [top]: value };
    hideSecretValues(secret);
    return secret[top];
  }
  if (top !== 'metadata') return value;
  if (path.length === 1) return isRecord(value) ? displayObject({ kind: 'Secret', metadata: value }).metadata : value;
  if (second !== 'annotations') return value;
  if (path.length === 2)
    return isRecord(value) && LAST_APPLIED in value ? { ...value, [LAST_APPLIED]: hiddenLastApplied(value[LAST_APPLIED]) } : value;
  return third === LAST_APPLIED ? hiddenLastApplied(value) : value;
}

/** Hides a Secret's values in place (in a copy the caller owns): data, stringData, and kubectl's annotation. */
function hideSecretValuesOf(secret: Record<string, unknown>): void {
  hideSecretValues(secret);
  const metadata = secret.metadata;
  if (isRecord(metadata) && isRecord(metadata.annotations) && LAST_APPLIED in metadata.annotations) {
    const annotations = { ...metadata.annotations, [LAST_APPLIED]: hiddenLastApplied(metadata.annotations[LAST_APPLIED]) };
    secret.metadata = { ...metadata, annotations };
  }
}

/** Replaces the values of `data` and `stringData` in place (on a copy the caller owns). */
function hideSecretValues(secret: Record<string, unknown>): void {
  for (const field of ['data', 'stringData']) {
    const values = secret[field];
    if (isRecord(values)) secret[field] = Object.fromEntries(Object.keys(values).map((key) => [key, HIDDEN]));
    else if (values !== undefined) secret[field] = HIDDEN;
  }
}

/** The annotation's JSON with the Secret's values hidden; the whole value hidden when it is not that JSON. */
function hiddenLastApplied(value: unknown): string {
  if (typeof value !== 'string') return HIDDEN;
  let applied: unknown;
  try {
    applied = JSON.parse(value);
  } catch {
    return HIDDEN;
  }
  if (!isRecord(applied)) return HIDDEN;
  const copy = { ...applied };
  hideSecretValues(copy);
  // kubectl writes the JSON followed by a line feed.
  return `${JSON.stringify(copy)}${value.endsWith('\n') ? '\n' : ''}`;
}

/**
 * `value` with its maps' keys in `model`'s order wherever the model has them, the rest after in their own
 * order; list items follow their counterpart by `name`, else by position.
 */
export function alignKeys(value: unknown, model: unknown): unknown {
  if (isRecord(value) && isRecord(model)) {
    const aligned: Record<string, unknown> = {};
    for (const key of Object.keys(model)) if (key in value) aligned[key] = alignKeys(value[key], model[key]);
    for (const [key, child] of Object.entries(value)) if (!(key in aligned)) aligned[key] = child;
    return aligned;
  }
  if (Array.isArray(value) && Array.isArray(model)) {
    return value.map((item, index) => {
      const name = isRecord(item) ? item.name : undefined;
      const counterpart =
        typeof name === 'string' ? model.find((candidate) => isRecord(candidate) && candidate.name === name) : model[index];
      return alignKeys(item, counterpart);
    });
  }
  return value;
}

/** Objects as YAML documents, one after another. */
export function documentsYaml(objects: readonly unknown[]): string {
  return objects.map((object) => objectToYaml(object)).join('---\n');
}

/** Beyond this many line pairs to compare, the diff shows the whole middle as replaced instead of searching. */
const MAX_DIFF_CELLS = 4_000_000;

type DiffLine = { readonly type: ' ' | '-' | '+'; readonly text: string };

/** The lines of `before` and `after`, each kept, removed or added (a longest common subsequence). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const middleA = a.slice(prefix, a.length - suffix);
  const middleB = b.slice(prefix, b.length - suffix);
  const lines: DiffLine[] = a.slice(0, prefix).map((text) => ({ type: ' ', text }));
  if (middleA.length * middleB.length > MAX_DIFF_CELLS) {
    lines.push(...middleA.map((text) => ({ type: '-' as const, text })), ...middleB.map((text) => ({ type: '+' as const, text })));
  } else {
    lines.push(...commonSubsequence(middleA, middleB));
  }
  lines.push(...a.slice(a.length - suffix).map((text) => ({ type: ' ' as const, text })));
  return lines;
}

function commonSubsequence(a: readonly string[], b: readonly string[]): DiffLine[] {
  const width = b.length + 1;
  // lengths[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ type: ' ', text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      lines.push({ type: '-', text: a[i++]! });
    } else {
      lines.push({ type: '+', text: b[j++]! });
    }
  }
  while (i < a.length) lines.push({ type: '-', text: a[i++]! });
  while (j < b.length) lines.push({ type: '+', text: b[j++]! });
  return lines;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A unified diff (`---`/`+++` headers, `@@` hunks with `context` lines around each change); '' when equal. */
export function unifiedDiff(
  before: string,
  after: string,
  labels: { readonly before: string; readonly after: string },
  context = 3,
): string {
  const lines = diffLines(before, after);
  const changed = lines.map((line, index) => (line.type === ' ' ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return '';
  const out = [`--- ${labels.before}`, `+++ ${labels.after}`];
  // Line numbers in each side before each diff line.
  const startA: number[] = [];
  const startB: number[] = [];
  let lineA = 1;
  let lineB = 1;
  for (const line of lines) {
    startA.push(lineA);
    startB.push(lineB);
    if (line.type !== '+') lineA++;
    if (line.type !== '-') lineB++;
  }
  let hunkIndex = 0;
  while (hunkIndex < changed.length) {
    const from = Math.max(0, changed[hunkIndex]! - context);
    let to = Math.min(lines.length, changed[hunkIndex]! + context + 1);
    hunkIndex++;
    // Changes closer than twice the context join one hunk.
    while (hunkIndex < changed.length && changed[hunkIndex]! - context <= to) {
      to = Math.min(lines.length, changed[hunkIndex]! + context + 1);
      hunkIndex++;
    }
    const hunk = lines.slice(from, to);
    const countA = hunk.filter((line) => line.type !== '+').length;
    const countB = hunk.filter((line) => line.type !== '-').length;
    out.push(
      `@@ -${countA === 0 ? startA[from]! - 1 : startA[from]},${countA} +${countB === 0 ? startB[from]! - 1 : startB[from]},${countB} @@`,
    );
    for (const line of hunk) out.push(`${line.type}${line.text}`);
  }
  return `${out.join('\n')}\n`;
}
