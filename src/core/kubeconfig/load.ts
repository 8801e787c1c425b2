import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
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

/** Reads one kubeconfig file. Never throws: what goes wrong becomes a problem with file and line. */
export function readKubeconfigFile(file: string, missingSeverity: 'error' | 'warning'): ParsedKubeconfigFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return emptyFile(file, false, [
        { kind: 'missingFile', severity: missingSeverity, file, subject: file, message: `Kubeconfig file ${file} does not exist.` },
      ]);
    }
    return emptyFile(file, true, [
      { kind: 'unreadableFile', severity: 'error', file, subject: file, message: `Cannot read kubeconfig file ${file} (${code ?? 'error'}).` },
    ], true);
  }
  return parseKubeconfigText(text, file);
}

export function parseKubeconfigText(text: string, file: string): ParsedKubeconfigFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  if (doc.errors.length > 0) {
    return emptyFile(
      file,
      true,
      doc.errors.map((error) => {
        const line = lineOf(error.pos[0]);
        // The parser's message can quote the offending line, which may hold a token.
        const reason = redactSecrets(error.message.split('\n')[0] ?? error.code);
        return { kind: 'yamlError', severity: 'error', file, line, message: `YAML error in ${file}:${line}: ${reason}` };
      }),
      true,
    );
  }

  const root = doc.contents;
  if (root === null || (isMap(root) && root.items.length === 0)) return emptyFile(file, true, []);
  if (!isMap(root)) {
    return emptyFile(file, true, [
      { kind: 'invalidFile', severity: 'error', file, line: lineOf(root.range?.[0]), message: `${file}:${lineOf(root.range?.[0])}: a kubeconfig must be a YAML map.` },
    ], true);
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
        problems.push({ kind: 'invalidFile', severity: 'error', file, line, message: `${file}:${line}: an entry of "${section}" has no name.` });
        return;
      }
      if (seen.has(name)) {
        // kubectl rejects the whole file here; we keep the first entry and say why kubectl will fail.
        problems.push({
          kind: 'duplicateName', severity: 'error', file, line, subject: name,
          entry: { type: BODY_KEY[section], name },
          message: `${file}:${line}: "${name}" appears twice in "${section}" (kubectl refuses this file).`,
        });
        return;
      }
      seen.add(name);
      const body = (item as Record<string, unknown>)[BODY_KEY[section]];
      entries.push({ name, value: resolve(isRecord(body) ? body : {}) as T, file, line });
    });
    return entries;
  };

  const clusters = readSection<ClusterBody>('clusters', (body) => resolveClusterPaths(body, dir));
  const users = readSection<UserBody>('users', (body) => resolveUserPaths(body, dir));
  const contexts = readSection<ContextBody>('contexts', (body) => body);
  const current = js['current-context'];
  const currentNode = root.get('current-context', true) as Node | undefined;
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
        message: `No kubeconfig found (looked for ${files.map((file) => file.path).join(', ')}).`,
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
  return mergeKubeconfigFiles(source, paths.map((file) => readKubeconfigFile(file, missingSeverity)));
}
