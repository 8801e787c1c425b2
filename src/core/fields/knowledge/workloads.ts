import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const deployment = `${docs}/concepts/workloads/controllers/deployment/`;
const replicaSet = `${docs}/concepts/workloads/controllers/replicaset/`;
const daemonSet = `${docs}/concepts/workloads/controllers/daemonset/`;
const statefulSet = `${docs}/concepts/workloads/controllers/statefulset/`;
const job = `${docs}/concepts/workloads/controllers/job/`;
const cronJob = `${docs}/concepts/workloads/controllers/cron-jobs/`;
const hpa = `${docs}/concepts/workloads/autoscaling/horizontal-pod-autoscale/`;

/** Deployment, ReplicaSet, DaemonSet, StatefulSet, Job, CronJob, HorizontalPodAutoscaler, PodDisruptionBudget. */
export const workloadEntries: readonly FieldEntry[] = [
  // Deployment
  {
    kinds: ['apps/Deployment'],
    paths: ['spec'],
    docs: `${deployment}#rollover-aka-multiple-updates-in-flight`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'continuously', writesOther: 'ReplicaSet', en: 'The Deployment controller turns this into ReplicaSets: one per version of the Pod template, scaled up and down during a rollout.', ja: 'Deployment のコントローラーがこれを ReplicaSet にします。Pod テンプレートの版ごとに 1 つ作り、ロールアウト中に増減させます。' }],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['spec.replicas'],
    docs: `${deployment}#scaling-a-deployment`,
    actors: [
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writesOther: 'ReplicaSet', en: 'The Deployment controller sets the replicas of its ReplicaSets so that they add up to this number; the ReplicaSet controller then creates or deletes Pods.', ja: 'Deployment のコントローラーが、ReplicaSet の replicas の合計がこの数になるように設定します。その後 ReplicaSet のコントローラーが Pod を作ったり消したりします。' },
      { id: 'kube-controller-manager', controller: 'horizontal-pod-autoscaler', when: 'continuously', writes: true, en: 'If a HorizontalPodAutoscaler targets this Deployment, it rewrites this number through the scale subresource.', ja: 'HorizontalPodAutoscaler がこの Deployment を対象にしていれば、scale サブリソースを通してこの数を書き換えます。' },
    ],
  },
  {
    kinds: ['apps/Deployment', 'apps/ReplicaSet', 'apps/DaemonSet', 'apps/StatefulSet'],
    paths: ['spec.selector', 'spec.selector.**'],
    docs: `${deployment}#selector`,
    actors: [
      { id: 'kube-controller-manager', when: 'continuously', en: 'The controller counts and adopts the Pods (or ReplicaSets) whose labels match; it must match the template\'s labels.', ja: 'コントローラーは、ラベルが一致する Pod（または ReplicaSet）を数え、引き取ります。テンプレートのラベルと一致している必要があります。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Rejects a selector that does not match the template, and any change after creation (immutable in apps/v1).', ja: 'テンプレートと一致しないセレクターや、作成後の変更（apps/v1 では変更不可）を拒否します。' },
    ],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['spec.template', 'spec.template.metadata'],
    docs: `${deployment}#updating-a-deployment`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writesOther: 'ReplicaSet', en: 'A change here starts a rollout, unless the Deployment is paused: the Deployment controller scales a new ReplicaSet (labelled with the template\'s pod-template-hash) up and the old one down, in the order spec.strategy sets (RollingUpdate: gradually, side by side; Recreate: the old Pods are all gone before new ones start).', ja: 'ここを変えると、Deployment が paused でなければロールアウトが始まります。Deployment のコントローラーが新しい ReplicaSet（テンプレートの pod-template-hash のラベル付き）を増やし、古いものを減らします。順序は spec.strategy に従います（RollingUpdate なら少しずつ並行して、Recreate なら古い Pod がすべて消えてから新しい Pod を起動します）。' }],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['spec.strategy', 'spec.strategy.**'],
    docs: `${deployment}#strategy`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writesOther: 'ReplicaSet', en: 'The Deployment controller carries out a rollout by setting the replicas of the new and old ReplicaSets: RollingUpdate replaces Pods gradually within maxSurge/maxUnavailable; Recreate scales the old ReplicaSets to 0 and waits for their Pods to go before scaling up the new one.', ja: 'Deployment のコントローラーは、新旧の ReplicaSet の replicas を設定してロールアウトを進めます。RollingUpdate は maxSurge/maxUnavailable の範囲で少しずつ入れ替え、Recreate は古い ReplicaSet を 0 にし、その Pod が消えてから新しい ReplicaSet を増やします。' }],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['spec.minReadySeconds', 'spec.progressDeadlineSeconds'],
    docs: `${deployment}#deployment-status`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', en: 'The Deployment controller counts a Pod available only after minReadySeconds of Ready, and reports ProgressDeadlineExceeded after progressDeadlineSeconds without progress (not while the Deployment is paused).', ja: 'Deployment のコントローラーは、Ready が minReadySeconds 続いた Pod だけを使用可能と数え、progressDeadlineSeconds の間進まなければ ProgressDeadlineExceeded を報告します（paused の間は確かめません）。' }],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['spec.paused'],
    docs: `${deployment}#paused`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', en: 'While true, changes to the Pod template start no rollout (no new ReplicaSet) until it is resumed, and a rollback waits for the resume too. The Deployment controller keeps working otherwise: it still scales the existing ReplicaSets to replicas (proportionally in the middle of a rollout), deletes old ReplicaSets beyond revisionHistoryLimit and updates status. The progress deadline is not checked while paused.', ja: 'true の間は、Pod テンプレートを変えてもロールアウトは始まらず（新しい ReplicaSet は作られず）、再開（resume）まで待ちます。ロールバックも再開を待ちます。それ以外は Deployment のコントローラーが動き続け、既存の ReplicaSet を replicas に合わせて増減し（ロールアウトの途中なら比例して）、revisionHistoryLimit を超えた古い ReplicaSet を削除し、status を更新します。paused の間は進み具合の期限を確かめません。' }],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['spec.revisionHistoryLimit'],
    docs: `${deployment}#clean-up-policy`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', en: 'The Deployment controller deletes old, scaled-down ReplicaSets beyond this number (they are what rollback uses).', ja: 'Deployment のコントローラーが、この数を超えた古い（0 まで減らした）ReplicaSet を削除します（ロールバックに使われるものです）。' }],
  },
  {
    kinds: ['apps/Deployment'],
    paths: ['status', 'status.**'],
    docs: `${deployment}#deployment-status`,
    actors: [{ id: 'kube-controller-manager', controller: 'deployment', when: 'continuously', writes: true, en: 'Written by the Deployment controller: replica counts, conditions (Available, Progressing), observedGeneration.', ja: 'Deployment のコントローラーが書きます。レプリカの数、condition（Available、Progressing）、observedGeneration。' }],
  },
  // ReplicaSet
  {
    kinds: ['apps/ReplicaSet'],
    paths: ['spec', 'spec.replicas'],
    docs: `${replicaSet}#how-a-replicaset-works`,
    actors: [
      { id: 'kube-controller-manager', controller: 'replicaset', when: 'continuously', writesOther: 'Pod', en: 'The ReplicaSet controller creates or deletes Pods until the number matching its selector equals replicas.', ja: 'ReplicaSet のコントローラーが、セレクターに一致する Pod の数が replicas と等しくなるまで Pod を作ったり消したりします。' },
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writes: true, en: 'When a Deployment owns this ReplicaSet, the Deployment controller sets replicas.', ja: 'Deployment がこの ReplicaSet を所有していれば、Deployment のコントローラーが replicas を設定します。' },
    ],
  },
  {
    kinds: ['apps/ReplicaSet'],
    paths: ['spec.template', 'spec.template.metadata'],
    docs: `${replicaSet}#pod-template`,
    actors: [{ id: 'kube-controller-manager', controller: 'replicaset', when: 'on-change', en: 'The ReplicaSet controller creates new Pods from this template; changing it does not touch existing Pods.', ja: 'ReplicaSet のコントローラーがこのテンプレートから新しい Pod を作ります。変えても既存の Pod はそのままです。' }],
  },
  {
    kinds: ['apps/ReplicaSet'],
    paths: ['spec.minReadySeconds'],
    docs: `${docs}/reference/kubernetes-api/workload-resources/replica-set-v1/#ReplicaSetSpec`,
    actors: [
      { id: 'kube-controller-manager', controller: 'replicaset', when: 'on-change', en: 'The ReplicaSet controller counts a Pod as available (status.availableReplicas) only once it has been ready for this many seconds; it creates and deletes no Pods because of it.', ja: 'ReplicaSet のコントローラーは、Ready がこの秒数続いた Pod だけを使用可能（status.availableReplicas）と数えます。これによって Pod を作ったり消したりはしません。' },
      { id: 'kube-controller-manager', controller: 'deployment', when: 'on-change', writes: true, en: 'When a Deployment owns this ReplicaSet, the Deployment controller copies the Deployment\'s minReadySeconds here.', ja: 'Deployment がこの ReplicaSet を所有していれば、Deployment のコントローラーが Deployment の minReadySeconds をここに写します。' },
    ],
  },
  {
    kinds: ['apps/ReplicaSet'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/replicaset/replica_set_utils.go',
    actors: [{ id: 'kube-controller-manager', controller: 'replicaset', when: 'continuously', writes: true, en: 'Written by the ReplicaSet controller: how many Pods exist, are ready and available.', ja: 'ReplicaSet のコントローラーが書きます。Pod がいくつあり、いくつ ready で使用可能か。' }],
  },
  // DaemonSet
  {
    kinds: ['apps/DaemonSet'],
    paths: ['spec', 'spec.template', 'spec.template.metadata'],
    docs: `${daemonSet}#how-daemon-pods-are-scheduled`,
    actors: [
      { id: 'kube-controller-manager', controller: 'daemonset', when: 'continuously', writesOther: 'Pod', en: 'The DaemonSet controller creates one Pod per eligible node (each pinned to its node by node affinity) and deletes its Pods from nodes that no longer match (their labels or taints changed).', ja: 'DaemonSet のコントローラーが、対象のノードごとに Pod を 1 つ作り（node affinity でそのノードに固定）、条件に合わなくなったノード（ラベルや taint が変わったもの）からは Pod を削除します。' },
      { id: 'kube-controller-manager', controller: 'pod-garbage-collector', when: 'continuously', writesOther: 'Pod', en: 'When a node is removed from the cluster, the Pod garbage collector, not the DaemonSet controller, deletes the Pods still bound to it, this DaemonSet\'s included.', ja: 'ノードがクラスタから取り除かれると、DaemonSet のコントローラーではなく Pod のガベージコレクターが、そのノードに残った Pod（この DaemonSet のものも）を削除します。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Binds each of those Pods to its node, like any other Pod.', ja: 'ほかの Pod と同じように、それぞれの Pod をそのノードにバインドします。' },
    ],
  },
  {
    kinds: ['apps/DaemonSet'],
    paths: ['spec.updateStrategy', 'spec.updateStrategy.**', 'spec.minReadySeconds', 'spec.revisionHistoryLimit'],
    docs: `${docs}/tasks/manage-daemon/update-daemon-set/#daemonset-update-strategy`,
    actors: [{ id: 'kube-controller-manager', controller: 'daemonset', when: 'on-change', writesOther: 'Pod', en: 'RollingUpdate replaces the Pods node by node within maxUnavailable/maxSurge, counting a new Pod available after minReadySeconds; OnDelete waits for you to delete them. Old templates are kept as ControllerRevisions, at most revisionHistoryLimit of them.', ja: 'RollingUpdate は maxUnavailable/maxSurge の範囲でノードごとに Pod を入れ替え、新しい Pod は Ready が minReadySeconds 続いてから使用可能と数えます。OnDelete は Pod が消されるまで待ちます。古いテンプレートは ControllerRevision として、revisionHistoryLimit 個まで残します。' }],
  },
  {
    kinds: ['apps/DaemonSet'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/daemon/daemon_controller.go',
    actors: [{ id: 'kube-controller-manager', controller: 'daemonset', when: 'continuously', writes: true, en: 'Written by the DaemonSet controller: desired, current, ready and updated numbers of scheduled Pods.', ja: 'DaemonSet のコントローラーが書きます。置くべき Pod、置かれた Pod、ready な Pod、更新済みの Pod の数。' }],
  },
  // StatefulSet
  {
    kinds: ['apps/StatefulSet'],
    paths: ['spec', 'spec.replicas', 'spec.template', 'spec.template.metadata'],
    docs: `${statefulSet}#pod-identity`,
    actors: [{ id: 'kube-controller-manager', controller: 'statefulset', when: 'continuously', writesOther: 'Pod', en: 'The StatefulSet controller creates Pods with stable names (name-0, name-1 …), one after another by default, and recreates a lost Pod with the same name and volumes.', ja: 'StatefulSet のコントローラーが、変わらない名前（name-0、name-1 …）の Pod を既定では 1 つずつ順に作り、失われた Pod を同じ名前とボリュームで作り直します。' }],
  },
  {
    kinds: ['apps/StatefulSet'],
    paths: ['spec.serviceName'],
    docs: `${statefulSet}#stable-network-id`,
    actors: [
      { id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writesOther: 'Pod', en: 'Sets each Pod\'s hostname to its name and its subdomain to this name. The StatefulSet does not create the Service: you create a headless Service of this name that selects the Pods.', ja: '各 Pod の hostname に Pod の名前を、subdomain にこの名前を設定します。StatefulSet は Service を作りません。Pod を選ぶ、この名前のヘッドレス Service は自分で作ります。' },
      { id: 'coredns', when: 'continuously', en: 'Once that headless Service exists and selects the Pods, gives each Pod a stable DNS name: pod-name.service-name.namespace.svc. Without it the names do not resolve.', ja: 'そのヘッドレス Service があって Pod を選んでいれば、各 Pod に変わらない DNS 名 pod-name.service-name.namespace.svc を与えます。Service が無ければ名前は引けません。' },
    ],
  },
  {
    kinds: ['apps/StatefulSet'],
    paths: ['spec.volumeClaimTemplates', 'spec.volumeClaimTemplates[*]', 'spec.volumeClaimTemplates[*].**'],
    docs: `${statefulSet}#volume-claim-templates`,
    actors: [
      { id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writesOther: 'PersistentVolumeClaim', en: 'Creates one PersistentVolumeClaim per Pod from each template; a Pod recreated with the same name gets the same claim back. The claims outlive their Pods: even with persistentVolumeClaimRetentionPolicy Delete, they are deleted only when the StatefulSet is deleted (whenDeleted) or scaled down (whenScaled); a Pod deleted or replaced for any other reason (a node failure, an update) keeps its claim.', ja: '各テンプレートから Pod ごとに PersistentVolumeClaim を 1 つ作ります。同じ名前で作り直された Pod は同じクレームを使います。クレームは Pod が消えても残ります。persistentVolumeClaimRetentionPolicy が Delete でも、クレームが削除されるのは StatefulSet を削除したとき（whenDeleted）かスケールダウンしたとき（whenScaled）だけです。ほかの理由（ノードの障害、更新など）で Pod が削除されたり作り直されたりしても、クレームはそのまま残ります。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', en: 'Binds each claim to a matching volume. When none matches, it does not make a CSI volume itself: it hands the claim to the StorageClass\'s provisioner and binds the volume that comes back.', ja: '各クレームを一致するボリュームにバインドします。一致するものが無くても、CSI のボリュームを自分では作りません。クレームを StorageClass のプロビジョナーに渡し、できたボリュームをバインドします。' },
      { id: 'storage-provisioner', when: 'on-change', writesOther: 'PersistentVolume', en: 'The StorageClass\'s provisioner (for CSI, the driver\'s external-provisioner) creates a volume and its PersistentVolume for each claim that no existing volume matches.', ja: 'StorageClass のプロビジョナー（CSI ならドライバーの external-provisioner）が、既存のボリュームが合わない各クレームのために、ボリュームとその PersistentVolume を作ります。' },
    ],
  },
  {
    kinds: ['apps/StatefulSet'],
    paths: ['spec.persistentVolumeClaimRetentionPolicy', 'spec.persistentVolumeClaimRetentionPolicy.whenDeleted|whenScaled'],
    docs: `${statefulSet}#persistentvolumeclaim-retention`,
    actors: [
      { id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writesOther: 'PersistentVolumeClaim', en: 'Decides whether the claims from volumeClaimTemplates are deleted (stable since v1.32). whenDeleted: Delete makes the StatefulSet an owner of its claims, so they go when the StatefulSet is deleted; whenScaled: Delete makes each Pod removed by a scale-down the owner of its claims. Retain, the default for both, leaves them. A Pod replaced for another reason (a node failure) keeps its claim.', ja: 'volumeClaimTemplates から作ったクレームを削除するかを決めます（v1.32 から stable）。whenDeleted: Delete なら StatefulSet をクレームの所有者にし、StatefulSet を削除するとクレームも消えます。whenScaled: Delete なら、スケールダウンで消える Pod をそのクレームの所有者にします。既定はどちらも Retain で、クレームは残ります。ほかの理由（ノードの障害など）で作り直される Pod は、クレームをそのまま使います。' },
      { id: 'kube-controller-manager', controller: 'garbage-collector', when: 'continuously', writesOther: 'PersistentVolumeClaim', en: 'Deletes the claims once their owner is gone, after the Pod has terminated, so its volumes are unmounted first.', ja: '所有者が消えるとクレームを削除します。Pod が終了した後なので、ボリュームは先にアンマウントされます。' },
    ],
  },
  {
    kinds: ['apps/StatefulSet'],
    paths: ['spec.podManagementPolicy', 'spec.updateStrategy', 'spec.updateStrategy.**', 'spec.ordinals', 'spec.ordinals.**', 'spec.minReadySeconds', 'spec.revisionHistoryLimit'],
    docs: `${statefulSet}#update-strategies`,
    actors: [{ id: 'kube-controller-manager', controller: 'statefulset', when: 'on-change', writesOther: 'Pod', en: 'OrderedReady (the default) starts and stops Pods one by one; Parallel all at once, but only when scaling: updates are not affected. RollingUpdate replaces Pods from the highest ordinal down, only those with an ordinal greater than or equal to partition (default 0: all), with at most maxUnavailable of them unavailable at a time (default 1) when the MaxUnavailableStatefulSet feature gate is on (alpha, off, until v1.34; beta since v1.35, on by default in v1.35.0–1.35.3 and since v1.37, off in between), else one at a time; OnDelete waits for you. ordinals.start numbers the Pods from that value instead of 0; a Pod counts as available after minReadySeconds of Ready; old revisions are kept as ControllerRevisions, at most revisionHistoryLimit of them.', ja: 'OrderedReady（既定）は Pod を 1 つずつ起動・停止し、Parallel は一度に行います。ただし Parallel が効くのはスケールのときだけで、更新には影響しません。RollingUpdate は序数の大きい Pod から、序数が partition 以上のものだけを入れ替え（既定の 0 ならすべて）、MaxUnavailableStatefulSet のフィーチャーゲートが有効なら、使用可能でない Pod を同時に maxUnavailable 個まで（既定 1）にとどめます（v1.34 までは alpha で無効。v1.35 から beta で、既定で有効なのは v1.35.0〜1.35.3 と v1.37 以降、その間は無効）。無効なら 1 つずつです。OnDelete は削除を待ちます。ordinals.start を指定すると、Pod の番号は 0 ではなくその値から始まります。Pod は Ready が minReadySeconds 続いてから使用可能と数えます。古いリビジョンは ControllerRevision として、revisionHistoryLimit 個まで残します。' }],
  },
  {
    kinds: ['apps/StatefulSet'],
    paths: ['status', 'status.**'],
    docs: `${docs}/reference/kubernetes-api/workload-resources/stateful-set-v1/#StatefulSetStatus`,
    actors: [{ id: 'kube-controller-manager', controller: 'statefulset', when: 'continuously', writes: true, en: 'Written by the StatefulSet controller: replica counts and current/update revisions.', ja: 'StatefulSet のコントローラーが書きます。レプリカの数と現在/更新後のリビジョン。' }],
  },
  // Job
  {
    kinds: ['batch/Job'],
    paths: ['spec', 'spec.template', 'spec.template.metadata', 'spec.parallelism', 'spec.completions'],
    docs: `${job}#parallel-jobs`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'continuously', writesOther: 'Pod', en: 'The Job controller creates Pods (up to parallelism at a time) until completions of them have succeeded. With completions unset (a work queue), it starts no new Pod once one has succeeded, and the Job is complete when all of them have ended. It only asks kube-apiserver to create or delete Pods.', ja: 'Job のコントローラーが、completions 個の Pod が成功するまで（同時に parallelism 個まで）Pod を作ります。completions を指定しなければ（ワークキュー）、Pod が 1 つ成功した時点で新しい Pod を作らなくなり、すべての Pod が終わると Job は完了します。Pod を作ったり消したりするよう kube-apiserver に伝えるだけです。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.completionMode'],
    docs: `${job}#completion-mode`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'on-change', en: 'NonIndexed (the default): the Job is complete after completions successful Pods, all alike. Indexed: each Pod gets a completion index from 0 to completions-1, and the Job is complete when every index has a successful Pod.', ja: 'NonIndexed（既定）なら、completions 個の Pod が成功すると Job は完了します（どの Pod も同じ扱い）。Indexed なら、各 Pod が 0 から completions-1 の完了インデックスを持ち、すべてのインデックスで Pod が成功すると完了します。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.completionMode'],
    onlyIf: { value: { equals: ['Indexed'] } },
    docs: `${job}#completion-mode`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'on-change', writesOther: 'Pod', en: 'The Job controller gives each Pod a completion index from 0 to completions-1 and writes it into the Pod: the annotation batch.kubernetes.io/job-completion-index, the label of the same name (v1.28 and later), the hostname $(job-name)-$(index) and the JOB_COMPLETION_INDEX environment variable. The Job is complete when every index has a successful Pod.', ja: 'Job のコントローラーが、各 Pod に 0 から completions-1 の完了インデックスを割り当て、Pod に書き込みます。アノテーション batch.kubernetes.io/job-completion-index、同じ名前のラベル（v1.28 以降）、ホスト名 $(job-name)-$(index)、環境変数 JOB_COMPLETION_INDEX です。すべてのインデックスで Pod が成功すると Job は完了します。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.managedBy'],
    docs: `${job}#delegation-of-managing-a-job-object-to-external-controller`,
    actors: [
      { id: 'add-on', named: 'the controller named in spec.managedBy', when: 'continuously', en: 'Any value other than kubernetes.io/job-controller hands the Job to the external controller that uses that name: it creates the Pods and writes the status. Without such a controller installed, nothing reconciles the Job. Immutable; stable since v1.35.', ja: 'kubernetes.io/job-controller 以外の値なら、その名前を使う外部のコントローラーに Job を任せます。Pod を作り status を書くのはそのコントローラーです。そのコントローラーが入っていなければ、Job は誰にも処理されません。変更できません（v1.35 から stable）。' },
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', en: 'The built-in Job controller handles the Job only when this is unset or kubernetes.io/job-controller, and skips it otherwise.', ja: '組み込みの Job のコントローラーは、未指定か kubernetes.io/job-controller のときだけ Job を扱い、それ以外は飛ばします。' },
    ],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.managedBy'],
    onlyIf: { value: { equals: ['kubernetes.io/job-controller'] } },
    docs: `${job}#delegation-of-managing-a-job-object-to-external-controller`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'continuously', en: 'kubernetes.io/job-controller is the built-in Job controller, the same as leaving the field unset.', ja: 'kubernetes.io/job-controller は組み込みの Job のコントローラーで、指定しないのと同じです。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.backoffLimit', 'spec.backoffLimitPerIndex', 'spec.maxFailedIndexes', 'spec.podFailurePolicy', 'spec.podFailurePolicy.**'],
    docs: `${job}#handling-pod-and-container-failures`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'on-change', en: 'The Job controller counts failed Pods against these limits and rules: past backoffLimit the Job fails; past backoffLimitPerIndex only that index fails, and the Job is marked Failed once every index has finished (at once past maxFailedIndexes); a podFailurePolicy rule may also fail the Job at once, or ignore a failure.', ja: 'Job のコントローラーが失敗した Pod をこれらの上限と規則に照らして数えます。backoffLimit を超えると Job が失敗します。backoffLimitPerIndex を超えるとそのインデックスだけが失敗し、すべてのインデックスが終わった時点で Job が Failed になります（maxFailedIndexes を超えればすぐに）。podFailurePolicy の規則は、Job をすぐに失敗にしたり、失敗を数えなかったりもします。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.successPolicy', 'spec.successPolicy.**'],
    docs: `${job}#success-policy`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'on-change', en: 'For an Indexed Job, the Job controller declares the Job succeeded once the succeeded indexes meet these rules, and then terminates the Pods still running.', ja: 'Indexed の Job なら、成功したインデックスがこの規則を満たした時点で、Job のコントローラーが Job を成功とし、まだ動いている Pod を終了させます。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.podReplacementPolicy'],
    docs: `${job}#pod-replacement-policy`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'on-change', en: 'When the Job controller creates a replacement Pod: Failed waits until the old Pod has fully terminated (phase Failed or Succeeded); TerminatingOrFailed replaces it as soon as it starts terminating. When podFailurePolicy is set, Failed is the only allowed value (and the default).', ja: 'Job のコントローラーが代わりの Pod をいつ作るかを決めます。Failed なら古い Pod が完全に終わる（phase が Failed か Succeeded になる）まで待ち、TerminatingOrFailed なら終了し始めた時点で作ります。podFailurePolicy を設定したときに許される値は Failed だけです（既定値も Failed です）。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.activeDeadlineSeconds', 'spec.suspend'],
    docs: `${job}#job-termination-and-cleanup`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'on-change', en: 'After activeDeadlineSeconds the Job controller terminates the running Pods and fails the Job; suspend: true deletes the active Pods until resumed.', ja: 'activeDeadlineSeconds を過ぎると Job のコントローラーが動いている Pod を終了させ、Job を失敗にします。suspend: true の間は動いている Pod を消します。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.ttlSecondsAfterFinished'],
    docs: `${docs}/concepts/workloads/controllers/ttlafterfinished/#cleanup-for-finished-jobs`,
    actors: [{ id: 'kube-controller-manager', controller: 'ttl-after-finished', when: 'continuously', en: 'Deletes the finished Job (and, by cascade, its Pods) this many seconds after it completed or failed.', ja: '完了または失敗してからこの秒数の後に、終わった Job を（連鎖して Pod も）削除します。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['spec.selector', 'spec.selector.**', 'spec.manualSelector'],
    docs: `${job}#specifying-your-own-pod-selector`,
    actors: [{ id: 'kube-apiserver', when: 'admission', writes: true, en: 'Generated by kube-apiserver from the Job\'s uid unless manualSelector is true; the Job controller tracks its Pods with it.', ja: 'manualSelector が true でなければ、kube-apiserver が Job の uid から生成します。Job のコントローラーはこれで自分の Pod を追います。' }],
  },
  {
    kinds: ['batch/Job'],
    paths: ['status', 'status.**'],
    docs: `${docs}/reference/kubernetes-api/workload-resources/job-v1/#JobStatus`,
    actors: [{ id: 'kube-controller-manager', controller: 'job', when: 'continuously', writes: true, en: 'Written by the Job controller: active, succeeded, failed, completion time and conditions.', ja: 'Job のコントローラーが書きます。動いている数、成功数、失敗数、完了時刻、condition。' }],
  },
  // CronJob
  {
    kinds: ['batch/CronJob'],
    paths: ['spec', 'spec.schedule', 'spec.timeZone', 'spec.jobTemplate', 'spec.jobTemplate.metadata'],
    docs: `${cronJob}#writing-a-cronjob-spec`,
    actors: [{ id: 'kube-controller-manager', controller: 'cronjob', when: 'continuously', writesOther: 'Job', en: 'The CronJob controller creates a Job from jobTemplate at each scheduled time (in timeZone, else the controller manager\'s local time zone).', ja: 'CronJob のコントローラーが、予定の時刻ごとに jobTemplate から Job を作ります（timeZone、無ければ kube-controller-manager のローカルのタイムゾーン）。' }],
  },
  {
    kinds: ['batch/CronJob'],
    paths: ['spec.concurrencyPolicy', 'spec.suspend', 'spec.startingDeadlineSeconds'],
    docs: `${cronJob}#concurrency-policy`,
    actors: [{ id: 'kube-controller-manager', controller: 'cronjob', when: 'continuously', en: 'At each scheduled time, the CronJob controller applies these: Allow, Forbid (skip the run while one runs) or Replace (replace the running Job); suspend stops new runs (a Job already running goes on); a run missed by more than startingDeadlineSeconds is skipped. Runs that fall while suspended count as missed: without startingDeadlineSeconds, resuming starts the most recent of them at once.', ja: '予定の時刻が来るたびに、CronJob のコントローラーがこれらを当てはめます。Allow、Forbid（動いている間はその回を飛ばす）、Replace（動いている Job を置き換える）。suspend の間は新しく作らず（すでに動いている Job はそのまま）、startingDeadlineSeconds より遅れた実行は飛ばします。suspend の間の予定は遅れた実行と数えるので、startingDeadlineSeconds が無ければ、再開したときにそのうち最も新しい 1 回がすぐに実行されます。' }],
  },
  {
    kinds: ['batch/CronJob'],
    paths: ['spec.successfulJobsHistoryLimit', 'spec.failedJobsHistoryLimit'],
    docs: `${cronJob}#jobs-history-limits`,
    actors: [{ id: 'kube-controller-manager', controller: 'cronjob', when: 'on-change', en: 'The CronJob controller deletes finished Jobs beyond these numbers.', ja: 'CronJob のコントローラーが、この数を超えた終了済みの Job を削除します。' }],
  },
  {
    kinds: ['batch/CronJob'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/cronjob/cronjob_controllerv2.go',
    actors: [{ id: 'kube-controller-manager', controller: 'cronjob', when: 'continuously', writes: true, en: 'Written by the CronJob controller: active Jobs, last schedule and last successful time.', ja: 'CronJob のコントローラーが書きます。動いている Job、最後に予定した時刻、最後に成功した時刻。' }],
  },
  // HorizontalPodAutoscaler
  {
    kinds: ['autoscaling/HorizontalPodAutoscaler'],
    paths: ['spec', 'spec.scaleTargetRef', 'spec.scaleTargetRef.**', 'spec.minReplicas', 'spec.maxReplicas'],
    docs: `${hpa}#how-does-a-horizontalpodautoscaler-work`,
    actors: [{ id: 'kube-controller-manager', controller: 'horizontal-pod-autoscaler', when: 'continuously', writesOther: 'the target\'s spec.replicas', en: 'Every 15 s by default, computes the desired replicas from the metrics and writes it, between min and max, to the target\'s scale subresource.', ja: '既定では 15 秒ごとに、メトリクスから必要なレプリカ数を計算し、min と max の範囲で対象の scale サブリソースに書きます。' }],
  },
  {
    kinds: ['autoscaling/HorizontalPodAutoscaler'],
    paths: ['spec.metrics', 'spec.metrics[*]', 'spec.metrics[*].**', 'spec.targetCPUUtilizationPercentage'],
    docs: `${hpa}#support-for-metrics-apis`,
    actors: [{ id: 'kube-controller-manager', controller: 'horizontal-pod-autoscaler', when: 'continuously', en: 'Reads these metrics through kube-apiserver\'s metrics APIs (resource metrics come from an add-on such as metrics-server, which gets them from the kubelets); utilization is relative to the Pods\' requests.', ja: 'kube-apiserver のメトリクスの API からこれらを読みます（リソースのメトリクスは metrics-server などのアドオンが kubelet から集めます）。使用率は Pod の requests に対する割合です。' }],
  },
  {
    kinds: ['autoscaling/HorizontalPodAutoscaler'],
    paths: ['spec.behavior', 'spec.behavior.**'],
    docs: `${hpa}#configurable-scaling-behavior`,
    actors: [{ id: 'kube-controller-manager', controller: 'horizontal-pod-autoscaler', when: 'continuously', en: 'Limits how fast it scales up and down (policies, stabilization windows).', ja: '増やす・減らす速さを制限します（ポリシー、安定化の時間幅）。' }],
  },
  {
    kinds: ['autoscaling/HorizontalPodAutoscaler'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/podautoscaler/horizontal.go',
    actors: [{ id: 'kube-controller-manager', controller: 'horizontal-pod-autoscaler', when: 'continuously', writes: true, en: 'Written by the HPA controller: current and desired replicas, current metrics, conditions.', ja: 'HPA のコントローラーが書きます。現在と望ましいレプリカ数、現在のメトリクス、condition。' }],
  },
  // PodDisruptionBudget
  {
    kinds: ['policy/PodDisruptionBudget'],
    paths: ['spec', 'spec.minAvailable', 'spec.maxUnavailable', 'spec.selector', 'spec.selector.**'],
    docs: `${docs}/concepts/scheduling-eviction/api-eviction/#how-api-initiated-eviction-works`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', en: 'Honoured by the Eviction API, the eviction subresource of Pods that kubectl drain uses: kube-apiserver refuses (429) an eviction that would leave fewer matching Pods available than this allows. It is not an admission check: deleting the Pod directly, or a rolling update, is not limited by it.', ja: 'Pod の eviction サブリソース（退去の API。kubectl drain が使う）が守ります。kube-apiserver は、一致する Pod の使用可能な数がこれを下回る退去を断ります（429）。アドミッションの検査ではないので、Pod を直接削除する場合やローリングアップデートは制限されません。' },
      { id: 'kube-controller-manager', controller: 'disruption', when: 'continuously', writesOther: 'status.disruptionsAllowed', en: 'The disruption controller counts the matching healthy Pods and writes status.disruptionsAllowed.', ja: 'disruption のコントローラーが一致する正常な Pod を数え、status.disruptionsAllowed を書きます。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'Tries, without guarantee, not to violate it when preempting.', ja: '押しのける（preemption）ときに、保証はしないものの守ろうとします。' },
    ],
  },
  {
    kinds: ['policy/PodDisruptionBudget'],
    paths: ['spec.unhealthyPodEvictionPolicy'],
    docs: `${docs}/tasks/run-application/configure-pdb/#unhealthy-pod-eviction-policy`,
    actors: [{ id: 'kube-apiserver', when: 'on-change', en: 'Decides whether the Eviction API (the eviction subresource) may evict running but not-ready Pods regardless of the budget.', ja: '動いているが ready でない Pod を、予算に関係なく退去の API（eviction サブリソース）で退去させてよいかを決めます。' }],
  },
  {
    kinds: ['policy/PodDisruptionBudget'],
    paths: ['status', 'status.**'],
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/disruption/disruption.go',
    actors: [{ id: 'kube-controller-manager', controller: 'disruption', when: 'continuously', writes: true, en: 'Written by the disruption controller (and updated by kube-apiserver on each eviction).', ja: 'disruption のコントローラーが書きます（退去のたびに kube-apiserver も更新します）。' }],
  },
];
