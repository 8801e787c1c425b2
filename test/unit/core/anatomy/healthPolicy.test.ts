import { strict as assert } from 'node:assert';
import {
  formatDuration,
  heartbeatDeadline,
  heartbeatStopped,
  leaseAgeSeconds,
  nodeHealth,
  podHealth,
  podsHealth,
} from '../../../../src/core/anatomy/healthPolicy';
import type { LeaseInfo } from '../../../../src/core/anatomy/types';
import { node, pod } from '../../../fixtures/anatomy/builders';

const renewed = Date.parse('2026-12-02T12:00:00Z');
const lease = (leaseDurationSeconds: number | null): LeaseInfo => ({
  renewTime: '2026-12-02T12:00:00Z',
  ageSeconds: 0,
  leaseDurationSeconds,
  holderIdentity: 'n',
});

describe('the health policy every view shares', () => {
  it('judges a Pod: trouble is an error, not ready is a warning, finished is neither', () => {
    assert.equal(podHealth({ phase: 'Running', ready: true, reason: null }), 'ok');
    assert.equal(podHealth({ phase: 'Running', ready: false, reason: null }), 'warn');
    assert.equal(podHealth({ phase: 'Pending', ready: false, reason: null }), 'warn');
    assert.equal(podHealth({ phase: 'Running', ready: false, reason: 'CrashLoopBackOff' }), 'error');
    assert.equal(podHealth({ phase: 'Failed', ready: false, reason: null }), 'error');
    assert.equal(podHealth({ phase: 'Succeeded', ready: false, reason: null }), 'neutral');
    assert.equal(podHealth({ phase: 'Unknown', ready: false, reason: null }), 'unknown');
  });

  it('a component is ok when every Pod is, a warning when some are', () => {
    const ready = pod('coredns', 'a', 'deployment');
    const starting = pod('coredns', 'b', 'deployment', { ready: false });
    assert.equal(podsHealth([ready, ready]), 'ok');
    assert.equal(podsHealth([ready, starting]), 'warn');
    assert.equal(podsHealth([]), 'unknown');
  });

  it("measures a heartbeat against the Lease's own duration, 40 s when it says none", () => {
    assert.equal(leaseAgeSeconds(lease(15), renewed + 20_000), 20);
    assert.equal(heartbeatStopped(lease(15), renewed + 20_000), true, 'a 15 s Lease is stopped at 20 s');
    assert.equal(heartbeatStopped(lease(null), renewed + 20_000), false, 'the default 40 s is not over at 20 s');
    assert.equal(heartbeatStopped(lease(null), renewed + 41_000), true);
    assert.equal(heartbeatDeadline(lease(15)), renewed + 15_000);
    assert.equal(heartbeatStopped(null, renewed), false, 'no Lease is not a stopped heartbeat');
  });

  it('a node whose heartbeat stopped is stale even while its Ready condition still says True', () => {
    const ready = node('w', 'worker', [], { ready: 'True', lease: lease(40) });
    assert.equal(nodeHealth(ready, renewed + 5_000), 'ok');
    assert.equal(nodeHealth(ready, renewed + 60_000), 'stale');
    // A fresher Lease from the informer wins over the node's own.
    assert.equal(nodeHealth(ready, renewed + 60_000, { ...lease(40), renewTime: '2026-12-02T12:00:50Z' }), 'ok');
    assert.equal(nodeHealth({ ...ready, ready: 'False' }, renewed + 5_000), 'error');
    assert.equal(nodeHealth({ ...ready, ready: 'Unknown' }, renewed + 5_000), 'stale');
  });

  it("writes durations one way, in the caller's units", () => {
    assert.deepEqual(
      [12, 180, 7_500, 7_200, 4 * 86_400].map((s) => formatDuration(s)),
      ['12s', '3m', '2h 5m', '2h', '4d'],
    );
    assert.equal(formatDuration(7_500, { seconds: '{0}秒', minutes: '{0}分', hours: '{0}時間', days: '{0}日' }), '2時間 5分');
  });
});
