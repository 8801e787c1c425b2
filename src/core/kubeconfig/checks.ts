import * as fs from 'node:fs';
import * as path from 'node:path';
import { maskUrlPassword } from './redact';
import type { ContextDescription, KubeconfigProblem, MergedKubeconfig, UserBody } from './types';

export interface CheckOptions {
  /** When false, users with an exec plugin or an auth-provider get a "needs trust" problem. */
  readonly trusted: boolean;
  /** For PATH lookups of exec plugins; defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Milliseconds since the epoch; defaults to Date.now(). */
  readonly now?: number;
}

/** The context's fields, as `kubectl config get-contexts` shows them plus the server and the defining file. */
export function describeContexts(merged: MergedKubeconfig, current: string | undefined): ContextDescription[] {
  return [...merged.contexts.values()]
    .map((entry) => ({
      name: entry.name,
      cluster: entry.value.cluster ?? '',
      user: entry.value.user ?? '',
      namespace: entry.value.namespace ?? '',
      // For display: a password in the URL is masked (the client reads the cluster entry, not this).
      server: maskUrlPassword((entry.value.cluster !== undefined && merged.clusters.get(entry.value.cluster)?.value.server) || ''),
      file: entry.file,
      current: entry.name === current,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function isReadable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where `command` would be found, like exec.LookPath: a path is checked as is, a bare name on PATH. */
export function findExecutable(command: string, env: NodeJS.ProcessEnv): string | undefined {
  const windows = process.platform === 'win32';
  const extensions = windows ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  const candidates = /[/\\]/.test(command)
    ? [command]
    : (env.PATH ?? env.Path ?? '')
        .split(path.delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    for (const extension of extensions) {
      try {
        const file = candidate + extension;
        if (!fs.statSync(file).isFile()) continue;
        if (!windows) fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // not here; keep looking
      }
    }
  }
  return undefined;
}

/** The `exp` claim of a JWT, in seconds, or undefined when the token is not a JWT with one. */
export function jwtExpiry(token: string): number | undefined {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[0]?.startsWith('eyJ')) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/** The next moment (ms since the epoch) a JWT of some user expires, after `now`; undefined when none will. */
export function nextTokenExpiry(merged: MergedKubeconfig, now: number): number | undefined {
  let next: number | undefined;
  for (const user of merged.users.values()) {
    const token = user.value.token;
    const exp = typeof token === 'string' ? jwtExpiry(token) : undefined;
    if (exp !== undefined && exp * 1000 > now && (next === undefined || exp * 1000 < next)) next = exp * 1000;
  }
  return next;
}

export function userNeedsTrust(user: UserBody | undefined): boolean {
  return user !== undefined && (user.exec !== undefined || user['auth-provider'] !== undefined);
}

/**
 * Problems of the merged entries: references to missing entries, unreadable certificate and token files,
 * exec plugins not on PATH, expired JWTs, and credentials that run code in an untrusted workspace.
 * Messages name files and commands, never a token.
 */
export function checkKubeconfig(merged: MergedKubeconfig, options: CheckOptions): KubeconfigProblem[] {
  const problems: KubeconfigProblem[] = [];
  const env = options.env ?? process.env;
  const nowSeconds = (options.now ?? Date.now()) / 1000;

  if (merged.currentContext !== undefined && !merged.contexts.has(merged.currentContext)) {
    problems.push({
      kind: 'missingContext',
      severity: 'error',
      file: merged.currentContextFile,
      line: merged.currentContextLine,
      subject: merged.currentContext,
      message: `${merged.currentContextFile}:${merged.currentContextLine}: current-context "${merged.currentContext}" is not defined in any kubeconfig file.`,
    });
  }

  for (const context of merged.contexts.values()) {
    const at = `${context.file}:${context.line}`;
    const entry = { type: 'context', name: context.name } as const;
    const { cluster, user } = context.value;
    if (!cluster || !merged.clusters.has(cluster)) {
      problems.push({
        kind: 'missingCluster',
        severity: 'error',
        file: context.file,
        line: context.line,
        entry,
        subject: cluster ?? '',
        message: cluster
          ? `${at}: context "${context.name}" names cluster "${cluster}", which no kubeconfig file defines.`
          : `${at}: context "${context.name}" names no cluster.`,
      });
    }
    // kubectl accepts a context without a user (anonymous access); a named user must exist.
    if (user && !merged.users.has(user)) {
      problems.push({
        kind: 'missingUser',
        severity: 'error',
        file: context.file,
        line: context.line,
        entry,
        subject: user,
        message: `${at}: context "${context.name}" names user "${user}", which no kubeconfig file defines.`,
      });
    }
  }

  for (const cluster of merged.clusters.values()) {
    const ca = cluster.value['certificate-authority'];
    if (typeof ca === 'string' && ca !== '' && !isReadable(ca)) {
      problems.push({
        kind: 'unreadableFile',
        severity: 'error',
        file: cluster.file,
        line: cluster.line,
        entry: { type: 'cluster', name: cluster.name },
        subject: ca,
        message: `${cluster.file}:${cluster.line}: cluster "${cluster.name}": cannot read certificate-authority ${ca}.`,
      });
    }
  }

  for (const user of merged.users.values()) {
    const at = `${user.file}:${user.line}`;
    const entry = { type: 'user', name: user.name } as const;
    for (const key of ['client-certificate', 'client-key', 'tokenFile'] as const) {
      const file = user.value[key];
      if (typeof file === 'string' && file !== '' && !isReadable(file)) {
        problems.push({
          kind: 'unreadableFile',
          severity: 'error',
          file: user.file,
          line: user.line,
          entry,
          subject: file,
          message: `${at}: user "${user.name}": cannot read ${key} ${file}.`,
        });
      }
    }
    const exec = user.value.exec;
    if (exec !== undefined && typeof exec.command === 'string' && exec.command !== '' && findExecutable(exec.command, env) === undefined) {
      problems.push({
        kind: 'execNotFound',
        severity: 'error',
        file: user.file,
        line: user.line,
        entry,
        subject: exec.command,
        message: `${at}: user "${user.name}": exec plugin "${exec.command}" is not ${/[/\\]/.test(exec.command) ? 'an executable file' : 'on PATH'}.`,
      });
    }
    const tokens = [user.value.token];
    const tokenFile = user.value.tokenFile;
    if (typeof tokenFile === 'string' && isReadable(tokenFile)) tokens.push(fs.readFileSync(tokenFile, 'utf8'));
    for (const token of tokens) {
      const exp = typeof token === 'string' ? jwtExpiry(token) : undefined;
      if (exp !== undefined && exp < nowSeconds) {
        problems.push({
          kind: 'tokenExpired',
          severity: 'error',
          file: user.file,
          line: user.line,
          entry,
          message: `${at}: user "${user.name}": the token expired at ${new Date(exp * 1000).toISOString()}.`,
        });
      }
    }
    if (!options.trusted && userNeedsTrust(user.value)) {
      const what = user.value.exec !== undefined ? 'an exec credential plugin' : 'an auth-provider';
      problems.push({
        kind: 'needsTrust',
        severity: 'warning',
        file: user.file,
        line: user.line,
        entry,
        subject: user.value.exec?.command ?? user.value['auth-provider']?.name ?? '',
        message: `${at}: user "${user.name}" runs ${what}; it runs only in a trusted workspace.`,
      });
    }
  }
  return problems;
}

/** The problems that stand between a context and a connection: its own, its cluster's and its user's. */
export function problemsOfContext(
  merged: MergedKubeconfig,
  problems: readonly KubeconfigProblem[],
  contextName: string,
): KubeconfigProblem[] {
  const context = merged.contexts.get(contextName);
  if (!context) return [];
  const cluster = context.value.cluster;
  const user = context.value.user;
  return problems.filter(
    ({ entry }) =>
      entry !== undefined &&
      ((entry.type === 'context' && entry.name === contextName) ||
        (entry.type === 'cluster' && entry.name === cluster) ||
        (entry.type === 'user' && entry.name === user)),
  );
}
