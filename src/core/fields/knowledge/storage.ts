import type { FieldActor, FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const pv = `${docs}/concepts/storage/persistent-volumes/`;
const storageClasses = `${docs}/concepts/storage/storage-classes/`;

/** kube-scheduler on a claim whose StorageClass has volumeBindingMode WaitForFirstConsumer. */
const waitForFirstConsumer: FieldActor = {
  id: 'kube-scheduler',
  when: 'scheduling',
  writesOther: 'PersistentVolume',
  en: 'With a WaitForFirstConsumer StorageClass, binding and provisioning wait for a Pod that uses the claim: the claim stays Pending, even when a matching PersistentVolume exists, until the scheduler places that Pod. The scheduler then picks a matching volume the chosen node can reach and pre-binds it (the PersistentVolume\'s claimRef), or, with none, marks the claim with the volume.kubernetes.io/selected-node annotation so the provisioner makes one there.',
  ja: 'StorageClass が WaitForFirstConsumer なら、バインドと用意はクレームを使う Pod を待ちます。一致する PersistentVolume があっても、スケジューラーがその Pod を置くまでクレームは Pending のままです。その後スケジューラーが、選んだノードから使える一致するボリュームを選んで仮にバインドする（PersistentVolume の claimRef）か、無ければクレームに volume.kubernetes.io/selected-node のアノテーションを付け、プロビジョナーにそこで作らせます。',
};

/** PersistentVolumeClaim, PersistentVolume, StorageClass. */
export const storageEntries: readonly FieldEntry[] = [
  // PersistentVolumeClaim
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec', 'spec.selector', 'spec.selector.**', 'spec.volumeMode'],
    docs: `${storageClasses}#volume-binding-mode`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: 'The PersistentVolume controller binds the claim to a matching volume (size, access modes, class, selector), or has one provisioned, but not for a claim with a selector (provisioners refuse it: it waits for a matching volume); unmatched claims stay Pending. With a WaitForFirstConsumer class it does neither until the scheduler has placed a Pod that uses the claim.', ja: 'PersistentVolume のコントローラーが、一致するボリューム（容量、アクセスモード、クラス、セレクター）にクレームをバインドするか、用意させます。ただしセレクターのあるクレームのためには用意されず（プロビジョナーが断ります）、一致するボリュームを待ちます。一致しなければ Pending のままです。クラスが WaitForFirstConsumer なら、クレームを使う Pod をスケジューラーが置くまでどちらもしません。' },
      waitForFirstConsumer,
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.accessModes', 'spec.accessModes[*]'],
    docs: `${pv}#access-modes`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: 'The PersistentVolume controller binds the claim only to a volume that offers these access modes (or has one provisioned with them); unmatched claims stay Pending.', ja: 'PersistentVolume のコントローラーは、これらのアクセスモードを備えたボリュームにだけクレームをバインドします（無ければそのモードで用意させます）。一致しなければ Pending のままです。' },
      { id: 'kube-scheduler', when: 'scheduling', en: 'ReadWriteOncePod: while one Pod uses the claim, the VolumeRestrictions plugin keeps any other Pod that uses it off every node (ErrReasonReadWriteOncePodConflict: "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode"), so the second Pod stays Pending. ReadWriteOnce is about nodes, not Pods: Pods on one node may share such a claim. With a WaitForFirstConsumer class, the scheduler also picks the volume for the claim (see spec).', ja: 'ReadWriteOncePod なら、ある Pod がクレームを使っている間、VolumeRestrictions のプラグインが、それを使うほかの Pod をどのノードにも置きません（ErrReasonReadWriteOncePodConflict: "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode"）。2 つ目の Pod は Pending のままです。ReadWriteOnce が限るのはノードで、Pod ではありません。同じノードの Pod はそのクレームを共有できます。クラスが WaitForFirstConsumer なら、クレームのボリュームを選ぶのもスケジューラーです（spec を参照）。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.storageClassName'],
    onlyIf: { value: { equals: [''] } },
    docs: `${pv}#dynamic`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: '"" asks for no class: the PersistentVolume controller binds the claim only to an existing PersistentVolume that has no class, and nothing is provisioned for it (dynamic provisioning is off for this claim); with no such volume it stays Pending.', ja: '"" はクラス無しの指定です。PersistentVolume のコントローラーは、クラスの無い既存の PersistentVolume にだけクレームをバインドし、このクレームのためには何も用意しません（動的プロビジョニングは無効です）。そういうボリュームが無ければ Pending のままです。' },
      { id: 'kube-apiserver', when: 'admission', en: 'The DefaultStorageClass admission plugin leaves "" as it is: only an omitted class gets the default one.', ja: 'DefaultStorageClass のアドミッションプラグインは "" をそのままにします。既定のクラスが入るのは省略したときだけです。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.storageClassName'],
    docs: `${pv}#dynamic`,
    actors: [
      { id: 'storage-provisioner', when: 'on-change', en: 'When no existing PersistentVolume of this class matches the claim, the class\'s provisioner (for CSI, the driver\'s external-provisioner) creates a volume for it (with volumeBindingMode WaitForFirstConsumer, only after a Pod that uses the claim is created, where the scheduler places that Pod).', ja: 'このクラスの既存の PersistentVolume がクレームに合わなければ、クラスのプロビジョナー（CSI ならドライバーの external-provisioner）がクレームのためにボリュームを作ります（volumeBindingMode が WaitForFirstConsumer なら、クレームを使う Pod が作られた後に、スケジューラーがその Pod を置く場所に）。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: 'Binds the claim to an existing PersistentVolume of this class if one matches; otherwise hands the claim to the class\'s provisioner and binds the result.', ja: 'このクラスの既存の PersistentVolume が合えばそれにクレームをバインドし、無ければクレームをクラスのプロビジョナーに渡して、できたボリュームをバインドします。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'When omitted, the DefaultStorageClass admission plugin fills in the default class ("" means no class).', ja: '省略すると DefaultStorageClass のアドミッションプラグインが既定のクラスを入れます（"" はクラス無しの意味です）。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.volumeAttributesClassName'],
    docs: `${docs}/concepts/storage/volume-attributes-classes/#the-volumeattributesclass-api`,
    actors: [
      { id: 'storage-provisioner', when: 'on-change', en: 'The CSI driver\'s external-provisioner creates the volume with the parameters of this VolumeAttributesClass (stable since v1.34; only for CSI drivers that implement ModifyVolume).', ja: 'CSI ドライバーの external-provisioner が、この VolumeAttributesClass の parameters でボリュームを作ります（v1.34 から stable。ModifyVolume を実装した CSI ドライバーだけ）。' },
      { id: 'add-on', named: 'the CSI driver\'s external-resizer', when: 'on-change', en: 'When the name changes on an existing claim, has the CSI driver modify the volume to the new class\'s parameters; unlike the class\'s parameters, the name in the claim may be changed.', ja: '既存のクレームでこの名前を変えると、CSI ドライバーにボリュームを新しいクラスの parameters に合わせて変更させます。クラスの parameters は変えられませんが、クレームのこの名前は変えられます。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.resources', 'spec.resources.requests', 'spec.resources.requests.storage', 'spec.resources.**'],
    docs: `${pv}#expanding-persistent-volumes-claims`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: 'Binds only to volumes at least this large.', ja: '少なくともこの容量のボリュームにだけバインドします。' },
      { id: 'kube-apiserver', when: 'admission', en: 'An increase later is allowed only if the StorageClass has allowVolumeExpansion; the volume is then resized by the driver and the kubelet grows the filesystem.', ja: '後から増やせるのは StorageClass に allowVolumeExpansion があるときだけです。その後ドライバーがボリュームを広げ、kubelet がファイルシステムを広げます。' },
      { id: 'add-on', named: 'the CSI driver\'s external-resizer', when: 'on-change', writesOther: 'PersistentVolume', en: 'When the request grows on a bound claim, has the CSI driver expand the volume (ControllerExpandVolume) and writes the new size to the PersistentVolume\'s spec.capacity; the kubelet then grows the filesystem if the driver needs it.', ja: 'バインド済みのクレームで要求が増えると、CSI ドライバーにボリュームを広げさせ（ControllerExpandVolume）、新しい容量を PersistentVolume の spec.capacity に書きます。ドライバーが必要とすれば、その後 kubelet がファイルシステムを広げます。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-expander', when: 'on-change', writesOther: 'PersistentVolume', en: 'The expand controller does the same itself only for an in-tree volume plugin not migrated to CSI; for a CSI volume (or a migrated in-tree one) it leaves the expansion to the external-resizer.', ja: 'expand のコントローラーが自分で同じことをするのは、CSI に移行していない組み込みのボリュームプラグインのときだけです。CSI のボリューム（や移行済みの組み込みのもの）では、拡張を external-resizer に任せます。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.volumeName'],
    docs: `${pv}#reserving-a-persistentvolume`,
    actors: [{ id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Written by the PersistentVolume controller when it binds the claim; set it yourself to ask for one particular volume.', ja: 'PersistentVolume のコントローラーがクレームをバインドするときに書きます。自分で書けば特定のボリュームを求められます。' }],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['spec.dataSource', 'spec.dataSource.**', 'spec.dataSourceRef', 'spec.dataSourceRef.**'],
    docs: `${docs}/concepts/storage/volume-pvc-datasource/#introduction`,
    actors: [
      { id: 'storage-provisioner', when: 'on-change', en: 'The CSI provisioner creates the new volume from a VolumeSnapshot or a PersistentVolumeClaim named here.', ja: 'CSI のプロビジョナーが、ここで指定した VolumeSnapshot や PersistentVolumeClaim から新しいボリュームを作ります。' },
      { id: 'add-on', named: 'a volume populator', when: 'on-change', en: 'dataSourceRef may name any custom resource: a volume populator (an add-on that watches for that kind) fills the volume from it.', ja: 'dataSourceRef は任意のカスタムリソースを指定できます。その種類を監視しているボリュームポピュレーター（アドオン）が、そこからボリュームを埋めます。' },
    ],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: ['status', 'status.**'],
    docs: `${pv}#phase`,
    actors: [{ id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', writes: true, en: 'Written by the PersistentVolume controller: phase (Pending, Bound, Lost), capacity and access modes of the bound volume. After an expansion, the CSI driver\'s external-resizer or the kubelet updates capacity.', ja: 'PersistentVolume のコントローラーが書きます。phase（Pending、Bound、Lost）、バインドしたボリュームの容量とアクセスモード。容量を広げた後は、CSI ドライバーの external-resizer か kubelet が capacity を更新します。' }],
  },
  {
    kinds: ['PersistentVolumeClaim'],
    paths: [
      'status.conditions', 'status.conditions[*]', 'status.conditions[*].**', 'status.allocatedResources', 'status.allocatedResources.*',
      'status.allocatedResourceStatuses', 'status.allocatedResourceStatuses.*', 'status.currentVolumeAttributesClassName', 'status.modifyVolumeStatus', 'status.modifyVolumeStatus.**',
    ],
    docs: `${docs}/reference/kubernetes-api/config-and-storage-resources/persistent-volume-claim-v1/#PersistentVolumeClaimStatus`,
    actors: [
      { id: 'add-on', named: 'the CSI driver\'s external-resizer', when: 'on-change', writes: true, en: 'Not the PersistentVolume controller: these record resizing and modification. The external-resizer writes the Resizing condition, allocatedResources and the controller-side allocatedResourceStatuses while it expands the volume, and currentVolumeAttributesClassName and modifyVolumeStatus while it applies a VolumeAttributesClass.', ja: 'PersistentVolume のコントローラーではありません。これらは容量の拡張と変更の記録です。external-resizer がボリュームを広げる間に Resizing の condition、allocatedResources、コントロールプレーン側の allocatedResourceStatuses を書き、VolumeAttributesClass を当てる間に currentVolumeAttributesClassName と modifyVolumeStatus を書きます。' },
      { id: 'kubelet', when: 'run-time', writes: true, en: 'When the filesystem must be grown on the node (FileSystemResizePending, NodeResizePending), the kubelet grows it while a Pod uses the claim, then updates the statuses and capacity.', ja: 'ノードでファイルシステムを広げる必要があれば（FileSystemResizePending、NodeResizePending）、クレームを使う Pod がある間に kubelet が広げ、その後で状態と capacity を更新します。' },
    ],
  },
  // PersistentVolume
  {
    kinds: ['PersistentVolume'],
    paths: ['spec', 'spec.capacity', 'spec.capacity.*', 'spec.accessModes', 'spec.accessModes[*]', 'spec.storageClassName', 'spec.volumeMode'],
    docs: `${pv}#persistent-volumes`,
    actors: [{ id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: 'The PersistentVolume controller matches these against claims when binding.', ja: 'PersistentVolume のコントローラーが、バインドするときにこれらをクレームと照らし合わせます。' }],
  },
  {
    kinds: ['PersistentVolume'],
    paths: ['spec.claimRef', 'spec.claimRef.**'],
    docs: `${pv}#reserving-a-persistentvolume`,
    actors: [{ id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', writes: true, en: 'Written by the PersistentVolume controller when it binds; set it yourself to reserve the volume for one claim.', ja: 'PersistentVolume のコントローラーがバインドするときに書きます。自分で書けばボリュームを特定のクレームに予約できます。' }],
  },
  {
    kinds: ['PersistentVolume'],
    paths: ['spec.persistentVolumeReclaimPolicy'],
    docs: `${pv}#reclaiming`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'on-change', en: 'When the claim is deleted: Retain keeps the volume (Released) for manual cleanup; Delete has the volume deleted.', ja: 'クレームが削除されたとき、Retain ならボリュームを残し（Released）手で片付けます。Delete ならボリュームを削除させます。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'Deletes the backing storage for Delete.', ja: 'Delete なら、実際のストレージを削除します。' },
    ],
  },
  {
    kinds: ['PersistentVolume'],
    paths: ['spec.nodeAffinity', 'spec.nodeAffinity.**'],
    docs: `${pv}#node-affinity`,
    actors: [{ id: 'kube-scheduler', when: 'scheduling', en: 'Pods using this volume are only placed on nodes matching it (local volumes, zonal disks).', ja: 'このボリュームを使う Pod は、一致するノードにだけ置かれます（local のボリューム、ゾーンのディスク）。' }],
  },
  {
    kinds: ['PersistentVolume'],
    paths: ['spec.csi', 'spec.csi.**', 'spec.hostPath', 'spec.hostPath.**', 'spec.local', 'spec.local.**', 'spec.nfs', 'spec.nfs.**', 'spec.mountOptions', 'spec.mountOptions[*]'],
    docs: `${pv}#types-of-persistent-volumes`,
    actors: [
      { id: 'kubelet', when: 'run-time', en: 'Mounts the volume on the node of a Pod using it (for CSI, through the driver\'s node plugin).', ja: 'これを使う Pod のノードでボリュームをマウントします（CSI ならドライバーのノードプラグインを通して）。' },
      { id: 'kube-controller-manager', controller: 'attach-detach', when: 'continuously', writesOther: 'VolumeAttachment', en: 'For a CSI volume whose driver needs attaching (CSIDriver attachRequired, the default), the attach/detach controller creates a VolumeAttachment for the node of a Pod using it, and deletes it to detach; it does not attach the volume itself. hostPath, local and nfs volumes are not attached.', ja: 'アタッチが必要な CSI のボリューム（CSIDriver の attachRequired、既定で必要）では、attach/detach のコントローラーが、これを使う Pod のノードに向けて VolumeAttachment を作り、デタッチするときは削除します。ボリュームを自分でアタッチするわけではありません。hostPath、local、nfs のボリュームはアタッチされません。' },
      { id: 'add-on', named: 'the CSI driver\'s external-attacher', when: 'on-change', en: 'Reads those VolumeAttachments and attaches (or, when one is deleted, detaches) the volume through the driver\'s controller plugin.', ja: 'その VolumeAttachment を読み、ドライバーのコントローラープラグインを通してボリュームをアタッチします（削除されればデタッチします）。' },
    ],
  },
  {
    kinds: ['PersistentVolume'],
    paths: ['status', 'status.**'],
    docs: `${pv}#phase`,
    actors: [
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', writes: true, en: 'Written by the PersistentVolume controller: Available, Bound, Released, Failed.', ja: 'PersistentVolume のコントローラーが書きます。Available、Bound、Released、Failed。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'On create, kube-apiserver drops any status given and sets phase Pending and lastPhaseTransitionTime; when a status update changes the phase, it stamps lastPhaseTransitionTime again.', ja: '作成時に kube-apiserver は与えられた status を捨て、phase を Pending にして lastPhaseTransitionTime を入れます。status の更新で phase が変わると、lastPhaseTransitionTime を入れ直します。' },
    ],
  },
  // StorageClass
  {
    kinds: ['storage.k8s.io/StorageClass'],
    paths: ['provisioner', 'parameters', 'parameters.*'],
    docs: `${storageClasses}#provisioner`,
    actors: [
      { id: 'storage-provisioner', when: 'on-change', en: 'The provisioner with this name (a CSI driver\'s external-provisioner, or kind\'s local-path-provisioner) creates volumes for claims of this class, reading parameters; only it understands them. Neither can be changed once the class exists (kube-apiserver rejects the update: recreate the class). kubernetes.io/no-provisioner names none: claims wait for PersistentVolumes made by hand (local volumes).', ja: 'この名前のプロビジョナー（CSI ドライバーの external-provisioner や kind の local-path-provisioner）が、このクラスのクレームのためにボリュームを作り、parameters を読みます。parameters を理解するのはプロビジョナーだけです。どちらもクラスを作った後は変えられません（kube-apiserver が更新を拒否するので、クラスを作り直します）。kubernetes.io/no-provisioner はどのプロビジョナーも指さず、クレームは手で作った PersistentVolume を待ちます（ローカルボリューム）。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', writesOther: 'the claim\'s volume.kubernetes.io/storage-provisioner annotation', en: 'Hands claims of this class to that provisioner: on each claim it cannot bind to an existing volume, it writes the provisioner\'s name in the volume.kubernetes.io/storage-provisioner annotation, which the provisioner looks for before it creates a volume.', ja: 'このクラスのクレームをそのプロビジョナーに渡します。既存のボリュームにバインドできない各クレームに、volume.kubernetes.io/storage-provisioner のアノテーションでプロビジョナーの名前を書きます。プロビジョナーはこのアノテーションを見てからボリュームを作ります。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/StorageClass'],
    paths: ['reclaimPolicy', 'mountOptions', 'mountOptions[*]'],
    docs: `${storageClasses}#reclaim-policy`,
    actors: [{ id: 'storage-provisioner', when: 'on-change', writesOther: 'PersistentVolume', en: 'Copied into every PersistentVolume provisioned for this class (reclaimPolicy Delete by default). reclaimPolicy cannot be changed once the class exists (kube-apiserver rejects the update: recreate the class); mountOptions apply to volumes provisioned from then on.', ja: 'このクラスで用意される PersistentVolume に写されます（reclaimPolicy の既定は Delete）。reclaimPolicy はクラスを作った後は変えられません（kube-apiserver が更新を拒否するので、クラスを作り直します）。mountOptions はその後に用意されるボリュームに効きます。' }],
  },
  {
    kinds: ['storage.k8s.io/StorageClass'],
    paths: ['volumeBindingMode', 'allowedTopologies', 'allowedTopologies[*]', 'allowedTopologies[*].**'],
    docs: `${storageClasses}#volume-binding-mode`,
    actors: [
      { id: 'kube-scheduler', when: 'scheduling', en: 'WaitForFirstConsumer: binding and provisioning wait until the scheduler has placed a Pod using the claim, so the volume is made where the Pod can reach it (for a new volume, only on a node that allowedTopologies permits).', ja: 'WaitForFirstConsumer なら、クレームを使う Pod を kube-scheduler が置くまでバインドと用意を待つので、Pod から使える場所にボリュームが作られます（新しいボリュームなら、allowedTopologies が許すノードにだけ）。' },
      { id: 'kube-controller-manager', controller: 'persistentvolume-binder', when: 'continuously', en: 'Immediate: binds and provisions as soon as the claim exists.', ja: 'Immediate なら、クレームができるとすぐにバインドし、用意させます。' },
      { id: 'storage-provisioner', when: 'on-change', en: 'Creates volumes only where allowedTopologies permits (the zones, regions or nodes named by their labels).', ja: 'allowedTopologies が許す場所（ラベルで示すゾーン、リージョン、ノード）にだけボリュームを作ります。' },
      { id: 'kube-apiserver', when: 'admission', en: 'volumeBindingMode cannot be changed once the class exists (kube-apiserver rejects the update: recreate the class).', ja: 'volumeBindingMode はクラスを作った後は変えられません（kube-apiserver が更新を拒否するので、クラスを作り直します）。' },
    ],
  },
  {
    kinds: ['storage.k8s.io/StorageClass'],
    paths: ['allowVolumeExpansion'],
    docs: `${storageClasses}#allow-volume-expansion`,
    actors: [{ id: 'kube-apiserver', when: 'admission', en: 'Only when true does kube-apiserver accept a larger size in claims of this class.', ja: 'true のときだけ、kube-apiserver はこのクラスのクレームの容量の増加を受け付けます。' }],
  },
];
