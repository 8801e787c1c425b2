import * as assert from 'node:assert/strict';
import { explainPath as explain, actorOf as find } from '../../../support/explainAt';
import type { Language } from '../../../../src/core/fields/types';
import type { PathSegment } from '../../../../src/core/yaml/yamlPath';

/**
 * The version review of pod.ts, workloads.ts, networking.ts and metadata.ts: every release and feature-gate claim
 * checked against the feature-gate pages (kubernetes/website), one test per finding, each failing without its mend.
 */

const explainPod = (path: PathSegment[], language: Language = 'en') => explain('Pod', 'v1', path, language);

describe('release and feature-gate claims of the Pod, workload and networking entries, reviewed', () => {
  it('hostUsers: user namespaces are stable since v1.36 (UserNamespacesSupport), no longer called beta', () => {
    const en = find(explainPod(['spec', 'hostUsers']), 'kubelet').action;
    assert.match(en, /\(Linux only; on by default since v1\.33, stable since v1\.36\)/);
    assert.doesNotMatch(en, /beta/);
    const ja = find(explainPod(['spec', 'hostUsers'], 'ja'), 'kubelet').action;
    assert.match(ja, /v1\.33 から既定で有効、v1\.36 から stable/);
    assert.doesNotMatch(ja, /beta/);
  });

  it("a StatefulSet's maxUnavailable gate was alpha and off until v1.34, and is on by default only in v1.35.0–1.35.3 and since v1.37", () => {
    const en = explain('StatefulSet', 'apps/v1', ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable']).components[0].action;
    assert.match(
      en,
      /MaxUnavailableStatefulSet feature gate is on \(alpha, off, until v1\.34; beta since v1\.35, on by default in v1\.35\.0–1\.35\.3 and since v1\.37, off in between\)/,
    );
    assert.doesNotMatch(en, /\(beta; whether/);
    const ja = explain('StatefulSet', 'apps/v1', ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable'], 'ja').components[0].action;
    assert.match(ja, /v1\.34 までは alpha で無効。v1\.35 から beta で、既定で有効なのは v1\.35\.0〜1\.35\.3 と v1\.37 以降、その間は無効/);
  });

  it('Pod conditions: the kubelet writes PodReadyToStartContainers by default since v1.29, and the resize conditions only since v1.33', () => {
    const en = find(explainPod(['status', 'conditions', 0, 'type']), 'kubelet').action;
    assert.match(en, /^Writes PodReadyToStartContainers \(on by default since v1\.29\), Initialized/);
    assert.match(en, /and, since v1\.33, PodResizePending \/ PodResizeInProgress during an in-place resize/);
    const ja = find(explainPod(['status', 'conditions', 0, 'type'], 'ja'), 'kubelet').action;
    assert.match(ja, /PodReadyToStartContainers（v1\.29 から既定で有効）/);
    assert.match(ja, /v1\.33 からは、インプレースのリサイズ中に PodResizePending と PodResizeInProgress も書きます/);
  });

  it('resizePolicy: in-place resize is on by default since v1.33 and stable since v1.35', () => {
    const en = find(explainPod(['spec', 'containers', 0, 'resizePolicy']), 'kubelet').action;
    assert.match(
      en,
      /^On an in-place resize \(on by default since v1\.33, stable since v1\.35\), restarts the container or not, per resource/,
    );
    assert.match(
      find(explainPod(['spec', 'containers', 0, 'resizePolicy'], 'ja'), 'kubelet').action,
      /その場でのリサイズ（v1\.33 から既定で有効、v1\.35 から stable）のとき/,
    );
  });

  it("an init container's restartPolicy Always makes a sidecar by default since v1.29 (stable since v1.33), not on v1.28", () => {
    const en = find(explainPod(['spec', 'initContainers', 0, 'restartPolicy']), 'kubelet').action;
    assert.match(en, /^Always makes this init container a sidecar \(on by default since v1\.29, stable since v1\.33\)/);
    assert.match(
      find(explainPod(['spec', 'initContainers', 0, 'restartPolicy'], 'ja'), 'kubelet').action,
      /サイドカーになります（v1\.29 から既定で有効、v1\.33 から stable）/,
    );
  });

  it('trafficDistribution is on by default since v1.31 with PreferClose only; PreferSameZone and PreferSameNode since v1.34', () => {
    const en = find(explain('Service', 'v1', ['spec', 'trafficDistribution']), 'kube-controller-manager', 'endpointslice').action;
    assert.match(en, /The field is on by default since v1\.31 \(PreferClose only\); PreferSameZone and PreferSameNode since v1\.34\./);
    const ja = find(explain('Service', 'v1', ['spec', 'trafficDistribution'], 'ja'), 'kube-controller-manager', 'endpointslice').action;
    assert.match(ja, /この項目は v1\.31 から既定で有効（PreferClose のみ）で、PreferSameZone と PreferSameNode は v1\.34 からです/);
  });

  it('an image volume is on by default only since v1.35, an OCI image the runtime pulls and mounts read-only', () => {
    const en = find(explainPod(['spec', 'volumes', 0, 'image', 'reference']), 'kubelet').action;
    assert.match(en, /an image volume, on by default since v1\.35, is an OCI image the runtime pulls and mounts read-only/);
    const ja = find(explainPod(['spec', 'volumes', 0, 'image', 'reference'], 'ja'), 'kubelet').action;
    assert.match(ja, /image ボリュームは v1\.35 から既定で有効で、ランタイムが OCI イメージを取得して読み取り専用でマウントします/);
  });
});
