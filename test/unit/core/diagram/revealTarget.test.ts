import { strict as assert } from 'node:assert';
import { toRevealTarget } from '../../../../src/core/diagram/revealTarget';

describe('reveal targets', () => {
  it('reads ids, node names, plain targets and tree elements', () => {
    assert.deepEqual(toRevealTarget('etcd'), { component: 'etcd' });
    assert.deepEqual(toRevealTarget('node:kube-apiserver'), { node: 'kube-apiserver' });
    assert.deepEqual(toRevealTarget('multi-node-worker'), { node: 'multi-node-worker' });
    assert.deepEqual(toRevealTarget({ type: 'agent', agent: 'kubelet', node: { name: 'w1' } }), { component: 'kubelet', node: 'w1' });
    assert.deepEqual(
      toRevealTarget({ type: 'pod', nodeName: 'cp', pod: { component: 'etcd', namespace: 'kube-system', pod: 'etcd-cp' } }),
      {
        component: 'etcd',
        node: 'cp',
        pod: { namespace: 'kube-system', name: 'etcd-cp' },
      },
    );
    assert.deepEqual(toRevealTarget({ type: 'absent', absent: { component: 'cloud-controller-manager' } }), {
      component: 'cloud-controller-manager',
    });
    assert.equal(toRevealTarget({ type: 'state' }), undefined);
    assert.equal(toRevealTarget(42), undefined);
  });
});
