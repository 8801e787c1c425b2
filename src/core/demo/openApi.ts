/**
 * The demo's OpenAPI, as kube-apiserver publishes it: `/openapi/v3` (discovery, then one document per
 * group-version, addressed by a content hash) and `/openapi/v2` (one Swagger document). It covers the kinds
 * the demo serves, with Kubernetes' own descriptions (generated into openapi/kubernetes.json by
 * scripts/openapi/generate.ts), so hovers and `kubectl explain` work against the demo as against a cluster.
 */
import { createHash } from 'node:crypto';
import generated from './openapi/kubernetes.json';
import { resourceTypes } from './resources';

type Schema = Record<string, unknown>;

const schemas = generated.schemas as Record<string, Schema>;

function groupVersionPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

/** Every schema `roots` reach through references, roots included. */
function reachable(roots: readonly string[]): Record<string, Schema> {
  const found: Record<string, Schema> = {};
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (name in found || !schemas[name]) continue;
    found[name] = schemas[name]!;
    JSON.stringify(schemas[name], (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') pending.push(value.slice('#/components/schemas/'.length));
      return value;
    });
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

const info = { title: 'Kubernetes', version: generated.kubernetesVersion };

/**
 * The read operation of each resource, with its kind: kubectl explain finds a resource's schema through the
 * `x-kubernetes-group-version-kind` of its path's `get`, as on a real server.
 */
function operations(groupVersion: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const resource of resourceTypes) {
    if (groupVersionPath(resource.group, resource.version) !== groupVersion) continue;
    const kind = generated.kinds.find((candidate) => candidate.kind === resource.kind && candidate.group === resource.group)!;
    const item = `/${groupVersion}/${resource.namespaced ? 'namespaces/{namespace}/' : ''}${resource.plural}/{name}`;
    paths[item] = {
      get: {
        description: `read the specified ${resource.kind}`,
        operationId: `read${resource.kind}`,
        responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${kind.schema}` } } } } },
        'x-kubernetes-action': 'get',
        'x-kubernetes-group-version-kind': { group: resource.group, version: resource.version, kind: resource.kind },
      },
    };
  }
  return paths;
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
    const body = JSON.stringify({ openapi: '3.0.0', info, paths: operations(path), components: { schemas: reachable(roots) } });
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
  v2Document ??= JSON.stringify({ swagger: '2.0', info, paths: {}, definitions: schemas }, (key, value: unknown) => {
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
