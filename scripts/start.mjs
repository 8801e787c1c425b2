// `npm start`: builds and packages the extension, installs the newest offline VS Code host if it is missing,
// starts VS Code's server with the extension installed, and prints the URL to open in a browser.
// Runs until Ctrl-C.
//   node scripts/start.mjs [--workspace <dir>] [--port <n>] [--bind <address>] [--connection-token <secret>]
//        [--host <host name>] [--locale <ja|en|…>] [--no-demo]
// The extension opens the built-in demo cluster (CLUSTER_ANATOMY_OPEN_DEMO=1) unless --no-demo; KUBECONFIG
// reaches the extension through the server's environment.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { packageExtension } from './vscode-host/build.mjs';
import { freePort, installRoot, isInstalled, repoRoot, runtimeFor, selectHosts } from './vscode-host/hosts.mjs';
import {
  bindRefusal,
  extensionLocales,
  installDisplayLanguage,
  installVsix,
  isLocale,
  serverDirs,
  startServer,
} from './vscode-host/server.mjs';

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      workspace: { type: 'string', default: repoRoot },
      port: { type: 'string', default: '8765' },
      bind: { type: 'string', default: '127.0.0.1' },
      'connection-token': { type: 'string' },
      host: { type: 'string', default: 'newest' },
      locale: { type: 'string' },
      'no-demo': { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  usageError(error.message);
}
// Refused before anything is built, so the reason is the first and only thing printed.
const refusal = bindRefusal(options.bind, options['connection-token']);
if (refusal) usageError(`not starting: ${refusal}`);
if (options.locale !== undefined && !isLocale(options.locale)) usageError(`--locale ${options.locale} is not a locale such as ja or en`);

const [host] = selectHosts(options.host);
if (!isInstalled(host)) {
  console.log(`[start] VS Code ${host.vscode} is not installed yet; installing it (a few minutes, once).`);
  const install = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'vscode-host', 'install.mjs'), '--host', host.name], {
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const vsix = packageExtension();
const runtime = runtimeFor(host.nodeMajor);
// Settings and window layout persist between starts; the extension is reinstalled from the fresh .vsix.
const stateRoot = join(installRoot, 'start', host.name);
const dirs = serverDirs(stateRoot);
installVsix(host, runtime, dirs, vsix, { force: true });
// VS Code takes its language from --locale, else from the browser, among the installed language packs: one
// for each language the extension speaks, so a browser set to Japanese gets the extension in Japanese.
for (const locale of extensionLocales()) await installDisplayLanguage(host, runtime, dirs, locale);

const port = await portToUse(Number(options.port));
const server = await startServer({
  host,
  runtime,
  dirs,
  port,
  bind: options.bind,
  connectionToken: options['connection-token'],
  locale: options.locale,
  smokeTestDriver: false,
  // The product opens on its built-in demo cluster, so there is something to explore at once.
  env: options['no-demo'] ? {} : { CLUSTER_ANATOMY_OPEN_DEMO: '1' },
  logFile: join(stateRoot, 'server.log'),
});
const workspace = resolve(options.workspace);
const shownHost =
  options.bind === '0.0.0.0' || options.bind === '::' ? 'localhost' : options.bind.includes(':') ? `[${options.bind}]` : options.bind;
// The token is the user's own secret: it is never printed, only where it goes.
const tokenPart = options['connection-token'] ? '&tkn=<your connection token>' : '';
console.log(
  `\nCluster Anatomy in VS Code ${host.vscode}${options.locale ? ` (${options.locale})` : ''}: open this in a browser\n\n` +
    `  http://${shownHost}:${port}/?folder=${encodeURIComponent(workspace)}${tokenPart}\n\n` +
    `Server log: ${join(stateRoot, 'server.log')}. Ctrl-C stops it.`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  // The server's sockets (vscode-ipc-*.sock) live in this private temp dir.
  rmSync(dirs.tmp, { recursive: true, force: true });
  mkdirSync(dirs.tmp, { recursive: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.child.once('exit', (code) => {
  if (stopping) return;
  console.error(`[start] the VS Code server exited (${code}); log: ${join(stateRoot, 'server.log')}`);
  process.exit(1);
});

function usageError(message) {
  console.error(`[start] ${message}`);
  process.exit(2);
}

/** The requested port when it is free, so the URL stays the same between starts; any free port otherwise. */
async function portToUse(preferred) {
  const free = await new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(preferred, options.bind, () => server.close(() => done(true)));
  });
  return free ? preferred : freePort();
}
