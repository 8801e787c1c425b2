import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const nodes = `${docs}/concepts/architecture/nodes/`;
const nodeStatus = `${docs}/reference/node/node-status/`;
const leases = `${docs}/concepts/architecture/leases/`;
const configMap = `${docs}/concepts/configuration/configmap/`;
const secret = `${docs}/concepts/configuration/secret/`;
const priority = `${docs}/concepts/scheduling-eviction/pod-priority-preemption/`;
const quota = `${docs}/concepts/policy/resource-quotas/`;
const limitRange = `${docs}/concepts/policy/limit-range/`;
const runtimeClass = `${docs}/concepts/containers/runtime-class/`;
const rbac = `${docs}/reference/access-authn-authz/rbac/`;

/** Node, Lease, Namespace, ServiceAccount, ConfigMap, Secret, PriorityClass, ResourceQuota, LimitRange, RuntimeClass, RBAC, List. */
export const clusterEntries: readonly FieldEntry[] = [
  // Node
  {
    kinds: ['Node'],
    paths: ['spec', 'metadata.name'],
    docs: `${nodes}#management`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'The kubelet registers its Node with kube-apiserver by default (self-registration) and keeps it updated; the name is the node\'s hostname unless overridden.', ja: 'kubelet は既定では自分のノードを kube-apiserver に登録し（自己登録）、更新し続けます。名前は、上書きしなければノードのホスト名です。' },
      { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', en: 'The node controller watches every Node\'s heartbeats.', ja: 'ノードのコントローラーが、すべてのノードのハートビートを監視します。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['spec.podCIDR', 'spec.podCIDRs', 'spec.podCIDRs[*]'],
    docs: `${nodes}#node-controller`,
    actors: [
      { id: 'kube-controller-manager', controller: 'node-ipam', when: 'on-change', writes: true, en: 'Assigned when the node registers, from the cluster CIDR, only if kube-controller-manager runs with --allocate-node-cidrs: kind sets it; kubeadm sets it only when given a Pod subnet (--pod-network-cidr or networking.podSubnet). Otherwise the field stays empty and the network plugin assigns Pod IPs its own way.', ja: 'kube-controller-manager が --allocate-node-cidrs で動いているときだけ、ノードの登録時にクラスタの CIDR から割り当てます。kind は設定します。kubeadm が設定するのは Pod のサブネット（--pod-network-cidr か networking.podSubnet）を指定したときだけです。そうでなければこの項目は空のままで、ネットワークプラグインが独自に Pod の IP を割り当てます。' },
      { id: 'cni', when: 'run-time', en: 'Many network plugins (kindnet, flannel) take Pod IPs on this node from this range.', ja: '多くのネットワークプラグイン（kindnet、flannel）は、このノードの Pod の IP をこの範囲から取ります。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['spec.taints', 'spec.taints[*]', 'spec.taints[*].**'],
    docs: `${docs}/concepts/scheduling-eviction/taint-and-toleration/#concepts`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Keeps Pods without a matching toleration off this node (NoSchedule and NoExecute; PreferNoSchedule only lowers the score).', ja: '一致する toleration の無い Pod をこのノードに置きません（NoSchedule と NoExecute。PreferNoSchedule は点数を下げるだけ）。' },
      { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'Adds node.kubernetes.io/not-ready, unreachable and pressure taints from the node\'s conditions; the taint-eviction controller then evicts Pods that do not tolerate NoExecute ones.', ja: 'ノードの condition から node.kubernetes.io/not-ready、unreachable、リソース不足の taint を付けます。その後 taint-eviction のコントローラーが、NoExecute を許容しない Pod を退去させます。' },
      { id: 'kubelet', when: 'run-time', en: 'Can register the node with initial taints. (kubeadm gives control-plane nodes node-role.kubernetes.io/control-plane:NoSchedule.)', ja: '最初の taint を付けてノードを登録できます（kubeadm はコントロールプレーンのノードに node-role.kubernetes.io/control-plane:NoSchedule を付けます）。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['spec.unschedulable'],
    docs: `${nodes}#manual-node-administration`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Places no new Pods here (kubectl cordon sets it); Pods already running stay, and DaemonSet Pods tolerate it.', ja: '新しい Pod をここに置きません（kubectl cordon が設定します）。動いている Pod はそのままで、DaemonSet の Pod は許容します。' },
      { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'on-change', writesOther: 'spec.taints', en: 'Mirrors it as the node.kubernetes.io/unschedulable taint.', ja: 'node.kubernetes.io/unschedulable の taint として写します。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['spec.providerID'],
    docs: `${docs}/concepts/architecture/cloud-controller/#node-controller`,
    actors: [
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'on-change', writes: true, en: 'Set by the cloud node controller (or the kubelet) to the machine\'s ID at the cloud provider, and used to find the machine again.', ja: 'クラウドのノードのコントローラー（または kubelet）が、クラウドプロバイダーでのマシンの ID を設定し、マシンを探し直すのに使います。' },
      { id: 'cloud-controller-manager', controller: 'cloud-node-lifecycle', when: 'continuously', en: 'The cloud node lifecycle controller asks the cloud provider about the machine with this ID, and deletes the Node when the machine is gone.', ja: 'クラウドのノードのライフサイクルのコントローラーが、この ID のマシンについてクラウドプロバイダーに問い合わせ、マシンが無くなっていればノードを削除します。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status'],
    docs: `${nodeStatus}#heartbeats`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'Written by the node\'s kubelet: updating status is one form of heartbeat (when it changes, or every 5 minutes by default); the other is the node\'s Lease.', ja: 'ノードの kubelet が書きます。status の更新はハートビートの 1 つの形で（変化したとき、または既定では 5 分ごと）、もう 1 つはノードの Lease です。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.conditions', 'status.conditions[*]', 'status.conditions[*].**'],
    docs: `${nodeStatus}#condition`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'The kubelet reports Ready, MemoryPressure, DiskPressure and PIDPressure (NetworkUnavailable comes from the network plugin or the cloud\'s route controller).', ja: 'kubelet が Ready、MemoryPressure、DiskPressure、PIDPressure を報告します（NetworkUnavailable はネットワークプラグインかクラウドの route のコントローラーが書きます）。' },
      { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writes: true, en: 'When heartbeats stop, the node controller sets Ready to Unknown; the Pods are then evicted (after 5 minutes by default).', ja: 'ハートビートが途絶えると、ノードのコントローラーが Ready を Unknown にします。その後（既定では 5 分後に）Pod が退去させられます。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Avoids nodes that are not Ready (through the taints derived from the conditions).', ja: 'Ready でないノードを（condition から付く taint を通して）避けます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.capacity', 'status.capacity.*', 'status.allocatable', 'status.allocatable.*'],
    docs: `${nodeStatus}#capacity`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'Reported by the kubelet: capacity is the machine, allocatable what is left for Pods after system reservations.', ja: 'kubelet が報告します。capacity はマシン全体、allocatable はシステムの予約を除いて Pod に使える分です。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Fits Pods\' requests into allocatable.', ja: 'Pod の requests が allocatable に収まるように置きます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.nodeInfo', 'status.nodeInfo.*'],
    docs: `${nodeStatus}#info`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'Reported by the kubelet: its own version, the container runtime\'s (e.g. containerd://1.7.1, asked over CRI), kernel and OS image. kubelet and the runtime are not Pods, so this is where their versions show.', ja: 'kubelet が報告します。自分のバージョン、コンテナランタイムのバージョン（CRI で尋ねた containerd://1.7.1 など）、カーネル、OS のイメージ。kubelet とランタイムは Pod ではないので、バージョンはここに現れます。' },
      { id: 'container-runtime', when: 'run-time', en: 'Reports its name and version to the kubelet.', ja: '自分の名前とバージョンを kubelet に伝えます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.nodeInfo.kubeProxyVersion'],
    docs: `${nodeStatus}#info`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'Deprecated, and not kube-proxy\'s report: the kubelet used to copy its own version here. Since v1.33 (the DisableNodeKubeProxyVersion feature gate, on by default, locked in v1.36) the kubelet leaves it empty and clears an old value; read kube-proxy\'s version from its Pod or DaemonSet image instead.', ja: '非推奨で、kube-proxy の報告でもありません。kubelet が自分のバージョンを写していただけです。v1.33 から（DisableNodeKubeProxyVersion のフィーチャーゲート。既定で有効、v1.36 で固定）kubelet はここを空のままにし、古い値も消します。kube-proxy のバージョンは、その Pod や DaemonSet のイメージから読みます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.addresses', 'status.addresses[*]', 'status.addresses[*].**'],
    docs: `${nodeStatus}#addresses`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'Reported by the kubelet (InternalIP, Hostname) …', ja: 'kubelet が報告します（InternalIP、Hostname）…' },
      { id: 'cloud-controller-manager', controller: 'cloud-node', when: 'continuously', writes: true, en: '… or, on a cloud, by the cloud node controller from the provider\'s data.', ja: '…クラウドでは、クラウドのノードのコントローラーがプロバイダーの情報から書きます。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.images', 'status.images[*]', 'status.images[*].**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/nodestatus/setters.go',
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'Images present on the node, from the container runtime.', ja: 'ノードにあるイメージで、コンテナランタイムから得ます。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Slightly prefers nodes that already have a Pod\'s images (ImageLocality).', ja: 'Pod のイメージを既に持つノードを少し優先します（ImageLocality）。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.daemonEndpoints', 'status.daemonEndpoints.**'],
    docs: `${docs}/concepts/architecture/control-plane-node-communication/#control-plane-to-node`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'The kubelet\'s port, reported by itself.', ja: 'kubelet 自身が報告する、kubelet のポートです。' },
      { id: 'kube-apiserver', when: 'run-time', en: 'Connects there for kubectl logs, exec, attach and port-forward.', ja: 'kubectl logs、exec、attach、port-forward のときにそこへ接続します。' },
    ],
  },
  {
    kinds: ['Node'],
    paths: ['status.volumesAttached', 'status.volumesAttached[*]', 'status.volumesAttached[*].**', 'status.volumesInUse', 'status.volumesInUse[*]'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/volume/attachdetach/statusupdater/node_status_updater.go',
    actors: [
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', writes: true, en: 'volumesAttached is written by the attach/detach controller.', ja: 'volumesAttached は attach/detach のコントローラーが書きます。' },
      { id: 'kubelet', when: 'run-time', writes: true, en: 'volumesInUse is written by the kubelet, so a mounted volume is not detached under it.', ja: 'volumesInUse は kubelet が書き、マウント中のボリュームが外されないようにします。' },
    ],
  },
  // Lease: who holds it depends on where it lives and what it is called.
  {
    kinds: ['coordination.k8s.io/Lease'],
    paths: ['spec', 'spec.*'],
    docs: `${leases}#node-heart-beats`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'A Lease in kube-node-lease, named after its node, is that node\'s kubelet heartbeat: the kubelet renews spec.renewTime every 10 s by default.', ja: 'kube-node-lease にあり、ノードと同じ名前の Lease は、そのノードの kubelet のハートビートです。kubelet が既定では 10 秒ごとに spec.renewTime を更新します。' },
      { id: 'add-on', named: 'the holder in spec.holderIdentity', when: 'continuously', writes: true, en: 'Elsewhere a Lease is a lock, most often for leader election: the replica named in holderIdentity renews it while it leads (kube-scheduler and kube-controller-manager in kube-system, operators in their own namespaces).', ja: 'それ以外の Lease はロックで、多くはリーダー選出に使われます。holderIdentity に名前のあるレプリカが、リーダーの間それを更新します（kube-system では kube-scheduler と kube-controller-manager、オペレーターは自分の Namespace で）。' },
    ],
  },
  {
    kinds: ['coordination.k8s.io/Lease'],
    paths: ['spec', 'spec.*'],
    onlyIf: { namespace: { equals: ['kube-node-lease'] } },
    docs: `${leases}#node-heart-beats`,
    actors: [
      { id: 'kubelet', when: 'continuously', writes: true, en: 'The heartbeat of the node this Lease is named after: its kubelet sets holderIdentity and leaseDurationSeconds (40 s by default) and renews spec.renewTime every 10 s by default.', ja: 'この Lease と同じ名前のノードのハートビートです。そのノードの kubelet が holderIdentity と leaseDurationSeconds（既定 40 秒）を設定し、spec.renewTime を既定では 10 秒ごとに更新します。' },
      { id: 'kube-controller-manager', controller: 'node-lifecycle', when: 'continuously', writesOther: 'Node', en: 'The node lifecycle controller reads renewTime: with no renewal within its grace period (--node-monitor-grace-period: 50 s by default since v1.32, 40 s before), it sets the node\'s Ready condition to Unknown and taints it.', ja: 'ノードのライフサイクルのコントローラーが renewTime を読みます。猶予期間（--node-monitor-grace-period。既定は v1.32 から 50 秒、それより前は 40 秒）の間に更新が無ければ、ノードの Ready の状態を Unknown にして taint を付けます。' },
    ],
  },
  {
    kinds: ['coordination.k8s.io/Lease'],
    paths: ['spec', 'spec.*'],
    onlyIf: { namespace: { equals: ['kube-system'] }, name: { equals: ['kube-scheduler'] } },
    docs: `${leases}#leader-election`,
    actors: [
      { id: 'kube-scheduler', when: 'continuously', writes: true, en: 'kube-scheduler\'s leader-election lock: the replica named in holderIdentity is the one scheduling and renews the Lease (every 2 s by default); the others wait and take over once it has not been renewed for leaseDurationSeconds (15 s by default).', ja: 'kube-scheduler のリーダー選出のロックです。holderIdentity に名前のあるレプリカだけがスケジューリングをして、この Lease を更新します（既定では 2 秒ごと）。ほかのレプリカは待機し、leaseDurationSeconds（既定 15 秒）の間更新が無ければ引き継ぎます。' },
    ],
  },
  {
    kinds: ['coordination.k8s.io/Lease'],
    paths: ['spec', 'spec.*'],
    onlyIf: { namespace: { equals: ['kube-system'] }, name: { equals: ['kube-controller-manager'] } },
    docs: `${leases}#leader-election`,
    actors: [
      { id: 'kube-controller-manager', when: 'continuously', writes: true, en: 'kube-controller-manager\'s leader-election lock: the replica named in holderIdentity runs the controllers and renews the Lease (every 2 s by default); the others wait and take over once it has not been renewed for leaseDurationSeconds (15 s by default).', ja: 'kube-controller-manager のリーダー選出のロックです。holderIdentity に名前のあるレプリカだけがコントローラーを動かし、この Lease を更新します（既定では 2 秒ごと）。ほかのレプリカは待機し、leaseDurationSeconds（既定 15 秒）の間更新が無ければ引き継ぎます。' },
    ],
  },
  {
    kinds: ['coordination.k8s.io/Lease'],
    paths: ['spec', 'spec.*'],
    onlyIf: { namespace: { equals: ['kube-system'] }, name: { equals: ['cloud-controller-manager'] } },
    docs: `${leases}#leader-election`,
    actors: [
      { id: 'cloud-controller-manager', when: 'continuously', writes: true, en: 'cloud-controller-manager\'s leader-election lock: the replica named in holderIdentity runs the cloud controllers and renews the Lease; the others wait to take over.', ja: 'cloud-controller-manager のリーダー選出のロックです。holderIdentity に名前のあるレプリカだけがクラウドのコントローラーを動かし、この Lease を更新します。ほかのレプリカは引き継ぎに備えて待機します。' },
    ],
  },
  {
    kinds: ['coordination.k8s.io/Lease'],
    paths: ['spec', 'spec.*'],
    onlyIf: { namespace: { equals: ['kube-system'] }, name: { prefix: ['apiserver-'] } },
    docs: `${leases}#api-server-identity`,
    actors: [
      { id: 'kube-apiserver', when: 'continuously', writes: true, en: 'The identity of one kube-apiserver instance (label apiserver.kubernetes.io/identity): that instance keeps renewing it, with leaseDurationSeconds 3600. Another instance deletes it only once it has expired, so a server that has stopped stays listed for up to an hour; a server restarted with the same hostname takes its Lease over.', ja: 'kube-apiserver のインスタンス 1 つの身元を表します（ラベル apiserver.kubernetes.io/identity）。そのインスタンスが leaseDurationSeconds 3600 で更新し続けます。ほかのインスタンスが削除するのは期限が切れてからなので、止まったサーバーも最長 1 時間は一覧に残ります。同じホスト名で起動し直したサーバーは、その Lease を引き継ぎます。' },
    ],
  },
  // Namespace
  {
    kinds: ['Namespace'],
    paths: ['metadata.name', 'spec'],
    docs: `${docs}/reference/access-authn-authz/service-accounts-admin/#serviceaccount-controller`,
    actors: [
      { id: 'kube-controller-manager', controller: 'serviceaccount', when: 'on-change', writesOther: 'ServiceAccount', en: 'The ServiceAccount controller creates the "default" ServiceAccount in every new namespace (and the root-ca-cert-publisher its kube-root-ca.crt ConfigMap).', ja: 'ServiceAccount のコントローラーが、新しい Namespace に default の ServiceAccount を作ります（root-ca-cert-publisher は kube-root-ca.crt の ConfigMap を作ります）。' },
      { id: 'kube-apiserver', when: 'admission', en: 'The NamespaceLifecycle admission plugin rejects requests in a namespace that does not exist, and the creation of new objects in one that is terminating (updates and deletes there still go through).', ja: 'NamespaceLifecycle のアドミッションプラグインが、存在しない Namespace へのリクエストと、終了中の Namespace での新しいオブジェクトの作成を拒否します（そこでの更新と削除は通ります）。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: ['spec.finalizers', 'spec.finalizers[*]'],
    docs: `${docs}/tasks/administer-cluster/namespaces/#creating-a-new-namespace`,
    actors: [
      { id: 'kube-controller-manager', controller: 'namespace', when: 'on-change', writes: true, en: 'When the namespace is deleted, the namespace controller deletes everything in it, then removes the "kubernetes" finalizer through the Namespace\'s finalize subresource so the Namespace can go. Any other value must be removed by whatever put it there: a finalizer that nothing removes (a nonexistent one) leaves the namespace stuck in Terminating.', ja: 'Namespace が削除されると、namespace のコントローラーが中のものをすべて削除し、その後 Namespace の finalize サブリソースを通して kubernetes の finalizer を取り除き、Namespace を消せるようにします。ほかの値は、それを付けたものが取り除く必要があります。誰も取り除かない（存在しない）finalizer を指定すると、Namespace は Terminating のまま残ります。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'On create, kube-apiserver adds "kubernetes" to the list if it is missing. An ordinary update cannot change the list (kube-apiserver keeps the old one); only a write to the finalize subresource can.', ja: '作成時に、kubernetes がリストになければ kube-apiserver が加えます。通常の更新ではリストを変えられず（kube-apiserver が前の値を保ちます）、変えられるのは finalize サブリソースへの書き込みだけです。' },
    ],
  },
  {
    kinds: ['Namespace'],
    paths: ['status', 'status.**'],
    docs: `${docs}/tasks/administer-cluster/namespaces/#deleting-a-namespace`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'phase becomes Terminating when kube-apiserver accepts the delete …', ja: 'kube-apiserver が削除を受け付けると phase が Terminating になります…' },
      { id: 'kube-controller-manager', controller: 'namespace', when: 'on-change', writes: true, en: '… and the namespace controller reports in conditions what is still blocking the deletion.', ja: '…namespace のコントローラーが、削除を妨げているものを conditions に報告します。' },
    ],
  },
  // ServiceAccount
  {
    kinds: ['ServiceAccount'],
    paths: ['metadata.name'],
    docs: `${docs}/reference/access-authn-authz/authentication/#service-account-tokens`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'Authenticates Pods\' tokens as system:serviceaccount:<namespace>:<name>; RBAC bindings grant that name its permissions.', ja: 'Pod のトークンを system:serviceaccount:<namespace>:<name> として認証します。その名前の権限は RBAC のバインディングで与えます。' },
      { id: 'kube-controller-manager', controller: 'serviceaccount', when: 'on-change', writes: true, en: 'The ServiceAccount controller recreates "default" in every namespace if it is deleted.', ja: 'ServiceAccount のコントローラーは、各 Namespace の default が消されれば作り直します。' },
    ],
  },
  {
    kinds: ['ServiceAccount'],
    paths: ['automountServiceAccountToken'],
    docs: `${docs}/tasks/configure-pod-container/configure-service-account/#opt-out-of-api-credential-automounting`,
    actors: [{ id: 'kube-apiserver', when: 'admission', en: 'false: the ServiceAccount admission plugin mounts no token into Pods using this account (unless the Pod asks for it).', ja: 'false なら、ServiceAccount のアドミッションプラグインはこのアカウントを使う Pod にトークンをマウントしません（Pod 側で求めた場合を除く）。' }],
  },
  {
    kinds: ['ServiceAccount'],
    paths: ['imagePullSecrets', 'imagePullSecrets[*]', 'imagePullSecrets[*].name'],
    docs: `${docs}/tasks/configure-pod-container/configure-service-account/#add-imagepullsecrets-to-a-service-account`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'The ServiceAccount admission plugin copies these into new Pods that use this account and name no imagePullSecrets of their own.', ja: 'ServiceAccount のアドミッションプラグインが、このアカウントを使い、自分の imagePullSecrets を持たない新しい Pod に、これらを写します。' },
      { id: 'kubelet', when: 'run-time', en: 'Uses them to pull the Pods\' images.', ja: 'Pod のイメージの取得に使います。' },
    ],
  },
  {
    kinds: ['ServiceAccount'],
    paths: ['secrets', 'secrets[*]', 'secrets[*].**'],
    docs: `${docs}/reference/labels-annotations-taints/#enforce-mountable-secrets`,
    actors: [{ id: 'kube-apiserver', when: 'admission', en: 'Read only when the account has the kubernetes.io/enforce-mountable-secrets annotation (deprecated since v1.32): Pods using the account may then use only these Secrets, whether mounted as volumes or read into environment variables, or kube-apiserver rejects them. Token Secrets are no longer created automatically.', ja: 'kubernetes.io/enforce-mountable-secrets のアノテーション（v1.32 から非推奨）があるときだけ読まれます。そのときこのアカウントを使う Pod が使える Secret は、ボリュームとしてマウントするものも環境変数に読み込むものも、ここにあるものだけになり、守らない Pod は kube-apiserver が拒否します。トークンの Secret はもう自動では作られません。' }],
  },
  // ConfigMap
  {
    kinds: ['ConfigMap'],
    paths: ['data', 'data.*', 'binaryData', 'binaryData.*'],
    docs: `${configMap}#mounted-configmaps-are-updated-automatically`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Reads it for Pods that use it: files of a mounted ConfigMap volume are refreshed after a change (within the kubelet\'s sync period and cache delay), but not a file mounted with subPath; environment variables are read only at container start.', ja: 'これを使う Pod のために読みます。ConfigMap のボリュームとしてマウントしたファイルは変更の後に更新されます（kubelet の同期の間隔とキャッシュの遅れの範囲で）が、subPath でマウントしたファイルは更新されません。環境変数はコンテナの起動時にだけ読まれます。' },
    ],
  },
  {
    kinds: ['ConfigMap', 'Secret'],
    paths: ['immutable'],
    docs: `${configMap}#configmap-immutable`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Once true: rejects any change of data (and of binaryData in a ConfigMap, stringData in a Secret), and true cannot be set back to false (delete and recreate instead).', ja: 'true にすると、data（ConfigMap なら binaryData、Secret なら stringData も）の変更をすべて拒否し、false にも戻せません（消して作り直します）。' },
      { id: 'kubelet', when: 'run-time', en: 'Stops watching it, which lightens the load on kube-apiserver.', ja: '監視をやめるので、kube-apiserver の負荷が減ります。' },
    ],
  },
  // Secret
  {
    kinds: ['Secret'],
    paths: ['data', 'data.*', 'stringData', 'stringData.*'],
    docs: `${secret}#restriction-names-data`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Merges stringData into data (base64) and stores it, encrypted at rest only if encryption is configured.', ja: 'stringData を data（base64）にまとめて保存します。保存時の暗号化は、設定したときだけ行われます。' },
      { id: 'kubelet', when: 'run-time', en: 'Fetches it for Pods that use it, as files on tmpfs or as environment variables.', ja: 'これを使う Pod のために取り出し、tmpfs 上のファイルか環境変数にします。' },
      { id: 'etcd', when: 'on-change', en: 'Where it is stored, unencrypted unless encryption at rest is configured: without it, whoever reads etcd (or a backup of it) reads every Secret.', ja: '保存先です。保存時の暗号化を設定しない限り暗号化されないので、その場合 etcd（やそのバックアップ）を読める人はすべての Secret を読めます。' },
    ],
  },
  {
    kinds: ['Secret'],
    paths: ['type'],
    docs: `${secret}#secret-types`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Validates the keys each type requires (e.g. .dockerconfigjson, tls.crt/tls.key).', ja: '種類ごとに必要なキー（.dockerconfigjson、tls.crt/tls.key など）を検証します。' },
      { id: 'kube-controller-manager', controller: 'serviceaccount-token', when: 'on-change', writesOther: 'data.token', en: 'kubernetes.io/service-account-token: the token controller fills in the token.', ja: 'kubernetes.io/service-account-token なら、トークンのコントローラーがトークンを書き込みます。' },
    ],
  },
  // PriorityClass
  {
    kinds: ['scheduling.k8s.io/PriorityClass'],
    paths: ['value', 'globalDefault'],
    docs: `${priority}#priorityclass`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'The Priority admission plugin copies value into spec.priority of Pods created with this class (globalDefault: of Pods naming no class); existing Pods keep theirs.', ja: 'Priority のアドミッションプラグインが、このクラスで作られる Pod の spec.priority に value を写します（globalDefault ならクラスを指定しない Pod に）。既存の Pod は変わりません。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Orders its queue and preempts by the Pods\' priority.', ja: 'Pod の優先度でキューを並べ、押しのけ（preemption）を決めます。' },
    ],
  },
  {
    kinds: ['scheduling.k8s.io/PriorityClass'],
    paths: ['preemptionPolicy'],
    docs: `${priority}#non-preempting-priority-class`,
    actors: [{ id: 'kube-scheduler', when: 'scheduling', en: 'Never: Pods of this class never preempt others (copied into the Pod at admission).', ja: 'Never なら、このクラスの Pod はほかの Pod を押しのけません（受け付け時に Pod に写されます）。' }],
  },
  {
    kinds: ['scheduling.k8s.io/PriorityClass'],
    paths: ['description'],
    docs: `${priority}#priorityclass`,
    actors: [{ id: 'kube-apiserver', when: 'admission', en: 'Stored by kube-apiserver; nothing reads it.', ja: 'kube-apiserver が保存するだけで、誰も読みません。' }],
  },
  // ResourceQuota
  {
    kinds: ['ResourceQuota'],
    paths: ['spec', 'spec.hard', 'spec.hard.*', 'spec.scopes', 'spec.scopes[*]', 'spec.scopeSelector', 'spec.scopeSelector.**'],
    docs: `${quota}#how-kubernetes-resourcequotas-work`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'The ResourceQuota admission plugin rejects a create or update that would take the namespace\'s usage past hard, and a Pod that leaves out a cpu or memory request or limit the quota constrains (a LimitRange can fill it in). Compute quotas do not refuse a Deployment itself: it is its Pods that are refused, as events of its ReplicaSet.', ja: 'ResourceQuota のアドミッションプラグインが、Namespace の使用量が hard を超える作成・更新を拒否します。quota が制限する cpu や memory の requests・limits を書かない Pod も拒否します（LimitRange で既定値を入れられます）。計算リソースの quota は Deployment 自体は拒否せず、拒否されるのはその Pod で、ReplicaSet のイベントに出ます。' },
      { id: 'kube-controller-manager', controller: 'resourcequota', when: 'continuously', writesOther: 'status.used', en: 'The resource quota controller recalculates status.used.', ja: 'resourcequota のコントローラーが status.used を計算し直します。' },
    ],
  },
  {
    kinds: ['ResourceQuota'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/resourcequota/resource_quota_controller.go',
    actors: [{ id: 'kube-controller-manager', controller: 'resourcequota', when: 'continuously', writes: true, en: 'Written by the resource quota controller (and by kube-apiserver as it admits requests).', ja: 'resourcequota のコントローラーが書きます（kube-apiserver も受け付けのときに更新します）。' }],
  },
  // LimitRange
  {
    kinds: ['LimitRange'],
    paths: ['spec', 'spec.limits', 'spec.limits[*]', 'spec.limits[*].**'],
    docs: `${limitRange}#constraints-on-resource-limits-and-requests`,
    actors: [{ id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'The LimitRanger admission plugin fills in default requests/limits when a Pod is created, and rejects Pods and claims outside min/max when they are created or updated (a claim\'s resize, a Pod\'s in-place resize); changing the LimitRange does not change existing Pods.', ja: 'LimitRanger のアドミッションプラグインが、Pod の作成時に requests/limits の既定値を入れ、min/max を外れる Pod とクレームを作成時と更新時（クレームの容量の変更、Pod のその場でのリサイズ）に拒否します。LimitRange を変えても既存の Pod は変わりません。' }],
  },
  // RuntimeClass
  {
    kinds: ['node.k8s.io/RuntimeClass'],
    paths: ['handler'],
    docs: `${runtimeClass}#2-create-the-corresponding-runtimeclass-resources`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Passes the handler name to the container runtime over CRI for Pods of this class.', ja: 'このクラスの Pod について、handler の名前を CRI でコンテナランタイムに渡します。' },
      { id: 'container-runtime', when: 'run-time', en: 'Must have a runtime configured under this name (e.g. a containerd runtime entry), or the Pod fails to start.', ja: 'この名前のランタイムの設定（containerd の runtime の項目など）が必要で、無ければ Pod は起動できません。' },
    ],
  },
  {
    kinds: ['node.k8s.io/RuntimeClass'],
    paths: ['overhead', 'overhead.**'],
    docs: `${runtimeClass}#pod-overhead`,
    actors: [{ id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'The RuntimeClass admission plugin copies it into spec.overhead of Pods of this class; kube-scheduler and the kubelet then count it.', ja: 'RuntimeClass のアドミッションプラグインが、このクラスの Pod の spec.overhead に写します。その後 kube-scheduler と kubelet がそれを計算に含めます。' }],
  },
  {
    kinds: ['node.k8s.io/RuntimeClass'],
    paths: ['scheduling', 'scheduling.**'],
    docs: `${runtimeClass}#scheduling`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'Pod', en: 'The RuntimeClass admission plugin merges nodeSelector and tolerations into Pods of this class.', ja: 'RuntimeClass のアドミッションプラグインが、このクラスの Pod に nodeSelector と tolerations を足します。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'So they only land on nodes that support it.', ja: 'その結果、対応するノードにだけ置かれます。' },
    ],
  },
  // RBAC
  {
    kinds: ['rbac.authorization.k8s.io/Role', 'rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/RoleBinding', 'rbac.authorization.k8s.io/ClusterRoleBinding'],
    paths: ['rules', 'rules[*]', 'rules[*].**', 'roleRef', 'roleRef.**', 'subjects', 'subjects[*]', 'subjects[*].**'],
    docs: `${rbac}#api-overview`,
    actors: [
      { id: 'kube-apiserver', when: 'run-time', en: 'The RBAC authorizer in kube-apiserver checks every request against these rules and bindings.', ja: 'kube-apiserver の RBAC の認可が、すべてのリクエストをこれらの規則とバインディングに照らして確かめます。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Rejects a change of a binding\'s roleRef (delete and recreate the binding instead), and a Role or binding that would grant permissions its writer does not have (unless the writer may escalate or bind).', ja: 'バインディングの roleRef の変更は拒否します（バインディングを消して作り直します）。書き込む人が持たない権限を与えることになる Role やバインディングも拒否します（escalate や bind の権限があれば別です）。' },
    ],
  },
  {
    kinds: ['rbac.authorization.k8s.io/ClusterRole'],
    paths: ['aggregationRule', 'aggregationRule.**'],
    docs: `${rbac}#aggregated-clusterroles`,
    actors: [{ id: 'kube-controller-manager', controller: 'clusterrole-aggregation', when: 'on-change', writesOther: 'rules', en: 'The aggregation controller fills rules with the rules of every ClusterRole these selectors match.', ja: '集約のコントローラーが、このセレクターに一致するすべての ClusterRole の規則で rules を埋めます。' }],
  },
  // List: a client-side envelope.
  {
    kinds: ['List'],
    paths: ['items', 'apiVersion', 'kind', 'metadata'],
    docs: `${docs}/reference/using-api/api-concepts/#collections`,
    actors: [{ id: 'kube-apiserver', when: 'admission', en: 'kube-apiserver has no List resource to store: kubectl and other clients send each item as a request of its own.', ja: 'kube-apiserver には保存する List のリソースはありません。kubectl などのクライアントが、各項目を別々のリクエストとして送ります。' }],
  },
];
