// Kubeconfigs with wrong types, alias bombs, deep nesting, pipes, devices and secrets in broken lines: each
// becomes a problem with file and line, the CLI never crashes, and exit codes say what happened.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { contextsCommand, useContextCommand } from '../../../../src/cli/contextsCommand';
import { runCli } from '../../../../src/cli/run';
import { describeContexts } from '../../../../src/core/kubeconfig/checks';
import { loadKubeconfig, parseKubeconfigText } from '../../../../src/core/kubeconfig/load';
import { KubeconfigWriteError, setCurrentContextInText } from '../../../../src/core/kubeconfig/writeCurrentContext';
import { kubectl, tempDir, type TempDir } from './kubeconfigFixtures';

async function cli(dir: TempDir, args: string[]) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { HOME: dir.home },
  };
  const code = await runCli(args, io, [contextsCommand, useContextCommand]);
  return { code, stdout, stderr };
}

const wrongTypes = `clusters:
- name: c
  cluster:
    server: 12345
users:
- name: u
  user: {token: abc}
contexts:
- name: a
  context:
    cluster: 123
    user: [a, b]
    namespace: 42
current-context: a
`;

describe('hostile kubeconfigs', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('reports non-string fields with file:line and keeps every described field a string', () => {
    const file = dir.file('config', wrongTypes);
    const merged = loadKubeconfig('setting', [file]);
    assert.deepEqual(
      merged.problems.map((problem) => problem.message),
      [
        `${file}:4: cluster "c": server is a number, not a string (kubectl refuses this file).`,
        `${file}:11: context "a": cluster is a number, not a string (kubectl refuses this file).`,
        `${file}:12: context "a": user is a list, not a string (kubectl refuses this file).`,
        `${file}:13: context "a": namespace is a number, not a string (kubectl refuses this file).`,
      ],
    );
    for (const context of describeContexts(merged, 'a')) {
      for (const value of Object.values(context)) assert.ok(typeof value === 'string' || typeof value === 'boolean');
    }
    assert.notEqual(kubectl(dir, [file], ['config', 'get-contexts']).status, 0, 'kubectl refuses this file too');
  });

  it('contexts and contexts --json print, do not crash, and exit 1 on such a file', async () => {
    const file = dir.file('config', wrongTypes);
    const table = await cli(dir, ['contexts', '--kubeconfig', file]);
    assert.equal(table.code, 1);
    assert.match(table.stdout, /^\*\s+a\s/m);
    assert.match(table.stderr, /config:13: context "a": namespace is a number/);
    const json = await cli(dir, ['contexts', '--json', '--kubeconfig', file]);
    assert.equal(json.code, 1);
    assert.deepEqual((JSON.parse(json.stdout) as { contexts: { namespace: string }[] }).contexts[0]?.namespace, '');
  });

  it('turns an alias bomb, an unresolved alias and 5,000-deep nesting into problems, not throws', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 9; level++)
      bomb.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(',')}]`,
      );
    const cases = {
      bomb: `${bomb.join('\n')}\ncontexts: []\n`,
      alias: 'contexts:\n- name: a\n  context: {cluster: *nowhere}\n',
      deep: `clusters: ${'['.repeat(5000)}${']'.repeat(5000)}\n`,
      deepBlock: `clusters:\n${Array.from({ length: 5000 }, (_, index) => `${' '.repeat(index)}- `).join('\n')}x\n`,
    };
    for (const [label, text] of Object.entries(cases)) {
      const parsed = parseKubeconfigText(text, '/k/config');
      assert.equal(parsed.broken, true, label);
      assert.equal(parsed.problems[0]?.kind, 'yamlError', label);
      assert.throws(() => setCurrentContextInText(text, 'a'), KubeconfigWriteError, label);
      assert.match(
        parsed.problems[0]?.message ?? '',
        label.startsWith('deep')
          ? /^YAML error in \/k\/config: the file nests deeper than 500 levels$/
          : /^YAML error in \/k\/config: (Excessive alias|Unresolved alias)/,
        label,
      );
    }
  });

  it('never echoes an alias or block scalar header standing for a password or token', () => {
    const texts = ['users:\n- name: u\n  user:\n    password: *hunter2\n', 'users:\n- name: u\n  user:\n    token: |s3cr3tvalue\n'];
    for (const text of texts) {
      const message = parseKubeconfigText(text, '/k/config')
        .problems.map((problem) => problem.message)
        .join('\n');
      assert.match(message, /YAML error/);
      assert.doesNotMatch(message, /hunter2|s3cr3tvalue/);
    }
  });

  it('refuses a FIFO and /dev/zero as kubeconfig at once, as an unreadable file (exit 1)', async () => {
    const fifo = dir.path('fifo');
    execFileSync('mkfifo', [fifo]);
    for (const file of [fifo, '/dev/zero']) {
      const result = await cli(dir, ['contexts', '--kubeconfig', file]);
      assert.equal(result.code, 1, file);
      assert.match(result.stderr, /is not a regular file/);
    }
    const use = await cli(dir, ['use-context', 'x', '--kubeconfig', fifo]);
    assert.equal(use.code, 1);
    assert.match(use.stderr, /no context exists with the name: "x"[\s\S]*is not a regular file/);
  });

  it('exits 1 naming the reason for an unreadable file and a malformed current-context; 2 for bad usage', async () => {
    const folder = dir.path('folder');
    fs.mkdirSync(folder);
    const unreadable = await cli(dir, ['contexts', '--kubeconfig', folder]);
    assert.equal(unreadable.code, 1);
    assert.match(unreadable.stderr, /folder is not a regular file/);
    const malformed = dir.file('malformed', 'contexts:\n- name: a\n  context: {cluster: c}\ncurrent-context: [a]\n');
    const result = await cli(dir, ['contexts', '--kubeconfig', malformed]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /malformed:4: current-context is a list, not a string/);
    assert.equal((await cli(dir, ['contexts', 'extra', '--kubeconfig', malformed])).code, 2);
  });

  it('says there is no kubeconfig, where it looked, and exits 1', async () => {
    const result = await cli(dir, ['contexts']);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr, `cluster-anatomy contexts: No kubeconfig found (looked at ${dir.home}/.kube/config).\n`);
  });
});
