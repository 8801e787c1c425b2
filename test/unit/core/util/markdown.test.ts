import * as assert from 'node:assert/strict';
import { escapeMarkdown } from '../../../../src/core/util/markdown';

describe('Markdown escaping of untrusted text', () => {
  it('breaks what GFM would link by itself when autolinks are off', () => {
    const escaped = escapeMarkdown('see https://evil.example/x, www.evil.example and admin@evil.example', { autolinks: false });
    assert.doesNotMatch(escaped, /https:\/\//);
    assert.doesNotMatch(escaped, /(^|[^\\])www\./);
    assert.doesNotMatch(escaped, /[^\\]@/);
    assert.equal(escaped.replace(/\\(.)/g, '$1'), 'see https://evil.example/x, www.evil.example and admin@evil.example');
  });

  it('leaves URLs as they are for plain Markdown output', () => {
    assert.equal(escapeMarkdown('https://127.0.0.1:6443'), 'https://127.0.0.1:6443');
  });
});
