import * as assert from 'node:assert/strict';
import { fieldKnowledge } from '../../../../src/core/fields/knowledge';
import type { FieldEntry } from '../../../../src/core/fields/types';

/** A section of an official page: the page's path, then the anchor Hugo gives the section's heading. */
const kubernetesSection = /^https:\/\/kubernetes\.io\/docs\/[a-z0-9._/-]+\/#[A-Za-z0-9._-]+$/;
/** A file of the Kubernetes source, at a branch, tag or commit. */
const kubernetesSource =
  /^https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/[A-Za-z0-9._-]+\/(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9_-]+\.[a-z]+$/;

/**
 * Entries allowed to cite something else (a page without an anchor), each with the reason no section or
 * source file shows what the entry says. Keyed like `where` below. Keep it empty: an entry only goes here
 * after its claim was looked for and not found, and the reason says what was missing.
 */
const unsourced: ReadonlyMap<string, string> = new Map<string, string>([]);

const where = (entry: FieldEntry): string =>
  `${entry.kinds.join(',')} ${entry.paths.join(',')}${entry.onlyIf ? ` ${JSON.stringify(entry.onlyIf)}` : ''}`;

const cited = (docs: string): boolean => kubernetesSection.test(docs) || kubernetesSource.test(docs);

describe('field knowledge sources', () => {
  it('cites a section of a kubernetes.io page or a Kubernetes source file in every entry', () => {
    for (const entry of fieldKnowledge) {
      if (unsourced.has(where(entry))) continue;
      assert.ok(
        cited(entry.docs),
        `${where(entry)}: docs ${entry.docs} is neither a kubernetes.io page with an anchor nor a file on github.com/kubernetes/kubernetes`,
      );
    }
  });

  it('keeps the exceptions few, explained and current', () => {
    for (const [key, reason] of unsourced) {
      const entries = fieldKnowledge.filter((entry) => where(entry) === key);
      assert.equal(entries.length, 1, `exception ${key} names no single entry`);
      assert.ok(reason.length > 20, `exception ${key} has no reason`);
      assert.ok(!cited(entries[0].docs), `exception ${key} now has a source: remove it from the list`);
    }
  });

  it('recognises the two forms and nothing else', () => {
    assert.ok(cited('https://kubernetes.io/docs/concepts/architecture/leases/#node-heart-beats'));
    assert.ok(cited('https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/object-meta/#Read-only'));
    assert.ok(cited('https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/status/status_manager.go'));
    assert.ok(!cited('https://kubernetes.io/docs/concepts/architecture/leases/'));
    assert.ok(!cited('https://kubernetes.io/docs/concepts/architecture/leases/#'));
    assert.ok(!cited('https://kubernetes.io/docs/concepts/architecture/leases#node-heart-beats'));
    assert.ok(!cited('https://github.com/kubernetes/kubernetes/tree/master/pkg/kubelet'));
    assert.ok(!cited('https://github.com/kubernetes/website/blob/main/content/en/docs/concepts/architecture/leases.md'));
  });
});
