import type { FieldActor, FieldEntry, Localized } from '../types';

/**
 * The well-known labels, annotations and taints: the keys of the official page "Well-Known Labels,
 * Annotations and Taints", each with who sets it and who reads it, and that page's anchor for the key.
 * A few keys the page does not list (pod-template-hash, controller-revision-hash, deployment.kubernetes.io/*)
 * are here too, with the page that documents them.
 *
 * Labels are matched at `metadata.labels["key"]`, annotations at `metadata.annotations["key"]` (inside Pod
 * templates the lookup applies the Pod entries). Taints are values: a Node's `spec.taints[*].key` or a Pod's
 * `spec.tolerations[*].key` picks the entry whose `onlyIf` value equals it.
 */

const docs = 'https://kubernetes.io/docs';
/** The official page; every key has its own anchor on it (Hugo's blackfriday-style heading IDs, or an explicit `{#id}`). */
export const wellKnownPage = `${docs}/reference/labels-annotations-taints/`;
const at = (anchor: string): string => `${wellKnownPage}#${anchor}`;

const label = (key: string): string => `metadata.labels["${key}"]`;
const annotation = (key: string): string => `metadata.annotations["${key}"]`;

/** A Node's taint with this key. */
function taint(key: string, anchor: string, actors: readonly FieldActor[]): FieldEntry {
  return { kinds: ['Node'], paths: ['spec.taints[*].key'], onlyIf: { value: { equals: [key] } }, docs: at(anchor), actors };
}

/** A Pod's toleration of the taint with this key. */
function toleration(key: string, anchor: string, actors: readonly FieldActor[]): FieldEntry {
  return { kinds: ['Pod'], paths: ['spec.tolerations[*].key'], onlyIf: { value: { equals: [key] } }, docs: at(anchor), actors };
}

const recommendedStored: FieldActor = {
  id: 'kube-apiserver',
  when: 'admission',
  en: 'Stores it. No built-in component acts on this key: the recommended labels are for tools and queries (kubectl get -l) and are not required for any core tooling. A selector you write (a Service\'s, a Deployment\'s) matches on it like on any other label.',
  ja: '保存します。組み込みのコンポーネントはこのキーを使いません。推奨ラベルはツールや検索（kubectl get -l）のためのもので、コアのツールには必要ありません。あなたが書いたセレクター（Service や Deployment のもの）は、ほかのラベルと同じようにこのラベルにも一致します。',
};

/** One of the recommended labels (app.kubernetes.io/*). */
function recommended(key: string, meaning: Localized): FieldEntry {
  return {
    kinds: ['*'],
    paths: [label(key)],
    docs: at(key.replace(/[./]/g, '-')),
    actors: [
      {
        id: 'add-on',
        named: 'Helm',
        when: 'on-change',
        writes: true,
        en: `${meaning.en} One of the recommended labels: set by you or by the tool that deploys the application, such as Helm.`,
        ja: `${meaning.ja}推奨ラベルの 1 つで、あなたか、Helm のようなアプリケーションをデプロイするツールが付けます。`,
      },
      recommendedStored,
    ],
  };
}

const nodeLabelSelected: FieldActor = {
  id: 'kube-scheduler',
  when: 'scheduling',
  en: 'Matched when a Pod selects on it (nodeSelector, node affinity).',
  ja: 'Pod がこのラベルで選ぶとき（nodeSelector、node affinity）に照合します。',
};

const applysetKubectl = (what: Localized): FieldActor => ({
  id: 'kubectl',
  when: 'on-change',
  writes: true,
  en: `${what.en} Part of the ApplySet specification behind kubectl apply --prune --applyset (alpha).`,
  ja: `${what.ja}kubectl apply --prune --applyset（アルファ版）を支える ApplySet の仕様の一部です。`,
});

export const wellKnownEntries: readonly FieldEntry[] = [
  // Recommended labels: no built-in component acts on them.
  recommended('app.kubernetes.io/name', { en: 'The name of the application (mysql).', ja: 'アプリケーションの名前です（mysql）。' }),
  recommended('app.kubernetes.io/instance', { en: 'A unique name for this instance of the application (mysql-abcxyz).', ja: 'このアプリケーションのインスタンスを表す一意の名前です（mysql-abcxyz）。' }),
  recommended('app.kubernetes.io/version', { en: 'The current version of the application (a semantic version or a Git revision hash).', ja: 'アプリケーションの現在のバージョンです（セマンティックバージョンや Git のリビジョンのハッシュ）。' }),
  recommended('app.kubernetes.io/component', { en: 'The component within the application\'s architecture (database).', ja: 'アプリケーションの構成の中のコンポーネントです（database）。' }),
  recommended('app.kubernetes.io/part-of', { en: 'The higher-level application this object is part of (wordpress).', ja: 'このオブジェクトが属する、より上位のアプリケーションの名前です（wordpress）。' }),
  recommended('app.kubernetes.io/managed-by', { en: 'The tool that manages the application (helm).', ja: 'アプリケーションを管理しているツールです（helm）。' }),

  // kubectl and other client-side tools.
  {
    kinds: ['*'],
    paths: [annotation('kubectl.kubernetes.io/last-applied-configuration')],
    docs: at('kubectl-kubernetes-io-last-applied-configuration'),
    actors: [
      { id: 'kubectl', when: 'on-change', writes: true, en: 'kubectl apply (client-side apply, its default) writes the configuration you applied here and reads it back on the next apply to work out which fields you removed. A legacy mechanism, superseded by server-side apply.', ja: 'kubectl apply（クライアント側の apply。kubectl の既定）が、apply した設定をここに書き、次の apply で読み返して、消した項目を割り出します。古い仕組みで、server-side apply に置き換えられています。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'No controller acts on it; apart from kube-apiserver\'s server-side apply, nothing in the cluster reads it: when you switch to kubectl apply --server-side, kube-apiserver reads it to hand the fields client-side apply managed to kubectl without conflicts, and on kubectl\'s server-side applies it keeps the annotation, if present, up to date.', ja: 'コントローラーはこれを使いません。kube-apiserver の server-side apply を除けば、クラスタの中で読むものはありません。kubectl apply --server-side に切り替えると、kube-apiserver がこれを読み、クライアント側の apply が管理していた項目を衝突なしに kubectl に引き継ぎます。また kubectl の server-side apply のたびに、このアノテーションがあれば最新の内容に更新します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubectl.kubernetes.io/restartedAt')],
    docs: at('kubectl-k8s-io-restart-at'),
    actors: [
      { id: 'kubectl', when: 'on-change', writes: true, en: 'kubectl rollout restart writes the time into the Pod template of a Deployment, StatefulSet or DaemonSet; the changed template makes the workload\'s controller replace its Pods. It refuses a bare ReplicaSet (whose controller would not replace Pods for a template change); a Deployment\'s ReplicaSets carry the annotation only because they copy the Deployment\'s template. It is the time of the last restart triggered this way, not of the last update.', ja: 'kubectl rollout restart が、Deployment、StatefulSet、DaemonSet の Pod テンプレートに時刻を書きます。テンプレートが変わるので、ワークロードのコントローラーが Pod を作り直します。単独の ReplicaSet には使えません（ReplicaSet のコントローラーはテンプレートが変わっても Pod を作り直しません）。Deployment の ReplicaSet にこのアノテーションがあるのは、Deployment のテンプレートを写しているからにすぎません。この方法で最後に再起動した時刻で、最後の更新の時刻ではありません。' },
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'On a Pod, written by the workload\'s controller (the ReplicaSet controller for a Deployment\'s Pods, the DaemonSet or StatefulSet controller), which copies the template\'s annotations into each Pod it creates. The restart comes from that controller replacing the Pods because the template changed; no component acts on the value, so setting it by hand on a Pod does nothing.', ja: 'Pod では、ワークロードのコントローラー（Deployment の Pod なら ReplicaSet のコントローラー、DaemonSet や StatefulSet のコントローラー）が書きます。作る各 Pod にテンプレートのアノテーションを写すからです。再起動は、テンプレートが変わったためにそのコントローラーが Pod を作り直すことで起きます。値に応じて動くコンポーネントは無いので、Pod に手で付けても何も起きません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubectl.kubernetes.io/default-container')],
    docs: at('kubectl-kubernetes-io-default-container'),
    actors: [
      { id: 'kubectl', when: 'run-time', en: 'kubectl logs and kubectl exec use the container named here when no -c/--container is given.', ja: '-c/--container を指定しないとき、kubectl logs と kubectl exec はここに書いたコンテナを使います。' },
    ],
  },
  {
    kinds: ['*'],
    paths: [annotation('kubernetes.io/change-cause')],
    docs: at('change-cause'),
    actors: [
      { id: 'kubectl', when: 'on-change', writes: true, en: 'A best guess at why the object was changed: set with kubectl annotate, by hand, or by the --record flag of kubectl\'s commands (deprecated, but still accepted).', ja: 'オブジェクトを変えた理由の推測です。kubectl annotate や手で付けるか、kubectl のコマンドの --record フラグ（非推奨ですが、まだ使えます）で付けます。' },
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writesOther: 'ReplicaSet', en: 'On a Deployment, it is copied to the revision (ReplicaSet) made for the rollout; kubectl rollout history shows it as CHANGE-CAUSE.', ja: 'Deployment では、ロールアウトのために作るリビジョン（ReplicaSet）に写されます。kubectl rollout history は CHANGE-CAUSE として表示します。' },
    ],
  },
  {
    kinds: ['*'],
    paths: [annotation('kubernetes.io/description')],
    docs: at('description'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Stores it: a description of the object\'s behaviour, for people. The documentation names no component that acts on it.', ja: '保存します。人のための、オブジェクトの振る舞いの説明です。これを使うコンポーネントはドキュメントに書かれていません。' },
    ],
  },
  {
    kinds: ['*'],
    paths: [annotation('config.kubernetes.io/local-config')],
    docs: at('config-kubernetes-io-local-config'),
    actors: [
      { id: 'add-on', named: 'Kustomize', when: 'on-change', en: '"true" marks local configuration for client-side tools (the KRM Functions Specification): Kustomize leaves the object out of its output, so it is not sent to the API server.', ja: '"true" はクライアント側のツールのためのローカルな設定の印です（KRM Functions Specification）。Kustomize はこのオブジェクトを出力から外すので、API サーバーには送られません。' },
    ],
  },
  {
    kinds: ['*'],
    paths: [label('applyset.kubernetes.io/part-of')],
    docs: at('applyset-kubernetes-io-part-of'),
    actors: [applysetKubectl({ en: 'Makes the object a member of an ApplySet; the value is the parent\'s applyset.kubernetes.io/id. kubectl prunes members that are no longer in the applied set.', ja: 'オブジェクトを ApplySet のメンバーにします。値は親の applyset.kubernetes.io/id です。kubectl は、apply した集合に無くなったメンバーを削除します。' })],
  },
  {
    kinds: ['*'],
    paths: [label('applyset.kubernetes.io/id')],
    docs: at('applyset-kubernetes-io-id'),
    actors: [applysetKubectl({ en: 'Makes the object (a Secret, a ConfigMap or a custom resource) an ApplySet parent; the value is derived from the parent\'s own identity.', ja: 'オブジェクト（Secret、ConfigMap、カスタムリソース）を ApplySet の親にします。値は親自身の識別情報から求めます。' })],
  },
  {
    kinds: ['*'],
    paths: [annotation('applyset.kubernetes.io/tooling')],
    docs: at('applyset-kubernetes-io-tooling'),
    actors: [applysetKubectl({ en: 'On an ApplySet parent: the tool that manages the set (kubectl/v1.x); other tools should refuse to change it.', ja: 'ApplySet の親に付き、集合を管理するツールを表します（kubectl/v1.x）。ほかのツールはこの集合を変えてはいけません。' })],
  },
  {
    kinds: ['*'],
    paths: [annotation('applyset.kubernetes.io/contains-group-kinds')],
    docs: at('applyset-kubernetes-io-contains-group-kinds'),
    actors: [applysetKubectl({ en: 'On an ApplySet parent: the kinds of its members, so pruning lists only those; kubectl requires it.', ja: 'ApplySet の親に付き、メンバーの種類を表します。削除の際にその種類だけを一覧できます。kubectl には必須です。' })],
  },
  {
    kinds: ['*'],
    paths: [annotation('applyset.kubernetes.io/additional-namespaces')],
    docs: at('applyset-kubernetes-io-additional-namespaces'),
    actors: [applysetKubectl({ en: 'On an ApplySet parent: the other namespaces that hold members of the set.', ja: 'ApplySet の親に付き、集合のメンバーがあるほかの Namespace を表します。' })],
  },
  {
    kinds: ['apiextensions.k8s.io/CustomResourceDefinition'],
    paths: [label('applyset.kubernetes.io/is-parent-type')],
    docs: at('applyset-kubernetes-io-is-parent-type'),
    actors: [
      { id: 'kubectl', when: 'run-time', en: '"true" (set by you) allows the custom resources of this CRD, not the CRD itself, to be ApplySet parents for kubectl apply --applyset (alpha).', ja: 'あなたが付ける "true" は、この CRD のカスタムリソース（CRD そのものではありません）を kubectl apply --applyset（アルファ版）の ApplySet の親にできるようにします。' },
    ],
  },

  // Nodes: what the kubelet, the cloud provider and kubeadm put on them.
  {
    kinds: ['Node'],
    paths: [label('kubernetes.io/hostname')],
    docs: at('kubernetesiohostname'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Set by the kubelet to the node\'s hostname (or to --hostname-override).', ja: 'kubelet がノードのホスト名（または --hostname-override の値）を設定します。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Part of the topology hierarchy: the usual per-node topology key for spreading and anti-affinity, and matched when a Pod selects on it.', ja: 'トポロジーの階層の一部で、Pod を散らすときや anti-affinity でノード単位のトポロジーのキーとしてよく使われます。Pod がこのラベルで選ぶときにも照合します。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('kubernetes.io/arch')],
    docs: at('kubernetes-io-arch'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Set by the kubelet to Go\'s runtime.GOARCH (amd64, arm64); handy when ARM and x86 nodes are mixed.', ja: 'kubelet が Go の runtime.GOARCH（amd64、arm64）を設定します。ARM と x86 のノードが混ざるときに役立ちます。' },
      nodeLabelSelected,
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('kubernetes.io/os')],
    docs: at('kubernetes-io-os'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Set by the kubelet to Go\'s runtime.GOOS (linux, windows); handy when Linux and Windows nodes are mixed.', ja: 'kubelet が Go の runtime.GOOS（linux、windows）を設定します。Linux と Windows のノードが混ざるときに役立ちます。' },
      nodeLabelSelected,
    ],
  },
  {
    kinds: ['Pod'],
    paths: [label('kubernetes.io/os')],
    docs: at('kubernetes-io-os'),
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Set by you, to the runtime.GOOS value of the OS the Pod works on. The kubelet does not admit the Pod if this label does not match its node\'s kubernetes.io/os; kube-scheduler does not take it into account (place the Pod with a nodeSelector).', ja: 'あなたが、Pod が動く OS の runtime.GOOS の値を付けます。このラベルがノードの kubernetes.io/os と一致しなければ、kubelet は Pod を受け入れません。kube-scheduler はこのラベルを考慮しません（Pod の置き場所は nodeSelector で決めます）。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('node.kubernetes.io/windows-build')],
    docs: at('nodekubernetesiowindows-build'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Set by the kubelet on Windows to the Windows Server version (MajorVersion.MinorVersion.BuildNumber).', ja: 'Windows で動く kubelet が、Windows Server のバージョン（MajorVersion.MinorVersion.BuildNumber）を設定します。' },
      nodeLabelSelected,
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('topology.kubernetes.io/zone')],
    docs: at('topologykubernetesiozone'),
    actors: [
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', writes: true, en: 'Set only where there is a cloud provider: the cloud-controller-manager\'s node controller labels the Node with its zone from the cloud provider\'s data. Without a cloud provider (kind, minikube, bare metal) nothing sets it; you may set it yourself if it fits your topology.', ja: 'クラウドプロバイダーがあるときだけ設定されます。cloud-controller-manager のノードのコントローラーが、クラウドプロバイダーの情報からノードにゾーンのラベルを付けます。クラウドプロバイダーが無ければ（kind、minikube、ベアメタル）誰も設定しません。トポロジーに合うなら自分で付けてもかまいません。' },
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Before v1.31, a kubelet running with a built-in cloud provider set it instead; the in-tree cloud providers were removed in v1.31, so a current kubelet never sets it.', ja: 'v1.31 より前は、組み込みのクラウドプロバイダーを使って動く kubelet が代わりに設定していました。組み込みのクラウドプロバイダーは v1.31 で削除されたので、今の kubelet は設定しません。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'A topology key: spreads Pods across zones, and keeps a Pod that claims a zonal volume in that volume\'s zone.', ja: 'トポロジーのキーです。Pod をゾーンに散らし、ゾーンのあるボリュームを要求する Pod を、そのボリュームのゾーンに置きます。' },
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writesOther: 'EndpointSlice', en: 'The EndpointSlice controller records each endpoint\'s zone from its node and, for topology-aware routing, writes zone hints.', ja: 'EndpointSlice のコントローラーが、各エンドポイントのゾーンをノードから記録し、トポロジーを考えた振り分けのためにゾーンのヒントを書きます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('topology.kubernetes.io/region')],
    docs: at('topologykubernetesioregion'),
    actors: [
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', writes: true, en: 'Set only where there is a cloud provider: the cloud-controller-manager\'s node controller labels the Node with its region from the cloud provider\'s data. Without a cloud provider (kind, minikube, bare metal) nothing sets it.', ja: 'クラウドプロバイダーがあるときだけ設定されます。cloud-controller-manager のノードのコントローラーが、クラウドプロバイダーの情報からノードにリージョンのラベルを付けます。クラウドプロバイダーが無ければ（kind、minikube、ベアメタル）誰も設定しません。' },
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Before v1.31, a kubelet running with a built-in cloud provider set it instead; the in-tree cloud providers were removed in v1.31, so a current kubelet never sets it.', ja: 'v1.31 より前は、組み込みのクラウドプロバイダーを使って動く kubelet が代わりに設定していました。組み込みのクラウドプロバイダーは v1.31 で削除されたので、今の kubelet は設定しません。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'A topology key for spreading and affinity; a Pod that claims a volume labelled with a region is kept in that region.', ja: 'Pod を散らすときや affinity のトポロジーのキーです。リージョンのラベルが付いたボリュームを要求する Pod は、そのリージョンに置かれます。' },
    ],
  },
  {
    kinds: ['PersistentVolume'],
    paths: [label('topology.kubernetes.io/zone'), label('topology.kubernetes.io/region')],
    docs: at('topologykubernetesiozone'),
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Places Pods that claim this volume only in its zone (and region): volumes cannot be attached across zones.', ja: 'このボリュームを要求する Pod を、ボリュームと同じゾーン（とリージョン）にだけ置きます。ボリュームはゾーンをまたいで接続できません。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'Topology-aware provisioners express the volume\'s zone as node affinity on the PersistentVolume; where nothing labels the volume, you may add the label yourself.', ja: 'トポロジーを考慮するプロビジョナーは、ボリュームのゾーンを PersistentVolume の node affinity として表します。ラベルを付けるものが無ければ、自分で付けてもかまいません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [label('topology.kubernetes.io/zone'), label('topology.kubernetes.io/region')],
    docs: at('topologykubernetesiozone'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'On a Pod, set by kube-apiserver since v1.35 (the PodTopologyLabelsAdmission feature gate, beta and on by default): when the Pod is bound to a node (the pods/binding request kube-scheduler sends), the PodTopologyLabels admission plugin copies the node\'s topology.kubernetes.io/zone and region labels onto the Pod, so its containers can read them through the downward API. A node without these labels (kind, bare metal) gives none.', ja: 'Pod では、v1.35 から（PodTopologyLabelsAdmission のフィーチャーゲート。ベータで既定で有効）kube-apiserver が付けます。Pod がノードにバインドされるとき（kube-scheduler が送る pods/binding のリクエスト）、PodTopologyLabels のアドミッションプラグインが、ノードの topology.kubernetes.io/zone と region のラベルを Pod に写すので、コンテナは Downward API でそれを読めます。これらのラベルの無いノード（kind、ベアメタル）からは何も付きません。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('node.kubernetes.io/instance-type')],
    docs: at('nodekubernetesioinstance-type'),
    actors: [
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', writes: true, en: 'The instance type as the cloud provider defines it (m3.medium), set only where there is a cloud provider: the cloud-controller-manager\'s node controller labels the Node from the cloud provider\'s data. Without a cloud provider (kind, minikube, bare metal) nothing sets it.', ja: 'クラウドプロバイダーが定めるインスタンスタイプ（m3.medium）で、クラウドプロバイダーがあるときだけ設定されます。cloud-controller-manager のノードのコントローラーが、クラウドプロバイダーの情報からノードにラベルを付けます。クラウドプロバイダーが無ければ（kind、minikube、ベアメタル）誰も設定しません。' },
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Before v1.31, a kubelet running with a built-in cloud provider set it instead; the in-tree cloud providers were removed in v1.31, so a current kubelet never sets it.', ja: 'v1.31 より前は、組み込みのクラウドプロバイダーを使って動く kubelet が代わりに設定していました。組み込みのクラウドプロバイダーは v1.31 で削除されたので、今の kubelet は設定しません。' },
      nodeLabelSelected,
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('node.kubernetes.io/exclude-from-external-load-balancers')],
    docs: at('node-kubernetes-io-exclude-from-external-load-balancers'),
    actors: [
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', en: 'The service controller leaves this node out of the backends of external (cloud) load balancers.', ja: 'service のコントローラーが、このノードを外部の（クラウドの）ロードバランサーの転送先から外します。' },
      { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm puts it on the control-plane nodes it manages, with node-role.kubernetes.io/control-plane; elsewhere you set it (kubectl label).', ja: 'kubeadm が、管理するコントロールプレーンのノードに node-role.kubernetes.io/control-plane と一緒に付けます。それ以外はあなたが付けます（kubectl label）。' },
    ],
  },
  // Exact key before the prefix below: on a tie the first entry wins.
  {
    kinds: ['Node'],
    paths: [label('node-role.kubernetes.io/control-plane')],
    docs: at('node-role-kubernetes-io-control-plane'),
    actors: [
      { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm marks the control-plane nodes it manages with this label (and the matching taint); other cluster tools typically do the same. It is the taint, not this label, that keeps ordinary Pods off.', ja: 'kubeadm が、管理するコントロールプレーンのノードにこのラベル（と対応する taint）を付けます。ほかのクラスタのツールもたいてい同じです。ふつうの Pod を遠ざけるのはこのラベルではなく taint です。' },
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', en: 'The EndpointSlice controller ignores nodes with this label when it calculates topology-aware hints.', ja: 'EndpointSlice のコントローラーは、トポロジーを考えたヒントを計算するとき、このラベルの付いたノードを除きます。' },
      { id: 'kubectl', when: 'run-time', en: 'kubectl get nodes shows the role (the part after the slash) in the ROLES column.', ja: 'kubectl get nodes は、ロール（スラッシュの後ろの部分）を ROLES の列に表示します。' },
      nodeLabelSelected,
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('node-role.kubernetes.io/*')],
    docs: at('node-role-kubernetes-io-control-plane'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'A node role (the part after the slash). Kubernetes defines only control-plane; other roles (worker, gpu …) are set by you or by your cluster tool, not by the kubelet: the NodeRestriction admission plugin lets a kubelet set only a fixed list of kubernetes.io labels on its own Node.', ja: 'ノードのロールです（スラッシュの後ろの部分）。Kubernetes が定めるのは control-plane だけで、ほかのロール（worker、gpu など）はあなたかクラスタのツールが付けます。kubelet は付けません。NodeRestriction のアドミッションプラグインは、kubelet が自分のノードに付けられる kubernetes.io のラベルを決まった一覧に限ります。' },
      { id: 'kubectl', when: 'run-time', en: 'kubectl get nodes shows the role in the ROLES column.', ja: 'kubectl get nodes は、ロールを ROLES の列に表示します。' },
      nodeLabelSelected,
    ],
  },
  {
    kinds: ['Node'],
    paths: [annotation('alpha.kubernetes.io/provided-node-ip')],
    docs: at('alpha-kubernetes-io-provided-node-ip'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'When started with --cloud-provider=external and --node-ip, the kubelet records here the address (or, dual-stack, both addresses) given by --node-ip. The built-in cloud providers --cloud-provider could name before were removed in v1.31.', ja: '--cloud-provider=external と --node-ip を付けて起動した kubelet が、--node-ip で指定したアドレス（デュアルスタックなら 2 つ）をここに記録します。以前 --cloud-provider で指定できた組み込みのクラウドプロバイダーは、v1.31 で削除されました。' },
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', en: 'Checks the address with the cloud provider.', ja: 'このアドレスが正しいかをクラウドプロバイダーに確かめます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [annotation('volumes.kubernetes.io/controller-managed-attach-detach')],
    docs: at('volumes-kubernetes-io-controller-managed-attach-detach'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Set by the kubelet when it registers, if controller-managed attach/detach is enabled (the default).', ja: 'コントローラーによる接続と切り離しが有効なとき（既定）、kubelet が登録時に付けます。' },
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', en: 'The attach/detach controller attaches and detaches this node\'s volumes; without the annotation the kubelet does it itself. The value does not matter.', ja: 'attach/detach のコントローラーが、このノードのボリュームの接続と切り離しを行います。このアノテーションが無ければ kubelet が自分で行います。値は関係ありません。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [annotation('kubeadm.alpha.kubernetes.io/cri-socket')],
    docs: at('kubeadm-alpha-kubernetes-io-cri-socket'),
    actors: [
      { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm before v1.34 records the CRI socket given at kubeadm init/join on the Node, to use it again later. Since v1.34 (the NodeLocalCRISocket feature gate, on by default) kubeadm keeps it in /var/lib/kubelet/instance-config.yaml instead, no longer writes this annotation, and removes it on kubeadm upgrade. Since v1.36 this is GA and cannot be turned off (v1.37 removes the gate).', ja: 'v1.34 より前の kubeadm は、kubeadm init/join のときに指定された CRI のソケットを、後で使うためにノードに記録します。v1.34 からは（NodeLocalCRISocket のフィーチャーゲート。既定で有効）代わりに /var/lib/kubelet/instance-config.yaml に保存し、このアノテーションを書かなくなり、kubeadm upgrade のときに消します。v1.36 で GA になって無効にできなくなり、v1.37 でフィーチャーゲート自体が無くなりました。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: [label('feature.node.kubernetes.io/*')],
    docs: at('feature-node-kubernetes-io'),
    actors: [
      { id: 'add-on', named: 'Node Feature Discovery', when: 'continuously', writes: true, en: 'Node Feature Discovery (NFD), where it runs, advertises the node\'s hardware and software features with these labels. Many are "true", but many carry a value: kernel-version.full (the kernel\'s version), cpu-model.vendor_id (Intel, AMD, …), memory-numa (whether NUMA is there); Pods select on them like on any node label.', ja: 'Node Feature Discovery（NFD）が動いていれば、ノードのハードウェアとソフトウェアの機能をこれらのラベルで示します。値が "true" のものが多いですが、値そのものを持つものも多くあります。kernel-version.full（カーネルのバージョン）、cpu-model.vendor_id（Intel、AMD など）、memory-numa（NUMA かどうか）などです。Pod はほかのノードのラベルと同じように、これで選べます。' },
      nodeLabelSelected,
    ],
  },

  // static Pods and what kubeadm leaves on them.
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/config.hash')],
    docs: at('kubernetes-io-config-hash'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'When the kubelet creates a static Pod from a manifest file, it attaches this annotation; the value is the Pod\'s UID. The kubelet also sets spec.nodeName to its node, as if the Pod had been scheduled.', ja: 'kubelet がマニフェストのファイルから static Pod を作るときに付けます。値は Pod の UID です。kubelet は、スケジュールされたかのように spec.nodeName も自分のノードに設定します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/config.mirror')],
    docs: at('kubernetes-io-config-mirror'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Marks a mirror Pod: the object the kubelet creates on the API server for a static Pod it runs from a file (such as /etc/kubernetes/manifests). The value is copied from kubernetes.io/config.hash. Deleting or editing the mirror Pod does not control the static Pod.', ja: 'mirror Pod の印です。mirror Pod は、kubelet がファイル（/etc/kubernetes/manifests など）から動かす static Pod のために API サーバーに作るオブジェクトです。値は kubernetes.io/config.hash から写されます。mirror Pod を消したり変えたりしても、static Pod は操作できません。' },
      { id: 'kube-apiserver', when: 'admission', en: 'On an update, the annotation cannot be changed or removed, nor added to a Pod that lacks it.', ja: '更新では、このアノテーションを変えることも消すこともできず、持っていない Pod に足すこともできません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/config.source')],
    docs: at('kubernetes-io-config-source'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Added by the kubelet to say where the Pod came from: file or http for a static Pod, seen in the API on its mirror Pod. A Pod created on the API server is marked api only in the kubelet\'s own copy; the kubelet never writes it back, so such a Pod shows no kubernetes.io/config.source.', ja: 'kubelet が、Pod がどこから来たかを示すために付けます。static Pod なら file か http で、API では mirror Pod に見えます。API サーバーで作られた Pod に api と付けるのは kubelet 自身の写しの中だけで、書き戻さないので、そうした Pod に kubernetes.io/config.source は見えません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/config.seen')],
    docs: at('kubernetes-io-config-seen'),
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'The kubelet adds it when it first sees the Pod, with that time (RFC 3339), in its own copy of the Pod; only a mirror Pod carries it into the API (copied from its static Pod). A Pod created on the API server never shows it.', ja: 'kubelet が Pod を初めて見たときに、その時刻（RFC 3339）で自分の持つ Pod の写しに付けます。API に出てくるのは mirror Pod（static Pod から写したもの）だけで、API サーバーで作られた Pod には見えません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubeadm.kubernetes.io/etcd.advertise-client-urls')],
    docs: at('kubeadm-kubernetes-io-etcd-advertise-client-urls'),
    actors: [
      { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm puts it on the local etcd\'s static Pod: the URLs etcd clients should connect to, used mainly for etcd health checks.', ja: 'kubeadm がローカルの etcd の static Pod に付けます。etcd のクライアントが接続する URL で、主に etcd の健全性の確認に使います。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint')],
    docs: at('kubeadm-kubernetes-io-kube-apiserver-advertise-address-endpoint'),
    actors: [
      { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm puts it on each kube-apiserver static Pod it manages: the address and port that API server instance advertises.', ja: 'kubeadm が、管理する kube-apiserver の static Pod に付けます。その API サーバーのインスタンスが公開するアドレスとポートです。' },
    ],
  },
  {
    kinds: ['ConfigMap'],
    paths: [annotation('kubeadm.kubernetes.io/component-config.hash')],
    docs: at('kubeadm-kubernetes-io-component-config-hash'),
    actors: [
      { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm puts a SHA-256 hash on the component configuration ConfigMaps it manages, to tell whether you changed settings from its defaults.', ja: 'kubeadm が、管理するコンポーネントの設定の ConfigMap に SHA-256 のハッシュを付け、あなたが既定から設定を変えたかを判断します。' },
    ],
  },

  // Workloads.
  {
    kinds: ['Pod', 'apps/ReplicaSet'],
    paths: [label('pod-template-hash')],
    docs: `${docs}/concepts/workloads/controllers/deployment/#pod-template-hash-label`,
    actors: [
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writes: true, en: 'Added by the Deployment controller to every ReplicaSet it creates (to its labels, its selector and its Pod template, so its Pods carry it too), from a hash of the template, so that the ReplicaSets of one Deployment never select each other\'s Pods. A ReplicaSet it adopts, and that ReplicaSet\'s Pods, are not relabelled (not since v1.11). Do not change it.', ja: 'Deployment のコントローラーが、作るすべての ReplicaSet に、テンプレートのハッシュから付けます（ラベル、セレクター、Pod テンプレートに付けるので、その Pod にも付きます）。同じ Deployment の ReplicaSet どうしが互いの Pod を選ばないようにするためです。引き取った ReplicaSet とその Pod には付け直しません（v1.11 から）。変えてはいけません。' },
    ],
  },
  {
    kinds: ['Pod', 'apps/ControllerRevision'],
    paths: [label('controller-revision-hash')],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/staging/src/k8s.io/api/apps/v1/types.go',
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Set by the DaemonSet and StatefulSet controllers to the revision (ControllerRevision) of the template a Pod was made from; they compare it with the current revision to roll out updates.', ja: 'DaemonSet と StatefulSet のコントローラーが、Pod のもとになったテンプレートのリビジョン（ControllerRevision）を設定します。更新を展開するときに、現在のリビジョンと比べます。' },
    ],
  },
  {
    kinds: ['apps/Deployment', 'apps/ReplicaSet'],
    paths: [annotation('deployment.kubernetes.io/revision'), annotation('deployment.kubernetes.io/desired-replicas'), annotation('deployment.kubernetes.io/max-replicas')],
    docs: `${docs}/concepts/workloads/controllers/deployment/#checking-rollout-history-of-a-deployment`,
    actors: [
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writes: true, en: 'Written by the Deployment controller: revision numbers the rollouts (kubectl rollout history and undo read it from the ReplicaSets); desired-replicas and max-replicas record the Deployment\'s size on each ReplicaSet for proportional scaling.', ja: 'Deployment のコントローラーが書きます。revision はロールアウトの番号です（kubectl rollout history と undo が ReplicaSet から読みます）。desired-replicas と max-replicas は、比例したスケーリングのために Deployment の大きさを各 ReplicaSet に記録します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [label('statefulset.kubernetes.io/pod-name')],
    docs: at('statefulsetkubernetesiopod-name'),
    actors: [
      { id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writes: true, en: 'Set by the StatefulSet controller on each Pod it creates, to the Pod\'s name, so a Service can select one particular Pod of the StatefulSet.', ja: 'StatefulSet のコントローラーが、作る各 Pod にその Pod の名前を付けます。Service が StatefulSet の特定の Pod を選べます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [label('apps.kubernetes.io/pod-index')],
    docs: at('apps-kubernetes.io-pod-index'),
    actors: [
      { id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writes: true, en: 'Set by the StatefulSet controller on each Pod it creates, to the Pod\'s ordinal index (with the PodIndexLabel feature gate, on by default), so a Service or another object can target one Pod by its index.', ja: 'StatefulSet のコントローラーが、作る各 Pod にその序数を付けます（PodIndexLabel のフィーチャーゲート。既定で有効）。Service などが序数で特定の Pod を選べます。' },
    ],
  },
  // Job labels: kube-apiserver generates them in the Job's Pod template; the Job controller only copies the template.
  {
    kinds: ['Pod', 'batch/Job'],
    paths: [label('batch.kubernetes.io/job-name')],
    docs: at('batchkubernetesio-job-name'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Generated by kube-apiserver when the Job is created (unless spec.manualSelector is true): it adds this label, set to the Job\'s name, to the Job\'s Pod template. A Job created with no labels of its own takes its template\'s labels.', ja: 'Job の作成時に kube-apiserver が生成します（spec.manualSelector が true でなければ）。Job の名前を値として、Job の Pod テンプレートにこのラベルを足します。ラベルを持たずに作られた Job は、テンプレートのラベルを自分のラベルにします。' },
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', writesOther: 'Pod', en: 'The Job controller creates the Pods from that template, so each Pod carries the label; the controller does not add it itself. It is a user-friendly way to list a Job\'s Pods (kubectl get pods -l batch.kubernetes.io/job-name=…).', ja: 'Job のコントローラーがそのテンプレートから Pod を作るので、各 Pod にこのラベルが付きます。コントローラー自身が付けるのではありません。Job の Pod を一覧するための分かりやすい手段です（kubectl get pods -l batch.kubernetes.io/job-name=…）。' },
    ],
  },
  {
    kinds: ['Pod', 'batch/Job'],
    paths: [label('batch.kubernetes.io/controller-uid')],
    docs: at('batchkubernetesio-controller-uid'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Generated by kube-apiserver when the Job is created (unless spec.manualSelector is true): it adds this label, set to the Job\'s UID, to the Job\'s Pod template and puts it in the Job\'s generated spec.selector. A Job created with no labels of its own takes its template\'s labels.', ja: 'Job の作成時に kube-apiserver が生成します（spec.manualSelector が true でなければ）。Job の UID を値として Job の Pod テンプレートにこのラベルを足し、自動で作る Job の spec.selector にも入れます。ラベルを持たずに作られた Job は、テンプレートのラベルを自分のラベルにします。' },
      { id: 'kube-controller-manager', controller: 'job', when: 'continuously', writesOther: 'Pod', en: 'The Job controller creates the Pods from that template (it does not add the label itself) and finds the Job\'s Pods again through the selector that matches it.', ja: 'Job のコントローラーがそのテンプレートから Pod を作り（ラベルを自分で付けるのではありません）、このラベルに一致するセレクターで Job の Pod を見つけます。' },
    ],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.selector.matchLabels["batch.kubernetes.io/controller-uid"]'],
    docs: at('batchkubernetesio-controller-uid'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Generated by kube-apiserver when the Job is created without spec.manualSelector: true, set to the Job\'s UID, so that the selector matches only this Job\'s Pods.', ja: 'spec.manualSelector: true を付けずに Job を作ると、kube-apiserver が Job の UID を値として生成します。セレクターがこの Job の Pod だけに一致するようにするためです。' },
      { id: 'kube-controller-manager', controller: 'job', when: 'continuously', en: 'The Job controller counts and tracks the Pods that this selector matches.', ja: 'Job のコントローラーが、このセレクターに一致する Pod を数えて追跡します。' },
    ],
  },
  {
    kinds: ['Pod', 'batch/Job'],
    paths: [label('job-name')],
    docs: at('job-name'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Deprecated twin of batch.kubernetes.io/job-name: kube-apiserver still generates it in the Job\'s Pod template when the Job is created (unless spec.manualSelector is true), but Kubernetes 1.27 and newer ignore it and use the prefixed label.', ja: 'batch.kubernetes.io/job-name の非推奨の対です。Job の作成時に kube-apiserver が今も Job の Pod テンプレートに生成します（spec.manualSelector が true でなければ）が、Kubernetes 1.27 以降はこのラベルを使わず、接頭辞の付いたラベルを使います。' },
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', writesOther: 'Pod', en: 'The Job controller creates the Pods from that template, so they carry it too.', ja: 'Job のコントローラーがそのテンプレートから Pod を作るので、Pod にも付きます。' },
    ],
  },
  {
    kinds: ['Pod', 'batch/Job'],
    paths: [label('controller-uid')],
    docs: at('controller-uid'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Deprecated twin of batch.kubernetes.io/controller-uid: kube-apiserver still generates it in the Job\'s Pod template when the Job is created (unless spec.manualSelector is true), but Kubernetes 1.27 and newer ignore it and use the prefixed label.', ja: 'batch.kubernetes.io/controller-uid の非推奨の対です。Job の作成時に kube-apiserver が今も Job の Pod テンプレートに生成します（spec.manualSelector が true でなければ）が、Kubernetes 1.27 以降はこのラベルを使わず、接頭辞の付いたラベルを使います。' },
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', writesOther: 'Pod', en: 'The Job controller creates the Pods from that template, so they carry it too.', ja: 'Job のコントローラーがそのテンプレートから Pod を作るので、Pod にも付きます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [label('batch.kubernetes.io/job-completion-index'), annotation('batch.kubernetes.io/job-completion-index')],
    docs: at('batch-kubernetes-io-job-completion-index'),
    actors: [
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', writes: true, en: 'For a Job with completionMode: Indexed, the Job controller sets each Pod\'s completion index as this annotation, and as a label too since v1.28 (the PodIndexLabel feature gate, on by default, GA in v1.32).', ja: 'completionMode が Indexed の Job では、Job のコントローラーが各 Pod の完了のインデックスをこのアノテーションとして付け、v1.28 からはラベルとしても付けます（PodIndexLabel のフィーチャーゲート。既定で有効で、v1.32 で GA）。' },
    ],
  },
  {
    kinds: ['batch/Job'],
    paths: [annotation('batch.kubernetes.io/cronjob-scheduled-timestamp')],
    docs: at('batch-kubernetes-io-cronjob-scheduled-timestamp'),
    actors: [
      { id: 'kube-controller-manager', controller: 'cronjob', when: 'on-change', writes: true, en: 'On the Jobs a CronJob makes (not copied to their Pods): the time the Job was scheduled for, in RFC 3339, in the CronJob\'s timeZone, or in UTC when it sets none.', ja: 'CronJob が作る Job に付き（その Pod には写されません）、Job が予定されていた時刻を RFC 3339 で表します。CronJob の timeZone の時刻で、timeZone が無ければ UTC です。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('controller.kubernetes.io/pod-deletion-cost')],
    docs: at('pod-deletion-cost'),
    actors: [
      { id: 'kube-controller-manager', controller: 'replicaset', when: 'on-change', en: 'When a ReplicaSet scales down, its controller prefers to delete Pods with a lower cost first (an int32, set by you or your tooling). A preference, not a guarantee.', ja: 'ReplicaSet を縮小するとき、そのコントローラーはコストの低い Pod から先に削除しようとします（int32。あなたかツールが付けます）。優先度であって、保証ではありません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('cluster-autoscaler.kubernetes.io/safe-to-evict')],
    docs: at('cluster-autoscaler-kubernetes-io-safe-to-evict'),
    actors: [
      { id: 'add-on', named: 'cluster-autoscaler', when: 'continuously', en: '"true": the cluster autoscaler may evict this Pod even where its other rules would prevent it; "false": it never evicts it; unset: its usual rules apply. Set by you.', ja: '"true" なら、ほかの規則では退去させない場合でも、cluster autoscaler はこの Pod を退去させてかまいません。"false" なら決して退去させません。無ければ通常の規則に従います。あなたが付けます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('cluster-autoscaler.kubernetes.io/enable-ds-eviction')],
    docs: at('cluster-autoscaler-kubernetes-io-enable-ds-eviction'),
    actors: [
      { id: 'add-on', named: 'cluster-autoscaler', when: 'continuously', en: 'For DaemonSet Pods only (set it in the DaemonSet\'s Pod template): "true" lets the cluster autoscaler evict them, "false" keeps it from doing so; unset, it follows its configuration.', ja: 'DaemonSet の Pod だけが対象です（DaemonSet の Pod テンプレートに付けます）。"true" なら cluster autoscaler はそれらを退去させてよく、"false" なら退去させません。無ければ自分の設定に従います。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/limit-ranger')],
    docs: at('kubernetes-io-limit-ranger'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Written by the LimitRanger admission plugin when it applied the default requests or limits of the namespace\'s LimitRange to the Pod; it says which ones.', ja: 'LimitRanger のアドミッションプラグインが、Namespace の LimitRange の既定の requests や limits を Pod に適用したときに書きます。どれを適用したかを示します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/ingress-bandwidth')],
    docs: at('kubernetes-io-ingress-bandwidth'),
    actors: [
      { id: 'cni', when: 'run-time', en: 'Limits the Pod\'s ingress traffic to this rate (bits per second, as a quantity: 10M) by shaping, if the bandwidth plugin is in the node\'s CNI configuration. Experimental.', ja: 'ノードの CNI の設定に bandwidth プラグインがあれば、Pod に入る通信をこの速度（ビット毎秒の数量。10M）までに整形して制限します。実験的な機能です。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [annotation('kubernetes.io/egress-bandwidth')],
    docs: at('kubernetes-io-egress-bandwidth'),
    actors: [
      { id: 'cni', when: 'run-time', en: 'Limits the Pod\'s egress traffic to this rate (bits per second, as a quantity: 10M) by dropping the excess, if the bandwidth plugin is in the node\'s CNI configuration. Experimental.', ja: 'ノードの CNI の設定に bandwidth プラグインがあれば、Pod から出る通信をこの速度（ビット毎秒の数量。10M）までに、超えた分を捨てて制限します。実験的な機能です。' },
    ],
  },

  // Namespaces.
  {
    kinds: ['Namespace'],
    paths: [label('kubernetes.io/metadata.name')],
    docs: at('kubernetes-io-metadata-name'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Set by kube-apiserver on every Namespace to its name; it cannot be changed. It lets a selector (a NetworkPolicy\'s, a webhook\'s) pick a namespace by name.', ja: 'kube-apiserver がすべての Namespace にその名前を値として付けます。変えられません。セレクター（NetworkPolicy や Webhook のもの）で Namespace を名前で選べます。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [label('pod-security.kubernetes.io/enforce')],
    docs: at('pod-security-kubernetes-io-enforce'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The Pod Security admission controller rejects any Pod of this namespace that does not meet the level (privileged, baseline or restricted).', ja: 'Pod Security のアドミッションコントローラーが、この Namespace でレベル（privileged、baseline、restricted）を満たさない Pod を拒否します。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [label('pod-security.kubernetes.io/audit')],
    docs: at('pod-security-kubernetes-io-audit'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The Pod Security admission controller allows Pods that break the level, but records the violation in the audit log.', ja: 'Pod Security のアドミッションコントローラーは、レベルを満たさない Pod も受け入れますが、違反を監査ログに記録します。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [label('pod-security.kubernetes.io/warn')],
    docs: at('pod-security-kubernetes-io-warn'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The Pod Security admission controller allows Pods that break the level, but returns a warning to the user; also for workloads with Pod templates (Deployments, Jobs …).', ja: 'Pod Security のアドミッションコントローラーは、レベルを満たさない Pod も受け入れますが、利用者に警告を返します。Pod テンプレートを持つワークロード（Deployment、Job など）でも警告します。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [label('pod-security.kubernetes.io/enforce-version')],
    docs: at('pod-security-kubernetes-io-enforce-version'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The version of the Pod Security Standards (latest or v1.x) the admission controller enforces.', ja: 'アドミッションコントローラーが強制する Pod Security Standards のバージョン（latest または v1.x）です。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [label('pod-security.kubernetes.io/audit-version')],
    docs: at('pod-security-kubernetes-io-audit-version'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The version of the Pod Security Standards (latest or v1.x) the admission controller audits against.', ja: 'アドミッションコントローラーが監査に使う Pod Security Standards のバージョン（latest または v1.x）です。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [label('pod-security.kubernetes.io/warn-version')],
    docs: at('pod-security-kubernetes-io-warn-version'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The version of the Pod Security Standards (latest or v1.x) the admission controller warns about.', ja: 'アドミッションコントローラーが警告に使う Pod Security Standards のバージョン（latest または v1.x）です。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [annotation('scheduler.alpha.kubernetes.io/node-selector')],
    docs: at('schedulerkubernetesnode-selector'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'With the PodNodeSelector admission plugin enabled (it is not by default), this node selector is added to the namespace\'s new Pods; a Pod whose nodeSelector conflicts with it is rejected.', ja: 'PodNodeSelector のアドミッションプラグインが有効なら（既定では無効）、この Namespace の新しい Pod にこの nodeSelector を足します。nodeSelector が食い違う Pod は拒否します。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [annotation('scheduler.alpha.kubernetes.io/defaultTolerations')],
    docs: at('scheduleralphakubernetesio-defaulttolerations'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'With the PodTolerationRestriction admission plugin enabled (it is not by default), these tolerations are merged into every new Pod of the namespace, alongside the Pod\'s own (differing tolerations are merged, not rejected). Set by you; nothing writes it for you.', ja: 'PodTolerationRestriction のアドミッションプラグインが有効なら（既定では無効）、この Namespace のすべての新しい Pod に、Pod 自身の toleration と並べてこれらの toleration を足します（食い違う toleration も拒否されず、合わせられます）。あなたが付けるもので、自動では付きません。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: [annotation('scheduler.alpha.kubernetes.io/tolerationsWhitelist')],
    docs: at('schedulerkubernetestolerations-whitelist'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'With the PodTolerationRestriction admission plugin enabled (it is not by default), a Pod of this namespace is admitted only if all its tolerations are in this list.', ja: 'PodTolerationRestriction のアドミッションプラグインが有効なら（既定では無効）、この Namespace の Pod は、すべての toleration がこの一覧にあるときだけ受け入れられます。' },
    ],
  },

  // Services and endpoints.
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: [label('kubernetes.io/service-name')],
    docs: at('kubernetesioservice-name'),
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'Set by the EndpointSlice controller on the slices it writes for a Service, to the Service\'s name; every EndpointSlice should carry it.', ja: 'EndpointSlice のコントローラーが、Service のために書くスライスに Service の名前を付けます。すべての EndpointSlice がこのラベルを持つべきです。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Joins each slice to its Service by this label.', ja: 'このラベルで各スライスを Service に結び付けます。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: [label('endpointslice.kubernetes.io/managed-by')],
    docs: at('endpointslicekubernetesiomanaged-by'),
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'Names the controller that manages the slice: endpointslice-controller.k8s.io for the EndpointSlice controller (endpointslicemirroring-controller.k8s.io for mirrored Endpoints); each controller manages only its own slices.', ja: 'スライスを管理するコントローラーの名前です。EndpointSlice のコントローラーなら endpointslice-controller.k8s.io（Endpoints を写したものは endpointslicemirroring-controller.k8s.io）で、各コントローラーは自分のスライスだけを管理します。' },
    ],
  },
  {
    kinds: ['Endpoints'],
    paths: [label('endpointslice.kubernetes.io/skip-mirror')],
    docs: at('endpointslicekubernetesioskip-mirror'),
    actors: [
      { id: 'kube-controller-manager', when: 'continuously', en: '"true": the EndpointSliceMirroring controller does not mirror this Endpoints object into EndpointSlices.', ja: '"true" なら、EndpointSliceMirroring のコントローラーはこの Endpoints を EndpointSlice に写しません。' },
    ],
  },
  {
    kinds: ['Endpoints'],
    paths: [label('service.kubernetes.io/headless')],
    docs: at('servicekubernetesioheadless'),
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Added by the control plane (the Endpoints controller) to the Endpoints of a headless Service.', ja: 'コントロールプレーン（Endpoints のコントローラー）が、ヘッドレスの Service の Endpoints に付けます。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: [label('service.kubernetes.io/headless')],
    docs: at('servicekubernetesioheadless'),
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'Added by the EndpointSlice controller to the slices of a headless Service.', ja: 'EndpointSlice のコントローラーが、ヘッドレスの Service のスライスに付けます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Does not watch objects with this label: a headless Service has no cluster IP to program.', ja: 'このラベルの付いたオブジェクトを監視しません。ヘッドレスの Service には設定するクラスタ IP がありません。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: [label('service.kubernetes.io/service-proxy-name')],
    docs: at('servicekubernetesioservice-proxy-name'),
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'kube-proxy ignores Services with this label (and their EndpointSlices): a custom proxy named by it handles them.', ja: 'このラベルの付いた Service（とその EndpointSlice）を kube-proxy は扱いません。ラベルが示す別のプロキシーが受け持ちます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: [annotation('service.kubernetes.io/topology-mode')],
    docs: at('service-kubernetes-io-topology-mode'),
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writesOther: 'EndpointSlice', en: 'Auto turns on topology-aware routing: the EndpointSlice controller writes zone hints into the Service\'s EndpointSlices when it can spread endpoints sensibly.', ja: 'Auto はトポロジーを考えた振り分けを有効にします。エンドポイントを適切に分けられるとき、EndpointSlice のコントローラーが Service の EndpointSlice にゾーンのヒントを書きます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Follows the hints: prefers endpoints in the client\'s zone.', ja: 'ヒントに従い、クライアントと同じゾーンのエンドポイントを優先します。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: [annotation('service.kubernetes.io/topology-aware-hints')],
    docs: at('servicekubernetesiotopology-aware-hints'),
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writesOther: 'EndpointSlice', en: 'Deprecated name of service.kubernetes.io/topology-mode, still honoured (kube-apiserver warns when you set it): Auto makes the EndpointSlice controller add zone hints to the Service\'s EndpointSlices; Disabled turns them off. When both annotations are set, this deprecated one takes precedence.', ja: 'service.kubernetes.io/topology-mode の非推奨の名前ですが、今も有効です（付けると kube-apiserver が警告します）。Auto なら EndpointSlice のコントローラーが Service の EndpointSlice にゾーンのヒントを足し、Disabled なら足しません。両方のアノテーションがあれば、この非推奨のほうが優先されます。' },
    ],
  },
  {
    kinds: ['Endpoints'],
    paths: [annotation('endpoints.kubernetes.io/over-capacity')],
    docs: at('endpoints-kubernetes-io-over-capacity'),
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Added by the control plane (the Endpoints controller) when the Service has more than 1000 endpoints: the Endpoints object was truncated to 1000. Removed when the number falls below.', ja: 'Service のエンドポイントが 1000 を超えると、コントロールプレーン（Endpoints のコントローラー）が付けます。Endpoints は 1000 個に切り詰められています。数が下回ると外します。' },
    ],
  },
  {
    kinds: ['Endpoints'],
    paths: [annotation('endpoints.kubernetes.io/last-change-trigger-time')],
    docs: at('endpoints-kubernetes-io-last-change-trigger-time'),
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'Written by the control plane (the Endpoints controller): the time of the last change to a Pod or the Service that changed this Endpoints object.', ja: 'コントロールプレーン（Endpoints のコントローラー）が書きます。この Endpoints を変えた、Pod か Service の最後の変更の時刻です。' },
    ],
  },
  {
    kinds: ['networking.k8s.io/Ingress'],
    paths: [annotation('kubernetes.io/ingress.class')],
    docs: at('kubernetes-io-ingress-class-deprecated'),
    actors: [
      { id: 'ingress-controller', when: 'continuously', en: 'Deprecated in favour of spec.ingressClassName: the class named the Ingress controller meant to handle this Ingress. Never formally defined, but widely supported by Ingress controllers.', ja: 'spec.ingressClassName に置き換えられた非推奨のアノテーションです。この Ingress を扱う Ingress コントローラーのクラスを示しました。正式に定義されたことはありませんが、多くの Ingress コントローラーが対応しています。' },
    ],
  },

  // Storage.
  {
    kinds: ['storage.k8s.io/StorageClass'],
    paths: [annotation('storageclass.kubernetes.io/is-default-class')],
    docs: at('storageclass-kubernetes-io-is-default-class'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: '"true": the DefaultStorageClass admission plugin gives this class to new PersistentVolumeClaims that name none (if more than one class is marked default, it picks the most recently created one).', ja: '"true" なら、DefaultStorageClass のアドミッションプラグインが、クラスを指定しない新しい PersistentVolumeClaim にこのクラスを設定します（既定のクラスが複数あれば、いちばん新しく作られたものを選びます）。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', en: 'Also gives it to existing claims left without a class.', ja: 'クラスが無いまま残っている既存のクレームにも設定します。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: [annotation('volume.kubernetes.io/storage-provisioner')],
    docs: at('volume-kubernetes-io-storage-provisioner'),
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Added by the PersistentVolume controller to a claim that is to be provisioned dynamically: the name of the provisioner that should make its volume.', ja: 'PersistentVolume のコントローラーが、動的にプロビジョニングするクレームに付けます。ボリュームを作るべきプロビジョナーの名前です。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'The provisioner named here (a CSI driver\'s external-provisioner) creates the volume and its PersistentVolume.', ja: 'ここに名前のあるプロビジョナー（CSI ドライバーの external-provisioner）が、ボリュームとその PersistentVolume を作ります。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: [annotation('volume.beta.kubernetes.io/storage-provisioner')],
    docs: at('volume-beta-kubernetes-io-storage-provisioner-deprecated'),
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Deprecated since v1.23 in favour of volume.kubernetes.io/storage-provisioner; the PersistentVolume controller still writes both.', ja: 'v1.23 から非推奨で、volume.kubernetes.io/storage-provisioner に置き換えられています。PersistentVolume のコントローラーは今も両方を書きます。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'Older provisioners look for their name here.', ja: '古いプロビジョナーは、ここで自分の名前を探します。' },
    ],
  },
  {
    kinds: ['PersistentVolume', 'PersistentVolumeClaim'],
    paths: [annotation('volume.beta.kubernetes.io/storage-class')],
    docs: at('volume-beta-kubernetes-io-storage-class-deprecated'),
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', en: 'Deprecated: names the StorageClass, and takes precedence over storageClassName when both are set; set storageClassName instead.', ja: '非推奨です。StorageClass の名前を示し、両方あれば storageClassName より優先されます。代わりに storageClassName を使います。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: [annotation('volume.kubernetes.io/selected-node')],
    docs: at('volume-kubernetes-io-selected-node'),
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', writes: true, en: 'Written by the scheduler for a WaitForFirstConsumer claim once it has chosen a node for the first Pod using it: the name of that node.', ja: 'WaitForFirstConsumer のクレームで、使う最初の Pod のノードを決めたときに kube-scheduler が書きます。そのノードの名前です。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'The provisioner creates the volume where that node can reach it.', ja: 'プロビジョナーは、そのノードから使える場所にボリュームを作ります。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: [annotation('pv.kubernetes.io/bind-completed')],
    docs: at('pv-kubernetesiobind-completed'),
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Set by the PersistentVolume controller once the claim has gone through its initial binding; its presence changes how the controller treats the claim. The value does not matter.', ja: 'クレームが最初のバインドを終えると、PersistentVolume のコントローラーが付けます。あるかどうかで、コントローラーのクレームの扱いが変わります。値は関係ありません。' },
    ],
  },
  {
    kinds: ['PersistentVolume', 'PersistentVolumeClaim'],
    paths: [annotation('pv.kubernetes.io/bound-by-controller')],
    docs: at('pv-kubernetesioboundby-controller'),
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Set when the PersistentVolume controller made the binding between the volume and the claim; without it, a binding in place was made by hand. The value does not matter.', ja: 'PersistentVolume のコントローラーがボリュームとクレームを結び付けたときに付けます。無ければ、今ある結び付きは手で作られたものです。値は関係ありません。' },
    ],
  },
  {
    kinds: ['PersistentVolume'],
    paths: [annotation('pv.kubernetes.io/provisioned-by')],
    docs: at('pv-kubernetesiodynamically-provisioned'),
    actors: [
      { id: 'storage-provisioner', when: 'on-change', writes: true, en: 'Added to a PersistentVolume that was provisioned dynamically: the name of the volume plugin or provisioner that created it.', ja: '動的にプロビジョニングされた PersistentVolume に付きます。作ったボリュームプラグインやプロビジョナーの名前です。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', en: 'The control plane recognizes dynamically provisioned volumes by it in its decisions.', ja: 'コントロールプレーンは、これで動的にプロビジョニングされたボリュームを見分けて判断します。' },
    ],
  },
  {
    kinds: ['PersistentVolume', 'PersistentVolumeClaim'],
    paths: [annotation('pv.kubernetes.io/migrated-to')],
    docs: at('pv-kubernetesio-migratedto'),
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Added when CSI migration hands an in-tree volume plugin\'s volumes to its CSI driver: the driver\'s name. The built-in components then stand down.', ja: 'CSI への移行で、組み込みのボリュームプラグインのボリュームを CSI ドライバーに任せるときに付きます。値はドライバーの名前です。組み込みのコンポーネントは手を引きます。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'The CSI driver\'s external-provisioner acts on these objects instead.', ja: '代わりに CSI ドライバーの external-provisioner がこれらのオブジェクトを扱います。' },
    ],
  },

  // Service accounts, RBAC and the API server's own objects.
  {
    kinds: ['Secret'],
    paths: [annotation('kubernetes.io/service-account.name')],
    docs: at('kubernetes-io-service-account-name'),
    actors: [
      { id: 'kube-controller-manager', controller: 'serviceaccount-token', when: 'on-change', en: 'On a Secret of type kubernetes.io/service-account-token, names the ServiceAccount (set by you, to an existing one); the token controller then fills in a long-lived token for it and the uid annotation. A legacy mechanism: Pods get short-lived tokens instead.', ja: 'type が kubernetes.io/service-account-token の Secret で、ServiceAccount の名前を示します（あなたが既存のものの名前を付けます）。トークンのコントローラーが、その長期間有効なトークンと uid のアノテーションを書き込みます。古い仕組みで、Pod には短命なトークンが使われます。' },
      { id: 'kube-apiserver', when: 'run-time', en: 'Checks a legacy token against its Secret whenever a client authenticates with it (on each request, not when the Secret is written).', ja: 'クライアントが古いトークンで認証するたびに（Secret を書いたときではなく、リクエストごとに）、トークンをその Secret と照らし合わせます。' },
    ],
  },
  {
    kinds: ['Secret'],
    paths: [annotation('kubernetes.io/service-account.uid')],
    docs: at('kubernetes-io-service-account-uid'),
    actors: [
      { id: 'kube-controller-manager', controller: 'serviceaccount-token', when: 'on-change', writes: true, en: 'Filled in by the token controller after a kubernetes.io/service-account-token Secret is created: the UID of the ServiceAccount the token represents.', ja: 'kubernetes.io/service-account-token の Secret が作られた後、トークンのコントローラーが書き込みます。トークンが表す ServiceAccount の UID です。' },
    ],
  },
  {
    kinds: ['Secret'],
    paths: [label('kubernetes.io/legacy-token-last-used')],
    docs: at('kubernetes-io-legacy-token-last-used'),
    actors: [
      { id: 'kube-apiserver', when: 'continuously', writes: true, en: 'On kubernetes.io/service-account-token Secrets: kube-apiserver records the date (UTC) it last saw a request authenticated with this token, whenever one comes (not when the Secret is written).', ja: 'kubernetes.io/service-account-token の Secret に付きます。このトークンで認証したリクエストを最後に見た日付（UTC）を、kube-apiserver がリクエストが来るたびに記録します（Secret を書いたときではありません）。' },
      { id: 'kube-controller-manager', when: 'continuously', writesOther: 'the label kubernetes.io/legacy-token-invalid-since', en: 'The legacy token cleaner uses it to find auto-generated tokens unused for a long time (one year by default), marks them invalid with the label kubernetes.io/legacy-token-invalid-since, and deletes them a year after that.', ja: '古いトークンの掃除のコントローラーが、長い間（既定で 1 年）使われていない自動生成のトークンを見つけ、kubernetes.io/legacy-token-invalid-since のラベルで無効と印を付け、さらに 1 年後に削除します。' },
    ],
  },
  {
    kinds: ['Secret'],
    paths: [label('kubernetes.io/legacy-token-invalid-since')],
    docs: at('kubernetes-io-legacy-token-invalid-since'),
    actors: [
      { id: 'kube-controller-manager', when: 'continuously', writes: true, en: 'Added by the control plane to an auto-generated kubernetes.io/service-account-token Secret unused for a set time (one year by default): the date from which the token is invalid.', ja: '一定の期間（既定で 1 年）使われていない、自動生成の kubernetes.io/service-account-token の Secret に、コントロールプレーンが付けます。トークンが無効になった日付です。' },
      { id: 'kube-apiserver', when: 'run-time', en: 'Rejects every request that authenticates with a token marked invalid.', ja: '無効の印が付いたトークンで認証するリクエストをすべて拒否します。' },
    ],
  },
  {
    kinds: ['ServiceAccount'],
    paths: [annotation('kubernetes.io/enforce-mountable-secrets')],
    docs: at('enforce-mountable-secrets'),
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Deprecated since v1.32 (use separate namespaces to isolate access to Secrets), though still enforced. "true": when a Pod using this ServiceAccount is created or updated, it may use only the Secrets listed in the ServiceAccount\'s secrets, whether mounted as a volume or read into environment variables (env secretKeyRef as well as envFrom), and only the ServiceAccount\'s imagePullSecrets; otherwise kube-apiserver rejects the Pod, so it never starts. Running Pods are not affected.', ja: 'v1.32 から非推奨です（Secret へのアクセスを分けるには Namespace を分けます）が、今も効きます。"true" なら、この ServiceAccount を使う Pod を作るか更新するとき、Pod が使える Secret は、ボリュームとしてマウントするものも環境変数に読み込むもの（envFrom だけでなく env の secretKeyRef も）も ServiceAccount の secrets にあるものだけ、imagePullSecrets も ServiceAccount のものだけになります。守らない Pod は kube-apiserver が拒否するので、起動しません。動いている Pod には影響しません。' },
    ],
  },
  {
    kinds: ['rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/ClusterRoleBinding', 'rbac.authorization.k8s.io/Role', 'rbac.authorization.k8s.io/RoleBinding'],
    paths: [annotation('rbac.authorization.kubernetes.io/autoupdate')],
    docs: at('rbac-authorization-kubernetes-io-autoupdate'),
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: '"true" on the default RBAC objects kube-apiserver creates: at every start it adds their missing permissions and subjects (leaving extra ones). Set "false" to stop that for an object.', ja: 'kube-apiserver が作る既定の RBAC のオブジェクトでは "true" です。起動のたびに、足りない権限と対象を足します（余分なものは残します）。オブジェクトごとに "false" にすると止まります。' },
      { id: 'kubectl', when: 'run-time', en: 'kubectl auth reconcile also respects "false".', ja: 'kubectl auth reconcile も "false" を尊重します。' },
    ],
  },
  {
    kinds: ['flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration'],
    paths: [annotation('apf.kubernetes.io/autoupdate-spec')],
    docs: at('apf-kubernetes-io-autoupdate-spec'),
    actors: [
      { id: 'kube-apiserver', when: 'continuously', en: '"true": kube-apiserver manages the object\'s spec (its mandatory and suggested API Priority and Fairness configuration), and deletes the object if it does not recognize it; otherwise it leaves the spec alone.', ja: '"true" なら、kube-apiserver がオブジェクトの spec（必須と推奨の API Priority and Fairness の設定）を管理し、知らないオブジェクトなら削除します。それ以外なら spec に手を出しません。' },
    ],
  },
  {
    kinds: ['apiregistration.k8s.io/APIService'],
    paths: [label('kube-aggregator.kubernetes.io/automanaged')],
    docs: at('kube-aggregator-kubernetesio-automanaged'),
    actors: [
      { id: 'kube-apiserver', when: 'continuously', writes: true, en: 'Set by kube-apiserver on the APIServices it creates itself: onstart (reconciled when it starts) or true (reconciled all the time). It deletes them when no built-in or custom API serves their group/version. Do not edit it.', ja: 'kube-apiserver が自分で作る APIService に付けます。onstart（起動時に整える）か true（常に整える）です。その group/version を提供する組み込みのリソースもカスタムリソースも無ければ削除します。手で変えてはいけません。' },
    ],
  },
  {
    kinds: ['*'],
    paths: [label('addonmanager.kubernetes.io/mode')],
    docs: at('addonmanager-kubernetes-io-mode'),
    actors: [
      { id: 'add-on', named: 'addon-manager', when: 'continuously', en: 'Tells the add-on manager, where it runs, how to manage this add-on object: Reconcile (keep it as in its manifest, recreating it if deleted) or EnsureExists (only recreate it if missing). The add-on manager acts only on objects labelled with one of these; an object without this label is left alone (its README: "Otherwise it will be omitted"). The kubernetes.io labels page calls Reconcile the default; the add-on manager\'s code does not, and this follows the code.', ja: 'アドオンマネージャーが動いていれば、このアドオンのオブジェクトの管理の仕方を伝えます。Reconcile（マニフェストどおりに保ち、消されれば作り直す）か EnsureExists（無ければ作り直すだけ）です。アドオンマネージャーが扱うのはこのどちらかのラベルが付いたオブジェクトだけで、このラベルの無いオブジェクトには手を出しません（README では "Otherwise it will be omitted"）。kubernetes.io のラベルのページは Reconcile を既定としていますが、アドオンマネージャーのコードはそうなっておらず、ここではコードに従います。' },
    ],
  },

  // Taints: a Node's spec.taints[*].key, decided by its value.
  taint('node.kubernetes.io/not-ready', 'node-kubernetes-io-not-ready', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'The node lifecycle controller adds this taint (NoSchedule and NoExecute) while the node\'s Ready condition is False, and removes it when the node is ready again.', ja: 'ノードのライフサイクルのコントローラーが、ノードの Ready の状態が False の間この taint（NoSchedule と NoExecute）を付け、準備ができると外します。' },
    { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The TaintNodesByCondition admission plugin taints each newly created Node not-ready (NoSchedule), so no Pod lands on it before its real conditions are known.', ja: 'TaintNodesByCondition のアドミッションプラグインが、新しく作られたノードに not-ready の taint（NoSchedule）を付けます。本当の状態が分かる前に Pod が置かれないようにするためです。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no Pod here that does not tolerate it.', ja: '許容していない Pod をここに置きません。' },
    { id: 'kube-controller-manager', controller: 'taint-eviction', when: 'continuously', en: 'Evicts at once the Pods that do not tolerate the NoExecute taint; a Pod that tolerates it stays for its tolerationSeconds (the 300 s that the DefaultTolerationSeconds admission plugin gives Pods that set none), or for good without one.', ja: 'NoExecute の taint を許容していない Pod はすぐに退去させます。許容している Pod は tolerationSeconds の間（指定の無い Pod には DefaultTolerationSeconds のアドミッションプラグインが 300 秒を与えます）、無ければいつまでも残ります。' },
  ]),
  taint('node.kubernetes.io/unreachable', 'node-kubernetes-io-unreachable', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'The node lifecycle controller adds this taint (NoSchedule and NoExecute) when the node\'s Ready condition becomes Unknown (no heartbeat from the kubelet within the grace period), and removes it when the node reports again.', ja: 'ノードの Ready の状態が Unknown になる（猶予期間の間 kubelet からハートビートが無い）と、ノードのライフサイクルのコントローラーがこの taint（NoSchedule と NoExecute）を付け、ノードがまた報告すると外します。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no Pod here that does not tolerate it.', ja: '許容していない Pod をここに置きません。' },
    { id: 'kube-controller-manager', controller: 'taint-eviction', when: 'continuously', en: 'Evicts at once the Pods that do not tolerate the NoExecute taint; a Pod that tolerates it stays for its tolerationSeconds (the 300 s that the DefaultTolerationSeconds admission plugin gives Pods that set none), or for good without one.', ja: 'NoExecute の taint を許容していない Pod はすぐに退去させます。許容している Pod は tolerationSeconds の間（指定の無い Pod には DefaultTolerationSeconds のアドミッションプラグインが 300 秒を与えます）、無ければいつまでも残ります。' },
  ]),
  taint('node.kubernetes.io/unschedulable', 'node-kubernetes-io-unschedulable', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'The node lifecycle controller keeps this NoSchedule taint in step with spec.unschedulable (which kubectl cordon and drain set).', ja: 'ノードのライフサイクルのコントローラーが、この NoSchedule の taint を spec.unschedulable（kubectl cordon や drain が設定します）に合わせます。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no new Pod here that does not tolerate it; DaemonSet Pods do.', ja: '許容していない新しい Pod をここに置きません。DaemonSet の Pod は許容しています。' },
  ]),
  taint('node.kubernetes.io/memory-pressure', 'node-kubernetes-io-memory-pressure', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'Added (NoSchedule) while the node\'s MemoryPressure condition is True, and removed after: the node controller taints nodes by condition.', ja: 'ノードの MemoryPressure の状態が True の間付け（NoSchedule）、その後外します。ノードのコントローラーは状態に応じてノードに taint を付けます。' },
    { id: 'kubelet', when: 'run-time', en: 'The kubelet sets that condition by comparing memory.available and allocatableMemory.available with its eviction thresholds.', ja: 'kubelet が、memory.available と allocatableMemory.available を退去のしきい値と比べて、その状態を設定します。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no new Pod here that does not tolerate it.', ja: '許容していない新しい Pod をここに置きません。' },
  ]),
  taint('node.kubernetes.io/disk-pressure', 'node-kubernetes-io-disk-pressure', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'Added (NoSchedule) while the node\'s DiskPressure condition is True, and removed after: the node controller taints nodes by condition.', ja: 'ノードの DiskPressure の状態が True の間付け（NoSchedule）、その後外します。ノードのコントローラーは状態に応じてノードに taint を付けます。' },
    { id: 'kubelet', when: 'run-time', en: 'The kubelet sets that condition by comparing imagefs and nodefs space and inodes with its eviction thresholds.', ja: 'kubelet が、imagefs と nodefs の空き容量と inode を退去のしきい値と比べて、その状態を設定します。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no new Pod here that does not tolerate it.', ja: '許容していない新しい Pod をここに置きません。' },
  ]),
  taint('node.kubernetes.io/pid-pressure', 'node-kubernetes-io-pid-pressure', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'Added (NoSchedule) while the node\'s PIDPressure condition is True, and removed after: the node controller taints nodes by condition.', ja: 'ノードの PIDPressure の状態が True の間付け（NoSchedule）、その後外します。ノードのコントローラーは状態に応じてノードに taint を付けます。' },
    { id: 'kubelet', when: 'run-time', en: 'The kubelet sets that condition by comparing the available process IDs (pid.available) with its threshold.', ja: 'kubelet が、使えるプロセス ID の数（pid.available）をしきい値と比べて、その状態を設定します。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no new Pod here that does not tolerate it.', ja: '許容していない新しい Pod をここに置きません。' },
  ]),
  taint('node.kubernetes.io/network-unavailable', 'node-kubernetes-io-network-unavailable', [
    { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'Added (NoSchedule) while the node\'s NetworkUnavailable condition is True: the node controller taints nodes by condition.', ja: 'ノードの NetworkUnavailable の状態が True の間付けます（NoSchedule）。ノードのコントローラーは状態に応じてノードに taint を付けます。' },
    { id: 'kubelet', when: 'run-time', en: 'Only the kubelet\'s old built-in GCE cloud integration set that condition when the node registered; the in-tree cloud providers were removed in v1.31, so a current kubelet never sets it.', ja: 'その状態をノードの登録時に設定したのは、kubelet の古い組み込みの GCE のクラウド連携だけです。組み込みのクラウドプロバイダーは v1.31 で削除されたので、今の kubelet は設定しません。' },
    { id: 'cloud-controller-manager', controller: 'route', when: 'on-change', en: 'The cloud-controller-manager\'s route controller, where it runs, sets the condition True (NoRouteCreated) while it cannot create the node\'s route in the cloud and False once it has, and the taint goes; some network plugins set it too. Where nothing sets it, the taint never appears.', ja: 'cloud-controller-manager の route のコントローラーが動いていれば、クラウドにノードの経路を作れない間はその状態を True（NoRouteCreated）に、作れたら False にし、taint も外れます。ネットワークプラグインが設定することもあります。何も設定しなければ、この taint は付きません。' },
  ]),
  taint('node.kubernetes.io/out-of-service', 'node-kubernetes-io-out-of-service', [
    { id: 'kube-controller-manager', controller: 'pod-garbage-collector', when: 'continuously', writesOther: 'Pod', en: 'Added by hand (kubectl taint) once you have made sure the node is shut down or powered off (non-graceful node shutdown): the Pod garbage collector force-deletes the node\'s Pods that do not tolerate it, so they can start elsewhere. Remove the taint once the node has recovered.', ja: 'ノードが停止または電源断の状態であることを確かめてから、手で付けます（kubectl taint。ノードの非正常なシャットダウン）。Pod のガベージコレクターが、許容していないそのノードの Pod を強制的に削除するので、ほかのノードで起動できます。ノードが復旧したら taint を外します。' },
    { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', writesOther: 'VolumeAttachment', en: 'The attach/detach controller then detaches those Pods\' volumes at once, without waiting for the node to unmount them.', ja: 'その後 attach/detach のコントローラーが、ノードのアンマウントを待たずに、それらの Pod のボリュームをすぐに切り離します。' },
  ]),
  taint('node.cloudprovider.kubernetes.io/uninitialized', 'node-cloudprovider-kubernetes-io-uninitialized', [
    { id: 'kubelet', when: 'run-time', writes: true, en: 'A kubelet started with the external cloud provider registers its Node with this NoSchedule taint, marking it unusable until the cloud provider has initialized it.', ja: '外部のクラウドプロバイダーを使って起動した kubelet が、この NoSchedule の taint を付けてノードを登録します。クラウドプロバイダーが初期化するまで使えないという印です。' },
    { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', writes: true, en: 'The cloud-controller-manager\'s node controller initializes the Node from the cloud provider (addresses, labels) and removes the taint. With no cloud-controller-manager running, it stays.', ja: 'cloud-controller-manager のノードのコントローラーが、クラウドプロバイダーの情報でノードを初期化し（アドレス、ラベル）、taint を外します。cloud-controller-manager が動いていなければ残ったままです。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no Pod here that does not tolerate it.', ja: '許容していない Pod をここに置きません。' },
  ]),
  taint('node.cloudprovider.kubernetes.io/shutdown', 'node-cloudprovider-kubernetes-io-shutdown', [
    { id: 'cloud-controller-manager', controller: 'cloud-node-lifecycle', when: 'continuously', writes: true, en: 'Added (NoSchedule) while the cloud provider reports the node\'s machine as shut down.', ja: 'クラウドプロバイダーがノードのマシンを停止中と報告している間付けます（NoSchedule）。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no new Pod here that does not tolerate it.', ja: '許容していない新しい Pod をここに置きません。' },
  ]),
  taint('node-role.kubernetes.io/control-plane', 'node-role-kubernetes-io-control-plane-taint', [
    { id: 'kubeadm', when: 'on-change', writes: true, en: 'kubeadm puts this NoSchedule taint on the control-plane nodes it manages, so that only Pods that tolerate it (the critical ones) run there. Remove it with kubectl taint nodes <node> node-role.kubernetes.io/control-plane:NoSchedule-.', ja: 'kubeadm が、管理するコントロールプレーンのノードにこの NoSchedule の taint を付け、許容する Pod（重要なもの）だけがそこで動くようにします。kubectl taint nodes <node> node-role.kubernetes.io/control-plane:NoSchedule- で外せます。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'Places no Pod here that does not tolerate it.', ja: '許容していない Pod をここに置きません。' },
  ]),
  taint('node-role.kubernetes.io/master', 'node-role-kubernetes-io-master-taint', [
    { id: 'kubeadm', when: 'on-change', en: 'Deprecated: kubeadm once put it on control-plane nodes; it now uses node-role.kubernetes.io/control-plane and no longer sets or uses this taint.', ja: '非推奨です。以前は kubeadm がコントロールプレーンのノードに付けていましたが、今は node-role.kubernetes.io/control-plane を使い、この taint を付けることも使うこともありません。' },
    { id: 'kube-scheduler', when: 'scheduling', en: 'If a node still has it, places no Pod there that does not tolerate it.', ja: 'まだ付いているノードには、許容していない Pod を置きません。' },
  ]),

  // Tolerations: a Pod's spec.tolerations[*].key, decided by its value.
  toleration('node.kubernetes.io/not-ready', 'node-kubernetes-io-not-ready', [
    { id: 'kube-controller-manager', controller: 'taint-eviction', when: 'continuously', en: 'Keeps the Pod on a not-ready node for tolerationSeconds (forever without it), then evicts it.', ja: 'not-ready のノードに Pod を tolerationSeconds の間（無ければいつまでも）残し、その後退去させます。' },
    { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The DefaultTolerationSeconds admission plugin adds this toleration (NoExecute, 300 s) to Pods that do not set it: the 5 minutes before eviction.', ja: 'DefaultTolerationSeconds のアドミッションプラグインが、指定していない Pod にこの toleration（NoExecute、300 秒）を足します。これが退去までの 5 分です。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller gives its Pods this toleration with no tolerationSeconds, so they are never evicted for it.', ja: 'DaemonSet のコントローラーは、自分の Pod に tolerationSeconds の無いこの toleration を付けるので、これで退去させられることはありません。' },
  ]),
  toleration('node.kubernetes.io/unreachable', 'node-kubernetes-io-unreachable', [
    { id: 'kube-controller-manager', controller: 'taint-eviction', when: 'continuously', en: 'Keeps the Pod on an unreachable node for tolerationSeconds (forever without it), then evicts it.', ja: '到達できないノードに Pod を tolerationSeconds の間（無ければいつまでも）残し、その後退去させます。' },
    { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The DefaultTolerationSeconds admission plugin adds this toleration (NoExecute, 300 s) to Pods that do not set it: the 5 minutes before eviction.', ja: 'DefaultTolerationSeconds のアドミッションプラグインが、指定していない Pod にこの toleration（NoExecute、300 秒）を足します。これが退去までの 5 分です。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller gives its Pods this toleration with no tolerationSeconds, so they are never evicted for it.', ja: 'DaemonSet のコントローラーは、自分の Pod に tolerationSeconds の無いこの toleration を付けるので、これで退去させられることはありません。' },
  ]),
  toleration('node.kubernetes.io/memory-pressure', 'node-kubernetes-io-memory-pressure', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the Pod onto nodes under memory pressure.', ja: 'メモリーが不足しているノードにも Pod を置けるようにします。' },
    { id: 'kubelet', when: 'run-time', en: 'While the node is under memory pressure (and no other pressure), the kubelet\'s eviction manager admits a BestEffort Pod only if it tolerates this taint, and rejects it otherwise; Burstable and Guaranteed Pods are admitted either way, and critical Pods always.', ja: 'ノードがメモリー不足（でほかの不足は無い）の間、kubelet の退去マネージャーは、BestEffort の Pod をこの taint を許容しているときだけ受け入れ、それ以外は拒否します。Burstable と Guaranteed の Pod はどちらでも受け入れ、重要な Pod は常に受け入れます。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller adds it (NoSchedule) to every DaemonSet Pod.', ja: 'DaemonSet のコントローラーが、すべての DaemonSet の Pod に付けます（NoSchedule）。' },
    { id: 'kube-apiserver', when: 'admission', writes: true, en: 'With the PodTolerationRestriction admission plugin enabled, it is added to Pods whose QoS class is not BestEffort.', ja: 'PodTolerationRestriction のアドミッションプラグインが有効なら、QoS クラスが BestEffort でない Pod に足されます。' },
  ]),
  toleration('node.kubernetes.io/disk-pressure', 'node-kubernetes-io-disk-pressure', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the scheduler place the Pod on a node with this taint; that does not mean it will run there (see the kubelet).', ja: 'この taint の付いたノードにも、スケジューラーが Pod を置けるようにします。ただし、そこで動くとは限りません（kubelet を参照）。' },
    { id: 'kubelet', when: 'run-time', en: 'Tolerating the taint does not get the Pod past the kubelet: while the node is under disk pressure, its eviction manager rejects every Pod that is not critical (a static Pod, or priority system-cluster-critical or higher), whatever its tolerations, and the Pod fails with reason Evicted.', ja: 'taint を許容しても kubelet は通れません。ノードがディスク不足の間、kubelet の退去マネージャーは、toleration に関係なく重要でない Pod（static Pod か、優先度が system-cluster-critical 以上のもの以外）をすべて拒否し、Pod は Evicted の理由で失敗します。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller adds it (NoSchedule) to every DaemonSet Pod.', ja: 'DaemonSet のコントローラーが、すべての DaemonSet の Pod に付けます（NoSchedule）。' },
  ]),
  toleration('node.kubernetes.io/pid-pressure', 'node-kubernetes-io-pid-pressure', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the scheduler place the Pod on a node with this taint; that does not mean it will run there (see the kubelet).', ja: 'この taint の付いたノードにも、スケジューラーが Pod を置けるようにします。ただし、そこで動くとは限りません（kubelet を参照）。' },
    { id: 'kubelet', when: 'run-time', en: 'Tolerating the taint does not get the Pod past the kubelet: while the node is short of process IDs, its eviction manager rejects every Pod that is not critical (a static Pod, or priority system-cluster-critical or higher), whatever its tolerations, and the Pod fails with reason Evicted.', ja: 'taint を許容しても kubelet は通れません。ノードのプロセス ID が不足している間、kubelet の退去マネージャーは、toleration に関係なく重要でない Pod（static Pod か、優先度が system-cluster-critical 以上のもの以外）をすべて拒否し、Pod は Evicted の理由で失敗します。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller adds it (NoSchedule) to every DaemonSet Pod.', ja: 'DaemonSet のコントローラーが、すべての DaemonSet の Pod に付けます（NoSchedule）。' },
  ]),
  toleration('node.kubernetes.io/unschedulable', 'node-kubernetes-io-unschedulable', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the Pod onto cordoned (unschedulable) nodes.', ja: 'cordon された（スケジュール不可の）ノードにも Pod を置けるようにします。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller adds it (NoSchedule) to every DaemonSet Pod.', ja: 'DaemonSet のコントローラーが、すべての DaemonSet の Pod に付けます（NoSchedule）。' },
  ]),
  toleration('node.kubernetes.io/network-unavailable', 'node-kubernetes-io-network-unavailable', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the Pod onto nodes whose network is not set up yet.', ja: 'ネットワークがまだ設定されていないノードにも Pod を置けるようにします。' },
    { id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writes: true, en: 'The DaemonSet controller adds it (NoSchedule) to DaemonSet Pods that use the host network.', ja: 'DaemonSet のコントローラーが、ホストのネットワークを使う DaemonSet の Pod に付けます（NoSchedule）。' },
  ]),
  toleration('node-role.kubernetes.io/control-plane', 'node-role-kubernetes-io-control-plane-taint', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the Pod onto control-plane nodes that kubeadm (or another tool) tainted.', ja: 'kubeadm（やほかのツール）が taint を付けたコントロールプレーンのノードにも Pod を置けるようにします。' },
  ]),
  toleration('node.cloudprovider.kubernetes.io/uninitialized', 'node-cloudprovider-kubernetes-io-uninitialized', [
    { id: 'kube-scheduler', when: 'scheduling', en: 'Lets the Pod onto nodes the cloud-controller-manager has not initialized yet (the cloud-controller-manager\'s own Pods need this).', ja: 'cloud-controller-manager がまだ初期化していないノードにも Pod を置けるようにします（cloud-controller-manager 自身の Pod に必要です）。' },
  ]),
];
