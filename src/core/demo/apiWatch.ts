/** Streams kube-apiserver keeps open: a watch (events since a resourceVersion, bookmarks, timeouts, 410 Gone) and a followed log. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { apiVersionOf, type KubeObject, type ResourceType } from './resources';
import { ApiError, badRequest } from './status';
import type { FieldSelector, LabelSelector } from './selectors';
import { ExpiredError, jsonOf, type ObjectStore, type StoreEvent } from './store';
import { toTable, type IncludeObject } from './tables';
import { setLongTimeout, watchTimeoutOf } from './writeValidation';
import { podLogLines } from './podLogs';
import { DEFAULT_WATCH_TIMEOUT_SECONDS, MAX_WATCH_BUFFER_BYTES, parseBoolean, partialMetadata, type ResourceRequest, responseForm } from './apiFormats';

/** What a watch needs of the server: the store, the open watches (to cut or expire them), selectors, bookmarks. */
export interface WatchServer {
  readonly store: ObjectStore;
  readonly watches: Set<ActiveWatch>;
  readonly bookmarkIntervalMs: number;
  selectors(url: URL, resource: ResourceType): { labels: LabelSelector; fields: FieldSelector; filtered: boolean };
}

/** An open watch connection, so the server can end it (cut, expire, close). */
export interface ActiveWatch {
  response: ServerResponse;
  socket: Socket;
  close(error?: ApiError): void;
}

export async function serveWatch(server: WatchServer, request: IncomingMessage, response: ServerResponse, url: URL, target: ResourceRequest): Promise<void> {
  const { store } = server;
  const { resource, namespace } = target;
  const { labels, fields } = server.selectors(url, resource);
  const matches = (object: KubeObject | undefined) => object !== undefined && labels(object.metadata.labels) && fields(object);
  const rvText = url.searchParams.get('resourceVersion') ?? '';
  if (rvText !== '' && !/^\d+$/.test(rvText)) throw badRequest(`resourceVersion: Invalid value: "${rvText}": must be an integer`);
  // As in the real server, 0 (or none) means the default: between the minimum request timeout and twice it.
  const timeoutSeconds = watchTimeoutOf(url.searchParams.get('timeoutSeconds')) ?? DEFAULT_WATCH_TIMEOUT_SECONDS * (1 + Math.random());
  const bookmarks = parseBoolean(url.searchParams.get('allowWatchBookmarks'));
  const sendInitialEvents = parseBoolean(url.searchParams.get('sendInitialEvents'));
  const form = responseForm(request.headers.accept);
  const includeObject = (url.searchParams.get('includeObject') ?? 'Metadata') as IncludeObject;
  if (sendInitialEvents && url.searchParams.get('resourceVersionMatch') !== 'NotOlderThan') {
    throw badRequest('resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan');
  }

  const encode = (type: string, object: KubeObject): string => {
    if (form === 'table') return `{"type":"${type}","object":${JSON.stringify(toTable(resource, [object], { includeObject, resourceVersion: object.metadata.resourceVersion! }))}}\n`;
    if (form === 'metadata') return `{"type":"${type}","object":${JSON.stringify(partialMetadata(object))}}\n`;
    return `{"type":"${type}","object":${jsonOf(object)}}\n`;
  };
  const bookmark = (initialEventsEnd = false) => {
    const metadata: Record<string, unknown> = { resourceVersion: String(store.revision), creationTimestamp: null };
    if (initialEventsEnd) metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
    return `{"type":"BOOKMARK","object":${JSON.stringify({ kind: resource.kind, apiVersion: apiVersionOf(resource), metadata })}}\n`;
  };
  const inScope = (event: StoreEvent) => event.resource === resource && (namespace === undefined || event.object.metadata.namespace === namespace);
  /** The event as this watch sees it: selector exits become DELETED, entries ADDED. */
  const translate = (event: StoreEvent): string | undefined => {
    if (!inScope(event)) return undefined;
    const now = matches(event.object);
    if (event.type === 'ADDED') return now ? encode('ADDED', event.object) : undefined;
    if (event.type === 'DELETED') return matches(event.previous) ? encode('DELETED', event.object) : undefined;
    const before = matches(event.previous);
    if (before && now) return encode('MODIFIED', event.object);
    if (before) return encode('DELETED', event.object);
    if (now) return encode('ADDED', event.object);
    return undefined;
  };

  // Work out the start before answering, so an expired version gets its ERROR event on a fresh stream.
  let replay: StoreEvent[] = [];
  let initial: KubeObject[] = [];
  let expired: ApiError | undefined;
  if (rvText === '' || rvText === '0' || sendInitialEvents) {
    initial = store.list(resource, namespace).filter((object) => matches(object));
  } else {
    try {
      replay = store.eventsSince(Number(rvText));
    } catch (error) {
      if (!(error instanceof ExpiredError)) throw error;
      expired = new ApiError(410, 'Expired', error.message);
    }
  }

  response.writeHead(200, { 'Content-Type': form === 'table' ? 'application/json;as=Table;v=v1;g=meta.k8s.io' : 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
  response.flushHeaders();
  const socket = request.socket;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  const subscription = { dispose: () => undefined as unknown };
  const watch: ActiveWatch = {
    response,
    socket,
    close: (error?: ApiError) => {
      if (closed) return;
      closed = true;
      server.watches.delete(watch);
      subscription.dispose();
      for (const timer of timers) clearTimeout(timer);
      if (error && !response.destroyed) response.write(`{"type":"ERROR","object":${JSON.stringify(error.toStatus())}}\n`);
      if (!response.destroyed) response.end();
    },
  };
  const write = (chunk: string) => {
    if (closed || response.destroyed) return;
    response.write(chunk);
    // A watcher that cannot keep up is dropped, as the real server does; it will relist and watch again.
    if (response.writableLength > MAX_WATCH_BUFFER_BYTES) watch.close();
  };
  server.watches.add(watch);
  response.on('close', () => watch.close());
  if (expired) {
    watch.close(expired);
    return;
  }
  const live = store.subscribe((event) => {
    const chunk = translate(event);
    if (chunk) write(chunk);
  });
  subscription.dispose = () => live.dispose();
  for (const object of initial) write(encode('ADDED', object));
  if (sendInitialEvents && bookmarks) write(bookmark(true));
  for (const event of replay) {
    const chunk = translate(event);
    if (chunk) write(chunk);
  }
  if (bookmarks && server.bookmarkIntervalMs > 0) {
    const tick = () => {
      write(bookmark());
      timers.push(setTimeout(tick, server.bookmarkIntervalMs));
    };
    timers.push(setTimeout(tick, server.bookmarkIntervalMs));
  }
  // Timers longer than 24.8 days fire at once in Node.js: a long timeout is chained.
  setLongTimeout(() => {
    if (bookmarks) write(bookmark());
    watch.close();
  }, timeoutSeconds * 1000, (timer) => timers.push(timer));
}

/** A container's log, as `kubectl logs` reads it; `follow` keeps the stream open, like a watch, until the client leaves. */
export function serveLog(watches: Set<ActiveWatch>, request: IncomingMessage, response: ServerResponse, pod: KubeObject): void {
  const url = new URL(request.url ?? '/', 'https://127.0.0.1');
  const containers = ((pod.spec as { containers?: { name: string }[] }).containers ?? []).map((container) => container.name);
  const container = url.searchParams.get('container') ?? (containers.length === 1 ? containers[0] : undefined);
  if (!container) {
    throw badRequest(`a container name must be specified for pod ${pod.metadata.name}, choose one of: [${containers.join(' ')}]`);
  }
  if (!containers.includes(container)) throw badRequest(`container ${container} is not valid for pod ${pod.metadata.name}`);
  const phase = (pod.status as { phase?: string } | undefined)?.phase;
  if (phase !== 'Running') throw badRequest(`container "${container}" in pod "${pod.metadata.name}" is waiting to start: ContainerCreating`);
  let lines = podLogLines(pod);
  const tail = Number(url.searchParams.get('tailLines') ?? -1);
  if (tail >= 0) lines = lines.slice(Math.max(0, lines.length - tail));
  const text = lines.map((line) => `${line}\n`).join('');
  response.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
  if (!parseBoolean(url.searchParams.get('follow'))) {
    response.end(text);
    return;
  }
  // Following: the simulated containers print nothing more; the stream stays open until the client leaves.
  response.write(text);
  const watch: ActiveWatch = { response, socket: request.socket, close: () => {
    watches.delete(watch);
    if (!response.destroyed) response.end();
  } };
  watches.add(watch);
  response.on('close', () => watches.delete(watch));
}
