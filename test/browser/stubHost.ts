/**
 * Serves the diagram bundle in a plain page with a stub host (window.clusterAnatomyHost), under the same CSP
 * as the VS Code panel, and opens it in Debian's chromium through playwright-core. Used by the browser test
 * and by the benchmark.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
export const bundlePath = join(repoRoot, 'dist', 'webview', 'diagram.js');
export const stylesheetPath = join(repoRoot, 'media', 'diagram.css');

/** The part of playwright-core's API these tests use (it is not a dependency of the extension itself). */
export interface BrowserPage {
  goto(url: string): Promise<unknown>;
  evaluate<R, A = undefined>(fn: ((arg: A) => R | Promise<R>) | string, arg?: A): Promise<R>;
  waitForFunction<A>(fn: (arg: A) => unknown, arg?: A, options?: { timeout?: number }): Promise<unknown>;
  screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Buffer>;
  click(selector: string, options?: { modifiers?: string[]; position?: { x: number; y: number } }): Promise<void>;
  hover(selector: string): Promise<void>;
  focus(selector: string): Promise<void>;
  keyboard: { press(key: string): Promise<void> };
  mouse: {
    move(x: number, y: number, options?: { steps?: number }): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
    wheel(dx: number, dy: number): Promise<void>;
  };
  on(
    event: 'dialog' | 'pageerror' | 'console',
    listener: (value: { message?: () => string; text?: () => string; dismiss?: () => Promise<void> } & Error) => void,
  ): void;
  close(): Promise<void>;
}
export interface BrowserLike {
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<BrowserPage>;
  close(): Promise<void>;
}
export interface PlaywrightLike {
  chromium: { launch(options: { executablePath: string; args: string[]; headless?: boolean }): Promise<BrowserLike> };
}

/** playwright-core: the project's own devDependency if present, else the copy the VS Code host rig installs. */
export function loadPlaywright(): PlaywrightLike {
  const candidates = [
    process.env.PLAYWRIGHT_CORE_PATH,
    'playwright-core',
    join(repoRoot, '.vscode-host', '1.99', 'node_modules', 'playwright-core'),
    join(repoRoot, '.vscode-host', '1.139', 'node_modules', 'playwright-core'),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved at run time from several places
      return require(candidate) as PlaywrightLike;
    } catch {
      // try the next place
    }
  }
  throw new Error('playwright-core not found: run `node scripts/vscode-host/install.mjs` or set PLAYWRIGHT_CORE_PATH');
}

/**
 * Chromium with the stub host's page open at 1280×800: page errors and dialogs (the webview must never raise
 * either) are pushed to `problems`, which the tests assert stays empty.
 */
export async function openStubPage(url: string, problems: string[]): Promise<{ browser: BrowserLike; page: BrowserPage }> {
  const browser = await loadPlaywright().chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message?.()}`);
    void dialog.dismiss?.();
  });
  await page.goto(url);
  return { browser, page };
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const nonce = 'c3R1Yi1ob3N0LW5vbmNl';

export type StubTheme = 'light' | 'dark' | 'high-contrast';

function page(origin: string, theme: StubTheme): string {
  // The same policy as src/ui/diagram/html.ts, with this server as the resource origin.
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${origin}; img-src ${origin} data:; font-src ${origin}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/theme-${theme}.css">
<link rel="stylesheet" href="/diagram.css">
<title>diagram stub host</title></head>
<body class="vscode-${theme}">
<script nonce="${nonce}">
  window.sent = [];
  window.savedState = undefined;
  window.clusterAnatomyHost = {
    postMessage: (message) => window.sent.push(message),
    getState: () => window.savedState,
    setState: (state) => { window.savedState = state; },
  };
</script>
<script nonce="${nonce}" src="/diagram.js"></script>
</body></html>`;
}

/** Theme variables, as VS Code sets them on the webview's html element (a subset of Light+, Dark+, HC). */
const themes: Record<StubTheme, string> = {
  dark: `:root { --vscode-foreground: #cccccc; --vscode-editor-background: #1f1f1f; --vscode-descriptionForeground: #9d9d9d;
  --vscode-panel-border: #2b2b2b; --vscode-button-background: #0078d4; --vscode-button-foreground: #ffffff;
  --vscode-button-secondaryBackground: #313131; --vscode-button-secondaryForeground: #cccccc; --vscode-focusBorder: #0078d4;
  --vscode-font-family: sans-serif; --vscode-editorHoverWidget-background: #202020; --vscode-editorHoverWidget-border: #454545;
  --vscode-editorHoverWidget-foreground: #cccccc; --vscode-sideBar-background: #181818; --vscode-editorLineNumber-foreground: #6e7681;
  --vscode-diffEditor-insertedTextBackground: #9ccc2c33; --vscode-editor-findMatchHighlightBackground: #9e6a0380;
  --vscode-editor-selectionHighlightBackground: #add6ff26; }\n`,
  'high-contrast': `:root { --vscode-foreground: #ffffff; --vscode-editor-background: #000000; --vscode-descriptionForeground: #ffffff;
  --vscode-contrastBorder: #6fc3df; --vscode-button-background: #000000; --vscode-button-foreground: #ffffff; --vscode-button-border: #6fc3df;
  --vscode-button-secondaryBackground: #000000; --vscode-button-secondaryForeground: #ffffff; --vscode-focusBorder: #f38518;
  --vscode-font-family: sans-serif; --vscode-editorHoverWidget-background: #0c141f; --vscode-editorHoverWidget-border: #6fc3df;
  --vscode-editorHoverWidget-foreground: #ffffff; --vscode-editorLineNumber-foreground: #ffffff; }\n`,
  light: `:root { --vscode-foreground: #3b3b3b; --vscode-editor-background: #ffffff; --vscode-descriptionForeground: #717171;
  --vscode-panel-border: #c8c8c8; --vscode-button-background: #005fb8; --vscode-button-foreground: #ffffff;
  --vscode-button-secondaryBackground: #e5e5e5; --vscode-button-secondaryForeground: #3b3b3b; --vscode-focusBorder: #005fb8;
  --vscode-font-family: sans-serif; --vscode-editorHoverWidget-background: #f8f8f8; --vscode-editorHoverWidget-border: #c8c8c8;
  --vscode-editorHoverWidget-foreground: #3b3b3b; --vscode-sideBar-background: #f8f8f8;
  --vscode-diffEditor-insertedTextBackground: #9ccc2c40; --vscode-editor-findMatchHighlightBackground: #ea5c0040;
  --vscode-editor-selectionHighlightBackground: #add6ff80; }\n`,
};

export async function startStubServer(): Promise<{ server: Server; url: string }> {
  if (!existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run \`node esbuild.mjs\` first`);
  // Read once: a rebuild elsewhere (esbuild.mjs empties dist/) must not pull the files from under a run.
  const bundle = readFileSync(bundlePath);
  const stylesheet = readFileSync(stylesheetPath, 'utf8');
  const server = createServer((request, response) => {
    const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
    const [path, query] = (request.url ?? '/').split('?');
    const theme = (new URLSearchParams(query).get('theme') ?? 'light') as StubTheme;
    if (path === '/' && theme in themes) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(origin, theme));
    } else if (path?.startsWith('/theme-') && path.slice(7, -4) in themes) {
      response.writeHead(200, { 'content-type': 'text/css' }).end(themes[path.slice(7, -4) as StubTheme]);
    } else if (request.url === '/diagram.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    } else if (request.url === '/diagram.css') {
      response.writeHead(200, { 'content-type': 'text/css' }).end(stylesheet);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}
