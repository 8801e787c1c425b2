import * as assert from 'node:assert/strict';
import type { ClusterAnatomy, LeaseInfo } from '../../../../src/core/anatomy/types';
import { Emitter } from '../../../../src/core/util/event';
import { HandsOnMonitor, type HandsOnSource } from '../../../../src/core/workspace/handsOnMonitor';
import { kindAnatomy } from '../../../fixtures/anatomy/builders';

/** A source whose Lease reads are counted: the monitor must not read renewals while nobody looks. */
function countingSource(anatomy: ClusterAnatomy) {
  const changes = new Emitter<ClusterAnatomy>();
  const renewals = new Emitter<string>();
  let leaseReads = 0;
  const source: HandsOnSource = {
    current: anatomy,
    onDidChange: changes.event,
    onLeaseRenewed: renewals.event,
    leaseOf: (node): LeaseInfo | null => {
      leaseReads++;
      return anatomy.nodes.find((candidate) => candidate.name === node)?.lease ?? null;
    },
    podMeta: () => undefined,
  };
  return { source, renew: (node: string) => renewals.fire(node), leaseReads: () => leaseReads };
}

describe('the hands-on monitor', () => {
  it('ignores Lease renewals while no view shows the checks, and follows them once one does', () => {
    const anatomy = kindAnatomy();
    const { source, renew, leaseReads } = countingSource(anatomy);
    const monitor = new HandsOnMonitor(source, { throttleMs: 60_000 });
    try {
      for (let round = 0; round < 100; round++) for (const node of anatomy.nodes) renew(node.name);
      assert.equal(leaseReads(), 0);
      assert.equal(monitor.current, undefined);
      monitor.setActive('view', true);
      assert.equal(leaseReads(), anatomy.nodes.length, "the first check reads each node's Lease once");
      renew(anatomy.nodes[0]!.name);
      assert.equal(leaseReads(), anatomy.nodes.length + 1);
      monitor.setActive('view', false);
      renew(anatomy.nodes[0]!.name);
      assert.equal(leaseReads(), anatomy.nodes.length + 1);
    } finally {
      monitor.dispose();
    }
  });
});
