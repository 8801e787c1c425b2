import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../util/errors';

/**
 * The largest kubeconfig we read. Real ones are kilobytes; a 10 MB file of 142k contexts still fits, while a
 * device or a runaway file cannot exhaust the memory of the editor.
 */
export const MAX_KUBECONFIG_BYTES = 32 * 1024 * 1024;
const MAX_LABEL = `${MAX_KUBECONFIG_BYTES / 1024 / 1024} MiB`;

export type KubeconfigReadFailure = 'missing' | 'notAFile' | 'tooLarge' | 'unreadable';

export class KubeconfigReadError extends Error {
  constructor(
    readonly file: string,
    readonly failure: KubeconfigReadFailure,
    readonly code?: string,
  ) {
    super(
      failure === 'missing'
        ? `${file} does not exist`
        : failure === 'notAFile'
          ? `${file} is not a regular file (a kubeconfig is never read from a pipe or a device)`
          : failure === 'tooLarge'
            ? `${file} is larger than ${MAX_LABEL}, the most a kubeconfig may hold here`
            : `cannot read ${file} (${code ?? 'error'})`,
    );
  }
}

// O_NONBLOCK: opening a FIFO for reading must not wait for a writer; the file type is checked right after.
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function failureOf(file: string, error: unknown): KubeconfigReadError {
  if (error instanceof KubeconfigReadError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new KubeconfigReadError(file, code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable', code);
}

function checkStat(file: string, stat: fs.Stats): void {
  if (!stat.isFile()) throw new KubeconfigReadError(file, 'notAFile');
  if (stat.size > MAX_KUBECONFIG_BYTES) throw new KubeconfigReadError(file, 'tooLarge');
}

function decode(file: string, buffer: Buffer, length: number): string {
  // A file that grew past the cap after fstat is refused too.
  if (length > MAX_KUBECONFIG_BYTES) throw new KubeconfigReadError(file, 'tooLarge');
  return buffer.toString('utf8', 0, length);
}

/** Reads a kubeconfig: a regular file only, at most MAX_KUBECONFIG_BYTES. Throws KubeconfigReadError. */
export function readKubeconfigTextSync(file: string): string {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, READ_FLAGS);
    const stat = fs.fstatSync(fd);
    checkStat(file, stat);
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_KUBECONFIG_BYTES) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      read = fs.readSync(fd, buffer, length, buffer.length - length, null);
    }
    return decode(file, buffer, length);
  } catch (error) {
    throw failureOf(file, error);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The same as readKubeconfigTextSync, without blocking the thread on the disk. */
export async function readKubeconfigText(file: string): Promise<string> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, READ_FLAGS);
    const stat = await handle.stat();
    checkStat(file, stat);
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_KUBECONFIG_BYTES) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      read = (await handle.read(buffer, length, buffer.length - length, null)).bytesRead;
    }
    return decode(file, buffer, length);
  } catch (error) {
    throw failureOf(file, error);
  } finally {
    await handle?.close();
  }
}

export class KubeconfigLockError extends Error {}

export interface LockOptions {
  /**
   * How long one holder may keep the lock before we give up and call it stale (kubectl gives up at once). A lock
   * that changes hands meanwhile is waited for again, up to six times this.
   */
  readonly timeoutMs?: number;
}

const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock file's identity: a new holder creates a new file. Undefined when there is none. */
function lockIdentity(lock: string): string | undefined {
  try {
    const stat = fs.statSync(lock);
    return `${stat.ino}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
}

async function acquire(file: string, timeoutMs: number): Promise<string | undefined> {
  const lock = `${file}.lock`;
  // A lock that changes hands is busy, not stale: the wait restarts for each new holder, up to a hard cap.
  const cap = Date.now() + 6 * timeoutMs;
  let holder: string | undefined;
  let deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      // The same lock kubectl takes (client-go clientcmd lockFile): `<file>.lock`, created with O_EXCL.
      await (await fs.promises.open(lock, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600)).close();
      return lock;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // No folder: nobody writes this file now (kubectl creates the folder before it locks).
      if (code === 'ENOENT') return undefined;
      if (code !== 'EEXIST') throw new KubeconfigLockError(`cannot create the lock ${lock} (${code ?? 'error'})`);
    }
    const identity = lockIdentity(lock);
    if (identity === undefined) continue; // released just now: try again at once
    if (identity !== holder) {
      holder = identity;
      deadline = Math.min(Date.now() + timeoutMs, cap);
    }
    if (Date.now() >= deadline) {
      const age = Math.round((Date.now() - Number(identity.split(':')[1])) / 1000);
      throw new KubeconfigLockError(
        `${lock} exists (it is ${age} s old): kubectl or cluster-anatomy is changing ${file}, or one was stopped before it removed its lock. ` +
          'Remove the lock file if no such command is running.',
      );
    }
    await sleep(Math.min(5 * 2 ** Math.min(attempt, 5), 100) * (0.5 + Math.random()));
  }
}

/**
 * Runs `action` holding kubectl's lock on every file of the list, taken in sorted order as client-go's
 * ModifyConfig takes them, so kubectl and this product never interleave their read-modify-write.
 */
export async function withKubeconfigLock<T>(files: readonly string[], action: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const held: string[] = [];
  try {
    for (const file of [...new Set(files)].sort()) {
      const lock = await acquire(file, options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
      if (lock !== undefined) held.push(lock);
    }
    return await action();
  } finally {
    for (const lock of held.reverse()) await fs.promises.rm(lock, { force: true });
  }
}

export class KubeconfigWriteError extends Error {}

async function realTarget(file: string): Promise<string> {
  try {
    return await fs.promises.realpath(file);
  } catch {
    // A link to a file not created yet is written at the link's target, as a write through it would.
    try {
      const link = await fs.promises.readlink(file);
      return path.resolve(path.dirname(file), link);
    } catch {
      return file;
    }
  }
}

/**
 * Replaces the file's content in one step: a temporary file in the same folder is written, flushed to disk and
 * renamed over the original, which keeps its mode and owner. A symlink stays a link: its target is replaced.
 * On any error the original is untouched and the error names the file.
 */
export async function replaceFileContent(file: string, text: string): Promise<void> {
  const target = await realTarget(file);
  const stat = await fs.promises.stat(target).catch(() => undefined);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: fs.promises.FileHandle | undefined;
  try {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    handle = await fs.promises.open(temporary, 'wx', 0o600);
    if (stat) {
      await handle.chmod(stat.mode & 0o7777);
      if (stat.uid !== process.getuid?.() || stat.gid !== process.getgid?.()) await handle.chown(stat.uid, stat.gid);
    }
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.promises.rm(temporary, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? errorMessage(error);
    throw new KubeconfigWriteError(`cannot write ${file} (${code}); it was left as it was`);
  }
  // The rename is durable once the folder is flushed; a failure here changes nothing already done.
  const folder = await fs.promises.open(path.dirname(target), 'r').catch(() => undefined);
  await folder?.sync().catch(() => undefined);
  await folder?.close();
}
