import * as http from 'node:http';
import * as https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

/** Why a request failed, in terms a person can act on. */
export type KubeErrorKind = 'unreachable' | 'unauthorized' | 'forbidden' | 'not-found' | 'expired' | 'timeout' | 'server' | 'protocol';

export class KubeApiError extends Error {
  constructor(
    readonly kind: KubeErrorKind,
    message: string,
    readonly statusCode?: number,
    /** The `reason` of the server's Status object, e.g. Forbidden, Expired. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'KubeApiError';
  }
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
    return new KubeApiError('unreachable', `Cannot reach the cluster (${code}) while reading ${what}: ${detail}`);
  }
  if (code === 'ETIMEDOUT' || e?.message === 'timeout') {
    return new KubeApiError('timeout', `The cluster did not answer in time while reading ${what}`);
  }
  if (/certificate|self[- ]signed|SSL|TLS/i.test(detail) || code.startsWith('ERR_TLS') || code.includes('CERT')) {
    return new KubeApiError('unreachable', `TLS failed while reading ${what}: ${detail}`);
  }
  return new KubeApiError('unreachable', `Cannot read ${what}: ${detail}`);
}

function fromStatus(statusCode: number, body: unknown, what: string): KubeApiError {
  const status = (body ?? {}) as { message?: unknown; reason?: unknown };
  const message = typeof status.message === 'string' ? status.message : undefined;
  const reason = typeof status.reason === 'string' ? status.reason : undefined;
  switch (statusCode) {
    case 401:
      return new KubeApiError('unauthorized', `The cluster did not accept the credentials (401 Unauthorized) for ${what}`, 401, reason);
    case 403:
      return new KubeApiError('forbidden', message ?? `Forbidden: cannot read ${what} (403)`, 403, reason);
    case 404:
      return new KubeApiError('not-found', message ?? `${what} not found (404)`, 404, reason);
    case 410:
      return new KubeApiError('expired', message ?? `The list of ${what} expired (410 Gone)`, 410, reason);
    default:
      return new KubeApiError('server', `${what}: ${message ?? `HTTP ${statusCode}`}`, statusCode, reason);
  }
}

export interface ListResult {
  readonly items: unknown[];
  readonly resourceVersion: string;
}

export interface ListOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** Items per page (the `limit` parameter); the server's `continue` token fetches the next page. */
  readonly pageSize?: number;
  /** Applied to each item as it arrives, so whole pages of full objects are not kept. */
  readonly map?: (item: unknown) => unknown;
}

/**
 * Plain JSON requests to the API server with the authentication and TLS that client-node derives from the
 * kubeconfig (tokens, client certificates, exec plugins). Lists are paginated.
 */
export class KubeApi {
  constructor(
    private readonly config: KubeConfig,
    private readonly timeoutMs = 30_000,
  ) {}

  get server(): string {
    return this.config.getCurrentCluster()?.server ?? '';
  }

  async getJson(path: string, what = path): Promise<unknown> {
    const options: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(options);
    return this.request(path, options, what);
  }

  async list(path: string, what: string, options: ListOptions = {}): Promise<ListResult> {
    const requestOptions: https.RequestOptions = {};
    await this.config.applyToHTTPSOptions(requestOptions);
    const items: unknown[] = [];
    let continueToken: string | undefined;
    let resourceVersion = '';
    do {
      const query = new URLSearchParams();
      query.set('limit', String(options.pageSize ?? 500));
      if (options.labelSelector) query.set('labelSelector', options.labelSelector);
      if (options.fieldSelector) query.set('fieldSelector', options.fieldSelector);
      if (continueToken) query.set('continue', continueToken);
      const page = (await this.request(`${path}?${query}`, requestOptions, what)) as {
        items?: unknown;
        metadata?: { resourceVersion?: string; continue?: string };
      };
      for (const item of Array.isArray(page.items) ? page.items : []) items.push(options.map ? options.map(item) : item);
      resourceVersion = page.metadata?.resourceVersion ?? resourceVersion;
      continueToken = page.metadata?.continue || undefined;
    } while (continueToken);
    return { items, resourceVersion };
  }

  private request(path: string, options: https.RequestOptions, what: string): Promise<unknown> {
    const url = new URL(this.server.replace(/\/+$/, '') + path);
    const transport = url.protocol === 'http:' ? http : https;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        url,
        { ...options, method: 'GET', headers: { ...options.headers, Accept: 'application/json' }, timeout: this.timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => reject(toKubeApiError(error, what)));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = undefined;
            }
            const statusCode = response.statusCode ?? 0;
            if (statusCode >= 200 && statusCode < 300) {
              if (body === undefined) reject(new KubeApiError('protocol', `The server's answer for ${what} is not JSON`));
              else resolve(body);
            } else {
              reject(fromStatus(statusCode, body, what));
            }
          });
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
      request.on('error', (error) => reject(toKubeApiError(error, what)));
      request.end();
    });
  }
}
