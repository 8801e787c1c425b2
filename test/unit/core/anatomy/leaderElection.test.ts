import * as assert from 'node:assert/strict';
import {
  leaderAnnotation,
  leaderFromAnnotation,
  leaderFromLease,
  leaderFromLockObject,
  leaderLockNames,
} from '../../../../src/core/anatomy/leaderElection';

const now = Date.parse('2026-12-01T12:00:00Z');
const identity = 'kind-control-plane_5a0e3b1c-93f2-4c1e-a7d4-0f1e2d3c4b5a';

/** A Lease as kube-controller-manager keeps it: MicroTime renewals, a 15 s duration. */
function lease(spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'kube-controller-manager', namespace: 'kube-system' },
    spec: {
      holderIdentity: identity,
      leaseDurationSeconds: 15,
      acquireTime: '2026-12-01T09:00:00.123456Z',
      renewTime: '2026-12-01T11:59:58.500000Z',
      leaseTransitions: 3,
      ...spec,
    },
  };
}

describe('leader-election locks', () => {
  it('reads the holder of a Lease renewed within its duration', () => {
    assert.deepEqual(leaderFromLease(lease({}), now), {
      holderIdentity: identity,
      holderHost: 'kind-control-plane',
      renewedAgoSeconds: 1.5,
      leaseDurationSeconds: 15,
      transitions: 3,
      acquiredAt: '2026-12-01T09:00:00.123456Z',
      renewedAt: '2026-12-01T11:59:58.500000Z',
      state: 'held',
    });
  });

  it('calls a lock expired once now is past renewTime + leaseDurationSeconds, not at it', () => {
    assert.equal(leaderFromLease(lease({ renewTime: '2026-12-01T11:59:45.000000Z' }), now)?.state, 'held');
    assert.equal(leaderFromLease(lease({ renewTime: '2026-12-01T11:59:44.999999Z' }), now)?.state, 'expired');
  });

  it('is unknown without a renewal time or a duration, or with a time it cannot read', () => {
    assert.equal(leaderFromLease(lease({ renewTime: undefined }), now)?.state, 'unknown');
    assert.equal(leaderFromLease(lease({ renewTime: 'yesterday' }), now)?.state, 'unknown');
    assert.equal(leaderFromLease(lease({ renewTime: 'yesterday' }), now)?.renewedAgoSeconds, undefined);
    const noDuration = leaderFromLease(lease({ leaseDurationSeconds: undefined }), now);
    assert.equal(noDuration?.state, 'unknown');
    assert.equal(noDuration?.renewedAgoSeconds, 1.5, 'the age is still known');
  });

  it('has no leader when nobody holds the lock, or the object is not a Lease', () => {
    assert.equal(leaderFromLease(lease({ holderIdentity: '' }), now), undefined, 'a leader that stepped down empties the holder');
    for (const value of [undefined, null, 'text', 42, [], {}, { spec: [] }]) assert.equal(leaderFromLease(value, now), undefined);
  });

  it('splits the host only from a `_<uuid>` suffix', () => {
    const host = (holderIdentity: string) => leaderFromLease(lease({ holderIdentity }), now)?.holderHost;
    assert.equal(host('ip-10-0-1-7.ec2.internal_0c9d8f3a-1b2c-4d5e-8f90-a1b2c3d4e5f6'), 'ip-10-0-1-7.ec2.internal');
    assert.equal(host('my_host_0C9D8F3A-1B2C-4D5E-8F90-A1B2C3D4E5F6'), 'my_host');
    assert.equal(host('cloud-controller-manager-7d9f'), undefined);
    assert.equal(host('operator_v2'), undefined);
    assert.equal(host('_0c9d8f3a-1b2c-4d5e-8f90-a1b2c3d4e5f6'), undefined);
  });

  it('reads the annotation older clusters keep on an Endpoints or ConfigMap', () => {
    const record = JSON.stringify({
      holderIdentity: identity,
      leaseDurationSeconds: 15,
      acquireTime: '2026-12-01T09:00:00Z',
      renewTime: '2026-12-01T11:59:30Z',
      leaderTransitions: 1,
    });
    assert.deepEqual(leaderFromAnnotation(record, now), {
      holderIdentity: identity,
      holderHost: 'kind-control-plane',
      renewedAgoSeconds: 30,
      leaseDurationSeconds: 15,
      transitions: 1,
      acquiredAt: '2026-12-01T09:00:00Z',
      renewedAt: '2026-12-01T11:59:30Z',
      state: 'expired',
    });
    const endpoints = {
      kind: 'Endpoints',
      metadata: { name: 'kube-scheduler', namespace: 'kube-system', annotations: { [leaderAnnotation]: record } },
    };
    assert.equal(leaderFromLockObject('endpoints', endpoints, now)?.holderIdentity, identity);
    assert.equal(leaderFromLockObject('configmaps', { metadata: { annotations: {} } }, now), undefined);
    assert.equal(leaderFromLockObject('leases', lease({}), now)?.state, 'held');
  });

  it('tolerates an annotation that is not a record', () => {
    for (const value of ['', 'not json', '[]', 'null', '{"holderIdentity":7}', '{"renewTime":"2026-12-01T11:59:30Z"}']) {
      assert.equal(leaderFromAnnotation(value, now), undefined, value);
    }
    // metav1.Time writes a zero time as null.
    assert.equal(
      leaderFromAnnotation('{"holderIdentity":"a","leaseDurationSeconds":15,"acquireTime":null,"renewTime":null}', now)?.state,
      'unknown',
    );
  });

  it("names each component's lock in kube-system, the Lease first", () => {
    assert.deepEqual(
      leaderLockNames.map(({ component, namespace, name, resources }) => `${component} ${namespace}/${name} ${resources.join(',')}`),
      [
        'kube-controller-manager kube-system/kube-controller-manager leases,endpoints,configmaps',
        'kube-scheduler kube-system/kube-scheduler leases,endpoints,configmaps',
        'cloud-controller-manager kube-system/cloud-controller-manager leases,endpoints,configmaps',
      ],
    );
  });
});
