import * as assert from 'node:assert/strict';
import { leaderElections, markLeadership } from '../../../../src/core/anatomy/leaderElection';
import { slimLease } from '../../../../src/core/kube/slim';
import { pod } from '../../../fixtures/anatomy/builders';

const now = Date.parse('2026-12-03T10:00:00Z');
const lease = (name: string, holderIdentity: string, namespace = 'kube-system') =>
  slimLease({
    metadata: { name, namespace, uid: name, resourceVersion: '1' },
    spec: {
      holderIdentity,
      renewTime: '2026-12-03T09:59:58.000000Z',
      acquireTime: '2026-12-03T09:00:00.000000Z',
      leaseDurationSeconds: 15,
      leaseTransitions: 2,
    },
  });

describe('leader election in the anatomy', () => {
  // An HA control plane: three scheduler replicas, one per control-plane node.
  const replicas = ['cp-1', 'cp-2', 'cp-3'].map((node) => [node, [pod('kube-scheduler', `kube-scheduler-${node}`, 'static')]] as const);
  const podsByNode = new Map(replicas);

  it("finds the leading replica from the host in the holder's identity", () => {
    const [election] = leaderElections([lease('kube-scheduler', 'cp-2_8d2e6c0a-1b2c-4d5e-8f90-123456789abc')], podsByNode, now);
    assert.deepEqual(election, {
      component: 'kube-scheduler',
      holderIdentity: 'cp-2_8d2e6c0a-1b2c-4d5e-8f90-123456789abc',
      holderHost: 'cp-2',
      leaderPod: 'kube-scheduler-cp-2',
      leaseDurationSeconds: 15,
      acquireTime: '2026-12-03T09:00:00.000000Z',
      transitions: 2,
    });
  });

  it('marks the leader and the standbys among the replicas', () => {
    const elections = leaderElections([lease('kube-scheduler', 'cp-2_8d2e6c0a-1b2c-4d5e-8f90-123456789abc')], podsByNode, now);
    const marked = replicas.map(([, pods]) => markLeadership(pods, elections)[0]!.leadership);
    assert.deepEqual(marked, ['standby', 'leader', 'standby']);
  });

  it('leaves the replicas unmarked when the holder is not one of them (a host elsewhere, or an identity it cannot read)', () => {
    for (const holder of ['bastion_8d2e6c0a-1b2c-4d5e-8f90-123456789abc', 'some-operator-identity']) {
      const elections = leaderElections([lease('kube-scheduler', holder)], podsByNode, now);
      assert.equal(elections[0]?.leaderPod, null, holder);
      assert.ok(
        replicas.every(([, pods]) => markLeadership(pods, elections)[0]!.leadership === undefined),
        holder,
      );
    }
  });

  it("reads only the components' locks in kube-system, and no lock that nobody holds", () => {
    const elections = leaderElections(
      [
        lease('kube-scheduler', 'cp-1_8d2e6c0a-1b2c-4d5e-8f90-123456789abc', 'kube-node-lease'),
        lease('my-operator', 'cp-1_8d2e6c0a-1b2c-4d5e-8f90-123456789abc'),
        lease('kube-controller-manager', ''),
      ],
      podsByNode,
      now,
    );
    assert.deepEqual(elections, []);
  });
});
