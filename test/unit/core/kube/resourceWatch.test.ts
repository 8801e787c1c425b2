import * as assert from 'node:assert/strict';
import { restartDelay } from '../../../../src/core/kube/resourceWatch';

describe('watch restart backoff', () => {
  const backoff = { initialMs: 1_000, maxMs: 30_000 };

  it('doubles from the initial delay and stops at the cap', () => {
    const ceiling = (failures: number) => restartDelay(failures, backoff, () => 1);
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 50].map(ceiling), [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads restarts over the upper half of the delay', () => {
    assert.equal(restartDelay(2, backoff, () => 0), 2_000);
    assert.equal(restartDelay(2, backoff, () => 0.5), 3_000);
    assert.equal(restartDelay(2, backoff, () => 1), 4_000);
  });
});
