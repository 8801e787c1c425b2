// `npm run test:integration`: runs the mocha integration suite inside the extension host of a real VS Code
// (VS Code's server from code-server, driven by Debian's headless chromium), offline, against the packaged
// .vsix installed into a fresh extensions folder.
//   node scripts/vscode-host/run.mjs [--host 1.99|1.139|all] [--tests <compiled test file or folder>]
//        [--screenshot <file.png>] [--from-source] [--workspace <dir>] [--timeout <seconds per host>]
//        [--keep]  (leave each host's temp folder: logs, settings, extensions)
// Install the hosts first: node scripts/vscode-host/install.mjs
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { format, parseArgs } from 'node:util';
import { buildExtension, buildIntegrationTests, packageExtension } from './build.mjs';
import { freePort, isInstalled, repoRoot, runtimeFor, scriptDir, selectHosts } from './hosts.mjs';
import { installVsix, serverDirs, startServer } from './server.mjs';

const { values: options } = parseArgs({
  options: {
    host: { type: 'string', default: 'all' },
    tests: { type: 'string' },
    screenshot: { type: 'string' },
    'from-source': { type: 'boolean', default: false },
    workspace: { type: 'string' },
    timeout: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});

const summaryMarker = '[cluster-anatomy-tests]';
const screenshotMarker = '[cluster-anatomy-screenshot]';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/**
 * Workbench chatter that says nothing about the extension or the tests: connection set-up, gallery and chat
 * components (which tag their lines "[Component]"), and the service worker, which is code-server's and is not
 * served by VS Code's bare server. Errors from anywhere else are always shown.
 */
const workbenchNoise =
  /^(\[[A-Za-z][\w:.\- ]*\] |Resolving connection token|Resolved connection token|Creating a socket|Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|ChatSessionStore:|No search provider registered|Creation of workbench contribution|\s+at .*\/static\/out\/vs\/)/;
// Offline, 1.13x's built-in GitHub sign-in never registers.
const workbenchErrorNoise = /^(\[Service Worker\] registration|Timed out waiting for authentication provider 'github')/;
const harnessDir = join(scriptDir, 'harness');
const timeoutMs = Number(options.timeout) * 1000;
const inCi = process.env.CI === 'true';

const hosts = selectHosts(options.host);
const testsPath = options.tests ? resolve(options.tests) : undefined;
if (options.workspace && !statSync(options.workspace, { throwIfNoEntry: false })?.isDirectory()) {
  fail(`--workspace ${options.workspace} is not a folder`);
}

const buildStarted = Date.now();
// From source: the repo itself is the development extension (fast loop, but packaging goes untested).
// With the test hooks the suite needs (test/integration/suite/apply.test.ts answers Apply's confirmations).
const vsix = options['from-source'] ? undefined : packageExtension({ testHooks: true });
if (!vsix) buildExtension({ testHooks: true });
const indexFile = buildIntegrationTests();
// Checked after the build, so a file of the default suite (out/integration/suite/…) can be named.
if (testsPath && !existsSync(testsPath)) fail(`--tests ${testsPath} does not exist`);
console.log(`[integration] built ${vsix ? `${vsix} and ` : ''}the tests in ${seconds(buildStarted)}`);

// Ctrl-C or a CI time-out: the server runs in its own process group, so end it and remove the temp folder.
let cleanUpCurrent;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`[integration] ${signal}: stopping`);
    await cleanUpCurrent?.();
    process.exit(1);
  });
}

const results = [];
for (const host of hosts) results.push(await runHost(host));

console.log('');
for (const result of results) console.log(result.line);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const skipped = results.reduce((sum, result) => sum + result.skipped, 0);
// In CI nothing is skipped silently: a skipped test fails the run there.
const ok = results.every((result) => result.ok) && passed > 0 && !(inCi && skipped > 0);
if (passed === 0) console.log('[integration] FAIL: no test ran');
if (inCi && skipped > 0) console.log(`[integration] FAIL: ${skipped} test(s) skipped in CI`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);

async function runHost(host) {
  const label = `VS Code ${host.vscode} (code-server ${host.codeServer})`;
  const started = Date.now();
  const result = (ok, passed, failed, note, skipped = 0) => ({
    ok,
    passed,
    failed,
    skipped,
    line:
      `[integration] ${label}: ${ok ? 'PASS' : 'FAIL'} ${passed} passed, ${failed} failed` +
      `${skipped ? `, ${skipped} skipped` : ''} in ${seconds(started)}${note ? ` (${note})` : ''}`,
  });
  if (!isInstalled(host)) {
    // Never a silent skip: a host that cannot run fails the run, locally and in CI.
    const hint =
      `not installed: run \`node scripts/vscode-host/install.mjs --host ${host.name}\`` + (inCi ? '' : ` or choose another with --host`);
    console.error(`[integration] ${label}: ${hint}`);
    return result(false, 0, 0, hint);
  }
  const runtime = runtimeFor(host.nodeMajor);
  const root = mkdtempSync(join(tmpdir(), `cluster-anatomy-it-${host.name}-`));
  const dirs = serverDirs(root);
  const workspace = options.workspace ? resolve(options.workspace) : join(root, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const savedTmp = process.env.TMPDIR;
  let server;
  let browser;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    if (options.keep) console.log(`[integration] kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  };
  cleanUpCurrent = cleanUp;
  try {
    console.log(`\n[integration] ${label} on Node ${host.nodeMajor}`);
    if (vsix) console.log(`[integration] ${installVsix(host, runtime, dirs, vsix).split('\n').pop()}`);
    const port = await freePort();
    server = await startServer({
      host,
      runtime,
      dirs,
      port,
      logFile: join(root, 'server.log'),
      env: {
        // Read by test/integration/index.ts and the suite inside the extension host.
        ...(testsPath ? { CLUSTER_ANATOMY_TESTS: testsPath } : {}),
        CLUSTER_ANATOMY_TEST_LOGS: join(dirs.userData, 'logs'),
        CLUSTER_ANATOMY_TEST_SOURCE: vsix ? 'vsix' : 'source',
        // The real-cluster tier runs test/integration/real against a real control plane it started.
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('CLUSTER_ANATOMY_REAL_'))),
      },
    });
    console.log(`[integration] server up on ${server.url} in ${seconds(started)}`);

    // Playwright's temp profile goes to the same temp root, removed below.
    process.env.TMPDIR = dirs.tmp;
    const { chromium } = createRequire(import.meta.url)(host.playwrightCore);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const output = [];
    let exitCode;
    const exited = new Promise((done) => {
      page.exposeFunction('codeAutomationExit', (code) => {
        exitCode = code;
        done(code);
      });
    });
    // A test may ask for the picture while it still runs (after the run the extension host is shut down and
    // its views are empty): it logs the marker and waits a moment.
    let screenshotTaken;
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      // The extension host's console calls arrive as their arguments: a format string and its values.
      const text = format(...(Array.isArray(args) ? args : [args]));
      output.push(text);
      if (text.includes(screenshotMarker) && options.screenshot && !screenshotTaken) {
        const file = screenshotPath(options.screenshot, host);
        mkdirSync(dirname(file), { recursive: true });
        screenshotTaken = page.screenshot({ path: file }).then(() => console.log(`[integration] screenshot: ${file}`));
        return;
      }
      const isError = type === 'error';
      if (text.startsWith(summaryMarker) || (isError ? workbenchErrorNoise : workbenchNoise).test(text)) return;
      console.log(isError ? `  [error] ${text}` : `  ${text}`);
    });

    const remote = (path) => `vscode-remote://127.0.0.1:${port}${path}`;
    const payload = [
      ['extensionDevelopmentPath', remote(vsix ? harnessDir : repoRoot)],
      ['extensionTestsPath', remote(indexFile)],
    ];
    await page.goto(`${server.url}?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let timer;
    const timedOut = new Promise((done) => {
      timer = setTimeout(() => done('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([exited, timedOut]);
    clearTimeout(timer);

    if (screenshotTaken) {
      await screenshotTaken;
    } else if (options.screenshot) {
      const file = screenshotPath(options.screenshot, host);
      mkdirSync(dirname(file), { recursive: true });
      await page.screenshot({ path: file });
      console.log(`[integration] screenshot: ${file}`);
    }
    const summary = parseSummary(output);
    const activation = output.map((line) => /activation: ([\d.]+ ms)/.exec(line)?.[1]).find(Boolean);
    const note = activation ? `activation ${activation}` : undefined;
    if (outcome === 'timeout') {
      console.error(`[integration] ${label}: no result after ${timeoutMs / 1000} s; server output:\n${server.output()}`);
      return result(false, summary.passed, summary.failed, `timed out after ${timeoutMs / 1000} s`, summary.pending);
    }
    const ok = exitCode === 0 && summary.failed === 0 && summary.passed > 0;
    if (!ok && summary.passed + summary.failed === 0) console.error(`[integration] server output:\n${server.output()}`);
    return result(
      ok,
      summary.passed,
      summary.failed,
      [note, exitCode === 0 ? undefined : `exit ${exitCode}`].filter(Boolean).join(', '),
      summary.pending,
    );
  } catch (error) {
    console.error(`[integration] ${label}: ${error instanceof Error ? error.stack : error}`);
    return result(false, 0, 0, 'could not run');
  } finally {
    cleanUpCurrent = undefined;
    await cleanUp();
  }
}

/** The counts test/integration/index.ts prints when mocha is done. */
function parseSummary(lines) {
  for (const line of lines) {
    const at = line.indexOf(summaryMarker);
    if (at >= 0) return JSON.parse(line.slice(at + summaryMarker.length));
  }
  return { passed: 0, failed: 0, pending: 0 };
}

function screenshotPath(file, host) {
  const absolute = resolve(file);
  if (hosts.length === 1) return absolute;
  const extension = extname(absolute);
  return join(dirname(absolute), `${basename(absolute, extension)}-${host.name}${extension}`);
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function fail(message) {
  console.error(`[integration] ${message}`);
  process.exit(2);
}
