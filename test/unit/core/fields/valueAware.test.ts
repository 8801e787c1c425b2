import * as assert from 'node:assert/strict';
import { explainField, type FieldExplanation } from '../../../../src/core/fields/explain';
import { explainAt } from '../../../support/explainAt';
import { explanationJson, explanationText } from '../../../../src/core/fields/explainRender';
import { lookupField } from '../../../../src/core/fields/lookup';
import { fieldKnowledge } from '../../../../src/core/fields/knowledge';

const primary = (explanation: FieldExplanation) => {
  const first = explanation.components[0];
  return first.controller ? `${first.id}/${first.controller}` : first.id;
};
const ids = (explanation: FieldExplanation) => explanation.components.map((component) => component.id);

const service = (type: string, extra = '') => `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: @@${type}
  selector:
    app: web
  ports:
    - port: 80
${extra}`;

describe('knowledge that depends on the value and the object', () => {
  describe('Service spec.type', () => {
    it("LoadBalancer: the cloud provider's service controller makes the load balancer; kube-proxy only the node side", () => {
      const explanation = explainAt(service('LoadBalancer'));
      assert.equal(primary(explanation), 'cloud-controller-manager/service');
      assert.match(explanation.components.find((component) => component.id === 'kube-proxy')!.action, /^Only the node side/);
      assert.match(explanation.components[0].action, /MetalLB/);
    });

    it('LoadBalancer with a loadBalancerClass: the implementation of that class, and the default one ignores it', () => {
      const explanation = explainAt(service('LoadBalancer', '  loadBalancerClass: example.com/internal-vip\n'));
      assert.equal(explanation.components[0].id, 'add-on');
      assert.ok(!ids(explanation).includes('cloud-controller-manager'));
      assert.match(explanation.components[0].action, /ignores this Service/);
    });

    it('NodePort: kube-proxy opens the ports, kube-apiserver allocates them; ExternalName: the cluster DNS alone', () => {
      assert.deepEqual(ids(explainAt(service('NodePort'))), ['kube-proxy', 'kube-apiserver']);
      assert.deepEqual(ids(explainAt(service('ExternalName'))), ['coredns']);
      assert.deepEqual(ids(explainAt(service('ClusterIP'))), ['kube-proxy', 'kube-apiserver']);
    });

    it('without the value at hand, the general entry answers and names every case', () => {
      const general = lookupField('Service', 'v1', ['spec', 'type']);
      assert.equal(general.match?.entry.onlyIf, undefined);
      assert.deepEqual(
        general.match?.entry.actors.map((actor) => actor.id),
        ['kube-proxy', 'cloud-controller-manager', 'coredns'],
      );
    });

    it('an unexpected value falls back to the general entry, not to one for another value', () => {
      const explanation = explainAt(service('Weird'));
      assert.deepEqual(ids(explanation), ['kube-proxy', 'cloud-controller-manager', 'coredns']);
    });
  });

  it("allocateLoadBalancerNodePorts is kube-apiserver's node port allocation", () => {
    const explanation = explainAt(service('LoadBalancer', '  allocateLoadBalancerNodePorts: @@false\n').replace('type: @@', 'type: '));
    assert.equal(explanation.path, 'spec.allocateLoadBalancerNodePorts');
    assert.deepEqual(ids(explanation), ['kube-apiserver']);
  });

  it('trafficDistribution is about EndpointSlice hints (PreferSameZone, PreferSameNode), not the traffic policies', () => {
    const explanation = explainAt(service('ClusterIP', '  trafficDistribution: @@PreferSameZone\n').replace('type: @@', 'type: '));
    assert.equal(explanation.path, 'spec.trafficDistribution');
    assert.equal(primary(explanation), 'kube-controller-manager/endpointslice');
    assert.equal(explanation.components[0].effect, 'writes-other');
    assert.equal(explanation.components[0].writesOther, 'EndpointSlice');
    const text = explanation.components.map((component) => component.action).join(' ');
    assert.match(text, /PreferSameZone/);
    assert.match(text, /PreferSameNode/);
    assert.doesNotMatch(text, /^Local:/);
  });

  describe('Lease: who holds it depends on its namespace and name', () => {
    const lease = (namespace: string, name: string) => `apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
  holderIdentity: @@x
  renewTime: "2026-12-03T00:00:00.000000Z"
`;

    it("kube-system/kube-scheduler is kube-scheduler's leader-election lock, not a kubelet heartbeat", () => {
      const explanation = explainAt(lease('kube-system', 'kube-scheduler'));
      assert.deepEqual(ids(explanation), ['kube-scheduler']);
      assert.equal(explanation.components[0].effect, 'writes-field');
      assert.match(explanation.components[0].action, /leader-election lock/);
      assert.match(explanation.docs ?? '', /#leader-election$/);
    });

    it('kube-system/kube-controller-manager, cloud-controller-manager and apiserver-… Leases', () => {
      assert.deepEqual(ids(explainAt(lease('kube-system', 'kube-controller-manager'))), ['kube-controller-manager']);
      assert.deepEqual(ids(explainAt(lease('kube-system', 'cloud-controller-manager'))), ['cloud-controller-manager']);
      assert.deepEqual(ids(explainAt(lease('kube-system', 'apiserver-3kq7x2fyl6yhkmq4rpuepaoxly'))), ['kube-apiserver']);
    });

    it("a Lease in kube-node-lease is the kubelet's heartbeat; the node lifecycle controller writes the Node", () => {
      const explanation = explainAt(lease('kube-node-lease', 'worker-1'));
      assert.deepEqual(
        explanation.components.map((component) => `${component.id}:${component.effect}`),
        ['kubelet:writes-field', 'kube-controller-manager:writes-other'],
      );
      assert.equal(explanation.components[1].writesOther, 'Node');
    });

    it("an operator's Lease elsewhere is held by whoever holderIdentity names", () => {
      const explanation = explainAt(lease('cert-manager', 'cert-manager-controller'));
      assert.ok(!ids(explanation).includes('kube-scheduler'));
      assert.match(explanation.markdown, /the holder in spec\.holderIdentity/);
    });
  });

  describe('finalizers: the controller that owns the key', () => {
    const withFinalizer = (kind: string, key: string) => `apiVersion: v1
kind: ${kind}
metadata:
  name: data
  finalizers:
    - @@${key}
`;

    it('kubernetes.io/pv-protection and pvc-protection: their protection controllers remove them', () => {
      assert.equal(
        primary(explainAt(withFinalizer('PersistentVolume', 'kubernetes.io/pv-protection'))),
        'kube-controller-manager/persistentvolume-protection',
      );
      assert.equal(
        primary(explainAt(withFinalizer('PersistentVolumeClaim', 'kubernetes.io/pvc-protection'))),
        'kube-controller-manager/persistentvolumeclaim-protection',
      );
      assert.equal(primary(explainAt(withFinalizer('Pod', 'batch.kubernetes.io/job-tracking'))), 'kube-controller-manager/job');
      assert.equal(
        primary(explainAt(withFinalizer('Service', 'service.kubernetes.io/load-balancer-cleanup'))),
        'cloud-controller-manager/service',
      );
    });

    it('a key nobody here knows: the controller that added it, not kube-controller-manager', () => {
      const explanation = explainAt(withFinalizer('ConfigMap', 'example.com/cleanup'));
      assert.equal(explanation.components[0].id, 'add-on');
      assert.equal(explanation.components[0].name, 'the controller that added this key');
      assert.ok(!ids(explanation).includes('kube-controller-manager'));
    });
  });
});

describe('who writes what', () => {
  it('Service spec.selector: the EndpointSlice controller reads it and writes EndpointSlices, not the selector', () => {
    const explanation = explainField({ kind: 'Service', apiVersion: 'v1', path: ['spec', 'selector'] });
    assert.equal(explanation.components[0].effect, 'writes-other');
    assert.equal(explanation.components[0].writesOther, 'EndpointSlice');
    assert.match(explanation.markdown, /· continuously, reads it, writes EndpointSlice — /);
    assert.match(
      explainField({ kind: 'Service', apiVersion: 'v1', path: ['spec', 'selector'] }, { language: 'ja' }).markdown,
      /読んで EndpointSlice を書き込む/,
    );
  });

  it('a field written in place says so; one only read says that', () => {
    const nodeName = explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'nodeName'] });
    assert.deepEqual(
      nodeName.components.map((component) => component.effect),
      ['writes-field', 'reads'],
    );
    assert.match(nodeName.markdown, /\*\*kubelet\*\* · at run time, reads it — /);
  });
});

describe('renderers', () => {
  it("plain text keeps the pattern's wildcards and has no markup; JSON has the structure and no markup", () => {
    // No entry covers this made-up key under resources, so the nearest ancestor (a pattern with [*]) answers.
    const explanation = explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'containers', 0, 'resources', 'madeUp'] });
    assert.ok(explanation.fromAncestor);
    assert.match(explanation.matched ?? '', /\[\*\]/);
    const text = explanationText(explanation);
    assert.ok(text.includes(explanation.matched!), text);
    assert.doesNotMatch(text, /\$\(|\*\*|\\/);
    const json = JSON.stringify(explanationJson(explanation));
    assert.doesNotMatch(json, /\$\(|\*\*/);
    assert.equal((explanationJson(explanation) as { fromAncestor: boolean }).fromAncestor, true);
  });

  it("an ancestor's entry is marked as possibly not holding for the field", () => {
    const explanation = explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'containers', 0, 'resources', 'madeUp'] });
    assert.match(explanation.markdown, /may not hold for this one/);
  });

  it('a hostile API group of a custom resource is text in the Markdown, never markup', () => {
    const explanation = explainField({ kind: 'Widget', apiVersion: 'evil.io/[x](https://evil.example)/v1', path: ['spec', 'size'] });
    assert.equal(explanation.noEntry, 'custom');
    assert.ok(!explanation.markdown.includes('[x](https://evil.example)'), explanation.markdown);
  });
});

describe("the second review's findings", () => {
  it("a ValidatingAdmissionPolicy's status is written by kube-controller-manager's status controller, not kube-apiserver", () => {
    const explanation = explainField({
      kind: 'ValidatingAdmissionPolicy',
      apiVersion: 'admissionregistration.k8s.io/v1',
      path: ['status', 'typeChecking'],
    });
    assert.equal(primary(explanation), 'kube-controller-manager/validatingadmissionpolicy-status');
  });

  it("hostNetwork: false says the Pod gets its own network; true says it shares the node's", () => {
    const pod = (value: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  hostNetwork: @@${value}\n`;
    const own = explainAt(pod('false'));
    assert.match(own.components[0].action, /false or unset: the Pod gets its own network namespace/);
    assert.ok(!own.components.some((component) => /reports the node's IP as the Pod IP/.test(component.action)));
    const shared = explainAt(pod('true'));
    assert.ok(shared.components.some((component) => /reports the node's IP as the Pod IP/.test(component.action)));
  });

  it("the PodNodeSelector annotation is read to write the Pods' nodeSelector, not written", () => {
    const explanation = explainField({
      kind: 'Namespace',
      apiVersion: 'v1',
      path: ['metadata', 'annotations', 'scheduler.alpha.kubernetes.io/node-selector'],
    });
    assert.equal(explanation.components[0].effect, 'writes-other');
    assert.equal(explanation.components[0].writesOther, 'Pod');
  });

  it("a Job's podReplacementPolicy and successPolicy are not failure limits", () => {
    const replacement = explainField({ kind: 'Job', apiVersion: 'batch/v1', path: ['spec', 'podReplacementPolicy'] });
    assert.match(replacement.components[0].action, /TerminatingOrFailed/);
    assert.doesNotMatch(replacement.components[0].action, /counts failed Pods/);
    const success = explainField({ kind: 'Job', apiVersion: 'batch/v1', path: ['spec', 'successPolicy'] });
    assert.match(success.components[0].action, /succeeded indexes/);
  });

  it('several default IngressClasses: the newest is chosen since v1.25', () => {
    const explanation = explainField({ kind: 'Ingress', apiVersion: 'networking.k8s.io/v1', path: ['spec', 'ingressClassName'] });
    const admission = explanation.components.find((component) => component.id === 'kube-apiserver');
    assert.match(admission?.action ?? '', /the newest since v1\.25/);
  });

  it('the out-of-service taint is removed once the node recovers, and named controllers act on it', () => {
    const taint = `apiVersion: v1\nkind: Node\nmetadata:\n  name: n\nspec:\n  taints:\n    - key: @@node.kubernetes.io/out-of-service\n      effect: NoExecute\n`;
    const explanation = explainAt(taint);
    assert.deepEqual(
      explanation.components.map((component) => component.controller),
      ['pod-garbage-collector', 'attach-detach'],
    );
    assert.match(explanation.components[0].action, /Remove the taint once the node has recovered/);
  });
});

describe("the third review's findings", () => {
  const action = (kind: string, apiVersion: string, path: (string | number)[], actor: string) =>
    explainField({ kind, apiVersion, path }).components.find((component) => component.id === actor)?.action ?? '';

  it('probes and lifecycle hooks: not on ephemeral containers (kube-apiserver rejects them), sidecar init containers only', () => {
    const ephemeral = explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'ephemeralContainers', 0, 'readinessProbe'] });
    assert.deepEqual(ids(ephemeral), ['kube-apiserver']);
    assert.match(ephemeral.components[0].action, /^Not allowed/);
    assert.match(
      action('Pod', 'v1', ['spec', 'initContainers', 0, 'readinessProbe'], 'kubelet'),
      /only when they are sidecars with restartPolicy: Always/,
    );
  });

  it("a StorageClass's reclaimPolicy cannot be changed; the scheduler keeps Pods off NoExecute taints too", () => {
    assert.match(
      action('StorageClass', 'storage.k8s.io/v1', ['reclaimPolicy'], 'storage-provisioner'),
      /cannot be changed once the class exists/,
    );
    assert.match(action('Node', 'v1', ['spec', 'taints'], 'kube-scheduler'), /NoSchedule and NoExecute/);
  });

  it("allocateLoadBalancerNodePorts: false keeps the ports already allocated; a hostNetwork Pod's IP is the node's", () => {
    assert.match(
      action('Service', 'v1', ['spec', 'allocateLoadBalancerNodePorts'], 'kube-apiserver'),
      /ports it already has stay until you remove each nodePort/,
    );
    assert.match(action('Pod', 'v1', ['status', 'podIP'], 'cni'), /a hostNetwork Pod has the node's IP instead/);
  });

  it('NamespaceLifecycle blocks creation in a terminating namespace; several default IngressClasses: the newest since v1.25', () => {
    assert.match(action('ConfigMap', 'v1', ['metadata', 'namespace'], 'kube-apiserver'), /the creation of objects in one being deleted/);
    const annotation = explainField({
      kind: 'IngressClass',
      apiVersion: 'networking.k8s.io/v1',
      path: ['metadata', 'annotations', 'ingressclass.kubernetes.io/is-default-class'],
    });
    assert.match(
      annotation.components.find((component) => component.id === 'kube-apiserver')?.action ?? '',
      /picks the newest since v1\.25/,
    );
  });
});

describe("the fourth review's findings", () => {
  const action = (kind: string, apiVersion: string, path: (string | number)[], actor = 'kubelet') =>
    explainField({ kind, apiVersion, path }).components.find((component) => component.id === actor)?.action ?? '';

  it('rbd and cephfs volumes: the in-tree drivers are gone since v1.31', () => {
    assert.match(action('Pod', 'v1', ['spec', 'volumes', 0, 'rbd']), /^Nothing mounts these any more/);
    assert.match(action('Pod', 'v1', ['spec', 'volumes', 0, 'nfs']), /^Mounts the volume on the node/);
  });

  it("a hostPath's content stays on the node; only an emptyDir's data goes with the Pod", () => {
    assert.match(
      action('Pod', 'v1', ['spec', 'volumes', 0, 'hostPath']),
      /an emptyDir's data is deleted then, a hostPath's stays on the node/,
    );
  });

  it('restartPolicy, serviceAccountName, immutable, no-provisioner and the per-index backoff say what they do', () => {
    assert.match(action('Pod', 'v1', ['spec', 'restartPolicy']), /OnFailure, only when it exits with a non-zero status/);
    assert.match(
      action('Pod', 'v1', ['spec', 'serviceAccountName'], 'kube-apiserver'),
      /rejects the Pod if no ServiceAccount has this name/,
    );
    assert.match(action('ConfigMap', 'v1', ['immutable'], 'kube-apiserver'), /true cannot be set back to false/);
    assert.match(
      action('StorageClass', 'storage.k8s.io/v1', ['provisioner'], 'storage-provisioner'),
      /kubernetes\.io\/no-provisioner names none/,
    );
    assert.match(action('Job', 'batch/v1', ['spec', 'backoffLimitPerIndex'], 'kube-controller-manager'), /only that index fails/);
  });

  it('liveness probes and lifecycle hooks are for app containers and sidecars only; Pod conditions have more writers', () => {
    assert.match(action('Pod', 'v1', ['spec', 'initContainers', 0, 'livenessProbe']), /Only for app containers and sidecars/);
    assert.match(action('Pod', 'v1', ['spec', 'containers', 0, 'lifecycle']), /Only for app containers and sidecars/);
    assert.match(action('Pod', 'v1', ['status', 'conditions'], 'add-on'), /DisruptionTarget/);
  });
});

describe("the fifth review's findings", () => {
  it('the Deployment and DaemonSet controllers write other objects; kube-proxy follows hints, not the zone', () => {
    const replicas = explainField({ kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'replicas'] }).components.find(
      (component) => component.controller === 'deployment',
    );
    assert.equal(replicas?.writesOther, 'ReplicaSet');
    const strategy = explainField({ kind: 'DaemonSet', apiVersion: 'apps/v1', path: ['spec', 'updateStrategy'] }).components[0];
    assert.equal(strategy?.writesOther, 'Pod');
    const zone = explainField({ kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1', path: ['endpoints', 0, 'zone'] }).components.find(
      (component) => component.id === 'kube-proxy',
    );
    assert.match(zone?.action ?? '', /follows the hints/);
    assert.match(
      explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'activeDeadlineSeconds'] }).docs ?? '',
      /pod-v1\/#lifecycle$/,
    );
  });
});

describe("the sixth review's findings", () => {
  const pvc = (storageClassName: string) => `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  @@storageClassName: ${storageClassName}
`;

  it('a claim\'s storageClassName "" asks for a volume without a class and provisions nothing; a class binds an existing volume first', () => {
    const none = explainAt(pvc('""'));
    assert.equal(primary(none), 'kube-controller-manager/persistentvolume-binder');
    assert.ok(!ids(none).includes('storage-provisioner'));
    assert.match(none.components[0].action, /only to an existing PersistentVolume that has no class/);
    const named = explainAt(pvc('fast'));
    assert.match(
      named.components.find((component) => component.id === 'storage-provisioner')!.action,
      /^When no existing PersistentVolume of this class matches/,
    );
    assert.match(
      named.components.find((component) => component.controller === 'persistentvolume-binder')!.action,
      /existing PersistentVolume of this class/,
    );
  });

  it('topology spread: ScheduleAnyway only prefers, DoNotSchedule filters; maxSkew is no guarantee', () => {
    const action = explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'topologySpreadConstraints', 0, 'whenUnsatisfiable'] })
      .components[0].action;
    assert.match(action, /DoNotSchedule \(the default\) it filters out/);
    assert.match(action, /ScheduleAnyway it only prefers/);
    assert.doesNotMatch(action, /within maxSkew/);
  });

  it("the HPA controller writes the target's replicas, not its own min/max", () => {
    const hpa = explainField({ kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2', path: ['spec', 'maxReplicas'] })
      .components[0];
    assert.equal(hpa.effect, 'writes-other');
    assert.equal(hpa.writesOther, "the target's spec.replicas");
  });

  it("a CSIDriver's storageCapacity is read by kube-scheduler, not the kubelet", () => {
    const explanation = explainField({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', path: ['spec', 'storageCapacity'] });
    assert.equal(primary(explanation), 'kube-scheduler');
    assert.ok(!ids(explanation).includes('kubelet'));
    assert.match(explanation.docs ?? '', /storage-capacity\/#scheduling$/);
    assert.equal(
      primary(explainField({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', path: ['spec', 'attachRequired'] })),
      'kubelet',
    );
  });
});

describe('the full sweep of workloads, networking, storage, cluster, metadata and extensions', () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[], where: { namespace?: string; name?: string } = {}) =>
    explainField({ kind, apiVersion, path, ...where });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

  it("a Deployment's spec: the Deployment controller writes ReplicaSets", () => {
    assert.equal(explain('Deployment', 'apps/v1', ['spec']).components[0].writesOther, 'ReplicaSet');
  });

  it("a Deployment's template: the rollout writes ReplicaSets, waits while paused and follows the strategy", () => {
    const template = explain('Deployment', 'apps/v1', ['spec', 'template']).components[0];
    assert.equal(template.writesOther, 'ReplicaSet');
    assert.match(template.action, /unless the Deployment is paused/);
    assert.match(template.action, /Recreate: the old Pods are all gone before new ones start/);
  });

  it("a Deployment's strategy is carried out by setting the ReplicaSets' replicas", () => {
    const strategy = explain('Deployment', 'apps/v1', ['spec', 'strategy', 'type']).components[0];
    assert.equal(strategy.writesOther, 'ReplicaSet');
    assert.match(strategy.action, /Recreate scales the old ReplicaSets to 0/);
  });

  it('the ReplicaSet controller writes Pods', () => {
    const replicas = find(explain('ReplicaSet', 'apps/v1', ['spec', 'replicas']), 'kube-controller-manager', 'replicaset');
    assert.equal(replicas?.writesOther, 'Pod');
  });

  it("a ReplicaSet's minReadySeconds counts available Pods, it is not the Pod template", () => {
    const explanation = explain('ReplicaSet', 'apps/v1', ['spec', 'minReadySeconds']);
    assert.match(explanation.components[0].action, /counts a Pod as available \(status\.availableReplicas\) only once it has been ready/);
    assert.doesNotMatch(explanation.components[0].action, /from this template/);
    assert.equal(find(explanation, 'kube-controller-manager', 'deployment')?.effect, 'writes-field');
  });

  it('the DaemonSet controller writes Pods from its spec', () => {
    assert.equal(find(explain('DaemonSet', 'apps/v1', ['spec', 'template']), 'kube-controller-manager', 'daemonset')?.writesOther, 'Pod');
  });

  it('the StatefulSet controller writes Pods from its spec', () => {
    assert.equal(explain('StatefulSet', 'apps/v1', ['spec', 'replicas']).components[0].writesOther, 'Pod');
  });

  it("a StatefulSet's serviceName: you create the headless Service; without it the Pod names do not resolve", () => {
    const explanation = explain('StatefulSet', 'apps/v1', ['spec', 'serviceName']);
    assert.equal(explanation.components[0].writesOther, 'Pod');
    assert.match(explanation.components[0].action, /The StatefulSet does not create the Service/);
    assert.match(find(explanation, 'coredns')?.action ?? '', /Without it the names do not resolve/);
  });

  it("a StatefulSet's rolling update partition includes the Pod whose ordinal equals it", () => {
    const action = explain('StatefulSet', 'apps/v1', ['spec', 'updateStrategy', 'rollingUpdate', 'partition']).components[0].action;
    assert.match(action, /ordinal greater than or equal to partition/);
    assert.doesNotMatch(action, /above partition/);
  });

  it('the Job controller writes Pods from its spec', () => {
    assert.equal(explain('Job', 'batch/v1', ['spec', 'parallelism']).components[0].writesOther, 'Pod');
  });

  it('the CronJob controller writes Jobs from its spec', () => {
    assert.equal(explain('CronJob', 'batch/v1', ['spec', 'schedule']).components[0].writesOther, 'Job');
  });

  it("a Service's spec: EndpointSlices list the not-ready Pods too, marked so", () => {
    const slices = find(explain('Service', 'v1', ['spec']), 'kube-controller-manager', 'endpointslice');
    assert.equal(slices?.writesOther, 'EndpointSlice');
    assert.match(slices?.action ?? '', /each marked ready or not/);
    assert.doesNotMatch(slices?.action ?? '', /lists the Service's ready Pods/);
  });

  it("a Service's environment variables reach only Pods of its own namespace", () => {
    assert.match(find(explain('Service', 'v1', ['metadata', 'name']), 'kubelet')?.action ?? '', /Pods in other namespaces do not get them/);
  });

  it("a claim's resize status is written by the external-resizer and the kubelet, not the PersistentVolume controller", () => {
    const conditions = explain('PersistentVolumeClaim', 'v1', ['status', 'conditions', 0, 'type']);
    assert.equal(conditions.components[0].name, "the CSI driver's external-resizer");
    assert.ok(!conditions.components.some((component) => component.controller === 'persistentvolume-binder'));
    assert.ok(ids(explain('PersistentVolumeClaim', 'v1', ['status', 'allocatedResourceStatuses', 'storage'])).includes('kubelet'));
    assert.equal(primary(explain('PersistentVolumeClaim', 'v1', ['status', 'phase'])), 'kube-controller-manager/persistentvolume-binder');
  });

  it("a Node's podCIDR is only allocated with --allocate-node-cidrs; kubeadm sets it only with a Pod subnet", () => {
    const action = explain('Node', 'v1', ['spec', 'podCIDR']).components[0].action;
    assert.match(action, /kubeadm sets it only when given a Pod subnet/);
    assert.doesNotMatch(action, /kubeadm and kind do/);
  });

  it('a terminating namespace still accepts updates and deletes; only creation is refused', () => {
    const action = find(explain('Namespace', 'v1', ['metadata', 'name']), 'kube-apiserver')?.action ?? '';
    assert.match(action, /the creation of new objects in one that is terminating \(updates and deletes there still go through\)/);
  });

  it('a ConfigMap mounted with subPath is not refreshed', () => {
    assert.match(explain('ConfigMap', 'v1', ['data', 'app.conf']).components[0].action, /but not a file mounted with subPath/);
  });

  it('a kube-apiserver identity Lease outlives its server by up to an hour', () => {
    const action = explain('Lease', 'coordination.k8s.io/v1', ['spec', 'holderIdentity'], {
      namespace: 'kube-system',
      name: 'apiserver-07a5ea9b9b072c4a5f3d1c3702',
    }).components[0].action;
    assert.match(action, /a server that has stopped stays listed for up to an hour/);
    assert.doesNotMatch(action, /the Leases list the servers that are running/);
  });

  it("a uid in an update must match the object's: it is not simply ignored", () => {
    const action = explain('ConfigMap', 'v1', ['metadata', 'uid']).components[0].action;
    assert.match(action, /a uid given on an update must be the object's own: one that differs is rejected/);
    assert.doesNotMatch(action, /a value in a manifest is ignored/);
  });

  it("a VolumeAttachment's status is written by the CSI external-attacher, not the attach/detach controller", () => {
    const status = explain('VolumeAttachment', 'storage.k8s.io/v1', ['status', 'attached']);
    assert.equal(status.components[0].name, "the CSI driver's external-attacher");
    assert.equal(status.components[0].effect, 'writes-field');
    assert.equal(find(status, 'kube-controller-manager', 'attach-detach')?.effect, 'writes-other');
    assert.equal(primary(explain('VolumeAttachment', 'storage.k8s.io/v1', ['spec', 'nodeName'])), 'kube-controller-manager/attach-detach');
  });

  it('the replication controller writes Pods from its spec and writes its own status', () => {
    assert.equal(explain('ReplicationController', 'v1', ['spec', 'replicas']).components[0].writesOther, 'Pod');
    assert.equal(explain('ReplicationController', 'v1', ['status', 'replicas']).components[0].effect, 'writes-field');
  });

  it('the DRA kinds cite the page that now holds how allocation works', () => {
    for (const kind of ['ResourceClaim', 'ResourceClaimTemplate', 'DeviceClass', 'ResourceSlice']) {
      assert.equal(
        explain(kind, 'resource.k8s.io/v1', ['spec']).docs,
        'https://kubernetes.io/docs/concepts/resource-management/dynamic-resource-allocation/how-dra-works/#how-it-works',
      );
    }
  });
});

describe("the seventh review's findings", () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[]) => explainField({ kind, apiVersion, path });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

  it('a Namespace\'s spec.finalizers: kube-apiserver adds "kubernetes", the namespace controller removes it through /finalize, and a finalizer nothing removes leaves it Terminating', () => {
    const explanation = explain('Namespace', 'v1', ['spec', 'finalizers', 0]);
    const controller = find(explanation, 'kube-controller-manager', 'namespace');
    assert.equal(controller?.effect, 'writes-field');
    assert.match(controller?.action ?? '', /through the Namespace's finalize subresource/);
    assert.match(controller?.action ?? '', /leaves the namespace stuck in Terminating/);
    const apiserver = find(explanation, 'kube-apiserver');
    assert.equal(apiserver?.effect, 'writes-field');
    assert.match(apiserver?.action ?? '', /On create, kube-apiserver adds "kubernetes"/);
    assert.match(apiserver?.action ?? '', /An ordinary update cannot change the list/);
    assert.equal(explanation.docs, 'https://kubernetes.io/docs/tasks/administer-cluster/namespaces/#creating-a-new-namespace');
  });

  it("a PersistentVolume's CSI source: the attach/detach controller only writes VolumeAttachments; the external-attacher attaches", () => {
    const explanation = explain('PersistentVolume', 'v1', ['spec', 'csi', 'driver']);
    const attachDetach = find(explanation, 'kube-controller-manager', 'attach-detach');
    assert.equal(attachDetach?.effect, 'writes-other');
    assert.equal(attachDetach?.writesOther, 'VolumeAttachment');
    assert.match(attachDetach?.action ?? '', /it does not attach the volume itself/);
    assert.doesNotMatch(attachDetach?.action ?? '', /^Attaches and detaches/);
    assert.ok(explanation.components.some((component) => component.name === "the CSI driver's external-attacher"));
  });

  it("a ResourceClaim's status: the resourceclaim controller also writes reservedFor and deallocates an unused claim", () => {
    for (const path of [
      ['status', 'reservedFor', 0, 'name'],
      ['status', 'allocation', 'devices'],
    ]) {
      const explanation = explain('ResourceClaim', 'resource.k8s.io/v1', path);
      assert.equal(primary(explanation), 'kube-scheduler');
      const controller = find(explanation, 'kube-controller-manager');
      assert.equal(controller?.effect, 'writes-field');
      assert.match(controller?.action ?? '', /drops Pods that are gone or will not run any more/);
      assert.match(controller?.action ?? '', /without the scheduler \(spec\.nodeName set\)/);
      assert.match(controller?.action ?? '', /it deallocates it \(clears allocation\)/);
    }
  });

  it('a DaemonSet: its controller deletes Pods from nodes that no longer match; the Pod garbage collector those of removed nodes', () => {
    const explanation = explain('DaemonSet', 'apps/v1', ['spec', 'template']);
    const daemonSet = find(explanation, 'kube-controller-manager', 'daemonset');
    assert.match(daemonSet?.action ?? '', /deletes its Pods from nodes that no longer match/);
    assert.doesNotMatch(daemonSet?.action ?? '', /nodes that leave/);
    assert.equal(find(explanation, 'kube-controller-manager', 'pod-garbage-collector')?.writesOther, 'Pod');
  });

  it("a StatefulSet's podManagementPolicy: Parallel only affects scaling, and the controller writes Pods", () => {
    const controller = explain('StatefulSet', 'apps/v1', ['spec', 'podManagementPolicy']).components[0];
    assert.match(controller.action, /Parallel all at once, but only when scaling: updates are not affected/);
    assert.equal(controller.effect, 'writes-other');
    assert.equal(controller.writesOther, 'Pod');
  });

  it('an APIService without spec.service is served by kube-apiserver itself', () => {
    assert.match(
      explain('APIService', 'apiregistration.k8s.io/v1', ['spec', 'group']).components[0].action,
      /Without spec\.service, kube-apiserver serves the group and version itself \(a local APIService/,
    );
  });

  it('service.kubernetes.io/load-balancer-cleanup cites the page that documents it, not a missing anchor', () => {
    const explanation = explainAt(`apiVersion: v1
kind: Service
metadata:
  name: web
  finalizers:
    - @@service.kubernetes.io/load-balancer-cleanup
`);
    assert.equal(primary(explanation), 'cloud-controller-manager/service');
    assert.equal(
      explanation.docs,
      'https://kubernetes.io/docs/tasks/access-application-cluster/create-external-load-balancer/#garbage-collecting-load-balancers',
    );
  });

  it('the HPA entries cite the page under concepts/workloads/autoscaling, not the old tasks URL', () => {
    assert.equal(
      explain('HorizontalPodAutoscaler', 'autoscaling/v2', ['spec', 'maxReplicas']).docs,
      'https://kubernetes.io/docs/concepts/workloads/autoscaling/horizontal-pod-autoscale/#how-does-a-horizontalpodautoscaler-work',
    );
    assert.ok(!fieldKnowledge.some((entry) => entry.docs.includes('/tasks/run-application/horizontal-pod-autoscale/')));
  });
});

describe("the eighth review's findings", () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[]) => explainField({ kind, apiVersion, path });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));
  const tolerating = (key: string) =>
    explainAt(`apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  tolerations:
    - key: @@${key}
      operator: Exists
      effect: NoSchedule
  containers:
    - name: web
      image: nginx
`);

  it("a container port's name is looked up by the kubelet for probes that name it; an unlisted port is still reachable", () => {
    const explanation = explain('Pod', 'v1', ['spec', 'containers', 0, 'ports', 0, 'name']);
    const kubelet = find(explanation, 'kubelet');
    assert.equal(kubelet?.effect, 'reads');
    assert.match(kubelet?.action ?? '', /when an HTTP or TCP probe \(httpGet, tcpSocket\) or an httpGet lifecycle hook names it/);
    assert.match(kubelet?.action ?? '', /gRPC probes take a number only/);
    const endpointslice = find(explanation, 'kube-controller-manager', 'endpointslice');
    assert.match(endpointslice?.action ?? '', /an unlisted port is still reachable/);
    assert.doesNotMatch(endpointslice?.action ?? '', /the list is informational/);
  });

  it("a claim's spec and access modes: kube-scheduler waits for the first consumer and keeps a second Pod off a ReadWriteOncePod claim", () => {
    const spec = explain('PersistentVolumeClaim', 'v1', ['spec', 'volumeMode']);
    const scheduler = find(spec, 'kube-scheduler');
    assert.match(
      scheduler?.action ?? '',
      /the claim stays Pending, even when a matching PersistentVolume exists, until the scheduler places that Pod/,
    );
    assert.equal(scheduler?.effect, 'writes-other');
    assert.equal(spec.docs, 'https://kubernetes.io/docs/concepts/storage/storage-classes/#volume-binding-mode');
    const accessModes = explain('PersistentVolumeClaim', 'v1', ['spec', 'accessModes', 0]);
    assert.equal(primary(accessModes), 'kube-controller-manager/persistentvolume-binder');
    assert.match(
      find(accessModes, 'kube-scheduler')?.action ?? '',
      /ReadWriteOncePod: while one Pod uses the claim, the VolumeRestrictions plugin keeps any other Pod that uses it off every node \(ErrReasonReadWriteOncePodConflict/,
    );
    assert.equal(accessModes.docs, 'https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes');
  });

  it('a disk-pressure toleration does not get a Pod past the kubelet, which rejects every non-critical Pod under disk pressure', () => {
    const explanation = tolerating('node.kubernetes.io/disk-pressure');
    assert.doesNotMatch(find(explanation, 'kube-scheduler')?.action ?? '', /^Lets the Pod onto nodes under disk pressure/);
    assert.match(
      find(explanation, 'kubelet')?.action ?? '',
      /rejects every Pod that is not critical .*, whatever its tolerations, and the Pod fails with reason Evicted/,
    );
    // Under PID pressure the kubelet rejects the same Pods.
    const pid = tolerating('node.kubernetes.io/pid-pressure');
    assert.doesNotMatch(find(pid, 'kube-scheduler')?.action ?? '', /^Lets the Pod onto nodes short of process IDs/);
    assert.match(find(pid, 'kubelet')?.action ?? '', /short of process IDs, its eviction manager rejects every Pod that is not critical/);
  });

  it('a LoadBalancer Service with a loadBalancerClass still gets its cluster IP and nodePorts from kube-apiserver', () => {
    const explanation = explainAt(service('LoadBalancer', '  loadBalancerClass: example.com/internal-vip\n'));
    assert.match(
      find(explanation, 'kube-apiserver')?.action ?? '',
      /unless allocateLoadBalancerNodePorts is false, a nodePort for each port/,
    );
  });

  it("an EndpointSlice's conditions: kube-proxy falls back to serving, terminating endpoints when none is ready", () => {
    const action =
      find(explain('EndpointSlice', 'discovery.k8s.io/v1', ['endpoints', 0, 'conditions', 'terminating']), 'kube-proxy')?.action ?? '';
    assert.match(action, /falls back to the endpoints that are serving and terminating/);
  });

  it("a claim's storage request: the external-resizer (or the in-tree expand controller) expands the volume and writes the PersistentVolume's capacity", () => {
    const explanation = explain('PersistentVolumeClaim', 'v1', ['spec', 'resources', 'requests', 'storage']);
    const resizer = explanation.components.find((component) => component.name === "the CSI driver's external-resizer");
    assert.equal(resizer?.writesOther, 'PersistentVolume');
    assert.match(resizer?.action ?? '', /writes the new size to the PersistentVolume's spec\.capacity/);
    assert.equal(find(explanation, 'kube-controller-manager', 'persistentvolume-expander')?.writesOther, 'PersistentVolume');
  });

  it("a PersistentVolume's status: kube-apiserver sets phase Pending and lastPhaseTransitionTime on create", () => {
    const apiserver = find(explain('PersistentVolume', 'v1', ['status', 'lastPhaseTransitionTime']), 'kube-apiserver');
    assert.equal(apiserver?.effect, 'writes-field');
    assert.match(apiserver?.action ?? '', /sets phase Pending and lastPhaseTransitionTime/);
  });

  it('a LimitRange is checked when Pods and claims are created or updated, not only created', () => {
    const action = explain('LimitRange', 'v1', ['spec', 'limits', 0, 'max']).components[0].action;
    assert.match(action, /rejects Pods and claims outside min\/max when they are created or updated \(a claim's resize/);
  });

  it("a VolumeAttachment's status is read by the kubelet: attached before mounting, attachmentMetadata for NodeStageVolume", () => {
    const kubelet = find(explain('VolumeAttachment', 'storage.k8s.io/v1', ['status', 'attachmentMetadata', 'devicePath']), 'kubelet');
    assert.equal(kubelet?.effect, 'reads');
    assert.match(kubelet?.action ?? '', /waits for attached: true before mounting/);
    assert.match(kubelet?.action ?? '', /passes attachmentMetadata to the driver's node plugin as the publish context of NodeStageVolume/);
  });

  it('a memory-pressure toleration lets the kubelet admit a BestEffort Pod on a node under memory pressure', () => {
    const action = find(tolerating('node.kubernetes.io/memory-pressure'), 'kubelet')?.action ?? '';
    assert.match(action, /admits a BestEffort Pod only if it tolerates this taint/);
  });
});

describe("the ninth review's findings", () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[]) => explainField({ kind, apiVersion, path });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

  it("hostNetwork: true makes kube-apiserver default each container port's hostPort to its containerPort, in Pods only", () => {
    const pod = (value: string) =>
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  hostNetwork: @@${value}\n  containers:\n    - name: web\n      image: nginx\n      ports:\n        - containerPort: 8080\n`;
    const shared = explainAt(pod('true'));
    const defaulting = shared.components.find((component) => component.id === 'kube-apiserver' && component.effect === 'writes-other');
    assert.equal(defaulting?.writesOther, 'spec.containers[*].ports[*].hostPort');
    assert.match(defaulting?.action ?? '', /Defaults each container port's hostPort, when unset, to its containerPort/);
    assert.match(defaulting?.action ?? '', /since v1\.28 a Pod template keeps hostPort unset, and the Pods made from it get it/);
    assert.match(
      defaulting?.action ?? '',
      /it does not place two Pods with hostNetwork: true that declare the same port and protocol on the same node/,
    );
    // The general entry says it briefly.
    const general = lookupField('Pod', 'v1', ['spec', 'hostNetwork']).match?.entry.actors.find((actor) => actor.id === 'kube-apiserver');
    assert.match(
      general?.en ?? '',
      /With true, kube-apiserver also sets each container port's unset hostPort to its containerPort, in Pods only \(not in Pod templates\)/,
    );
  });

  it("a StatefulSet's claims outlive their Pods: the Delete retention policy acts only on deletion or scale-down, and the CSI external-provisioner makes the volumes", () => {
    const explanation = explain('StatefulSet', 'apps/v1', ['spec', 'volumeClaimTemplates', 0, 'spec', 'storageClassName']);
    const statefulset = find(explanation, 'kube-controller-manager', 'statefulset');
    assert.doesNotMatch(statefulset?.action ?? '', /unless persistentVolumeClaimRetentionPolicy says Delete/);
    assert.match(
      statefulset?.action ?? '',
      /they are deleted only when the StatefulSet is deleted \(whenDeleted\) or scaled down \(whenScaled\); a Pod deleted or replaced for any other reason \(a node failure, an update\) keeps its claim/,
    );
    const binder = find(explanation, 'kube-controller-manager', 'persistentvolume-binder');
    assert.doesNotMatch(binder?.action ?? '', /provisioning one through its StorageClass/);
    assert.match(binder?.action ?? '', /it does not make a CSI volume itself/);
    const provisioner = find(explanation, 'storage-provisioner');
    assert.equal(provisioner?.writesOther, 'PersistentVolume');
    assert.match(provisioner?.action ?? '', /for CSI, the driver's external-provisioner/);
  });

  it('a LoadBalancer Service without a class: the service controller writes status.loadBalancer, kube-apiserver the cluster IP and nodePorts', () => {
    const explanation = explainAt(service('LoadBalancer'));
    const cloud = find(explanation, 'cloud-controller-manager', 'service');
    assert.equal(cloud?.effect, 'writes-other');
    assert.equal(cloud?.writesOther, 'status.loadBalancer');
    const apiserver = find(explanation, 'kube-apiserver');
    assert.equal(apiserver?.effect, 'writes-other');
    assert.equal(apiserver?.writesOther, 'spec.clusterIP, spec.ports[*].nodePort');
    // The same allocation with a class says the same.
    const classed = find(explainAt(service('LoadBalancer', '  loadBalancerClass: example.com/internal-vip\n')), 'kube-apiserver');
    assert.equal(classed?.writesOther, 'spec.clusterIP, spec.ports[*].nodePort');
  });

  it("a StorageClass's provisioner: the PersistentVolume controller hands it claims by writing their volume.kubernetes.io/storage-provisioner annotation", () => {
    const binder = find(
      explain('StorageClass', 'storage.k8s.io/v1', ['provisioner']),
      'kube-controller-manager',
      'persistentvolume-binder',
    );
    assert.equal(binder?.effect, 'writes-other');
    assert.equal(binder?.writesOther, "the claim's volume.kubernetes.io/storage-provisioner annotation");
    assert.match(binder?.action ?? '', /it writes the provisioner's name in the volume\.kubernetes\.io\/storage-provisioner annotation/);
  });

  it("kubectl.kubernetes.io/restartedAt on a Pod is written by the workload's controller copying the template, not read by it", () => {
    const explanation = explain('Pod', 'v1', ['metadata', 'annotations', 'kubectl.kubernetes.io/restartedAt']);
    const controller = find(explanation, 'kube-controller-manager');
    assert.equal(controller?.effect, 'writes-field');
    assert.match(
      controller?.action ?? '',
      /^On a Pod, written by the workload's controller \(the ReplicaSet controller for a Deployment's Pods, the DaemonSet or StatefulSet controller\), which copies the template's annotations into each Pod it creates/,
    );
    assert.match(controller?.action ?? '', /setting it by hand on a Pod does nothing/);
    const text = explanationText(explanation);
    assert.doesNotMatch(text, /reads it — Nothing reads/);
    assert.match(text, /kube-controller-manager · on change, writes it — On a Pod, written by the workload's controller/);
  });
});

describe("the tenth review's findings", () => {
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

  it("a Service's loadBalancerClass: the implementation of that class writes status.loadBalancer", () => {
    const explanation = explainAt(
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: LoadBalancer\n  loadBalancerClass: @@example.com/internal-vip\n',
    );
    const implementation = explanation.components.find((component) => component.name === 'the load balancer of this class');
    assert.equal(implementation?.writesOther, 'status.loadBalancer');
    assert.match(implementation?.action ?? '', /writes its address to status\.loadBalancer/);
    const withType = explainAt(service('LoadBalancer', '  loadBalancerClass: example.com/internal-vip\n'));
    assert.equal(
      withType.components.find((component) => component.name === 'the load balancer of that loadBalancerClass')?.writesOther,
      'status.loadBalancer',
    );
  });

  it("external-attacher/<driver>: the CSI driver's external-attacher, with the driver name as it writes it, and the page that documents VolumeAttachments", () => {
    const explanation = explainAt(
      'apiVersion: storage.k8s.io/v1\nkind: VolumeAttachment\nmetadata:\n  name: va\n  finalizers:\n    - @@external-attacher/ebs-csi-aws-com\n',
    );
    assert.equal(explanation.components[0]?.id, 'add-on');
    assert.equal(explanation.components[0]?.name, "the CSI driver's external-attacher");
    assert.match(explanation.components[0]?.action ?? '', /ebs\.csi\.aws\.com becomes ebs-csi-aws-com/);
    assert.equal(
      explanation.docs,
      'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/volume-attachment-v1/#VolumeAttachment',
    );
  });

  it('the not-ready and unreachable taints: Pods that do not tolerate them go at once; tolerationSeconds is for those that do', () => {
    for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
      const explanation = explainAt(
        `apiVersion: v1\nkind: Node\nmetadata:\n  name: n\nspec:\n  taints:\n    - key: @@${key}\n      effect: NoExecute\n`,
      );
      const eviction = find(explanation, 'kube-controller-manager', 'taint-eviction');
      assert.doesNotMatch(eviction?.action ?? '', /do not tolerate the NoExecute taint, after their tolerationSeconds/, key);
      assert.match(
        eviction?.action ?? '',
        /Evicts at once the Pods that do not tolerate the NoExecute taint; a Pod that tolerates it stays for its tolerationSeconds/,
        key,
      );
    }
  });

  it('kubernetes.io/legacy-token-last-used: written whenever the token authenticates a request; the cleaner marks unused tokens invalid', () => {
    const explanation = explainAt(
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\n  labels:\n    @@kubernetes.io/legacy-token-last-used: "2026-01-01"\ntype: kubernetes.io/service-account-token\n',
    );
    assert.equal(find(explanation, 'kube-apiserver')?.when, 'continuously');
    const cleaner = find(explanation, 'kube-controller-manager');
    assert.equal(cleaner?.writesOther, 'the label kubernetes.io/legacy-token-invalid-since');
    assert.match(cleaner?.action ?? '', /marks them invalid with the label kubernetes\.io\/legacy-token-invalid-since/);
  });
});

describe("the eleventh review's findings", () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[]) => explainField({ kind, apiVersion, path });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

  it("a Service's environment variables: none for headless Services, and every Pod gets the kubernetes Service's", () => {
    const action = find(explain('Service', 'v1', ['metadata', 'name']), 'kubelet')?.action ?? '';
    assert.match(action, /For a Service with a cluster IP \(not a headless or ExternalName one\)/);
    assert.match(action, /Pods in other namespaces do not get them/);
    assert.match(
      action,
      /The exception is the kubernetes Service of the default namespace: every Pod gets its KUBERNETES_SERVICE_HOST\/_PORT, even with enableServiceLinks: false/,
    );
    const links = explain('Pod', 'v1', ['spec', 'enableServiceLinks']).components[0].action;
    assert.match(links, /every Service of the namespace that has a cluster IP \(headless Services get none\)/);
    assert.match(links, /false turns these off, but not the variables of the kubernetes Service of the default namespace/);
  });

  it("a CronJob's concurrencyPolicy, suspend and startingDeadlineSeconds act at each scheduled time, not when the CronJob changes", () => {
    for (const field of ['concurrencyPolicy', 'suspend', 'startingDeadlineSeconds']) {
      const cronjob = find(explain('CronJob', 'batch/v1', ['spec', field]), 'kube-controller-manager', 'cronjob');
      assert.equal(cronjob?.when, 'continuously', field);
      assert.match(cronjob?.action ?? '', /^At each scheduled time, the CronJob controller applies these/, field);
      assert.match(cronjob?.action ?? '', /suspend stops new runs \(a Job already running goes on\)/, field);
    }
  });

  it("kubernetes.io/change-cause: kubectl's --record flag is deprecated but still accepted, not gone", () => {
    const explanation = explainAt(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  annotations:\n    @@kubernetes.io/change-cause: "kubectl set image deployment/web web=web:2"\n',
    );
    const kubectl = find(explanation, 'kubectl')?.action ?? '';
    assert.doesNotMatch(kubectl, /in older kubectl/);
    assert.match(kubectl, /the --record flag of kubectl's commands \(deprecated, but still accepted\)/);
  });
});

describe("the twelfth review's findings", () => {
  const explain = (kind: string, apiVersion: string, path: (string | number)[]) => explainField({ kind, apiVersion, path });
  const find = (explanation: FieldExplanation, id: string, controller?: string) =>
    explanation.components.find((component) => component.id === id && (controller === undefined || component.controller === controller));

  it('a WaitForFirstConsumer claim: kube-scheduler acts when it schedules the Pod that uses the claim, not when the claim changes', () => {
    const scheduler = find(explain('PersistentVolumeClaim', 'v1', ['spec', 'volumeMode']), 'kube-scheduler');
    assert.equal(scheduler?.when, 'scheduling');
    assert.match(scheduler?.action ?? '', /until the scheduler places that Pod/);
  });

  it('kubernetes.io/enforce-mountable-secrets: env secretKeyRef is limited too, and kube-apiserver rejects the Pod', () => {
    const explanation = explainAt(
      'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: build\n  annotations:\n    @@kubernetes.io/enforce-mountable-secrets: "true"\n',
    );
    const action = find(explanation, 'kube-apiserver')?.action ?? '';
    assert.doesNotMatch(action, /it may mount or envFrom only/);
    assert.match(action, /whether mounted as a volume or read into environment variables \(env secretKeyRef as well as envFrom\)/);
    assert.match(action, /otherwise kube-apiserver rejects the Pod, so it never starts/);
    const ja = explainAt(
      'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: build\n  annotations:\n    @@kubernetes.io/enforce-mountable-secrets: "true"\n',
      'ja',
    );
    assert.match(find(ja, 'kube-apiserver')?.action ?? '', /env の secretKeyRef/);
  });

  it("an EndpointSlice's endpoints: CoreDNS answers headless Services from them, but a cluster-IP Service's SRV records from the Service", () => {
    const coredns = find(explain('EndpointSlice', 'discovery.k8s.io/v1', ['endpoints', 0, 'addresses', 0]), 'coredns');
    assert.doesNotMatch(coredns?.action ?? '', /Answers headless Services and SRV queries from them/);
    assert.match(coredns?.action ?? '', /for each named port an SRV record per endpoint/);
    assert.match(
      coredns?.action ?? '',
      /A Service with a cluster IP is answered from the Service itself \(its cluster IP, and SRV records that name the Service\), not from its EndpointSlices/,
    );
  });

  it("a Pod's container statuses: ready and started are the kubelet's verdict from its probes, not the container runtime's", () => {
    const kubelet = find(explain('Pod', 'v1', ['status', 'containerStatuses', 0, 'ready']), 'kubelet');
    assert.equal(kubelet?.effect, 'writes-field');
    assert.doesNotMatch(kubelet?.action ?? '', /from the container runtime: state .*, ready\./);
    assert.match(
      kubelet?.action ?? '',
      /ready and started are the kubelet's own verdict \(from its probes, or the container simply running when it has none\), not the runtime's/,
    );
  });
});
