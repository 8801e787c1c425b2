// Context names that YAML 1.1 (kubectl's go-yaml v2) reads as something else are written quoted; real kubectl
// must still load the file and read the same name back.
import * as assert from 'node:assert/strict';
import { goYamlReadsAsNonString, setCurrentContextInText, writeCurrentContext } from '../../../../src/core/kubeconfig/writeCurrentContext';
import { kubectl, tempDir, type TempDir } from './kubeconfigFixtures';

const NAMES = [
  'yes',
  'on',
  'n',
  'NO',
  'Off',
  'y',
  'Y',
  '0b101',
  '-0b11',
  '1_000',
  '0x_1F',
  '0o17',
  '017',
  '+1',
  '~',
  'null',
  'NULL',
  '.inf',
  '-.Inf',
  '.NaN',
  '.5',
  '1e3',
  '1E-3',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  '<<',
  '1:20',
];

function fileWith(name: string, current: string): string {
  return `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {server: https://c.example}\ncontexts:\n- name: ${JSON.stringify(name)}\n  context: {cluster: c}\n${current}`;
}

describe('YAML 1.1 context names', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('knows which plain scalars go-yaml v2 reads as booleans, numbers, nulls or dates', () => {
    for (const name of NAMES) assert.ok(goYamlReadsAsNonString(name) || name === '1:20' || name === '<<', name);
    for (const name of ['kind-kind', 'prod', 'yes-prod', 'nope', '0xZZ', 'arn:aws:eks:x', '1.2.3', 'v1', 'o']) {
      assert.equal(goYamlReadsAsNonString(name), false, name);
    }
  });

  for (const [label, current] of [
    ['replacing a value', 'current-context: other\n'],
    ['filling an empty value', 'current-context:\n'],
    ['adding the key', ''],
  ] as const) {
    it(`quotes each such name when ${label}, and real kubectl reads the file and the same name back`, async () => {
      for (const name of NAMES) {
        const file = dir.file('config', fileWith(name, current));
        await writeCurrentContext(file, name);
        const view = kubectl(dir, [file], ['config', 'view', '-o', 'jsonpath={.current-context}']);
        assert.equal(view.status, 0, `${name}: ${view.stderr}`);
        assert.equal(view.stdout, name, name);
      }
    });
  }

  it('keeps CRLF line ends: an appended line ends in CRLF, a replaced value keeps the line end', () => {
    const crlf = 'apiVersion: v1\r\nkind: Config\r\n';
    assert.equal(setCurrentContextInText(crlf, 'yes'), 'apiVersion: v1\r\nkind: Config\r\ncurrent-context: "yes"\r\n');
    assert.equal(setCurrentContextInText('kind: Config', 'a'), 'kind: Config\ncurrent-context: a\n');
    assert.equal(
      setCurrentContextInText('apiVersion: v1\r\nkind: Config', 'a'),
      'apiVersion: v1\r\nkind: Config\r\ncurrent-context: a\r\n',
    );
    assert.equal(setCurrentContextInText('current-context: x\r\nkind: Config\r\n', 'on'), 'current-context: "on"\r\nkind: Config\r\n');
    assert.equal(setCurrentContextInText('current-context:\r\nkind: Config\r\n', 'b'), 'current-context: b\r\nkind: Config\r\n');
  });
});
