import * as assert from 'node:assert/strict';
import { plainNotificationText } from '../../../../src/core/util/notificationText';

// The link syntax VS Code's notifications render (vs/base/common/linkedText.ts), and its icon syntax.
const notificationLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const icon = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/gi;

describe('cluster data in notifications', () => {
  it('never forms a command link or an icon, and reads the same', () => {
    const hostile = 'prod [click me](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D) [x] (https://evil.example) $(alert) done';
    const safe = plainNotificationText(hostile);
    assert.equal(safe.match(notificationLink), null);
    assert.equal(safe.match(icon), null);
    assert.equal(safe.replace(/\u200b/g, ''), hostile);
    assert.ok(hostile.match(notificationLink) && hostile.match(icon), 'the raw text would render both');
  });
});
