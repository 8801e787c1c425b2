import * as assert from 'node:assert/strict';
import { fieldOwners, liveField, liveValueAt } from '../../../../src/core/fields/managedFields';
import type { ItemIdentity } from '../../../../src/core/yaml/yamlPath';

/** A live Pod as the API returns it: kubectl applied the spec, the kubelet wrote status, the scheduler bound it (no entry). */
const livePod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web',
    namespace: 'default',
    labels: { app: 'web' },
    managedFields: [
      {
        manager: 'kubectl-client-side-apply',
        operation: 'Update',
        apiVersion: 'v1',
        time: '2026-12-01T10:00:00Z',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
          'f:spec': {
            'f:containers': {
              'k:{"name":"nginx"}': {
                '.': {},
                'f:image': {},
                'f:name': {},
                'f:args': {},
                'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
              },
            },
            'f:finalizers': {},
          },
        },
      },
      {
        manager: 'kubelet',
        operation: 'Update',
        apiVersion: 'v1',
        time: '2026-12-01T10:00:05Z',
        fieldsType: 'FieldsV1',
        subresource: 'status',
        fieldsV1: { 'f:status': { 'f:phase': {}, 'f:podIP': {}, 'f:conditions': { 'k:{"type":"Ready"}': { '.': {}, 'f:status': {} } } } },
      },
      {
        manager: 'security-tool',
        operation: 'Apply',
        time: '2026-12-01T11:00:00Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:finalizers': { 'v:"example.com/guard"': {} } } },
      },
    ],
    finalizers: ['example.com/guard'],
  },
  spec: {
    nodeName: 'kind-worker',
    containers: [
      { name: 'sidecar', image: 'busybox' },
      { name: 'nginx', image: 'nginx:1.27', args: ['-g', 'daemon off;'], ports: [{ containerPort: 80, protocol: 'TCP' }] },
    ],
  },
  status: { phase: 'Running', podIP: '10.244.1.5', conditions: [{ type: 'Ready', status: 'True' }] },
};

describe('managedFields', () => {
  it('finds the manager of a plain field', () => {
    const owners = fieldOwners(livePod, ['metadata', 'labels', 'app']);
    assert.deepEqual(
      owners.map((owner) => owner.manager),
      ['kubectl-client-side-apply'],
    );
    assert.equal(owners[0].operation, 'Update');
    assert.equal(owners[0].time, '2026-12-01T10:00:00Z');
    assert.equal(owners[0].viaAncestor, false);
  });

  it("matches list items by their keys (k:), using the file's item, not its position", () => {
    // In the file nginx is the first container; live it is the second.
    const owners = fieldOwners(livePod, ['spec', 'containers', 0, 'image'], [undefined, undefined, { name: 'nginx', image: 'nginx:1.27' }]);
    assert.deepEqual(
      owners.map((owner) => owner.manager),
      ['kubectl-client-side-apply'],
    );
    assert.deepEqual(fieldOwners(livePod, ['spec', 'containers', 0, 'image'], [undefined, undefined, { name: 'other' }]), []);
  });

  it('matches keys of several fields with numbers written as text in the file', () => {
    const identities: (ItemIdentity | undefined)[] = [
      undefined,
      undefined,
      { name: 'nginx' },
      undefined,
      { containerPort: '80', protocol: 'TCP' },
    ];
    assert.equal(fieldOwners(livePod, ['spec', 'containers', 0, 'ports', 0, 'containerPort'], identities).length, 1);
  });

  it('falls back to the live item at the same position when the file item is unknown', () => {
    assert.deepEqual(
      fieldOwners(livePod, ['spec', 'containers', 1, 'image']).map((owner) => owner.manager),
      ['kubectl-client-side-apply'],
    );
    assert.deepEqual(fieldOwners(livePod, ['spec', 'containers', 0, 'image']), [], 'sidecar has no entry');
  });

  it('matches set members by value (v:)', () => {
    const owners = fieldOwners(livePod, ['metadata', 'finalizers', 0], [undefined, undefined, 'example.com/guard']);
    assert.deepEqual(
      owners.map((owner) => owner.manager),
      ['security-tool'],
    );
  });

  it('gives the owner of an atomic list for its elements, marked as via an ancestor', () => {
    const owners = fieldOwners(livePod, ['spec', 'containers', 0, 'args', 1], [undefined, undefined, { name: 'nginx' }]);
    assert.equal(owners.length, 1);
    assert.equal(owners[0].viaAncestor, true);
  });

  it('reports status writes with their subresource', () => {
    const owners = fieldOwners(livePod, ['status', 'conditions', 0, 'status'], [undefined, undefined, { type: 'Ready', status: 'True' }]);
    assert.equal(owners[0].manager, 'kubelet');
    assert.equal(owners[0].subresource, 'status');
  });

  it('returns no owner for a field written through the binding subresource', () => {
    const field = liveField(livePod, ['spec', 'nodeName']);
    assert.equal(field.found, true);
    assert.equal(field.value, 'kind-worker');
    assert.deepEqual(field.owners, []);
  });

  it('sorts owners most recent first', () => {
    const owners = fieldOwners(livePod, ['metadata']);
    assert.deepEqual(
      owners.map((owner) => owner.manager),
      ['security-tool', 'kubectl-client-side-apply'],
    );
  });

  it('survives objects without managedFields and malformed entries', () => {
    assert.deepEqual(fieldOwners({ metadata: {} }, ['spec']), []);
    assert.deepEqual(
      fieldOwners({ metadata: { managedFields: [null, { manager: 3 }, { manager: 'x', fieldsV1: 'nope' }] } }, ['spec']),
      [],
    );
    assert.deepEqual(fieldOwners(undefined, ['spec']), []);
  });

  it('reads live values by item name, falling back to the position', () => {
    assert.deepEqual(liveValueAt(livePod, ['spec', 'containers', 0, 'image'], [undefined, undefined, { name: 'nginx' }]), {
      found: true,
      value: 'nginx:1.27',
    });
    assert.deepEqual(liveValueAt(livePod, ['spec', 'containers', 0, 'image']), { found: true, value: 'busybox' });
    assert.deepEqual(liveValueAt(livePod, ['spec', 'hostNetwork']), { found: false });
  });
});
