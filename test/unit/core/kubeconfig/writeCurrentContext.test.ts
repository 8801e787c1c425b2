import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { parse } from 'yaml';
import {
  currentContextTarget,
  KubeconfigWriteError,
  setCurrentContextInText,
  writeCurrentContext,
} from '../../../../src/core/kubeconfig/writeCurrentContext';
import { tempDir, type TempDir } from './kubeconfigFixtures';

const styled = `# Managed by hand. Keep the comments!
apiVersion: v1
kind: Config
preferences: {}

clusters:
  - name: kind-kind        # created by kind
    cluster:
      server: "https://127.0.0.1:40569"
      certificate-authority-data: LS0tLS1CRUdJTi==
  - {name: flow, cluster: {server: 'https://flow.example'}}
users:
  - &u
    name: kind-kind
    user: {token: abc}
contexts:
  - name: kind-kind
    context: {cluster: kind-kind, user: kind-kind}
  - name: other
    context:
      cluster: flow
      user: kind-kind
current-context:   kind-kind   # the one I use
extensions:
  - name: x
    extension: |
      literal block
        kept as is
`;

function diffLines(before: string, after: string): string[][] {
  const a = before.split('\n');
  const b = after.split('\n');
  const changed: string[][] = [];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    if (a[index] !== b[index]) changed.push([a[index] ?? '<none>', b[index] ?? '<none>']);
  }
  return changed;
}

describe('writing current-context', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('replaces only the value: comments, spacing, quoting, flow maps, anchors and block scalars stay', () => {
    const after = setCurrentContextInText(styled, 'other');
    assert.deepEqual(diffLines(styled, after), [
      ['current-context:   kind-kind   # the one I use', 'current-context:   other   # the one I use'],
    ]);
  });

  it('fills an empty current-context (as kubectl leaves it after deleting the context), keeping the lines around it', () => {
    const cases: [string, string][] = [
      [
        'apiVersion: v1\ncurrent-context:\n# a comment\nkind: Config\n',
        'apiVersion: v1\ncurrent-context: other\n# a comment\nkind: Config\n',
      ],
      ['current-context: \nkind: Config\n', 'current-context: other\nkind: Config\n'],
      ['current-context:   # note\nkind: Config\n', 'current-context: other   # note\nkind: Config\n'],
      ['kind: Config\ncurrent-context:', 'kind: Config\ncurrent-context: other'],
    ];
    for (const [before, expected] of cases) assert.equal(setCurrentContextInText(before, 'other'), expected);
  });

  it('adds the key at the end when the file has none, leaving every existing byte', () => {
    const text = styled.replace(/^current-context:.*\n/m, '');
    const after = setCurrentContextInText(text, 'other');
    assert.ok(after.startsWith(text));
    assert.equal(after.slice(text.length), 'current-context: other\n');
  });

  it('adds a newline first when the file does not end with one', () => {
    assert.equal(setCurrentContextInText('apiVersion: v1', 'x'), 'apiVersion: v1\ncurrent-context: x\n');
    assert.equal(setCurrentContextInText('', 'x'), 'current-context: x\n');
    assert.equal(setCurrentContextInText('# only a comment\n', 'x'), '# only a comment\ncurrent-context: x\n');
  });

  it('quotes names that YAML would read as something else, and they read back as the same string', () => {
    for (const name of [
      'true',
      '1.10',
      'null',
      'a: b',
      'x #y',
      "it's",
      'arn:aws:eks:eu-west-1:123456789012:cluster/prod',
      'user@cluster',
      '-dash',
      '[x]',
    ]) {
      const after = setCurrentContextInText(styled, name);
      assert.equal((parse(after) as Record<string, unknown>)['current-context'], name, name);
      assert.equal(diffLines(styled, after).length, 1, name);
    }
  });

  it('keeps the existing quote style when the new name allows it', () => {
    assert.equal(setCurrentContextInText('current-context: "old"\n', 'new'), 'current-context: "new"\n');
    assert.equal(setCurrentContextInText("current-context: 'old'\n", 'new'), "current-context: 'new'\n");
  });

  it('refuses files it cannot edit safely, instead of rewriting them', () => {
    assert.throws(() => setCurrentContextInText('clusters: [\n', 'x'), KubeconfigWriteError);
    assert.throws(() => setCurrentContextInText('- a\n- b\n', 'x'), KubeconfigWriteError);
    assert.throws(() => setCurrentContextInText('a: 1\n---\nb: 2\n', 'x'), KubeconfigWriteError);
  });

  it('leaves a broken file untouched on disk', async () => {
    const file = dir.file('broken.yaml', 'clusters: [\n  - name: x\n');
    await assert.rejects(writeCurrentContext(file, 'x'), KubeconfigWriteError);
    assert.equal(fs.readFileSync(file, 'utf8'), 'clusters: [\n  - name: x\n');
  });

  it('writes through a symlink and keeps the file mode', async () => {
    const real = dir.file('real.yaml', 'current-context: a\n');
    fs.chmodSync(real, 0o640);
    const link = dir.path('link.yaml');
    fs.symlinkSync(real, link);
    await writeCurrentContext(link, 'b');
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.equal(fs.readFileSync(real, 'utf8'), 'current-context: b\n');
    assert.equal(fs.statSync(real).mode & 0o777, 0o640);
  });

  it('targets the first existing file of the list, or the last when none exists (as kubectl)', () => {
    const b = dir.file('b.yaml', '');
    assert.equal(currentContextTarget([dir.path('a.yaml'), b, dir.file('c.yaml', '')]), b);
    assert.equal(currentContextTarget([dir.path('x.yaml'), dir.path('y.yaml')]), dir.path('y.yaml'));
    assert.equal(currentContextTarget([]), undefined);
  });
});
