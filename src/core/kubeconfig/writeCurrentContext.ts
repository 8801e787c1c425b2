import * as fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Composer, CST, isMap, parseDocument, Parser, stringify } from 'yaml';
import { MAX_YAML_NESTING, nestsTooDeeply } from './load';
import {
  KubeconfigReadError,
  KubeconfigWriteError,
  type LockOptions,
  readKubeconfigText,
  replaceFileContent,
  withKubeconfigLock,
} from './fileAccess';

export { KubeconfigWriteError } from './fileAccess';

/**
 * The file kubectl writes `current-context` to (client-go PathOptions.GetDefaultFilename, confirmed with
 * kubectl on KUBECONFIG=a:b): the first file of the list that exists, or the last one when none exists.
 */
export function currentContextTarget(paths: readonly string[]): string | undefined {
  return paths.find((file) => fs.existsSync(file)) ?? paths[paths.length - 1];
}

const GO_YAML_V2_KEYWORDS = new Set(
  ['y', 'yes', 'n', 'no', 'true', 'false', 'on', 'off', 'null', '~', '.nan', '.inf', '+.inf', '-.inf', '<<']
    .flatMap((word) => [word, word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1)])
    .concat('.NaN', '+.Inf', '-.Inf', '.Inf', ''),
);
// strconv.ParseInt/ParseUint(s, 0, 64) after go-yaml v2 removed every `_`, its float pattern, and its dates.
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[0-9]+)$/;
const GO_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_DATE = /^[0-9]{4}-/;

/**
 * True when kubectl (sigs.k8s.io/yaml over go-yaml v2, YAML 1.1 rules) would read `value`, written plain, as
 * something other than this string: `yes`, `on`, `n`, `0b101`, `1_000`, `0x_1F`, `~`, `.inf`, `1e3`, dates…
 */
export function goYamlReadsAsNonString(value: string): boolean {
  if (GO_YAML_V2_KEYWORDS.has(value) || GO_DATE.test(value)) return true;
  const plain = value.replace(/_/g, '');
  return GO_INT.test(plain) || GO_FLOAT.test(plain) || (value.startsWith('.') && GO_FLOAT.test(value));
}

/** Keeps the old value's quoting, unless the new value must be quoted for YAML 1.2 or 1.1 readers. */
function scalarType(value: string): 'QUOTE_DOUBLE' | undefined {
  const plain =
    stringify(value).trimEnd() === value && stringify(value, { version: '1.1' }).trimEnd() === value && !goYamlReadsAsNonString(value);
  return plain ? undefined : 'QUOTE_DOUBLE';
}

/**
 * Returns `text` with the top-level `current-context` set to `name` and every other byte unchanged:
 * the value is replaced in the concrete syntax tree, or one line is appended when the key is absent.
 * Throws KubeconfigWriteError when the text is not a kubeconfig we can edit safely.
 */
export function setCurrentContextInText(text: string, name: string): string {
  try {
    return editCurrentContext(text, name);
  } catch (error) {
    if (error instanceof KubeconfigWriteError) throw error;
    // Alias bombs, unresolved aliases and deep nesting throw from the YAML library (its message can quote the file).
    throw new KubeconfigWriteError('the file has YAML errors; fix them first');
  }
}

function editCurrentContext(text: string, name: string): string {
  if (nestsTooDeeply(text)) throw new KubeconfigWriteError(`the file nests deeper than ${MAX_YAML_NESTING} levels`);
  // One parse: the document is composed from the same syntax tree that is then edited (large files parse slowly).
  const tokens = [...new Parser().parse(text)];
  const documents = tokens.filter((token) => token.type === 'document');
  if (documents.length > 1) throw new KubeconfigWriteError('the file holds more than one YAML document');
  const before = [...new Composer().compose(tokens, true, text.length)][0]!;
  if (before.errors.length > 0) throw new KubeconfigWriteError('the file has YAML errors; fix them first');
  if (before.contents !== null && !isMap(before.contents)) throw new KubeconfigWriteError('the file is not a YAML map');
  const expected = { ...((before.toJS() as Record<string, unknown> | null) ?? {}), 'current-context': name };
  const root = documents[0]?.value;

  let result: string | undefined;
  if (root?.type === 'block-map') {
    for (const item of root.items) {
      const key = item.key && CST.resolveAsScalar(item.key);
      if (key?.value !== 'current-context') continue;
      if (item.value) {
        CST.setScalarValue(item.value, name, { afterKey: true, implicitKey: false, type: scalarType(name) });
      } else {
        // `current-context:` with no value (kubectl writes it so after a context is deleted): the value goes
        // right after the colon, and the line's break and comments after it.
        const sep = item.sep ?? [];
        const indicator = sep.findIndex((token) => token.type === 'map-value-ind');
        if (indicator < 0) break;
        const trailing = sep.splice(indicator + 1);
        // The space after the colon is reused, unless it separates a comment, which must keep one before it.
        const reuse = trailing[0]?.type === 'space' && trailing[1]?.type !== 'comment';
        sep.push(reuse ? trailing.shift()! : { type: 'space', offset: 0, indent: 0, source: ' ' });
        item.value = CST.createScalarToken(name, { indent: 0, type: scalarType(name), end: trailing });
      }
      result = tokens.map((token) => CST.stringify(token)).join('');
      const after = [...new Composer().compose(tokens, true, result.length)][0];
      // The guarantee: the file means exactly what it meant, except for current-context. The edited tree is
      // composed again; the edited line is parsed again from the text, alone, since it is a top-level entry.
      if (!after || after.errors.length > 0 || !isDeepStrictEqual(after.toJS(), expected) || !editedLineReadsAs(text, result, name)) {
        throw new KubeconfigWriteError('could not change current-context without changing anything else');
      }
      return result;
    }
  } else if (root !== undefined && root.type !== 'flow-collection' && before.contents !== null) {
    throw new KubeconfigWriteError('the file is not a block YAML map');
  }
  if (root?.type === 'flow-collection' && before.contents !== null) {
    throw new KubeconfigWriteError('the file is a flow-style map; add current-context by hand once');
  }
  // A file with Windows line ends keeps them.
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const line = `current-context: ${CST.createScalarToken(name, { indent: 0, type: scalarType(name) }).source}${newline}`;
  const separator = text === '' || text.endsWith('\n') ? '' : newline;
  result = `${text}${separator}${line}`;
  const after = parseDocument(result);
  if (after.errors.length > 0 || !isDeepStrictEqual(after.toJS(), expected)) {
    throw new KubeconfigWriteError('could not change current-context without changing anything else');
  }
  return result;
}

/**
 * The texts differ in one span, and the lines that hold it, parsed alone, are `current-context: name` (plus
 * comments): the edit re-reads from the text exactly as the edited tree says.
 */
function editedLineReadsAs(before: string, after: string, name: string): boolean {
  if (before === after) return true;
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < Math.min(before.length, after.length) - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const lineStart = after.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = after.indexOf('\n', after.length - end);
  const lines = parseDocument(after.slice(lineStart, lineEnd < 0 ? undefined : lineEnd + 1));
  return lines.errors.length === 0 && isDeepStrictEqual(lines.toJS(), { 'current-context': name });
}

/**
 * Writes `current-context: name` into `file` under kubectl's lock on every file of `lockFiles`: the file is
 * read again under the lock, and replaced in one step (temporary file, flush, rename), keeping its mode, owner
 * and any symlink. Nothing is written when the file already says so.
 */
export async function writeCurrentContext(
  file: string,
  name: string,
  options: LockOptions & { readonly lockFiles?: readonly string[] } = {},
): Promise<void> {
  await withKubeconfigLock(
    options.lockFiles ?? [file],
    async () => {
      let text = '';
      try {
        text = await readKubeconfigText(file);
      } catch (error) {
        if (!(error instanceof KubeconfigReadError && error.failure === 'missing'))
          throw new KubeconfigWriteError(`${(error as Error).message}; nothing was written`);
      }
      let updated: string;
      try {
        updated = setCurrentContextInText(text, name);
      } catch (error) {
        throw new KubeconfigWriteError(`${file}: ${(error as Error).message}`);
      }
      if (updated !== text) await replaceFileContent(file, updated);
    },
    options,
  );
}
