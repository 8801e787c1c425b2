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
    kinds: ['admissionregistration.k8s.io/ValidatingWebhookConfiguration', 'admissionregistration.k8s.io/MutatingWebhookConfiguration'],
    paths: ['webhooks', 'webhooks[*]', 'webhooks[*].**'],
    docs: `${docs}/reference/access-authn-authz/extensible-admission-controllers/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'kube-apiserver calls these webhooks while admitting every matching request (mutating ones first, then validating ones); failurePolicy decides what happens when a webhook cannot be reached.', ja: 'kube-apiserver が、一致するすべてのリクエストの受け付け中にこれらの Webhook を呼びます（変更するものが先、検証するものが後）。Webhook に届かないときの扱いは failurePolicy で決まります。' },
    ],
  },
  {
    kinds: ['apiregistration.k8s.io/APIService'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/concepts/extend-kubernetes/api-extension/apiserver-aggregation/`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'The aggregation layer of kube-apiserver proxies requests for this group and version to the named Service (e.g. metrics-server for metrics.k8s.io).', ja: 'kube-apiserver の集約レイヤーが、このグループとバージョンへのリクエストを指定の Service（metrics.k8s.io なら metrics-server など）へ中継します。' },
    ],
  },
  {
    kinds: ['flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/concepts/cluster-administration/flow-control/`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'API Priority and Fairness in kube-apiserver classifies each request by FlowSchema and queues it in its priority level, so one client cannot starve the others.', ja: 'kube-apiserver の API Priority and Fairness が、各リクエストを FlowSchema で分類して優先度のレベルのキューに入れ、1 つのクライアントがほかを締め出さないようにします。' },
    ],
  },
  {
    kinds: ['certificates.k8s.io/CertificateSigningRequest'],
    paths: ['spec', 'spec.**', 'status', 'status.**'],
    docs: `${docs}/reference/access-authn-authz/certificate-signing-requests/`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Once the request is approved (by a person, or by kube-controller-manager for kubelet certificates), kube-controller-manager\'s signer issues the certificate for the built-in signerNames into status.certificate.', ja: '承認されると（人が、または kubelet の証明書なら kube-controller-manager が承認）、組み込みの signerName なら kube-controller-manager の署名器が status.certificate に証明書を発行します。' },
      { id: 'kubelet', when: 'run-time', en: 'The kubelet requests its client (and optionally serving) certificates this way and rotates them.', ja: 'kubelet は自分のクライアント証明書（と、必要ならサーバー証明書）をこの方法で求め、更新します。' },
    ],
  },
  {
    kinds: ['networking.k8s.io/IngressClass'],
    paths: ['spec', 'spec.controller', 'spec.parameters', 'spec.parameters.**', 'metadata.annotations["ingressclass.kubernetes.io/is-default-class"]'],
    docs: `${docs}/concepts/services-networking/ingress/#ingress-class`,
    actors: [
      { id: 'ingress-controller', when: 'continuously', en: 'The ingress controller whose name is spec.controller handles the Ingresses of this class; the is-default-class annotation makes it the class of Ingresses that name none.', ja: 'spec.controller の名前の Ingress コントローラーが、このクラスの Ingress を扱います。is-default-class のアノテーションがあれば、クラスを指定しない Ingress のクラスになります。' },
    ],
  },
  {
    kinds: ['ReplicationController'],
    paths: ['spec', 'spec.replicas', 'spec.selector', 'spec.selector.*', 'spec.template', 'spec.template.metadata', 'status', 'status.**'],
    docs: `${docs}/concepts/workloads/controllers/replicationcontroller/`,
    actors: [
      { id: 'kube-controller-manager', controller: 'replicationcontroller', when: 'continuously', en: 'The replication controller keeps this many Pods matching the selector (the older form of a ReplicaSet; a Deployment is preferred).', ja: 'replicationcontroller のコントローラーが、セレクターに一致する Pod をこの数に保ちます（ReplicaSet の古い形で、Deployment が勧められています）。' },
    ],
  },
  {
    kinds: ['apps/ControllerRevision'],
    paths: ['data', 'data.**', 'revision'],
    docs: `${docs}/reference/kubernetes-api/workload-resources/controller-revision-v1/`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Written by the DaemonSet and StatefulSet controllers: a snapshot of one version of the template, kept for rollbacks.', ja: 'DaemonSet と StatefulSet のコントローラーが書きます。テンプレートのある版の写しで、ロールバックのために残されます。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/VolumeAttachment'],
    paths: ['spec', 'spec.**', 'status', 'status.**'],
    docs: `${docs}/reference/kubernetes-api/config-and-storage-resources/volume-attachment-v1/`,
    actors: [
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', writes: true, en: 'Created by the attach/detach controller to ask that a CSI volume be attached to a node; the CSI driver\'s external-attacher does it and writes status.attached.', ja: 'attach/detach のコントローラーが、CSI のボリュームをノードにアタッチするよう求めて作ります。CSI ドライバーの external-attacher がアタッチして status.attached を書きます。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/CSIDriver'],
    paths: ['spec', 'spec.**'],
    docs: `${docs}/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Tells the kubelet (and the attach/detach controller) how to treat the driver\'s volumes: whether to attach them, pass Pod information, change fsGroup.', ja: 'ドライバーのボリュームの扱い方（アタッチするか、Pod の情報を渡すか、fsGroup を変えるか）を kubelet（と attach/detach のコントローラー）に伝えます。' },
    ],
  },
];
