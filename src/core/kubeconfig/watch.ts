import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Disposable } from '../util/disposable';

/** The closest directory that exists on the way up from `dir` (kind creates ~/.kube when it is missing). */
function existingAncestor(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      if (fs.statSync(current).isDirectory()) return current;
    } catch {
      // keep climbing
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** What changes when a file is written or replaced: its inode, size and modification time; '' when missing. */
function fingerprint(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '';
  }
}

/**
 * Watches kubeconfig files for changes made by others: the files themselves (edits in place) and their
 * directories (files created, deleted, or replaced by rename, as kubectl, kind and editors do). Events are
 * debounced; after each burst the watches are re-armed, since a rename leaves a file watch on the old inode.
 */
export class KubeconfigWatcher implements Disposable {
  private watchers: fs.FSWatcher[] = [];
  /** Each path's identity, size and time when the watches were last armed (see arm). */
  private fingerprints = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private paths: readonly string[],
    private readonly onChange: () => void,
    private readonly debounceMs = 100,
  ) {
    this.arm();
  }

  setPaths(paths: readonly string[]): void {
    this.paths = paths;
    this.arm();
  }

  private arm(): void {
    this.closeWatchers();
    if (this.disposed) return;
    // directory → the names in it that lead to a watched file
    const directories = new Map<string, Set<string>>();
    for (const file of this.paths) {
      this.watch(file, () => true);
      const dir = existingAncestor(path.dirname(file));
      if (dir === undefined) continue;
      const firstStep = path.relative(dir, file).split(path.sep)[0] ?? '';
      const names = directories.get(dir) ?? new Set<string>();
      names.add(firstStep);
      directories.set(dir, names);
    }
    for (const [dir, names] of directories) {
      this.watch(dir, (name) => name === null || names.has(name));
    }
    // Events that arrive while the watches are closed and opened again are lost with them: a file that is
    // not what it was at the last arming changed in between, so it counts as a change (one more read at most).
    const fingerprints = new Map(this.paths.map((file) => [file, fingerprint(file)]));
    const missed = [...fingerprints].some(([file, print]) => this.fingerprints.has(file) && this.fingerprints.get(file) !== print);
    this.fingerprints = fingerprints;
    if (missed) this.schedule();
  }

  private watch(target: string, relevant: (name: string | null) => boolean): void {
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(target, { persistent: false }, (_event, name) => {
        if (relevant(name === null ? null : String(name))) this.schedule();
      });
    } catch {
      return; // missing now; the directory watch sees it appear
    }
    watcher.on('error', () => this.schedule());
    this.watchers.push(watcher);
  }

  private schedule(): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.disposed) return;
      this.arm();
      this.onChange();
    }, this.debounceMs);
  }

  private closeWatchers(): void {
    for (const watcher of this.watchers.splice(0)) watcher.close();
  }

  /** For tests: how many fs watches are open. */
  get openWatches(): number {
    return this.watchers.length;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.closeWatchers();
  }
}
