import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';

/** Kinds that extend or configure the API itself, and a few more built-in kinds people meet in kube-system. */
export const extensionEntries: readonly FieldEntry[] = [
  {
    kinds: ['apiextensions.k8s.io/CustomResourceDefinition'],
    paths: ['spec', 'spec.group', 'spec.names', 'spec.names.**', 'spec.scope', 'spec.versions', 'spec.versions[*]', 'spec.versions[*].**'],
    docs: `${docs}/concepts/extend-kubernetes/api-extension/custom-resources/#customresourcedefinitions`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', en: 'kube-apiserver starts serving a new resource with these names and versions, validates its objects against the schema and stores them in etcd; acting on them is the job of a controller you install.', ja: 'kube-apiserver がこの名前とバージョンで新しいリソースを提供し始め、そのオブジェクトをスキーマで検証して etcd に保存します。それに応じて動くのは、別に入れるコントローラーの役目です。' },
    ],
  },
  {
    kinds: ['apiextensions.k8s.io/CustomResourceDefinition'],
    paths: ['spec.conversion', 'spec.conversion.**'],
    docs: `${docs}/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning/#webhook-conversion`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'Converts objects whenever a version other than the storage version is read, written or watched. strategy None: it only changes apiVersion. Webhook: it sends the objects to the conversion webhook in spec.conversion.webhook (a ConversionReview) and uses the answer.', ja: '保存するバージョン以外で読み書きや監視（watch）されるたびに、オブジェクトを変換します。strategy が None なら apiVersion だけを変えます。Webhook なら、spec.conversion.webhook の変換 Webhook にオブジェクトを送り（ConversionReview）、その答えを使います。' },
      { id: 'add-on', named: 'the conversion webhook', when: 'run-time', en: 'Your webhook server converts the objects between versions; it may change only labels and annotations in their metadata.', ja: '変換 Webhook のサーバーが、オブジェクトをバージョンの間で変換します。metadata で変えてよいのは labels と annotations だけです。' },
    ],
  },
  {
    kinds: ['admissionregistration.k8s.io/ValidatingWebhookConfiguration', 'admissionregistration.k8s.io/MutatingWebhookConfiguration'],
    paths: ['webhooks', 'webhooks[*]', 'webhooks[*].**'],
    docs: `${docs}/reference/access-authn-authz/extensible-admission-controllers/#what-are-admission-webhooks`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'kube-apiserver calls these webhooks while admitting every matching request (mutating ones first, then validating ones); failurePolicy decides what happens when a webhook cannot be reached.', ja: 'kube-apiserver が、一致するすべてのリクエストの受け付け中にこれらの Webhook を呼びます（変更するものが先、検証するものが後）。Webhook に届かないときの扱いは failurePolicy で決まります。' },
    ],
  },
  {
    kinds: ['apiregistration.k8s.io/APIService'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/tasks/extend-kubernetes/configure-aggregation-layer/#register-apiservice-objects`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'The aggregation layer of kube-apiserver proxies requests for this group and version to the named Service (e.g. metrics-server for metrics.k8s.io). Without spec.service, kube-apiserver serves the group and version itself (a local APIService, as for the built-in groups).', ja: 'kube-apiserver の集約レイヤーが、このグループとバージョンへのリクエストを指定の Service（metrics.k8s.io なら metrics-server など）へ中継します。spec.service がなければ、kube-apiserver 自身がそのグループとバージョンを処理します（組み込みのグループと同じローカルの APIService）。' },
    ],
  },
  {
    kinds: ['flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/concepts/cluster-administration/flow-control/#concepts`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'API Priority and Fairness in kube-apiserver classifies each request by FlowSchema and queues it in its priority level, so one client cannot starve the others.', ja: 'kube-apiserver の API Priority and Fairness が、各リクエストを FlowSchema で分類して優先度のレベルのキューに入れ、1 つのクライアントがほかを締め出さないようにします。' },
    ],
  },
  {
    kinds: ['certificates.k8s.io/CertificateSigningRequest'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/reference/access-authn-authz/certificate-signing-requests/#approval-rejection-control-plane`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writesOther: 'status.conditions', en: 'Its csrapproving controller auto-approves only kubelet client certificates (signerName kubernetes.io/kube-apiserver-client-kubelet), after a SubjectAccessReview says the requester may; it never approves kubelet serving certificates (kubernetes.io/kubelet-serving) or any other request: a person (kubectl certificate approve) or another approver must.', ja: 'csrapproving のコントローラーが自動で承認するのは、kubelet のクライアント証明書（signerName kubernetes.io/kube-apiserver-client-kubelet）だけで、SubjectAccessReview で要求者に権限があると確かめてからです。kubelet のサーバー証明書（kubernetes.io/kubelet-serving）やほかの要求は承認しません。人（kubectl certificate approve）かほかの承認者が承認する必要があります。' },
      { id: 'kube-controller-manager', when: 'on-change', writesOther: 'status.certificate', en: 'Once the request is approved, kube-controller-manager\'s signer signs it for the built-in signerNames and writes the certificate into status.certificate.', ja: '承認されると、組み込みの signerName なら kube-controller-manager の署名器が署名し、status.certificate に証明書を書き込みます。' },
      { id: 'kubelet', when: 'run-time', en: 'The kubelet requests its client certificate this way (and, when configured, its serving certificate) and rotates them.', ja: 'kubelet は自分のクライアント証明書（と、設定されていればサーバー証明書）をこの方法で求め、更新します。' },
    ],
  },
  {
    kinds: ['certificates.k8s.io/CertificateSigningRequest'],
    paths: ['status.conditions', 'status.conditions[*]', 'status.conditions[*].**'],
    docs: `${docs}/reference/access-authn-authz/certificate-signing-requests/#approval-rejection-control-plane`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Approved is written through the approval subresource: by kube-controller-manager only for kubelet client certificates, otherwise by a person (kubectl certificate approve or deny) or another approver.', ja: 'Approved は approval サブリソースを通して書かれます。kube-controller-manager が書くのは kubelet のクライアント証明書だけで、それ以外は人（kubectl certificate approve / deny）かほかの承認者が書きます。' },
    ],
  },
  {
    kinds: ['certificates.k8s.io/CertificateSigningRequest'],
    paths: ['status'],
    docs: `${docs}/reference/access-authn-authz/certificate-signing-requests/#request-signing-process`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'The approval goes into status.conditions (by kube-controller-manager only for kubelet client certificates, otherwise by a person or another approver); then the signer writes status.certificate (kube-controller-manager for the built-in signerNames).', ja: '承認は status.conditions に書かれます（kube-controller-manager が書くのは kubelet のクライアント証明書だけで、それ以外は人かほかの承認者）。その後、署名器が status.certificate を書きます（組み込みの signerName なら kube-controller-manager）。' },
    ],
  },
  {
    kinds: ['certificates.k8s.io/CertificateSigningRequest'],
    paths: ['status.certificate'],
    docs: `${docs}/reference/access-authn-authz/certificate-signing-requests/#request-signing-process`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Written by the signer once the request is approved: kube-controller-manager for the built-in signerNames, another signer for the others.', ja: '承認された後に署名器が書きます。組み込みの signerName なら kube-controller-manager、それ以外ならその署名器です。' },
    ],
  },
  {
    kinds: ['networking.k8s.io/IngressClass'],
    paths: ['spec', 'spec.controller', 'spec.parameters', 'spec.parameters.**'],
    docs: `${docs}/concepts/services-networking/ingress/#ingress-class`,
    actors: [
      { id: 'ingress-controller', when: 'continuously', en: 'The ingress controller whose name is spec.controller handles the Ingresses of this class.', ja: 'spec.controller の名前の Ingress コントローラーが、このクラスの Ingress を扱います。' },
    ],
  },
  {
    kinds: ['networking.k8s.io/IngressClass'],
    paths: ['metadata.annotations["ingressclass.kubernetes.io/is-default-class"]'],
    docs: `${docs}/reference/access-authn-authz/admission-controllers/#defaultingressclass`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'Ingress', en: '"true" makes this the default class: the DefaultIngressClass admission plugin writes its name into spec.ingressClassName of each new Ingress that names no class (not on updates). With more than one default class it picks the newest since v1.25; before that it rejected new Ingresses that name no class.', ja: '"true" なら既定のクラスになります。DefaultIngressClass のアドミッションプラグインが、クラスを指定せずに作られる Ingress の spec.ingressClassName にこのクラスの名前を書き込みます（更新時は何もしません）。既定のクラスが複数あると、v1.25 からはいちばん新しいものを選び、それより前はクラスを指定しない新しい Ingress を拒否しました。' },
      { id: 'ingress-controller', when: 'continuously', en: 'The controller of this class then handles those Ingresses.', ja: 'その後、このクラスのコントローラーがそれらの Ingress を扱います。' },
    ],
  },
  {
    kinds: ['ReplicationController'],
    paths: ['spec', 'spec.replicas', 'spec.selector', 'spec.selector.*', 'spec.template', 'spec.template.metadata'],
    docs: `${docs}/concepts/workloads/controllers/replicationcontroller/#how-a-replicationcontroller-works`,
    actors: [
      { id: 'kube-controller-manager', controller: 'replicationcontroller', when: 'continuously', writesOther: 'Pod', en: 'The replication controller creates or deletes Pods to keep this many matching the selector (the older form of a ReplicaSet; a Deployment is preferred).', ja: 'replicationcontroller のコントローラーが Pod を作ったり消したりして、セレクターに一致する Pod をこの数に保ちます（ReplicaSet の古い形で、Deployment が勧められています）。' },
    ],
  },
  {
    kinds: ['ReplicationController'],
    paths: ['status', 'status.**'],
    docs: `${docs}/concepts/workloads/controllers/replicationcontroller/#how-a-replicationcontroller-works`,
    actors: [
      { id: 'kube-controller-manager', controller: 'replicationcontroller', when: 'continuously', writes: true, en: 'Written by the replication controller: how many Pods exist, are ready and available.', ja: 'replicationcontroller のコントローラーが書きます。Pod がいくつあり、いくつ ready で使用可能か。' },
    ],
  },
  {
    kinds: ['apps/ControllerRevision'],
    paths: ['data', 'data.**', 'revision'],
    docs: `${docs}/reference/kubernetes-api/workload-resources/controller-revision-v1/#ControllerRevision`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Written by the DaemonSet and StatefulSet controllers: a snapshot of one version of the template, kept for rollbacks.', ja: 'DaemonSet と StatefulSet のコントローラーが書きます。テンプレートのある版の写しで、ロールバックのために残されます。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/VolumeAttachment'],
    paths: ['spec', 'spec.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/volume/csi/csi_attacher.go',
    actors: [
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', writes: true, en: 'Created (spec) by the attach/detach controller to ask that a CSI volume be attached to a node; the CSI driver\'s external-attacher does it and writes the status (attached, attachmentMetadata, errors).', ja: 'attach/detach のコントローラーが、CSI のボリュームをノードにアタッチするよう求めて作ります（spec）。CSI ドライバーの external-attacher がアタッチし、status（attached、attachmentMetadata、エラー）を書きます。' },
      { id: 'add-on', named: 'the CSI driver\'s external-attacher', when: 'on-change', en: 'Reads the request and attaches (or, when it is deleted, detaches) the volume through the driver\'s controller plugin.', ja: '要求を読み、ドライバーのコントローラープラグインを通してボリュームをアタッチします（削除されればデタッチします）。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/VolumeAttachment'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/volume/csi/csi_attacher.go',
    actors: [
      { id: 'add-on', named: 'the CSI driver\'s external-attacher', when: 'on-change', writes: true, en: 'Written by the CSI driver\'s external-attacher, not the attach/detach controller: attached, attachmentMetadata and attachError/detachError, once it has asked the driver to attach or detach the volume.', ja: 'attach/detach のコントローラーではなく、CSI ドライバーの external-attacher が書きます。ドライバーにボリュームのアタッチやデタッチを求めた後に、attached、attachmentMetadata、attachError/detachError を書きます。' },
      { id: 'kubelet', when: 'run-time', en: 'On the node, waits for attached: true before mounting (an attachError fails that wait with its message, and the kubelet retries later), then passes attachmentMetadata to the driver\'s node plugin as the publish context of NodeStageVolume (and NodePublishVolume).', ja: 'ノードで attached: true を待ってからマウントし（attachError があれば、その内容で待ちを失敗にして後でやり直します）、attachmentMetadata を NodeStageVolume（と NodePublishVolume）の publish context としてドライバーのノードプラグインに渡します。' },
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', writesOther: 'the Node\'s status.volumesAttached', en: 'The attach/detach controller waits for attached: true, then lists the volume in the Node\'s status.volumesAttached; the kubelet mounts it only after that.', ja: 'attach/detach のコントローラーは attached: true になるのを待ってから、ボリュームを Node の status.volumesAttached に載せます。kubelet がマウントするのはその後です。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/CSIDriver'],
    paths: ['spec.storageCapacity'],
    docs: `${docs}/concepts/storage/storage-capacity/#scheduling`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'true: kube-scheduler considers storage capacity for this driver\'s volumes not yet created whose StorageClass uses volumeBindingMode WaitForFirstConsumer (never for CSI ephemeral inline volumes): it places the Pod only on a node for which the CSIStorageCapacity objects (published by the driver\'s deployment, usually its external-provisioner) show room for the volume. Since v1.37 (the StorageCapacityScoring feature gate, beta and on by default) it also scores those nodes by that capacity, preferring by default the one with the most free storage. The kubelet does not use this field.', ja: 'true なら、kube-scheduler がこのドライバーのまだ作られていないボリュームのうち、StorageClass の volumeBindingMode が WaitForFirstConsumer のもの（CSI のインラインのエフェメラルボリュームは対象外）について容量を考え、CSIStorageCapacity（ドライバーの配備、たいていその external-provisioner が公開します）がボリュームの入る余地を示すノードにだけ Pod を置きます。v1.37 からは（StorageCapacityScoring のフィーチャーゲート。ベータで既定で有効）その容量でノードに点数も付け、既定では空きのいちばん多いノードを優先します。kubelet はこのフィールドを使いません。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/CSIDriver'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/#CSIDriverSpec`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Tells the kubelet (and the attach/detach controller) how to treat the driver\'s volumes: whether to attach them, pass Pod information, change fsGroup.', ja: 'ドライバーのボリュームの扱い方（アタッチするか、Pod の情報を渡すか、fsGroup を変えるか）を kubelet（と attach/detach のコントローラー）に伝えます。' },
    ],
  },
];
