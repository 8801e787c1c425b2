import * as assert from 'node:assert/strict';
import type { FieldExplanation } from '../../../../src/core/fields/explain';
import { explainAt, actorOf as component } from '../../../support/explainAt';
import { fieldKnowledge } from '../../../../src/core/fields/knowledge';
import { apiResourceEntries } from '../../../../src/core/fields/knowledge/apiResources';
import { extensionEntries } from '../../../../src/core/fields/knowledge/extensions';
import { podEntries } from '../../../../src/core/fields/knowledge/pod';
import { storageEntries } from '../../../../src/core/fields/knowledge/storage';
import { workloadEntries } from '../../../../src/core/fields/knowledge/workloads';
import { compilePattern, lookupField } from '../../../../src/core/fields/lookup';
import type { FieldEntry } from '../../../../src/core/fields/types';
import type { PathSegment } from '../../../../src/core/yaml/yamlPath';

const text = (explanation: FieldExplanation) => explanation.components.map((component) => component.action).join('\n');

const pod = (spec: string) => `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
${spec}`;

/**
 * Which entry of `entries` answers `path` of `kind`, by the same pattern syntax and preference as lookup.ts
 * (kinds and conditions aside): for the entries of apiResources.ts, which index.ts does not list yet.
 */
function entryFor(entries: readonly FieldEntry[], kind: string, path: readonly PathSegment[]): FieldEntry | undefined {
  let best: FieldEntry | undefined;
  let bestScore = -1;
  for (const entry of entries) {
    if (!entry.kinds.includes(kind) || entry.onlyIf) continue;
    for (const source of entry.paths) {
      const tokens = compilePattern(source);
      let position = 0;
      let matched = true;
      for (const token of tokens) {
        if (token.type === 'rest') {
          matched = position < path.length;
          position = path.length;
          break;
        }
        const segment = path[position++];
        if (segment === undefined) matched = false;
        else if (token.type === 'key') matched = typeof segment === 'string' && token.keys.includes(segment);
        else if (token.type === 'keyPrefix') matched = typeof segment === 'string' && segment.startsWith(token.prefix);
        else if (token.type === 'anyIndex') matched = typeof segment === 'number';
        else matched = typeof segment === 'string';
        if (!matched) break;
      }
      if (!matched || position !== path.length) continue;
      const score =
        tokens.filter((token) => token.type === 'key' || token.type === 'keyPrefix').length * 10 +
        (tokens.some((token) => token.type === 'rest') ? 0 : 5);
      if (score > bestScore) {
        best = entry;
        bestScore = score;
      }
    }
  }
  return best;
}

const english = (entry: FieldEntry | undefined) => {
  assert.ok(entry, 'an entry answers');
  return entry.actors.map((actor) => actor.en).join('\n');
};

describe('corrections to the knowledge base, checked against the Kubernetes documentation', () => {
  describe('tolerations', () => {
    const tolerations = (field: string) =>
      pod(`  tolerations:
    - key: node.kubernetes.io/unreachable
      operator: Exists
      effect: NoExecute
      ${field}
  containers:
    - name: app
      image: nginx:1.27
`);

    it('a NoExecute taint evicts the Pods that do not tolerate it at once; the scheduler also honours PreferNoSchedule', () => {
      const explanation = explainAt(tolerations('tolerationSeconds: 600').replace('effect: NoExecute', 'effect: @@NoExecute'));
      assert.match(explanation.docs ?? '', /taint-and-toleration\/#concepts$/);
      const eviction = component(explanation, 'kube-controller-manager', 'taint-eviction');
      assert.match(eviction.action, /evicts at once the running Pods that do not tolerate it/);
      assert.doesNotMatch(eviction.action, /do not tolerate, after tolerationSeconds/);
      assert.match(component(explanation, 'kube-scheduler').action, /PreferNoSchedule/);
      assert.equal(component(explanation, 'kube-apiserver').when, 'admission');
    });

    it('tolerationSeconds delays the eviction of a Pod that tolerates the taint, not of one that does not', () => {
      const explanation = explainAt(tolerations('tolerationSeconds: @@600'));
      assert.equal(explanation.matched, 'spec.tolerations[*].tolerationSeconds');
      assert.match(explanation.docs ?? '', /#taint-based-evictions$/);
      assert.match(explanation.components[0].action, /the Pod, which tolerates the taint, stays bound this many seconds/);
      assert.match(explanation.components[0].action, /Pods that do not tolerate the taint are evicted at once/);
    });
  });

  describe('Deployment spec.paused', () => {
    const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  paused: @@true
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: app
          image: nginx:1.27
`;

    it('only template changes stop rolling out: the controller still scales, cleans up and updates status', () => {
      const explanation = explainAt(deployment);
      assert.equal(explanation.matched, 'spec.paused');
      assert.match(explanation.docs ?? '', /deployment\/#paused$/);
      const action = explanation.components[0].action;
      assert.match(action, /changes to the Pod template start no rollout/);
      assert.match(action, /still scales/);
      assert.match(action, /revisionHistoryLimit/);
      assert.doesNotMatch(text(explanation), /does nothing while paused/);
    });

    it('minReadySeconds and progressDeadlineSeconds no longer say the controller does nothing while paused', () => {
      const explanation = explainAt(deployment.replace('paused: @@true', 'progressDeadlineSeconds: @@600'));
      assert.equal(explanation.matched, 'spec.progressDeadlineSeconds');
      assert.doesNotMatch(text(explanation), /does nothing/);
    });
  });

  describe('Pod and container fields', () => {
    const container = (field: string) =>
      pod(`  containers:
    - name: app
      image: nginx:1.27
      ${field}
`);

    it('imagePullPolicy Always resolves the name to a digest at each start and pulls only an uncached digest', () => {
      const action = component(explainAt(container('imagePullPolicy: @@Always')), 'kubelet').action;
      assert.match(action, /at every container start it asks the registry to resolve the name to a digest/);
      assert.match(action, /pulls only when no image with that digest is cached on the node/);
      assert.doesNotMatch(action, /Always \(every start\)/);
    });

    it('terminationGracePeriodSeconds: the preStop hooks run inside the period', () => {
      const explanation = explainAt(
        pod('  terminationGracePeriodSeconds: @@60\n  containers:\n    - name: app\n      image: nginx:1.27\n'),
      );
      const kubelet = component(explanation, 'kubelet').action;
      assert.match(kubelet, /the hooks run inside this period, not before it/);
      assert.match(kubelet, /2 more seconds/);
      assert.equal(component(explanation, 'kube-apiserver').writesOther, 'metadata.deletionGracePeriodSeconds');
    });

    it('hostUsers is about user namespaces, not Pod Security host namespaces', () => {
      const explanation = explainAt(pod('  hostUsers: @@false\n  containers:\n    - name: app\n      image: nginx:1.27\n'));
      assert.equal(explanation.matched, 'spec.hostUsers');
      assert.match(explanation.docs ?? '', /user-namespaces\/#introduction$/);
      assert.match(component(explanation, 'kubelet').action, /own user namespace/);
      assert.match(component(explanation, 'kube-apiserver').action, /hostNetwork, hostIPC or hostPID/);
      assert.doesNotMatch(text(explainAt(pod('  hostPID: @@true\n'))), /user namespace/);
    });

    it('PodScheduled is written through the binding subresource', () => {
      const explanation = explainAt(`apiVersion: v1
kind: Pod
metadata:
  name: web
status:
  conditions:
    - type: @@PodScheduled
      status: "True"
`);
      const scheduler = component(explanation, 'kube-scheduler');
      assert.equal(scheduler.effect, 'writes-field');
      assert.match(scheduler.action, /binding subresource/);
      assert.match(scheduler.action, /Unschedulable/);
    });

    it('Pod-level spec.resources, container resources.claims and spec.resourceClaims (DRA)', () => {
      const podLevel = explainAt(
        pod('  resources:\n    limits:\n      memory: @@200Mi\n  containers:\n    - name: app\n      image: nginx:1.27\n'),
      );
      assert.equal(podLevel.matched, 'spec.resources.requests|limits.*');
      assert.match(podLevel.docs ?? '', /#pod-level-resource-specification$/);
      assert.match(text(podLevel), /beta, on by default since v1\.34/);

      const claims = explainAt(container('resources:\n        claims:\n          - name: @@gpu'));
      assert.equal(claims.matched, 'spec.containers|initContainers|ephemeralContainers[*].resources.claims[*].**');
      assert.match(claims.components[0].action, /spec\.resourceClaims/);

      const resourceClaims = explainAt(
        pod(`  resourceClaims:
    - name: gpu
      resourceClaimTemplateName: @@gpu-template
  containers:
    - name: app
      image: nginx:1.27
`),
      );
      assert.equal(resourceClaims.components[0].writesOther, 'ResourceClaim');
      assert.match(resourceClaims.components[0].action, /resourceclaim controller creates a ResourceClaim/);
      assert.equal(component(resourceClaims, 'kube-scheduler').writesOther, 'ResourceClaim');
    });

    it('a projected service account token: the kubelet requests it with audience and expirationSeconds and rotates it', () => {
      const explanation = explainAt(
        pod(`  containers:
    - name: app
      image: nginx:1.27
  volumes:
    - name: token
      projected:
        sources:
          - serviceAccountToken:
              audience: @@vault
              expirationSeconds: 7200
              path: token
`),
      );
      assert.equal(explanation.matched, 'spec.volumes[*].projected.sources[*].serviceAccountToken.**');
      assert.match(explanation.docs ?? '', /#serviceaccount-token-volume-projection$/);
      assert.match(explanation.components[0].action, /TokenRequest API/);
      assert.match(explanation.components[0].action, /80% of its lifetime or 24 hours/);
    });

    it('inside a pod template, the new Pod fields apply too', () => {
      const found = lookupField('Deployment', 'apps/v1', ['spec', 'template', 'spec', 'resourceClaims', 0, 'name']);
      assert.equal(found.template?.templateOf, 'Pod');
      assert.equal(found.match?.pattern, 'spec.resourceClaims[*].**');
    });
  });

  describe('workloads', () => {
    it('StatefulSet persistentVolumeClaimRetentionPolicy: whenDeleted and whenScaled, through owner references', () => {
      const explanation = explainAt(`apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  persistentVolumeClaimRetentionPolicy:
    whenDeleted: Retain
    whenScaled: @@Delete
`);
      assert.equal(explanation.matched, 'spec.persistentVolumeClaimRetentionPolicy.whenDeleted|whenScaled');
      assert.match(explanation.docs ?? '', /statefulset\/#persistentvolumeclaim-retention$/);
      assert.match(explanation.components[0].action, /whenDeleted: Delete/);
      assert.match(explanation.components[0].action, /whenScaled: Delete/);
      assert.equal(component(explanation, 'kube-controller-manager', 'garbage-collector').writesOther, 'PersistentVolumeClaim');
    });

    it('PodDisruptionBudget is honoured by the Eviction API (the eviction subresource), not at admission', () => {
      const explanation = explainAt(`apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: @@2
`);
      const apiserver = component(explanation, 'kube-apiserver');
      assert.notEqual(apiserver.when, 'admission');
      assert.match(apiserver.action, /eviction subresource/);
      assert.match(apiserver.action, /not an admission check/);
      assert.match(explanation.docs ?? '', /api-eviction\/#how-api-initiated-eviction-works$/);
      const unhealthy = explainAt(`apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  unhealthyPodEvictionPolicy: @@AlwaysAllow
`);
      assert.notEqual(unhealthy.components[0].when, 'admission');
    });

    const job = (field: string) => `apiVersion: batch/v1
kind: Job
metadata:
  name: shards
spec:
  completions: 4
  ${field}
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: work
          image: busybox:1.36
`;

    it('Indexed Jobs: the Job controller puts the completion index into each Pod', () => {
      const indexed = explainAt(job('completionMode: @@Indexed'));
      assert.equal(indexed.matched, 'spec.completionMode');
      assert.match(indexed.docs ?? '', /job\/#completion-mode$/);
      assert.equal(indexed.components[0].controller, 'job');
      assert.equal(indexed.components[0].writesOther, 'Pod');
      assert.match(indexed.components[0].action, /JOB_COMPLETION_INDEX/);
      assert.match(indexed.components[0].action, /batch\.kubernetes\.io\/job-completion-index/);
      assert.doesNotMatch(text(explainAt(job('completionMode: @@NonIndexed'))), /JOB_COMPLETION_INDEX/);
    });

    it('Job spec.managedBy hands the Job to another controller; the built-in one skips it', () => {
      const external = explainAt(job('managedBy: @@kueue.x-k8s.io/multikueue'));
      assert.equal(external.matched, 'spec.managedBy');
      assert.match(external.docs ?? '', /#delegation-of-managing-a-job-object-to-external-controller$/);
      assert.equal(external.components[0].id, 'add-on');
      assert.match(component(external, 'kube-controller-manager', 'job').action, /skips it/);
      const builtIn = explainAt(job('managedBy: @@kubernetes.io/job-controller'));
      assert.deepEqual(
        builtIn.components.map((c) => `${c.id}/${c.controller}`),
        ['kube-controller-manager/job'],
      );
    });
  });

  describe('storage and API extensions', () => {
    it('PersistentVolumeClaim volumeAttributesClassName: provisioned with, and modified to, the class', () => {
      const explanation = explainAt(`apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  volumeAttributesClassName: @@gold
`);
      assert.equal(explanation.matched, 'spec.volumeAttributesClassName');
      assert.deepEqual(
        explanation.components.map((c) => c.id),
        ['storage-provisioner', 'add-on'],
      );
      assert.match(text(explanation), /ModifyVolume/);
    });

    it('CustomResourceDefinition spec.conversion: kube-apiserver calls the conversion webhook', () => {
      const explanation = explainAt(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.example.com
spec:
  conversion:
    strategy: @@Webhook
`);
      assert.equal(explanation.matched, 'spec.conversion.**');
      assert.match(explanation.docs ?? '', /#webhook-conversion$/);
      assert.match(explanation.components[0].action, /conversion webhook/);
    });

    it('CertificateSigningRequest: only kubelet client certificates are auto-approved', () => {
      const csr = (field: string) => `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: node-csr
${field}`;
      const spec = explainAt(csr('spec:\n  signerName: @@kubernetes.io/kubelet-serving\n'));
      assert.match(spec.docs ?? '', /#approval-rejection-control-plane$/);
      assert.match(spec.components[0].action, /auto-approves only kubelet client certificates/);
      assert.match(spec.components[0].action, /never approves kubelet serving certificates/);
      assert.doesNotMatch(text(spec), /or by kube-controller-manager for kubelet certificates/);
      const certificate = explainAt(csr('status:\n  certificate: @@LS0t\n'));
      assert.equal(certificate.components[0].effect, 'writes-field');
    });

    it('the default IngressClass is written into new Ingresses by the DefaultIngressClass admission plugin', () => {
      const explanation = explainAt(`apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations:
    ingressclass.kubernetes.io/is-default-class: @@"true"
spec:
  controller: k8s.io/ingress-nginx
`);
      assert.equal(explanation.components[0].id, 'kube-apiserver');
      assert.equal(explanation.components[0].when, 'admission');
      assert.equal(explanation.components[0].writesOther, 'Ingress');
      assert.match(explanation.components[0].action, /DefaultIngressClass/);
    });
  });

  describe('kinds the knowledge base lacked (apiResources.ts)', () => {
    it('v1 Endpoints: the endpoints controller writes it, the mirroring controller copies it to EndpointSlices', () => {
      const entry = entryFor(apiResourceEntries, 'Endpoints', ['subsets', 0, 'addresses', 0, 'ip']);
      assert.match(english(entry), /endpoints controller writes/);
      assert.match(english(entry), /deprecated since v1\.33/);
      assert.equal(entry!.actors.find((actor) => actor.writesOther)?.writesOther, 'EndpointSlice');
      assert.match(english(entry), /endpointslice-mirroring controller/);
    });

    it('Event (core and events.k8s.io): written by the reporting component, kept for --event-ttl', () => {
      for (const kind of ['Event', 'events.k8s.io/Event']) {
        const entry = entryFor(apiResourceEntries, kind, ['reason']);
        assert.match(english(entry), /reportingController/);
        assert.match(english(entry), /--event-ttl \(1 hour by default\)/);
      }
    });

    it('ValidatingAdmissionPolicy and its binding: kube-apiserver evaluates CEL at admission', () => {
      const policy = entryFor(apiResourceEntries, 'admissionregistration.k8s.io/ValidatingAdmissionPolicy', [
        'spec',
        'validations',
        0,
        'expression',
      ]);
      assert.equal(policy?.actors[0].id, 'kube-apiserver');
      assert.equal(policy?.actors[0].when, 'admission');
      assert.match(english(policy), /CEL/);
      const binding = entryFor(apiResourceEntries, 'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding', [
        'spec',
        'validationActions',
        0,
      ]);
      assert.match(english(binding), /Deny rejects the request, Warn returns a warning, Audit records it/);
      const status = entryFor(apiResourceEntries, 'admissionregistration.k8s.io/ValidatingAdmissionPolicy', ['status', 'typeChecking']);
      assert.equal(status?.actors[0].writes, true);
    });

    it('CSINode: written by the kubelet from the CSI drivers registered on the node', () => {
      const entry = entryFor(apiResourceEntries, 'storage.k8s.io/CSINode', ['spec', 'drivers', 0, 'nodeID']);
      assert.equal(entry?.actors[0].id, 'kubelet');
      assert.equal(entry?.actors[0].writes, true);
      assert.match(english(entry), /node-driver-registrar/);
      const allocatable = entryFor(apiResourceEntries, 'storage.k8s.io/CSINode', ['spec', 'drivers', 0, 'allocatable', 'count']);
      assert.ok(allocatable?.actors.some((actor) => actor.id === 'kube-scheduler'));
    });

    it('DRA: the scheduler allocates claims, drivers publish ResourceSlices, the kubelet prepares, the resourceclaim controller creates claims', () => {
      const claim = entryFor(apiResourceEntries, 'resource.k8s.io/ResourceClaim', ['spec', 'devices', 'requests', 0, 'name']);
      assert.equal(claim?.actors[0].id, 'kube-scheduler');
      assert.ok(claim?.actors.some((actor) => actor.id === 'kubelet'));
      const allocation = entryFor(apiResourceEntries, 'resource.k8s.io/ResourceClaim', ['status', 'allocation', 'devices']);
      assert.equal(allocation?.actors[0].writes, true);
      const template = entryFor(apiResourceEntries, 'resource.k8s.io/ResourceClaimTemplate', ['spec', 'spec']);
      assert.equal(template?.actors[0].writesOther, 'ResourceClaim');
      assert.match(english(template), /resourceclaim controller/);
      const slice = entryFor(apiResourceEntries, 'resource.k8s.io/ResourceSlice', ['spec', 'devices', 0, 'name']);
      assert.equal(slice?.actors[0].named, 'the DRA driver');
      assert.equal(slice?.actors[0].writes, true);
      assert.ok(entryFor(apiResourceEntries, 'resource.k8s.io/DeviceClass', ['spec', 'selectors']));
    });

    it('covers only kinds whose fields no other file has (well-known labels aside), with official pages and both languages', () => {
      // Other files may know a kind's well-known labels and annotations (wellKnown.ts), not its other fields.
      const elsewhere = new Set(
        fieldKnowledge
          .filter((entry) => !apiResourceEntries.includes(entry) && entry.paths.some((path) => !path.startsWith('metadata.')))
          .flatMap((entry) => entry.kinds),
      );
      for (const entry of apiResourceEntries) {
        for (const kind of entry.kinds) assert.ok(!elsewhere.has(kind), `${kind} is already in the knowledge base`);
        assert.match(
          entry.docs,
          /^(https:\/\/kubernetes\.io\/docs\/[a-z0-9/._-]*#[A-Za-z0-9._-]+|https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/[\w.-]+\/[\w./-]+)$/,
        );
        for (const path of entry.paths) assert.ok(compilePattern(path).length > 0, path);
        for (const actor of entry.actors) {
          assert.ok(actor.en.length > 10 && !/[\u3040-\u30ff\u4e00-\u9fff]/.test(actor.en), actor.en);
          assert.match(actor.ja, /[\u3040-\u30ff\u4e00-\u9fff]/);
          if (actor.controller) assert.ok(['kube-controller-manager', 'cloud-controller-manager'].includes(actor.id));
        }
      }
    });
  });

  it('the Japanese text of these files follows the article: static Pod in English, リソース, クラスタ', () => {
    const japanese = [...podEntries, ...workloadEntries, ...storageEntries, ...extensionEntries, ...apiResourceEntries].flatMap((entry) =>
      entry.actors.map((actor) => actor.ja),
    );
    for (const ja of japanese) {
      assert.doesNotMatch(ja, /静的 Pod|ミラー Pod|資源|クラスター/, ja);
    }
  });
});
