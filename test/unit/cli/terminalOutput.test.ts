// Everything the CLI prints passes one boundary that shows control characters escaped and masks passwords.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { contextsCommand } from '../../../src/cli/contextsCommand';
import { explainCommand } from '../../../src/cli/explainCommand';
import { type CliCommand, runCli } from '../../../src/cli/run';
import { terminalSafe } from '../../../src/cli/terminalText';

async function cli(args: string[], commands: CliCommand[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env },
    commands,
  );
  return { code, stdout, stderr };
}

// Raw bytes a terminal would obey: ESC, CSI as one C1 byte, BEL, a carriage return, a bidi override.
// eslint-disable-next-line no-control-regex -- the test looks for raw control characters
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('CLI output is safe for a terminal', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-terminal-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('shows C0, C1, DEL and bidi controls escaped; keeps line feeds and tabs', () => {
    assert.equal(terminalSafe('a\x1b[31mred\x07\r\n\tb\x9b2J\x7f\u202ec'), 'a\\x1b[31mred\\x07\\x0d\n\tb\\u009b2J\\u007f\\u202ec');
  });

  it('masks a password in a URL as kubectl does, keeping the user', () => {
    assert.equal(
      terminalSafe('server https://admin:s3cr3t@10.0.0.1:6443/x and http://h/p'),
      'server https://admin:xxxxx@10.0.0.1:6443/x and http://h/p',
    );
  });

  it('escapes a context name with an ESC sequence in the table, and keeps --json valid JSON', async () => {
    const file = path.join(root, 'config');
    const name = 'evil\x1b]0;owned\x07\x9b31m';
    fs.writeFileSync(
      file,
      `clusters:\n- name: c\n  cluster: {server: "https://me:hunter2@c.example"}\ncontexts:\n- name: ${JSON.stringify(name)}\n  context: {cluster: c}\ncurrent-context: ${JSON.stringify(name)}\n`,
    );
    const table = await cli(['contexts', '--kubeconfig', file], [contextsCommand]);
    assert.equal(table.code, 0, table.stderr);
    assert.doesNotMatch(table.stdout, CONTROL);
    assert.match(table.stdout, /evil\\x1b\]0;owned\\x07\\u009b31m/);
    assert.match(table.stdout, /https:\/\/me:xxxxx@c\.example/);
    assert.doesNotMatch(table.stdout, /hunter2/);
    const json = await cli(['contexts', '--json', '--kubeconfig', file], [contextsCommand]);
    assert.doesNotMatch(json.stdout, CONTROL);
    assert.equal((JSON.parse(json.stdout) as { current: string }).current, 'evil\x1b]0;owned\x07\u009b31m');
  });

  it('keeps a context name with line feeds on its row of the table, escaped', async () => {
    const file = path.join(root, 'config');
    const name = 'dev\n* prod                   prod-cluster   admin';
    fs.writeFileSync(
      file,
      `clusters:\n- name: c\n  cluster: {server: "https://c.example"}\ncontexts:\n- name: ${JSON.stringify(name)}\n  context: {cluster: c}\n`,
    );
    const table = await cli(['contexts', '--kubeconfig', file], [contextsCommand]);
    assert.equal(table.code, 0, table.stderr);
    assert.ok(!table.stdout.split('\n').some((line) => line.startsWith('* prod')), table.stdout);
    assert.match(table.stdout, /dev\\n\* prod/);
  });

  it('escapes an ESC sequence that a manifest carries into explain and its errors', async () => {
    const file = path.join(root, 'pod.yaml');
    fs.writeFileSync(file, 'apiVersion: "v1\\e[2J"\nkind: Pod\nmetadata:\n  name: x\nspec:\n  nodeName: n\n');
    const result = await cli(['explain', file, '--line', '6', '--column', '4'], [explainCommand]);
    assert.doesNotMatch(result.stdout + result.stderr, CONTROL);
    const missing = await cli(['explain', path.join(root, 'no\x1b[2Jsuch.yaml'), '--line', '1', '--column', '1'], [explainCommand]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no\\x1b\[2Jsuch\.yaml: no such file/);
  });
});
