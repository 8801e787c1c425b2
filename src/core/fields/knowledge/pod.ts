import type { FieldEntry } from '../types';

/** Containers of every sort share their fields. */
const C = 'spec.containers|initContainers|ephemeralContainers[*]';
/** Probes and lifecycle hooks: app containers and sidecars (init containers with restartPolicy Always) only. */
const PROBED = 'spec.containers|initContainers[*]';
const docs = 'https://kubernetes.io/docs';

/** Pod: every spec field some component acts on, and status. Applies inside every pod template too. */
export const podEntries: readonly FieldEntry[] = [
  {
    kinds: ['Pod'],
    paths: ['spec'],
    docs: `${docs}/concepts/workloads/pods/#working-with-pods`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'The kubelet of the node the Pod is bound to runs the containers described here through the container runtime and keeps them running.', ja: 'Pod が割り当てられたノードの kubelet が、ここに書かれたコンテナをコンテナランタイムで動かし、動き続けるようにします。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Watches Pods with no node and chooses one for them.', ja: 'ノードが決まっていない Pod を監視し、動かすノードを選びます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.nodeName'],
    docs: `${docs}/concepts/scheduling-eviction/assign-pod-node/#nodename`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', writes: true, en: 'Writes it through a binding when it has chosen a node. If you set it yourself the scheduler is bypassed: the Pod goes straight to that node.', ja: 'ノードを選ぶと binding（バインディング）でこの値を書き込みます。自分で書くと kube-scheduler は使われず、Pod はそのノードに直接割り当てられます。' },
      { id: 'kubelet', when: 'run-time', en: 'The kubelet of that node watches Pods bound to it, admits the Pod (or rejects it when it does not fit) and starts its containers.', ja: 'そのノードの kubelet は自分に割り当てられた Pod を監視し、受け入れられるかを確かめ（収まらなければ拒否し）、コンテナを起動します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.nodeSelector', 'spec.nodeSelector.*'],
    docs: `${docs}/concepts/scheduling-eviction/assign-pod-node/#nodeselector`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Filters out every node whose labels do not match: with no matching node the Pod stays Pending.', ja: 'ラベルが一致しないノードを候補から外します。一致するノードが無ければ Pod は Pending のまま待ちます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.affinity', 'spec.affinity.nodeAffinity', 'spec.affinity.nodeAffinity.**'],
    docs: `${docs}/concepts/scheduling-eviction/assign-pod-node/#affinity-and-anti-affinity`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Filters nodes by the required rules and scores them by the preferred ones. "IgnoredDuringExecution": a Pod already running is not moved when labels change later.', ja: '必須の条件でノードを絞り込み、優先の条件で点数を付けます。「IgnoredDuringExecution」なので、後でラベルが変わっても動いている Pod は移されません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.affinity.podAffinity|podAntiAffinity', 'spec.affinity.podAffinity|podAntiAffinity.**'],
    docs: `${docs}/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Places the Pod near (affinity) or away from (anti-affinity) Pods whose labels match, per topology domain (node, zone …). requiredDuringScheduling rules filter the nodes, and the Pod stays Pending if none is left; preferredDuringScheduling rules only add to a node\'s score, so the Pod may still land elsewhere. "IgnoredDuringExecution": Pods already running are not moved when labels change later.', ja: 'ラベルが一致する Pod と同じ（affinity）または別の（anti-affinity）トポロジーの範囲（ノード、ゾーンなど）に Pod を置きます。requiredDuringScheduling の条件はノードを絞り込み、ノードが残らなければ Pod は Pending のままです。preferredDuringScheduling の条件はノードの点数を変えるだけなので、Pod がほかの場所に置かれることもあります。「IgnoredDuringExecution」なので、後でラベルが変わっても動いている Pod は移されません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.tolerations', 'spec.tolerations[*]', 'spec.tolerations[*].**'],
    docs: `${docs}/concepts/scheduling-eviction/taint-and-toleration/#concepts`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Places the Pod only on nodes whose NoSchedule and NoExecute taints it tolerates, and avoids, when it can, nodes with PreferNoSchedule taints it does not tolerate.', ja: 'NoSchedule と NoExecute の taint をすべて許容している（toleration がある）ノードにだけ Pod を置きます。許容していない PreferNoSchedule の taint があるノードは、できるかぎり避けます。' },
      { id: 'kube-controller-manager', controller: 'taint-eviction', when: 'continuously', en: 'When a node gets a NoExecute taint, evicts at once the running Pods that do not tolerate it; a Pod that tolerates it stays, for good or for its tolerationSeconds.', ja: 'ノードに NoExecute の taint が付くと、それを許容していない動いている Pod をすぐに退去させます。許容している Pod は残ります（tolerationSeconds があればその秒数の間だけ）。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The DefaultTolerationSeconds admission plugin adds NoExecute tolerations of 300 s for node.kubernetes.io/not-ready and unreachable unless the Pod sets them: the 5-minute wait before Pods leave a failed node.', ja: 'DefaultTolerationSeconds のアドミッションプラグインが、Pod に指定が無ければ node.kubernetes.io/not-ready と unreachable に 300 秒の NoExecute の toleration を足します。これが、障害の起きたノードから Pod が退去するまでの 5 分です。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.tolerations[*].tolerationSeconds'],
    docs: `${docs}/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions`,
    actors: [
      { id: 'kube-controller-manager', controller: 'taint-eviction', when: 'continuously', en: 'Only for a NoExecute toleration: the Pod, which tolerates the taint, stays bound this many seconds after the taint is added, then is evicted (not if the taint goes first). Pods that do not tolerate the taint are evicted at once; without tolerationSeconds a tolerating Pod stays for good.', ja: 'NoExecute の toleration でだけ意味を持ちます。taint を許容している Pod は、taint が付いてからこの秒数の間ノードに残り、その後退去させられます（それまでに taint が消えれば退去しません）。許容していない Pod はすぐに退去させられ、tolerationSeconds の無い toleration なら Pod はずっと残ります。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The DefaultTolerationSeconds admission plugin sets 300 for the not-ready and unreachable tolerations it adds.', ja: 'DefaultTolerationSeconds のアドミッションプラグインが、自分で足す not-ready と unreachable の toleration に 300 を設定します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.priorityClassName', 'spec.priority'],
    docs: `${docs}/concepts/scheduling-eviction/pod-priority-preemption/#pod-priority`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writesOther: 'spec.priority', en: 'The Priority admission plugin resolves the PriorityClass (with no class, the globalDefault class, or 0 when there is none) and writes its value into spec.priority. An unknown class is rejected, and so is a Pod whose own spec.priority differs from that value: set the class, not the number.', ja: 'Priority のアドミッションプラグインが PriorityClass（クラスが無ければ globalDefault のクラス、それも無ければ 0）を引き、その値を spec.priority に書き込みます。存在しないクラスは拒否され、Pod に書いた spec.priority がその値と違うときも拒否されます。数値ではなくクラスを指定します。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Schedules higher-priority Pods first and, when none fits, may preempt (evict) lower-priority Pods.', ja: '優先度の高い Pod から先にスケジュールし、置けないときは優先度の低い Pod を押しのける（preemption）ことがあります。' },
      { id: 'kubelet', when: 'run-time', en: 'Ranks Pods by priority when it must evict under node pressure.', ja: 'ノードのリソースが足りず Pod を退去させるとき、優先度を順位付けに使います。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.preemptionPolicy'],
    docs: `${docs}/concepts/scheduling-eviction/pod-priority-preemption/#non-preempting-priority-class`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Never: the Pod waits in the queue instead of preempting lower-priority Pods.', ja: 'Never なら、Pod は優先度の低い Pod を押しのけず、キューで待ちます。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The Priority admission plugin sets it from the Pod\'s PriorityClass (with no class, the globalDefault class, or PreemptLowerPriority when there is none) and rejects the Pod if its own value differs: Never belongs on a PriorityClass, not on the Pod.', ja: 'Priority のアドミッションプラグインが、Pod の PriorityClass（クラスが無ければ globalDefault のクラス、それも無ければ PreemptLowerPriority）からこの値を設定し、Pod に書いた値がそれと違えば Pod を拒否します。Never は Pod ではなく PriorityClass に書くものです。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.schedulerName'],
    docs: `${docs}/tasks/extend-kubernetes/configure-multiple-schedulers/#specify-schedulers-for-pods`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Only the scheduler with this name (default-scheduler is kube-scheduler) picks the Pod up; with no such scheduler it stays Pending.', ja: 'この名前のスケジューラー（default-scheduler は kube-scheduler）だけがこの Pod を扱います。該当するスケジューラーが無ければ Pending のままです。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.schedulingGates', 'spec.schedulingGates[*]', 'spec.schedulingGates[*].**'],
    docs: `${docs}/concepts/scheduling-eviction/pod-scheduling-readiness/#configuring-pod-schedulinggates`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Does not consider the Pod until every gate has been removed (by whoever added it).', ja: 'すべてのゲートが（付けた側によって）取り除かれるまで、この Pod をスケジュールの対象にしません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.topologySpreadConstraints', 'spec.topologySpreadConstraints[*]', 'spec.topologySpreadConstraints[*].**'],
    docs: `${docs}/concepts/scheduling-eviction/topology-spread-constraints/#topologyspreadconstraints-field`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Places each new Pod so that the Pods matching labelSelector spread evenly across topology domains (zones, nodes): with whenUnsatisfiable DoNotSchedule (the default) it filters out the nodes that would push the skew past maxSkew, and the Pod stays Pending if none is left; with ScheduleAnyway it only prefers the nodes that reduce the skew, so maxSkew may be exceeded. Pods already placed are not moved when the spread drifts later.', ja: '新しい Pod ごとに、labelSelector に一致する Pod がトポロジーの範囲（ゾーン、ノードなど）に均等に散らばるように置きます。whenUnsatisfiable が DoNotSchedule（既定）なら、偏りが maxSkew を超えるノードを除き、ノードが残らなければ Pod は Pending のままです。ScheduleAnyway なら偏りを減らすノードを優先するだけなので、maxSkew を超えることがあります。後から偏っても、置いた Pod は動かしません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.runtimeClassName'],
    docs: `${docs}/concepts/containers/runtime-class/#usage`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Resolves the RuntimeClass and passes its handler to the container runtime over CRI.', ja: 'RuntimeClass を引き、その handler を CRI でコンテナランタイムに渡します。' },
      { id: 'container-runtime', when: 'run-time', en: 'Runs the Pod with the runtime configuration named by the handler.', ja: 'handler が指す設定で Pod を動かします。' },
      { id: 'kube-apiserver', when: 'admission', writesOther: 'spec.overhead', en: 'The RuntimeClass admission plugin adds the class\'s overhead and scheduling constraints to the Pod.', ja: 'RuntimeClass のアドミッションプラグインが、クラスの overhead とスケジューリングの条件を Pod に足します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.overhead', 'spec.overhead.*'],
    docs: `${docs}/concepts/scheduling-eviction/pod-overhead/#usage-example`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Filled in from the RuntimeClass at admission.', ja: '受け付け時に RuntimeClass から書き込まれます。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Adds it to the container requests when checking that the Pod fits a node.', ja: 'Pod がノードに収まるかを確かめるとき、コンテナの requests に足して計算します。' },
      { id: 'kubelet', when: 'run-time', en: 'Accounts for it when sizing the Pod\'s cgroup.', ja: 'Pod の cgroup の大きさに含めます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.resourceClaims', 'spec.resourceClaims[*]', 'spec.resourceClaims[*].**'],
    docs: `${docs}/concepts/resource-management/dynamic-resource-allocation/how-dra-works/#how-it-works`,
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writesOther: 'ResourceClaim', en: 'For an entry with resourceClaimTemplateName, the resourceclaim controller creates a ResourceClaim for this Pod from the template, deleted when the Pod terminates; an entry with resourceClaimName uses that existing claim, which other Pods may share (dynamic resource allocation, stable since v1.34).', ja: 'resourceClaimTemplateName のエントリーなら、resourceclaim のコントローラーがテンプレートからこの Pod 用の ResourceClaim を作り、Pod が終わると削除されます。resourceClaimName のエントリーなら既存のクレームを使い、ほかの Pod と共有することもあります（Dynamic Resource Allocation、v1.34 から stable）。' },
      { id: 'kube-scheduler', when: 'scheduling', writesOther: 'ResourceClaim', en: 'Allocates matching devices from the ResourceSlices to each claim, writes the allocation into the claim\'s status, and places the Pod on a node that can reach those devices.', ja: 'ResourceSlice から条件に合うデバイスを各クレームに割り当て、その割り当てをクレームの status に書き込み、それらのデバイスを使えるノードに Pod を置きます。' },
      { id: 'kubelet', when: 'run-time', en: 'With the DRA driver on its node, prepares the allocated devices and the Pod\'s access to them before the containers start.', ja: 'ノードの DRA ドライバーと一緒に、割り当てられたデバイスと Pod からの利用を、コンテナの起動前に用意します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.restartPolicy'],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#restart-policy`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Restarts containers on the same node with an exponential back-off (CrashLoopBackOff): Always, whenever one exits; OnFailure, only when it exits with a non-zero status; Never, never.', ja: 'コンテナを同じノードで、間隔を伸ばしながら再起動します（CrashLoopBackOff）。Always なら終了するたびに、OnFailure ならゼロ以外の終了コードで終わったときだけ、Never なら再起動しません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.terminationGracePeriodSeconds'],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#pod-termination`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'On deletion it runs the preStop hooks, then has the runtime send TERM; the hooks run inside this period, not before it. When the period is over it has what is left killed (KILL), granting once 2 more seconds if a preStop hook is still running.', ja: '削除されると preStop フックを実行し、その後ランタイムに TERM を送らせます。フックの時間もこの秒数に含まれます（先に足されるわけではありません）。秒数が尽きると残ったプロセスを強制終了（KILL）させます。preStop フックがまだ動いていれば、一度だけ 2 秒延ばします。' },
      { id: 'kube-apiserver', when: 'on-change', writesOther: 'metadata.deletionGracePeriodSeconds', en: 'When the Pod is deleted, sets metadata.deletionGracePeriodSeconds to this value unless the delete request gives its own (kubectl delete --grace-period, --force); a Pod not yet bound to a node, or already Succeeded or Failed, is removed at once.', ja: 'Pod が削除されるとき、削除の要求が自分の値（kubectl delete --grace-period や --force）を持たなければ、この値を metadata.deletionGracePeriodSeconds に設定します。まだノードに割り当てられていない Pod や、すでに Succeeded か Failed の Pod は、すぐに消されます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.activeDeadlineSeconds'],
    docs: `${docs}/reference/kubernetes-api/workload-resources/pod-v1/#lifecycle`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Marks the Pod Failed (DeadlineExceeded) and stops its containers once it has been active this long.', ja: 'この時間を過ぎると Pod を Failed（DeadlineExceeded）にし、コンテナを止めます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.serviceAccountName', 'spec.serviceAccount'],
    docs: `${docs}/reference/access-authn-authz/service-accounts-admin/#serviceaccount-admission-controller`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The ServiceAccount admission plugin sets "default" when empty, rejects the Pod if no ServiceAccount has this name, and adds a projected volume with the account\'s token unless automountServiceAccountToken is false (on the Pod or the account).', ja: 'ServiceAccount のアドミッションプラグインが、空なら default を設定し、この名前の ServiceAccount が無ければ Pod を拒否します。automountServiceAccountToken が（Pod かアカウントで）false でなければ、アカウントのトークンを入れる projected ボリュームを足します。' },
      { id: 'kubelet', when: 'run-time', en: 'Requests a short-lived token for this account (TokenRequest), mounts it and refreshes it before it expires.', ja: 'このアカウントの短命なトークンを要求（TokenRequest）してマウントし、期限が切れる前に更新します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.automountServiceAccountToken'],
    docs: `${docs}/tasks/configure-pod-container/configure-service-account/#opt-out-of-api-credential-automounting`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'false: the ServiceAccount admission plugin does not add the token volume (overrides the ServiceAccount\'s setting).', ja: 'false なら ServiceAccount のアドミッションプラグインはトークンのボリュームを足しません（ServiceAccount 側の設定より優先されます）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.imagePullSecrets', 'spec.imagePullSecrets[*]', 'spec.imagePullSecrets[*].name'],
    docs: `${docs}/concepts/containers/images/#specifying-imagepullsecrets-on-a-pod`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Reads these Secrets and hands the registry credentials to the container runtime when pulling images.', ja: 'これらの Secret を読み、イメージを取得するときにレジストリーの認証情報をコンテナランタイムに渡します。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'The ServiceAccount admission plugin appends the ServiceAccount\'s imagePullSecrets when the Pod has none.', ja: 'Pod に指定が無ければ、ServiceAccount のアドミッションプラグインが ServiceAccount の imagePullSecrets を足します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.hostNetwork'],
    docs: `${docs}/concepts/security/pod-security-standards/#baseline`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'true: the Pod sandbox is created in the node\'s network namespace and the Pod uses the node\'s IP and ports; false or unset: the Pod gets its own network namespace and IP from the network plugin.', ja: 'true なら、Pod のサンドボックスがノードのネットワーク名前空間に作られ、Pod はノードの IP とポートを使います。false か未指定なら、Pod は自分のネットワーク名前空間を持ち、ネットワークプラグインから IP をもらいます。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Pod Security admission rejects true in namespaces enforcing the baseline or restricted level; false or unset is allowed everywhere. With true, kube-apiserver also sets each container port\'s unset hostPort to its containerPort, in Pods only (not in Pod templates), so kube-scheduler treats those ports as host ports.', ja: 'baseline または restricted を強制する Namespace では、Pod Security のアドミッションが true を拒否します。false か未指定ならどこでも許されます。true なら、kube-apiserver は未指定の各コンテナポートの hostPort に containerPort を入れます（Pod にだけで、Pod テンプレートには入れません）。そのため kube-scheduler はそれらのポートをホストのポートとして扱います。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.hostNetwork'],
    onlyIf: { value: { equals: [true] } },
    docs: `${docs}/concepts/security/pod-security-standards/#baseline`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'Creates the Pod sandbox in the node\'s network namespace: the Pod uses the node\'s IP and ports (static Pods of the control plane do this, since they start before the network plugin).', ja: 'Pod のサンドボックスをノードのネットワーク名前空間に作ります。Pod はノードの IP とポートを使います（コントロールプレーンの static Pod は、ネットワークプラグインより先に起動するためこれを使います）。' },
      { id: 'kubelet', when: 'run-time', en: 'Asks the runtime for a host-network sandbox and reports the node\'s IP as the Pod IP.', ja: 'ホストのネットワークを使うサンドボックスをランタイムに求め、ノードの IP を Pod の IP として報告します。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Pod Security admission rejects it in namespaces enforcing the baseline or restricted level.', ja: 'baseline または restricted を強制する Namespace では、Pod Security のアドミッションが拒否します。' },
      { id: 'kube-apiserver', when: 'admission', writesOther: 'spec.containers[*].ports[*].hostPort', en: 'Defaults each container port\'s hostPort, when unset, to its containerPort (init containers\' ports too). Only in the Pod itself: since v1.28 a Pod template keeps hostPort unset, and the Pods made from it get it (in v1.28 to v1.30 the DefaultHostNetworkHostPortsInPodTemplates feature gate, off by default, could bring back the old defaulting; it is gone since v1.31). kube-scheduler then treats those ports as host ports, so it does not place two Pods with hostNetwork: true that declare the same port and protocol on the same node.', ja: '各コンテナポートの hostPort が未指定なら、containerPort を入れます（init コンテナのポートも）。入れるのは Pod そのものだけです。v1.28 から Pod テンプレートの hostPort は未指定のままで、そこから作られる Pod に入ります（v1.28 から v1.30 までは、既定で無効の DefaultHostNetworkHostPortsInPodTemplates のフィーチャーゲートで以前の動きに戻せました。v1.31 でなくなりました）。その後 kube-scheduler はそれらのポートをホストのポートとして扱うので、同じポートとプロトコルを宣言した hostNetwork: true の Pod 2 つを同じノードに置きません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.hostPID|hostIPC'],
    docs: `${docs}/concepts/security/pod-security-standards/#baseline`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'Shares (or not) the node\'s process or IPC namespace with the Pod.', ja: 'ノードのプロセスや IPC の名前空間を Pod と共有するかどうかを決めます。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Pod Security admission restricts host namespaces in baseline and restricted namespaces.', ja: 'baseline と restricted の Namespace では、Pod Security のアドミッションがホストの名前空間の共有を制限します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.hostUsers'],
    docs: `${docs}/concepts/workloads/pods/user-namespaces/#introduction`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'false: the Pod gets its own user namespace (Linux only; on by default since v1.33, stable since v1.36). The kubelet picks host UIDs/GIDs for it that no other Pod on the node uses, so root in the containers is an unprivileged user on the node. true or unset: the node\'s user namespace.', ja: 'false なら、Pod は自分のユーザー名前空間を持ちます（Linux のみ。v1.33 から既定で有効、v1.36 から stable）。kubelet は、ノードのほかの Pod と重ならないホストの UID/GID を割り当てるので、コンテナの root はノードでは特権の無いユーザーになります。true か未指定なら、ノードのユーザー名前空間を使います。' },
      { id: 'container-runtime', when: 'run-time', en: 'Creates the user namespace and the ID-mapped mounts; the runtime, its OCI runtime and the node\'s filesystems must support them.', ja: 'ユーザー名前空間と ID を対応付けたマウント（idmap mount）を作ります。ランタイム、その OCI ランタイム、ノードのファイルシステムが対応している必要があります。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Rejects hostUsers: false together with hostNetwork, hostIPC or hostPID: true.', ja: 'hostUsers: false を hostNetwork、hostIPC、hostPID: true と一緒に指定すると拒否します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.dnsPolicy', 'spec.dnsConfig', 'spec.dnsConfig.**'],
    docs: `${docs}/concepts/services-networking/dns-pod-service/#pod-s-dns-policy`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Writes the container\'s /etc/resolv.conf: ClusterFirst (the default) points it at the cluster DNS Service (kube-dns), except in a hostNetwork Pod, which falls back to Default unless it sets ClusterFirstWithHostNet; Default copies the node\'s resolver configuration; None uses dnsConfig alone. dnsConfig is added in every case.', ja: 'コンテナの /etc/resolv.conf を書きます。ClusterFirst（既定）ならクラスタ DNS の Service（kube-dns）を指します。ただし hostNetwork の Pod は、ClusterFirstWithHostNet を指定しないかぎり Default と同じになります。Default ならノードの名前解決の設定を引き継ぎ、None なら dnsConfig だけを使います。dnsConfig はどの場合も足されます。' },
      { id: 'coredns', when: 'run-time', en: 'Only with ClusterFirst (in a hostNetwork Pod, ClusterFirstWithHostNet): answers the Pod\'s queries for cluster names and forwards the rest upstream. With Default or None the Pod does not ask it, unless dnsConfig names it.', ja: 'ClusterFirst（hostNetwork の Pod なら ClusterFirstWithHostNet）のときだけ、Pod からのクラスタ内の名前の問い合わせに答え、それ以外は上流へ転送します。Default か None なら、dnsConfig で指定しないかぎり Pod はクラスタ DNS に問い合わせません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.hostname', 'spec.subdomain', 'spec.setHostnameAsFQDN'],
    docs: `${docs}/concepts/services-networking/dns-pod-service/#pod-hostname-and-subdomain-field`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Sets the Pod\'s hostname from these fields.', ja: 'これらの値から Pod のホスト名を設定します。' },
      { id: 'coredns', when: 'continuously', en: 'With a headless Service named like the subdomain that selects the Pod, serves hostname.subdomain.namespace.svc records for it, once the Pod is ready (unless the Service sets publishNotReadyAddresses).', ja: 'subdomain と同じ名前で、この Pod を選ぶヘッドレス Service があれば、hostname.subdomain.namespace.svc の名前で Pod を引けるようにします。Pod が ready になってからです（Service が publishNotReadyAddresses なら待ちません）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.hostAliases', 'spec.hostAliases[*]', 'spec.hostAliases[*].**'],
    docs: `${docs}/tasks/network/customize-hosts-file-for-pods/#adding-additional-entries-with-hostaliases`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Writes these entries into the Pod\'s /etc/hosts, which it manages.', ja: '自分が管理する Pod の /etc/hosts に、これらの行を書き込みます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.enableServiceLinks'],
    docs: `${docs}/concepts/services-networking/service/#environment-variables`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'When true (the default), injects {SVC}_SERVICE_HOST/_PORT variables at container start for every Service of the namespace that has a cluster IP (headless Services get none). false turns these off, but not the variables of the kubernetes Service of the default namespace (KUBERNETES_SERVICE_HOST/_PORT), which every Pod gets.', ja: 'true（既定）なら、コンテナの起動時に、Namespace の Service のうちクラスタ IP のあるものすべてについて {SVC}_SERVICE_HOST/_PORT の環境変数を入れます（ヘッドレス Service の分は入りません）。false にするとこれらは入りませんが、default の Namespace の kubernetes という Service の環境変数（KUBERNETES_SERVICE_HOST/_PORT）はすべての Pod に入ります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.shareProcessNamespace'],
    docs: `${docs}/tasks/configure-pod-container/share-process-namespace/#understanding-process-namespace-sharing`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'Puts all containers of the Pod in one process namespace, so they see each other\'s processes.', ja: 'Pod のすべてのコンテナを 1 つのプロセスの名前空間に入れ、互いのプロセスが見えるようにします。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.readinessGates', 'spec.readinessGates[*]', 'spec.readinessGates[*].**'],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#pod-readiness-gate`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Reports the Pod Ready only when these extra conditions (written by some other controller) are True as well.', ja: 'ほかのコントローラーが書くこれらの追加の condition も True になったときだけ、Pod を Ready と報告します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.os', 'spec.os.name'],
    docs: `${docs}/concepts/workloads/pods/#pod-os`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Rejects the Pod (Failed, reason PodOSNotSupported) if the node\'s operating system differs. kube-scheduler does not read this field: add a nodeSelector on kubernetes.io/os to keep the Pod off nodes of another OS.', ja: 'ノードの OS と違えば Pod を拒否します（Failed、理由は PodOSNotSupported）。kube-scheduler はこの項目を見ないので、ほかの OS のノードに置かれないよう、kubernetes.io/os の nodeSelector を足します。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Pod Security admission applies the rules of that operating system.', ja: 'Pod Security のアドミッションが、その OS 向けの規則を当てはめます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.securityContext', 'spec.securityContext.**', `${C}.securityContext`, `${C}.securityContext.**`],
    docs: `${docs}/tasks/configure-pod-container/security-context/#set-the-security-context-for-a-pod`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'Applies it when creating the containers: user and group IDs, capabilities, privileged mode, seccomp, AppArmor, SELinux.', ja: 'コンテナを作るときに当てはめます（ユーザーとグループの ID、capabilities、privileged、seccomp、AppArmor、SELinux）。' },
      { id: 'kubelet', when: 'run-time', en: 'Translates it into the CRI request and sets volume ownership (fsGroup).', ja: 'CRI の要求に変換し、ボリュームの所有者（fsGroup）を設定します。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Pod Security admission checks it against the namespace\'s level.', ja: 'Pod Security のアドミッションが、Namespace のレベルに照らして確かめます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes', 'spec.volumes[*]', 'spec.volumes[*].name', 'spec.volumes[*].emptyDir|hostPath|projected|downwardAPI|image', 'spec.volumes[*].emptyDir|hostPath|projected|downwardAPI|image.**'],
    docs: `${docs}/concepts/storage/volumes/#how-volumes-work`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Prepares every volume on the node before the containers start (creates emptyDirs, fills projected and downward API files, mounts hostPaths; an image volume, on by default since v1.35, is an OCI image the runtime pulls and mounts read-only) and tears them down with the Pod: an emptyDir\'s data is deleted then, a hostPath\'s stays on the node.', ja: 'コンテナの起動前にノードでボリュームを用意し（emptyDir の作成、projected や downward API のファイルの書き込み、hostPath のマウント。image ボリュームは v1.35 から既定で有効で、ランタイムが OCI イメージを取得して読み取り専用でマウントします）、Pod と一緒に片付けます。そのとき emptyDir のデータは消えますが、hostPath の中身はノードに残ります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].configMap', 'spec.volumes[*].configMap.**'],
    docs: `${docs}/concepts/configuration/configmap/#using-configmaps-as-files-from-a-pod`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Fetches the ConfigMap and writes its keys as files; it refreshes them when the ConfigMap changes (not for subPath mounts).', ja: 'ConfigMap を取り出し、キーをファイルとして書きます。ConfigMap が変わるとファイルも更新します（subPath のマウントは除く）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].secret', 'spec.volumes[*].secret.**'],
    docs: `${docs}/concepts/configuration/secret/#using-secrets-as-files-from-a-pod`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Fetches the Secret and writes its keys as files on a tmpfs (memory), refreshed when the Secret changes (except where a container mounts it with subPath).', ja: 'Secret を取り出し、キーを tmpfs（メモリー）上のファイルとして書きます。Secret が変わると更新します（subPath でマウントしたコンテナには反映されません）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].persistentVolumeClaim', 'spec.volumes[*].persistentVolumeClaim.**'],
    docs: `${docs}/concepts/storage/persistent-volumes/#claims-as-volumes`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Only picks nodes that can reach the claim\'s volume (and, for WaitForFirstConsumer, triggers its binding).', ja: 'クレームのボリュームを使えるノードだけを選びます（WaitForFirstConsumer なら、ここでバインドが始まります）。' },
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', en: 'Attaches the volume to the chosen node when the volume type needs it.', ja: '必要なボリュームの種類なら、選ばれたノードにボリュームをアタッチします。' },
      { id: 'kubelet', when: 'run-time', en: 'Mounts the volume into the Pod.', ja: 'ボリュームを Pod にマウントします。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].ephemeral', 'spec.volumes[*].ephemeral.**'],
    docs: `${docs}/concepts/storage/ephemeral-volumes/#generic-ephemeral-volumes`,
    actors: [
      { id: 'kube-controller-manager', controller: 'ephemeral-volume', when: 'on-change', writesOther: 'PersistentVolumeClaim', en: 'Creates a PersistentVolumeClaim owned by the Pod from this template; it is deleted with the Pod.', ja: 'このテンプレートから Pod を所有者とする PersistentVolumeClaim を作ります。Pod と一緒に削除されます。' },
      { id: 'kubelet', when: 'run-time', en: 'Mounts the provisioned volume.', ja: '用意されたボリュームをマウントします。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].csi', 'spec.volumes[*].csi.**', 'spec.volumes[*].nfs|iscsi|fc', 'spec.volumes[*].nfs|iscsi|fc.**'],
    docs: `${docs}/concepts/storage/volumes/#csi`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Mounts the volume on the node (for CSI, by calling the driver\'s node plugin) and bind-mounts it into the containers.', ja: 'ノードでボリュームをマウントし（CSI ならドライバーのノードプラグインを呼び）、コンテナにバインドマウントします。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].rbd|cephfs', 'spec.volumes[*].rbd|cephfs.**'],
    docs: `${docs}/concepts/storage/volumes/#rbd`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Nothing mounts these any more: the in-tree rbd and cephfs drivers were removed in Kubernetes v1.31 (use the Ceph CSI driver); on older clusters the kubelet mounted them on the node.', ja: 'もうマウントするものはありません。組み込みの rbd と cephfs のドライバーは Kubernetes v1.31 で削除されました（Ceph の CSI ドライバーを使います）。それより前のクラスタでは kubelet がノードでマウントしていました。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.volumes[*].projected.sources[*].serviceAccountToken', 'spec.volumes[*].projected.sources[*].serviceAccountToken.**'],
    docs: `${docs}/tasks/configure-pod-container/configure-service-account/#serviceaccount-token-volume-projection`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Requests a token for the Pod\'s ServiceAccount through the TokenRequest API with this audience and expirationSeconds (default 1 hour, at least 10 minutes), writes it to path, and requests a new one once the token is older than 80% of its lifetime or 24 hours; the application must re-read the file.', ja: 'この audience と expirationSeconds（既定は 1 時間、最小 10 分）で、Pod の ServiceAccount のトークンを TokenRequest API で要求し、path に書きます。トークンが有効期間の 80% か 24 時間を過ぎると新しいものを要求します。アプリケーションはファイルを読み直す必要があります。' },
      { id: 'kube-apiserver', when: 'run-time', en: 'Issues the token for that audience and lifetime; a recipient should reject a token whose audience does not name it (the default audience is the API server itself).', ja: 'その audience と有効期間でトークンを発行します。受け取る側は、audience に自分が含まれないトークンを拒否するべきものです（既定の audience は API サーバー自身）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.containers', 'spec.containers[*]', `spec.containers[*].name`],
    docs: `${docs}/concepts/workloads/pods/#how-pods-manage-multiple-containers`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Creates and starts each container through the container runtime (CRI), restarts it per restartPolicy and reports it in status.containerStatuses under this name.', ja: 'コンテナランタイム（CRI）を通して各コンテナを作って起動し、restartPolicy に従って再起動し、この名前で status.containerStatuses に報告します。' },
      { id: 'container-runtime', when: 'run-time', en: 'Runs the containers in the Pod sandbox.', ja: 'Pod のサンドボックスの中でコンテナを動かします。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.initContainers', 'spec.initContainers[*]', 'spec.initContainers[*].name'],
    docs: `${docs}/concepts/workloads/pods/init-containers/#understanding-init-containers`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Runs them one at a time, in order, each to completion, before starting the app containers (those with restartPolicy: Always are sidecars and keep running).', ja: 'アプリのコンテナを起動する前に、1 つずつ順に、完了するまで実行します（restartPolicy: Always のものはサイドカーとして動き続けます）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.initContainers[*].restartPolicy'],
    docs: `${docs}/concepts/workloads/pods/sidecar-containers/#sidecar-containers-and-pod-lifecycle`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Always makes this init container a sidecar (on by default since v1.29, stable since v1.33): started before the app containers, kept running and restarted, stopped after them.', ja: 'Always なら、この init コンテナはサイドカーになります（v1.29 から既定で有効、v1.33 から stable）。アプリのコンテナより先に起動し、動き続け（止まれば再起動し）、アプリのコンテナの後に止まります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.ephemeralContainers', 'spec.ephemeralContainers[*]', 'spec.ephemeralContainers[*].name'],
    docs: `${docs}/concepts/workloads/pods/ephemeral-containers/#understanding-ephemeral-containers`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Starts containers added through the ephemeralcontainers subresource (kubectl debug) in the running Pod; they are never restarted.', ja: 'ephemeralcontainers サブリソース（kubectl debug）で足されたコンテナを、動いている Pod の中で起動します。再起動はされません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.image`],
    docs: `${docs}/concepts/containers/images/#imagepullbackoff`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Asks the container runtime to pull the image (per imagePullPolicy, with the Pod\'s pull secrets) before creating the container.', ja: 'コンテナを作る前に、imagePullPolicy と Pod の pull secret に従って、コンテナランタイムにイメージの取得を頼みます。' },
      { id: 'container-runtime', when: 'run-time', en: 'Pulls the image from the registry and unpacks it; failures show as ErrImagePull / ImagePullBackOff.', ja: 'レジストリーからイメージを取得して展開します。失敗すると ErrImagePull / ImagePullBackOff になります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.imagePullPolicy`],
    docs: `${docs}/concepts/containers/images/#image-pull-policy`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Decides whether to pull. Always: at every container start it asks the registry to resolve the name to a digest, and pulls only when no image with that digest is cached on the node. IfNotPresent: pulls only when the image is not on the node, except that since v1.35 (on by default) an image that needed credentials is pulled again for a Pod whose credentials it was not pulled with. Never: never pulls.', ja: '取得するかを決めます。Always なら、コンテナを起動するたびにレジストリーに名前をダイジェストへ解決させ、そのダイジェストのイメージがノードに無いときだけ取得します。IfNotPresent ならノードに無いときだけ取得します。ただし v1.35 から（既定で有効）、認証情報が要ったイメージは、そのイメージを取得したときの認証情報を持たない Pod のために取得し直します。Never なら取得しません。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Defaults it when omitted: Always for :latest or no tag, IfNotPresent for another tag or an image given by digest.', ja: '省略すると既定値を入れます。:latest かタグ無しなら Always、それ以外のタグやダイジェストで指定したイメージなら IfNotPresent。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.command`, `${C}.args`, `${C}.command[*]`, `${C}.args[*]`, `${C}.workingDir`],
    docs: `${docs}/tasks/inject-data-application/define-command-argument-container/#define-a-command-and-arguments-when-you-create-a-pod`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'command replaces the image\'s ENTRYPOINT and args its CMD: with command but no args the image\'s CMD is dropped too; with args alone the image\'s ENTRYPOINT runs with them. workingDir replaces the image\'s WORKDIR.', ja: 'command はイメージの ENTRYPOINT を、args は CMD を置き換えます。command だけを書くとイメージの CMD も使われず、args だけならイメージの ENTRYPOINT がその args で動きます。workingDir はイメージの WORKDIR を置き換えます。' },
      { id: 'kubelet', when: 'run-time', en: 'Expands $(VAR) references in command and args (not in workingDir) from the container\'s env before passing them on.', ja: 'command と args の $(VAR) を、コンテナの env を使って展開してから渡します（workingDir は展開しません）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.env`, `${C}.env[*]`, `${C}.env[*].**`, `${C}.envFrom`, `${C}.envFrom[*]`, `${C}.envFrom[*].**`],
    docs: `${docs}/tasks/inject-data-application/define-environment-variable-container/#define-an-environment-variable-for-a-container`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Resolves the values (ConfigMap and Secret keys, fieldRef, resourceFieldRef) when the container starts; later changes reach it only on restart.', ja: 'コンテナの起動時に値（ConfigMap と Secret のキー、fieldRef、resourceFieldRef）を解決します。後の変更は再起動まで反映されません。' },
      { id: 'container-runtime', when: 'run-time', en: 'Sets them in the container\'s process environment.', ja: 'コンテナのプロセスの環境変数として設定します。' },
    ],
  },
  // Before the shared ${C} entries below: each path here scores the same as theirs (lookup.ts), and a tie goes to the first entry.
  {
    kinds: ['Pod'],
    paths: [
      'spec.ephemeralContainers[*].ports', 'spec.ephemeralContainers[*].ports[*]', 'spec.ephemeralContainers[*].ports[*].containerPort|name|protocol|hostPort|hostIP',
      'spec.ephemeralContainers[*].resources', 'spec.ephemeralContainers[*].resources.requests|limits|claims', 'spec.ephemeralContainers[*].resources.requests|limits.*',
      'spec.ephemeralContainers[*].resources.claims[*]', 'spec.ephemeralContainers[*].resources.claims[*].**',
      'spec.ephemeralContainers[*].resizePolicy', 'spec.ephemeralContainers[*].resizePolicy[*]', 'spec.ephemeralContainers[*].resizePolicy[*].**',
    ],
    docs: `${docs}/concepts/workloads/pods/ephemeral-containers/#what-is-an-ephemeral-container`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Not allowed: ephemeral containers may not have ports (host ports included), resources (requests, limits, claims) or a resizePolicy, and kube-apiserver rejects these fields (app and init containers may have them).', ja: '使えません。エフェメラルコンテナはポート（hostPort も）、resources（requests、limits、claims）、resizePolicy を持てず、kube-apiserver はこれらの項目を拒否します（アプリのコンテナと init コンテナは使えます）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.resources`, `${C}.resources.requests`, `${C}.resources.requests.*`],
    docs: `${docs}/concepts/configuration/manage-resources-containers/#requests-and-limits`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Places the Pod only on a node whose allocatable resources still fit its effective request: the sum of the containers\' requests, or the largest init container\'s when that is larger, plus overhead.', ja: 'Pod の実効的な requests（コンテナの requests の合計か、それより大きければ最大の init コンテナの requests。これに overhead を足したもの）が、allocatable にまだ収まるノードにだけ Pod を置きます。' },
      { id: 'kubelet', when: 'run-time', en: 'Sets the CPU request as the container\'s cgroup CPU weight (the memory request is used mainly for scheduling) and ranks Pods for eviction under node pressure by their usage above requests.', ja: 'CPU の requests をコンテナの cgroup の CPU の重みにします（メモリーの requests は主にスケジューリングに使われます）。ノードのリソースが足りないときは、requests を超えた使用量で Pod の退去の順位を決めます。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Fills in requests: a container with a limit but no request gets a request equal to the limit, and LimitRange admission adds the namespace\'s default requests; ResourceQuota admission enforces the namespace\'s totals.', ja: 'requests を書き込みます。limits だけで requests の無いコンテナは limits と同じ値の requests を持ち、LimitRange のアドミッションが Namespace の既定の requests を足します。ResourceQuota のアドミッションが Namespace の合計を守らせます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.resources.limits`, `${C}.resources.limits.*`],
    docs: `${docs}/concepts/configuration/manage-resources-containers/#how-pods-with-resource-limits-are-run`,
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'Sets the container\'s cgroup limits: CPU is throttled, memory above the limit gets the container OOM-killed by the kernel.', ja: 'コンテナの cgroup に上限を設定します。CPU は絞られ、メモリーが上限を超えるとカーネルがコンテナを OOM で終了させます。' },
      { id: 'kubelet', when: 'run-time', en: 'Passes the limits to the runtime over CRI; with requests they set the Pod\'s QoS class.', ja: '上限を CRI でランタイムに渡します。requests と合わせて Pod の QoS クラスが決まります。' },
      { id: 'kube-apiserver', when: 'admission', writesOther: 'resources.requests', en: 'A limit with no request in the same container is copied into its requests, so the scheduler reserves the whole limit (limits alone for cpu and memory in every container make the Pod Guaranteed); LimitRange admission may also fill in default limits.', ja: '同じコンテナに requests が無ければ limits の値が requests に写されるので、スケジューラーは limits の分をまるごと確保します（すべてのコンテナで cpu と memory に limits だけを書くと Pod は Guaranteed になります）。LimitRange のアドミッションが既定の limits を入れることもあります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.resources', 'spec.resources.requests|limits', 'spec.resources.requests|limits.*'],
    docs: `${docs}/concepts/configuration/manage-resources-containers/#pod-level-resource-specification`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Pod-level requests and limits (cpu, memory, hugepages; beta, on by default since v1.34): the Pod\'s requests decide where it fits, and these take precedence over the containers\' own when both are set.', ja: 'Pod 単位の requests と limits です（cpu、memory、hugepages。beta で、v1.34 から既定で有効）。Pod がどのノードに収まるかは Pod の requests で決まり、両方が指定されていればコンテナごとの値よりこちらが優先されます。' },
      { id: 'kubelet', when: 'run-time', en: 'Enforces them as one budget for the whole Pod (the Pod\'s cgroup), which its containers share; Pod-level values also take precedence for the Pod\'s QoS class.', ja: 'Pod 全体の 1 つの枠（Pod の cgroup）として守らせ、その中をコンテナが分け合います。Pod の QoS クラスも Pod 単位の値が優先されます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.resources.claims`, `${C}.resources.claims[*]`, `${C}.resources.claims[*].**`],
    docs: `${docs}/concepts/resource-management/dynamic-resource-allocation/how-dra-works/#how-it-works`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Gives this container access to the devices of the named entries of spec.resourceClaims, which the DRA driver on the node prepares with the kubelet; a container that does not list a claim does not get its devices (dynamic resource allocation, stable since v1.34).', ja: 'spec.resourceClaims のうち名前を挙げたエントリーのデバイスを、このコンテナから使えるようにします。デバイスはノードの DRA ドライバーが kubelet と一緒に用意します。クレームを挙げていないコンテナはそのデバイスを使えません（Dynamic Resource Allocation、v1.34 から stable）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.resizePolicy`, `${C}.resizePolicy[*]`, `${C}.resizePolicy[*].**`],
    docs: `${docs}/tasks/configure-pod-container/resize-container-resources/#container-resize-policies`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'On an in-place resize (on by default since v1.33, stable since v1.35), restarts the container or not, per resource.', ja: 'その場でのリサイズ（v1.33 から既定で有効、v1.35 から stable）のとき、リソースごとにコンテナを再起動するかどうかを決めます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.ports`, `${C}.ports[*]`, `${C}.ports[*].containerPort|name|protocol`],
    docs: `${docs}/concepts/services-networking/service/#defining-a-service`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writesOther: 'EndpointSlice', en: 'Resolves a Service\'s named targetPort to the containerPort of that name (and protocol) when building EndpointSlices, looking in app containers and sidecars (init containers with restartPolicy: Always) only, not in regular init containers. Listing a port does not open it, and an unlisted port is still reachable: the list counts where a port is looked up by its name.', ja: 'EndpointSlice を作るとき、Service の名前付きの targetPort を、その名前（とプロトコル）の containerPort に解決します。探すのはアプリのコンテナとサイドカー（restartPolicy: Always の init コンテナ）だけで、通常の init コンテナは見ません。ポートを書いても開くわけではなく、書いていないポートにも届きます。この一覧が効くのは、ポートを名前で探すときです。' },
      { id: 'kubelet', when: 'run-time', en: 'Looks a port up here by its name when an HTTP or TCP probe (httpGet, tcpSocket) or an httpGet lifecycle hook names it instead of giving a number. A name that matches none of this container\'s ports makes the probe error: the kubelet discards the result, so a readiness probe leaves the container not ready and a liveness or startup probe never restarts it; an httpGet hook naming such a port fails. gRPC probes take a number only.', ja: 'HTTP や TCP のプローブ（httpGet、tcpSocket）や httpGet のライフサイクルフックが番号ではなく名前でポートを指すと、kubelet がその名前でここからポートを探します。このコンテナのどのポートにも一致しない名前なら、プローブはエラーになり、kubelet は結果を捨てます。そのため readiness のプローブならコンテナは ready にならず、liveness や startup のプローブならコンテナは再起動されません。そのような名前を指す httpGet のフックは失敗します。gRPC のプローブは番号しか使えません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.ports[*].hostPort|hostIP`],
    docs: `${docs}/concepts/configuration/overview/#services`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'Avoids nodes where the same hostPort is already taken.', ja: '同じ hostPort が使われているノードを避けます。' },
      { id: 'cni', when: 'run-time', en: 'Maps the node\'s port to the Pod (the portmap plugin or the plugin\'s own implementation).', ja: 'ノードのポートを Pod につなぎます（portmap プラグインか、プラグイン自身の実装）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${PROBED}.livenessProbe`, `${PROBED}.livenessProbe.**`],
    docs: `${docs}/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/#define-a-liveness-command`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Runs the probe periodically; after failureThreshold failures it kills the container, which is then restarted per restartPolicy. Only for app containers and sidecars (init containers with restartPolicy: Always).', ja: '定期的にプローブを実行し、failureThreshold 回失敗するとコンテナを終了させます。その後 restartPolicy に従って再起動されます。アプリのコンテナとサイドカー（restartPolicy: Always の init コンテナ）だけです。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['spec.ephemeralContainers[*].livenessProbe|readinessProbe|startupProbe|lifecycle', 'spec.ephemeralContainers[*].livenessProbe|readinessProbe|startupProbe|lifecycle.**'],
    docs: `${docs}/concepts/workloads/pods/ephemeral-containers/#what-is-an-ephemeral-container`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'Not allowed: ephemeral containers have no probes or lifecycle hooks, and kube-apiserver rejects these fields (regular init containers may not have them either; sidecars may).', ja: '使えません。エフェメラルコンテナにはプローブもライフサイクルフックも無く、kube-apiserver はこれらの項目を拒否します（通常の init コンテナも同じで、サイドカーは使えます）。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${PROBED}.readinessProbe`, `${PROBED}.readinessProbe.**`],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#container-probes`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Runs the probe and sets the container and Pod Ready conditions (for app containers, and for init containers only when they are sidecars with restartPolicy: Always).', ja: 'プローブを実行し、コンテナと Pod の Ready の condition を設定します（アプリのコンテナと、restartPolicy: Always のサイドカーの init コンテナだけ）。' },
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writesOther: 'EndpointSlice', en: 'Copies the Pod\'s Ready condition into the ready flag of its endpoint in the Services\' EndpointSlices, so Services (kube-proxy) only send traffic to ready Pods.', ja: 'Pod の Ready の condition を、Service の EndpointSlice にある Pod のエンドポイントの ready に写し、Service（kube-proxy）が ready な Pod にだけ通信を送るようにします。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${PROBED}.startupProbe`, `${PROBED}.startupProbe.**`],
    docs: `${docs}/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/#define-startup-probes`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Holds back the liveness and readiness probes until this one succeeds; if it never does, kills the container. Only for app containers and sidecars (init containers with restartPolicy: Always).', ja: 'これが成功するまで liveness と readiness のプローブを始めません。成功しなければコンテナを終了させます。アプリのコンテナとサイドカー（restartPolicy: Always の init コンテナ）だけです。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.volumeMounts`, `${C}.volumeMounts[*]`, `${C}.volumeMounts[*].**`, `${C}.volumeDevices`, `${C}.volumeDevices[*]`, `${C}.volumeDevices[*].**`],
    docs: `${docs}/concepts/storage/volumes/#how-volumes-work`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Passes the Pod\'s prepared volumes to the runtime as mounts at these paths (subPath resolved on the node).', ja: '用意した Pod のボリュームを、これらのパスへのマウントとしてランタイムに渡します（subPath はノードで解決します）。' },
      { id: 'container-runtime', when: 'run-time', en: 'Bind-mounts volumeMounts into the container; a raw block volume in volumeDevices becomes a device node at devicePath.', ja: 'volumeMounts はコンテナにバインドマウントします。volumeDevices の raw block のボリュームは devicePath のデバイスノードになります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${PROBED}.lifecycle`, `${PROBED}.lifecycle.**`],
    docs: `${docs}/concepts/containers/container-lifecycle-hooks/#container-hooks`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Runs postStart right after the container is created: the container is not Running until it returns, and a failing postStart kills the container. Runs preStop before it sends TERM, within the Pod\'s terminationGracePeriodSeconds. Only for app containers and sidecars (init containers with restartPolicy: Always).', ja: 'コンテナを作った直後に postStart を実行します。終わるまでコンテナは Running にならず、postStart が失敗するとコンテナは終了させられます。preStop は TERM を送る前に、Pod の terminationGracePeriodSeconds の中で実行します。アプリのコンテナとサイドカー（restartPolicy: Always の init コンテナ）だけです。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.terminationMessagePath`, `${C}.terminationMessagePolicy`],
    docs: `${docs}/tasks/debug/debug-application/determine-reason-pod-failure/#customizing-the-termination-message`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Reads this file when the container ends and puts it in the container\'s status; with FallbackToLogsOnError, the log tail instead when the file is empty and the container failed.', ja: 'コンテナが終了するとこのファイルを読み、コンテナの status に入れます。FallbackToLogsOnError なら、ファイルが空でコンテナが失敗したときは代わりにログの末尾を入れます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [`${C}.stdin`, `${C}.stdinOnce`, `${C}.tty`],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_container.go',
    actors: [
      { id: 'container-runtime', when: 'run-time', en: 'Allocates stdin and a terminal for the container; kubectl attach reaches it through kube-apiserver and the kubelet.', ja: 'コンテナに標準入力と端末を割り当てます。kubectl attach は kube-apiserver と kubelet を通してそこにつながります。' },
    ],
  },
  // status: written by the kubelet through the status subresource, except where noted.
  {
    kinds: ['Pod'],
    paths: ['status', 'status.startTime', 'status.reason', 'status.message'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/status/status_manager.go',
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Written by the kubelet of the Pod\'s node from what the container runtime reports; your manifest\'s status is ignored.', ja: 'Pod のノードの kubelet が、コンテナランタイムの報告をもとに書き込みます。マニフェストに書いた status は無視されます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['status.phase'],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#pod-phase`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Sets Pending when the Pod is created. A Pod stays Pending while it waits for kube-scheduler, before any kubelet has it.', ja: 'Pod を作るときに Pending を入れます。kube-scheduler を待っている間も Pod は Pending のままで、まだどの kubelet も受け取っていません。' },
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Written by the kubelet of the node the Pod is bound to: Pending (until its containers have started), Running, Succeeded, Failed.', ja: 'Pod を割り当てられたノードの kubelet が書き込みます。Pending（コンテナが起動するまで）、Running、Succeeded、Failed。' },
      { id: 'kube-controller-manager', controller: 'pod-garbage-collector', when: 'continuously', writes: true, en: 'Marks Failed, then deletes, the Pods still bound to a node that no longer exists; deletes terminated Pods above its threshold (--terminated-pod-gc-threshold, 12500 by default).', ja: 'もう存在しないノードに割り当てられたままの Pod を Failed にしてから削除します。終了済みの Pod がしきい値（--terminated-pod-gc-threshold、既定は 12500）を超えると、超えた分を削除します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['status.conditions', 'status.conditions[*]', 'status.conditions[*].**'],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#pod-conditions`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Writes PodReadyToStartContainers (on by default since v1.29), Initialized, ContainersReady and Ready (Ready also waits for any readiness gates), and, since v1.33, PodResizePending / PodResizeInProgress during an in-place resize.', ja: 'PodReadyToStartContainers（v1.29 から既定で有効）、Initialized、ContainersReady、Ready を書き込みます（Ready は readiness gate も待ちます）。v1.33 からは、インプレースのリサイズ中に PodResizePending と PodResizeInProgress も書きます。' },
      { id: 'kube-scheduler', when: 'scheduling', writes: true, en: 'PodScheduled: True is set through the binding subresource when the scheduler binds the Pod (kube-apiserver writes it with spec.nodeName); False with reason Unschedulable when no node fits.', ja: 'PodScheduled を書きます。kube-scheduler が binding サブリソースで Pod をバインドすると True になり（kube-apiserver が spec.nodeName と一緒に書き込みます）、置けるノードが無ければ理由 Unschedulable とともに False になります。' },
      { id: 'add-on', named: 'other writers', when: 'on-change', writes: true, en: 'kube-controller-manager\'s node lifecycle controller sets Ready to False on every Pod of a node whose Ready condition stops being True (NotReady, or Unknown once its kubelet stops reporting), so the Pods drop out of their Services\' ready endpoints long before any eviction. DisruptionTarget is written by whoever is about to remove the Pod (the Eviction API, preemption, taint eviction, the Pod garbage collector, the kubelet on node-pressure eviction or node shutdown); the conditions of readiness gates by the controllers that own them.', ja: 'kube-controller-manager のノードライフサイクルのコントローラーは、Ready の condition が True でなくなったノード（NotReady、または kubelet の報告が途絶えて Unknown）のすべての Pod で Ready を False にします。そのため、退去よりずっと前に Pod は Service の ready なエンドポイントから外れます。DisruptionTarget は Pod を消そうとしているもの（Eviction API、preemption、taint による退去、Pod のガベージコレクター、ノードの圧迫による退去やノードのシャットダウンのときの kubelet）が書き、readiness gate の condition はそれを受け持つコントローラーが書きます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['status.podIP', 'status.podIPs', 'status.podIPs[*]', 'status.podIPs[*].ip'],
    docs: `${docs}/concepts/cluster-administration/networking/#kubernetes-ip-address-ranges`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Reports the IP the Pod sandbox got.', ja: 'Pod のサンドボックスに付いた IP を報告します。' },
      { id: 'cni', when: 'run-time', en: 'Assigned the IP when the runtime set up the sandbox\'s network; a hostNetwork Pod has the node\'s IP instead, and no network plugin takes part.', ja: 'ランタイムがサンドボックスのネットワークを用意したときに、この IP を割り当てました。hostNetwork の Pod はノードの IP を使い、ネットワークプラグインは関わりません。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['status.hostIP', 'status.hostIPs', 'status.hostIPs[*]', 'status.hostIPs[*].ip'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kubelet_pods.go',
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'The IP of the node the Pod runs on, written by its kubelet.', ja: 'Pod が動くノードの IP で、そのノードの kubelet が書き込みます。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['status.nominatedNodeName'],
    docs: `${docs}/concepts/scheduling-eviction/assign-pod-node/#nominatednodename`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', writes: true, en: 'Written when the scheduler preempts Pods on that node to make room for this one; since v1.35 (on by default) also when it has picked the node and the Pod must still wait in Permit or PreBind (volume binding, device allocation) before it is bound.', ja: 'このノードで Pod を押しのけて（preemption）場所を空けるとき、kube-scheduler が書き込みます。v1.35 から（既定で有効）は、ノードを選んだあと、割り当ての前に Permit や PreBind（ボリュームのバインド、デバイスの割り当て）で待つ Pod にも書き込みます。' },
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Since v1.35 (on by default), clears it when the Pod is bound to a node.', ja: 'v1.35 から（既定で有効）、Pod がノードに割り当てられると消します。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: ['status.qosClass'],
    docs: `${docs}/concepts/workloads/pods/pod-qos/#quality-of-service-classes`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Computed from requests and limits when the Pod is created (Guaranteed, Burstable, BestEffort).', ja: 'Pod の作成時に requests と limits から決まります（Guaranteed、Burstable、BestEffort）。' },
      { id: 'kubelet', when: 'run-time', en: 'Sets the containers\' OOM score adjustment and the Pod\'s cgroup from it. Node-pressure eviction does not rank Pods by this class: it ranks them by usage above requests, then by priority.', ja: 'コンテナの OOM スコアの調整値と Pod の cgroup をこれで決めます。ノードの圧迫による退去の順番はこのクラスでは決まらず、requests を超えた使用量、次に優先度で決まります。' },
    ],
  },
  {
    kinds: ['Pod'],
    paths: [
      'status.containerStatuses|initContainerStatuses|ephemeralContainerStatuses',
      'status.containerStatuses|initContainerStatuses|ephemeralContainerStatuses[*]',
      'status.containerStatuses|initContainerStatuses|ephemeralContainerStatuses[*].**',
    ],
    docs: `${docs}/concepts/workloads/pods/pod-lifecycle/#container-states`,
    actors: [
      { id: 'kubelet', when: 'run-time', writes: true, en: 'Written by the kubelet: state (Waiting/Running/Terminated), restartCount and image ID from what the container runtime reports; ready and started are the kubelet\'s own verdict (from its probes, or the container simply running when it has none), not the runtime\'s.', ja: 'kubelet が書き込みます。state（Waiting/Running/Terminated）、restartCount、イメージの ID はコンテナランタイムが報告する情報からです。ready と started は kubelet 自身の判定（プローブの結果。プローブが無ければ、コンテナが動いていること）で、コンテナランタイムが決めるのではありません。' },
    ],
  },
];
