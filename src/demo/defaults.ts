/**
 * What the real API server fills in before it stores a write: the defaulting functions of the core and apps
 * groups (pkg/apis/core/v1/defaults.go, pkg/apis/apps/v1/defaults.go), the Service IP allocator, and the
 * admission plugins every kind cluster runs on Pods (ServiceAccount, DefaultTolerationSeconds, Priority).
 */
import { defaultTolerations, withServiceAccountToken, type ContainerSpec } from './fixture';
import type { KubeObject } from './resources';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function isRecord(value: unknown): value is Loose {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Sets `field` to `value` when the object has none (defaulting never overwrites what the client sent). */
function fill(target: Loose, field: string, value: unknown): void {
  if (target[field] === undefined || target[field] === null) target[field] = value;
}

/** Always for ":latest" or no tag (and no digest), IfNotPresent otherwise (SetDefaults_Container). */
export function imagePullPolicyFor(image: unknown): string {
  if (typeof image !== 'string') return 'IfNotPresent';
  if (image.includes('@')) return 'IfNotPresent';
  const lastPart = image.slice(image.lastIndexOf('/') + 1);
  const tag = lastPart.includes(':') ? lastPart.slice(lastPart.indexOf(':') + 1) : '';
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultProbe(probe: unknown): void {
  if (!isRecord(probe)) return;
  fill(probe, 'timeoutSeconds', 1);
  fill(probe, 'periodSeconds', 10);
  fill(probe, 'successThreshold', 1);
  fill(probe, 'failureThreshold', 3);
  if (isRecord(probe.httpGet)) {
    fill(probe.httpGet, 'path', '/');
    fill(probe.httpGet, 'scheme', 'HTTP');
  }
}

function defaultContainer(container: unknown): void {
  if (!isRecord(container)) return;
  fill(container, 'terminationMessagePath', '/dev/termination-log');
  fill(container, 'terminationMessagePolicy', 'File');
  fill(container, 'imagePullPolicy', imagePullPolicyFor(container.image));
  // Not a default but the server's encoding: ResourceRequirements is a struct, written as {} when empty.
  fill(container, 'resources', {});
  if (Array.isArray(container.ports)) for (const port of container.ports) if (isRecord(port)) fill(port, 'protocol', 'TCP');
  if (Array.isArray(container.env)) {
    for (const variable of container.env)
      if (isRecord(variable) && isRecord(variable.valueFrom) && isRecord(variable.valueFrom.fieldRef))
        fill(variable.valueFrom.fieldRef, 'apiVersion', 'v1');
  }
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) defaultProbe(container[probe]);
}

function defaultVolume(volume: unknown): void {
  if (!isRecord(volume)) return;
  for (const source of ['configMap', 'secret']) if (isRecord(volume[source])) fill(volume[source], 'defaultMode', 420);
  if (isRecord(volume.hostPath)) fill(volume.hostPath, 'type', '');
  if (isRecord(volume.projected)) fill(volume.projected, 'defaultMode', 420);
}

/** SetDefaults_PodSpec and its containers, volumes and probes. */
export function defaultPodSpec(spec: unknown): void {
  if (!isRecord(spec)) return;
  fill(spec, 'dnsPolicy', 'ClusterFirst');
  fill(spec, 'restartPolicy', 'Always');
  fill(spec, 'terminationGracePeriodSeconds', 30);
  fill(spec, 'securityContext', {});
  fill(spec, 'schedulerName', 'default-scheduler');
  for (const list of ['containers', 'initContainers']) if (Array.isArray(spec[list])) spec[list].forEach(defaultContainer);
  if (Array.isArray(spec.volumes)) spec.volumes.forEach(defaultVolume);
  // The deprecated serviceAccount field mirrors serviceAccountName.
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName) fill(spec, 'serviceAccount', spec.serviceAccountName);
}

export function defaultTemplate(template: unknown): void {
  if (!isRecord(template)) return;
  fill(template, 'metadata', {});
  defaultPodSpec(template.spec);
}

function defaultDeployment(object: KubeObject): void {
  const spec = object.spec as Loose;
  fill(spec, 'replicas', 1);
  fill(spec, 'strategy', {});
  fill(spec.strategy, 'type', 'RollingUpdate');
  if (spec.strategy.type === 'RollingUpdate') {
    fill(spec.strategy, 'rollingUpdate', {});
    fill(spec.strategy.rollingUpdate, 'maxUnavailable', '25%');
    fill(spec.strategy.rollingUpdate, 'maxSurge', '25%');
  }
  fill(spec, 'revisionHistoryLimit', 10);
  fill(spec, 'progressDeadlineSeconds', 600);
  defaultTemplate(spec.template);
}

function defaultDaemonSet(object: KubeObject): void {
  const spec = object.spec as Loose;
  fill(spec, 'updateStrategy', {});
  fill(spec.updateStrategy, 'type', 'RollingUpdate');
  if (spec.updateStrategy.type === 'RollingUpdate') {
    fill(spec.updateStrategy, 'rollingUpdate', {});
    fill(spec.updateStrategy.rollingUpdate, 'maxUnavailable', 1);
    fill(spec.updateStrategy.rollingUpdate, 'maxSurge', 0);
  }
  fill(spec, 'revisionHistoryLimit', 10);
  defaultTemplate(spec.template);
}

function defaultReplicaSet(object: KubeObject): void {
  const spec = object.spec as Loose;
  fill(spec, 'replicas', 1);
  defaultTemplate(spec.template);
}

function defaultService(object: KubeObject, allocateIp: () => string): void {
  const spec = object.spec as Loose;
  fill(spec, 'type', 'ClusterIP');
  fill(spec, 'sessionAffinity', 'None');
  if (spec.type !== 'ExternalName') {
    fill(spec, 'internalTrafficPolicy', 'Cluster');
    if (spec.clusterIP === undefined || spec.clusterIP === '') spec.clusterIP = allocateIp();
    fill(spec, 'clusterIPs', [spec.clusterIP]);
    fill(spec, 'ipFamilies', ['IPv4']);
    fill(spec, 'ipFamilyPolicy', 'SingleStack');
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') fill(spec, 'externalTrafficPolicy', 'Cluster');
  if (spec.type === 'LoadBalancer') fill(spec, 'allocateLoadBalancerNodePorts', true);
  if (Array.isArray(spec.ports)) {
    for (const port of spec.ports) {
      if (!isRecord(port)) continue;
      fill(port, 'protocol', 'TCP');
      fill(port, 'targetPort', port.port);
    }
  }
  fill(object, 'status', { loadBalancer: {} });
}

function defaultNamespace(object: KubeObject): void {
  fill(object, 'spec', {});
  fill(object.spec as Loose, 'finalizers', ['kubernetes']);
  fill(object, 'status', { phase: 'Active' });
  // The NamespaceDefaultLabelName admission: every namespace carries its own name as a label.
  object.metadata.labels = { ...object.metadata.labels, 'kubernetes.io/metadata.name': object.metadata.name };
}

/** What Pod admission adds to a new Pod: its ServiceAccount and token volume, default tolerations, priority. */
export function admitPod(pod: KubeObject): void {
  const spec = pod.spec as Loose;
  fill(spec, 'serviceAccountName', 'default');
  fill(spec, 'serviceAccount', spec.serviceAccountName);
  if (spec.automountServiceAccountToken !== false && Array.isArray(spec.containers)) {
    const alreadyMounted = (spec.volumes as Loose[] | undefined)?.some(
      (volume) => isRecord(volume) && typeof volume.name === 'string' && volume.name.startsWith('kube-api-access-'),
    );
    if (!alreadyMounted) Object.assign(spec, withServiceAccountToken(spec as { containers: ContainerSpec[] }, pod.metadata.name));
  }
  const tolerations = Array.isArray(spec.tolerations) ? [...(spec.tolerations as Loose[])] : [];
  for (const toleration of defaultTolerations) {
    const covered = tolerations.some(
      (existing) =>
        isRecord(existing) &&
        (existing.key === toleration.key || (existing.operator === 'Exists' && !existing.key)) &&
        (!existing.effect || existing.effect === toleration.effect),
    );
    if (!covered) tolerations.push({ ...toleration });
  }
  spec.tolerations = tolerations;
  fill(spec, 'priority', 0);
  fill(spec, 'preemptionPolicy', 'PreemptLowerPriority');
}

export interface DefaultingContext {
  /** A free ClusterIP from the Service range (10.96.0.0/16). */
  allocateServiceIp(): string;
}

/** Fills in the defaults of a new or updated object in place (its kind's defaulting functions). */
export function applyDefaults(object: KubeObject, context: DefaultingContext): void {
  switch (object.kind) {
    case 'Deployment':
      return defaultDeployment(object);
    case 'ReplicaSet':
      return defaultReplicaSet(object);
    case 'DaemonSet':
      return defaultDaemonSet(object);
    case 'Pod':
      defaultPodSpec(object.spec);
      // SetDefaults_Pod, not SetDefaults_PodSpec: a Pod gets it, a template does not.
      if (typeof object.spec === 'object' && object.spec !== null) fill(object.spec as Record<string, unknown>, 'enableServiceLinks', true);
      return;
    case 'Service':
      return defaultService(object, () => context.allocateServiceIp());
    case 'Namespace':
      return defaultNamespace(object);
    default:
      return;
  }
}
