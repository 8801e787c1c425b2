import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  blankTemplateActions,
  documentsOf,
  formatPath,
  ManifestParseCache,
  manifestPositionAt,
  MAX_MANIFEST_CHARS,
  offsetOf,
  parseManifest,
  type ManifestPosition,
} from '../../../../src/core/yaml/yamlPath';

const fixtures = join(__dirname, '../../../fixtures/manifests');

/** The position of the first occurrence of `marker` (after `after`, when given) in the text, plus `shift`. */
function at(text: string, marker: string, shift = 0, after?: string): ManifestPosition | undefined {
  const from = after === undefined ? 0 : text.indexOf(after);
  const offset = text.indexOf(marker, from);
  assert.ok(offset >= 0, `marker ${marker} not found`);
  const parsed = parseManifest(text);
  assert.ok(parsed);
  return manifestPositionAt(parsed, offset + shift);
}

function pathAt(text: string, marker: string, shift = 0, after?: string): string | undefined {
  const position = at(text, marker, shift, after);
  return position && formatPath(position.path);
}

const pod = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  nodeName: kind-worker
  containers:
  - name: nginx
    image: nginx:1.27
  - name: sidecar
    image: busybox
`;

describe('yamlPath', () => {
  describe('block style', () => {
    it('resolves a key and says the cursor is on it', () => {
      const position = at(pod, 'nodeName', 3);
      assert.deepEqual(position?.path, ['spec', 'nodeName']);
      assert.equal(position?.onKey, true);
      assert.equal(position?.kind, 'Pod');
      assert.equal(position?.apiVersion, 'v1');
      assert.equal(position?.namespace, 'shop');
      assert.equal(position?.name, 'web');
    });

    it('resolves a value, on its first and its last character', () => {
      const first = at(pod, 'kind-worker');
      assert.deepEqual(first?.path, ['spec', 'nodeName']);
      assert.equal(first?.onKey, false);
      assert.deepEqual(at(pod, 'kind-worker', 'kind-worker'.length - 1)?.path, ['spec', 'nodeName']);
    });

    it('treats the colon after a key as the key', () => {
      const position = at(pod, 'nodeName:', 'nodeName'.length);
      assert.deepEqual(position?.path, ['spec', 'nodeName']);
      assert.equal(position?.onKey, true);
    });

    it('indexes sequence items, also from the "- " indicator', () => {
      assert.equal(pathAt(pod, 'busybox'), 'spec.containers[1].image');
      assert.equal(pathAt(pod, 'nginx:1.27'), 'spec.containers[0].image');
      assert.equal(pathAt(pod, '- name: sidecar'), 'spec.containers[1]');
    });

    it('records what each sequence item holds, for matching it with its live counterpart', () => {
      const position = at(pod, 'busybox');
      assert.deepEqual(position?.itemIdentities[2], { name: 'sidecar', image: 'busybox' });
    });

    it('returns the range of what the cursor is on', () => {
      const position = at(pod, 'kind-worker', 2);
      assert.ok(position);
      assert.equal(pod.slice(position.range[0], position.range[1]), 'kind-worker');
    });
  });

  describe('flow style and mixed', () => {
    const text =
      'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  ports: [{port: 80, targetPort: http}]\n';

    it('walks flow maps and flow sequences', () => {
      assert.equal(pathAt(text, 'targetPort'), 'spec.ports[0].targetPort');
      assert.equal(pathAt(text, 'http'), 'spec.ports[0].targetPort');
      assert.equal(pathAt(text, 'app:'), 'spec.selector.app');
      assert.equal(at(text, 'kind')?.name, 'web');
    });
  });

  describe('empty values', () => {
    it('resolves the key of an empty value, and the position right after its colon', () => {
      const text = 'apiVersion: v1\nkind: Pod\nspec:\n  nodeName:\n  restartPolicy: Never\n';
      assert.equal(pathAt(text, 'nodeName'), 'spec.nodeName');
      const afterColon = at(text, 'nodeName:', 'nodeName:'.length);
      assert.deepEqual(afterColon?.path, ['spec', 'nodeName']);
      assert.equal(afterColon?.onKey, false);
    });

    it('resolves a key with no value at the very end of the file', () => {
      const text = 'apiVersion: v1\nkind: Pod\nspec:\n  hostNetwork:';
      assert.equal(pathAt(text, 'hostNetwork', 2), 'spec.hostNetwork');
    });
  });

  describe('documents', () => {
    it('picks the document under the cursor in a multi-document file', () => {
      const text = readFileSync(join(fixtures, 'deployment.yaml'), 'utf8');
      const service = at(text, 'targetPort');
      assert.equal(service?.docIndex, 1);
      assert.equal(service?.kind, 'Service');
      const deployment = at(text, 'replicas');
      assert.equal(deployment?.docIndex, 0);
      assert.equal(deployment?.kind, 'Deployment');
      assert.equal(formatPath(deployment?.path ?? []), 'spec.replicas');
    });

    it('answers nothing for YAML that is not a Kubernetes object', () => {
      assert.equal(at('name: x\nreplicas: 3\n', 'replicas'), undefined);
      assert.equal(at('apiVersion: v1\nitems: []\n', 'items'), undefined, 'no kind');
      assert.equal(at('kind: Pod\nspec: {}\n', 'spec'), undefined, 'no apiVersion');
      assert.equal(at('- apiVersion: v1\n  kind: Pod\n', 'kind'), undefined, 'a sequence at the root');
    });

    it('skips comments and answers nothing on a comment line between fields', () => {
      const text = 'apiVersion: v1 # the core group\nkind: Pod\n# a comment\nspec:\n  # inner\n  nodeName: a # trailing\n';
      assert.equal(pathAt(text, 'nodeName'), 'spec.nodeName');
      assert.equal(pathAt(text, 'a # trailing'), 'spec.nodeName');
      assert.equal(at(text, '# a comment', 2)?.path.length ?? 0, 0);
    });

    it("uses the item's own kind inside items[i] of a List", () => {
      const text = readFileSync(join(fixtures, 'list.yaml'), 'utf8');
      const position = at(text, 'operator');
      assert.equal(position?.kind, 'DaemonSet');
      assert.equal(position?.apiVersion, 'apps/v1');
      assert.equal(position?.name, 'agent');
      assert.equal(position?.listItem, 1);
      assert.equal(formatPath(position?.path ?? []), 'items[1].spec.template.spec.tolerations[0].operator');
      assert.equal(formatPath(position?.objectPath ?? []), 'spec.template.spec.tolerations[0].operator');
      assert.equal(at(text, 'mode')?.kind, 'ConfigMap');
      assert.equal(at(text, 'items')?.kind, 'List');
    });
  });

  describe('segments', () => {
    it('splits at document markers and parses only the segment under the cursor', () => {
      const text =
        'apiVersion: v1\nkind: Pod\nspec: {nodeName: a}\n--- # second\napiVersion: v1\nkind: Service\nspec: {type: NodePort}\n...\n---\n# only a comment\n---\napiVersion: v1\nkind: Secret\ntype: Opaque\n';
      const parsed = parseManifest(text);
      assert.ok(parsed);
      // The `...` end marker starts a segment of its own, with no document in it.
      assert.deepEqual(
        parsed.segments.map((segment) => segment.docIndex),
        [0, 1, undefined, undefined, 2],
      );
      const position = manifestPositionAt(parsed, text.indexOf('NodePort'));
      assert.equal(position?.kind, 'Service');
      assert.equal(position?.docIndex, 1);
      assert.equal(text.slice(position?.range[0], position?.range[1]), 'NodePort', 'ranges are in file offsets');
      assert.equal(manifestPositionAt(parsed, text.indexOf('Opaque'))?.docIndex, 2);
      assert.equal(manifestPositionAt(parsed, text.indexOf('only a comment')), undefined);
    });

    it('treats a marker inside a block scalar as the end of the document, as YAML does', () => {
      const text =
        'apiVersion: v1\nkind: ConfigMap\ndata:\n  script: |\n    echo hi\n---\napiVersion: v1\nkind: Pod\nspec: {nodeName: b}\n';
      const parsed = parseManifest(text);
      assert.equal(parsed?.segments.length, 2);
      assert.equal(pathAt(text, 'nodeName'), 'spec.nodeName');
    });

    it('does not take a longer dash line or an indented marker for a document marker', () => {
      const text = 'apiVersion: v1\nkind: ConfigMap\ndata:\n  a: |\n    ----\n     ---\n  b: x\n';
      assert.equal(parseManifest(text)?.segments.length, 1);
      assert.equal(pathAt(text, 'b:'), 'data.b');
    });
  });

  describe('encodings and line ends', () => {
    it('keeps offsets right with CRLF line ends', () => {
      const text = readFileSync(join(fixtures, 'crlf-node.yaml'), 'utf8');
      assert.ok(text.includes('\r\n'));
      const parsed = parseManifest(text);
      assert.ok(parsed);
      const offset = offsetOf(parsed, 6, 4);
      assert.ok(offset !== undefined);
      const position = manifestPositionAt(parsed, offset);
      assert.equal(formatPath(position?.path ?? []), 'spec.podCIDR');
      assert.equal(position?.kind, 'Node');
    });

    it('reads a file that starts with a byte order mark', () => {
      const text = readFileSync(join(fixtures, 'bom-pod.yaml'), 'utf8');
      assert.equal(text.charCodeAt(0), 0xfeff);
      const position = at(text, 'hostNetwork');
      assert.equal(position?.kind, 'Pod');
      assert.equal(formatPath(position?.path ?? []), 'spec.hostNetwork');
    });

    it('converts 1-based line and column to an offset, and rejects positions outside the text', () => {
      const parsed = parseManifest('ab\ncd\n');
      assert.ok(parsed);
      assert.equal(offsetOf(parsed, 1, 1), 0);
      assert.equal(offsetOf(parsed, 2, 2), 4);
      assert.equal(offsetOf(parsed, 1, 4), undefined, 'past the end of line 1');
      assert.equal(offsetOf(parsed, 0, 1), undefined);
      assert.equal(offsetOf(parsed, 9, 1), undefined);
    });
  });

  describe('broken and hostile input', () => {
    it('still resolves fields around a tab used for indentation', () => {
      const text = 'apiVersion: v1\nkind: Pod\nspec:\n\tbad: 1\n  nodeName: x\n';
      const parsed = parseManifest(text);
      assert.ok(parsed);
      assert.ok(documentsOf(parsed, parsed.segments[0])[0].errors.length > 0, 'the tab is an error for yaml');
      assert.doesNotThrow(() => manifestPositionAt(parsed, text.indexOf('bad')));
      assert.equal(at(text, 'kind')?.kind, 'Pod');
    });

    it('parses Helm templates with their actions blanked, keeping offsets', () => {
      const text = readFileSync(join(fixtures, 'helm-template.yaml'), 'utf8');
      assert.equal(blankTemplateActions(text).length, text.length);
      assert.equal(pathAt(text, 'image:'), 'spec.template.spec.containers[0].image');
      assert.equal(pathAt(text, 'replicas'), 'spec.replicas');
      assert.equal(at(text, 'replicas')?.kind, 'Deployment');
      for (let offset = 0; offset < text.length; offset += 7) {
        const parsed = parseManifest(text);
        assert.ok(parsed);
        assert.doesNotThrow(() => manifestPositionAt(parsed, offset));
      }
    });

    it('does not expand aliases: a "billion laughs" file resolves like any other', () => {
      const text = readFileSync(join(fixtures, 'billion-laughs.yaml'), 'utf8');
      const parsed = parseManifest(text);
      assert.ok(parsed);
      const position = manifestPositionAt(parsed, text.lastIndexOf('*h'));
      assert.equal(formatPath(position?.path ?? []), 'data.i[8]');
      assert.equal(position?.kind, 'ConfigMap');
    });

    it('reads kind and name through an alias', () => {
      const text = 'x: &k Pod\napiVersion: v1\nkind: *k\nmetadata: {name: a}\nspec: {nodeName: n}\n';
      assert.equal(at(text, 'nodeName')?.kind, 'Pod');
    });

    it('answers nothing for binary or oversized text', () => {
      assert.equal(parseManifest('apiVersion: v1\u0000\u0001\u0002kind: Pod'), undefined);
      assert.equal(parseManifest(`apiVersion: v1\nkind: Pod\n#${'x'.repeat(MAX_MANIFEST_CHARS)}`), undefined);
      const garbage = Array.from({ length: 2000 }, (_, index) => String.fromCharCode(33 + ((index * 7919) % 90))).join('');
      const parsed = parseManifest(garbage);
      for (let offset = 0; offset < garbage.length; offset += 97) {
        assert.equal(parsed && manifestPositionAt(parsed, offset), undefined);
      }
    });
  });

  describe('ManifestParseCache', () => {
    it('parses once per version and again when the version changes', () => {
      const cache = new ManifestParseCache(2);
      let reads = 0;
      const text = () => {
        reads++;
        return pod;
      };
      const first = cache.get('a', 1, text);
      assert.equal(cache.get('a', 1, text), first);
      assert.equal(reads, 1);
      cache.get('a', 2, text);
      assert.equal(reads, 2);
    });

    it('forgets the least recently used document beyond its capacity', () => {
      const cache = new ManifestParseCache(2);
      let reads = 0;
      const text = () => {
        reads++;
        return pod;
      };
      cache.get('a', 1, text);
      cache.get('b', 1, text);
      cache.get('a', 1, text);
      cache.get('c', 1, text);
      assert.equal(reads, 3);
      cache.get('a', 1, text);
      assert.equal(reads, 3, 'a was used recently and kept');
      cache.get('b', 1, text);
      assert.equal(reads, 4, 'b was evicted');
    });
  });

  describe('formatPath', () => {
    it('dots keys, brackets indexes and quotes keys with dots or slashes', () => {
      assert.equal(formatPath(['spec', 'containers', 0, 'image']), 'spec.containers[0].image');
      assert.equal(formatPath(['metadata', 'labels', 'kubernetes.io/hostname']), 'metadata.labels["kubernetes.io/hostname"]');
      assert.equal(formatPath([]), '');
    });
  });
});
