import { strict as assert } from 'node:assert';
import { applyAnatomyDelta, applyLeaseRenewals, diffAnatomy } from '../../../../src/core/diagram/delta';
import { kindAnatomy, limitedAnatomy, node } from '../../../fixtures/anatomy/builders';

describe('diagram deltas', () => {
  it('sends only changed, added and removed nodes, and applying them gives the new anatomy', () => {
    const before = kindAnatomy();
    const [cp, w1] = before.nodes;
    const after = {
      ...before,
      generatedAt: '2026-12-02T12:00:10Z',
      nodes: [cp!, { ...w1!, ready: 'False' as const }, node('multi-node-worker3', 'worker', [])],
    };
    const delta = diffAnatomy(before, after)!;
    assert.deepEqual(
      delta.upserted.map((n) => n.name),
      ['multi-node-worker', 'multi-node-worker3'],
    );
    assert.deepEqual(delta.removed, ['multi-node-worker2']);
    assert.deepEqual(applyAnatomyDelta(before, delta), after);
  });

  it('asks for a full snapshot when anything outside the nodes changed', () => {
    const before = kindAnatomy();
    assert.equal(diffAnatomy(before, { ...before, absent: [] }), null);
    assert.equal(diffAnatomy(before, { ...before, context: 'other' }), null);
    assert.deepEqual(diffAnatomy(before, kindAnatomy())?.upserted, [], 'equal content, new objects: nothing to send');
    // What RBAC hides, and what a limited user sees from where they stand, are drawn outside the nodes.
    const limited = limitedAnatomy();
    assert.equal(diffAnatomy(limited, limitedAnatomy(5)), null, 'one more Pod of the user');
    assert.equal(diffAnatomy(limited, { ...limited, hidden: limited.hidden!.slice(1) }), null);
    assert.equal(diffAnatomy(limited, { ...limited, access: { allowed: 12, total: 14 } }), null);
    assert.deepEqual(diffAnatomy(limited, limitedAnatomy())?.upserted, []);
    // A first paint's header says the nodes are still being listed; the whole anatomy's does not.
    assert.equal(diffAnatomy({ ...before, loading: { nodes: 5000 } }, before), null);
  });

  it('records Lease renewals on the named nodes only', () => {
    const before = kindAnatomy();
    const after = applyLeaseRenewals(before, [{ node: 'multi-node-worker', renewTime: '2026-12-02T12:00:05Z' }]);
    assert.equal(after.nodes[1]!.lease!.renewTime, '2026-12-02T12:00:05Z');
    assert.equal(after.nodes[0], before.nodes[0]);
  });

  it('sends a full snapshot when the cluster stops being readable, so the view shows the error', () => {
    const before = kindAnatomy();
    assert.equal(diffAnatomy(before, { ...before, nothingRead: { reason: 'connect ECONNREFUSED' } }), null);
  });
});
