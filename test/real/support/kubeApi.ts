import { Agent, request as httpsRequest, type RequestOptions } from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';

/** A plain HTTPS client for one kube-apiserver: keep-alive sockets, JSON in and out, watch streams. */
export interface KubeApi {
  readonly server: string;
  /** Resolves for every HTTP answer; the caller decides which statuses are failures. */
  request<T = Loose>(method: string, path: string, body?: unknown, contentType?: string): Promise<ApiAnswer<T>>;
  /** Like request, but rejects with an ApiError unless the status is 2xx or one of `accept`. */
  call<T = Loose>(
    method: string,
    path: string,
    body?: unknown,
    options?: { contentType?: string; accept?: number[] },
  ): Promise<ApiAnswer<T>>;
  watch(path: string, onEvent: (event: WatchEvent) => void, onEnd: (error?: Error) => void): { stop(): void };
  close(): void;
}

export type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: Loose;
}

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly reason: string,
  ) {
    super(`${method} ${path}: ${status} ${reason}`);
  }
}

export const mergePatch = 'application/merge-patch+json';
export const strategicMergePatch = 'application/strategic-merge-patch+json';

/** Connects with the kubeconfig's current context (the admin's client certificate); no token is ever logged. */
export async function connectKubeApi(kubeconfigPath: string, maxSockets = 64): Promise<KubeApi> {
  const config = new KubeConfig();
  config.loadFromFile(kubeconfigPath);
  const cluster = config.getCurrentCluster();
  if (!cluster) throw new Error(`${kubeconfigPath} has no current cluster`);
  const tls: RequestOptions = {};
  await config.applyToHTTPSOptions(tls);
  const server = new URL(cluster.server);
  const agent = new Agent({
    keepAlive: true,
    maxSockets,
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
    rejectUnauthorized: !cluster.skipTLSVerify,
  });
  const watchAgent = new Agent({ keepAlive: false, ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: !cluster.skipTLSVerify });
  const headers = (tls.headers ?? {}) as Record<string, string>;

  function options(method: string, path: string, agentToUse: Agent, payload?: string, contentType?: string): RequestOptions {
    // A Content-Length, not chunked bodies: kube-apiserver's Go server answered some chunked PATCHes on
    // reused keep-alive connections with a bare "400 Bad Request".
    const body = payload === undefined ? {} : { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(payload)) };
    return {
      method,
      hostname: server.hostname,
      port: server.port || 443,
      path,
      agent: agentToUse,
      headers: { ...headers, Accept: 'application/json', ...body },
    };
  }

  const api: KubeApi = {
    server: cluster.server,
    request<T>(method: string, path: string, body?: unknown, contentType = 'application/json') {
      return new Promise<ApiAnswer<T>>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = httpsRequest(options(method, path, agent, payload, contentType), (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : {};
            } catch {
              // not JSON (a proxy's page): keep the text for the error message
            }
            resolve({ status: res.statusCode ?? 0, body: parsed as T });
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
    async call<T>(method: string, path: string, body?: unknown, callOptions: { contentType?: string; accept?: number[] } = {}) {
      const answer = await api.request<T>(method, path, body, callOptions.contentType);
      if ((answer.status < 200 || answer.status > 299) && !callOptions.accept?.includes(answer.status)) {
        const status = answer.body as Loose;
        throw new ApiError(
          method,
          path,
          answer.status,
          typeof status === 'object' ? String(status.message ?? status.reason ?? '') : String(status).slice(0, 200),
        );
      }
      return answer;
    },
    watch(path, onEvent, onEnd) {
      let ended = false;
      const finish = (error?: Error) => {
        if (ended) return;
        ended = true;
        onEnd(error);
      };
      const req = httpsRequest(options('GET', path, watchAgent), (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish(new ApiError('WATCH', path, res.statusCode ?? 0, res.statusMessage ?? ''));
          return;
        }
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          let newline = buffered.indexOf('\n');
          while (newline >= 0) {
            const line = buffered.slice(0, newline).trim();
            buffered = buffered.slice(newline + 1);
            if (line && !ended) {
              try {
                onEvent(JSON.parse(line) as WatchEvent);
              } catch (error) {
                finish(error as Error);
                req.destroy();
                return;
              }
            }
            newline = buffered.indexOf('\n');
          }
        });
        res.on('end', () => finish());
        res.on('error', (error) => finish(error));
      });
      req.on('error', (error) => finish(error));
      req.end();
      return {
        stop() {
          ended = true;
          req.destroy();
        },
      };
    },
    close() {
      agent.destroy();
      watchAgent.destroy();
    },
  };
  return api;
}
