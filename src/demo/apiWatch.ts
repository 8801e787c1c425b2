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
import {
  DEFAULT_WATCH_TIMEOUT_SECONDS,
  MAX_WATCH_BUFFER_BYTES,
  parseBoolean,
  partialMetadata,
  type ResourceRequest,
  responseForm,
} from './apiFormats';

/** What a watch needs of the server: the store, the open watches (to cut or expire them), selectors, bookmarks. */
export interface WatchServer {
  readonly store: ObjectStore;
  readonly watches: Set<ActiveWatch>;
  readonly buffers: WatchBuffers;
  readonly fanOut: WatchFanOut;
  readonly bookmarkIntervalMs: number;
  selectors(url: URL, resource: ResourceType): { labels: LabelSelector; fields: FieldSelector; filtered: boolean };
}

/** An open watch connection, so the server can end it (cut, expire, close). */
export interface ActiveWatch {
  response: ServerResponse;
  socket: Socket;
  close(error?: ApiError): void;
  /** Ends the connection at once, discarding what the client has not read (a watcher too slow to keep). */
  drop(): void;
}

/**
 * How much the open watches may hold. kube-apiserver closes a watcher whose buffer is full and the client
 * relists; the demo does the same per watch and across all of them, so many watchers that never read cannot fill
 * the memory between them.
 */
export interface WatchLimits {
  /** Open watches (and followed logs) at once; more are answered 429, as an overloaded server answers. */
  maxOpen: number;
  /** Unsent bytes one watch may hold. */
  perWatchBytes: number;
  /** Unsent bytes all the watches may hold together; past it the watchers with the most are dropped first. */
  totalBytes: number;
}

export const defaultWatchLimits: WatchLimits = { maxOpen: 500, perWatchBytes: MAX_WATCH_BUFFER_BYTES, totalBytes: 128 * 1024 * 1024 };

/** The unsent bytes of every open watch, kept under `totalBytes` by dropping the slowest watchers. */
export class WatchBuffers {
  /** At least the sum of the unsent bytes: the last measure plus what was written since (sending only lowers it). */
  private bound = 0;

  constructor(
    private readonly watches: ReadonlySet<ActiveWatch>,
    private readonly limits: WatchLimits,
  ) {}

  get perWatchBytes(): number {
    return this.limits.perWatchBytes;
  }

  /** The unsent bytes of all open watches now. */
  measure(): number {
    let total = 0;
    for (const watch of this.watches) total += watch.response.writableLength;
    return total;
  }

  /** Throws 429 when no more watches may open. */
  admit(): void {
    if (this.watches.size >= this.limits.maxOpen)
      throw new ApiError(429, 'TooManyRequests', 'Too many requests, please try again later.', { retryAfterSeconds: 1 });
  }

  wrote(bytes: number): void {
    this.bound += bytes;
    if (this.bound > this.limits.totalBytes) this.shed();
  }

  /**
   * Past the cap, drops the watchers with the most unsent bytes until a quarter of the cap is free again, so a
   * steady flood measures (walks every watch) once per quarter of the cap, not on every write.
   */
  private shed(): void {
    const held = [...this.watches].map((watch) => ({ watch, bytes: watch.response.writableLength }));
    let total = held.reduce((sum, entry) => sum + entry.bytes, 0);
    if (total > this.limits.totalBytes) {
      held.sort((a, b) => b.bytes - a.bytes);
      for (const { watch, bytes } of held) {
        if (total <= this.limits.totalBytes * 0.75) break;
        watch.drop();
        total -= bytes;
      }
    }
    this.bound = total;
  }
}

/**
 * Writes watch events a bounded slice of time per turn of the event loop: one change seen by hundreds of
 * watchers, or hundreds of changes from a controller, never holds the server (its health checks, other
 * requests) for longer than that.
 */
export class WatchFanOut {
  /** Each waiting watch's flush: writes up to `most` lines, true when it has more. */
  private readonly waiting = new Set<(most: number) => boolean>();
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly sliceMs = 10,
    private readonly linesPerVisit = 100,
  ) {}

  schedule(flush: (most: number) => boolean): void {
    this.waiting.add(flush);
    this.scheduled ??= setImmediate(() => this.run());
  }

  cancel(flush: (most: number) => boolean): void {
    this.waiting.delete(flush);
  }

  stop(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.waiting.clear();
  }

  private run(): void {
    this.scheduled = undefined;
    const deadline = performance.now() + this.sliceMs;
    for (const flush of this.waiting) {
      if (performance.now() > deadline) break;
      this.waiting.delete(flush);
      // A watch with more to write goes to the back of the line.
      if (flush(this.linesPerVisit)) this.waiting.add(flush);
    }
    if (this.waiting.size > 0) this.scheduled = setImmediate(() => this.run());
  }
}

/**
 * The bytes of recent event lines, made once for all the watchers that send them (hundreds may, for a large
 * object) instead of once each; the oldest are forgotten past MAX_RECENT_LINE_BYTES.
 */
const recentLines = new Map<KubeObject, Map<string, Buffer>>();
const MAX_RECENT_LINE_BYTES = 32 * 1024 * 1024;
let recentLineBytes = 0;

function eventLine(type: string, object: KubeObject): Buffer {
  let lines = recentLines.get(object);
  if (!lines) recentLines.set(object, (lines = new Map()));
  let line = lines.get(type);
  if (line) return line;
  line = Buffer.from(`{"type":"${type}","object":${jsonOf(object)}}\n`);
  lines.set(type, line);
  recentLineBytes += line.length;
  for (const [oldest, oldLines] of recentLines) {
    if (recentLineBytes <= MAX_RECENT_LINE_BYTES || oldest === object) break;
    for (const old of oldLines.values()) recentLineBytes -= old.length;
    recentLines.delete(oldest);
  }
  return line;
}

export async function serveWatch(
  server: WatchServer,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  target: ResourceRequest,
): Promise<void> {
  const { store } = server;
  const { resource, namespace } = target;
  server.buffers.admit();
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

  const encode = (type: string, object: KubeObject): string | Buffer => {
    if (form === 'table')
      return `{"type":"${type}","object":${JSON.stringify(toTable(resource, [object], { includeObject, resourceVersion: object.metadata.resourceVersion! }))}}\n`;
    if (form === 'metadata') return `{"type":"${type}","object":${JSON.stringify(partialMetadata(object))}}\n`;
    return eventLine(type, object);
  };
  const bookmark = (initialEventsEnd = false) => {
    const metadata: Record<string, unknown> = { resourceVersion: String(store.revision), creationTimestamp: null };
    if (initialEventsEnd) metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
    return `{"type":"BOOKMARK","object":${JSON.stringify({ kind: resource.kind, apiVersion: apiVersionOf(resource), metadata })}}\n`;
  };
  const inScope = (event: StoreEvent) =>
    event.resource === resource && (namespace === undefined || event.object.metadata.namespace === namespace);
  /** The event as this watch sees it: selector exits become DELETED, entries ADDED. */
  const translate = (event: StoreEvent): string | Buffer | undefined => {
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

  response.writeHead(200, {
    'Content-Type': form === 'table' ? 'application/json;as=Table;v=v1;g=meta.k8s.io' : 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  response.flushHeaders();
  const socket = request.socket;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  const subscription = { dispose: () => undefined as unknown };
  /** What is still to be written, in order: lines, or events encoded when their turn comes. */
  const pending: (string | (() => string | Buffer | undefined))[] = [];
  const write = (chunk: string | Buffer) => {
    if (closed || response.destroyed) return;
    response.write(chunk);
    // A watcher that cannot keep up is dropped, as the real server does; it will relist and watch again.
    if (response.writableLength > server.buffers.perWatchBytes) watch.drop();
    else server.buffers.wrote(chunk.length);
  };
  /** Writes up to `most` pending lines; true when some are left. */
  const flush = (most = Infinity): boolean => {
    let written = 0;
    // One TLS write for the lines of a visit, not one per line.
    response.cork();
    while (pending.length > 0 && written < most && !closed) {
      const item = pending.shift()!;
      const chunk = typeof item === 'string' ? item : item();
      if (chunk) write(chunk);
      written++;
    }
    response.uncork();
    return pending.length > 0 && !closed;
  };
  const enqueue = (item: string | (() => string | Buffer | undefined)) => {
    pending.push(item);
    server.fanOut.schedule(flush);
  };
  const finish = () => {
    closed = true;
    server.watches.delete(watch);
    server.fanOut.cancel(flush);
    pending.length = 0;
    subscription.dispose();
    for (const timer of timers) clearTimeout(timer);
  };
  const watch: ActiveWatch = {
    response,
    socket,
    close: (error?: ApiError) => {
      if (closed) return;
      flush();
      finish();
      if (error && !response.destroyed) response.write(`{"type":"ERROR","object":${JSON.stringify(error.toStatus())}}\n`);
      if (!response.destroyed) response.end();
    },
    drop: () => {
      if (closed) return;
      finish();
      // Ending the stream would keep its unsent bytes until the client reads them: the connection goes at once.
      response.destroy();
    },
  };
  server.watches.add(watch);
  response.on('close', () => watch.close());
  if (expired) {
    watch.close(expired);
    return;
  }
  const live = store.subscribe((event) => {
    if (inScope(event)) enqueue(() => translate(event));
  });
  subscription.dispose = () => live.dispose();
  for (const object of initial) enqueue(() => encode('ADDED', object));
  if (sendInitialEvents && bookmarks) enqueue(bookmark(true));
  for (const event of replay) enqueue(() => translate(event));
  if (bookmarks && server.bookmarkIntervalMs > 0) {
    const tick = () => {
      enqueue(bookmark());
      timers.push(setTimeout(tick, server.bookmarkIntervalMs));
    };
    timers.push(setTimeout(tick, server.bookmarkIntervalMs));
  }
  // Timers longer than 24.8 days fire at once in Node.js: a long timeout is chained.
  setLongTimeout(
    () => {
      if (bookmarks) enqueue(bookmark());
      watch.close();
    },
    timeoutSeconds * 1000,
    (timer) => timers.push(timer),
  );
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
  if (phase !== 'Running')
    throw badRequest(`container "${container}" in pod "${pod.metadata.name}" is waiting to start: ContainerCreating`);
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
  const watch: ActiveWatch = {
    response,
    socket: request.socket,
    close: () => {
      watches.delete(watch);
      if (!response.destroyed) response.end();
    },
    drop: () => {
      watches.delete(watch);
      response.destroy();
    },
  };
  watches.add(watch);
  response.on('close', () => watches.delete(watch));
}
