/**
 * Writes as kube-apiserver serves them: create, update, patch (JSON merge, strategic merge, JSON patch,
 * server-side apply) and delete, each decoded against the kind's schema (fieldValidation), defaulted, admitted,
 * validated, with field ownership recorded, and with dryRun=All answering what would be stored without storing it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { applyDefaults, admitPod } from './defaults';
import { managedFieldsAfterUpdate, managerOf, serverSideApply, type WriteManager } from './fieldOwnership';
import { isoSeconds, podFromTemplate, qosClassOf, type ContainerSpec, type PodTemplate } from './fixture';
import type { ManagedFieldsEntry } from './managedFields';
import { validateObject } from './objectValidation';
import { apiVersionOf, findResourceType, qualifiedResource, resourceTypes, type KubeObject, type ResourceType } from './resources';
import { checkAgainstSchema, fieldValidationOf, schemaNameOfKind, schemaOfKind, type FieldValidation } from './schemaCheck';
import { ApiError, badRequest } from './status';
import { MAX_OBJECT_BYTES, storedBytes, type ObjectStore } from './store';
import { UserQuota } from './userQuota';
import { jsonPatch, mediaTypeOf, mergePatch, readRequestBody, scaleOf, strategicMergePatch } from './apiPatches';
import { notFoundError } from './apiList';
import type { ResourceRequest } from './apiFormats';
import { gracePeriodOf, invalid, validateScale } from './writeValidation';
import { type ExpectedKind, PROTOBUF_MEDIA_TYPE } from './protobuf/decode';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A change the API stored, for the simulated cluster's controllers to react to. */
export interface StoredChange {
  type: 'created' | 'updated' | 'deleted';
  resource: ResourceType;
  object: KubeObject;
  previous?: KubeObject;
  /** delete's propagationPolicy: Orphan leaves the dependents, Background and Foreground remove them. */
  propagation?: string;
}

/** What the write path asks of the simulated cluster. */
export interface ClusterWrites {
  deletePod(namespace: string, name: string, gracePeriodSeconds: number | undefined): KubeObject;
  /** Marks the namespace Terminating; the namespace controller then removes what it holds, then the namespace. */
  deleteNamespace(name: string): KubeObject;
  reactToWrite(change: StoredChange): void;
}

/** The kinds the demo writes (discovery advertises "create" for them); the others stay read-only. */
export const writableResources: ReadonlySet<string> = new Set(
  resourceTypes.filter((type) => type.verbs.includes('create')).map((type) => type.plural),
);

export { MAX_USER_NAMESPACES, MAX_USER_OBJECTS_PER_KIND } from './userQuota';
/** The most Pods one DaemonSet may run (one per node): a 5,000-node demo refuses a DaemonSet. */
export const MAX_DAEMONSET_PODS = 1_000;

const appsKinds = new Set(['Deployment', 'ReplicaSet', 'DaemonSet']);
const protectedNamespaces = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
const generatedNameAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

export interface WriteAnswer {
  code: number;
  body: unknown;
  warnings: string[];
}

interface WriteOptions {
  dryRun: boolean;
  writer: WriteManager;
  validation: FieldValidation;
  force: boolean;
}

function isRecord(value: unknown): value is Loose {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export class WriteHandler {
  private readonly quota: UserQuota;

  constructor(
    private readonly store: ObjectStore,
    private readonly writes: ClusterWrites,
    private readonly nodeCount: () => number,
  ) {
    this.quota = new UserQuota(store);
  }

  async handle(verb: string, request: IncomingMessage, url: URL, target: ResourceRequest): Promise<WriteAnswer> {
    const options = this.optionsOf(request, url, target);
    switch (verb) {
      case 'create':
        return this.create(request, target, options);
      case 'update':
        return this.update(request, target, options);
      case 'patch':
        return this.patch(request, target, options, url);
      case 'delete':
        return this.delete(request, url, target, options);
      default:
        throw new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    }
  }

  private optionsOf(request: IncomingMessage, url: URL, target: ResourceRequest): WriteOptions {
    const dryRunValues = url.searchParams.getAll('dryRun');
    for (const value of dryRunValues)
      if (value !== 'All') throw badRequest(`Invalid dryRun value: ${JSON.stringify(value)}: supported values: "All"`);
    const fieldManager = url.searchParams.get('fieldManager');
    if (fieldManager !== null && fieldManager.length > 128)
      throw badRequest(`fieldManager: Invalid value: "${fieldManager.slice(0, 40)}…": must be no more than 128 characters`);
    const forceText = url.searchParams.get('force');
    const writer: WriteManager = {
      manager: managerOf(fieldManager, request.headers['user-agent']),
      apiVersion: apiVersionOf(target.resource),
      time: isoSeconds(Date.now()),
    };
    if (target.subresource) writer.subresource = target.subresource;
    return {
      dryRun: dryRunValues.length > 0,
      writer,
      validation: fieldValidationOf(url.searchParams.get('fieldValidation')),
      force: forceText === 'true' || forceText === '1',
    };
  }

  // ---- the verbs ----

  private async create(request: IncomingMessage, target: ResourceRequest, options: WriteOptions): Promise<WriteAnswer> {
    const warnings: string[] = [];
    const body = await readRequestBody(
      request,
      'json',
      kindOf(target.resource),
      duplicateFieldCheck(target.resource, options.validation, warnings, 'create'),
    );
    const object = this.decode(body, target.resource, options.validation, warnings, 'create');
    this.checkNamespace(target, object, true);
    if (!object.metadata.name && object.metadata.generateName)
      object.metadata.name = this.generatedName(target, object.metadata.generateName);
    const stored = this.finish(target, undefined, object, options, undefined);
    return { code: 201, body: stored, warnings };
  }

  private async update(request: IncomingMessage, target: ResourceRequest, options: WriteOptions): Promise<WriteAnswer> {
    const contentType = mediaTypeOf(request);
    if (!['application/json', PROTOBUF_MEDIA_TYPE, ''].includes(contentType)) throw unsupportedUpdateType();
    const isScale = target.subresource === 'scale';
    const warnings: string[] = [];
    const body = await readRequestBody(
      request,
      'json',
      isScale ? { apiVersion: 'autoscaling/v1', kind: 'Scale' } : kindOf(target.resource),
      isScale ? undefined : duplicateFieldCheck(target.resource, options.validation, warnings, 'update'),
    );
    const existing = this.existing(target);
    if (isScale) return { code: 200, body: scaleOf(this.scaleTo(target, existing, body, options)), warnings: [] };
    return this.replace(target, existing, body, options, 'update', warnings);
  }

  /** The next version of `existing` an update or a patch gives: decoded, checked against the URL, stored. */
  private replace(
    target: ResourceRequest,
    existing: KubeObject,
    next: unknown,
    options: WriteOptions,
    verb: 'update' | 'patch',
    warnings: string[] = [],
  ): WriteAnswer {
    const object = this.decode(next, target.resource, options.validation, warnings, verb);
    this.checkNamespace(target, object);
    this.checkName(target, object);
    return { code: 200, body: this.finish(target, existing, object, options, undefined), warnings };
  }

  private async patch(request: IncomingMessage, target: ResourceRequest, options: WriteOptions, url: URL): Promise<WriteAnswer> {
    const contentType = mediaTypeOf(request);
    const patchTypes = [
      'application/merge-patch+json',
      'application/strategic-merge-patch+json',
      'application/json-patch+json',
      'application/apply-patch+yaml',
    ];
    if (!patchTypes.includes(contentType)) throw unsupportedPatchType();
    const isApply = contentType === 'application/apply-patch+yaml';
    const isMerge = contentType === 'application/merge-patch+json' || contentType === 'application/strategic-merge-patch+json';
    const warnings: string[] = [];
    const body = await readRequestBody(
      request,
      isApply ? 'yaml' : 'json',
      undefined,
      isMerge ? duplicateFieldCheck(target.resource, options.validation, warnings, 'patch') : undefined,
    );
    if (isApply) return this.apply(body, target, options, url);
    const existing = this.existing(target);
    const isScale = target.subresource === 'scale';
    const current: unknown = isScale ? scaleOf(existing) : structuredClone(existing);
    let patched: unknown;
    if (contentType === 'application/json-patch+json') {
      patched = jsonPatch(current, body);
    } else {
      if (!isRecord(body))
        throw badRequest(
          'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
        );
      patched =
        contentType === 'application/merge-patch+json'
          ? mergePatch(current, body)
          : strategicMergePatch(current, body, isScale ? undefined : schemaNameOfKind(target.resource.group, target.resource.kind));
    }
    if (!isRecord(patched)) throw badRequest('the patch did not produce an object');
    if (isScale) return { code: 200, body: scaleOf(this.scaleTo(target, existing, patched, options)), warnings: [] };
    return this.replace(target, existing, patched, options, 'patch', warnings);
  }

  /** Server-side apply: field ownership decides what changes and what conflicts; a missing object is created. */
  private apply(body: unknown, target: ResourceRequest, options: WriteOptions, url: URL): WriteAnswer {
    if (!url.searchParams.get('fieldManager'))
      throw new ApiError(
        422,
        'Invalid',
        'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
        {
          group: 'meta.k8s.io',
          kind: 'PatchOptions',
          causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }],
        },
      );
    if (target.subresource) throw new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    if (!isRecord(body)) throw badRequest('error decoding YAML: the applied configuration must be an object');
    const { resource } = target;
    const warnings: string[] = [];
    if (body.apiVersion !== apiVersionOf(resource) || body.kind !== resource.kind) {
      throw badRequest(
        `the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${apiVersionOf(resource)})`,
      );
    }
    const findings = checkAgainstSchema(body, schemaOfKind(resource.group, resource.kind), options.validation !== 'Strict');
    if (findings.typeError)
      throw badRequest(
        `failed to create typed patch object (${target.namespace ? `${target.namespace}/` : ''}${target.name}; ${apiVersionOf(resource)}, Kind=${resource.kind}): ${findings.typeError}`,
      );
    if (findings.unknown.length > 0) {
      if (options.validation === 'Strict')
        throw badRequest(
          `failed to create typed patch object (${target.namespace ? `${target.namespace}/` : ''}${target.name}; ${apiVersionOf(resource)}, Kind=${resource.kind}): ${findings.unknown.map((path) => `.${path}: field not declared in schema`).join(', ')}`,
        );
      if (options.validation === 'Warn') warnings.push(...findings.unknown.map((path) => `unknown field "${path}"`));
    }
    const applied = body as KubeObject;
    if (!isRecord(applied.metadata)) applied.metadata = { name: target.name! };
    const existing = this.store.get(resource, target.namespace, target.name!);
    this.checkNamespace(target, applied, !existing);
    this.checkName(target, applied);
    const groupResource = qualifiedResource(resource);
    const result = serverSideApply(existing, applied, options.writer, options.force, groupResource);
    const merged = result.object;
    if (existing) merged.status = existing.status;
    else delete merged.status;
    const stored = this.finish(target, existing, merged, options, result.managedFields);
    return { code: existing ? 200 : 201, body: stored, warnings };
  }

  private async delete(request: IncomingMessage, url: URL, target: ResourceRequest, options: WriteOptions): Promise<WriteAnswer> {
    const body = (await readRequestBody(request, 'json', { apiVersion: apiVersionOf(target.resource), kind: 'DeleteOptions' })) as
      | {
          gracePeriodSeconds?: unknown;
          propagationPolicy?: unknown;
          preconditions?: { uid?: string; resourceVersion?: string };
          dryRun?: unknown;
        }
      | undefined;
    const grace = gracePeriodOf(url.searchParams.get('gracePeriodSeconds'), body?.gracePeriodSeconds);
    const propagation =
      url.searchParams.get('propagationPolicy') ?? (typeof body?.propagationPolicy === 'string' ? body.propagationPolicy : 'Background');
    if (!['Orphan', 'Background', 'Foreground'].includes(propagation))
      throw badRequest(`propagationPolicy: Unsupported value: "${propagation}": supported values: "Foreground", "Background", "Orphan"`);
    const dryRun = options.dryRun || (Array.isArray(body?.dryRun) && body.dryRun.includes('All'));
    const existing = this.existing(target);
    const preconditions = body?.preconditions;
    const { resource } = target;
    if (preconditions?.uid && preconditions.uid !== existing.metadata.uid) {
      throw new ApiError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualifiedResource(resource)} "${target.name}": Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${existing.metadata.uid}`,
        { name: target.name, kind: resource.plural },
      );
    }
    if (preconditions?.resourceVersion && preconditions.resourceVersion !== existing.metadata.resourceVersion) {
      throw new ApiError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualifiedResource(resource)} "${target.name}": Precondition failed: ResourceVersion in precondition: ${preconditions.resourceVersion}, ResourceVersion in object meta: ${existing.metadata.resourceVersion}`,
        { name: target.name, kind: resource.plural },
      );
    }
    if (resource.plural === 'namespaces' && protectedNamespaces.has(target.name!)) {
      throw new ApiError(403, 'Forbidden', `namespaces "${target.name}" is forbidden: this namespace may not be deleted`, {
        name: target.name,
        kind: 'namespaces',
      });
    }
    if (dryRun) return { code: 200, body: existing, warnings: [] };
    if (resource.plural === 'pods') return { code: 200, body: this.writes.deletePod(target.namespace!, target.name!, grace), warnings: [] };
    if (resource.plural === 'namespaces') return { code: 200, body: this.writes.deleteNamespace(target.name!), warnings: [] };
    const removed = this.store.delete(resource, target.namespace, target.name!)!;
    this.writes.reactToWrite({ type: 'deleted', resource, object: removed, previous: existing, propagation });
    const details: Record<string, string> = { name: target.name!, kind: resource.plural, uid: existing.metadata.uid! };
    if (resource.group) details.group = resource.group;
    return { code: 200, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details }, warnings: [] };
  }

  // ---- the steps every write goes through ----

  private existing(target: ResourceRequest): KubeObject {
    this.requireNamespace(target);
    const existing = this.store.get(target.resource, target.namespace, target.name!);
    if (!existing) throw notFoundError(target);
    return existing;
  }

  /** A namespaced write needs its namespace, as the NamespaceLifecycle admission plugin checks; a create, one not terminating. */
  private requireNamespace(target: ResourceRequest, creating = false): void {
    if (!target.resource.namespaced || target.namespace === undefined) return;
    const namespace = this.store.get(namespaceType(), undefined, target.namespace);
    if (!namespace)
      throw new ApiError(404, 'NotFound', `namespaces "${target.namespace}" not found`, { name: target.namespace, kind: 'namespaces' });
    if (creating && namespace.metadata.deletionTimestamp) {
      throw new ApiError(
        403,
        'Forbidden',
        `${qualifiedResource(target.resource)} is forbidden: unable to create new content in namespace ${target.namespace} because it is being terminated`,
        {
          ...(target.resource.group ? { group: target.resource.group } : {}),
          kind: target.resource.plural,
          causes: [
            { reason: 'NamespaceTerminating', message: `namespace ${target.namespace} is being terminated`, field: 'metadata.namespace' },
          ],
        },
      );
    }
  }

  /** The body as the decoder reads it: an object of the URL's kind, unknown fields handled per fieldValidation. */
  private decode(
    body: unknown,
    resource: ResourceType,
    validation: FieldValidation,
    warnings: string[],
    verb: 'create' | 'update' | 'patch',
  ): KubeObject {
    const kind = resource.kind;
    const prefix = decodeErrorPrefix(resource, verb);
    if (!isRecord(body))
      throw badRequest(
        `${prefix}the body of the request was in an unknown format - accepted media types include: application/json, application/yaml`,
      );
    const object = structuredClone(body) as KubeObject;
    if (object.kind !== undefined && object.kind !== kind)
      throw badRequest(`${prefix}the object's kind (${String(object.kind)}) does not match the kind on the URL (${kind})`);
    if (object.apiVersion !== undefined && object.apiVersion !== apiVersionOf(resource)) {
      throw badRequest(
        `the API version in the data (${String(object.apiVersion)}) does not match the expected API version (${apiVersionOf(resource)})`,
      );
    }
    const findings = checkAgainstSchema(object, schemaOfKind(resource.group, kind), validation !== 'Strict');
    if (findings.typeError) throw badRequest(`${prefix}${findings.typeError}`);
    if (findings.unknown.length > 0) {
      if (validation === 'Strict')
        throw badRequest(`${prefix}strict decoding error: ${findings.unknown.map((path) => `unknown field "${path}"`).join(', ')}`);
      if (validation === 'Warn') warnings.push(...findings.unknown.map((path) => `unknown field "${path}"`));
    }
    if (!isRecord(object.metadata)) object.metadata = { name: '' };
    object.apiVersion = apiVersionOf(resource);
    object.kind = kind;
    return object;
  }

  private checkNamespace(target: ResourceRequest, object: KubeObject, creating = false): void {
    if (!target.resource.namespaced) {
      delete object.metadata.namespace;
      return;
    }
    if (object.metadata.namespace !== undefined && object.metadata.namespace !== '' && object.metadata.namespace !== target.namespace) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    object.metadata.namespace = target.namespace;
    this.requireNamespace(target, creating);
  }

  private checkName(target: ResourceRequest, object: KubeObject): void {
    if (object.metadata.name && object.metadata.name !== target.name)
      throw badRequest(`the name of the object (${object.metadata.name}) does not match the name on the URL (${target.name})`);
    object.metadata.name = target.name!;
  }

  private generatedName(target: ResourceRequest, prefix: string): string {
    const base = prefix.slice(0, 58);
    for (let attempt = 0; attempt < 8; attempt++) {
      const suffix = Array.from({ length: 5 }, () => generatedNameAlphabet[Math.floor(Math.random() * generatedNameAlphabet.length)]).join(
        '',
      );
      if (!this.store.get(target.resource, target.namespace, base + suffix)) return base + suffix;
    }
    throw new ApiError(500, 'InternalError', 'Internal error occurred: could not generate a unique name');
  }

  /** A scale subresource write: only spec.replicas changes, owned by the writer with subresource "scale". */
  private scaleTo(target: ResourceRequest, existing: KubeObject, body: unknown, options: WriteOptions): KubeObject {
    const scale = isRecord(body) ? body : {};
    const scaleMeta = isRecord(scale.metadata) ? scale.metadata : {};
    if (scaleMeta.resourceVersion && scaleMeta.resourceVersion !== existing.metadata.resourceVersion) throw modifiedConflict(target);
    if (scaleMeta.name !== undefined && scaleMeta.name !== target.name)
      throw badRequest(`the name of the object (${String(scaleMeta.name)}) does not match the name on the URL (${target.name})`);
    const replicas = isRecord(scale.spec) ? scale.spec.replicas : undefined;
    validateScale(replicas, target.name!);
    const next: KubeObject = { ...existing, spec: { ...(existing.spec as Loose), replicas } };
    return this.finish(target, existing, next, options, undefined);
  }

  /**
   * Identity and server-set metadata, defaults and admission, validation, generation, field ownership; then
   * stored (and the controllers told), unless this is a dry run or changes nothing.
   */
  private finish(
    target: ResourceRequest,
    previous: KubeObject | undefined,
    object: KubeObject,
    options: WriteOptions,
    appliedFields: ManagedFieldsEntry[] | undefined,
  ): KubeObject {
    const { resource } = target;
    const metadata = object.metadata;
    if (previous) {
      const sentVersion = metadata.resourceVersion;
      if (sentVersion && sentVersion !== previous.metadata.resourceVersion) throw modifiedConflict(target);
      if (metadata.uid && metadata.uid !== previous.metadata.uid) {
        throw new ApiError(
          409,
          'Conflict',
          `Operation cannot be fulfilled on ${qualifiedResource(resource)} "${target.name}": Precondition failed: UID in precondition: ${metadata.uid}, UID in object meta: ${previous.metadata.uid}`,
          { name: target.name, kind: resource.plural },
        );
      }
      object.metadata = {
        ...metadata,
        uid: previous.metadata.uid,
        creationTimestamp: previous.metadata.creationTimestamp,
        resourceVersion: previous.metadata.resourceVersion,
      };
      if (previous.metadata.deletionTimestamp) object.metadata.deletionTimestamp = previous.metadata.deletionTimestamp;
      if (previous.metadata.generation !== undefined) object.metadata.generation = previous.metadata.generation;
      else delete object.metadata.generation;
      // Writes to the main resource leave status alone, as the status subresource's strategy splits them.
      if (previous.status === undefined) delete object.status;
      else object.status = previous.status;
    } else {
      if (this.store.get(resource, target.namespace, metadata.name)) {
        throw new ApiError(409, 'AlreadyExists', `${qualifiedResource(resource)} "${metadata.name}" already exists`, {
          name: metadata.name,
          ...(resource.group ? { group: resource.group } : {}),
          kind: resource.plural,
        });
      }
      object.metadata = { ...metadata, uid: randomUUID(), creationTimestamp: isoSeconds(Date.now()) };
      delete object.metadata.resourceVersion;
      delete object.metadata.deletionTimestamp;
      delete object.metadata.generation;
      if (appsKinds.has(object.kind)) object.metadata.generation = 1;
      delete object.status;
      if (appsKinds.has(object.kind)) object.status = {};
    }
    if (!isRecord(object.spec) && ['Deployment', 'ReplicaSet', 'DaemonSet', 'Pod', 'Service'].includes(object.kind)) object.spec = {};
    applyDefaults(object, { allocateServiceIp: () => this.allocateServiceIp() });
    if (previous) {
      // Objects are defaulted when read too: a write that differs from the stored spec only by defaults keeps it.
      const storedDefaulted = structuredClone(previous);
      applyDefaults(storedDefaulted, { allocateServiceIp: () => '' });
      if (isDeepStrictEqual(storedDefaulted.spec, object.spec)) object.spec = previous.spec;
    }
    validateObject(object, resource.group, resource.namespaced, previous);
    if (appsKinds.has(object.kind)) refuseTemplateTooLarge(object, resource.group);
    if (!previous && object.kind === 'Pod') {
      admitPod(object);
      object.status = { phase: 'Pending', qosClass: qosClassOf((object.spec as { containers: ContainerSpec[] }).containers) };
    }
    if (!previous && object.kind === 'DaemonSet') {
      const nodes = this.nodeCount();
      if (nodes > MAX_DAEMONSET_PODS) {
        throw new ApiError(
          403,
          'Forbidden',
          `daemonsets.apps "${object.metadata.name}" is forbidden: the demo cluster simulates at most ${MAX_DAEMONSET_PODS} Pods per DaemonSet, and this one would run ${nodes} (one per node)`,
          { name: object.metadata.name, group: 'apps', kind: 'daemonsets' },
        );
      }
    }
    if (previous && appsKinds.has(object.kind) && !isDeepStrictEqual(object.spec, previous.spec))
      object.metadata.generation = (previous.metadata.generation ?? 1) + 1;
    object.metadata.managedFields = appliedFields ?? managedFieldsAfterUpdate(previous, object, options.writer);
    if (previous && unchanged(previous, object)) return previous;
    const bytes = storedBytes(object);
    refuseTooLarge(target, object, bytes);
    this.quota.check(resource, object, bytes, previous);
    if (options.dryRun) return object;
    const stored = previous ? this.store.update(resource, object) : this.store.create(resource, object);
    this.quota.record(resource, stored, bytes, !previous);
    this.writes.reactToWrite({ type: previous ? 'updated' : 'created', resource, object: stored, previous });
    return stored;
  }

  /** A free address of 10.96.0.0/16 (10.96.0.1 and .10 are the kubernetes and kube-dns Services'). */
  private allocateServiceIp(): string {
    const used = new Set(this.store.list(serviceType()).map((service) => (service.spec as Loose).clusterIP as string));
    for (let attempt = 0; attempt < 1000; attempt++) {
      const host = 11 + Math.floor(Math.random() * (65_534 - 11));
      const ip = `10.96.${host >> 8}.${host & 255}`;
      if (!used.has(ip) && (host & 255) !== 0 && (host & 255) !== 255) return ip;
    }
    throw new ApiError(500, 'InternalError', 'Internal error occurred: failed to allocate a serviceIP: range is full');
  }
}

function unchanged(previous: KubeObject, next: KubeObject): boolean {
  const strip = (object: KubeObject) => ({
    ...object,
    metadata: {
      ...object.metadata,
      managedFields: ((object.metadata.managedFields ?? []) as ManagedFieldsEntry[]).map((entry) => ({ ...entry, time: '' })),
    },
  });
  return isDeepStrictEqual(strip(previous), strip(next));
}

/**
 * An object etcd would refuse. The real server sends the write to etcd and answers its "request is too large" as
 * a 500; the demo answers before storing, with 413 and the sizes, so the reason is clear. (The store itself keeps
 * the real answer for anything that slips past: storedBytes measures before resourceVersion is set.)
 */
function refuseTooLarge(target: ResourceRequest, object: KubeObject, bytes: number): void {
  if (bytes <= MAX_OBJECT_BYTES) return;
  throw new ApiError(
    413,
    'RequestEntityTooLarge',
    `${qualifiedResource(target.resource)} "${object.metadata.name}" is too large: ${bytes} bytes, and etcd stores at most ${MAX_OBJECT_BYTES} bytes per object`,
    { name: object.metadata.name, ...(target.resource.group ? { group: target.resource.group } : {}), kind: target.resource.plural },
  );
}

/** Room a Pod keeps beyond what its template gives: the status and managed fields the scheduler and kubelet add. */
const POD_STATUS_ROOM_BYTES = 64 * 1024;

/**
 * A workload whose Pods etcd would refuse is refused itself: its template, made into a Pod as the controller makes
 * it, must leave room for the Pod's status. The real server would store the workload and fail every Pod create.
 */
function refuseTemplateTooLarge(workload: KubeObject, group: string): void {
  const template = (workload.spec as Loose).template as {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: PodTemplate['spec'];
  };
  const longestName = `${workload.metadata.name}-${'x'.repeat(16)}`;
  const pod = podFromTemplate(
    workload,
    { labels: template.metadata?.labels ?? {}, annotations: template.metadata?.annotations, spec: template.spec },
    longestName,
    { 'pod-template-hash': 'x'.repeat(10) },
    Date.now(),
  );
  const bytes = storedBytes(pod);
  const limit = MAX_OBJECT_BYTES - POD_STATUS_ROOM_BYTES;
  if (bytes <= limit) return;
  throw invalid(workload.kind, group, workload.metadata.name, [
    {
      field: 'spec.template',
      reason: 'FieldValueTooLong',
      message: `Too long: a Pod made from this template would hold ${bytes} bytes; at most ${limit} leave room for its status within etcd's ${MAX_OBJECT_BYTES} bytes per object`,
    },
  ]);
}

function modifiedConflict(target: ResourceRequest): ApiError {
  return new ApiError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedResource(target.resource)} "${target.name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name: target.name, ...(target.resource.group ? { group: target.resource.group } : {}), kind: target.resource.plural },
  );
}

function unsupportedPatchType(): ApiError {
  return new ApiError(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json',
  );
}

function unsupportedUpdateType(): ApiError {
  return new ApiError(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  );
}

/** How the decoder's errors begin: a patched object is decoded without naming the kind. */
function decodeErrorPrefix(resource: ResourceType, verb: 'create' | 'update' | 'patch'): string {
  return verb === 'patch' ? '' : `${resource.kind} in version "${resource.version}" cannot be handled as a ${resource.kind}: `;
}

/**
 * A key repeated in a JSON body, as the decoder treats it per fieldValidation: Strict refuses it (400, worded as
 * for an unknown field), Warn warns, Ignore keeps the last value as JSON.parse does.
 */
function duplicateFieldCheck(
  resource: ResourceType,
  validation: FieldValidation,
  warnings: string[],
  verb: 'create' | 'update' | 'patch',
): ((path: string) => void) | undefined {
  if (validation === 'Ignore') return undefined;
  const prefix = decodeErrorPrefix(resource, verb);
  return (path) => {
    if (validation === 'Strict') throw badRequest(`${prefix}strict decoding error: duplicate field "${path}"`);
    warnings.push(`duplicate field "${path}"`);
  };
}

/** What a body sent to the resource's URL must be: its kind, in its group version. */
function kindOf(resource: ResourceType): ExpectedKind {
  return { apiVersion: apiVersionOf(resource), kind: resource.kind };
}

function namespaceType(): ResourceType {
  return findResourceType('', 'v1', 'namespaces')!;
}

function serviceType(): ResourceType {
  return findResourceType('', 'v1', 'services')!;
}
