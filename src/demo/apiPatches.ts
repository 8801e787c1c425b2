/** The request bodies of the writes the demo serves: reading them safely, merge and JSON patches, the Scale subresource. */
import type { IncomingMessage } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { errorMessage } from '../core/util/errors';
import { MAX_BODY_BYTES } from './apiFormats';
import { type KubeObject } from './resources';
import { ApiError, badRequest } from './status';
import {
  duplicateJsonKeyPath,
  isPrototypeKey,
  jsonNestsDeeperThan,
  MAX_BODY_DEPTH,
  prototypeKeyPath,
  unknownField,
} from './writeValidation';
import { propertySchema } from './schemaCheck';
import { decodeProtobufObject, type ExpectedKind, PROTOBUF_MEDIA_TYPE, ProtobufDecodeError, ProtobufKindError } from './protobuf/decode';

export function unsupportedMediaType(): ApiError {
  return new ApiError(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json',
  );
}

export function scaleOf(deployment: KubeObject): Record<string, unknown> {
  const spec = deployment.spec as { replicas?: number; selector?: { matchLabels?: Record<string, string> } };
  const status = deployment.status as { replicas?: number } | undefined;
  const selector = Object.entries(spec.selector?.matchLabels ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: deployment.metadata.name,
      namespace: deployment.metadata.namespace,
      uid: deployment.metadata.uid,
      resourceVersion: deployment.metadata.resourceVersion,
      creationTimestamp: deployment.metadata.creationTimestamp,
    },
    spec: { replicas: spec.replicas ?? 1 },
    status: { replicas: status?.replicas ?? 0, selector },
  };
}

/** RFC 7386 JSON merge patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (key.startsWith('$')) continue; // strategic-merge directives
    if (isPrototypeKey(key)) throw unknownField(key);
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** RFC 6902 JSON patch (add, remove, replace, test, copy, move). */
export function jsonPatch(target: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations)) throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let document = structuredClone(target);
  let copiedBytes = 0;
  const pointer = (path: unknown): string[] => {
    if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
      throw badRequest(`the server rejected our request due to an error in our request: invalid JSON pointer ${String(path)}`);
    const parts =
      path === ''
        ? []
        : path
            .slice(1)
            .split('/')
            .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    const prototypeKey = parts.find(isPrototypeKey);
    if (prototypeKey !== undefined) throw unknownField(parts.join('.'));
    return parts;
  };
  const parentOf = (parts: string[]): [Record<string, unknown> | unknown[], string] => {
    let node: unknown = document;
    for (const part of parts.slice(0, -1)) {
      if (node === null || typeof node !== 'object')
        throw new ApiError(
          422,
          'Invalid',
          `the server rejected our request due to an error in our request: path not found: ${parts.join('/')}`,
        );
      node = Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (node === null || typeof node !== 'object')
      throw new ApiError(
        422,
        'Invalid',
        `the server rejected our request due to an error in our request: path not found: ${parts.join('/')}`,
      );
    return [node as Record<string, unknown>, parts[parts.length - 1]!];
  };
  const read = (parts: string[]): unknown => {
    if (parts.length === 0) return document;
    const [parent, key] = parentOf(parts);
    if (Array.isArray(parent)) return parent[arrayIndex(key, parent.length, 'read')];
    return (parent as Record<string, unknown>)[key];
  };
  const add = (parts: string[], value: unknown) => {
    if (parts.length === 0) {
      document = value;
      return;
    }
    const [parent, key] = parentOf(parts);
    if (Array.isArray(parent)) parent.splice(key === '-' ? parent.length : arrayIndex(key, parent.length, 'add'), 0, value);
    else parent[key] = value;
  };
  const remove = (parts: string[]) => {
    const [parent, key] = parentOf(parts);
    if (Array.isArray(parent)) parent.splice(arrayIndex(key, parent.length, 'remove'), 1);
    else {
      if (!(key in parent))
        throw new ApiError(
          422,
          'Invalid',
          `the server rejected our request due to an error in our request: Unable to remove nonexistent key: ${key}: missing value`,
        );
      delete parent[key];
    }
  };
  for (const operation of operations as { op?: string; path?: unknown; from?: unknown; value?: unknown }[]) {
    const parts = pointer(operation.path);
    switch (operation.op) {
      case 'add':
        add(parts, structuredClone(operation.value));
        break;
      case 'remove':
        remove(parts);
        break;
      case 'replace':
        read(parts); // json-patch reads the old value first: an index it cannot read is refused, not appended
        remove(parts);
        add(parts, structuredClone(operation.value));
        break;
      case 'test':
        if (JSON.stringify(read(parts)) !== JSON.stringify(operation.value))
          throw new ApiError(422, 'Invalid', 'the server rejected our request due to an error in our request: testing value failed');
        break;
      case 'copy': {
        // Each copy can double the document: a few dozen would fill the memory. Copies add at most a body's size.
        const copied = read(pointer(operation.from));
        copiedBytes += JSON.stringify(copied)?.length ?? 0;
        if (copiedBytes > MAX_BODY_BYTES)
          throw new ApiError(
            422,
            'Invalid',
            'the server rejected our request due to an error in our request: the copies of this patch add more than 3145728 bytes',
          );
        add(parts, structuredClone(copied));
        break;
      }
      case 'move': {
        const from = pointer(operation.from);
        const value = read(from);
        remove(from);
        add(parts, value);
        break;
      }
      default:
        throw badRequest(`Unexpected kind: ${String(operation.op)}`);
    }
  }
  return document;
}

/**
 * An array index of a JSON pointer, read as kube-apiserver's json-patch library reads it: an integer as Go's
 * strconv.Atoi takes it ("abc" is refused), within the array (the position after the last item too, for add).
 * The library's non-standard negative indices count from the end for add and remove, as the real server does
 * ("-1" removes the last item, and adds after it); reading one (test, copy, move, replace) is refused here, where the
 * library would index out of range.
 */
function arrayIndex(key: string, length: number, use: 'add' | 'remove' | 'read'): number {
  if (!/^[-+]?\d{1,18}$/.test(key)) {
    throw new ApiError(
      422,
      'Invalid',
      `the server rejected our request due to an error in our request: value was not a proper array index: '${key}': strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`,
    );
  }
  const size = use === 'add' ? length + 1 : length;
  const index = Number(key);
  const invalid = () =>
    new ApiError(
      422,
      'Invalid',
      `the server rejected our request due to an error in our request: Unable to access invalid index: ${key}: invalid index referenced`,
    );
  if (index >= size) throw invalid();
  if (index >= 0) return index;
  if (use === 'read' || index < -size) throw invalid();
  return index + size;
}

/**
 * The merge key of each list that a strategic merge patch merges item by item (the x-kubernetes-patch-merge-key
 * of the real OpenAPI); every other list is replaced whole.
 */
export const patchMergeKeys: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'io.k8s.api.core.v1.PodSpec': {
    containers: 'name',
    initContainers: 'name',
    ephemeralContainers: 'name',
    volumes: 'name',
    imagePullSecrets: 'name',
    hostAliases: 'ip',
  },
  'io.k8s.api.core.v1.Container': { ports: 'containerPort', env: 'name', volumeMounts: 'mountPath', volumeDevices: 'devicePath' },
  'io.k8s.api.core.v1.ServiceSpec': { ports: 'port' },
  'io.k8s.api.core.v1.PodStatus': { conditions: 'type' },
  'io.k8s.api.apps.v1.DeploymentStatus': { conditions: 'type' },
  'io.k8s.api.apps.v1.ReplicaSetStatus': { conditions: 'type' },
  'io.k8s.api.apps.v1.DaemonSetStatus': { conditions: 'type' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { ownerReferences: 'uid' },
};

/** Lists of scalars a strategic merge patch merges as sets. */
const mergedScalarLists: Readonly<Record<string, readonly string[]>> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': ['finalizers'],
};

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A strategic merge patch (kubectl apply, edit, rollout restart, set image): maps merged field by field, lists
 * with a merge key merged item by item (`$patch: delete` removes one), `$setElementOrder`, `$retainKeys`,
 * `$deleteFromPrimitiveList` and `$patch: replace` as the real server reads them.
 */
export function strategicMergePatch(target: unknown, patch: unknown, schemaName: string | undefined): unknown {
  if (!isRecord(patch)) return patch;
  if (patch.$patch === 'delete') return undefined;
  const replacing = patch.$patch === 'replace';
  const result: Loose = isRecord(target) && !replacing ? { ...target } : {};
  const retainKeys = Array.isArray(patch.$retainKeys) ? new Set(patch.$retainKeys as string[]) : undefined;
  if (retainKeys) for (const key of Object.keys(result)) if (!retainKeys.has(key)) delete result[key];
  for (const [key, value] of Object.entries(patch)) {
    if (isPrototypeKey(key)) throw unknownField(key);
    if (key.startsWith('$deleteFromPrimitiveList/')) {
      const field = key.slice('$deleteFromPrimitiveList/'.length);
      if (Array.isArray(result[field]) && Array.isArray(value))
        result[field] = (result[field] as unknown[]).filter((item) => !value.includes(item));
      continue;
    }
    if (key.startsWith('$')) continue;
    if (value === null) {
      delete result[key];
      continue;
    }
    const { name: childSchema } = propertySchema(schemaName, key);
    if (Array.isArray(value)) {
      result[key] = mergeList(result[key], value, schemaName, key, childSchema);
    } else {
      const merged = strategicMergePatch(result[key], value, childSchema);
      if (merged === undefined) delete result[key];
      else result[key] = merged;
    }
  }
  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith('$setElementOrder/') || !Array.isArray(order)) continue;
    const field = key.slice('$setElementOrder/'.length);
    const mergeKey = schemaName ? patchMergeKeys[schemaName]?.[field] : undefined;
    if (mergeKey && Array.isArray(result[field])) result[field] = orderedBy(result[field] as unknown[], order, mergeKey);
  }
  return result;
}

function orderedBy(items: unknown[], order: unknown[], mergeKey: string): unknown[] {
  const position = (item: unknown) => {
    const index = order.findIndex((entry) => isRecord(entry) && isRecord(item) && entry[mergeKey] === item[mergeKey]);
    return index < 0 ? order.length : index;
  };
  return [...items].sort((a, b) => position(a) - position(b));
}

function mergeList(
  current: unknown,
  patch: unknown[],
  schemaName: string | undefined,
  field: string,
  itemSchema: string | undefined,
): unknown[] {
  const mergeKey = schemaName ? patchMergeKeys[schemaName]?.[field] : undefined;
  if (schemaName && mergedScalarLists[schemaName]?.includes(field)) {
    const existing = Array.isArray(current) ? current : [];
    return [...existing, ...patch.filter((item) => !existing.includes(item))];
  }
  if (!mergeKey || patch.some((item) => isRecord(item) && item.$patch === 'replace')) {
    return patch
      .filter((item) => !(isRecord(item) && item.$patch === 'replace'))
      .map((item) => strategicMergePatch(undefined, item, itemSchema));
  }
  const result = Array.isArray(current) ? [...current] : [];
  for (const item of patch) {
    if (!isRecord(item)) continue;
    const index = result.findIndex((existing) => isRecord(existing) && existing[mergeKey] === item[mergeKey]);
    if (item.$patch === 'delete') {
      if (index >= 0) result.splice(index, 1);
      continue;
    }
    const merged = strategicMergePatch(index >= 0 ? result[index] : undefined, item, itemSchema);
    if (index >= 0) result[index] = merged;
    else result.push(merged);
  }
  return result;
}

/** The request body's media type, without parameters ("application/json; charset=utf-8" → "application/json"). */
export function mediaTypeOf(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim();
}

/**
 * A write's body: size-capped, depth-checked, and free of prototype keys. JSON, YAML for apply patches (aliases
 * capped: a few anchors must not expand into gigabytes), or protobuf where the request names the kind it carries
 * (`expected`: creates, updates and deletes), decoded into the JSON object it stands for. `onDuplicateField`, when
 * given, hears of the first key a JSON object repeats (strict field validation refuses it, Warn warns).
 */
export async function readRequestBody(
  request: IncomingMessage,
  format: 'json' | 'yaml' = 'json',
  expected?: ExpectedKind,
  onDuplicateField?: (path: string) => void,
): Promise<unknown> {
  const isProtobuf = mediaTypeOf(request) === PROTOBUF_MEDIA_TYPE;
  if (isProtobuf && !expected) {
    request.resume();
    throw new ApiError(
      415,
      'UnsupportedMediaType',
      'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    // Past the limit, read on and discard so the client gets the 413 instead of a reset; give up on floods.
    if (size > MAX_BODY_BYTES * 16) request.destroy();
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) throw new ApiError(413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728');
  const bytes = Buffer.concat(chunks);
  if (isProtobuf) return bytes.length === 0 ? undefined : protobufBody(bytes, expected!);
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  // Before parsing: every later walk of the body is recursive.
  if (format === 'json' && jsonNestsDeeperThan(text, MAX_BODY_DEPTH))
    throw badRequest(`couldn't get version/kind; json parse error: exceeded max depth of ${MAX_BODY_DEPTH}`);
  let body: unknown;
  try {
    body = format === 'yaml' ? yamlBody(text) : (JSON.parse(text) as unknown);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(`couldn't get version/kind; ${format} parse error: ${errorMessage(error)}`);
  }
  const prototypeKey = prototypeKeyPath(body);
  if (prototypeKey !== undefined) throw unknownField(prototypeKey);
  if (onDuplicateField && format === 'json') {
    const duplicate = duplicateJsonKeyPath(text);
    if (duplicate !== undefined) onDuplicateField(duplicate);
  }
  return body;
}

/** A protobuf body as JSON; its errors worded as the server's decoder words them ("… cannot be handled as a …"). */
function protobufBody(bytes: Buffer, expected: ExpectedKind): unknown {
  const versionOf = (apiVersion: string) => apiVersion.slice(apiVersion.indexOf('/') + 1);
  try {
    const { object } = decodeProtobufObject(bytes, expected);
    // FieldsV1 carries JSON of its own: the same check as for a JSON body.
    const prototypeKey = prototypeKeyPath(object);
    if (prototypeKey !== undefined) throw unknownField(prototypeKey);
    return object;
  } catch (error) {
    if (error instanceof ProtobufKindError)
      throw badRequest(
        `${error.kind} in version "${versionOf(error.apiVersion)}" cannot be handled as a ${expected.kind}: ${error.message}`,
      );
    if (error instanceof ProtobufDecodeError)
      throw badRequest(
        `${expected.kind} in version "${versionOf(expected.apiVersion)}" cannot be handled as a ${expected.kind}: ${error.message}`,
      );
    throw error;
  }
}

function yamlBody(text: string): unknown {
  const value = parseYaml(text, { maxAliasCount: 100, prettyErrors: false, uniqueKeys: true }) as unknown;
  // The same depth bound as for JSON, measured on the parsed value's JSON form.
  const json = JSON.stringify(value ?? null);
  if (json.length > MAX_BODY_BYTES * 2) throw new ApiError(413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728');
  if (jsonNestsDeeperThan(json, MAX_BODY_DEPTH))
    throw badRequest(`couldn't get version/kind; yaml parse error: exceeded max depth of ${MAX_BODY_DEPTH}`);
  return JSON.parse(json) as unknown;
}
