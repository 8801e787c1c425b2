import * as assert from 'node:assert/strict';
import { plain, renderMarkdown } from '../../../../src/core/anatomy/render';
import { escapeMarkdown as markdownCell } from '../../../../src/core/util/markdown';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';

const hostile = '<img src=x onerror=alert(1)> [click](command:workbench.action.quit) **bold** `code` | pipe';

describe('anatomy rendering', () => {
  it('escapes every Markdown and HTML character of cluster data', () => {
    const escaped = markdownCell(hostile);
    assert.doesNotMatch(escaped, /(^|[^\\])[<>[\]*`|&]/, escaped);
    // Removing the escapes gives the original text back: nothing is lost, only neutralised.
    assert.equal(escaped.replace(/\\(.)/g, '$1'), hostile);
  });

  it('folds line breaks and escapes a leading block marker, so a value cannot start a new Markdown block', () => {
    assert.equal(markdownCell('a\n# heading'), 'a # heading');
    assert.equal(markdownCell('# heading'), '\\# heading');
    assert.equal(markdownCell('- item'), '\\- item');
    assert.equal(markdownCell('12. item'), '12\\. item');
  });

  it('keeps ordinary names readable', () => {
    assert.equal(markdownCell('kube-apiserver-multi-node-control-plane'), 'kube-apiserver-multi-node-control-plane');
  });

  it('shows control characters of plain text escaped', () => {
    assert.equal(plain('node\u001b[31m'), 'node\\u001b[31m');
  });

  it('puts a hostile Pod name into the summary table as text', () => {
    const anatomy: ClusterAnatomy = {
      context: 'ctx|x', server: 'https://h', serverVersion: 'v1.37.0', generatedAt: '', addons: [], absent: [], unreadable: [],
      controlPlane: { mode: 'static-pods', evidence: [], highlyAvailable: false, externalEtcd: false },
      nodes: [{
        name: 'n1', role: 'control-plane', roleEvidence: [], ready: 'True', readySince: null, kubeletVersion: 'v1.37.0', containerRuntime: 'containerd://2',
        osImage: null, kernelVersion: null, internalIP: null, podCIDR: null, taints: [], lease: null,
        components: [{ component: 'kube-apiserver', pod: hostile, namespace: 'kube-system', source: 'static', owner: 'Node/n1', phase: 'Running', ready: true, restarts: 0, reason: null, hostNetwork: true, evidence: [] }],
      }],
    };
    const markdown = renderMarkdown(anatomy);
    const row = markdown.split('\n').find((line) => line.startsWith('| kube-apiserver'));
    assert.ok(row, markdown);
    assert.equal(row.split(/(?<!\\)\|/).length, 6, 'the hostile pipe does not add a column');
    assert.doesNotMatch(row, /(^|[^\\])<img/, 'the tag is escaped');
  });
});
