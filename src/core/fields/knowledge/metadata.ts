import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';

/** Fields every object has; the well-known labels, annotations and taints are in wellKnown.ts. */
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
    docs: `${docs}/reference/kubernetes-api/common-definitions/object-meta/#Read-only`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Validates it and fills in the system fields (uid, resourceVersion, creationTimestamp, managedFields, and generation for the kinds that track it: a ConfigMap or a Secret has none).', ja: '検証し、システムの項目（uid、resourceVersion、creationTimestamp、managedFields。generation はそれを持つ種類だけで、ConfigMap や Secret にはありません）を書き込みます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.name'],
    docs: `${docs}/concepts/overview/working-with-objects/names/#names`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Validates it and keeps it unique per kind (and namespace); it cannot be changed later.', ja: '検証し、種類ごと（と Namespace ごと）に重複しないようにします。後から変えられません。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.generateName'],
    docs: `${docs}/reference/using-api/api-concepts/#generated-values`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Only when metadata.name is not given: appends a random suffix to make metadata.name when the object is created (a ReplicaSet, a DaemonSet or a Job names its Pods this way). kubectl apply refuses a manifest with generateName and no name: use kubectl create.', ja: 'metadata.name が無いときだけ、作成時に後ろにランダムな文字列を足して metadata.name にします（ReplicaSet、DaemonSet、Job は Pod の名前をこうして付けます）。name が無く generateName だけのマニフェストは kubectl apply では適用できないので、kubectl create を使います。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.namespace'],
    docs: `${docs}/reference/access-authn-authz/admission-controllers/#namespacelifecycle`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Scopes the name; the NamespaceLifecycle admission plugin rejects requests in a namespace that does not exist, and the creation of objects in one being deleted.', ja: '名前の範囲を決めます。NamespaceLifecycle のアドミッションプラグインは、存在しない Namespace へのリクエストと、削除中の Namespace での新しいオブジェクトの作成を拒否します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.uid', 'metadata.creationTimestamp'],
    docs: `${docs}/concepts/overview/working-with-objects/names/#uids`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Set by kube-apiserver when the object is created; a value given on creation is ignored, and so is a changed creationTimestamp later. But a uid given on an update must be the object\'s own: one that differs is rejected (a manifest saved from an object since deleted and recreated fails to apply).', ja: '作成時に kube-apiserver が設定します。作成時に書いた値は無視され、後から creationTimestamp を変えても無視されます。ただし更新で uid を書くなら、そのオブジェクトの uid でなければなりません。違う uid は拒否されます（削除して作り直す前のオブジェクトから保存したマニフェストは適用できません）。' },
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
    docs: `${docs}/reference/kubernetes-api/common-definitions/object-meta/#Read-only`,
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
    paths: ['metadata.labels'],
    docs: `${docs}/concepts/overview/working-with-objects/labels/#api`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stores them and filters list and watch requests by label selector. Most components use labels through selectors, but some read well-known keys directly (Pod Security admission a Namespace\'s pod-security.kubernetes.io labels, the EndpointSlice controller a node\'s zone label): hover a key to see who.', ja: '保存し、list と watch のリクエストをラベルセレクターで絞り込みます。ほとんどのコンポーネントはセレクターを通してラベルを使いますが、よく知られたキーを直接読むものもあります（Pod Security のアドミッションは Namespace の pod-security.kubernetes.io のラベルを、EndpointSlice のコントローラーはノードのゾーンのラベルを読みます）。誰が読むかはキーにカーソルを合わせると分かります。' },
      { id: 'kube-controller-manager', when: 'continuously', en: 'Controllers select by labels: a ReplicaSet or Job counts the Pods its selector matches, the EndpointSlice controller picks a Service\'s Pods.', ja: 'コントローラーはラベルで選びます。ReplicaSet や Job はセレクターに一致する Pod を数え、EndpointSlice のコントローラーは Service の Pod を選びます。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Matches Pod labels for inter-Pod affinity and topology spread, and node labels for nodeSelector and node affinity.', ja: 'Pod 間の affinity と topology spread では Pod のラベルを、nodeSelector と node affinity ではノードのラベルを照合します。' },
    ],
  },
  {
    // A label key the registry of well-known keys (wellKnown.ts) does not have.
    kinds: ['*'],
    paths: ['metadata.labels.*'],
    docs: `${docs}/concepts/overview/working-with-objects/labels/#label-selectors`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stored by kube-apiserver. Who reads this key is not known to this product: a tool or controller that knows the key may read it, and any selector that names it (a Service\'s, a workload\'s, a NetworkPolicy\'s, an affinity rule) matches on it.', ja: 'kube-apiserver が保存します。このキーを誰が読むかは、この製品には分かりません。このキーを知っているツールやコントローラーが読むことがあり、このキーを指定したセレクター（Service、ワークロード、NetworkPolicy、affinity の規則のもの）はこれに一致します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.annotations'],
    docs: `${docs}/concepts/overview/working-with-objects/annotations/#attaching-metadata-to-objects`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stores them; annotations are not used to select objects. Each key is read by whatever knows it: a tool, a controller or a component.', ja: '保存します。アノテーションはオブジェクトを選ぶのには使われません。それぞれのキーは、そのキーを知っているもの（ツール、コントローラー、コンポーネント）が読みます。' },
    ],
  },
  {
    // An annotation key the registry of well-known keys (wellKnown.ts) does not have.
    kinds: ['*'],
    paths: ['metadata.annotations.*'],
    docs: `${docs}/concepts/overview/working-with-objects/annotations/#attaching-metadata-to-objects`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stored by kube-apiserver. Who reads this key is not known to this product: a tool or controller that knows the key may read it.', ja: 'kube-apiserver が保存します。このキーを誰が読むかは、この製品には分かりません。このキーを知っているツールやコントローラーが読むことがあります。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.ownerReferences', 'metadata.ownerReferences[*]', 'metadata.ownerReferences[*].**'],
    docs: `${docs}/concepts/overview/working-with-objects/owners-dependents/#owner-references-in-object-specifications`,
    actors: [
      { id: 'kube-controller-manager', controller: 'garbage-collector', when: 'continuously', en: 'Deletes this object once every owner is gone (background or foreground cascading deletion), except when an owner is deleted with orphan propagation (kubectl delete --cascade=orphan): then it only removes the reference, and this object stays. Controllers write these references when they create or adopt objects (controller: true marks the managing one).', ja: '所有者がすべて無くなると、このオブジェクトを削除します（バックグラウンドまたはフォアグラウンドの連鎖削除）。ただし所有者が orphan の伝播ポリシー（kubectl delete --cascade=orphan）で削除されたときは参照を取り除くだけで、このオブジェクトは残ります。コントローラーはオブジェクトを作るか引き取るときにこの参照を書きます（controller: true が管理する側の印です）。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Validates the references; blockOwnerDeletion makes a foreground deletion of the owner wait for this object.', ja: '参照を検証します。blockOwnerDeletion があると、所有者のフォアグラウンド削除はこのオブジェクトを待ちます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: ['metadata.finalizers'],
    docs: `${docs}/concepts/overview/working-with-objects/finalizers/#how-finalizers-work`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', en: 'While the list is not empty, a delete only sets deletionTimestamp; the object is removed when the last finalizer is gone.', ja: 'リストが空でない間、削除は deletionTimestamp を設定するだけです。最後の finalizer が無くなるとオブジェクトが消えます。' },
      { id: 'add-on', named: 'the controller that owns each key', when: 'on-change', writes: true, en: 'Each key is removed by the controller that owns it, after its cleanup: hover a key to see which (the garbage collector for foregroundDeletion and orphan, the PVC protection controller for kubernetes.io/pvc-protection, …).', ja: 'それぞれのキーは、受け持つコントローラーが後始末の後に取り除きます。どれが受け持つかはキーにカーソルを合わせると分かります（foregroundDeletion と orphan ならガベージコレクター、kubernetes.io/pvc-protection なら PVC 保護のコントローラー、など）。' },
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
];
