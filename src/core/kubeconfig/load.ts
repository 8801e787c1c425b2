import * as path from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { KubeconfigReadError, readKubeconfigText, readKubeconfigTextSync } from './fileAccess';
import { redactSecrets } from './redact';
import type {
  ClusterBody,
  ContextBody,
  KubeconfigEntry,
  KubeconfigFile,
  KubeconfigProblem,
  KubeconfigSource,
  MergedKubeconfig,
  UserBody,
} from './types';
import { errorMessage } from '../util/errors';

/** One file, read and checked, before merging. */
export interface ParsedKubeconfigFile extends KubeconfigFile {
  readonly currentContextLine?: number;
  readonly clusters: readonly KubeconfigEntry<ClusterBody>[];
  readonly users: readonly KubeconfigEntry<UserBody>[];
  readonly contexts: readonly KubeconfigEntry<ContextBody>[];
  readonly problems: readonly KubeconfigProblem[];
}

type Section = 'clusters' | 'users' | 'contexts';
const BODY_KEY: Record<Section, 'cluster' | 'user' | 'context'> = { clusters: 'cluster', users: 'user', contexts: 'context' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** client-go's ResolveLocalPaths: file references are relative to the file that holds them. */
function resolveAgainst(dir: string, value: unknown): unknown {
  return typeof value === 'string' && value !== '' && !path.isAbsolute(value) ? path.join(dir, value) : value;
}

function resolveClusterPaths(body: Record<string, unknown>, dir: string): Record<string, unknown> {
  return { ...body, 'certificate-authority': resolveAgainst(dir, body['certificate-authority']) };
}

function resolveUserPaths(body: Record<string, unknown>, dir: string): Record<string, unknown> {
  const resolved: Record<string, unknown> = {
    ...body,
    'client-certificate': resolveAgainst(dir, body['client-certificate']),
    'client-key': resolveAgainst(dir, body['client-key']),
    tokenFile: resolveAgainst(dir, body.tokenFile),
  };
  // An exec command is resolved only when it names a path; a bare name is looked up on PATH.
  const exec = body.exec;
  if (isRecord(exec) && typeof exec.command === 'string' && /[/\\]/.test(exec.command)) {
    resolved.exec = { ...exec, command: resolveAgainst(dir, exec.command) };
  }
  for (const key of Object.keys(resolved)) if (resolved[key] === undefined) delete resolved[key];
  return resolved;
}

function emptyFile(file: string, exists: boolean, problems: KubeconfigProblem[], broken = false): ParsedKubeconfigFile {
  return { path: file, exists, broken, clusters: [], users: [], contexts: [], problems };
}

function readFailure(error: unknown, file: string, missingSeverity: 'error' | 'warning'): ParsedKubeconfigFile {
  if (!(error instanceof KubeconfigReadError)) throw error;
  if (error.failure === 'missing') {
    return emptyFile(file, false, [
      { kind: 'missingFile', severity: missingSeverity, file, subject: file, message: `Kubeconfig file ${file} does not exist.` },
    ]);
  }
  return emptyFile(
    file,
    true,
    [
      {
        kind: 'unreadableFile',
        severity: 'error',
        file,
        subject: file,
        message: `Cannot use kubeconfig file ${error.message.replace(/^cannot read /, '')}.`,
      },
    ],
    true,
  );
}

/** Reads one kubeconfig file. Never throws: what goes wrong becomes a problem with file and line. */
export function readKubeconfigFile(file: string, missingSeverity: 'error' | 'warning'): ParsedKubeconfigFile {
  let text: string;
  try {
    text = readKubeconfigTextSync(file);
  } catch (error) {
    return readFailure(error, file, missingSeverity);
  }
  return parseKubeconfigText(text, file);
}

/** readKubeconfigFile with the disk read off the thread (the parse still runs on it). */
export async function readKubeconfigFileAsync(file: string, missingSeverity: 'error' | 'warning'): Promise<ParsedKubeconfigFile> {
  let text: string;
  try {
    text = await readKubeconfigText(file);
  } catch (error) {
    return readFailure(error, file, missingSeverity);
  }
  return parseKubeconfigText(text, file);
}

/**
 * The YAML library's message without what it quotes from the file after a colon: an alias name or a block
 * scalar header next to `password:` can be the secret itself.
 */
function yamlReason(error: unknown): string {
  if (error instanceof RangeError) return 'the file nests too deeply';
  const message = errorMessage(error);
  return redactSecrets((message.split('\n')[0] ?? '').replace(/:\s.*$/, ''));
}

function yamlErrorFile(file: string, line: number | undefined, error: unknown): ParsedKubeconfigFile {
  const at = line === undefined ? file : `${file}:${line}`;
  return emptyFile(
    file,
    true,
    [{ kind: 'yamlError', severity: 'error', file, line, message: `YAML error in ${at}: ${yamlReason(error)}` }],
    true,
  );
}

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a map' : `a ${typeof value}`;

/** The fields kubectl reads with a type, per section body (client-go clientcmd/api/v1 types). */
const FIELD_TYPES: Record<Section, Record<string, 'string' | 'boolean' | 'map'>> = {
  contexts: { cluster: 'string', user: 'string', namespace: 'string' },
  clusters: {
    server: 'string',
    'tls-server-name': 'string',
    'insecure-skip-tls-verify': 'boolean',
    'certificate-authority': 'string',
    'certificate-authority-data': 'string',
    'proxy-url': 'string',
    'disable-compression': 'boolean',
  },
  users: {
    'client-certificate': 'string',
    'client-certificate-data': 'string',
    'client-key': 'string',
    'client-key-data': 'string',
    token: 'string',
    tokenFile: 'string',
    as: 'string',
    'as-uid': 'string',
    username: 'string',
    password: 'string',
    'auth-provider': 'map',
    exec: 'map',
  },
};

function hasType(value: unknown, type: 'string' | 'boolean' | 'map'): boolean {
  return type === 'map' ? isRecord(value) : typeof value === type;
}

/** Deeper than any kubeconfig; the YAML library recurses per level, and a stack overflow can crash V8. */
export const MAX_YAML_NESTING = 500;

/**
 * True when the text nests flow collections or block levels deeper than MAX_YAML_NESTING (a linear scan that
 * may over-count brackets inside quotes, which real kubeconfigs do not hold by the hundred).
 */
export function nestsTooDeeply(text: string): boolean {
  let depth = 0;
  let lineStart = true;
  let indent = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\n') {
      lineStart = true;
      indent = 0;
      continue;
    }
    // Block levels: each nested level indents further (`- - - x` included).
    if (lineStart && (char === ' ' || char === '-' || char === '?')) {
      if (++indent > 2 * MAX_YAML_NESTING) return true;
      continue;
    }
    lineStart = false;
    if (char === '[' || char === '{') {
      if (++depth > MAX_YAML_NESTING) return true;
    } else if ((char === ']' || char === '}') && depth > 0) depth--;
  }
  return false;
}

export function parseKubeconfigText(text: string, file: string): ParsedKubeconfigFile {
  if (nestsTooDeeply(text)) return yamlErrorFile(file, undefined, new Error(`the file nests deeper than ${MAX_YAML_NESTING} levels`));
  try {
    return parseKubeconfigDocument(text, file);
  } catch (error) {
    // Alias bombs, unresolved aliases and very deep nesting throw from the YAML library.
    return yamlErrorFile(file, undefined, error);
  }
}

function parseKubeconfigDocument(text: string, file: string): ParsedKubeconfigFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((error) => yamlErrorFile(file, lineOf(error.pos[0]), error).problems[0]!);
    return emptyFile(file, true, problems, true);
  }

  const root = doc.contents;
  if (root === null || (isMap(root) && root.items.length === 0)) return emptyFile(file, true, []);
  if (!isMap(root)) {
    return emptyFile(
      file,
      true,
      [
        {
          kind: 'invalidFile',
          severity: 'error',
          file,
          line: lineOf(root.range?.[0]),
          message: `${file}:${lineOf(root.range?.[0])}: a kubeconfig must be a YAML map.`,
        },
      ],
      true,
    );
  }

  const problems: KubeconfigProblem[] = [];
  const dir = path.dirname(file);
  const js = doc.toJS() as Record<string, unknown>;

  const readSection = <T>(section: Section, resolve: (body: Record<string, unknown>) => Record<string, unknown>) => {
    const entries: KubeconfigEntry<T>[] = [];
    const node = root.get(section, true) as Node | undefined;
    const values = js[section];
    if (values === undefined || values === null) return entries;
    if (!isSeq(node) || !Array.isArray(values)) {
      const line = lineOf(node?.range?.[0]);
      problems.push({ kind: 'invalidFile', severity: 'error', file, line, message: `${file}:${line}: "${section}" must be a list.` });
      return entries;
    }
    const seen = new Set<string>();
    values.forEach((item: unknown, index) => {
      const line = lineOf((node.items[index] as Node | undefined)?.range?.[0]) ?? 1;
      const name = isRecord(item) ? item.name : undefined;
      if (typeof name !== 'string' || name === '') {
        const what =
          name === undefined || name === ''
            ? 'has no name'
            : `has a name that is ${typeName(name)}, not a string (kubectl refuses this file)`;
        problems.push({
          kind: 'invalidFile',
          severity: 'error',
          file,
          line,
          message: `${file}:${line}: an entry of "${section}" ${what}.`,
        });
        return;
      }
      if (seen.has(name)) {
        // kubectl rejects the whole file here; we keep the first entry and say why kubectl will fail.
        problems.push({
          kind: 'duplicateName',
          severity: 'error',
          file,
          line,
          subject: name,
          entry: { type: BODY_KEY[section], name },
          message: `${file}:${line}: "${name}" appears twice in "${section}" (kubectl refuses this file).`,
        });
        return;
      }
      seen.add(name);
      const entry = { type: BODY_KEY[section], name };
      const itemNode = node.items[index];
      const bodyNode = isMap(itemNode) ? (itemNode.get(BODY_KEY[section], true) as Node | undefined) : undefined;
      const body = (item as Record<string, unknown>)[BODY_KEY[section]];
      const invalid = (field: string, value: unknown, at: Node | undefined, expected: string) => {
        const fieldLine = lineOf(at?.range?.[0]) ?? line;
        problems.push({
          kind: 'invalidFile',
          severity: 'error',
          file,
          line: fieldLine,
          entry,
          message: `${file}:${fieldLine}: ${entry.type} "${name}": ${field} is ${typeName(value)}, not ${expected} (kubectl refuses this file).`,
        });
      };
      if (body !== undefined && body !== null && !isRecord(body)) invalid(BODY_KEY[section], body, bodyNode, 'a map');
      const checked: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(isRecord(body) ? body : {})) {
        const type = FIELD_TYPES[section][field];
        // A wrong type is reported and the field dropped, so nothing downstream meets a number for a name.
        if (type !== undefined && value !== null && !hasType(value, type)) {
          invalid(
            field,
            value,
            isMap(bodyNode) ? (bodyNode.get(field, true) as Node | undefined) : undefined,
            type === 'map' ? 'a map' : `a ${type}`,
          );
        } else {
          checked[field] = value;
        }
      }
      entries.push({ name, value: resolve(checked) as T, file, line });
    });
    return entries;
  };

  const clusters = readSection<ClusterBody>('clusters', (body) => resolveClusterPaths(body, dir));
  const users = readSection<UserBody>('users', (body) => resolveUserPaths(body, dir));
  const contexts = readSection<ContextBody>('contexts', (body) => body);
  const current = js['current-context'];
  const currentNode = root.get('current-context', true) as Node | undefined;
  if (current !== undefined && current !== null && typeof current !== 'string') {
    const line = lineOf(currentNode?.range?.[0]);
    problems.push({
      kind: 'invalidFile',
      severity: 'error',
      file,
      line,
      message: `${file}:${line}: current-context is ${typeName(current)}, not a string (kubectl refuses this file).`,
    });
  }
  return {
    path: file,
    exists: true,
    broken: false,
    currentContext: typeof current === 'string' && current !== '' ? current : undefined,
    currentContextLine: lineOf(currentNode?.range?.[0]),
    clusters,
    users,
    contexts,
    problems,
  };
}

/**
 * Merges files as kubectl does: for each named cluster, user and context the first file that defines it
 * wins, and current-context comes from the first file that sets a non-empty one.
 */
export function mergeKubeconfigFiles(source: KubeconfigSource, files: readonly ParsedKubeconfigFile[]): MergedKubeconfig {
  const clusters = new Map<string, KubeconfigEntry<ClusterBody>>();
  const users = new Map<string, KubeconfigEntry<UserBody>>();
  const contexts = new Map<string, KubeconfigEntry<ContextBody>>();
  const problems: KubeconfigProblem[] = [];
  let current: ParsedKubeconfigFile | undefined;
  for (const file of files) {
    problems.push(...file.problems);
    for (const entry of file.clusters) if (!clusters.has(entry.name)) clusters.set(entry.name, entry);
    for (const entry of file.users) if (!users.has(entry.name)) users.set(entry.name, entry);
    for (const entry of file.contexts) if (!contexts.has(entry.name)) contexts.set(entry.name, entry);
    if (!current && file.currentContext !== undefined) current = file;
  }
  if (!files.some((file) => file.exists)) {
    // A missing default file, or a KUBECONFIG naming only missing files, is "no kubeconfig", not an error.
    const missingAreWarnings = problems.every((problem) => problem.kind !== 'missingFile' || problem.severity === 'warning');
    if (missingAreWarnings) {
      problems.splice(0, problems.length, {
        kind: 'noKubeconfig',
        severity: 'warning',
        subject: files.map((file) => file.path).join(path.delimiter),
        message: `No kubeconfig found (looked at ${files.map((file) => file.path).join(', ')}).`,
      });
    }
  }
  return {
    source,
    files: files.map(({ path: file, exists, broken, currentContext }) => ({ path: file, exists, broken, currentContext })),
    clusters,
    users,
    contexts,
    currentContext: current?.currentContext,
    currentContextFile: current?.path,
    currentContextLine: current?.currentContextLine,
    problems,
  };
}

/** Discovered paths → merged kubeconfig. Missing files are errors only when the user named them in a setting. */
export function loadKubeconfig(source: KubeconfigSource, paths: readonly string[]): MergedKubeconfig {
  const missingSeverity = source === 'setting' ? 'error' : 'warning';
  return mergeKubeconfigFiles(
    source,
    paths.map((file) => readKubeconfigFile(file, missingSeverity)),
  );
}

/** loadKubeconfig with the disk reads off the thread. */
export async function loadKubeconfigAsync(source: KubeconfigSource, paths: readonly string[]): Promise<MergedKubeconfig> {
  const missingSeverity = source === 'setting' ? 'error' : 'warning';
  return mergeKubeconfigFiles(source, await Promise.all(paths.map((file) => readKubeconfigFileAsync(file, missingSeverity))));
}
