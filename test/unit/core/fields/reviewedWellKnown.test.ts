import * as assert from 'node:assert/strict';
import type { FieldExplanation } from '../../../../src/core/fields/explain';
import { explainAt } from '../../../support/explainAt';
import { lookupField } from '../../../../src/core/fields/lookup';
import type { FieldActor } from '../../../../src/core/fields/types';

const node = (labels: string) => `apiVersion: v1
kind: Node
metadata:
  name: worker-1
  labels:
${labels}`;

const pod = (annotations: string) => `apiVersion: v1
kind: Pod
metadata:
  name: web
  annotations:
${annotations}
spec:
  containers:
    - name: web
      image: nginx
`;

const component = (explanation: FieldExplanation, id: string) => explanation.components.find((candidate) => candidate.id === id);

/** The actors of the well-known entry at this path of an object of this kind. */
const actorsAt = (kind: string, apiVersion: string, path: readonly (string | number)[]): readonly FieldActor[] =>
  lookupField(kind, apiVersion, path).match?.entry.actors ?? [];

describe('well-known keys: the complete review', () => {
  it('kube-scheduler matches a node label when it schedules a Pod, not when the label changes', () => {
    for (const label of [
      'kubernetes.io/arch: @@amd64',
      'kubernetes.io/os: @@linux',
      'node.kubernetes.io/windows-build: @@10.0.17763',
      'node.kubernetes.io/instance-type: @@m3.medium',
      'node-role.kubernetes.io/control-plane: @@""',
      'node-role.kubernetes.io/worker: @@""',
      'feature.node.kubernetes.io/network-sriov.capable: @@"true"',
    ]) {
      const scheduler = component(explainAt(node(`    ${label}\n`)), 'kube-scheduler');
      assert.ok(scheduler, label);
      assert.equal(scheduler.when, 'scheduling', label);
    }
  });

  it('says a current kubelet never sets the zone, region or instance-type labels: the in-tree cloud providers were removed in v1.31', () => {
    for (const key of ['topology.kubernetes.io/zone', 'topology.kubernetes.io/region', 'node.kubernetes.io/instance-type']) {
      const kubelet = actorsAt('Node', 'v1', ['metadata', 'labels', key]).find((actor) => actor.id === 'kubelet');
      assert.match(kubelet?.en ?? '', /^Before v1\.31, .*removed in v1\.31, so a current kubelet never sets it/, key);
      assert.doesNotMatch(kubelet?.en ?? '', /sets it instead when it runs|Sets it when it runs/, key);
      assert.match(kubelet?.ja ?? '', /v1\.31 で削除されたので、今の kubelet は設定しません/, key);
    }
  });

  it("says kubernetes.io/config.source is api only in the kubelet's own copy: in the API only a mirror Pod shows it", () => {
    const kubelet = component(explainAt(pod('    kubernetes.io/config.source: @@file')), 'kubelet');
    assert.doesNotMatch(kubelet?.action ?? '', /api for a Pod created on the API server and scheduled/);
    assert.match(kubelet?.action ?? '', /seen in the API on its mirror Pod/);
    assert.match(kubelet?.action ?? '', /marked api only in the kubelet's own copy; the kubelet never writes it back/);
    const ja = component(explainAt(pod('    kubernetes.io/config.source: @@file'), 'ja'), 'kubelet');
    assert.match(ja?.action ?? '', /api と付けるのは kubelet 自身の写しの中だけ/);
  });

  it('says kubernetes.io/config.seen reaches the API only on a mirror Pod, never on a Pod created on the API server', () => {
    const kubelet = component(explainAt(pod('    kubernetes.io/config.seen: @@"2023-10-27T04:04:56.011314488Z"')), 'kubelet');
    assert.match(kubelet?.action ?? '', /only a mirror Pod carries it into the API/);
    assert.match(kubelet?.action ?? '', /A Pod created on the API server never shows it/);
    const ja = component(explainAt(pod('    kubernetes.io/config.seen: @@"2023-10-27T04:04:56.011314488Z"'), 'ja'), 'kubelet');
    assert.match(ja?.action ?? '', /API に出てくるのは mirror Pod/);
  });

  it('says the Deployment controller puts pod-template-hash only on the ReplicaSets it creates, not on adopted ones (since v1.11)', () => {
    for (const kind of [
      ['ReplicaSet', 'apps/v1'],
      ['Pod', 'v1'],
    ] as const) {
      const [deployment] = actorsAt(kind[0], kind[1], ['metadata', 'labels', 'pod-template-hash']);
      assert.equal(deployment.controller, 'deployment', kind[0]);
      assert.doesNotMatch(deployment.en, /creates or adopts|existing Pods/, kind[0]);
      assert.match(deployment.en, /every ReplicaSet it creates \(to its labels, its selector and its Pod template/, kind[0]);
      assert.match(deployment.en, /A ReplicaSet it adopts, and that ReplicaSet's Pods, are not relabelled \(not since v1\.11\)/, kind[0]);
      assert.match(deployment.ja, /引き取った ReplicaSet とその Pod には付け直しません（v1\.11 から）/, kind[0]);
    }
  });

  it('says kube-apiserver checks a legacy token, and rejects an invalidated one, on each request (at run time), not at admission', () => {
    const name = actorsAt('Secret', 'v1', ['metadata', 'annotations', 'kubernetes.io/service-account.name']).find(
      (actor) => actor.id === 'kube-apiserver',
    );
    assert.equal(name?.when, 'run-time');
    assert.match(name?.en ?? '', /on each request, not when the Secret is written/);
    const invalid = actorsAt('Secret', 'v1', ['metadata', 'labels', 'kubernetes.io/legacy-token-invalid-since']).find(
      (actor) => actor.id === 'kube-apiserver',
    );
    assert.equal(invalid?.when, 'run-time');
    assert.match(invalid?.en ?? '', /Rejects every request that authenticates with a token marked invalid/);
  });
});
