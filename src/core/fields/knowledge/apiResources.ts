import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const dra = `${docs}/concepts/resource-management/dynamic-resource-allocation/how-dra-works/#how-it-works`;
const vap = `${docs}/reference/access-authn-authz/validating-admission-policy`;
const eventReference = `${docs}/reference/kubernetes-api/cluster-resources/event-v1/`;

/**
 * Built-in kinds people meet in a cluster that the other files do not cover: v1 Endpoints, Event, validating
 * admission policies, CSINode and the kinds of dynamic resource allocation (resource.k8s.io).
 */
export const apiResourceEntries: readonly FieldEntry[] = [
  // Endpoints (v1, deprecated since v1.33 in favour of EndpointSlice)
  {
    kinds: ['Endpoints'],
    paths: ['subsets', 'subsets[*]', 'subsets[*].**'],
    docs: `${docs}/concepts/services-networking/service/#endpoints`,
    actors: [
      { id: 'kube-controller-manager', when: 'continuously', writes: true, en: 'For a Service with a selector, the endpoints controller writes the addresses of the selected Pods here (at most 1000: beyond that it truncates the list and sets the annotation endpoints.kubernetes.io/over-capacity: truncated). The Endpoints API is deprecated since v1.33: read EndpointSlices instead.', ja: 'セレクターのある Service なら、endpoints のコントローラーが選ばれた Pod のアドレスをここに書きます（最大 1000 個。それを超えると一覧を切り詰め、アノテーション endpoints.kubernetes.io/over-capacity: truncated を付けます）。Endpoints の API は v1.33 から非推奨で、代わりに EndpointSlice を読みます。' },
      { id: 'kube-controller-manager', when: 'continuously', writesOther: 'EndpointSlice', en: 'For a Service without a selector, the endpointslice-mirroring controller copies the Endpoints you write into EndpointSlices, which kube-proxy then uses (not when the Endpoints has the label endpointslice.kubernetes.io/skip-mirror: "true").', ja: 'セレクターの無い Service なら、endpointslice-mirroring のコントローラーが、自分で書いた Endpoints を EndpointSlice に写します。kube-proxy はその EndpointSlice を使います（Endpoints にラベル endpointslice.kubernetes.io/skip-mirror: "true" があれば写しません）。' },
    ],
  },
  // Event (core v1 and events.k8s.io/v1)
  {
    kinds: ['Event', 'events.k8s.io/Event'],
    paths: [
      'involvedObject', 'involvedObject.**', 'regarding', 'regarding.**', 'related', 'related.**', 'reason', 'message', 'note', 'type', 'action',
      'source', 'source.**', 'reportingComponent', 'reportingController', 'reportingInstance', 'count', 'series', 'series.**',
      'firstTimestamp', 'lastTimestamp', 'eventTime',
    ],
    docs: `${eventReference}#Event`,
    actors: [
      { id: 'add-on', named: 'the reporting component', when: 'run-time', writes: true, en: 'Written by the component that reports what happened to the object it refers to, named in reportingController (e.g. kubernetes.io/kubelet) or source.component: the kubelet, kube-scheduler, the controllers of kube-controller-manager, or any other client. Events are best-effort, informative data.', ja: '参照先のオブジェクトに起きたことを報告するコンポーネントが書きます。reportingController（例: kubernetes.io/kubelet）や source.component にその名前があります。kubelet、kube-scheduler、kube-controller-manager のコントローラー、ほかのクライアントなどです。Event は参考のための、ベストエフォートのデータです。' },
      { id: 'kube-apiserver', when: 'continuously', en: 'Stores Events for a limited time only: they are deleted after --event-ttl (1 hour by default).', ja: 'Event は限られた時間だけ保存され、--event-ttl（既定は 1 時間）を過ぎると削除されます。' },
    ],
  },
  // ValidatingAdmissionPolicy and its binding
  {
    kinds: ['admissionregistration.k8s.io/ValidatingAdmissionPolicy'],
    paths: ['spec', 'spec.**'],
    docs: `${vap}/#what-resources-make-a-policy`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'kube-apiserver evaluates these CEL validations in process on every request that matches matchConstraints, for each binding of the policy (stable since v1.30). Without a ValidatingAdmissionPolicyBinding the policy has no effect; failurePolicy decides what an error in the policy does.', ja: 'kube-apiserver が、matchConstraints に一致するすべてのリクエストで、ポリシーのバインディングごとに、これらの CEL の検証をプロセス内で評価します（v1.30 から stable）。ValidatingAdmissionPolicyBinding が無ければ効果はありません。ポリシーのエラーの扱いは failurePolicy で決まります。' },
    ],
  },
  {
    kinds: ['admissionregistration.k8s.io/ValidatingAdmissionPolicy'],
    paths: ['status', 'status.**'],
    docs: `${vap}/#type-checking`,
    actors: [
      { id: 'kube-controller-manager', controller: 'validatingadmissionpolicy-status', when: 'on-change', writes: true, en: 'The ValidatingAdmissionPolicy status controller type-checks the policy\'s expressions against the matched kinds after each change, asynchronously, and writes the warnings here (status.typeChecking) with observedGeneration; this does not change what the policy does.', ja: 'ValidatingAdmissionPolicy の status のコントローラーが、変更のたびに非同期で式を対象の種類に照らして型検査し、警告をここ（status.typeChecking）に observedGeneration と一緒に書きます。ポリシーの動作は変わりません。' },
    ],
  },
  {
    kinds: ['admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding'],
    paths: ['spec', 'spec.**'],
    docs: `${vap}/#validation-actions`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Applies the policy named in policyName to the requests that match matchResources, with the parameters of paramRef; validationActions decides what a failed validation does: Deny rejects the request, Warn returns a warning, Audit records it in the audit event.', ja: 'policyName のポリシーを、matchResources に一致するリクエストに paramRef のパラメーターで当てはめます。検証に失敗したときの動作は validationActions で決まります。Deny はリクエストを拒否し、Warn は警告を返し、Audit は監査イベントに記録します。' },
    ],
  },
  // CSINode
  {
    kinds: ['storage.k8s.io/CSINode'],
    paths: ['spec', 'spec.drivers', 'spec.drivers[*]', 'spec.drivers[*].name|nodeID|topologyKeys', 'spec.drivers[*].topologyKeys[*]'],
    docs: `${docs}/reference/kubernetes-api/config-and-storage-resources/csi-node-v1/#CSINode`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Written by the kubelet of the node of the same name when a CSI driver registers on it (through the node-driver-registrar sidecar); the kubelet also puts the driver\'s topology keys as labels on its Node.', ja: '同じ名前のノードの kubelet が、CSI ドライバーの登録（node-driver-registrar サイドカーを通して）のときに書きます。kubelet はドライバーのトポロジーのキーを、自分の Node のラベルにもします。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/CSINode'],
    paths: ['spec.drivers[*].allocatable', 'spec.drivers[*].allocatable.**'],
    docs: `${docs}/concepts/storage/storage-limits/#dynamic-volume-limits`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Written by the kubelet when the CSI driver registers, from the maximum number of volumes the driver reports for the node (NodeGetInfo). Since v1.35 (the MutableCSINodeAllocatableCount feature gate, on by default; GA in v1.36) the count can change: the kubelet asks again every nodeAllocatableUpdatePeriodSeconds set in the CSIDriver, and at once after an attach fails with ResourceExhausted.', ja: 'CSI ドライバーの登録のときに、ドライバーがノードについて報告するボリュームの最大数（NodeGetInfo）から kubelet が書きます。v1.35 から（MutableCSINodeAllocatableCount のフィーチャーゲート。既定で有効、v1.36 で GA）この数は変わり得ます。kubelet は CSIDriver の nodeAllocatableUpdatePeriodSeconds ごとに、またアタッチが ResourceExhausted で失敗するとすぐに、尋ね直します。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Honours that limit: it does not place a Pod on the node if the node would then use more volumes of this driver than count.', ja: 'その上限を守り、このドライバーのボリュームの数が count を超えることになるなら、Pod をそのノードに置きません。' },
    ],
  },
  // Dynamic resource allocation (resource.k8s.io, stable since v1.34)
  {
    kinds: ['resource.k8s.io/ResourceClaim'],
    paths: ['spec', 'spec.**'],
    docs: dra,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', writesOther: 'status.allocation', en: 'When a Pod that uses this claim is scheduled, the scheduler picks devices from the ResourceSlices that match these requests, writes the allocation into the claim\'s status and places the Pod on a node that can reach them (dynamic resource allocation, stable since v1.34).', ja: 'このクレームを使う Pod をスケジュールするとき、kube-scheduler が ResourceSlice からこれらの要求に合うデバイスを選び、割り当てをクレームの status に書き込み、それらのデバイスを使えるノードに Pod を置きます（Dynamic Resource Allocation、v1.34 から stable）。' },
      { id: 'kubelet', when: 'run-time', en: 'With the DRA driver on the node, prepares the allocated devices for the Pods that use the claim.', ja: 'ノードの DRA ドライバーと一緒に、割り当てられたデバイスをクレームを使う Pod のために用意します。' },
    ],
  },
  {
    kinds: ['resource.k8s.io/ResourceClaim'],
    paths: ['status', 'status.allocation', 'status.allocation.**', 'status.reservedFor', 'status.reservedFor[*]', 'status.reservedFor[*].**'],
    docs: dra,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', writes: true, en: 'Written by the scheduler when it schedules a Pod that uses the claim: the devices allocated to the claim, and that Pod added to reservedFor.', ja: 'クレームを使う Pod をスケジュールするときに kube-scheduler が書きます。クレームに割り当てたデバイスと、reservedFor に加えるその Pod です。' },
      { id: 'kube-controller-manager', when: 'continuously', writes: true, en: 'The resourceclaim controller also writes reservedFor: it drops Pods that are gone or will not run any more, and reserves an already allocated claim for a Pod placed on a node without the scheduler (spec.nodeName set). When the last consumer stops using the claim, it deallocates it (clears allocation), so the devices are free again.', ja: 'resourceclaim のコントローラーも reservedFor を書きます。消えた Pod やもう動かない Pod を取り除き、スケジューラーを通さずにノードに置かれた Pod（spec.nodeName を指定）のために、割り当て済みのクレームを予約します。最後の利用者がクレームを使わなくなると割り当てを解除し（allocation を消し）、デバイスを空けます。' },
      { id: 'kubelet', when: 'run-time', en: 'Reads the allocation so that the DRA driver on the node can prepare those devices.', ja: '割り当てを読み、ノードの DRA ドライバーがそのデバイスを用意できるようにします。' },
    ],
  },
  {
    kinds: ['resource.k8s.io/ResourceClaim'],
    paths: ['status.devices', 'status.devices[*]', 'status.devices[*].**'],
    docs: `${docs}/concepts/resource-management/dynamic-resource-allocation/dra-observability/#resourceclaim-device-status`,
    actors: [
      { id: 'add-on', named: 'the DRA driver', when: 'run-time', writes: true, en: 'Not the scheduler: the DRA driver of each allocated device reports that device\'s status here (conditions, driver-specific data, networkData such as the IP addresses of a network interface), as it prepares and runs it. On by default since v1.33 (the DRAResourceClaimDeviceStatus feature gate, GA in v1.37).', ja: 'スケジューラーではありません。割り当てられた各デバイスの DRA ドライバーが、デバイスを用意して動かしながら、その状態をここに報告します（conditions、ドライバー独自のデータ、ネットワークインターフェースの IP アドレスなどの networkData）。v1.33 から既定で有効です（DRAResourceClaimDeviceStatus のフィーチャーゲート。v1.37 で GA）。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Reads it only for devices whose ResourceSlice names binding conditions: since v1.36 (the DRADeviceBindingConditions feature gate, on by default) the scheduler holds the Pod\'s binding until the driver sets those conditions True here, and gives up on a binding failure condition or a timeout (10 minutes by default).', ja: 'ResourceSlice がバインディングの条件を指定したデバイスについてだけ読みます。v1.36 から（DRADeviceBindingConditions のフィーチャーゲート。既定で有効）スケジューラーは、ドライバーがここでその条件を True にするまで Pod のバインドを待ち、失敗の条件が立つかタイムアウト（既定で 10 分）になればあきらめます。' },
    ],
  },
  {
    kinds: ['resource.k8s.io/ResourceClaimTemplate'],
    paths: ['spec', 'spec.**'],
    docs: dra,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writesOther: 'ResourceClaim', en: 'For each Pod whose spec.resourceClaims names this template, the resourceclaim controller creates a ResourceClaim from it, bound to that Pod and deleted when the Pod terminates.', ja: 'spec.resourceClaims でこのテンプレートを指定した Pod ごとに、resourceclaim のコントローラーがここから ResourceClaim を作ります。そのクレームはその Pod のもので、Pod が終わると削除されます。' },
    ],
  },
  {
    kinds: ['resource.k8s.io/DeviceClass'],
    paths: ['spec', 'spec.**'],
    docs: dra,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Applies the class\'s selectors (and configuration) to every device request that names this class when it allocates devices for a claim. Created by a cluster administrator or installed with a DRA driver.', ja: 'クレームにデバイスを割り当てるとき、このクラスを指定したデバイスの要求に、クラスのセレクター（と設定）を当てはめます。クラスタ管理者が作るか、DRA ドライバーと一緒に入ります。' },
    ],
  },
  {
    kinds: ['resource.k8s.io/DeviceClass'],
    paths: ['spec.extendedResourceName'],
    docs: `${docs}/concepts/configuration/manage-resources-containers/#extended-resources-allocation-by-dra`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', writesOther: 'ResourceClaim', en: 'Since v1.36 on by default (the DRAExtendedResource feature gate, GA in v1.37): a Pod that requests this extended resource in its containers\' resources, on a node where no device plugin provides it, gets devices of this class; kube-scheduler allocates them and creates a ResourceClaim for the Pod itself, naming it in the Pod\'s status.extendedResourceClaimStatus.', ja: 'v1.36 から既定で有効です（DRAExtendedResource のフィーチャーゲート。v1.37 で GA）。コンテナの resources でこの拡張リソースを要求する Pod は、デバイスプラグインがそれを提供しないノードでは、このクラスのデバイスを受け取ります。kube-scheduler がデバイスを割り当て、Pod のための ResourceClaim を自分で作り、その名前を Pod の status.extendedResourceClaimStatus に書きます。' },
      { id: 'kubelet', when: 'run-time', en: 'With the DRA driver on the node, prepares those devices for the containers that requested the extended resource.', ja: 'ノードの DRA ドライバーと一緒に、拡張リソースを要求したコンテナのためにそれらのデバイスを用意します。' },
    ],
  },
  {
    kinds: ['resource.k8s.io/ResourceSlice'],
    paths: ['spec', 'spec.**'],
    docs: dra,
    actors: [
      { id: 'add-on', named: 'the DRA driver', when: 'continuously', writes: true, en: 'Created and kept up to date by the DRA driver of spec.driver: the devices of a pool and the nodes that can reach them.', ja: 'spec.driver の DRA ドライバーが作り、最新に保ちます。プールのデバイスと、それを使えるノードです。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Allocates devices from these slices to ResourceClaims.', ja: 'これらのスライスから ResourceClaim にデバイスを割り当てます。' },
    ],
  },
];
