import * as assert from 'node:assert/strict';
import { explainField, type FieldExplanation } from '../../../../src/core/fields/explain';
import type { Language } from '../../../../src/core/fields/types';
import { explainAt } from '../../../support/explainAt';

/**
 * The full review of cluster.ts, storage.ts, extensions.ts and apiResources.ts: one test per finding, each
 * failing on the text before its mend.
 */
describe('the full review of the cluster, storage, extension and API-resource knowledge', () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[], language: Language = 'en') =>
    explainField({ kind, apiVersion, path }, { language });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));
  const all = (explanation: FieldExplanation, id: string) => explanation.components.filter((component) => component.id === id);

  it("a node's Lease: the node lifecycle controller's grace period is 50 s by default since v1.32, not 40 s", () => {
    const lease =
      'apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata:\n  name: worker-1\n  namespace: kube-node-lease\nspec:\n  renewTime: @@"2026-12-03T00:00:00.000000Z"\n';
    const lifecycle = find(explainAt(lease), 'kube-controller-manager', 'node-lifecycle')?.action ?? '';
    assert.doesNotMatch(lifecycle, /grace period \(40 s by default\)/);
    assert.match(lifecycle, /--node-monitor-grace-period: 50 s by default since v1\.32, 40 s before/);
    assert.match(
      find(explainAt(lease, 'ja'), 'kube-controller-manager', 'node-lifecycle')?.action ?? '',
      /既定は v1\.32 から 50 秒、それより前は 40 秒/,
    );
  });

  it("a ServiceAccount's secrets: with enforce-mountable-secrets they limit environment variables too, not only what Pods mount", () => {
    const action = find(explain('ServiceAccount', 'v1', ['secrets', 0, 'name']), 'kube-apiserver')?.action ?? '';
    assert.doesNotMatch(action, /^Only limits which Secrets Pods may mount/);
    assert.match(action, /whether mounted as volumes or read into environment variables, or kube-apiserver rejects them/);
    assert.match(action, /\(deprecated since v1\.32\)/);
    assert.match(find(explain('ServiceAccount', 'v1', ['secrets'], 'ja'), 'kube-apiserver')?.action ?? '', /環境変数に読み込むもの/);
  });

  it('immutable: a Secret has data and stringData, only a ConfigMap has binaryData', () => {
    for (const kind of ['Secret', 'ConfigMap']) {
      const action = find(explain(kind, 'v1', ['immutable']), 'kube-apiserver')?.action ?? '';
      assert.doesNotMatch(action, /data and binaryData \(and stringData for a Secret\)/, kind);
      assert.match(action, /rejects any change of data \(and of binaryData in a ConfigMap, stringData in a Secret\)/, kind);
    }
    assert.match(
      find(explain('Secret', 'v1', ['immutable'], 'ja'), 'kube-apiserver')?.action ?? '',
      /ConfigMap なら binaryData、Secret なら stringData も/,
    );
  });

  it('a Secret in etcd is readable there only while encryption at rest is not configured', () => {
    const etcd = find(explain('Secret', 'v1', ['data', 'password']), 'etcd')?.action ?? '';
    assert.doesNotMatch(etcd, /^Where it is stored: whoever reads etcd reads every Secret\.$/);
    assert.match(etcd, /unencrypted unless encryption at rest is configured: without it, whoever reads etcd/);
    assert.match(find(explain('Secret', 'v1', ['data', 'password'], 'ja'), 'etcd')?.action ?? '', /保存時の暗号化を設定しない限り/);
  });

  it("a ResourceQuota also refuses a Pod without the cpu or memory request or limit it constrains, and refuses a Deployment's Pods, not the Deployment", () => {
    const action = find(explain('ResourceQuota', 'v1', ['spec', 'hard', 'requests.cpu']), 'kube-apiserver')?.action ?? '';
    assert.match(action, /a Pod that leaves out a cpu or memory request or limit the quota constrains \(a LimitRange can fill it in\)/);
    assert.match(action, /Compute quotas do not refuse a Deployment itself: it is its Pods that are refused, as events of its ReplicaSet/);
    assert.match(
      find(explain('ResourceQuota', 'v1', ['spec', 'hard'], 'ja'), 'kube-apiserver')?.action ?? '',
      /requests・limits を書かない Pod も拒否します/,
    );
  });

  it("an RBAC binding's roleRef cannot be changed, and kube-apiserver refuses to grant more than the writer has", () => {
    const explanation = explain('RoleBinding', 'rbac.authorization.k8s.io/v1', ['roleRef', 'name']);
    assert.equal(explanation.components[0].when, 'run-time');
    const admission = all(explanation, 'kube-apiserver').find((component) => component.when === 'admission');
    assert.match(admission?.action ?? '', /Rejects a change of a binding's roleRef \(delete and recreate the binding instead\)/);
    assert.match(admission?.action ?? '', /unless the writer may escalate or bind/);
    const role = all(explain('Role', 'rbac.authorization.k8s.io/v1', ['rules', 0, 'verbs'], 'ja'), 'kube-apiserver');
    assert.match(role.map((component) => component.action).join(' '), /roleRef の変更は拒否します/);
  });

  it('a claim with a selector is never provisioned for: it waits for a matching PersistentVolume', () => {
    const binder =
      find(
        explain('PersistentVolumeClaim', 'v1', ['spec', 'selector', 'matchLabels', 'tier']),
        'kube-controller-manager',
        'persistentvolume-binder',
      )?.action ?? '';
    assert.doesNotMatch(binder, /or has one provisioned; unmatched claims stay Pending/);
    assert.match(binder, /but not for a claim with a selector \(provisioners refuse it: it waits for a matching volume\)/);
    assert.match(
      find(explain('PersistentVolumeClaim', 'v1', ['spec', 'selector'], 'ja'), 'kube-controller-manager', 'persistentvolume-binder')
        ?.action ?? '',
      /セレクターのあるクレームのためには用意されず/,
    );
  });

  it("a StorageClass's provisioner, parameters and volumeBindingMode cannot be changed, like its reclaimPolicy", () => {
    for (const path of [['provisioner'], ['parameters', 'type']]) {
      const provisioner = find(explain('StorageClass', 'storage.k8s.io/v1', path), 'storage-provisioner')?.action ?? '';
      assert.match(
        provisioner,
        /Neither can be changed once the class exists \(kube-apiserver rejects the update: recreate the class\)/,
        path.join('.'),
      );
    }
    const binding = find(explain('StorageClass', 'storage.k8s.io/v1', ['volumeBindingMode']), 'kube-apiserver');
    assert.equal(binding?.when, 'admission');
    assert.match(binding?.action ?? '', /volumeBindingMode cannot be changed once the class exists/);
    assert.match(
      find(explain('StorageClass', 'storage.k8s.io/v1', ['parameters'], 'ja'), 'storage-provisioner')?.action ?? '',
      /どちらもクラスを作った後は変えられません/,
    );
  });

  it("a StorageClass's allowedTopologies says where volumes are made, for the provisioner and for the scheduler", () => {
    const explanation = explain('StorageClass', 'storage.k8s.io/v1', ['allowedTopologies', 0, 'matchLabelExpressions']);
    assert.equal(explanation.components[0].id, 'kube-scheduler');
    assert.match(find(explanation, 'kube-scheduler')?.action ?? '', /for a new volume, only on a node that allowedTopologies permits/);
    assert.match(find(explanation, 'storage-provisioner')?.action ?? '', /^Creates volumes only where allowedTopologies permits/);
  });

  it("a VolumeAttachment's spec in Japanese names all the status the external-attacher writes, as the English does", () => {
    const ja =
      find(explain('VolumeAttachment', 'storage.k8s.io/v1', ['spec', 'attacher'], 'ja'), 'kube-controller-manager', 'attach-detach')
        ?.action ?? '';
    assert.doesNotMatch(ja, /アタッチして status\.attached を書きます/);
    assert.match(ja, /status（attached、attachmentMetadata、エラー）を書きます/);
  });
});
