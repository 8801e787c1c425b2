// The same integration suite on desktop VS Code, through @vscode/test-electron, for machines that can
// download VS Code (it fetches a build from the VS Code update service at run time, so it cannot run offline:
// there it fails at once with `getaddrinfo ENOTFOUND` for the update service). Not part of `npm test`;
// the offline runner is run.mjs.
//   node scripts/vscode-host/runElectron.mjs [--vscode-version 1.99.3 --vscode-version stable]
//        [--tests <compiled test file or folder>] [--from-source]
// Needs a display (or xvfb-run) like any desktop VS Code.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { buildExtension, buildIntegrationTests, packageExtension } from './build.mjs';
import { repoRoot, scriptDir } from './hosts.mjs';

const { values: options } = parseArgs({
  options: {
    'vscode-version': { type: 'string', multiple: true, default: ['1.99.3', 'stable'] },
    tests: { type: 'string' },
    'from-source': { type: 'boolean', default: false },
  },
});

// With the test hooks the suite needs (test/integration/suite/apply.test.ts answers Apply's confirmations).
const vsix = options['from-source'] ? undefined : packageExtension({ testHooks: true });
if (!vsix) buildExtension({ testHooks: true });
const indexFile = buildIntegrationTests();

const failures = [];
for (const version of options['vscode-version']) {
  const root = mkdtempSync(join(tmpdir(), `cluster-anatomy-electron-${version}-`));
  const userData = join(root, 'user-data');
  const extensions = join(root, 'extensions');
  const workspace = join(root, 'workspace');
  for (const dir of [userData, extensions, workspace]) mkdirSync(dir, { recursive: true });
  try {
    console.log(`\n[electron] VS Code ${version}`);
    const executable = await downloadAndUnzipVSCode(version);
    if (vsix) {
      // The packaged extension goes into a fresh extensions folder; the harness only carries the tests.
      const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(executable);
      const install = spawnSync(cli, [...cliArgs, '--extensions-dir', extensions, '--install-extension', vsix], {
        encoding: 'utf8',
        stdio: 'inherit',
        shell: process.platform === 'win32',
      });
      if (install.status !== 0) throw new Error(`installing ${vsix} failed`);
    }
    await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: vsix ? join(scriptDir, 'harness') : repoRoot,
      extensionTestsPath: indexFile,
      extensionTestsEnv: {
        ...(options.tests ? { CLUSTER_ANATOMY_TESTS: resolve(options.tests) } : {}),
        CLUSTER_ANATOMY_TEST_LOGS: join(userData, 'logs'),
        CLUSTER_ANATOMY_TEST_SOURCE: vsix ? 'vsix' : 'source',
      },
      launchArgs: [
        workspace,
        '--user-data-dir',
        userData,
        '--extensions-dir',
        extensions,
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
    });
    console.log(`[electron] VS Code ${version}: PASS`);
  } catch (error) {
    failures.push(version);
    console.error(`[electron] VS Code ${version}: FAIL ${error instanceof Error ? error.message : error}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
process.exit(failures.length > 0 ? 1 : 0);
