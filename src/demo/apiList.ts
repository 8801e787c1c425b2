/** A list as kube-apiserver answers it: selectors, pages and continue tokens, tables, partial metadata. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiVersionOf, qualifiedResource, type KubeObject, type ResourceType } from './resources';
import { ApiError, badRequest } from './status';
import { parseFieldSelector, parseLabelSelector, SelectorError, type FieldSelector, type LabelSelector } from './selectors';
import { objectKey, type ObjectStore } from './store';
import { tableRowJson, toTable, type IncludeObject } from './tables';
import {
  continueTooOld,
  decodeContinue,
  delay,
  encodeContinue,
  itemJson,
  listKind,
  partialMetadata,
  type ResourceRequest,
  responseForm,
} from './apiFormats';

/** Label and field selectors of a request; a malformed one is a 400, as kube-apiserver answers. */
export function requestSelectors(url: URL, resource: ResourceType): { labels: LabelSelector; fields: FieldSelector; filtered: boolean } {
  try {
    const labelText = url.searchParams.get('labelSelector');
    const fieldText = url.searchParams.get('fieldSelector');
    return {
      labels: parseLabelSelector(labelText),
      fields: parseFieldSelector(fieldText, resource),
      filtered: Boolean(labelText?.trim() || fieldText?.trim()),
    };
  } catch (error) {
    if (error instanceof SelectorError) throw badRequest(error.message);
    throw error;
  }
}

export function notFoundError(target: ResourceRequest): ApiError {
  const { resource, name } = target;
  const details: Record<string, string> = { name: name!, kind: resource.plural };
  if (resource.group) details.group = resource.group;
  return new ApiError(404, 'NotFound', `${qualifiedResource(resource)} "${name}" not found`, details);
}

export async function serveList(
  store: ObjectStore,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  target: ResourceRequest,
  /** Milliseconds per 1,000 objects returned before the answer starts (DemoControl.setListLatency). */
  latencyPerThousandMs = 0,
): Promise<void> {
  const { resource, namespace } = target;
  const { labels, fields, filtered } = requestSelectors(url, resource);
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null || limitText === '' ? 0 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 0) throw badRequest(`invalid limit: ${limitText}`);
  const continueText = url.searchParams.get('continue');
  const rvText = url.searchParams.get('resourceVersion');
  const rvMatch = url.searchParams.get('resourceVersionMatch');
  if (rvText !== null && rvText !== '' && !/^\d+$/.test(rvText))
    throw badRequest(`resourceVersion: Invalid value: "${rvText}": must be an integer`);
  if (rvMatch && !['Exact', 'NotOlderThan'].includes(rvMatch))
    throw badRequest(`resourceVersionMatch: Unsupported value: "${rvMatch}": supported values: "Exact", "NotOlderThan"`);
  if (rvMatch && !rvText)
    throw badRequest('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided');

  let revision = store.revision;
  let startKey: string | undefined;
  let objects: KubeObject[];
  if (continueText) {
    if (rvText) throw badRequest('specifying resource version is not allowed when using continue');
    const token = decodeContinue(continueText);
    if (token.rv < store.oldestRevision) throw new ApiError(410, 'Expired', continueTooOld);
    revision = token.rv;
    startKey = token.start;
    objects = store.listAt(resource, revision, namespace);
  } else if (rvText && rvText !== '0') {
    const requested = Number(rvText);
    if (requested > store.revision) {
      throw new ApiError(504, 'Timeout', `Too large resource version: ${requested}, current: ${store.revision}`, {
        causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
        retryAfterSeconds: 1,
      });
    }
    if (rvMatch === 'Exact') {
      if (requested < store.oldestRevision) throw new ApiError(410, 'Expired', `The resourceVersion for the provided list is too old.`);
      revision = requested;
      objects = store.listAt(resource, requested, namespace);
    } else {
      objects = store.list(resource, namespace);
    }
  } else {
    objects = store.list(resource, namespace);
  }

  let matching = filtered ? objects.filter((object) => labels(object.metadata.labels) && fields(object)) : objects;
  if (startKey !== undefined) {
    const start = startKey;
    matching = matching.filter((object) => objectKey(object.metadata.namespace, object.metadata.name) >= start);
  }
  let page = matching;
  let continueToken: string | undefined;
  let remaining: number | undefined;
  if (limit > 0 && matching.length > limit) {
    page = matching.slice(0, limit);
    const last = page[page.length - 1]!;
    continueToken = encodeContinue(revision, objectKey(last.metadata.namespace, last.metadata.name));
    if (!filtered) remaining = matching.length - limit;
  }

  if (latencyPerThousandMs > 0) await delay((page.length / 1000) * latencyPerThousandMs);
  const form = responseForm(request.headers.accept);
  const includeObject = (url.searchParams.get('includeObject') ?? 'Metadata') as IncludeObject;
  if (form === 'table') {
    const [tableHead] = JSON.stringify(
      toTable(resource, [], { includeObject, resourceVersion: String(revision), continueToken, remainingItemCount: remaining }),
    ).split('"rows":[]');
    const now = Date.now();
    await sendJsonParts(response, `${tableHead}"rows":[`, page, (object) => tableRowJson(resource, object, includeObject, now), ']}');
    return;
  }
  const metadata: Record<string, unknown> = { resourceVersion: String(revision) };
  if (continueToken) metadata.continue = continueToken;
  if (remaining !== undefined) metadata.remainingItemCount = remaining;
  const head =
    form === 'metadata'
      ? `{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","metadata":${JSON.stringify(metadata)},"items":[`
      : `{"kind":${JSON.stringify(listKind(resource))},"apiVersion":${JSON.stringify(apiVersionOf(resource))},"metadata":${JSON.stringify(metadata)},"items":[`;
  await sendJsonParts(response, head, page, form === 'metadata' ? (object) => JSON.stringify(partialMetadata(object)) : itemJson, ']}');
}

/**
 * A list streamed in batches of about 1 MiB, each written once the client has taken the last (chunked, as the real
 * server sends large lists): however many objects a list holds, it never becomes one string or one buffer, and a
 * slow reader holds one batch in memory, not the whole list.
 */
async function sendJsonParts(
  response: ServerResponse,
  head: string,
  items: readonly KubeObject[],
  itemText: (object: KubeObject) => string,
  tail: string,
): Promise<void> {
  const batchChars = 1 << 20;
  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' });
  let batch = head;
  for (let index = 0; index < items.length; index++) {
    batch += index === 0 ? itemText(items[index]!) : `,${itemText(items[index]!)}`;
    if (batch.length < batchChars) continue;
    const flowing = response.write(batch);
    batch = '';
    if (!flowing && !(await drained(response))) return;
  }
  response.end(batch + tail);
}

/** Resolves true once the response takes writes again, false when the client has gone. */
function drained(response: ServerResponse): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (flowing: boolean) => {
      response.off('drain', onDrain);
      response.off('close', onClose);
      resolve(flowing);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    response.once('drain', onDrain);
    response.once('close', onClose);
  });
}
