import * as fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { CST, isMap, parseDocument, Parser, stringify } from 'yaml';

/**
 * The file kubectl writes `current-context` to (client-go PathOptions.GetDefaultFilename, confirmed with
 * kubectl on KUBECONFIG=a:b): the first file of the list that exists, or the last one when none exists.
 */
export function currentContextTarget(paths: readonly string[]): string | undefined {
  return paths.find((file) => fs.existsSync(file)) ?? paths[paths.length - 1];
}

export class KubeconfigWriteError extends Error {}

/** Keeps the old value's quoting, unless the new value must be quoted (`true`, `1.0`, `a: b`…). */
function scalarType(value: string): 'QUOTE_DOUBLE' | undefined {
  return stringify(value).trimEnd() === value ? undefined : 'QUOTE_DOUBLE';
}

/**
 * Returns `text` with the top-level `current-context` set to `name` and every other byte unchanged:
 * the value is replaced in the concrete syntax tree, or one line is appended when the key is absent.
 * Throws KubeconfigWriteError when the text is not a kubeconfig we can edit safely.
 */
export function setCurrentContextInText(text: string, name: string): string {
  const before = parseDocument(text);
  if (before.errors.length > 0) throw new KubeconfigWriteError('the file has YAML errors; fix them first');
  if (before.contents !== null && !isMap(before.contents)) throw new KubeconfigWriteError('the file is not a YAML map');

  const tokens = [...new Parser().parse(text)];
  const documents = tokens.filter((token) => token.type === 'document');
  if (documents.length > 1) throw new KubeconfigWriteError('the file holds more than one YAML document');
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
      break;
    }
  } else if (root !== undefined && root.type !== 'flow-collection' && before.contents !== null) {
    throw new KubeconfigWriteError('the file is not a block YAML map');
  }
  if (result === undefined) {
    if (root?.type === 'flow-collection' && before.contents !== null) {
      throw new KubeconfigWriteError('the file is a flow-style map; add current-context by hand once');
    }
    const line = stringify({ 'current-context': name });
    const separator = text === '' || text.endsWith('\n') ? '' : '\n';
    result = `${text}${separator}${line}`;
  }

  // The guarantee: the file means exactly what it meant, except for current-context.
  const after = parseDocument(result);
  const expected = { ...((before.toJS() as Record<string, unknown> | null) ?? {}), 'current-context': name };
  if (after.errors.length > 0 || !isDeepStrictEqual(after.toJS(), expected)) {
    throw new KubeconfigWriteError('could not change current-context without changing anything else');
  }
  return result;
}

/** Writes `current-context: name` into `file` in place (keeping its mode, owner and any symlink). */
export function writeCurrentContext(file: string, name: string): void {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const updated = setCurrentContextInText(text, name);
  if (updated !== text) fs.writeFileSync(file, updated, { mode: 0o600 });
}
