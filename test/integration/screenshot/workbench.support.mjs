// The offline VS Code server with the extension installed, and headless Chromium on its workbench with the
// Cluster Anatomy view open: what the screenshot scripts (tree.mjs, workbench.mjs) look at.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageExtension } from '../../../scripts/vscode-host/build.mjs';
import { freePort, isInstalled, repoRoot, runtimeFor, selectHosts } from '../../../scripts/vscode-host/hosts.mjs';
import { installVsix, serverDirs, startServer } from '../../../scripts/vscode-host/server.mjs';

// VS Code's own default (Light 2026 from 1.105 on) and the Modern, high-contrast themes; 1.99 has no 2026 themes.
export const themes = {
  default: undefined,
  light: 'Default Light Modern',
  dark: 'Default Dark Modern',
  light2026: 'Light 2026',
  dark2026: 'Dark 2026',
  'hc-dark': 'Default High Contrast',
  'hc-light': 'Default High Contrast Light',
};

export const windowSizes = { default: { width: 1024, height: 768 }, wide: { width: 1500, height: 900 } };

/** The command-line options both scripts take, besides their own. */
export const workbenchOptions = {
  locale: { type: 'string' },
  theme: { type: 'string', default: 'default' },
  // VS Code's first window is 1024 by 768 with a 300 px sidebar; wide is the size the older screenshots used.
  window: { type: 'string', default: 'default' },
  host: { type: 'string', default: 'newest' },
  'no-package': { type: 'boolean', default: false },
};

/**
 * Starts the server in `root` (a folder the caller owns and removes) with `env`, opens the workbench on an
 * empty workspace and clicks the activity bar's Cluster Anatomy button. `stop()` closes the browser and the
 * server; when starting fails, what did start is stopped before the error is thrown.
 */
export async function openWorkbench({ root, options, env, viewport }) {
  if (!windowSizes[options.window]) throw new Error(`--window is default or wide, not ${options.window}`);
  if (!(options.theme in themes)) throw new Error(`--theme is one of ${Object.keys(themes).join(', ')}, not ${options.theme}`);
  const [host] = selectHosts(options.host);
  if (!isInstalled(host))
    throw new Error(`VS Code ${host.vscode} is not installed: node scripts/vscode-host/install.mjs --host ${host.name}`);
  const vsix = options['no-package'] ? join(repoRoot, 'dist', 'cluster-anatomy.vsix') : packageExtension();
  const runtime = runtimeFor(host.nodeMajor);
  const dirs = serverDirs(root, themes[options.theme] ? { 'workbench.colorTheme': themes[options.theme] } : {});
  const opened = { host, page: undefined, server: undefined, browser: undefined };
  opened.stop = async () => {
    await opened.browser?.close().catch(() => undefined);
    await opened.server?.stop();
  };
  try {
    installVsix(host, runtime, dirs, vsix);
    opened.server = await startServer({
      host,
      runtime,
      dirs,
      port: await freePort(),
      locale: options.locale,
      smokeTestDriver: false,
      env,
      logFile: join(root, 'server.log'),
    });
    process.env.TMPDIR = dirs.tmp;
    const { chromium } = createRequire(import.meta.url)(host.playwrightCore);
    opened.browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    opened.page = await opened.browser.newPage({ viewport });
    const workspace = join(root, 'workspace');
    mkdirSync(workspace);
    await opened.page.goto(`${opened.server.url}?folder=${encodeURIComponent(workspace)}`);
    // The view container's button in the activity bar opens the tree.
    await opened.page.locator('.activitybar [aria-label^="Cluster Anatomy"]').first().click({ timeout: 60_000 });
    return opened;
  } catch (error) {
    await opened.stop();
    throw error;
  }
}
