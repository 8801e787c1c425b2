import * as assert from 'node:assert/strict';
import { table } from '../../../src/cli/contextsCommand';

describe('contexts table', () => {
  it('pads 200,000 rows (a 10 MB kubeconfig holds 142k contexts) without running out of stack', () => {
    const rows = [['CURRENT', 'NAME'], ...Array.from({ length: 200_000 }, (_, index) => ['', `context-${index}`])];
    const lines = table(rows).split('\n');
    assert.equal(lines.length, 200_002);
    assert.equal(lines[0], 'CURRENT   NAME');
    assert.equal(lines[200_000], '          context-199999');
  });
});
