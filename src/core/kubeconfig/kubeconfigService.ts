import * as os from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import { type Event, Emitter } from '../util/event';
import type { Disposable } from '../util/disposable';
import { checkKubeconfig, describeContexts, nextTokenExpiry } from './checks';
import { buildClientConfig } from './clientConfig';
import { discoverKubeconfigFiles } from './discover';
import { loadKubeconfig } from './load';
import type { KubeconfigProblem, KubeconfigSource, KubeconfigState, MergedKubeconfig } from './types';
import { KubeconfigWatcher } from './watch';
import { currentContextTarget, writeCurrentContext } from './writeCurrentContext';

export interface KubeconfigServiceOptions {
  /** The `clusterAnatomy.kubeconfig` setting (already filtered for workspace trust), or --kubeconfig. */
  readonly setting?: string | readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly homeDir?: string;
  readonly cwd?: string;
  /** Whether exec plugins and auth-providers may run (Workspace Trust). Defaults to false. */
  readonly trusted?: boolean;
  /** Watch the files and reload on outside changes. Defaults to true. */
  readonly watch?: boolean;
  readonly debounceMs?: number;
  /**
   * Files merged after the discovered ones (lowest precedence) and never written: the demo cluster's
   * kubeconfig, which must not end up in the user's files.
   */
  readonly additionalFiles?: readonly string[];
  /** Milliseconds since the epoch, for token expiry. */
  readonly now?: () => number;
}

export class UnknownContextError extends Error {
  constructor(readonly contextName: string) {
    super(`no context exists with the name: "${contextName}"`);
  }
}

/**
 * The kubeconfig files, merged as kubectl merges them, kept up to date with the disk, and the one place that
 * switches the current context. The status bar and the cluster source subscribe to `onDidChange`.
 */
export class KubeconfigService implements Disposable {
  private readonly changed = new Emitter<KubeconfigState>();
  readonly onDidChange: Event<KubeconfigState> = this.changed.event;

  private options: KubeconfigServiceOptions;
  private paths: readonly string[] = [];
  private source: KubeconfigSource = 'default';
  private merged!: MergedKubeconfig;
  private current!: KubeconfigState;
  private signature = '';
  private sessionContext: string | undefined;
  private readonly watcher: KubeconfigWatcher | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(options: KubeconfigServiceOptions = {}) {
    this.options = options;
    this.load();
    if (options.watch !== false) {
      this.watcher = new KubeconfigWatcher(this.paths, () => this.reload(), options.debounceMs);
    }
  }

  get state(): KubeconfigState {
    return this.current;
  }

  /** The merged files with the origin of every entry (for the tree's problem nodes and for tests). */
  get mergedConfig(): MergedKubeconfig {
    return this.merged;
  }

  /** The files in precedence order; a switch writes to `writeTarget`. */
  get files(): readonly string[] {
    return this.paths;
  }

  get writeTarget(): string | undefined {
    return currentContextTarget(this.paths);
  }

  get trusted(): boolean {
    return this.options.trusted === true;
  }

  /** New setting or trust level: re-discover, reload, re-watch. */
  update(changes: Pick<KubeconfigServiceOptions, 'setting' | 'trusted' | 'additionalFiles'>): void {
    this.options = { ...this.options, ...changes };
    this.reload();
  }

  /** Reads the files again; fires onDidChange when anything visible changed. */
  reload(): void {
    this.load();
    this.watcher?.setPaths([...this.paths, ...(this.options.additionalFiles ?? [])]);
  }

  private load(): void {
    const discovered = discoverKubeconfigFiles({
      setting: this.options.setting,
      env: this.options.env,
      homeDir: this.options.homeDir ?? os.homedir(),
      cwd: this.options.cwd ?? process.cwd(),
    });
    this.paths = discovered.paths;
    this.source = discovered.source;
    const additional = (this.options.additionalFiles ?? []).filter((file) => !discovered.paths.includes(file));
    this.merged = loadKubeconfig(discovered.source, [...discovered.paths, ...additional]);
    const problems = [
      ...this.merged.problems,
      ...checkKubeconfig(this.merged, { trusted: this.trusted, env: this.options.env, now: this.options.now?.() }),
    ];
    // A session-only choice outlives reloads while its context exists.
    if (this.sessionContext !== undefined && !this.merged.contexts.has(this.sessionContext)) this.sessionContext = undefined;
    const current = this.sessionContext ?? this.merged.currentContext;
    const state: KubeconfigState = {
      source: this.source,
      files: this.merged.files,
      contexts: describeContexts(this.merged, current),
      current,
      sessionOnly: this.sessionContext !== undefined,
      problems,
    };
    this.scheduleExpiryCheck();
    const signature = JSON.stringify([state, [...this.merged.clusters.values()], [...this.merged.users.values()]]);
    this.current = state;
    if (signature !== this.signature) {
      const first = this.signature === '';
      this.signature = signature;
      if (!first) this.changed.fire(state);
    }
  }

  /** A token that expires while nothing changes on disk must still turn the status red: re-check then. */
  private scheduleExpiryCheck(): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (this.options.watch === false) return;
    const now = Date.now();
    const next = nextTokenExpiry(this.merged, now);
    // setTimeout holds 32 bits of milliseconds; later expiries are checked again after that long.
    if (next !== undefined) this.expiryTimer = setTimeout(() => this.reload(), Math.min(next - now + 50, 2 ** 31 - 1)).unref();
  }

  /**
   * Makes `name` the current context. Written like kubectl (to the first existing file of the list, only
   * the `current-context` line changes), or kept for this session only, touching no file.
   */
  async switchContext(name: string, options: { sessionOnly?: boolean } = {}): Promise<KubeconfigState> {
    const context = this.merged.contexts.get(name);
    if (!context) throw new UnknownContextError(name);
    // A context only an additional file defines (the demo) is never written: the user's kubectl would be
    // left pointing at a context its files do not have.
    const onlyAdditional = (this.options.additionalFiles ?? []).includes(context.file);
    if (options.sessionOnly || onlyAdditional) {
      this.sessionContext = name;
    } else {
      this.sessionContext = undefined;
      // kubectl writes nothing when the merged current-context is already this one.
      if (this.merged.currentContext !== name) {
        const target = currentContextTarget(this.paths);
        if (target === undefined) throw new Error('no kubeconfig file to write to');
        writeCurrentContext(target, name);
      }
    }
    this.reload();
    return this.current;
  }

  clientConfigFor(contextName: string, options: { trusted: boolean }): Promise<KubeConfig | KubeconfigProblem> {
    return buildClientConfig(this.merged, this.current.problems, contextName, options);
  }

  dispose(): void {
    clearTimeout(this.expiryTimer);
    this.watcher?.dispose();
    this.changed.dispose();
  }
}
