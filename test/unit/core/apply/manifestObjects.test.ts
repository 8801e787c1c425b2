// A manifest read as the objects an apply sends: each document, a List's items, the lines they start on, and an
// error that names the line for what cannot be applied.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_APPLY_OBJECTS, ManifestError, parseManifestObjects } from '../../../../src/core/apply/manifestObjects';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function errorOf(text: string): ManifestError {
  try {
    parseManifestObjects(text);
  } catch (error) {
    assert.ok(error instanceof ManifestError, String(error));
    return error;
  }
  assert.fail('no error');
}

describe('parseManifestObjects', () => {
  it('reads a Deployment with its identity, the line it starts on and its body', () => {
    const [web, ...rest] = parseManifestObjects(fixture('deployment.yaml'));
    assert.equal(rest.length, 0);
    assert.deepEqual(
      { ...web, body: undefined },
      { document: 1, line: 2, apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', body: undefined },
    );
    assert.equal((web!.body.spec as { replicas: number }).replicas, 2);
  });

  it('reads every document, skipping ones with only comments, and keeps a namespace the manifest names', () => {
    const text = [
      '# shop',
      'apiVersion: v1',
      'kind: Namespace',
      'metadata: {name: shop}',
      '---',
      '# nothing here',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: settings',
      '  namespace: shop',
      'data: {color: blue}',
      '',
    ].join('\n');
    const objects = parseManifestObjects(text);
    assert.deepEqual(
      objects.map(({ document, line, kind, name, namespace }) => ({ document, line, kind, name, namespace })),
      [
        { document: 1, line: 2, kind: 'Namespace', name: 'shop', namespace: undefined },
        { document: 2, line: 8, kind: 'ConfigMap', name: 'settings', namespace: 'shop' },
      ],
    );
  });

  it('expands a List into its items, each with its own line', () => {
    const text = [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '  - apiVersion: v1',
      '    kind: ConfigMap',
      '    metadata: {name: a}',
      '  - apiVersion: v1',
      '    kind: ConfigMap',
      '    metadata: {name: b}',
      '',
    ].join('\n');
    const objects = parseManifestObjects(text);
    assert.deepEqual(
      objects.map(({ line, listItem, name }) => ({ line, listItem, name })),
      [
        { line: 4, listItem: 0, name: 'a' },
        { line: 7, listItem: 1, name: 'b' },
      ],
    );
  });

  it('names the line of YAML that does not parse', () => {
    const error = errorOf(
      [
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:',
        '  name: a',
        '---',
        'apiVersion: v1',
        'kind: [ConfigMap',
        'metadata: {name: b}',
        '',
      ].join('\n'),
    );
    assert.equal(error.line, 8);
    assert.match(error.message, /^Line 8: Not valid YAML/);
  });

  it('says which document lacks a kind, an apiVersion or a name, on its line', () => {
    assert.match(errorOf('apiVersion: v1\nmetadata: {name: a}\n').message, /^Line 1: Document 1 has no kind\./);
    assert.match(errorOf('kind: ConfigMap\nmetadata: {name: a}\n').message, /^Line 1: Document 1 \(ConfigMap\) has no apiVersion\./);
    const noName = errorOf(
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n\napiVersion: v1\nkind: Pod\nmetadata: {generateName: web-}\n',
    );
    assert.equal(noName.line, 6);
    assert.match(noName.message, /Document 2 \(Pod\) has no metadata\.name \(server-side apply needs a name; generateName is for create\)/);
    assert.match(errorOf('- a\n- b\n').message, /is not a Kubernetes object/);
    assert.match(
      errorOf('apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    metadata: {name: x}\n').message,
      /^Line 4: Item 0 of the List in document 1 has no kind/,
    );
  });

  it('refuses names and namespaces that would walk the URL', () => {
    assert.match(errorOf('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ..}\n').message, /cannot be a path segment/);
    assert.match(errorOf('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: ../x}\n').message, /not a namespace's name/);
  });

  it(`refuses more than ${MAX_APPLY_OBJECTS} objects, an empty file, a key written twice and a Helm template`, () => {
    const many = Array.from(
      { length: MAX_APPLY_OBJECTS + 1 },
      (_, index) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${index}}\n`,
    ).join('---\n');
    assert.match(errorOf(many).message, /more than 50 objects/);
    assert.equal(parseManifestObjects(many.split('---\n').slice(0, MAX_APPLY_OBJECTS).join('---\n')).length, MAX_APPLY_OBJECTS);
    assert.match(errorOf('# only a comment\n').message, /holds no Kubernetes object/);
    const twice = errorOf('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  color: blue\n  color: red\n');
    assert.equal(twice.line, 6);
    assert.match(twice.message, /"color" is written twice/);
    assert.match(errorOf('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.name }}\n').message, /template/);
  });

  it('keeps `{{` inside a string value, which is data, not a template', () => {
    const [config] = parseManifestObjects('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  greeting: "Hello {{ .Name }}"\n');
    assert.deepEqual(config!.body.data, { greeting: 'Hello {{ .Name }}' });
  });

  it('refuses a file of aliases that would expand without end', () => {
    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, index) =>
          `${String.fromCharCode(98 + index)}: &${String.fromCharCode(98 + index)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + index)}`)
            .join(', ')}]`,
      ),
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: a}',
      '',
    ].join('\n');
    assert.match(errorOf(laughs).message, /cannot be read/);
  });
});
