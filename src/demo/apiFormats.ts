/** How the demo's API server words its answers: list pages and continue tokens, tables and metadata, discovery. */
import { resourceTypes, type KubeObject, type ResourceType } from './resources';
import { badRequest } from './status';
import { jsonOf } from './store';
import { kubernetesVersion } from './fixture';

export const MAX_BODY_BYTES = 3 * 1024 * 1024;
export const MAX_WATCH_BUFFER_BYTES = 16 * 1024 * 1024;
export const DEFAULT_WATCH_TIMEOUT_SECONDS = 1800;

export const gitVersion = kubernetesVersion;

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function parseBoolean(value: string | null): boolean {
  return value === 'true' || value === '1';
}

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(rv: number, lastKey: string): string {
  // The real server's format: base64 of {"v":"meta.k8s.io/v1","rv":N,"start":"<key>\u0000"}.
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: `${lastKey}\u0000` })).toString('base64');
}

export function decodeContinue(token: string): ContinueToken {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { v?: string; rv?: number; start?: string };
    if (parsed.v !== 'meta.k8s.io/v1' || typeof parsed.rv !== 'number' || typeof parsed.start !== 'string') throw new Error('bad token');
    return { rv: parsed.rv, start: parsed.start };
  } catch {
    throw badRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
}

export const continueTooOld =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

export type ResponseForm = 'object' | 'table' | 'metadata';

export function responseForm(accept: string | undefined): ResponseForm {
  if (!accept) return 'object';
  for (const part of accept.split(',')) {
    const params = part.split(';').map((piece) => piece.trim());
    if (params[0] !== 'application/json' && params[0] !== '*/*') continue;
    const as = params.find((piece) => piece.startsWith('as='))?.slice(3);
    const group = params.find((piece) => piece.startsWith('g='))?.slice(2);
    if (!as) return 'object';
    if (group !== 'meta.k8s.io') continue;
    if (as === 'Table') return 'table';
    if (as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') return 'metadata';
  }
  return 'object';
}

export function listKind(resource: ResourceType): string {
  return `${resource.kind}List`;
}

/** The JSON of an object without its apiVersion and kind, as the real server writes list items. */
export function itemJson(object: KubeObject): string {
  const json = jsonOf(object);
  const prefix = `{"apiVersion":${JSON.stringify(object.apiVersion)},"kind":${JSON.stringify(object.kind)},`;
  return json.startsWith(prefix) ? `{${json.slice(prefix.length)}` : json;
}

export function partialMetadata(object: KubeObject): Record<string, unknown> {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata };
}

export interface ResourceRequest {
  resource: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: string;
  legacyWatch: boolean;
}

export function verbsOf(resource: ResourceType): string[] {
  return resource.verbs;
}

export function apiResourceList(groupVersion: string, group: string, version: string): Record<string, unknown> {
  const resources: Record<string, unknown>[] = [];
  for (const type of resourceTypes.filter((candidate) => candidate.group === group && candidate.version === version)) {
    const entry: Record<string, unknown> = {
      name: type.plural,
      singularName: type.singular,
      namespaced: type.namespaced,
      kind: type.kind,
      verbs: verbsOf(type),
    };
    if (type.shortNames) entry.shortNames = type.shortNames;
    if (type.categories) entry.categories = type.categories;
    resources.push(entry);
    if (type.plural === 'deployments') {
      resources.push({
        name: 'deployments/scale',
        singularName: '',
        namespaced: true,
        group: 'autoscaling',
        version: 'v1',
        kind: 'Scale',
        verbs: ['get', 'patch', 'update'],
      });
    }
    if (type.plural === 'pods') {
      resources.push({ name: 'pods/log', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get'] });
      resources.push({ name: 'pods/status', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get'] });
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources };
}

/**
 * The HTTP layer: Kubernetes REST paths, authentication, discovery, list/get/watch with their query semantics,
 * Status errors, and the scenario switches (latency, RBAC denials, cut and expired watches).
 */
