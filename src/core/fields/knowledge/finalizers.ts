import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const finalizers = `${docs}/concepts/overview/working-with-objects/finalizers/`;
const objectInUse = `${docs}/concepts/storage/persistent-volumes/#storage-object-in-use-protection`;

/** A finalizer key is removed by the controller that owns that key: which one depends on the key itself. */
const item = ['metadata.finalizers[*]'];

export const finalizerEntries: readonly FieldEntry[] = [
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['kubernetes.io/pv-protection'] } },
    docs: objectInUse,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-protection', when: 'on-change', writes: true, en: 'The PV protection controller removes this key only once the volume is no longer bound to a claim, so a bound volume is not deleted from under its claim.', ja: 'PV 保護のコントローラーは、ボリュームがどのクレームにも結び付いていなくなってから、このキーを取り除きます。結び付いたボリュームがクレームの下から削除されないためです。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Added to every new PersistentVolume by the StorageObjectInUseProtection admission plugin.', ja: 'StorageObjectInUseProtection のアドミッションプラグインが、新しい PersistentVolume すべてに付けます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['kubernetes.io/pvc-protection'] } },
    docs: objectInUse,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolumeclaim-protection', when: 'on-change', writes: true, en: 'The PVC protection controller removes this key only once no Pod uses the claim, so a claim in use is not deleted.', ja: 'PVC 保護のコントローラーは、どの Pod もクレームを使わなくなってから、このキーを取り除きます。使用中のクレームが削除されないためです。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Added to every new PersistentVolumeClaim by the StorageObjectInUseProtection admission plugin.', ja: 'StorageObjectInUseProtection のアドミッションプラグインが、新しい PersistentVolumeClaim すべてに付けます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['foregroundDeletion'] } },
    docs: `${docs}/concepts/architecture/garbage-collection/#foreground-deletion`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Added by kube-apiserver when the object is deleted with propagationPolicy Foreground.', ja: 'propagationPolicy が Foreground の削除のとき、kube-apiserver が付けます。' },
      { id: 'kube-controller-manager', controller: 'garbage-collector', when: 'on-change', writes: true, en: 'The garbage collector deletes the dependents first (waiting for those with blockOwnerDeletion), then removes this key, and the object goes.', ja: 'ガベージコレクターが先に従属オブジェクトを削除し（blockOwnerDeletion のあるものは消えるまで待ち）、それからこのキーを取り除くと、オブジェクトが消えます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['orphan'] } },
    docs: `${docs}/concepts/architecture/garbage-collection/#orphaned-dependents`,
    actors: [
      { id: 'kube-apiserver', when: 'on-change', writes: true, en: 'Added by kube-apiserver when the object is deleted with propagationPolicy Orphan.', ja: 'propagationPolicy が Orphan の削除のとき、kube-apiserver が付けます。' },
      { id: 'kube-controller-manager', controller: 'garbage-collector', when: 'on-change', writes: true, en: 'The garbage collector removes this object from its dependents\' ownerReferences (they stay), then removes this key.', ja: 'ガベージコレクターが従属オブジェクトの ownerReferences からこのオブジェクトを外し（従属オブジェクトは残ります）、それからこのキーを取り除きます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['batch.kubernetes.io/job-tracking'] } },
    docs: `${docs}/concepts/workloads/controllers/job/#job-tracking-with-finalizers`,
    actors: [
      { id: 'kube-controller-manager', controller: 'job', when: 'on-change', writes: true, en: 'The Job controller puts this key on each Pod it creates and removes it once it has counted the Pod\'s result in the Job\'s status, so a Pod deleted early is still counted.', ja: 'Job のコントローラーが作る Pod ごとにこのキーを付け、Pod の結果を Job の status に数えてから取り除きます。早く削除された Pod も数え漏らさないためです。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['service.kubernetes.io/load-balancer-cleanup'] } },
    docs: `${docs}/tasks/access-application-cluster/create-external-load-balancer/#garbage-collecting-load-balancers`,
    actors: [
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', writes: true, en: 'The cloud provider\'s service controller adds this key to a LoadBalancer Service and removes it after deleting the cloud load balancer, so none is left behind.', ja: 'クラウドプロバイダーの service のコントローラーが LoadBalancer の Service にこのキーを付け、クラウドのロードバランサーを削除してから取り除きます。ロードバランサーが残らないためです。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['external-provisioner.volume.kubernetes.io/finalizer'] } },
    docs: `${docs}/concepts/storage/persistent-volumes/#persistentvolume-deletion-protection-finalizer`,
    actors: [
      { id: 'storage-provisioner', when: 'on-change', writes: true, en: 'The CSI external-provisioner of the volume\'s driver puts this key on CSI PersistentVolumes with the Delete reclaim policy (provisioned dynamically or statically) and removes it after deleting the storage, so the storage is deleted even if the PersistentVolume is deleted first.', ja: 'ボリュームのドライバーの CSI external-provisioner が、reclaim policy が Delete の CSI の PersistentVolume（動的にも静的にも用意されたもの）にこのキーを付け、ストレージを削除してから取り除きます。PersistentVolume が先に削除されても、ストレージが確実に削除されるためです。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { prefix: ['external-attacher/'] } },
    docs: `${docs}/reference/kubernetes-api/config-and-storage-resources/volume-attachment-v1/#VolumeAttachment`,
    actors: [
      { id: 'add-on', named: 'the CSI driver\'s external-attacher', when: 'on-change', writes: true, en: 'The external-attacher of the CSI driver named after the slash (its name with every character other than letters and digits turned into "-": ebs.csi.aws.com becomes ebs-csi-aws-com) adds this key to the VolumeAttachment and PersistentVolume while the volume is attached, and removes it after detaching it.', ja: 'スラッシュの後に名前のある CSI ドライバー（英数字以外の文字を「-」にした名前。ebs.csi.aws.com なら ebs-csi-aws-com）の external-attacher が、ボリュームが接続されている間 VolumeAttachment と PersistentVolume にこのキーを付け、切り離してから取り除きます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['kubernetes.io/pv-controller'] } },
    docs: `${docs}/concepts/storage/persistent-volumes/#persistentvolume-deletion-protection-finalizer`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'The PersistentVolume controller puts this key on the in-tree volumes it provisions dynamically with the Delete reclaim policy, and removes it after the in-tree plugin has deleted the storage, so the storage is deleted even if the PersistentVolume is deleted first. CSI volumes (migrated in-tree ones included) get external-provisioner.volume.kubernetes.io/finalizer instead.', ja: 'PersistentVolume のコントローラーが、自分で動的に用意した reclaim policy が Delete の in-tree のボリュームにこのキーを付け、in-tree のプラグインがストレージを削除してから取り除きます。PersistentVolume が先に削除されても、ストレージが確実に削除されるためです。CSI のボリューム（CSI に移行した in-tree のものも）には、代わりに external-provisioner.volume.kubernetes.io/finalizer が付きます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['kubernetes.io/vac-protection'] } },
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/volume/vacprotection/vac_protection_controller.go',
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'The VolumeAttributesClass protection controller removes this key only once no PersistentVolume or PersistentVolumeClaim refers to the class, so a class in use is not deleted.', ja: 'VolumeAttributesClass 保護のコントローラーは、どの PersistentVolume も PersistentVolumeClaim もそのクラスを参照しなくなってから、このキーを取り除きます。使用中のクラスが削除されないためです。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Added to every new VolumeAttributesClass by the StorageObjectInUseProtection admission plugin.', ja: 'StorageObjectInUseProtection のアドミッションプラグインが、新しい VolumeAttributesClass すべてに付けます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    onlyIf: { value: { equals: ['resource.kubernetes.io/delete-protection'] } },
    docs: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/resourceclaim/controller.go',
    actors: [
      { id: 'kube-controller-manager', when: 'on-change', writes: true, en: 'The resourceclaim controller removes this key once no Pod uses the ResourceClaim any more, after it has deallocated the claim (cleared status.allocation), so a claim is not deleted while its devices are allocated.', ja: 'resourceclaim のコントローラーは、どの Pod も ResourceClaim を使わなくなり、割り当てを解除して（status.allocation を消して）から、このキーを取り除きます。デバイスが割り当てられている間にクレームが削除されないためです。' },
      { id: 'kube-scheduler', when: 'scheduling', writes: true, en: 'Added by kube-scheduler when it allocates devices to the claim for a Pod, before it writes the allocation.', ja: 'kube-scheduler が Pod のためにクレームへデバイスを割り当てるとき、割り当てを書く前に付けます。' },
    ],
  },
  {
    kinds: ['*'],
    paths: item,
    docs: `${finalizers}#how-finalizers-work`,
    actors: [
      { id: 'add-on', named: 'the controller that added this key', when: 'on-change', writes: true, en: 'This product does not know this key. The controller that added it does its cleanup and removes it; its domain prefix, if any, usually names that controller\'s project.', ja: 'この製品はこのキーを知りません。キーを付けたコントローラーが後始末をして取り除きます。ドメインの接頭辞があれば、たいていそのコントローラーのプロジェクトを表します。' },
      { id: 'kube-apiserver', when: 'on-change', en: 'While any finalizer is left, a delete only sets deletionTimestamp; the object is removed when the last one is gone.', ja: 'finalizer が 1 つでも残っている間、削除は deletionTimestamp を設定するだけです。最後の 1 つが無くなるとオブジェクトが消えます。' },
    ],
  },
];
