// Runs inside a real VS Code extension host (see scripts/vscode-host/run.mjs): the extension, as installed,
// activates cleanly, returns its API, and registers everything package.json contributes.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';

const extensionId = 'cluster-anatomy.cluster-anatomy';

interface Contributions {
  commands?: { command: string }[];
  views?: Record<string, { id: string }[]>;
}

function extension(): vscode.Extension<ClusterAnatomyApi> {
  const found = vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId);
  assert.ok(found, `${extensionId} is not installed in this VS Code`);
  return found;
}

// Read at definition time so every contributed command and view gets its own test as the product grows.
const contributes: Contributions = vscode.extensions.getExtension(extensionId)?.packageJSON.contributes ?? {};
const commandIds = (contributes.commands ?? []).map((entry) => entry.command);
const viewIds = Object.values(contributes.views ?? {})
  .flat()
  .map((view) => view.id);

describe('Cluster Anatomy in VS Code', () => {
  let api: ClusterAnatomyApi;

  before(async () => {
    api = await extension().activate();
  });

  it('activates and returns the versioned API', () => {
    const installed = extension();
    assert.equal(installed.isActive, true);
    assert.equal(api.apiVersion, 1);
    assert.equal(api.extensionVersion, installed.packageJSON.version);
    assert.equal(typeof api.activationMs, 'number');
    assert.ok(api.activationMs >= 0);
    console.log(`      activation: ${api.activationMs.toFixed(1)} ms in VS Code ${vscode.version} (${vscode.env.remoteName ?? 'local'})`);
  });

  if (process.env.CLUSTER_ANATOMY_TEST_SOURCE === 'vsix') {
    it('is the packaged .vsix: bundles present, no sources, tests or node_modules', () => {
      const root = extension().extensionPath;
      const main = join(root, extension().packageJSON.main);
      assert.ok(existsSync(main), `${relative(root, main)} is missing from the package`);
      for (const unwanted of ['src', 'test', 'node_modules', 'tsconfig.json', 'esbuild.mjs']) {
        assert.equal(existsSync(join(root, unwanted)), false, `the package contains ${unwanted}`);
      }
      // Modules the bundle loads on first use (e.g. the Kubernetes client) must be packaged too.
      const lazy = [...readFileSync(main, 'utf8').matchAll(/(?:require|import)\(["'](\.\/[^"']+)["']\)/g)].map((match) => match[1]);
      for (const module of lazy) {
        const packaged = join('dist', module);
        assert.ok(existsSync(join(root, packaged)), `${packaged} is loaded by the bundle but not packaged`);
      }
      // The demo cluster runs in a worker thread that loads the command-line bundle.
      assert.ok(existsSync(join(root, 'dist', 'cli.js')), 'dist/cli.js (the demo worker) is missing from the package');
    });
  }

  it('contributes at least one command', () => {
    assert.ok(commandIds.length > 0);
  });

  for (const command of commandIds) {
    it(`registers the command ${command}`, async () => {
      const registered = await vscode.commands.getCommands(true);
      assert.ok(registered.includes(command), `${command} is contributed but not registered`);
    });
  }

  for (const view of viewIds) {
    // Proves the view is contributed and can be shown; whether its provider fills it is for its own suite.
    it(`has the view ${view}`, async () => {
      await vscode.commands.executeCommand(`${view}.focus`);
    });
  }
});

// A root hook: it runs after every suite of the run, so errors logged while any of them ran are caught.
after('logs no errors of its own in the extension host', () => {
  const logsRoot = process.env.CLUSTER_ANATOMY_TEST_LOGS;
  assert.ok(logsRoot, "CLUSTER_ANATOMY_TEST_LOGS (the host's logs folder) is not set by the runner");
  const files = listFiles(logsRoot);
  const hostLogs = files.filter((file) => /(^|\/)(remote)?exthost\.log$/.test(file));
  assert.ok(hostLogs.length > 0, `no extension host log under ${logsRoot}`);
  const hostLog = hostLogs.map((file) => readFileSync(file, 'utf8')).join('\n');
  // The host records each activation: seeing ours proves this is the log of the host that ran the extension.
  assert.match(hostLog, new RegExp(`${extensionId.replace('.', '\\.')}`));
  const root = extension().extensionPath;
  const ours = logEntries(hostLog).filter((entry) => /\[error\]/.test(entry) && (entry.includes(extensionId) || entry.includes(root)));
  assert.deepEqual(ours, [], 'the extension host logged errors from Cluster Anatomy');

  // The extension's own log channel: error lines there are errors too.
  const channelLogs = files.filter((file) => /Cluster Anatomy\.log$/.test(file) || file.includes(`/${extensionId}/`));
  assert.ok(channelLogs.length > 0, `no log file of the Cluster Anatomy output channel under ${logsRoot}`);
  const channelErrors = channelLogs.flatMap((file) => logEntries(readFileSync(file, 'utf8'))).filter((entry) => /\[error\]/.test(entry));
  assert.deepEqual(channelErrors, [], 'Cluster Anatomy logged errors');
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** A log entry is a timestamped line plus the stack-trace lines that follow it. */
function logEntries(text: string): string[] {
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d[ T]/.test(line) || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n${line}`;
  }
  return entries.filter((entry) => entry.trim() !== '');
}
