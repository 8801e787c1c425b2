// Starting and stopping VS Code's server (server-main.js from the code-server package).
// code-server's own CLI rejects the extension-test options, so the VS Code server entry is used directly.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathWith, repoRoot } from './hosts.mjs';

/**
 * Folders a fresh server uses; `root` is a temp dir the caller removes. Logs go to <userData>/logs.
 * `settings` add to (or override) the user settings, e.g. a colour theme.
 */
export function serverDirs(root, settings = {}) {
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
  const allSettings = JSON.stringify(
    {
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
      ...settings,
    },
    null,
    2,
  );
  // The server keeps user settings in <user-data-dir>/User and machine settings in <user-data-dir>/Machine.
  for (const scope of ['User', 'Machine']) {
    mkdirSync(join(dirs.userData, scope), { recursive: true });
    writeFileSync(join(dirs.userData, scope, 'settings.json'), allSettings);
  }
  // The server takes the display language from --locale, then from this file, then from the browser; a
  // missing file counts as "en", so it exists without a locale and the browser's language is asked.
  writeFileSync(join(dirs.userData, 'User', 'argv.json'), '{}\n');
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
    '--server-data-dir',
    dirs.serverData,
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
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
 * Makes `locale` (e.g. `ja`) available as the display language of the server's web workbench, offline.
 *
 * The web workbench takes its language (`vscode.env.language`, which the extension's l10n follows) from an
 * installed language pack only: the server's `--locale`, else the browser's Accept-Language, names a locale,
 * and with no pack for it the workbench is English whatever the browser says. VS Code's own packs come from
 * the marketplace, out of reach here, so this installs a stand-in pack that declares the locale with no
 * translations of its own: VS Code's menus stay English, the extension speaks the locale.
 * startServer({ locale }) calls it and passes `--locale`. Installing again is quick: the pack is kept.
 */
export async function installDisplayLanguage(host, runtime, dirs, locale) {
  if (!isLocale(locale)) throw new Error(`"${locale}" is not a locale such as ja, de or zh-cn`);
  const manifest = languagePackManifest(locale);
  const id = `${manifest.publisher}.${manifest.name}`;
  const translations = join(dirs.extensions, `${id}-${manifest.version}`, 'translations', 'main.i18n.json');
  if (!existsSync(translations)) {
    const vsix = join(dirs.tmp, `${manifest.name}.vsix`);
    await writeLanguagePackVsix(vsix, manifest);
    installVsix(host, runtime, dirs, vsix, { force: true });
    rmSync(vsix, { force: true });
    if (!existsSync(translations)) throw new Error(`The ${locale} display language was not installed: no ${translations}`);
  }
  // The server lists its packs in <user-data-dir>/languagepacks.json, which it updates only when a pack is
  // installed into the running server, not by `--install-extension`: add the entry it would write.
  const listFile = join(dirs.userData, 'languagepacks.json');
  let packs = {};
  try {
    packs = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch {
    // None yet, or unreadable: written anew.
  }
  packs[locale] = {
    hash: createHash('md5').update(id).update(manifest.version).digest('hex'),
    extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
    translations: { vscode: translations },
    label: locale,
  };
  writeFileSync(listFile, JSON.stringify(packs));
}

function languagePackManifest(locale) {
  return {
    name: `display-language-${locale.toLowerCase()}`,
    publisher: 'cluster-anatomy-dev',
    displayName: `Display language ${locale} (no VS Code translations)`,
    version: '1.0.0',
    engines: { vscode: '^1.99.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [
        {
          languageId: locale.toLowerCase(),
          languageName: locale,
          translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
        },
      ],
    },
  };
}

/** A language pack .vsix whose translation of VS Code is empty: every VS Code string falls back to English. */
async function writeLanguagePackVsix(file, manifest) {
  // yazl is a dependency of @vscode/vsce, already installed.
  const { ZipFile } = createRequire(join(repoRoot, 'package.json'))('yazl');
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'extension/package.json');
  zip.addBuffer(Buffer.from(JSON.stringify({ version: '1.0.0', contents: {} })), 'extension/translations/main.i18n.json');
  zip.end();
  await new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    out.once('close', resolve);
    out.once('error', reject);
    zip.outputStream.pipe(out);
  });
}

/** The locales the extension has translations for (l10n/bundle.l10n.<locale>.json). */
export function extensionLocales() {
  return readdirSync(join(repoRoot, 'l10n'))
    .map((file) => /^bundle\.l10n\.([\w-]+)\.json$/.exec(file)?.[1])
    .filter(Boolean);
}

export function isLocale(value) {
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(value);
}

/**
 * Starts server-main.js on bind:port (127.0.0.1 by default) and resolves once it answers HTTP; in `locale`
 * (e.g. `ja`) when given, see installDisplayLanguage.
 * It runs in its own process group so stop() also ends the extension hosts it spawned.
 */
export async function startServer({
  host,
  runtime,
  dirs,
  port,
  bind = '127.0.0.1',
  env = {},
  logFile,
  smokeTestDriver = true,
  locale,
  connectionToken,
}) {
  const refusal = bindRefusal(bind, connectionToken);
  if (refusal) throw new Error(refusal);
  if (locale && !/^en\b/i.test(locale)) await installDisplayLanguage(host, runtime, dirs, locale);
  // The token goes through a private file, so it is not on the command line for `ps` to show.
  const tokenFile = join(dirs.root, 'connection-token');
  if (connectionToken) writeFileSync(tokenFile, connectionToken, { mode: 0o600 });
  const args = [
    host.serverMain,
    ...commonArgs(dirs),
    '--host',
    bind,
    '--port',
    String(port),
    ...(connectionToken ? ['--connection-token-file', tokenFile] : ['--without-connection-token']),
    '--disable-workspace-trust',
    '--disable-telemetry',
    ...(locale ? ['--locale', locale] : []),
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
  // The server prints its URL with the token; neither the log nor an error message repeats it.
  const redact = (text) => (connectionToken ? text.replaceAll(connectionToken, '<connection token>') : text);
  const collect = (chunk) => {
    const text = redact(chunk.toString());
    output = (output + text).slice(-20_000);
    log?.write(text);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );

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

  const url = `http://${bind === '0.0.0.0' ? '127.0.0.1' : bind.includes(':') ? `[${bind}]` : bind}:${port}/`;
  const probe = connectionToken ? `${url}?tkn=${encodeURIComponent(connectionToken)}` : url;
  const deadline = Date.now() + 60_000;
  while (!exited) {
    try {
      // With a token, the server answers ?tkn= with a redirect that sets its cookie.
      const response = await fetch(probe, { signal: AbortSignal.timeout(2_000), redirect: 'manual' });
      if (response.ok || (connectionToken && response.status >= 300 && response.status < 400)) {
        return { url, port, child, stop, output: () => output };
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`VS Code ${host.vscode} server did not start on ${url}:\n${output}`);
}

/**
 * Why the server must not start on `bind`, or undefined. VS Code's server gives whoever opens it a terminal
 * and the files of this machine, so off loopback it needs a connection token; and a token that VS Code
 * would refuse is said before it starts.
 */
export function bindRefusal(bind, connectionToken) {
  if (connectionToken !== undefined && !/^[0-9A-Za-z_-]{16,}$/.test(connectionToken)) {
    return 'the connection token must be at least 16 characters of 0-9, a-z, A-Z, _ or - (e.g. from `openssl rand -hex 16`)';
  }
  if (connectionToken === undefined && !isLoopback(bind)) {
    return (
      `${bind} is not a loopback address: anyone who reaches it would get VS Code, with a terminal and ` +
      'the files of this machine, without signing in. Give a connection token (--connection-token <secret>), ' +
      'or keep the default bind address 127.0.0.1 and reach it through an SSH tunnel.'
    );
  }
  return undefined;
}

/** 127.0.0.0/8, ::1 and localhost; 0.0.0.0 and :: are every interface, not loopback. */
export function isLoopback(address) {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare);
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
