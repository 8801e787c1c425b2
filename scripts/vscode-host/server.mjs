// Starting and stopping VS Code's server (server-main.js from the code-server package).
// code-server's own CLI rejects the extension-test options, so the VS Code server entry is used directly.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathWith } from './hosts.mjs';

/** Folders a fresh server uses; `root` is a temp dir the caller removes. Logs go to <userData>/logs. */
export function serverDirs(root) {
  const dirs = {
    root,
    serverData: join(root, 'server-data'),
    userData: join(root, 'user-data'),
    extensions: join(root, 'extensions'),
    xdgConfig: join(root, 'xdg-config'),
    xdgData: join(root, 'xdg-data'),
    tmp: join(root, 'tmp'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const settings = JSON.stringify({
    'workbench.startupEditor': 'none',
    'update.mode': 'none',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'security.workspace.trust.enabled': false,
    // Newer workbenches open a chat side bar by default; keep the screen for the extension.
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
  }, null, 2);
  // The server keeps user settings in <user-data-dir>/User and machine settings in <user-data-dir>/Machine.
  for (const scope of ['User', 'Machine']) {
    mkdirSync(join(dirs.userData, scope), { recursive: true });
    writeFileSync(join(dirs.userData, scope, 'settings.json'), settings);
  }
  return dirs;
}

/** The environment every server process gets: no marketplace, no user config from outside the temp dirs. */
export function serverEnv(runtime, dirs, extra = {}) {
  return {
    ...process.env,
    PATH: pathWith(runtime.binDir),
    EXTENSIONS_GALLERY: '{}',
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    // The server leaves vscode-ipc-*.sock files in TMPDIR; a private one is removed with the temp root.
    TMPDIR: dirs.tmp,
    VSCODE_CLI_DISABLE_KEYCHAIN_ENCRYPT: '1',
    ...extra,
  };
}

function commonArgs(dirs) {
  return [
    '--accept-server-license-terms',
    '--server-data-dir', dirs.serverData,
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
  ];
}

/**
 * Installs a .vsix into the server's extensions dir (`force` replaces an installed copy of the same version);
 * throws with the server's output on failure.
 */
export function installVsix(host, runtime, dirs, vsix, { force = false } = {}) {
  const args = [host.serverMain, ...commonArgs(dirs), '--install-extension', vsix, ...(force ? ['--force'] : [])];
  const result = spawnSync(runtime.node, args, {
    env: serverEnv(runtime, dirs),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || !/successfully installed/i.test(output)) {
    throw new Error(`Installing ${vsix} into VS Code ${host.vscode} failed (exit ${result.status}):\n${output}`);
  }
  return output.trim();
}

/**
 * Starts server-main.js on bind:port (127.0.0.1 by default) and resolves once it answers HTTP.
 * It runs in its own process group so stop() also ends the extension hosts it spawned.
 */
export async function startServer({ host, runtime, dirs, port, bind = '127.0.0.1', env = {}, logFile, smokeTestDriver = true }) {
  const args = [
    host.serverMain,
    ...commonArgs(dirs),
    '--host', bind,
    '--port', String(port),
    '--without-connection-token',
    '--disable-workspace-trust',
    '--disable-telemetry',
    // Without it, newer workbenches ignore the extension-test payload and the run hangs.
    ...(smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
  ];
  const child = spawn(runtime.node, args, {
    env: serverEnv(runtime, dirs, env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = logFile ? createWriteStream(logFile) : undefined;
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
    log?.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => {
    exited = true;
    resolve({ code, signal });
  }));

  const stop = async () => {
    if (!exited) {
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    }
    // Extension hosts can outlive the server for a moment; they are in the same group.
    killGroup(child.pid, 'SIGKILL');
    await new Promise((resolve) => (log ? log.end(resolve) : resolve()));
  };

  const url = `http://${bind === '0.0.0.0' ? '127.0.0.1' : bind}:${port}/`;
  const deadline = Date.now() + 60_000;
  while (!exited) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { url, port, child, stop, output: () => output };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`VS Code ${host.vscode} server did not start on ${url}:\n${output}`);
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
