import * as os from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import { type Event, Emitter } from '../util/event';
import type { Disposable } from '../util/disposable';
import { checkKubeconfig, describeContexts, nextTokenExpiry } from './checks';
import { buildClientConfig } from './clientConfig';
import { discoverKubeconfigFiles } from './discover';
import { loadKubeconfig, loadKubeconfigAsync } from './load';
import type { KubeconfigProblem, KubeconfigSource, KubeconfigState, MergedKubeconfig } from './types';
import { withKubeconfigLock } from './fileAccess';
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
  /** How long a switch waits for another writer's lock on the files (kubectl's `<file>.lock`). */
  readonly lockTimeoutMs?: number;
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
  /** Bumped by every load, so a background read that started before a newer load is dropped. */
  private generation = 0;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private disposed = false;

  constructor(options: KubeconfigServiceOptions = {}) {
    this.options = options;
    this.load();
    if (options.watch !== false) {
      this.watcher = new KubeconfigWatcher(this.paths, () => void this.refresh(), options.debounceMs);
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

  /** Every file the merged kubeconfig reads, in precedence order: the files, then the extension's own (the demo's). */
  get mergedFiles(): readonly string[] {
    return this.withAdditional(this.paths);
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

  /** Reads the files again, now; fires onDidChange when anything visible changed. */
  reload(): void {
    this.load();
    this.watcher?.setPaths([...this.paths, ...(this.options.additionalFiles ?? [])]);
  }

  /**
   * Reads the files again without blocking the thread on the disk. Calls during a refresh are coalesced into
   * one more read after it; the promise settles when the state is current.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const run = async () => {
      do {
        this.refreshAgain = false;
        const generation = this.generation;
        const discovered = this.discover();
        const merged = await loadKubeconfigAsync(discovered.source, this.withAdditional(discovered.paths));
        if (this.disposed) return;
        if (generation !== this.generation) this.refreshAgain = true;
        else this.apply(discovered, merged);
      } while (this.refreshAgain);
      this.watcher?.setPaths([...this.paths, ...(this.options.additionalFiles ?? [])]);
    };
    this.refreshing = run().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private discover() {
    return discoverKubeconfigFiles({
      setting: this.options.setting,
      env: this.options.env,
      homeDir: this.options.homeDir ?? os.homedir(),
      cwd: this.options.cwd ?? process.cwd(),
    });
  }

  private withAdditional(paths: readonly string[]): string[] {
    return [...paths, ...(this.options.additionalFiles ?? []).filter((file) => !paths.includes(file))];
  }

  private load(): void {
    const discovered = this.discover();
    this.apply(discovered, loadKubeconfig(discovered.source, this.withAdditional(discovered.paths)));
  }

  private apply(discovered: { readonly source: KubeconfigSource; readonly paths: readonly string[] }, merged: MergedKubeconfig): void {
    this.generation++;
    this.paths = discovered.paths;
    this.source = discovered.source;
    this.merged = merged;
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
    if (next !== undefined) this.expiryTimer = setTimeout(() => void this.refresh(), Math.min(next - now + 50, 2 ** 31 - 1)).unref();
  }

  /**
   * Makes `name` the current context. Written like kubectl (to the first existing file of the list, only
   * the `current-context` line changes, under kubectl's lock), or kept for this session only, touching no file.
   */
  async switchContext(name: string, options: { sessionOnly?: boolean; refresh?: boolean } = {}): Promise<KubeconfigState> {
    let context = this.merged.contexts.get(name);
    if (!context && this.paths.length > 0) {
      // kubectl rewrites a file in place: a read outside its lock can catch the file cut. Ask again under it.
      await withKubeconfigLock(this.paths, async () => this.load(), { timeoutMs: this.options.lockTimeoutMs });
      context = this.merged.contexts.get(name);
    }
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
        await writeCurrentContext(target, name, { lockFiles: this.paths, timeoutMs: this.options.lockTimeoutMs });
      }
    }
    // A one-shot caller (the CLI) can skip reading the files back: a large file takes seconds to parse.
    if (options.refresh !== false) await this.refresh();
    return this.current;
  }

  clientConfigFor(contextName: string, options: { trusted: boolean }): Promise<KubeConfig | KubeconfigProblem> {
    return buildClientConfig(this.merged, this.current.problems, contextName, options);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.expiryTimer);
    this.watcher?.dispose();
    this.changed.dispose();
  }
}
