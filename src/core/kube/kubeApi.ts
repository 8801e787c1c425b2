import * as http from 'node:http';
import * as https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { type ApiRequest, defaultApiErrorStrings as words, refusalText } from './apiErrorText';
import { format } from '../util/catalog';
import { ListBodyError, ListBodyParser } from './listStream';

/** Why a request failed, in terms a person can act on. */
export type KubeErrorKind =
  'unreachable' | 'unauthorized' | 'forbidden' | 'not-found' | 'expired' | 'timeout' | 'server' | 'protocol' | 'too-large';

export class KubeApiError extends Error {
  constructor(
    readonly kind: KubeErrorKind,
    message: string,
    readonly statusCode?: number,
    /** The `reason` of the server's Status object, e.g. Forbidden, Expired. */
    readonly reason?: string,
    /**
     * What the refusal means for a person (a kind the cluster does not serve, the permission that is missing),
     * where the server's message does not say it plainly; errorMessage shows it instead of the message.
     */
    readonly plainText?: string,
    /** The Status's `details.causes`: for a server-side apply's 409, each conflicting field and its manager. */
    readonly causes?: readonly StatusCause[],
  ) {
    super(message);
    this.name = 'KubeApiError';
  }

  /** A 404 for the whole resource type (its API is not installed or enabled here), not for a missing object. */
  get kindNotServed(): boolean {
    return this.kind === 'not-found' && this.plainText !== undefined;
  }
}

/** One cause of a refusal as the server's Status lists it. */
export interface StatusCause {
  readonly reason?: string;
  readonly message?: string;
  /** The field it is about, as the server prints it (`.spec.replicas`). */
  readonly field?: string;
}

function causesOf(details: { causes?: unknown } | undefined): StatusCause[] | undefined {
  if (!Array.isArray(details?.causes)) return undefined;
  return details.causes
    .filter((cause): cause is Record<string, unknown> => cause !== null && typeof cause === 'object')
    .map((cause) => ({
      ...(typeof cause.reason === 'string' && { reason: cause.reason }),
      ...(typeof cause.message === 'string' && { message: cause.message }),
      ...(typeof cause.field === 'string' && { field: cause.field }),
    }));
}

/** What KubeApiError carries, also for errors that client-node's Watch reports (`statusCode` only). */
export function toKubeApiError(error: unknown, what: string): KubeApiError {
  if (error instanceof KubeApiError) return error;
  const e = error as { statusCode?: number; code?: string | number; message?: string } | undefined;
  const statusCode = typeof e?.statusCode === 'number' ? e.statusCode : typeof e?.code === 'number' ? e.code : undefined;
  if (statusCode !== undefined) return fromStatus(statusCode, undefined, what);
  const code = typeof e?.code === 'string' ? e.code : '';
  const detail = e?.message ?? String(error);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EAI_AGAIN', 'EPIPE'].includes(code)) {
    return new KubeApiError('unreachable', format(words.unreachable, code, what, detail));
  }
  if (code === 'ETIMEDOUT' || e?.message === 'timeout') {
    return new KubeApiError('timeout', format(words.timeout, what));
  }
  if (/certificate|self[- ]signed|SSL|TLS/i.test(detail) || code.startsWith('ERR_TLS') || code.includes('CERT')) {
    return new KubeApiError('unreachable', format(words.tlsFailed, what, detail));
  }
  return new KubeApiError('unreachable', format(words.cannotRead, what, detail));
}

/** The server's refusal of `request` (its Status in `body`) as the KubeApiError it is. */
export function fromStatus(statusCode: number, body: unknown, what: string, request?: ApiRequest): KubeApiError {
  const status = (body ?? {}) as { message?: unknown; reason?: unknown; details?: { name?: unknown; causes?: unknown } };
  const message = typeof status.message === 'string' ? status.message : undefined;
  const reason = typeof status.reason === 'string' ? status.reason : undefined;
  const details = status.details !== null && typeof status.details === 'object' ? status.details : undefined;
  const plain = refusalText(statusCode, details, request);
  switch (statusCode) {
    case 401:
      return new KubeApiError('unauthorized', format(words.unauthorized, what), 401, reason);
    case 403:
      return new KubeApiError('forbidden', message ?? `Forbidden: cannot read ${what} (403)`, 403, reason, plain);
    case 404:
      return new KubeApiError('not-found', message ?? `${what} not found (404)`, 404, reason, plain);
    case 410:
      return new KubeApiError('expired', message ?? `The list of ${what} expired (410 Gone)`, 410, reason);
    default:
      return new KubeApiError('server', `${what}: ${message ?? `HTTP ${statusCode}`}`, statusCode, reason, undefined, causesOf(details));
  }
}

export interface ListResult {
  readonly items: unknown[];
  readonly resourceVersion: string;
}

export interface ListOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /**
   * Items per page (the `limit` parameter); the server's `continue` token fetches the next page. A list from
   * the watch cache (`resourceVersion` 0) is one answer on kube-apiserver up to v1.30 whatever the limit.
   */
  readonly pageSize?: number;
  /**
   * `0`: any recent state, served from kube-apiserver's watch cache instead of etcd (as client-go's informers
   * list first); a version: not older than it; unset: the latest, read from etcd. Sent with the first page only.
   */
  readonly resourceVersion?: string;
  /** Applied to each item as it arrives, so whole pages of full objects are not kept. */
  readonly map?: (item: unknown) => unknown;
}

/** How much one answer may weigh: a server that never stops paging or streams gigabytes fails the read instead. */
export interface ResponseLimits {
  /** Bytes of one response body (one page, one object, one watch event). */
  readonly maxResponseBytes: number;
  /** Bytes of all the pages of one list together. */
  readonly maxListBytes: number;
  /** Pages of one list. */
  readonly maxListPages: number;
}

/**
 * A 5,000-node cluster's kube-system Pods are about 60 MB in 21 pages of 500: the caps leave room for clusters
 * several times larger and stop a runaway server long before memory runs out.
 */
export const DEFAULT_LIMITS: ResponseLimits = { maxResponseBytes: 128 * 2 ** 20, maxListBytes: 512 * 2 ** 20, maxListPages: 1_000 };

export interface KubeApiOptions {
  /** Milliseconds without an answer (or, for a watch, without a byte) before a request fails. */
  readonly timeoutMs?: number;
  readonly limits?: Partial<ResponseLimits>;
}

/** A watch in progress: `ended` resolves when the server closes it cleanly and rejects with a KubeApiError. */
export interface WatchStream {
  readonly ended: Promise<void>;
  close(): void;
}

export interface WatchHandlers {
  /** Each event, in order, as its line arrives. */
  readonly onEvent: (event: WatchEvent) => void;
  /** The server accepted the watch (200): events may follow. */
  readonly onOpen?: () => void;
  /** Milliseconds without a byte before the watch fails; longer than the server's own timeout. */
  readonly idleTimeoutMs?: number;
}

export interface WatchEvent {
  readonly type: string;
  readonly object: Record<string, unknown>;
}

export function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20 ? `${+(bytes / 2 ** 20).toFixed(1)} MiB` : bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KiB` : `${bytes} bytes`;
}

export type WriteMethod = 'DELETE' | 'PATCH' | 'POST' | 'PUT';

/** The verb RBAC checks for each write. */
const writeVerbs: Record<WriteMethod, string> = { DELETE: 'delete', PATCH: 'patch', POST: 'create', PUT: 'update' };

/** Server-side apply: the body is the object itself (JSON, which is valid YAML). */
export const APPLY_PATCH_CONTENT_TYPE = 'application/apply-patch+yaml';

/** The query parameters of a write, as kube-apiserver names them. */
export interface WriteOptions {
  /** Who owns the fields written (`fieldManager`); required for server-side apply. */
  readonly fieldManager?: string;
  /** `dryRun=All`: admitted, defaulted and validated, never stored. */
  readonly dryRun?: boolean;
  /** Server-side apply only: take over fields another manager owns instead of failing with 409 Conflict. */
  readonly force?: boolean;
  /** What the server does with fields it does not know or duplicated fields. */
  readonly fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

/** A write's method, and its body with the body's media type. */
interface WriteRequest {
  readonly method: WriteMethod;
  readonly body?: string;
  readonly contentType?: string;
}

function writeQuery(options: WriteOptions): string {
  const query = new URLSearchParams();
  if (options.fieldManager !== undefined) query.set('fieldManager', options.fieldManager);
  if (options.dryRun) query.set('dryRun', 'All');
  if (options.force !== undefined) query.set('force', String(options.force));
  if (options.fieldValidation) query.set('fieldValidation', options.fieldValidation);
  return query.toString();
}

/**
 * Plain JSON requests to the API server with the authentication and TLS that client-node derives from the
 * kubeconfig (tokens, client certificates, exec plugins). Lists are paginated; every body is counted as it
 * streams in and abandoned past the caps.
 */
export class KubeApi {
  private readonly timeoutMs: number;
  readonly limits: ResponseLimits;

  constructor(
    private readonly config: KubeConfig,
    options: KubeApiOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  get server(): string {
    return this.config.getCurrentCluster()?.server ?? '';
  }

  async getJson(path: string, what = path): Promise<unknown> {
    const options: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(options);
    return this.request(path, options, what);
  }

  /**
   * A GET whose answer is text, such as kube-apiserver's `/readyz?verbose`: a 5xx that carries a body is an
   * answer here (a failing check), other failures are thrown as for getJson.
   */
  async getText(path: string, what = path): Promise<{ status: number; text: string }> {
    const options: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(options);
    return new Promise((resolve, reject) => {
      const request = this.get(
        path,
        options,
        what,
        this.timeoutMs,
        (response) => {
          readBody(response, this.limits.maxResponseBytes, what).then(
            (text) => {
              const status = response.statusCode ?? 0;
              if ((status >= 200 && status < 300) || (status >= 500 && text.trim() !== '')) resolve({ status, text });
              else reject(fromStatus(status, parseJson(text), what, { verb: 'get', path }));
            },
            (error: unknown) => {
              reject(error);
              request.destroy();
            },
          );
        },
        reject,
      );
    });
  }

  async list(path: string, what: string, options: ListOptions = {}): Promise<ListResult> {
    const requestOptions: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(requestOptions);
    const { maxListPages, maxListBytes } = this.limits;
    const items: unknown[] = [];
    let continueToken: string | undefined;
    let resourceVersion = '';
    let pages = 0;
    let bytes = 0;
    do {
      if (pages === maxListPages) {
        throw new KubeApiError(
          'too-large',
          `${what}: the list goes on past ${maxListPages.toLocaleString('en-US')} pages, the most this reads; not read`,
        );
      }
      const query = new URLSearchParams();
      query.set('limit', String(options.pageSize ?? 500));
      if (options.labelSelector) query.set('labelSelector', options.labelSelector);
      if (options.fieldSelector) query.set('fieldSelector', options.fieldSelector);
      if (continueToken) query.set('continue', continueToken);
      else if (options.resourceVersion !== undefined) query.set('resourceVersion', options.resourceVersion);
      const page = await this.streamList(`${path}?${query}`, requestOptions, what, maxListBytes - bytes, options, (item) =>
        items.push(item),
      );
      pages++;
      bytes += page.bytes;
      resourceVersion = page.metadata.resourceVersion ?? resourceVersion;
      continueToken = page.metadata.continue || undefined;
    } while (continueToken);
    return { items, resourceVersion };
  }

  /**
   * One page of a list, parsed element by element as it streams in (ListBodyParser), each element mapped and
   * handed to `onItem`; resolves with the page's metadata once the body is complete.
   */
  private streamList(
    path: string,
    requestOptions: https.RequestOptions,
    what: string,
    maxBytes: number,
    options: ListOptions,
    onItem: (item: unknown) => void,
  ): Promise<{ metadata: { resourceVersion?: string; continue?: string }; bytes: number }> {
    const map = options.map ?? ((item: unknown) => item);
    return new Promise((resolve, reject) => {
      const request = this.get(
        path,
        requestOptions,
        what,
        this.timeoutMs,
        (response) => {
          const statusCode = response.statusCode ?? 0;
          if (statusCode < 200 || statusCode >= 300) return this.refusal(response, what, { verb: 'list', path }, reject);
          let metadata: { resourceVersion?: string; continue?: string } = {};
          let bytes = 0;
          /** Bytes since the last item or field was complete: a server that streams filler forever is cut off too. */
          let sinceProgress = 0;
          let failed = false;
          const fail = (error: KubeApiError) => {
            if (failed) return;
            failed = true;
            reject(error);
            request.destroy();
          };
          const parser = new ListBodyParser(
            {
              onField: (key, value) => {
                sinceProgress = 0;
                if (key === 'metadata' && value && typeof value === 'object') metadata = value as typeof metadata;
              },
              onElement: (element) => {
                sinceProgress = 0;
                onItem(map(element));
              },
            },
            this.limits.maxResponseBytes,
          );
          response.on('data', (chunk: Buffer) => {
            if (failed) return;
            bytes += chunk.length;
            if (bytes > maxBytes) {
              fail(
                new KubeApiError(
                  'too-large',
                  `${what}: the list is larger than ${formatBytes(this.limits.maxListBytes)}, the most this reads; not read`,
                ),
              );
              return;
            }
            sinceProgress += chunk.length;
            try {
              parser.write(chunk);
              if (sinceProgress > this.limits.maxResponseBytes) throw ListBodyError.tooLarge();
            } catch (error) {
              fail(listBodyError(error, what, this.limits.maxResponseBytes));
            }
          });
          let complete = false;
          response.on('end', () => {
            complete = true;
            if (failed) return;
            try {
              parser.end();
              resolve({ metadata, bytes });
            } catch (error) {
              fail(listBodyError(error, what, this.limits.maxResponseBytes));
            }
          });
          response.on('error', (error) => fail(toKubeApiError(error, what)));
          response.on('close', () => {
            if (!complete) fail(toKubeApiError(new Error('the connection closed in the middle of the answer'), what));
          });
        },
        reject,
      );
    });
  }

  /**
   * Opens a watch (`?watch=1`) and hands each event to `onEvent` as its line arrives. A line that is not a
   * JSON event, or longer than one response may be, ends the watch with an error.
   */
  async watch(path: string, what: string, query: URLSearchParams, handlers: WatchHandlers): Promise<WatchStream> {
    const { onEvent, onOpen, idleTimeoutMs = this.timeoutMs } = handlers;
    const options: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(options);
    const maxLine = this.limits.maxResponseBytes;
    let request!: http.ClientRequest;
    const ended = new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: KubeApiError) => {
        if (failed) return;
        failed = true;
        reject(error);
        request.destroy();
      };
      request = this.get(
        `${path}?${new URLSearchParams([...query, ['watch', '1']])}`,
        options,
        what,
        idleTimeoutMs,
        (response) => {
          const statusCode = response.statusCode ?? 0;
          if (statusCode !== 200) return this.refusal(response, what, { verb: 'watch', path }, fail);
          onOpen?.();
          let pending: Buffer[] = [];
          let pendingBytes = 0;
          const line = (bytes: Buffer) => {
            const text = bytes.toString('utf8').trim();
            if (!text) return;
            const event = parseJson(text) as Partial<WatchEvent> | undefined;
            if (typeof event?.type !== 'string' || !event.object || typeof event.object !== 'object') {
              fail(
                new KubeApiError(
                  'protocol',
                  `The watch of ${what} sent something that is not a watch event: ${JSON.stringify(text.slice(0, 80))}`,
                ),
              );
              return;
            }
            onEvent(event as WatchEvent);
          };
          response.on('data', (chunk: Buffer) => {
            let start = 0;
            for (let newline = chunk.indexOf(10); newline >= 0 && !failed; newline = chunk.indexOf(10, start)) {
              const piece = chunk.subarray(start, newline);
              line(pending.length ? Buffer.concat([...pending, piece]) : piece);
              pending = [];
              pendingBytes = 0;
              start = newline + 1;
            }
            if (failed || start === chunk.length) return;
            pending.push(chunk.subarray(start));
            pendingBytes += chunk.length - start;
            if (pendingBytes > maxLine)
              fail(
                new KubeApiError(
                  'too-large',
                  `${what}: one watch event is larger than ${formatBytes(maxLine)}, the most this reads; not read`,
                ),
              );
          });
          let complete = false;
          response.on('end', () => {
            complete = true;
            if (pending.length) line(Buffer.concat(pending));
            if (!failed) resolve();
          });
          response.on('error', (error) => fail(toKubeApiError(error, what)));
          response.on('close', () => {
            if (!complete) fail(toKubeApiError(new Error('the connection closed in the middle of the watch'), what));
          });
        },
        fail,
      );
    });
    return {
      ended,
      close: () => {
        ended.catch(() => undefined);
        request.destroy();
      },
    };
  }

  /** A refused request: the server's Status, read from the body, becomes the KubeApiError it is. */
  private refusal(response: http.IncomingMessage, what: string, request: ApiRequest, fail: (error: KubeApiError) => void): void {
    readBody(response, this.limits.maxResponseBytes, what).then(
      (text) => fail(fromStatus(response.statusCode ?? 0, parseJson(text), what, request)),
      fail,
    );
  }

  private url(path: string): URL {
    return new URL(this.server.replace(/\/+$/, '') + path);
  }

  /**
   * A write the user asked for (the hands-on's experiments, applying a manifest): DELETE, POST, PUT, or PATCH
   * with a JSON body of the given media type (server-side apply included), with the write's query parameters.
   * Answers as getJson does; the server's Status on failure becomes the KubeApiError it is.
   */
  async write(
    method: WriteMethod,
    path: string,
    what: string,
    body?: { readonly json: unknown; readonly contentType: string },
    writeOptions: WriteOptions = {},
  ): Promise<unknown> {
    const options: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(options);
    const query = writeQuery(writeOptions);
    const target = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
    return this.request(target, options, what, {
      method,
      ...(body && { body: JSON.stringify(body.json), contentType: body.contentType }),
    });
  }

  private request(path: string, options: https.RequestOptions, what: string, write?: WriteRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request = this.get(
        path,
        options,
        what,
        this.timeoutMs,
        (response) => {
          readBody(response, this.limits.maxResponseBytes, what).then(
            (text) => {
              const body = parseJson(text);
              const statusCode = response.statusCode ?? 0;
              if (statusCode >= 200 && statusCode < 300) {
                if (body === undefined) reject(new KubeApiError('protocol', `The server's answer for ${what} is not JSON`));
                else resolve(body);
              } else {
                reject(fromStatus(statusCode, body, what, { verb: write ? writeVerbs[write.method] : 'get', path }));
              }
            },
            (error: unknown) => {
              reject(error);
              request.destroy();
            },
          );
        },
        reject,
        write,
      );
    });
  }

  /**
   * One request (a GET unless `write` says otherwise) with the kubeconfig's TLS and credentials in `options`;
   * `timeoutMs` without a byte fails it.
   */
  private get(
    path: string,
    options: https.RequestOptions,
    what: string,
    timeoutMs: number,
    onResponse: (response: http.IncomingMessage) => void,
    onError: (error: KubeApiError) => void,
    write?: WriteRequest,
  ): http.ClientRequest {
    const url = this.url(path);
    const transport = url.protocol === 'http:' ? http : https;
    const headers = { ...options.headers, Accept: 'application/json', ...(write?.contentType && { 'Content-Type': write.contentType }) };
    const request = transport.request(url, { ...options, method: write?.method ?? 'GET', headers, timeout: timeoutMs }, onResponse);
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', (error) => onError(toKubeApiError(error, what)));
    request.end(write?.body);
    return request;
  }
}

/** The body as text, counted as it arrives: past `maxBytes` the read stops (the caller closes the request). */
function readBody(response: http.IncomingMessage, maxBytes: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let over = false;
    response.on('data', (chunk: Buffer) => {
      if (over) return;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        over = true;
        chunks.length = 0;
        reject(new KubeApiError('too-large', `${what}: one answer is larger than ${formatBytes(maxBytes)}, the most this reads; not read`));
        return;
      }
      chunks.push(chunk);
    });
    let complete = false;
    response.on('error', (error) => reject(toKubeApiError(error, what)));
    response.on('end', () => {
      complete = true;
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // Settles nothing after `end` or a rejection; otherwise the connection broke mid-answer.
    response.on('close', () => {
      if (!complete) reject(toKubeApiError(new Error('the connection closed in the middle of the answer'), what));
    });
  });
}

/** A list body that could not be read, as the KubeApiError it is (an error thrown by a caller's map passes through). */
function listBodyError(error: unknown, what: string, maxElementBytes: number): KubeApiError {
  if (error instanceof ListBodyError) {
    return error.itemTooLarge
      ? new KubeApiError(
          'too-large',
          `${what}: one item of the list is larger than ${formatBytes(maxElementBytes)}, the most this reads; not read`,
        )
      : new KubeApiError('protocol', `The server's answer for ${what} is not a JSON list: ${error.message}`);
  }
  return toKubeApiError(error, what);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
