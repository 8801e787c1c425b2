// `cluster-anatomy contexts` and `use-context`, through the CLI's own entry (runCli), on temp files.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { contextsCommand, useContextCommand } from '../../../src/cli/contextsCommand';
import { runCli } from '../../../src/cli/run';
import { tempDir, type TempDir } from '../core/kubeconfig/kubeconfigFixtures';

async function cli(dir: TempDir, args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: { HOME: dir.home, ...env },
    },
    [contextsCommand, useContextCommand],
  );
  return { code, stdout, stderr };
}

describe('contexts and use-context commands', () => {
  let dir: TempDir;
  let first: string;
  let second: string;

  beforeEach(() => {
    dir = tempDir();
    first = dir.file(
      'first.yaml',
      '# mine\ncontexts:\n- name: dev\n  context: {cluster: dev, user: me, namespace: web}\nclusters:\n- name: dev\n  cluster: {server: https://dev.example}\nusers:\n- name: me\n  user: {}\n',
    );
    second = dir.file('second.yaml', 'current-context: prod\ncontexts:\n- name: prod\n  context: {cluster: gone}\n');
  });
  afterEach(() => dir.remove());

  it('prints { current, contexts } as JSON, merged from KUBECONFIG, problems on stderr', async () => {
    const result = await cli(dir, ['contexts', '--json'], { KUBECONFIG: [first, second].join(path.delimiter) });
    assert.equal(result.code, 0);
    assert.deepEqual(JSON.parse(result.stdout), {
      current: 'prod',
      contexts: [
        { name: 'dev', cluster: 'dev', user: 'me', namespace: 'web', server: 'https://dev.example', file: first, current: false },
        { name: 'prod', cluster: 'gone', user: '', namespace: '', server: '', file: second, current: true },
      ],
    });
    assert.match(result.stderr, /second\.yaml:3: context "prod" names cluster "gone"/);
  });

  it('prints a table, the current context starred', async () => {
    const result = await cli(dir, ['contexts'], { KUBECONFIG: [first, second].join(path.delimiter) });
    const lines = result.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^CURRENT\s+NAME\s+CLUSTER\s+AUTHINFO\s+NAMESPACE\s+SERVER\s+FILE$/);
    assert.match(lines[1] ?? '', /^\s+dev\s+dev\s+me\s+web\s+https:\/\/dev\.example\s+\S+first\.yaml$/);
    assert.match(lines[2] ?? '', /^\*\s+prod\s+gone/);
  });

  it('reads --kubeconfig above KUBECONFIG', async () => {
    const result = await cli(dir, ['contexts', '--json', '--kubeconfig', first], { KUBECONFIG: second });
    assert.deepEqual(
      (JSON.parse(result.stdout) as { contexts: { name: string }[] }).contexts.map((context) => context.name),
      ['dev'],
    );
  });

  it('switches with use-context, writing only current-context into the first file', async () => {
    const result = await cli(dir, ['use-context', 'dev'], { KUBECONFIG: [first, second].join(path.delimiter) });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Switched to context "dev".\n');
    assert.ok(dir.read('first.yaml').endsWith('  user: {}\ncurrent-context: dev\n'));
    assert.ok(dir.read('first.yaml').startsWith('# mine\n'));
    assert.equal(dir.read('second.yaml'), 'current-context: prod\ncontexts:\n- name: prod\n  context: {cluster: gone}\n');
  });

  it('exits non-zero naming a context that does not exist', async () => {
    const result = await cli(dir, ['use-context', 'staging'], { KUBECONFIG: first });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /no context exists with the name: "staging"/);
  });

  it('is a usage error without exactly one name', async () => {
    assert.equal((await cli(dir, ['use-context'], { KUBECONFIG: first })).code, 2);
    assert.equal((await cli(dir, ['contexts', '--bogus'], { KUBECONFIG: first })).code, 2);
  });
});
