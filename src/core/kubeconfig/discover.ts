import * as path from 'node:path';
import type { KubeconfigSource } from './types';

export interface DiscoverOptions {
  /** The `clusterAnatomy.kubeconfig` setting (or the CLI's --kubeconfig): a path or a list of paths. */
  readonly setting?: string | readonly string[];
  /** Defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Defaults to os.homedir() at the call site; `~` in the setting expands to it. */
  readonly homeDir: string;
  /** Relative paths resolve against it (kubectl resolves KUBECONFIG entries against the working directory). */
  readonly cwd: string;
  /** Defaults to path.delimiter. */
  readonly delimiter?: string;
}

export interface DiscoveredFiles {
  readonly source: KubeconfigSource;
  /** Absolute, de-duplicated, in precedence order. */
  readonly paths: readonly string[];
}

function expandHome(file: string, homeDir: string): string {
  if (file === '~') return homeDir;
  if (file.startsWith('~/') || file.startsWith('~\\')) return path.join(homeDir, file.slice(2));
  return file;
}

function normalise(entries: readonly string[], options: DiscoverOptions): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of entries) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const absolute = path.resolve(options.cwd, expandHome(trimmed, options.homeDir));
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    result.push(absolute);
  }
  return result;
}

/**
 * The kubeconfig files to merge: the setting when it names any file, else `KUBECONFIG` (split on the path
 * delimiter, empty entries skipped, duplicates dropped, as kubectl does), else `~/.kube/config`.
 */
export function discoverKubeconfigFiles(options: DiscoverOptions): DiscoveredFiles {
  const setting = options.setting;
  const settingEntries = setting === undefined ? [] : typeof setting === 'string' ? [setting] : [...setting];
  const fromSetting = normalise(settingEntries, options);
  if (fromSetting.length > 0) return { source: 'setting', paths: fromSetting };

  const env = options.env ?? process.env;
  const fromEnv = normalise((env.KUBECONFIG ?? '').split(options.delimiter ?? path.delimiter), options);
  if (fromEnv.length > 0) return { source: 'env', paths: fromEnv };

  return { source: 'default', paths: [path.join(options.homeDir, '.kube', 'config')] };
}
