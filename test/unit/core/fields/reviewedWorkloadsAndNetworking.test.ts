import * as assert from 'node:assert/strict';
import { explainField, type FieldExplanation } from '../../../../src/core/fields/explain';
import { explainAt } from '../../../support/explainAt';
import type { Language } from '../../../../src/core/fields/types';

const primary = (explanation: FieldExplanation) => {
  const first = explanation.components[0];
  return first.controller ? `${first.id}/${first.controller}` : first.id;
};
const ids = (explanation: FieldExplanation) => explanation.components.map((component) => component.id);
const explain = (kind: string, apiVersion: string, path: (string | number)[], language: Language = 'en') =>
  explainField({ kind, apiVersion, path }, { language });
const find = (explanation: FieldExplanation, id: string, controller?: string) =>
  explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

const withFinalizer = (kind: string, apiVersion: string, key: string) => `apiVersion: ${apiVersion}
kind: ${kind}
metadata:
  name: data
  finalizers:
    - @@${key}
`;

describe('the full review of workloads, networking and finalizers', () => {
  it("a StatefulSet's rolling update keeps at most maxUnavailable Pods unavailable; ordinals, minReadySeconds and revisionHistoryLimit say what they do", () => {
    const maxUnavailable = explain('StatefulSet', 'apps/v1', ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable']).components[0];
    assert.equal(maxUnavailable.controller, 'statefulset');
    // The fourteenth review: the gate's default differs by release (turned off again in later 1.35 patches); the version review names each range.
    assert.match(
      maxUnavailable.action,
      /at most maxUnavailable of them unavailable at a time \(default 1\) when the MaxUnavailableStatefulSet feature gate is on \(alpha, off, until v1\.34; beta since v1\.35, on by default in v1\.35\.0–1\.35\.3 and since v1\.37, off in between\), else one at a time/,
    );
    assert.doesNotMatch(maxUnavailable.action, /honoured by default since/);
    const start = explain('StatefulSet', 'apps/v1', ['spec', 'ordinals', 'start']).components[0].action;
    assert.match(start, /ordinals\.start numbers the Pods from that value instead of 0/);
    assert.match(start, /a Pod counts as available after minReadySeconds of Ready/);
    assert.match(start, /at most revisionHistoryLimit of them/);
    const ja = explain('StatefulSet', 'apps/v1', ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable'], 'ja').components[0].action;
    assert.match(ja, /maxUnavailable 個まで/);
    assert.match(ja, /ordinals\.start/);
  });

  it('a work-queue Job (completions unset) starts no new Pod once one has succeeded and completes when all have ended', () => {
    const job = explain('Job', 'batch/v1', ['spec', 'parallelism']).components[0];
    assert.equal(job.writesOther, 'Pod');
    assert.match(
      job.action,
      /With completions unset \(a work queue\), it starts no new Pod once one has succeeded, and the Job is complete when all of them have ended/,
    );
    assert.match(
      explain('Job', 'batch/v1', ['spec', 'completions'], 'ja').components[0].action,
      /completions を指定しなければ（ワークキュー）/,
    );
  });

  it('resuming a suspended CronJob without startingDeadlineSeconds starts the most recent missed run at once', () => {
    const action = explain('CronJob', 'batch/v1', ['spec', 'suspend']).components[0].action;
    assert.match(
      action,
      /Runs that fall while suspended count as missed: without startingDeadlineSeconds, resuming starts the most recent of them at once/,
    );
    assert.match(
      explain('CronJob', 'batch/v1', ['spec', 'suspend'], 'ja').components[0].action,
      /再開したときにそのうち最も新しい 1 回がすぐに実行されます/,
    );
  });

  it("a DaemonSet's update strategy in Japanese says each thing once, as the English does, in the house terms", () => {
    const en = explain('DaemonSet', 'apps/v1', ['spec', 'updateStrategy']).components[0].action;
    const ja = explain('DaemonSet', 'apps/v1', ['spec', 'updateStrategy'], 'ja').components[0].action;
    assert.equal(en.match(/Old templates/g)?.length, 1);
    assert.equal(ja.match(/古いテンプレート/g)?.length, 1);
    assert.match(ja, /minReadySeconds 続いてから使用可能と数えます/);
    assert.doesNotMatch(ja, /利用可能/);
  });

  it("the cluster DNS answers an ExternalName Service's name with a CNAME, not a cluster IP", () => {
    const dns = find(explain('Service', 'v1', ['metadata', 'name']), 'coredns');
    assert.match(dns?.action ?? '', /a CNAME to spec\.externalName for an ExternalName one/);
    assert.match(
      find(explain('Service', 'v1', ['metadata', 'name'], 'ja'), 'coredns')?.action ?? '',
      /ExternalName の Service なら spec\.externalName への CNAME/,
    );
  });

  it("trafficDistribution PreferSameNode falls back to the client's zone before all endpoints", () => {
    const proxy = find(explain('Service', 'v1', ['spec', 'trafficDistribution']), 'kube-proxy');
    assert.match(proxy?.action ?? '', /for PreferSameNode, the client's zone next/);
    assert.match(find(explain('Service', 'v1', ['spec', 'trafficDistribution'], 'ja'), 'kube-proxy')?.action ?? '', /次は同じゾーン/);
  });

  it("kubernetes.io/pv-controller is the PersistentVolume controller's key for in-tree volumes, not an unknown add-on's", () => {
    const explanation = explainAt(withFinalizer('PersistentVolume', 'v1', 'kubernetes.io/pv-controller'));
    assert.equal(primary(explanation), 'kube-controller-manager/persistentvolume-binder');
    assert.equal(explanation.components[0].effect, 'writes-field');
    assert.match(explanation.components[0].action, /in-tree volumes it provisions dynamically with the Delete reclaim policy/);
    assert.ok(!ids(explanation).includes('add-on'));
    assert.equal(
      explanation.docs,
      'https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolume-deletion-protection-finalizer',
    );
  });

  it('kubernetes.io/vac-protection: added at admission, removed once no volume or claim uses the VolumeAttributesClass', () => {
    const explanation = explainAt(withFinalizer('VolumeAttributesClass', 'storage.k8s.io/v1', 'kubernetes.io/vac-protection'));
    assert.deepEqual(
      explanation.components.map((component) => `${component.id}:${component.when}`),
      ['kube-controller-manager:on-change', 'kube-apiserver:admission'],
    );
    assert.match(explanation.components[0].action, /no PersistentVolume or PersistentVolumeClaim refers to the class/);
    assert.match(explanation.components[1].action, /StorageObjectInUseProtection/);
  });

  it('resource.kubernetes.io/delete-protection: kube-scheduler adds it when allocating, the resourceclaim controller removes it after deallocating', () => {
    const explanation = explainAt(withFinalizer('ResourceClaim', 'resource.k8s.io/v1', 'resource.kubernetes.io/delete-protection'));
    assert.deepEqual(ids(explanation), ['kube-controller-manager', 'kube-scheduler']);
    assert.match(
      explanation.components[0].action,
      /resourceclaim controller removes this key once no Pod uses the ResourceClaim any more, after it has deallocated the claim/,
    );
    assert.equal(explanation.components[1].when, 'scheduling');
    assert.match(explanation.docs ?? '', /pkg\/controller\/resourceclaim\/controller\.go$/);
  });
});
