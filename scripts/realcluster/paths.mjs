// Where the real control plane's build lives: one cache folder outside the clone, shared by every clone on the
// machine, so the cold build (about ten minutes) is paid once. Used by build.mjs and by the test support
// (test/real/support/controlPlane.ts), which finds the binaries through `binaryPath`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const KUBERNETES_VERSION = 'v1.20.2';
export const KUBERNETES_COMMIT = 'faecb196815e248d3ecfb03c680a4507229c2a56';
/** Debian bookworm's source package of upstream v1.20.2, the one that still carries `vendor/`. */
export const DEBIAN_SOURCE = { name: 'kubernetes', suite: 'bookworm', version: '1.20.5+really1.20.2-1.1+deb12u1' };
export const COMPONENTS = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
/**
 * The vendored reflect2 is replaced by Debian's: 1.20 vendors v1.0.1, whose map iteration breaks under Go ≥ 1.18
 * (kube-apiserver dies with `fatal error: fault` while it encodes labels and annotations as JSON); v1.0.2 fixes it.
 */
export const REFLECT2 = {
  debianPackage: 'golang-github-modern-go-reflect2-dev',
  source: '/usr/share/gocode/src/github.com/modern-go/reflect2',
  vendored: 'vendor/github.com/modern-go/reflect2',
  minimumVersion: '1.0.2',
};

/** `$CLUSTER_ANATOMY_CACHE`, else `${XDG_CACHE_HOME:-$HOME/.cache}/cluster-anatomy`. */
export function cacheRoot(env = process.env) {
  if (env.CLUSTER_ANATOMY_CACHE) return env.CLUSTER_ANATOMY_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'cluster-anatomy');
}

export function buildPaths(env = process.env) {
  const root = cacheRoot(env);
  const kubernetes = join(root, `kubernetes-${KUBERNETES_VERSION}`);
  const gopath = join(kubernetes, 'gopath');
  return {
    root,
    /** The files `apt-get source --download-only` fetches. */
    downloads: join(root, 'src'),
    kubernetes,
    gopath,
    /** The source tree, where GOPATH mode expects the import path k8s.io/kubernetes. */
    source: join(gopath, 'src', 'k8s.io', 'kubernetes'),
    goCache: join(root, 'go-build'),
    tools: join(kubernetes, 'tools'),
    bin: join(kubernetes, 'bin'),
    stamp: join(kubernetes, 'bin', 'stamp.json'),
  };
}

/** The path of a built component (`kube-apiserver`, …); see `isBuilt` for whether it is there. */
export function binaryPath(component, env = process.env) {
  if (!COMPONENTS.includes(component)) throw new Error(`not a built component: ${component}`);
  return join(buildPaths(env).bin, component);
}

/** Debian's etcd-server; `ETCD_BINARY` overrides. */
export function etcdPath(env = process.env) {
  return env.ETCD_BINARY || '/usr/bin/etcd';
}

/**
 * True when the stamp written by the last successful build matches `recipe`, every binary still has the size
 * and modification time the stamp recorded (a half-written or replaced binary does not count) and, unless
 * `verified` is false, the build's smoke test passed on these binaries.
 */
export function isBuilt(recipe, env = process.env, { verified = true } = {}) {
  const { stamp } = buildPaths(env);
  if (!existsSync(stamp)) return false;
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(stamp, 'utf8'));
  } catch {
    return false;
  }
  if (recipe !== undefined && recorded.recipe !== recipe) return false;
  if (verified && !recorded.smokeTest?.passedAt) return false;
  return COMPONENTS.every((component) => {
    const file = binaryPath(component, env);
    const expected = recorded.binaries?.[component];
    if (!expected || !existsSync(file)) return false;
    const { size, mtimeMs } = statSync(file);
    return size === expected.size && mtimeMs === expected.mtimeMs;
  });
}
