import * as assert from 'node:assert/strict';
import { compilePattern, kindKey, lookupField } from '../../../../src/core/fields/lookup';

function actors(kind: string, apiVersion: string, path: (string | number)[]): string[] {
  const found = lookupField(kind, apiVersion, path);
  return (found.match?.entry.actors ?? []).map((actor) => (actor.controller ? `${actor.id}/${actor.controller}` : actor.id));
}

describe('lookupField', () => {
  it("puts the scheduler first for a Pod's nodeName, and the kubelet next", () => {
    assert.deepEqual(actors('Pod', 'v1', ['spec', 'nodeName']), ['kube-scheduler', 'kubelet']);
  });

  it('applies Pod knowledge inside the pod templates of workloads', () => {
    for (const [kind, apiVersion] of [
      ['Deployment', 'apps/v1'],
      ['DaemonSet', 'apps/v1'],
      ['StatefulSet', 'apps/v1'],
      ['ReplicaSet', 'apps/v1'],
      ['Job', 'batch/v1'],
    ]) {
      const found = lookupField(kind, apiVersion, ['spec', 'template', 'spec', 'containers', 0, 'image']);
      assert.equal(found.match?.pattern, 'spec.containers|initContainers|ephemeralContainers[*].image', kind);
      assert.equal(found.template?.templateOf, 'Pod');
      assert.equal(found.match?.entry.actors[0].id, 'kubelet');
    }
    assert.deepEqual(lookupField('Deployment', 'apps/v1', ['spec', 'template', 'spec', 'nodeName']).template?.controllers, [
      'deployment',
      'replicaset',
    ]);
  });

  it("applies Pod knowledge in a CronJob's job template, and Job knowledge around it", () => {
    const image = lookupField('CronJob', 'batch/v1', ['spec', 'jobTemplate', 'spec', 'template', 'spec', 'restartPolicy']);
    assert.equal(image.match?.pattern, 'spec.restartPolicy');
    assert.deepEqual(image.template?.controllers, ['cronjob', 'job']);
    const backoff = lookupField('CronJob', 'batch/v1', ['spec', 'jobTemplate', 'spec', 'backoffLimit']);
    assert.equal(backoff.template?.templateOf, 'batch/Job');
    assert.equal(backoff.match?.entry.actors[0].controller, 'job');
    assert.equal(lookupField('CronJob', 'batch/v1', ['spec', 'schedule']).match?.entry.actors[0].controller, 'cronjob');
  });

  it('does not apply Pod knowledge to the same path outside a template', () => {
    const found = lookupField('Deployment', 'apps/v1', ['spec', 'replicas']);
    assert.equal(found.template, undefined);
    assert.deepEqual(actors('Deployment', 'apps/v1', ['spec', 'replicas']), [
      'kube-controller-manager/deployment',
      'kube-controller-manager/horizontal-pod-autoscaler',
    ]);
  });

  it("prefers the most specific entry: a kind's own over the one for every kind, a named key over any key", () => {
    assert.deepEqual(actors('Service', 'v1', ['metadata', 'name']), ['coredns', 'kubelet']);
    assert.deepEqual(actors('ConfigMap', 'v1', ['metadata', 'name']), ['kube-apiserver']);
    assert.equal(lookupField('Pod', 'v1', ['metadata', 'annotations', 'kubernetes.io/config.mirror']).match?.entry.actors[0].id, 'kubelet');
    assert.equal(lookupField('Pod', 'v1', ['metadata', 'annotations', 'example.com/x']).match?.pattern, 'metadata.annotations.*');
  });

  it('falls back to the nearest known ancestor and says so', () => {
    const found = lookupField('Pod', 'v1', ['spec', 'containers', 0, 'livenessProbe', 'httpGet', 'port']);
    assert.equal(found.match?.exact, true, 'probes match anything below them');
    const ancestor = lookupField('Service', 'v1', ['spec', 'somethingNew']);
    assert.equal(ancestor.match?.exact, false);
    assert.deepEqual(ancestor.match?.matchedPath, ['spec']);
  });

  it('knows status writers', () => {
    assert.deepEqual(actors('Pod', 'v1', ['status', 'conditions', 0, 'type']), ['kubelet', 'kube-scheduler', 'add-on']);
    assert.equal(lookupField('Node', 'v1', ['status', 'nodeInfo', 'containerRuntimeVersion']).match?.entry.actors[0].writes, true);
    assert.deepEqual(actors('Deployment', 'apps/v1', ['status', 'availableReplicas']), ['kube-controller-manager/deployment']);
  });

  it('treats unknown groups as custom resources: only metadata is known', () => {
    const spec = lookupField('Widget', 'example.com/v1', ['spec', 'size']);
    assert.equal(spec.custom, true);
    assert.equal(spec.match, undefined);
    const owners = lookupField('Widget', 'example.com/v1', ['metadata', 'ownerReferences']);
    assert.equal(owners.match?.entry.actors[0].controller, 'garbage-collector');
  });

  it('maps old API groups and templated apiVersions to the kinds it knows', () => {
    assert.equal(kindKey('Deployment', 'extensions/v1beta1'), 'apps/Deployment');
    assert.equal(kindKey('Ingress', 'extensions/v1beta1'), 'networking.k8s.io/Ingress');
    assert.equal(kindKey('Deployment', ''), 'apps/Deployment');
    assert.equal(kindKey('Pod', 'v1'), 'Pod');
  });

  it('is not fooled by a built-in kind it has no entry for', () => {
    const found = lookupField('ComponentStatus', 'v1', ['conditions', 0, 'message']);
    assert.equal(found.custom, false);
    assert.equal(found.known, false);
    assert.equal(found.match, undefined);
  });
});

describe('compilePattern', () => {
  it('reads alternatives, any index, any key, quoted keys and the rest', () => {
    assert.deepEqual(compilePattern('spec.a|b[*].c'), [
      { type: 'key', keys: ['spec'] },
      { type: 'key', keys: ['a', 'b'] },
      { type: 'anyIndex' },
      { type: 'key', keys: ['c'] },
    ]);
    assert.deepEqual(compilePattern('metadata.labels["kubernetes.io/hostname"]')[2], { type: 'key', keys: ['kubernetes.io/hostname'] });
    assert.deepEqual(compilePattern('metadata.labels["node-role.kubernetes.io/*"]')[2], {
      type: 'keyPrefix',
      prefix: 'node-role.kubernetes.io/',
    });
    assert.deepEqual(compilePattern('data.*')[1], { type: 'anyKey' });
    assert.deepEqual(compilePattern('status.**')[1], { type: 'rest' });
  });
});
