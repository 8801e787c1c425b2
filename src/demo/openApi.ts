/**
 * The demo's OpenAPI, as kube-apiserver publishes it: `/openapi/v3` (discovery, then one document per
 * group-version, addressed by a content hash) and `/openapi/v2` (one Swagger document). It covers the kinds
 * the demo serves, with Kubernetes' own descriptions (generated into openapi/kubernetes.json by
 * scripts/openapi/generate.ts), so hovers and `kubectl explain` work against the demo as against a cluster.
 */
import { createHash } from 'node:crypto';
import generated from './openapi/kubernetes.json';
import { resourceTypes } from './resources';
import { patchMergeKeys } from './apiPatches';

type Schema = Record<string, unknown>;

const schemas = generated.schemas as Record<string, Schema>;

function groupVersionPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

const info = { title: 'Kubernetes', version: generated.kubernetesVersion };

/** Schemas the write operations name besides the kinds: patch bodies, delete options, Status, Scale. */
const operationSchemas: Record<string, Schema> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.Patch': {
    type: 'object',
    description: 'Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.',
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions': {
    type: 'object',
    description: 'Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out.',
    properties: {
      resourceVersion: { type: 'string', description: 'Specifies the target ResourceVersion' },
      uid: { type: 'string', description: 'Specifies the target UID.' },
    },
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions': {
    type: 'object',
    description: 'DeleteOptions may be provided when deleting an API object.',
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.' },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.' },
      dryRun: {
        type: 'array',
        items: { type: 'string', default: '' },
        description: 'When present, indicates that modifications should not be persisted.',
        'x-kubernetes-list-type': 'atomic',
      },
      gracePeriodSeconds: { type: 'integer', format: 'int64', description: 'The duration in seconds before the object should be deleted.' },
      preconditions: {
        allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions' }],
        description: 'Must be fulfilled before a deletion is carried out.',
      },
      propagationPolicy: {
        type: 'string',
        description: "Whether and how garbage collection will be performed. Acceptable values are: 'Orphan', 'Background', 'Foreground'.",
      },
    },
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Status': {
    type: 'object',
    description: "Status is a return value for calls that don't return other objects.",
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.' },
      code: { type: 'integer', format: 'int32', description: 'Suggested HTTP return code for this status, 0 if not set.' },
      details: { type: 'object', description: 'Extended data associated with the reason.', 'x-kubernetes-preserve-unknown-fields': true },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.' },
      message: { type: 'string', description: 'A human-readable description of the status of this operation.' },
      metadata: { type: 'object', description: 'Standard list metadata.', 'x-kubernetes-preserve-unknown-fields': true },
      reason: { type: 'string', description: 'A machine-readable description of why this operation is in the "Failure" status.' },
      status: { type: 'string', description: 'Status of the operation. One of: "Success" or "Failure".' },
    },
    'x-kubernetes-group-version-kind': [{ group: '', kind: 'Status', version: 'v1' }],
  },
  'io.k8s.api.autoscaling.v1.Scale': {
    type: 'object',
    description: 'Scale represents a scaling request for a resource.',
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.' },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.' },
      metadata: {
        allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }],
        description: 'Standard object metadata.',
      },
      spec: {
        type: 'object',
        description: 'spec defines the behavior of the scale.',
        properties: {
          replicas: { type: 'integer', format: 'int32', description: 'replicas is the desired number of instances for the scaled object.' },
        },
      },
      status: {
        type: 'object',
        description: 'status is the current status of the scale.',
        properties: {
          replicas: {
            type: 'integer',
            format: 'int32',
            description: 'replicas is the actual number of observed instances of the scaled object.',
            default: 0,
          },
          selector: { type: 'string', description: 'selector is the label query over pods that should match the replicas count.' },
        },
        required: ['replicas'],
      },
    },
    'x-kubernetes-group-version-kind': [{ group: 'autoscaling', kind: 'Scale', version: 'v1' }],
  },
};

/** The kinds' schemas with the strategic-merge keys of their lists, as the real OpenAPI publishes them. */
const publishedSchemas: Record<string, Schema> = (() => {
  const result: Record<string, Schema> = { ...schemas, ...operationSchemas };
  for (const [name, keys] of Object.entries(patchMergeKeys)) {
    const schema = result[name];
    if (!schema?.properties) continue;
    const properties = { ...(schema.properties as Record<string, Schema>) };
    for (const [property, key] of Object.entries(keys)) {
      if (properties[property])
        properties[property] = { ...properties[property], 'x-kubernetes-patch-merge-key': key, 'x-kubernetes-patch-strategy': 'merge' };
    }
    result[name] = { ...schema, properties };
  }
  return result;
})();

const queryParameter = (name: string, description: string, type = 'string') => ({
  name,
  in: 'query',
  description,
  schema: { type, uniqueItems: true },
});
const dryRun = queryParameter(
  'dryRun',
  'When present, indicates that modifications should not be persisted. An invalid or unrecognized dryRun directive will result in an error response and no further processing of the request. Valid values are: - All: all dry run stages will be processed',
);
const fieldManager = queryParameter(
  'fieldManager',
  'fieldManager is a name associated with the actor or entity that is making these changes. The value must be less than or 128 characters long, and only contain printable characters, as defined by https://golang.org/pkg/unicode/#IsPrint.',
);
const fieldValidation = queryParameter(
  'fieldValidation',
  'fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore - Warn (the default) - Strict',
);
const force = queryParameter(
  'force',
  'Force is going to "force" Apply requests. It means user will re-acquire conflicting fields owned by other people. Force flag must be unset for non-apply patch requests.',
  'boolean',
);
const gracePeriod = queryParameter('gracePeriodSeconds', 'The duration in seconds before the object should be deleted.', 'integer');
const propagationPolicy = queryParameter(
  'propagationPolicy',
  "Whether and how garbage collection will be performed. Acceptable values are: 'Orphan', 'Background', 'Foreground'.",
);
const pathParameter = (name: string, description: string) => ({
  name,
  in: 'path',
  description,
  required: true,
  schema: { type: 'string', uniqueItems: true },
});
const patchTypes = [
  'application/apply-patch+yaml',
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
];

function jsonResponse(description: string, schema: string) {
  return { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } };
}

/**
 * The operations of each resource, with its kind: kubectl explain finds a resource's schema through the
 * `x-kubernetes-group-version-kind` of its path's `get`, and kubectl's field validation checks that the
 * `patch` of the kind takes the `fieldValidation` parameter (QueryParamVerifierV3) before it sends writes.
 */
function operations(groupVersion: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const resource of resourceTypes) {
    if (groupVersionPath(resource.group, resource.version) !== groupVersion) continue;
    const kind = generated.kinds.find((candidate) => candidate.kind === resource.kind && candidate.group === resource.group)!;
    const gvk = { group: resource.group, version: resource.version, kind: resource.kind };
    const scope = resource.namespaced ? 'Namespaced' : '';
    const collection = `/${groupVersion}/${resource.namespaced ? 'namespaces/{namespace}/' : ''}${resource.plural}`;
    const common = [
      ...(resource.namespaced ? [pathParameter('namespace', 'object name and auth scope, such as for teams and projects')] : []),
    ];
    const itemParameters = [pathParameter('name', `name of the ${resource.kind}`), ...common];
    const writable = resource.verbs.includes('create');
    const operation = (verb: string, action: string, description: string, extra: Record<string, unknown>) => ({
      description,
      operationId: `${verb}${scope}${resource.kind}`,
      ...extra,
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
    });
    const ok = jsonResponse('OK', kind.schema);
    const item: Record<string, unknown> = {
      get: operation('read', 'get', `read the specified ${resource.kind}`, { responses: { 200: ok } }),
    };
    const list: Record<string, unknown> = {};
    if (writable) {
      item.put = operation('replace', 'put', `replace the specified ${resource.kind}`, {
        parameters: [dryRun, fieldManager, fieldValidation],
        requestBody: { content: { '*/*': { schema: { $ref: `#/components/schemas/${kind.schema}` } } }, required: true },
        responses: { 200: ok, 201: jsonResponse('Created', kind.schema) },
      });
      item.patch = operation('patch', 'patch', `partially update the specified ${resource.kind}`, {
        parameters: [dryRun, fieldManager, fieldValidation, force],
        requestBody: {
          content: Object.fromEntries(
            patchTypes.map((type) => [type, { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } }]),
          ),
          required: true,
        },
        responses: { 200: ok, 201: jsonResponse('Created', kind.schema) },
      });
      item.delete = operation('delete', 'delete', `delete a ${resource.kind}`, {
        parameters: [dryRun, gracePeriod, propagationPolicy],
        requestBody: {
          content: { '*/*': { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions' } } },
        },
        responses: {
          200: jsonResponse('OK', 'io.k8s.apimachinery.pkg.apis.meta.v1.Status'),
          202: jsonResponse('Accepted', 'io.k8s.apimachinery.pkg.apis.meta.v1.Status'),
        },
      });
      list.post = operation('create', 'post', `create a ${resource.kind}`, {
        parameters: [dryRun, fieldManager, fieldValidation],
        requestBody: { content: { '*/*': { schema: { $ref: `#/components/schemas/${kind.schema}` } } }, required: true },
        responses: { 200: ok, 201: jsonResponse('Created', kind.schema), 202: jsonResponse('Accepted', kind.schema) },
      });
    }
    paths[`${collection}/{name}`] = { ...item, parameters: itemParameters };
    if (Object.keys(list).length > 0) paths[collection] = { ...list, parameters: common };
    if (resource.plural === 'deployments') {
      const scale = 'io.k8s.api.autoscaling.v1.Scale';
      const scaleGvk = { group: 'autoscaling', version: 'v1', kind: 'Scale' };
      const scaleOperation = (verb: string, action: string, description: string, extra: Record<string, unknown>) => ({
        description,
        operationId: `${verb}${scope}${resource.kind}Scale`,
        ...extra,
        'x-kubernetes-action': action,
        'x-kubernetes-group-version-kind': scaleGvk,
      });
      paths[`${collection}/{name}/scale`] = {
        get: scaleOperation('read', 'get', `read scale of the specified ${resource.kind}`, {
          responses: { 200: jsonResponse('OK', scale) },
        }),
        put: scaleOperation('replace', 'put', `replace scale of the specified ${resource.kind}`, {
          parameters: [dryRun, fieldManager, fieldValidation],
          requestBody: { content: { '*/*': { schema: { $ref: `#/components/schemas/${scale}` } } }, required: true },
          responses: { 200: jsonResponse('OK', scale) },
        }),
        patch: scaleOperation('patch', 'patch', `partially update scale of the specified ${resource.kind}`, {
          parameters: [dryRun, fieldManager, fieldValidation, force],
          requestBody: {
            content: Object.fromEntries(
              patchTypes.map((type) => [type, { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } }]),
            ),
            required: true,
          },
          responses: { 200: jsonResponse('OK', scale) },
        }),
        parameters: itemParameters,
      };
    }
  }
  return paths;
}

/** Every schema `roots` reach through references, roots included (kinds and operation schemas). */
function reachable(roots: readonly string[]): Record<string, Schema> {
  const found: Record<string, Schema> = {};
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (name in found || !publishedSchemas[name]) continue;
    found[name] = publishedSchemas[name]!;
    JSON.stringify(publishedSchemas[name], (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') pending.push(value.slice('#/components/schemas/'.length));
      return value;
    });
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** Swagger 2.0 form of the v3 operations: parameters typed inline, bodies as "body" parameters. */
function swaggerPaths(): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const convert = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', '#/definitions/'));
  for (const path of new Set(generated.kinds.map((kind) => groupVersionPath(kind.group, kind.version)))) {
    for (const [route, item] of Object.entries(operations(path))) {
      const converted: Record<string, unknown> = {};
      for (const [method, operation] of Object.entries(item as Record<string, Record<string, unknown>>)) {
        if (method === 'parameters') {
          converted.parameters = (
            operation as unknown as { name: string; in: string; description: string; required?: boolean; schema: { type: string } }[]
          ).map(({ schema, ...rest }) => ({ ...rest, type: schema.type, uniqueItems: true }));
          continue;
        }
        const { requestBody, responses, parameters, ...rest } = operation as {
          requestBody?: { content: Record<string, { schema: unknown }>; required?: boolean };
          responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
          parameters?: { name: string; in: string; description: string; schema: { type: string } }[];
        };
        const swaggerParameters: unknown[] = (parameters ?? []).map(({ schema, ...parameter }) => ({
          ...parameter,
          type: schema.type,
          uniqueItems: true,
        }));
        if (requestBody)
          swaggerParameters.unshift({
            name: 'body',
            in: 'body',
            required: requestBody.required ?? false,
            schema: convert(Object.values(requestBody.content)[0]!.schema),
          });
        const consumes = requestBody ? Object.keys(requestBody.content) : undefined;
        converted[method] = {
          ...rest,
          ...(consumes ? { consumes } : {}),
          produces: ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'],
          schemes: ['https'],
          ...(swaggerParameters.length > 0 ? { parameters: swaggerParameters } : {}),
          responses: Object.fromEntries(
            Object.entries(responses).map(([code, response]) => [
              code,
              {
                description: response.description,
                ...(response.content ? { schema: convert(Object.values(response.content)[0]!.schema) } : {}),
              },
            ]),
          ),
        };
      }
      result[route] = converted;
    }
  }
  return result;
}

interface V3Document {
  readonly body: string;
  readonly hash: string;
}

let v3Documents: Map<string, V3Document> | undefined;
let v2Document: string | undefined;

function documentsV3(): Map<string, V3Document> {
  if (v3Documents) return v3Documents;
  const byGroupVersion = new Map<string, string[]>();
  for (const kind of generated.kinds) {
    const path = groupVersionPath(kind.group, kind.version);
    byGroupVersion.set(path, [...(byGroupVersion.get(path) ?? []), kind.schema]);
  }
  v3Documents = new Map();
  for (const [path, roots] of byGroupVersion) {
    const body = JSON.stringify({
      openapi: '3.0.0',
      info,
      paths: operations(path),
      components: { schemas: reachable([...roots, ...Object.keys(operationSchemas)]) },
    });
    v3Documents.set(path, { body, hash: createHash('sha512').update(body).digest('hex').slice(0, 128).toUpperCase() });
  }
  return v3Documents;
}

/** `/openapi/v3`: where each group-version's document is. */
export function openApiV3Discovery(): string {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const [path, document] of documentsV3()) paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${document.hash}` };
  return JSON.stringify({ paths });
}

/** `/openapi/v3/<group-version path>`; undefined for one the demo does not serve. */
export function openApiV3Document(groupVersion: string): string | undefined {
  return documentsV3().get(groupVersion)?.body;
}

/** `/openapi/v2`: every schema in one Swagger 2.0 document, references rewritten to `#/definitions/`. */
export function openApiV2Document(): string {
  v2Document ??= JSON.stringify({ swagger: '2.0', info, paths: swaggerPaths(), definitions: publishedSchemas }, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string') return value.replace('#/components/schemas/', '#/definitions/');
    // Swagger 2.0 has no allOf-beside-description idiom for references: the reference stands alone there.
    if (value && typeof value === 'object' && 'allOf' in value && Array.isArray((value as { allOf: unknown[] }).allOf)) {
      const { allOf, ...rest } = value as { allOf: Schema[] };
      return { ...allOf[0], ...rest };
    }
    return value;
  });
  return v2Document;
}
