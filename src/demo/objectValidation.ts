/**
 * The real API server's validation of the kinds the demo writes (pkg/apis/core/validation, pkg/apis/apps/validation),
 * as far as the simulation relies on it or a learner meets it: names, labels, selectors matching templates,
 * containers, Service ports, ConfigMap keys, immutable fields. Answers 422 Invalid naming every failing field,
 * worded as the real server words it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { KubeObject } from './resources';
import { type Cause, invalid, replicasCause } from './writeValidation';

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const subdomainPattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const labelPattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1035Pattern = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const labelValuePattern = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const qualifiedNamePattern = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const configKeyPattern = /^[-._a-zA-Z0-9]+$/;

const subdomainMessage =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const labelMessage =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const dns1035Message =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

const quote = (value: unknown) => JSON.stringify(value) ?? String(value);
const invalidValue = (field: string, value: unknown, detail: string): Cause => ({
  field,
  reason: 'FieldValueInvalid',
  message: `Invalid value: ${quote(value)}: ${detail}`,
});
const required = (field: string, detail?: string): Cause => ({
  field,
  reason: 'FieldValueRequired',
  message: detail ? `Required value: ${detail}` : 'Required value',
});

type NameRule = 'subdomain' | 'label' | 'dns1035';

/** The name-format errors of one value (empty when it is valid), as apimachinery's validation words them. */
export function nameErrors(value: string, rule: NameRule): string[] {
  const [pattern, message, max] =
    rule === 'subdomain'
      ? [subdomainPattern, subdomainMessage, 253]
      : rule === 'label'
        ? [labelPattern, labelMessage, 63]
        : [dns1035Pattern, dns1035Message, 63];
  const errors: string[] = [];
  if (value.length > max) errors.push(`must be no more than ${max} characters`);
  if (!pattern.test(value)) errors.push(message);
  return errors;
}

const nameRules: Record<string, NameRule> = { Service: 'dns1035', Namespace: 'label' };

function validateMetadata(object: KubeObject, causes: Cause[], namespaced: boolean): void {
  const metadata = object.metadata;
  const rule = nameRules[object.kind] ?? 'subdomain';
  if (!metadata.name) causes.push(required('metadata.name', 'name or generateName is required'));
  else for (const error of nameErrors(metadata.name, rule)) causes.push(invalidValue('metadata.name', metadata.name, error));
  if (namespaced && !metadata.namespace) causes.push(required('metadata.namespace'));
  validateLabels(metadata.labels, 'metadata.labels', causes);
  if (metadata.annotations !== undefined) {
    const bytes = Object.entries(metadata.annotations).reduce((total, [key, value]) => total + key.length + String(value).length, 0);
    if (bytes > 256 * 1024)
      causes.push({ field: 'metadata.annotations', reason: 'FieldValueTooLong', message: 'Too long: must have at most 262144 bytes' });
    for (const key of Object.keys(metadata.annotations))
      for (const error of qualifiedNameErrors(key)) causes.push(invalidValue('metadata.annotations', key, error));
  }
}

/** A label or annotation key: an optional DNS subdomain prefix and "/", then a name of at most 63 characters. */
function qualifiedNameErrors(key: string): string[] {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  const errors: string[] = [];
  if (prefix !== undefined) {
    if (prefix === '') errors.push('prefix part must be non-empty');
    else for (const error of nameErrors(prefix, 'subdomain')) errors.push(`prefix part ${error}`);
  }
  if (name === '') errors.push('name part must be non-empty');
  else {
    if (name.length > 63) errors.push('name part must be no more than 63 characters');
    if (!qualifiedNamePattern.test(name))
      errors.push(
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      );
  }
  return errors;
}

function validateLabels(labels: unknown, field: string, causes: Cause[]): void {
  if (labels === undefined || labels === null) return;
  if (!isRecord(labels)) {
    causes.push(invalidValue(field, labels, 'must be a map of strings'));
    return;
  }
  for (const [key, value] of Object.entries(labels)) {
    for (const error of qualifiedNameErrors(key)) causes.push(invalidValue(field, key, error));
    if (typeof value !== 'string') {
      causes.push(invalidValue(field, value, 'label values must be strings'));
      continue;
    }
    validateLabelValue(value, field, causes);
  }
}

/** IsValidLabelValue: at most 63 characters of [A-Za-z0-9-_.], alphanumeric at both ends (empty is valid). */
function validateLabelValue(value: string, field: string, causes: Cause[]): void {
  if (value.length > 63) causes.push(invalidValue(field, value, 'must be no more than 63 characters'));
  if (!labelValuePattern.test(value)) {
    causes.push(
      invalidValue(
        field,
        value,
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      ),
    );
  }
}

/** A toleration's key is a label name (qualified name); its value, with operator Equal, a label value. */
function validateTolerations(tolerations: unknown, path: string, causes: Cause[]): void {
  if (!Array.isArray(tolerations)) return;
  tolerations.forEach((toleration: unknown, index) => {
    const record = isRecord(toleration) ? toleration : {};
    const field = `${path}[${index}]`;
    if (typeof record.key === 'string' && record.key !== '')
      for (const error of qualifiedNameErrors(record.key)) causes.push(invalidValue(`${field}.key`, record.key, error));
    if (typeof record.value === 'string' && record.operator !== 'Exists') validateLabelValue(record.value, `${field}.value`, causes);
  });
}

const restartPolicies = ['Always', 'OnFailure', 'Never'];
const protocols = ['TCP', 'UDP', 'SCTP'];

function supported(field: string, value: unknown, values: readonly string[]): Cause {
  return {
    field,
    reason: 'FieldValueNotSupported',
    message: `Unsupported value: ${quote(value)}: supported values: ${values.map((item) => `"${item}"`).join(', ')}`,
  };
}

function validatePort(value: unknown, field: string, causes: Cause[]): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535)
    causes.push(invalidValue(field, value ?? 0, 'must be between 1 and 65535, inclusive'));
}

/** A Pod spec (a Pod's, or a template's under `path`). */
export function validatePodSpec(spec: unknown, path: string, causes: Cause[]): void {
  const podSpec = isRecord(spec) ? spec : {};
  const containers = podSpec.containers;
  if (!Array.isArray(containers) || containers.length === 0) {
    causes.push(required(`${path}.containers`));
  } else {
    const names = new Set<string>();
    containers.forEach((container: unknown, index) => {
      const field = `${path}.containers[${index}]`;
      const record = isRecord(container) ? container : {};
      if (typeof record.name !== 'string' || record.name === '') causes.push(required(`${field}.name`));
      else {
        for (const error of nameErrors(record.name, 'label')) causes.push(invalidValue(`${field}.name`, record.name, error));
        if (names.has(record.name))
          causes.push({ field: `${field}.name`, reason: 'FieldValueDuplicate', message: `Duplicate value: ${quote(record.name)}` });
        names.add(record.name);
      }
      if (typeof record.image !== 'string' || record.image.trim() === '') causes.push(required(`${field}.image`));
      if (Array.isArray(record.ports)) {
        record.ports.forEach((port: unknown, portIndex) => {
          const portRecord = isRecord(port) ? port : {};
          validatePort(portRecord.containerPort, `${field}.ports[${portIndex}].containerPort`, causes);
          if (portRecord.protocol !== undefined && !protocols.includes(portRecord.protocol as string))
            causes.push(supported(`${field}.ports[${portIndex}].protocol`, portRecord.protocol, protocols));
        });
      }
      for (const policy of ['imagePullPolicy'] as const) {
        const values = ['Always', 'IfNotPresent', 'Never'];
        if (record[policy] !== undefined && !values.includes(record[policy] as string))
          causes.push(supported(`${field}.${policy}`, record[policy], values));
      }
    });
  }
  if (podSpec.restartPolicy !== undefined && !restartPolicies.includes(podSpec.restartPolicy as string))
    causes.push(supported(`${path}.restartPolicy`, podSpec.restartPolicy, restartPolicies));
  if (typeof podSpec.nodeName === 'string' && podSpec.nodeName !== '')
    for (const error of nameErrors(podSpec.nodeName, 'subdomain')) causes.push(invalidValue(`${path}.nodeName`, podSpec.nodeName, error));
  if (podSpec.nodeSelector !== undefined) validateLabels(podSpec.nodeSelector, `${path}.nodeSelector`, causes);
  validateTolerations(podSpec.tolerations, `${path}.tolerations`, causes);
  for (const name of ['schedulerName', 'priorityClassName'] as const) {
    const value = podSpec[name];
    if (typeof value === 'string' && value !== '')
      for (const error of nameErrors(value, 'subdomain')) causes.push(invalidValue(`${path}.${name}`, value, error));
  }
}

function selectorMatchLabels(spec: Loose): Record<string, unknown> | undefined {
  return isRecord(spec.selector) && isRecord(spec.selector.matchLabels) ? spec.selector.matchLabels : undefined;
}

/** A workload's selector, and a template whose labels it selects and whose Pods can run. */
function validateWorkloadSpec(kind: string, spec: unknown, causes: Cause[]): void {
  if (!isRecord(spec)) {
    causes.push(required('spec'));
    return;
  }
  if (spec.replicas !== undefined && kind !== 'DaemonSet') {
    const cause = replicasCause(spec.replicas);
    if (cause) causes.push(cause);
  }
  const matchLabels = selectorMatchLabels(spec);
  if (!matchLabels || Object.keys(matchLabels).length === 0) causes.push(required('spec.selector'));
  else validateLabels(matchLabels, 'spec.selector.matchLabels', causes);
  const template = spec.template;
  const labels = isRecord(template) && isRecord(template.metadata) && isRecord(template.metadata.labels) ? template.metadata.labels : {};
  if (matchLabels && !Object.entries(matchLabels).every(([key, value]) => labels[key] === value)) {
    const goMap = `map[string]string{${Object.keys(labels)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${JSON.stringify(labels[key])}`)
      .join(', ')}}`;
    causes.push({
      field: 'spec.template.metadata.labels',
      reason: 'FieldValueInvalid',
      message: `Invalid value: ${goMap}: \`selector\` does not match template \`labels\``,
    });
  }
  validateLabels(labels, 'spec.template.metadata.labels', causes);
  const podSpec = isRecord(template) ? template.spec : undefined;
  validatePodSpec(podSpec, 'spec.template.spec', causes);
  const restartPolicy = isRecord(podSpec) ? podSpec.restartPolicy : undefined;
  if (restartPolicy !== undefined && restartPolicy !== 'Always')
    causes.push(supported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
}

function validateService(spec: unknown, causes: Cause[]): void {
  const serviceSpec = isRecord(spec) ? spec : {};
  const types = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'];
  if (serviceSpec.type !== undefined && !types.includes(serviceSpec.type as string))
    causes.push(supported('spec.type', serviceSpec.type, types));
  const ports = serviceSpec.ports;
  if (serviceSpec.type !== 'ExternalName' && serviceSpec.clusterIP !== 'None' && (!Array.isArray(ports) || ports.length === 0))
    causes.push(required('spec.ports'));
  if (Array.isArray(ports)) {
    const names = new Set<string>();
    ports.forEach((port: unknown, index) => {
      const record = isRecord(port) ? port : {};
      const field = `spec.ports[${index}]`;
      if (ports.length > 1 && (typeof record.name !== 'string' || record.name === '')) causes.push(required(`${field}.name`));
      if (typeof record.name === 'string' && record.name !== '') {
        if (names.has(record.name))
          causes.push({ field: `${field}.name`, reason: 'FieldValueDuplicate', message: `Duplicate value: ${quote(record.name)}` });
        names.add(record.name);
      }
      validatePort(record.port, `${field}.port`, causes);
      if (record.protocol !== undefined && !protocols.includes(record.protocol as string))
        causes.push(supported(`${field}.protocol`, record.protocol, protocols));
      if (typeof record.targetPort === 'number') validatePort(record.targetPort, `${field}.targetPort`, causes);
    });
  }
  if (serviceSpec.selector !== undefined) validateLabels(serviceSpec.selector, 'spec.selector', causes);
  if (
    typeof serviceSpec.clusterIP === 'string' &&
    serviceSpec.clusterIP !== '' &&
    serviceSpec.clusterIP !== 'None' &&
    !/^10\.96\.\d{1,3}\.\d{1,3}$/.test(serviceSpec.clusterIP)
  ) {
    causes.push(
      invalidValue(
        'spec.clusterIPs',
        [serviceSpec.clusterIP],
        'failed to allocate IP: the provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/16',
      ),
    );
  }
}

function validateConfigMap(object: KubeObject, causes: Cause[]): void {
  for (const section of ['data', 'binaryData']) {
    const data = object[section];
    if (data === undefined || data === null) continue;
    if (!isRecord(data)) continue;
    for (const key of Object.keys(data)) {
      if (key.length > 253 || !configKeyPattern.test(key)) {
        causes.push(
          invalidValue(
            `${section}[${key}]`,
            key,
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
          ),
        );
      }
    }
  }
}

/** What may not change on an update: selectors of apps workloads, a Service's clusterIP, a Pod's spec beyond images. */
function validateUpdate(object: KubeObject, previous: KubeObject, causes: Cause[]): void {
  const spec = (object.spec ?? {}) as Loose;
  const before = (previous.spec ?? {}) as Loose;
  if (['Deployment', 'ReplicaSet', 'DaemonSet'].includes(object.kind) && !isDeepStrictEqual(spec.selector, before.selector)) {
    causes.push(invalidValue('spec.selector', spec.selector, 'field is immutable'));
  }
  if (object.kind === 'Service' && before.clusterIP !== undefined && spec.clusterIP !== before.clusterIP)
    causes.push(invalidValue('spec.clusterIPs[0]', spec.clusterIP, 'may not change once set'));
  if (object.kind === 'Pod') {
    const strip = (podSpec: Loose) => ({
      ...podSpec,
      containers: Array.isArray(podSpec.containers)
        ? podSpec.containers.map((container) => (isRecord(container) ? { ...container, image: undefined } : container))
        : podSpec.containers,
      activeDeadlineSeconds: undefined,
      tolerations: undefined,
    });
    if (!isDeepStrictEqual(strip(spec), strip(before))) {
      causes.push({
        field: 'spec',
        reason: 'FieldValueForbidden',
        message:
          'Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
      });
    }
  }
}

/** Validates an object of one of the writable kinds (a create, or an update of `previous`); throws 422 Invalid. */
export function validateObject(object: KubeObject, group: string, namespaced: boolean, previous?: KubeObject): void {
  const causes: Cause[] = [];
  validateMetadata(object, causes, namespaced);
  switch (object.kind) {
    case 'Deployment':
    case 'ReplicaSet':
    case 'DaemonSet':
      validateWorkloadSpec(object.kind, object.spec, causes);
      break;
    case 'Pod':
      validatePodSpec(object.spec, 'spec', causes);
      break;
    case 'Service':
      validateService(object.spec, causes);
      break;
    case 'ConfigMap':
      validateConfigMap(object, causes);
      break;
    default:
      break;
  }
  if (previous) validateUpdate(object, previous, causes);
  if (causes.length > 0) throw invalid(object.kind, group, object.metadata.name || object.metadata.generateName || '', causes);
}
