import * as assert from 'node:assert/strict';
import { explainPath as explain, actorOf as find } from '../../../support/explainAt';

/**
 * The review of version claims and recently changed behaviour (v1.31–v1.37) in wellKnown.ts, finalizers.ts,
 * cluster.ts, storage.ts, extensions.ts and apiResources.ts: one test per finding, each failing without its mend.
 */

describe('version claims and recent behaviour in the cluster, storage, API and well-known knowledge', () => {
  it('kubeadm.alpha.kubernetes.io/cri-socket: NodeLocalCRISocket went GA in v1.36 and its gate is gone in v1.37', () => {
    const path = ['metadata', 'annotations', 'kubeadm.alpha.kubernetes.io/cri-socket'];
    const en = find(explain('Node', 'v1', path), 'kubeadm').action;
    assert.match(en, /Since v1\.36 this is GA and cannot be turned off \(v1\.37 removes the gate\)/);
    const ja = find(explain('Node', 'v1', path, 'ja'), 'kubeadm').action;
    assert.match(ja, /v1\.36 で GA になって無効にできなくなり、v1\.37 でフィーチャーゲート自体が無くなりました/);
  });

  it('alpha.kubernetes.io/provided-node-ip: set only with --cloud-provider=external and --node-ip, built-in providers are gone since v1.31', () => {
    const path = ['metadata', 'annotations', 'alpha.kubernetes.io/provided-node-ip'];
    const en = find(explain('Node', 'v1', path), 'kubelet').action;
    assert.doesNotMatch(en, /external or built-in/);
    assert.match(en, /^When started with --cloud-provider=external and --node-ip/);
    assert.match(en, /built-in cloud providers --cloud-provider could name before were removed in v1\.31/);
    const ja = find(explain('Node', 'v1', path, 'ja'), 'kubelet').action;
    assert.doesNotMatch(ja, /外部でも組み込みでも/);
    assert.match(ja, /組み込みのクラウドプロバイダーは、v1\.31 で削除されました/);
  });

  it("a Pod's topology.kubernetes.io/zone and region: kube-apiserver copies the node's labels at binding since v1.35", () => {
    for (const key of ['topology.kubernetes.io/zone', 'topology.kubernetes.io/region']) {
      const explanation = explain('Pod', 'v1', ['metadata', 'labels', key]);
      assert.equal(explanation.docs, 'https://kubernetes.io/docs/reference/labels-annotations-taints/#topologykubernetesiozone', key);
      const admission = find(explanation, 'kube-apiserver');
      assert.equal(admission.effect, 'writes-field', key);
      assert.match(admission.action, /since v1\.35 \(the PodTopologyLabelsAdmission feature gate, beta and on by default\)/, key);
      assert.match(
        admission.action,
        /PodTopologyLabels admission plugin copies the node's topology\.kubernetes\.io\/zone and region labels onto the Pod/,
        key,
      );
    }
    const ja = find(explain('Pod', 'v1', ['metadata', 'labels', 'topology.kubernetes.io/zone'], 'ja'), 'kube-apiserver').action;
    assert.match(ja, /v1\.35 から（PodTopologyLabelsAdmission のフィーチャーゲート。ベータで既定で有効）/);
  });

  it('Node status.nodeInfo.kubeProxyVersion: deprecated, the kubelet leaves it empty since v1.33', () => {
    const path = ['status', 'nodeInfo', 'kubeProxyVersion'];
    const kubelet = find(explain('Node', 'v1', path), 'kubelet');
    assert.match(
      kubelet.action,
      /Since v1\.33 \(the DisableNodeKubeProxyVersion feature gate, on by default, locked in v1\.36\) the kubelet leaves it empty/,
    );
    assert.doesNotMatch(kubelet.action, /its own version, the container runtime's/);
    const ja = find(explain('Node', 'v1', path, 'ja'), 'kubelet').action;
    assert.match(
      ja,
      /v1\.33 から（DisableNodeKubeProxyVersion のフィーチャーゲート。既定で有効、v1\.36 で固定）kubelet はここを空のままにし/,
    );
  });

  it('CSINode allocatable count: since v1.35 the kubelet refreshes it, not only at registration', () => {
    const path = ['spec', 'drivers', 0, 'allocatable', 'count'];
    const en = find(explain('CSINode', 'storage.k8s.io/v1', path), 'kubelet').action;
    assert.match(en, /Since v1\.35 \(the MutableCSINodeAllocatableCount feature gate, on by default; GA in v1\.36\) the count can change/);
    assert.match(
      en,
      /every nodeAllocatableUpdatePeriodSeconds set in the CSIDriver, and at once after an attach fails with ResourceExhausted/,
    );
    const ja = find(explain('CSINode', 'storage.k8s.io/v1', path, 'ja'), 'kubelet').action;
    assert.match(ja, /v1\.35 から（MutableCSINodeAllocatableCount のフィーチャーゲート。既定で有効、v1\.36 で GA）この数は変わり得ます/);
  });

  it('ResourceClaim status.devices: written by the DRA driver (on by default since v1.33), not by the scheduler', () => {
    const explanation = explain('ResourceClaim', 'resource.k8s.io/v1', ['status', 'devices', 0, 'networkData', 'ips', 0]);
    assert.equal(
      explanation.docs,
      'https://kubernetes.io/docs/concepts/resource-management/dynamic-resource-allocation/dra-observability/#resourceclaim-device-status',
    );
    assert.equal(explanation.components[0].id, 'add-on');
    assert.equal(explanation.components[0].effect, 'writes-field');
    assert.match(
      explanation.components[0].action,
      /On by default since v1\.33 \(the DRAResourceClaimDeviceStatus feature gate, GA in v1\.37\)/,
    );
    const scheduler = find(explanation, 'kube-scheduler');
    assert.notEqual(scheduler.effect, 'writes-field');
    assert.match(
      scheduler.action,
      /since v1\.36 \(the DRADeviceBindingConditions feature gate, on by default\) the scheduler holds the Pod's binding/,
    );
    const ja = explain('ResourceClaim', 'resource.k8s.io/v1', ['status', 'devices'], 'ja');
    assert.match(ja.components[0].action, /^スケジューラーではありません。割り当てられた各デバイスの DRA ドライバーが/);
  });

  it('DeviceClass spec.extendedResourceName: since v1.36 kube-scheduler creates a ResourceClaim for Pods that request the extended resource', () => {
    const explanation = explain('DeviceClass', 'resource.k8s.io/v1', ['spec', 'extendedResourceName']);
    assert.equal(
      explanation.docs,
      'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/#extended-resources-allocation-by-dra',
    );
    const scheduler = find(explanation, 'kube-scheduler');
    assert.equal(scheduler.effect, 'writes-other');
    assert.match(scheduler.action, /^Since v1\.36 on by default \(the DRAExtendedResource feature gate, GA in v1\.37\)/);
    assert.match(
      scheduler.action,
      /creates a ResourceClaim for the Pod itself, naming it in the Pod's status\.extendedResourceClaimStatus/,
    );
    assert.doesNotMatch(scheduler.action, /Applies the class's selectors/);
    const ja = find(explain('DeviceClass', 'resource.k8s.io/v1', ['spec', 'extendedResourceName'], 'ja'), 'kube-scheduler').action;
    assert.match(ja, /Pod のための ResourceClaim を自分で作り/);
  });

  it('CSIDriver storageCapacity: since v1.37 kube-scheduler also scores nodes by free storage capacity, not only filters them', () => {
    const path = ['spec', 'storageCapacity'];
    const en = find(explain('CSIDriver', 'storage.k8s.io/v1', path), 'kube-scheduler').action;
    assert.match(en, /it places the Pod only on a node for which the CSIStorageCapacity objects/);
    assert.match(
      en,
      /Since v1\.37 \(the StorageCapacityScoring feature gate, beta and on by default\) it also scores those nodes by that capacity, preferring by default the one with the most free storage/,
    );
    const ja = find(explain('CSIDriver', 'storage.k8s.io/v1', path, 'ja'), 'kube-scheduler').action;
    assert.match(ja, /v1\.37 からは（StorageCapacityScoring のフィーチャーゲート。ベータで既定で有効）その容量でノードに点数も付け/);
  });
});
