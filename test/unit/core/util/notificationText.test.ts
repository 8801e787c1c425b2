import * as assert from 'node:assert/strict';
import { plainNotificationText } from '../../../../src/core/util/notificationText';

// The link syntax VS Code's notifications render (vs/base/common/linkedText.ts), and its icon syntax.
const notificationLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const icon = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/gi;

describe('cluster data in notifications', () => {
  it('never forms a command link or an icon, and reads the same', () => {
    const hostile =
      'prod [click me](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D) [x] (https://evil.example) $(alert) done';
    const safe = plainNotificationText(hostile);
    assert.equal(safe.match(notificationLink), null);
    assert.equal(safe.match(icon), null);
    assert.equal(safe.replace(/\u200b/g, ''), hostile);
    assert.ok(hostile.match(notificationLink) && hostile.match(icon), 'the raw text would render both');
  });

  it('shows line breaks, bidirectional overrides and zero-width characters as escapes, so a context name cannot pass for another', () => {
    const lineFeed = plainNotificationText('kind-sandbox\nThis writes to the cluster of the context "kind-sandbox"');
    assert.equal(lineFeed, 'kind-sandbox\\nThis writes to the cluster of the context "kind-sandbox"');
    assert.equal(plainNotificationText('prod\r\nstaging'), 'prod\\x0d\\nstaging');
    // "prod" written backwards by a right-to-left override reads as "dorp" ... and the other way round.
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const char = String.fromCharCode(code);
      assert.equal(plainNotificationText(`staging${char}dorp`), `staging\\u${code.toString(16)}dorp`);
    }
    for (const code of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]) {
      assert.equal(plainNotificationText(`pro${String.fromCharCode(code)}d`), `pro\\u${code.toString(16).padStart(4, '0')}d`);
    }
    assert.equal(plainNotificationText('a\u2028b\u2029c\x1b[2Jd\x85e'), 'a\\u2028b\\u2029c\\x1b[2Jd\\u0085e');
    const acting = ['\n', '\r', '\t', '\u202e', '\u2066', '\u200d', '\ufeff'];
    const shown = plainNotificationText(`x${acting.join('')}y`);
    for (const char of acting) assert.ok(!shown.includes(char), `U+${char.charCodeAt(0).toString(16)} remains`);
  });

  it('cuts a long text in the middle, keeping both ends', () => {
    const long = `context-${'a'.repeat(5_000)}-end`;
    const cut = plainNotificationText(long);
    assert.equal(cut.length, 1_000);
    assert.ok(cut.startsWith('context-aaa') && cut.endsWith('aaa-end') && cut.includes('…'), cut);
    assert.equal(plainNotificationText(long, 40).length, 40);
    assert.equal(plainNotificationText('short', 40), 'short');
  });

  it('leaves text already made plain as it is', () => {
    const once = plainNotificationText('[x](command:y) $(alert) a\nb');
    assert.equal(plainNotificationText(once), once);
  });
});
