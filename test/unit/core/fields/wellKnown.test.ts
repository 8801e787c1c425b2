import * as assert from 'node:assert/strict';
import { wellKnownEntries, wellKnownPage } from '../../../../src/core/fields/knowledge/wellKnown';
import { compilePattern, lookupField, type ObjectContext } from '../../../../src/core/fields/lookup';
import type { FieldEntry, FieldValue } from '../../../../src/core/fields/types';
import type { PathSegment } from '../../../../src/core/yaml/yamlPath';

type KeyType = 'label' | 'annotation' | 'taint';

/**
 * Headings of the official page (content/en/docs/reference/labels-annotations-taints/_index.md) for the keys
 * the registry covers, as written there: the text (with its "(deprecated)" or "(alpha)" suffix) and the
 * explicit `{#id}` where the page gives one.
 */
const headings: readonly { readonly text: string; readonly type: readonly KeyType[]; readonly id?: string }[] = [
  { text: 'apf.kubernetes.io/autoupdate-spec', type: ['annotation'] },
  { text: 'app.kubernetes.io/component', type: ['label'] },
  { text: 'app.kubernetes.io/instance', type: ['label'] },
  { text: 'app.kubernetes.io/managed-by', type: ['label'] },
  { text: 'app.kubernetes.io/name', type: ['label'] },
  { text: 'app.kubernetes.io/part-of', type: ['label'] },
  { text: 'app.kubernetes.io/version', type: ['label'] },
  {
    text: 'applyset.kubernetes.io/additional-namespaces (alpha)',
    type: ['annotation'],
    id: 'applyset-kubernetes-io-additional-namespaces',
  },
  { text: 'applyset.kubernetes.io/contains-group-kinds (alpha)', type: ['annotation'], id: 'applyset-kubernetes-io-contains-group-kinds' },
  { text: 'applyset.kubernetes.io/id (alpha)', type: ['label'], id: 'applyset-kubernetes-io-id' },
  { text: 'applyset.kubernetes.io/is-parent-type (alpha)', type: ['label'], id: 'applyset-kubernetes-io-is-parent-type' },
  { text: 'applyset.kubernetes.io/part-of (alpha)', type: ['label'], id: 'applyset-kubernetes-io-part-of' },
  { text: 'applyset.kubernetes.io/tooling (alpha)', type: ['annotation'], id: 'applyset-kubernetes-io-tooling' },
  { text: 'apps.kubernetes.io/pod-index (beta)', type: ['label'], id: 'apps-kubernetes.io-pod-index' },
  { text: 'cluster-autoscaler.kubernetes.io/safe-to-evict', type: ['annotation'] },
  { text: 'config.kubernetes.io/local-config', type: ['annotation'] },
  { text: 'kubernetes.io/arch', type: ['label'] },
  { text: 'kubernetes.io/os', type: ['label'] },
  { text: 'kubernetes.io/metadata.name', type: ['label'] },
  { text: 'kubernetes.io/limit-ranger', type: ['annotation'] },
  { text: 'kubernetes.io/config.hash', type: ['annotation'] },
  { text: 'kubernetes.io/config.mirror', type: ['annotation'] },
  { text: 'kubernetes.io/config.source', type: ['annotation'] },
  { text: 'kubernetes.io/config.seen', type: ['annotation'] },
  { text: 'addonmanager.kubernetes.io/mode', type: ['label'] },
  { text: 'kube-aggregator.kubernetes.io/automanaged', type: ['label'], id: 'kube-aggregator-kubernetesio-automanaged' },
  { text: 'kubernetes.io/hostname', type: ['label'], id: 'kubernetesiohostname' },
  { text: 'kubernetes.io/change-cause', type: ['annotation'], id: 'change-cause' },
  { text: 'kubernetes.io/description', type: ['annotation'], id: 'description' },
  { text: 'kubernetes.io/enforce-mountable-secrets', type: ['annotation'], id: 'enforce-mountable-secrets' },
  { text: 'node.kubernetes.io/exclude-from-external-load-balancers', type: ['label'] },
  { text: 'controller.kubernetes.io/pod-deletion-cost', type: ['annotation'], id: 'pod-deletion-cost' },
  { text: 'cluster-autoscaler.kubernetes.io/enable-ds-eviction', type: ['annotation'] },
  { text: 'kubernetes.io/ingress-bandwidth', type: ['annotation'] },
  { text: 'kubernetes.io/egress-bandwidth', type: ['annotation'] },
  { text: 'node.kubernetes.io/instance-type', type: ['label'], id: 'nodekubernetesioinstance-type' },
  { text: 'pv.kubernetes.io/bind-completed', type: ['annotation'], id: 'pv-kubernetesiobind-completed' },
  { text: 'pv.kubernetes.io/bound-by-controller', type: ['annotation'], id: 'pv-kubernetesioboundby-controller' },
  { text: 'pv.kubernetes.io/provisioned-by', type: ['annotation'], id: 'pv-kubernetesiodynamically-provisioned' },
  { text: 'pv.kubernetes.io/migrated-to', type: ['annotation'], id: 'pv-kubernetesio-migratedto' },
  { text: 'statefulset.kubernetes.io/pod-name', type: ['label'], id: 'statefulsetkubernetesiopod-name' },
  { text: 'scheduler.alpha.kubernetes.io/node-selector', type: ['annotation'], id: 'schedulerkubernetesnode-selector' },
  { text: 'topology.kubernetes.io/region', type: ['label'], id: 'topologykubernetesioregion' },
  { text: 'topology.kubernetes.io/zone', type: ['label'], id: 'topologykubernetesiozone' },
  { text: 'volume.beta.kubernetes.io/storage-provisioner (deprecated)', type: ['annotation'] },
  { text: 'volume.beta.kubernetes.io/storage-class (deprecated)', type: ['annotation'] },
  { text: 'volume.kubernetes.io/storage-provisioner', type: ['annotation'], id: 'volume-kubernetes-io-storage-provisioner' },
  { text: 'volume.kubernetes.io/selected-node', type: ['annotation'] },
  { text: 'volumes.kubernetes.io/controller-managed-attach-detach', type: ['annotation'] },
  { text: 'node.kubernetes.io/windows-build', type: ['label'], id: 'nodekubernetesiowindows-build' },
  { text: 'service.kubernetes.io/headless', type: ['label'], id: 'servicekubernetesioheadless' },
  { text: 'service.kubernetes.io/topology-aware-hints (deprecated)', type: ['annotation'], id: 'servicekubernetesiotopology-aware-hints' },
  { text: 'service.kubernetes.io/topology-mode', type: ['annotation'] },
  { text: 'kubernetes.io/service-name', type: ['label'], id: 'kubernetesioservice-name' },
  { text: 'kubernetes.io/service-account.name', type: ['annotation'] },
  { text: 'kubernetes.io/service-account.uid', type: ['annotation'] },
  { text: 'kubernetes.io/legacy-token-last-used', type: ['label'] },
  { text: 'kubernetes.io/legacy-token-invalid-since', type: ['label'] },
  { text: 'endpointslice.kubernetes.io/managed-by', type: ['label'], id: 'endpointslicekubernetesiomanaged-by' },
  { text: 'endpointslice.kubernetes.io/skip-mirror', type: ['label'], id: 'endpointslicekubernetesioskip-mirror' },
  { text: 'service.kubernetes.io/service-proxy-name', type: ['label'], id: 'servicekubernetesioservice-proxy-name' },
  { text: 'kubernetes.io/ingress.class (deprecated)', type: ['annotation'] },
  { text: 'storageclass.kubernetes.io/is-default-class', type: ['annotation'] },
  { text: 'alpha.kubernetes.io/provided-node-ip (alpha)', type: ['annotation'], id: 'alpha-kubernetes-io-provided-node-ip' },
  { text: 'batch.kubernetes.io/job-completion-index', type: ['annotation', 'label'] },
  { text: 'batch.kubernetes.io/cronjob-scheduled-timestamp', type: ['annotation'] },
  { text: 'kubectl.kubernetes.io/default-container', type: ['annotation'] },
  { text: 'kubectl.kubernetes.io/last-applied-configuration', type: ['annotation'] },
  { text: 'kubectl.kubernetes.io/restartedAt', type: ['annotation'], id: 'kubectl-k8s-io-restart-at' },
  { text: 'endpoints.kubernetes.io/over-capacity', type: ['annotation'] },
  { text: 'endpoints.kubernetes.io/last-change-trigger-time', type: ['annotation'] },
  { text: 'job-name (deprecated)', type: ['label'], id: 'job-name' },
  { text: 'controller-uid (deprecated)', type: ['label'], id: 'controller-uid' },
  { text: 'batch.kubernetes.io/job-name', type: ['label'], id: 'batchkubernetesio-job-name' },
  { text: 'batch.kubernetes.io/controller-uid', type: ['label'], id: 'batchkubernetesio-controller-uid' },
  { text: 'scheduler.alpha.kubernetes.io/defaultTolerations', type: ['annotation'], id: 'scheduleralphakubernetesio-defaulttolerations' },
  { text: 'scheduler.alpha.kubernetes.io/tolerationsWhitelist', type: ['annotation'], id: 'schedulerkubernetestolerations-whitelist' },
  { text: 'node.kubernetes.io/not-ready', type: ['taint'] },
  { text: 'node.kubernetes.io/unreachable', type: ['taint'] },
  { text: 'node.kubernetes.io/unschedulable', type: ['taint'] },
  { text: 'node.kubernetes.io/memory-pressure', type: ['taint'] },
  { text: 'node.kubernetes.io/disk-pressure', type: ['taint'] },
  { text: 'node.kubernetes.io/network-unavailable', type: ['taint'] },
  { text: 'node.kubernetes.io/pid-pressure', type: ['taint'] },
  { text: 'node.kubernetes.io/out-of-service', type: ['taint'] },
  { text: 'node.cloudprovider.kubernetes.io/uninitialized', type: ['taint'] },
  { text: 'node.cloudprovider.kubernetes.io/shutdown', type: ['taint'] },
  { text: 'feature.node.kubernetes.io/*', type: ['label'] },
  { text: 'pod-security.kubernetes.io/enforce', type: ['label'] },
  { text: 'pod-security.kubernetes.io/enforce-version', type: ['label'] },
  { text: 'pod-security.kubernetes.io/audit', type: ['label'] },
  { text: 'pod-security.kubernetes.io/audit-version', type: ['label'] },
  { text: 'pod-security.kubernetes.io/warn', type: ['label'] },
  { text: 'pod-security.kubernetes.io/warn-version', type: ['label'] },
  { text: 'rbac.authorization.kubernetes.io/autoupdate', type: ['annotation'] },
  { text: 'kubeadm.alpha.kubernetes.io/cri-socket', type: ['annotation'] },
  { text: 'kubeadm.kubernetes.io/etcd.advertise-client-urls', type: ['annotation'] },
  { text: 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint', type: ['annotation'] },
  { text: 'kubeadm.kubernetes.io/component-config.hash', type: ['annotation'] },
  { text: 'node-role.kubernetes.io/control-plane', type: ['label'] },
  { text: 'node-role.kubernetes.io/control-plane', type: ['taint'], id: 'node-role-kubernetes-io-control-plane-taint' },
  { text: 'node-role.kubernetes.io/master (deprecated)', type: ['taint'], id: 'node-role-kubernetes-io-master-taint' },
];

/** Keys the page does not list; their entries cite the page that documents them. */
const offPage = new Set([
  'pod-template-hash',
  'controller-revision-hash',
  'deployment.kubernetes.io/revision',
  'deployment.kubernetes.io/desired-replicas',
  'deployment.kubernetes.io/max-replicas',
]);
/** Other node roles have no section: their entry cites the section of the one role Kubernetes defines. */
const citedAs: Readonly<Record<string, string>> = { 'node-role.kubernetes.io/*': 'node-role.kubernetes.io/control-plane' };

/** The heading ID Hugo generates (autoHeadingIDType "blackfriday"): letters and digits lower-cased, any run of others one dash. */
function blackfridayId(text: string): string {
  let id = '';
  let dash = false;
  for (const char of text) {
    if (/[\p{L}\p{N}]/u.test(char)) {
      if (dash && id) id += '-';
      dash = false;
      id += char.toLowerCase();
    } else {
      dash = true;
    }
  }
  return id;
}

function anchorOf(key: string, type: KeyType): string | undefined {
  const heading = headings.find((candidate) => candidate.text.split(' (')[0] === key && candidate.type.includes(type));
  return heading && (heading.id ?? blackfridayId(heading.text));
}

/** The keys an entry is about, and whether they are labels, annotations or taints. */
function keysOf(entry: FieldEntry): { key: string; type: KeyType }[] {
  const keys: { key: string; type: KeyType }[] = [];
  for (const path of entry.paths) {
    const tokens = compilePattern(path);
    const last = tokens[tokens.length - 1];
    const key = last.type === 'key' ? last.keys[0] : last.type === 'keyPrefix' ? `${last.prefix}*` : undefined;
    if (path.startsWith('metadata.labels[') || path.startsWith('spec.selector.matchLabels[')) keys.push({ key: key!, type: 'label' });
    else if (path.startsWith('metadata.annotations[')) keys.push({ key: key!, type: 'annotation' });
    else if (path === 'spec.taints[*].key' || path === 'spec.tolerations[*].key')
      keys.push({ key: String(entry.onlyIf?.value?.equals?.[0]), type: 'taint' });
    else assert.fail(`unexpected path ${path}`);
  }
  return keys;
}

/** A reader of a manifest holding `value` at `at` (a path from the object) and nothing else. */
function holding(at: readonly PathSegment[], value: string): ObjectContext {
  return {
    read: (path: readonly PathSegment[]): FieldValue =>
      path.length === at.length && path.every((segment, index) => segment === at[index])
        ? { present: true, scalar: value }
        : { present: false },
  };
}

function actorIds(entry: FieldEntry | undefined): string[] {
  return (entry?.actors ?? []).map((actor) => (actor.controller ? `${actor.id}/${actor.controller}` : actor.id));
}

describe('well-known labels, annotations and taints', () => {
  it('covers the keys a user of a current cluster meets', () => {
    const keys = new Set(wellKnownEntries.flatMap((entry) => keysOf(entry).map(({ key }) => key)));
    assert.ok(keys.size >= 60, `only ${keys.size} keys`);
    for (const key of [
      'kubernetes.io/hostname',
      'kubernetes.io/os',
      'topology.kubernetes.io/zone',
      'node-role.kubernetes.io/control-plane',
      'kubectl.kubernetes.io/last-applied-configuration',
      'batch.kubernetes.io/job-name',
      'apps.kubernetes.io/pod-index',
      'statefulset.kubernetes.io/pod-name',
      'pod-template-hash',
      'controller-revision-hash',
      'endpointslice.kubernetes.io/managed-by',
      'service.kubernetes.io/headless',
      'storageclass.kubernetes.io/is-default-class',
      'pod-security.kubernetes.io/enforce',
      'kubernetes.io/service-account.name',
      'deployment.kubernetes.io/revision',
      'cluster-autoscaler.kubernetes.io/safe-to-evict',
      'app.kubernetes.io/name',
      'node.kubernetes.io/not-ready',
      'node.cloudprovider.kubernetes.io/uninitialized',
    ]) {
      assert.ok(keys.has(key), `no entry for ${key}`);
    }
  });

  it("cites each key's own anchor on the well-known page", () => {
    for (const entry of wellKnownEntries) {
      const keys = keysOf(entry);
      const where = keys.map(({ key }) => key).join(', ');
      if (keys.every(({ key }) => offPage.has(key))) {
        assert.match(entry.docs, /^https:\/\/(kubernetes\.io\/docs\/|github\.com\/kubernetes\/kubernetes\/blob\/)/, where);
        assert.ok(!entry.docs.startsWith(wellKnownPage), `${where} is not on the well-known page`);
        continue;
      }
      const anchors = keys.map(({ key, type }) => anchorOf(citedAs[key] ?? key, type));
      assert.ok(
        anchors.every((anchor) => anchor !== undefined),
        `${where}: a key without a heading on the page`,
      );
      assert.ok(
        anchors.some((anchor) => entry.docs === `${wellKnownPage}#${anchor}`),
        `${where}: docs ${entry.docs}, expected #${anchors.join(' or #')}`,
      );
    }
  });

  it("derives the page's heading IDs the way Hugo does", () => {
    // Links the page itself makes to its own headings.
    assert.equal(anchorOf('kubernetes.io/arch', 'label'), 'kubernetes-io-arch');
    assert.equal(anchorOf('kubernetes.io/config.hash', 'annotation'), 'kubernetes-io-config-hash');
    assert.equal(anchorOf('app.kubernetes.io/name', 'label'), 'app-kubernetes-io-name');
    assert.equal(anchorOf('kubectl.kubernetes.io/default-container', 'annotation'), 'kubectl-kubernetes-io-default-container');
    assert.equal(anchorOf('topology.kubernetes.io/zone', 'label'), 'topologykubernetesiozone');
    assert.equal(anchorOf('volume.beta.kubernetes.io/storage-class', 'annotation'), 'volume-beta-kubernetes-io-storage-class-deprecated');
  });

  it('says kubeadm sets node-role.kubernetes.io/control-plane, not kube-apiserver', () => {
    const found = lookupField('Node', 'v1', ['metadata', 'labels', 'node-role.kubernetes.io/control-plane']);
    assert.equal(found.match?.entry.actors[0].id, 'kubeadm');
    assert.equal(found.match?.entry.actors[0].writes, true);
    const other = lookupField('Node', 'v1', ['metadata', 'labels', 'node-role.kubernetes.io/worker']);
    assert.equal(other.match?.pattern, 'metadata.labels["node-role.kubernetes.io/*"]');
    assert.ok(
      other.match?.entry.actors.every((actor) => actor.writes !== true),
      'no component writes other roles',
    );
    assert.match(other.match?.entry.actors[0].en ?? '', /Kubernetes defines only control-plane/);
  });

  it('says the zone, region and instance type are set by the kubelet or the cloud-controller-manager, only with a cloud provider', () => {
    for (const key of ['topology.kubernetes.io/zone', 'topology.kubernetes.io/region', 'node.kubernetes.io/instance-type']) {
      const entry = lookupField('Node', 'v1', ['metadata', 'labels', key]).match?.entry;
      const writers = (entry?.actors ?? []).filter((actor) => actor.writes).map((actor) => actor.id);
      assert.deepEqual(writers.sort(), ['cloud-controller-manager', 'kubelet'], key);
      assert.match(entry?.actors[0].en ?? '', /only where there is a cloud provider/, key);
      assert.match(entry?.actors[0].en ?? '', /Without a cloud provider \(kind, minikube, bare metal\) nothing sets it/, key);
    }
  });

  it('says kube-apiserver generates the Job labels and selector, and the Job controller only copies the template', () => {
    for (const key of ['batch.kubernetes.io/job-name', 'batch.kubernetes.io/controller-uid', 'job-name', 'controller-uid']) {
      for (const [kind, apiVersion, path] of [
        ['Pod', 'v1', ['metadata', 'labels', key]],
        ['Job', 'batch/v1', ['metadata', 'labels', key]],
        ['Job', 'batch/v1', ['spec', 'template', 'metadata', 'labels', key]],
        ['CronJob', 'batch/v1', ['spec', 'jobTemplate', 'spec', 'template', 'metadata', 'labels', key]],
      ] as const) {
        const entry = lookupField(kind, apiVersion, path).match?.entry;
        assert.equal(entry?.actors[0].id, 'kube-apiserver', `${kind} ${key}`);
        assert.equal(entry?.actors[0].writes, true, `${kind} ${key}`);
        const job = entry?.actors.find((actor) => actor.controller === 'job');
        assert.ok(job && job.writes !== true, `${kind} ${key}: the Job controller does not write the label`);
      }
    }
    const selector = lookupField('Job', 'batch/v1', ['spec', 'selector', 'matchLabels', 'batch.kubernetes.io/controller-uid']).match?.entry;
    assert.deepEqual(actorIds(selector), ['kube-apiserver', 'kube-controller-manager/job']);
    assert.equal(selector?.actors[0].writes, true);
  });

  it('says kubectl writes last-applied-configuration and kube-apiserver reads it for server-side apply', () => {
    const entry = lookupField('Deployment', 'apps/v1', ['metadata', 'annotations', 'kubectl.kubernetes.io/last-applied-configuration'])
      .match?.entry;
    assert.deepEqual(actorIds(entry), ['kubectl', 'kube-apiserver']);
    assert.equal(entry?.actors[0].writes, true);
    assert.match(entry?.actors[1].en ?? '', /kubectl apply --server-side, kube-apiserver reads it/);
  });

  it('says no built-in component acts on the recommended labels, and tools like Helm set them', () => {
    const entry = lookupField('Service', 'v1', ['metadata', 'labels', 'app.kubernetes.io/managed-by']).match?.entry;
    assert.equal(entry?.actors[0].id, 'add-on');
    assert.equal(entry?.actors[0].named, 'Helm');
    assert.match(entry?.actors[1].en ?? '', /No built-in component acts on this key/);
  });

  it("picks a taint's entry by the taint's key, on a Node and in a Pod's tolerations", () => {
    const taintKey = ['spec', 'taints', 0, 'key'];
    const notReady = lookupField('Node', 'v1', taintKey, holding(taintKey, 'node.kubernetes.io/not-ready'));
    assert.equal(notReady.match?.entry.docs, `${wellKnownPage}#node-kubernetes-io-not-ready`);
    assert.deepEqual(actorIds(notReady.match?.entry).slice(0, 2), ['kube-controller-manager/node-lifecycle', 'kube-apiserver']);
    const uninitialized = lookupField('Node', 'v1', taintKey, holding(taintKey, 'node.cloudprovider.kubernetes.io/uninitialized'));
    assert.deepEqual(actorIds(uninitialized.match?.entry).slice(0, 2), ['kubelet', 'cloud-controller-manager/cloud-node']);
    const controlPlane = lookupField('Node', 'v1', taintKey, holding(taintKey, 'node-role.kubernetes.io/control-plane'));
    assert.equal(controlPlane.match?.entry.docs, `${wellKnownPage}#node-role-kubernetes-io-control-plane-taint`);
    assert.equal(controlPlane.match?.entry.actors[0].id, 'kubeadm');

    // In a Deployment's Pod template, the template's own toleration decides.
    const tolerationKey = ['spec', 'template', 'spec', 'tolerations', 1, 'key'];
    const unreachable = lookupField('Deployment', 'apps/v1', tolerationKey, holding(tolerationKey, 'node.kubernetes.io/unreachable'));
    assert.equal(unreachable.match?.entry.docs, `${wellKnownPage}#node-kubernetes-io-unreachable`);
    assert.deepEqual(actorIds(unreachable.match?.entry), [
      'kube-controller-manager/taint-eviction',
      'kube-apiserver',
      'kube-controller-manager/daemonset',
    ]);
  });

  it('gives an unknown taint key, or one it cannot read, the general taint entry', () => {
    const taintKey = ['spec', 'taints', 0, 'key'];
    for (const context of [holding(taintKey, 'example.com/dedicated'), {}]) {
      const found = lookupField('Node', 'v1', taintKey, context);
      assert.equal(found.match?.pattern, 'spec.taints[*].**');
      assert.ok(!wellKnownEntries.includes(found.match!.entry));
    }
    const tolerationKey = ['spec', 'tolerations', 0, 'key'];
    const toleration = lookupField('Pod', 'v1', tolerationKey, holding(tolerationKey, 'example.com/dedicated'));
    assert.equal(toleration.match?.pattern, 'spec.tolerations[*].**');
  });

  it('says plainly that it does not know who reads a label or annotation key outside the registry', () => {
    for (const [kind, apiVersion, path, pattern] of [
      ['Pod', 'v1', ['metadata', 'labels', 'example.com/team'], 'metadata.labels.*'],
      ['Deployment', 'apps/v1', ['spec', 'template', 'metadata', 'labels', 'tier'], 'metadata.labels.*'],
      ['ConfigMap', 'v1', ['metadata', 'annotations', 'example.com/owner'], 'metadata.annotations.*'],
      ['Widget', 'example.com/v1', ['metadata', 'annotations', 'example.com/owner'], 'metadata.annotations.*'],
    ] as const) {
      const found = lookupField(kind, apiVersion, path);
      assert.equal(found.match?.pattern, pattern, `${kind} ${path.join('.')}`);
      const [actor] = found.match?.entry.actors ?? [];
      assert.equal(actor.id, 'kube-apiserver');
      assert.match(actor.en, /Who reads this key is not known to this product: a tool or controller that knows the key may read it/);
      assert.doesNotMatch(actor.en, /no (built-in )?component reads|nothing reads/i);
      assert.match(actor.ja, /このキーを誰が読むかは、この製品には分かりません/);
    }
  });

  it("writes the article's Japanese terms", () => {
    const ja = wellKnownEntries.flatMap((entry) => entry.actors.map((actor) => actor.ja)).join('\n');
    assert.ok(ja.includes('static Pod') && ja.includes('mirror Pod'), 'static Pod and mirror Pod stay in English');
    for (const avoided of ['静的', 'ミラー', 'クラスター']) {
      assert.ok(!ja.includes(avoided), `uses ${avoided}`);
    }
  });
});

describe('well-known keys: claims checked against the Kubernetes documentation and source', () => {
  const annotationEntry = (kind: string, apiVersion: string, path: readonly (string | number)[]): FieldEntry | undefined =>
    lookupField(kind, apiVersion, path).match?.entry;

  it('says kubectl rollout restart works on Deployments, StatefulSets and DaemonSets, not on a bare ReplicaSet', () => {
    const entry = annotationEntry('Deployment', 'apps/v1', [
      'spec',
      'template',
      'metadata',
      'annotations',
      'kubectl.kubernetes.io/restartedAt',
    ]);
    const kubectl = entry?.actors.find((actor) => actor.id === 'kubectl');
    assert.doesNotMatch(kubectl?.en ?? '', /DaemonSet or ReplicaSet/);
    assert.match(kubectl?.en ?? '', /refuses a bare ReplicaSet/);
    assert.doesNotMatch(kubectl?.ja ?? '', /DaemonSet、ReplicaSet の Pod テンプレート/);
  });

  it('says kubeadm v1.34 and later no longer writes kubeadm.alpha.kubernetes.io/cri-socket (NodeLocalCRISocket)', () => {
    const entry = annotationEntry('Node', 'v1', ['metadata', 'annotations', 'kubeadm.alpha.kubernetes.io/cri-socket']);
    assert.equal(entry?.actors[0].id, 'kubeadm');
    assert.match(entry?.actors[0].en ?? '', /Since v1\.34 \(the NodeLocalCRISocket feature gate, on by default\)/);
    assert.match(entry?.actors[0].en ?? '', /no longer writes this annotation, and removes it on kubeadm upgrade/);
  });

  it('says the job-completion-index label is set by default since v1.28, not only behind an opt-in gate', () => {
    const entry = annotationEntry('Pod', 'v1', ['metadata', 'labels', 'batch.kubernetes.io/job-completion-index']);
    assert.match(entry?.actors[0].en ?? '', /as a label too since v1\.28 \(the PodIndexLabel feature gate, on by default, GA in v1\.32\)/);
  });

  it('says cronjob-scheduled-timestamp is on the Job only, and in UTC when the CronJob sets no timeZone', () => {
    const key = 'batch.kubernetes.io/cronjob-scheduled-timestamp';
    const job = annotationEntry('Job', 'batch/v1', ['metadata', 'annotations', key]);
    assert.deepEqual(job?.kinds, ['batch/Job']);
    assert.match(job?.actors[0].en ?? '', /not copied to their Pods/);
    assert.match(job?.actors[0].en ?? '', /or in UTC when it sets none/);
    assert.doesNotMatch(job?.actors[0].en ?? '', /local time/);
    // In a CronJob's jobTemplate the Job entry still applies; on a Pod the key is not a well-known one.
    assert.equal(annotationEntry('CronJob', 'batch/v1', ['spec', 'jobTemplate', 'metadata', 'annotations', key]), job);
    assert.ok(!wellKnownEntries.includes(annotationEntry('Pod', 'v1', ['metadata', 'annotations', key])!));
  });

  it('says PodTolerationRestriction writes the Pods, not the defaultTolerations annotation, and merges rather than rejects', () => {
    const entry = annotationEntry('Namespace', 'v1', ['metadata', 'annotations', 'scheduler.alpha.kubernetes.io/defaultTolerations']);
    assert.equal(entry?.actors[0].writes, undefined);
    assert.equal(entry?.actors[0].writesOther, 'Pod');
    assert.doesNotMatch(entry?.actors[0].en ?? '', /conflicting Pod is rejected/);
    assert.match(entry?.actors[0].en ?? '', /merged, not rejected/);
  });

  it('says the deprecated topology-aware-hints annotation is still honoured and wins over topology-mode', () => {
    const entry = annotationEntry('Service', 'v1', ['metadata', 'annotations', 'service.kubernetes.io/topology-aware-hints']);
    assert.match(entry?.actors[0].en ?? '', /still honoured/);
    assert.match(entry?.actors[0].en ?? '', /When both annotations are set, this deprecated one takes precedence/);
  });

  it('says the DefaultStorageClass plugin picks the newest of several default classes instead of rejecting the claim', () => {
    const entry = annotationEntry('StorageClass', 'storage.k8s.io/v1', [
      'metadata',
      'annotations',
      'storageclass.kubernetes.io/is-default-class',
    ]);
    assert.doesNotMatch(entry?.actors[0].en ?? '', /rejects/);
    assert.match(entry?.actors[0].en ?? '', /picks the most recently created one/);
  });

  it('says kubernetes.io/enforce-mountable-secrets is deprecated since v1.32', () => {
    const entry = annotationEntry('ServiceAccount', 'v1', ['metadata', 'annotations', 'kubernetes.io/enforce-mountable-secrets']);
    assert.match(entry?.actors[0].en ?? '', /^Deprecated since v1\.32/);
    assert.match(entry?.actors[0].ja ?? '', /v1\.32 から非推奨/);
  });

  it('says a current kubelet never sets NetworkUnavailable, and the route controller sets it both ways', () => {
    const taintKey = ['spec', 'taints', 0, 'key'];
    const entry = lookupField('Node', 'v1', taintKey, holding(taintKey, 'node.kubernetes.io/network-unavailable')).match?.entry;
    const kubelet = entry?.actors.find((actor) => actor.id === 'kubelet');
    assert.match(kubelet?.en ?? '', /a current kubelet never sets it/);
    const route = entry?.actors.find((actor) => actor.controller === 'route');
    assert.match(route?.en ?? '', /sets the condition True \(NoRouteCreated\) while it cannot create the node's route/);
  });
});
