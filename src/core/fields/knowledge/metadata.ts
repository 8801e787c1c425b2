import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const wellKnown = `${docs}/reference/labels-annotations-taints/`;

/** Fields every object has, and the labels and annotations components read or write. */
export const metadataEntries: readonly FieldEntry[] = [
  {
    kinds: ['*'],
    paths: ['apiVersion', 'kind'],
    docs: `${docs}/concepts/overview/working-with-objects/#required-fields`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Selects the API resource and schema the object is validated against; kube-apiserver converts it and stores it in etcd in the resource\'s storage version.', ja: 'オブジェクトを検証する API のリソースとスキーマを決めます。kube-apiserver が変換し、etcd にはリソースの保存用のバージョンで保存します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata'],
    docs: `${docs}/reference/kubernetes-api/common-definitions/object-meta/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Validates it and fills in the system fields (uid, resourceVersion, creationTimestamp, generation, managedFields).', ja: '検証し、システムの項目（uid、resourceVersion、creationTimestamp、generation、managedFields）を書き込みます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.name'],
    docs: `${docs}/concepts/overview/working-with-objects/names/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Validates it and keeps it unique per kind (and namespace); it cannot be changed later.', ja: '検証し、種類ごと（と Namespace ごと）に重複しないようにします。後から変えられません。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.generateName'],
    docs: `${docs}/reference/kubernetes-api/common-definitions/object-meta/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Appends a random suffix to make metadata.name when the object is created (controllers name their Pods this way).', ja: '作成時に後ろにランダムな文字列を足して metadata.name にします（コントローラーは Pod の名前をこうして付けます）。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.namespace'],
    docs: `${docs}/concepts/overview/working-with-objects/namespaces/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Scopes the name; the NamespaceLifecycle admission plugin rejects objects in a namespace that does not exist or is being deleted.', ja: '名前の範囲を決めます。NamespaceLifecycle のアドミッションプラグインは、存在しないか削除中の Namespace のオブジェクトを拒否します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.uid', 'metadata.creationTimestamp'],
    docs: `${docs}/concepts/overview/working-with-objects/names/#uids`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Set by kube-apiserver when the object is created; a value in a manifest is ignored.', ja: '作成時に kube-apiserver が設定します。マニフェストに書いた値は無視されます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.resourceVersion'],
    docs: `${docs}/reference/using-api/api-concepts/#resource-versions`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Set on every write from etcd\'s revision; an update carrying an old value is rejected (optimistic concurrency), and watches resume from it.', ja: '書き込みのたびに etcd のリビジョンから設定します。古い値を持った更新は拒否され（楽観的な並行制御）、監視（watch）はこの値から再開します。' },
      { id: 'etcd', when: 'on-change', en: 'Its revision counter is where the value comes from.', ja: 'この値のもとは etcd のリビジョンの番号です。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.generation'],
    docs: `${docs}/reference/kubernetes-api/common-definitions/object-meta/`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Incremented on every change of the desired state (spec); controllers copy it to status.observedGeneration once they have acted on it.', ja: '望ましい状態（spec）が変わるたびに増やします。コントローラーは対応し終えると status.observedGeneration に写します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.managedFields', 'metadata.managedFields[*]', 'metadata.managedFields[*].**'],
    docs: `${docs}/reference/using-api/server-side-apply/#field-management`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Records which manager (kubectl, a controller, the kubelet …) last set which fields, for server-side apply conflicts. Writes through some subresources, such as a binding, may leave no entry.', ja: 'どのマネージャー（kubectl、コントローラー、kubelet など）がどの項目を最後に設定したかを記録し、server-side apply の衝突の判定に使います。binding など一部のサブリソースからの書き込みは記録されないことがあります。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.labels', 'metadata.labels.*'],
    docs: `${docs}/concepts/overview/working-with-objects/labels/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stores them and filters list and watch requests by label selector; components act on labels only through their selectors.', ja: '保存し、list と watch のリクエストをラベルセレクターで絞り込みます。コンポーネントはセレクターを通してだけラベルを使います。' },
      { id: 'kube-controller-manager', when: 'continuously', en: 'Controllers select by labels: a ReplicaSet or Job counts the Pods its selector matches, the EndpointSlice controller picks a Service\'s Pods.', ja: 'コントローラーはラベルで選びます。ReplicaSet や Job はセレクターに一致する Pod を数え、EndpointSlice のコントローラーは Service の Pod を選びます。' },
      { id: 'kube-scheduler', when: 'on-change', en: 'Matches Pod labels for inter-Pod affinity and topology spread, and node labels for nodeSelector and node affinity.', ja: 'Pod 間の affinity と topology spread では Pod のラベルを、nodeSelector と node affinity ではノードのラベルを照合します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.annotations', 'metadata.annotations.*'],
    docs: `${docs}/concepts/overview/working-with-objects/annotations/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stored by kube-apiserver; only a tool or controller that knows this key reads it (no built-in component reads an arbitrary annotation).', ja: 'kube-apiserver が保存します。このキーを知っているツールやコントローラーだけが読みます（組み込みのコンポーネントは任意のアノテーションを読みません）。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.ownerReferences', 'metadata.ownerReferences[*]', 'metadata.ownerReferences[*].**'],
    docs: `${docs}/concepts/overview/working-with-objects/owners-dependents/`,
    actors: [
      { id: 'kube-controller-manager', controller: 'garbage-collector', when: 'continuously', en: 'Deletes this object once every owner is gone (background or foreground cascading deletion); controllers write these references when they create or adopt objects (controller: true marks the managing one).', ja: '所有者がすべて無くなると、このオブジェクトを削除します（バックグラウンドまたはフォアグラウンドの連鎖削除）。コントローラーはオブジェクトを作るか引き取るときにこの参照を書きます（controller: true が管理する側の印です）。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Validates the references; blockOwnerDeletion makes a foreground deletion of the owner wait for this object.', ja: '参照を検証します。blockOwnerDeletion があると、所有者のフォアグラウンド削除はこのオブジェクトを待ちます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.finalizers', 'metadata.finalizers[*]'],
    docs: `${docs}/concepts/overview/working-with-objects/finalizers/`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', en: 'While the list is not empty, a delete only sets deletionTimestamp; the object is removed when the last finalizer is gone.', ja: 'リストが空でない間、削除は deletionTimestamp を設定するだけです。最後の finalizer が無くなるとオブジェクトが消えます。' },
      { id: 'kube-controller-manager', when: 'on-change', en: 'The controller owning each key does its cleanup and removes it, e.g. garbage-collector (foregroundDeletion, orphan), persistentvolumeclaim-protection (kubernetes.io/pvc-protection).', ja: 'それぞれのキーを受け持つコントローラーが後始末をして取り除きます。たとえば garbage-collector（foregroundDeletion、orphan）、persistentvolumeclaim-protection（kubernetes.io/pvc-protection）。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.deletionTimestamp', 'metadata.deletionGracePeriodSeconds'],
    docs: `${docs}/concepts/overview/working-with-objects/finalizers/#how-finalizers-work`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Set by kube-apiserver when a delete is requested but cannot finish yet (finalizers, or a Pod\'s graceful termination).', ja: '削除を求められたがすぐには終われないとき（finalizer や Pod の猶予期間）、kube-apiserver が設定します。' },
      { id: 'kubelet', when: 'run-time', en: 'For a Pod: stops its containers within the grace period, then deletes the Pod object.', ja: 'Pod なら、猶予期間の中でコンテナを止め、その後 Pod のオブジェクトを削除します。' },
    ],
  },
  // Well-known labels and annotations.
  {
    kinds: ['*'],
    paths: ['metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]'],
    docs: wellKnown,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stored by kube-apiserver; nothing in the cluster reads it. kubectl apply (client-side) writes it and reads it back on the next apply to compute what to remove.', ja: 'kube-apiserver が保存するだけで、クラスタの中では誰も読みません。kubectl apply（クライアント側）が書き、次の apply で消す項目を求めるために読み返します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['metadata.annotations["kubectl.kubernetes.io/restartedAt"]'],
    docs: `${docs}/reference/kubectl/generated/kubectl_rollout/kubectl_rollout_restart/`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', en: 'kubectl rollout restart writes it into the Pod template; the change of template makes the workload\'s controller replace every Pod. Nothing reads the value itself.', ja: 'kubectl rollout restart が Pod テンプレートに書きます。テンプレートが変わるので、ワークロードのコントローラーがすべての Pod を作り直します。値そのものは誰も読みません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['metadata.annotations["kubernetes.io/config.mirror"]', 'metadata.annotations["kubernetes.io/config.source"]', 'metadata.annotations["kubernetes.io/config.hash"]', 'metadata.annotations["kubernetes.io/config.seen"]'],
    docs: `${docs}/tasks/configure-pod-container/static-pod/`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Written by the kubelet on the mirror Pod it publishes for a static Pod (one it runs from a file, e.g. /etc/kubernetes/manifests); such a Pod cannot be controlled through the API.', ja: 'kubelet が静的 Pod（/etc/kubernetes/manifests などのファイルから動かす Pod）のために公開するミラー Pod に書きます。こうした Pod は API から操作できません。' },
    ],
  },
  {
    kinds: ['Pod', 'apps/ReplicaSet'],
    paths: ['metadata.labels["pod-template-hash"]'],
    docs: `${docs}/concepts/workloads/controllers/deployment/#pod-template-hash-label`,
    actors: [
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writes: true, en: 'Added by the Deployment controller to each ReplicaSet and its Pods, so ReplicaSets of one Deployment never select each other\'s Pods.', ja: 'Deployment のコントローラーが各 ReplicaSet とその Pod に付けます。同じ Deployment の ReplicaSet どうしが互いの Pod を選ばないようにするためです。' },
    ],
  },
  {
    kinds: ['Pod', 'apps/ControllerRevision'],
    paths: ['metadata.labels["controller-revision-hash"]'],
    docs: wellKnown,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Set by the DaemonSet and StatefulSet controllers to the revision of the template a Pod was made from; they compare it to roll out updates.', ja: 'DaemonSet と StatefulSet のコントローラーが、Pod のもとになったテンプレートのリビジョンを設定します。更新を展開するときに比べます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['metadata.labels["statefulset.kubernetes.io/pod-name"]', 'metadata.labels["apps.kubernetes.io/pod-index"]'],
    docs: `${docs}/concepts/workloads/controllers/statefulset/#pod-name-label`,
    actors: [
      { id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writes: true, en: 'Set by the StatefulSet controller on each Pod (its stable name and ordinal), so a Service can select one particular Pod.', ja: 'StatefulSet のコントローラーが各 Pod に付けます（変わらない名前と序数）。Service が特定の Pod を選べます。' },
    ],
  },
  {
    kinds: ['Pod', 'batch/Job'],
    paths: ['metadata.labels["batch.kubernetes.io/job-name"]', 'metadata.labels["batch.kubernetes.io/controller-uid"]', 'metadata.labels["job-name"]', 'metadata.labels["controller-uid"]'],
    docs: wellKnown,
    actors: [
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', writes: true, en: 'Set by the Job controller on the Job\'s Pods (and its generated selector), to find them again.', ja: 'Job のコントローラーが Job の Pod（と自動で作るセレクター）に付け、あとで見つけるのに使います。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: ['metadata.labels["kubernetes.io/metadata.name"]'],
    docs: wellKnown,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Set by kube-apiserver on every Namespace to its name, so selectors (NetworkPolicy, webhooks) can select a namespace by name.', ja: 'kube-apiserver がすべての Namespace にその名前を値として付けます。セレクター（NetworkPolicy、Webhook）で Namespace を名前で選べます。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: ['metadata.labels["pod-security.kubernetes.io/enforce"]', 'metadata.labels["pod-security.kubernetes.io/audit"]', 'metadata.labels["pod-security.kubernetes.io/warn"]', 'metadata.labels["pod-security.kubernetes.io/enforce-version"]', 'metadata.labels["pod-security.kubernetes.io/audit-version"]', 'metadata.labels["pod-security.kubernetes.io/warn-version"]'],
    docs: `${docs}/concepts/security/pod-security-admission/`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The Pod Security admission controller checks every Pod of this namespace against the level: enforce rejects, audit records, warn warns.', ja: 'Pod Security のアドミッションコントローラーが、この Namespace のすべての Pod をレベルに照らして確かめます。enforce は拒否、audit は記録、warn は警告します。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['metadata.labels["kubernetes.io/hostname"]', 'metadata.labels["kubernetes.io/os"]', 'metadata.labels["kubernetes.io/arch"]'],
    docs: wellKnown,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Set by the kubelet when it registers its Node.', ja: 'kubelet がノードを登録するときに付けます。' },
      { id: 'kube-scheduler', when: 'on-change', en: 'Matched by nodeSelector and affinity; kubernetes.io/hostname is the usual per-node topology key.', ja: 'nodeSelector と affinity で照合されます。kubernetes.io/hostname はノード単位のトポロジーのキーとしてよく使われます。' },
    ],
  },
  {
    kinds: ['Node', 'PersistentVolume'],
    paths: ['metadata.labels["topology.kubernetes.io/zone"]', 'metadata.labels["topology.kubernetes.io/region"]', 'metadata.labels["node.kubernetes.io/instance-type"]'],
    docs: wellKnown,
    actors: [
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', writes: true, en: 'Set from the cloud provider\'s data (or by the kubelet from its configuration where there is no cloud).', ja: 'クラウドプロバイダーの情報から設定されます（クラウドが無ければ kubelet が自分の設定から付けます）。' },
      { id: 'kube-scheduler', when: 'on-change', en: 'Spreads Pods across zones and keeps Pods in the zone of their volumes.', ja: 'Pod をゾーンに散らし、ボリュームと同じゾーンに Pod を置きます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['metadata.labels["node-role.kubernetes.io/control-plane"]', 'metadata.labels["node-role.kubernetes.io/master"]', 'metadata.labels["node-role.kubernetes.io/*"]'],
    docs: wellKnown,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Put there by kubeadm (kind, minikube) on control-plane nodes, with a matching taint; kubectl shows it in the ROLES column. kube-apiserver stores it; it is the taint, not this label, that keeps ordinary Pods off (the scheduler reads a label only when a Pod selects on it).', ja: 'kubeadm（kind、minikube）がコントロールプレーンのノードに、対応する taint と一緒に付けます。kubectl は ROLES の列に表示します。kube-apiserver が保存します。ふつうの Pod を遠ざけるのはこのラベルではなく taint です（kube-scheduler がラベルを読むのは、Pod がそれで選ぶときだけです）。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['metadata.labels["node.kubernetes.io/exclude-from-external-load-balancers"]'],
    docs: wellKnown,
    actors: [
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', en: 'The service controller leaves this node out of cloud load balancers\' backends.', ja: 'service のコントローラーが、このノードをクラウドのロードバランサーの転送先から外します。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['metadata.labels["kubernetes.io/service-name"]', 'metadata.labels["endpointslice.kubernetes.io/managed-by"]'],
    docs: `${docs}/concepts/services-networking/endpoint-slices/#ownership`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'Set by the EndpointSlice controller (managed-by: endpointslice-controller.k8s.io) on the slices it writes for a Service.', ja: 'EndpointSlice のコントローラーが、Service のために書くスライスに付けます（managed-by: endpointslice-controller.k8s.io）。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Uses kubernetes.io/service-name to join each slice to its Service.', ja: 'kubernetes.io/service-name で各スライスを Service に結び付けます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['metadata.labels["service.kubernetes.io/service-proxy-name"]'],
    docs: wellKnown,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'kube-proxy ignores Services with this label: another proxy handles them.', ja: 'このラベルの付いた Service を kube-proxy は扱いません。別のプロキシーが受け持ちます。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/StorageClass'],
    paths: ['metadata.annotations["storageclass.kubernetes.io/is-default-class"]'],
    docs: `${docs}/concepts/storage/storage-classes/#default-storageclass`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The DefaultStorageClass admission plugin gives this class to new PersistentVolumeClaims that name none.', ja: 'DefaultStorageClass のアドミッションプラグインが、クラスを指定しない新しい PersistentVolumeClaim にこのクラスを設定します。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', en: 'Also assigns it to existing claims left without a class.', ja: 'クラスが無いまま残っている既存のクレームにも設定します。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['metadata.annotations["volume.kubernetes.io/selected-node"]'],
    docs: `${docs}/concepts/storage/storage-classes/#volume-binding-mode`,
    actors: [
      { id: 'kube-scheduler', when: 'on-change', writes: true, en: 'Written by the scheduler for WaitForFirstConsumer claims once it has chosen a node for the first Pod using it.', ja: 'WaitForFirstConsumer のクレームで、最初に使う Pod のノードを決めたときに kube-scheduler が書きます。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'The provisioner creates the volume where that node can reach it.', ja: 'プロビジョナーは、そのノードから使える場所にボリュームを作ります。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['metadata.annotations["volume.kubernetes.io/storage-provisioner"]', 'metadata.annotations["volume.beta.kubernetes.io/storage-provisioner"]', 'metadata.annotations["pv.kubernetes.io/bind-completed"]', 'metadata.annotations["pv.kubernetes.io/bound-by-controller"]'],
    docs: `${docs}/concepts/storage/persistent-volumes/#dynamic`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Written by the PersistentVolume controller to hand the claim to a provisioner and to record the binding.', ja: 'PersistentVolume のコントローラーが、クレームをプロビジョナーに渡し、バインドを記録するために書きます。' },
    ],
  },
  {
    kinds: ['Secret'],
    paths: ['metadata.annotations["kubernetes.io/service-account.name"]', 'metadata.annotations["kubernetes.io/service-account.uid"]'],
    docs: `${docs}/concepts/configuration/secret/#serviceaccount-token-secrets`,
    actors: [
      { id: 'kube-controller-manager', controller: 'serviceaccount-token', when: 'on-change', writes: true, en: 'For type kubernetes.io/service-account-token, the token controller fills in a long-lived token for this ServiceAccount (a legacy mechanism; Pods get short-lived tokens instead).', ja: 'type が kubernetes.io/service-account-token なら、トークンのコントローラーがこの ServiceAccount の長期間有効なトークンを書き込みます（古い仕組みで、Pod には短命なトークンが使われます）。' },
    ],
  },
  {
    kinds: ['apps/Deployment', 'apps/ReplicaSet'],
    paths: ['metadata.annotations["deployment.kubernetes.io/revision"]', 'metadata.annotations["deployment.kubernetes.io/desired-replicas"]', 'metadata.annotations["deployment.kubernetes.io/max-replicas"]'],
    docs: `${docs}/concepts/workloads/controllers/deployment/#checking-rollout-history-of-a-deployment`,
    actors: [
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writes: true, en: 'Written by the Deployment controller to number rollouts (kubectl rollout history/undo read it).', ja: 'Deployment のコントローラーがロールアウトに番号を付けるために書きます（kubectl rollout history/undo が読みます）。' },
    ],
  },
];
