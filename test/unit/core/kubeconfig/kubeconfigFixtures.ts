// Temp kubeconfig files, a real kubectl pointed at them, and the clean-up. Nothing here touches ~/.kube.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TempDir {
  readonly root: string;
  /** A fake HOME: kubectl and the service must never see the real one. */
  readonly home: string;
  file(relative: string, text: string): string;
  read(relative: string): string;
  path(relative: string): string;
  remove(): void;
}

export function tempDir(): TempDir {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ca-kubeconfig-')));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  return {
    root,
    home,
    path: (relative) => path.join(root, relative),
    file(relative, text) {
      const file = path.join(root, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      return file;
    },
    read: (relative) => fs.readFileSync(path.join(root, relative), 'utf8'),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

export function findKubectl(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/bin', '/usr/local/bin')) {
    const candidate = path.join(dir, 'kubectl');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface KubectlResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real kubectl with KUBECONFIG set and HOME pointing into the temp dir. */
export function kubectl(dir: TempDir, kubeconfig: readonly string[], args: string[]): KubectlResult {
  const binary = findKubectl();
  if (!binary) throw new Error('kubectl is not installed');
  const result = spawnSync(binary, args, {
    cwd: dir.root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir.home, KUBECONFIG: kubeconfig.join(path.delimiter) },
    encoding: 'utf8',
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A base64url JWT with the given claims (unsigned: only the shape and `exp` matter here). */
export function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

export function makeExecutable(file: string, script: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, script, { mode: 0o755 });
  return file;
}
