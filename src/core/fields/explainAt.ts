/**
 * A field explained from a question put in words rather than by a cursor: a position in a manifest's text, or a
 * kind and a dotted path. The CLI's `explain` and the assistants' tool share these, so they answer alike.
 */
import { defaultApiVersionOf } from '../kube/objectPaths';
import type { PathSegment } from '../yaml/manifest/types';
import { COMMAND_BUDGET, manifestFieldAt, MAX_MANIFEST_CHARS, offsetOf, parseManifest } from '../yaml/yamlPath';
import { explainField, type FieldExplanation } from './explain';
import type { Language } from './types';

/** The field at a 1-based line and column (UTF-16 units) of a manifest's text; `source` names it in errors. */
export function explainManifestAt(text: string, line: number, column: number, language: Language, source: string): FieldExplanation {
  const parsed = parseManifest(text);
  if (!parsed) throw new Error(`${source}: not a YAML text this command reads (binary, or above ${MAX_MANIFEST_CHARS} characters)`);
  const offset = offsetOf(parsed, line, column);
  if (offset === undefined) throw new Error(`${source}: line ${line}, column ${column} is outside the file`);
  const position = manifestFieldAt(parsed, offset, COMMAND_BUDGET);
  if (position === 'too-large') {
    throw new Error(
      `${source}:${line}:${column}: too large to explain (its YAML nests deeper than 256 levels or needs more than the command's work budget)`,
    );
  }
  if (!position) throw new Error(`${source}:${line}:${column}: no Kubernetes object (apiVersion and kind) at this position`);
  if (position.path.length === 0) throw new Error(`${source}:${line}:${column}: not on a field of the ${position.kind}`);
  return explainField(position, { language });
}

const KIND = /^[A-Za-z][A-Za-z0-9]{0,62}$/;
const API_VERSION = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?\/)?v\d+(?:(?:alpha|beta)\d+)?$/;

/** A field named by kind and path (`spec.template.spec.containers[0].image`), with no manifest around it. */
export function explainKindPath(kind: string, apiVersion: string | undefined, path: string, language: Language): FieldExplanation {
  if (!KIND.test(kind)) throw new Error(`'${kind}' is not a kind (a word such as Deployment)`);
  if (apiVersion !== undefined && !API_VERSION.test(apiVersion))
    throw new Error(`'${apiVersion}' is not an apiVersion (such as v1 or apps/v1)`);
  // No apiVersion: the built-in kind of that name (an empty apiVersion makes the lookup take it).
  const version = apiVersion ?? defaultApiVersionOf(kind) ?? '';
  const segments = parseFieldPath(path);
  return explainField({ kind, apiVersion: version, path: segments }, { language });
}

/**
 * The segments of a path as `formatPath` writes it: keys joined by dots, `[i]` for items, `["key"]` for a key
 * with dots or slashes in it (`metadata.annotations["kubernetes.io/ingress.class"]`).
 */
export function parseFieldPath(text: string): PathSegment[] {
  const segments: PathSegment[] = [];
  const fail = (why: string): never => {
    throw new Error(`the path '${text.length > 200 ? `${text.slice(0, 200)}…` : text}' ${why}`);
  };
  if (text.length === 0) fail('is empty');
  if (text.length > 1_000) fail('is longer than 1,000 characters');
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const key = (segments.length === 0 ? /^[A-Za-z_$][\w$-]*/ : /^\.[A-Za-z_$][\w$-]*/).exec(rest);
    const item = /^\[(\d{1,9})\]/.exec(rest);
    const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (key) {
      segments.push(key[0].replace(/^\./, ''));
      index += key[0].length;
    } else if (item && segments.length > 0) {
      segments.push(Number(item[1]));
      index += item[0].length;
    } else if (quoted) {
      segments.push(JSON.parse(quoted[1]!) as string);
      index += quoted[0].length;
    } else {
      fail(`cannot be read at character ${index + 1}: write keys joined by dots, [0] for an item, ["a/b"] for a key with dots or slashes`);
    }
  }
  return segments;
}
