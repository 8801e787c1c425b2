import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { Socket } from 'node:net';
import type { KubeConfig } from '@kubernetes/client-node';
import { demoKubeconfig } from '../../src/demo/demoCluster';
import { createServingCertificates } from '../../src/demo/x509';
import { loadKubeClient } from '../../src/core/kube/loadClient';

/** One request as the script sees it. */
export interface HostileRequest {
  /** The path without its query. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly watch: boolean;
  readonly response: ServerResponse;
}

/** Answers one request; it may answer later, stream forever, or destroy the socket. */
export type Script = (request: HostileRequest) => void;

export interface HostileServer {
  readonly server: string;
  readonly caPem: string;
  /** A client configuration for the server, trusting its CA. */
  clientConfig(): Promise<KubeConfig>;
  /** What requests to `path` get from now on. Unscripted paths answer an empty list and hold watches open. */
  script(path: string, script: Script): void;
  /** Requests received for `path` (every path when omitted), lists and watches apart or together. */
  count(path?: string, kind?: 'list' | 'watch'): number;
  /** Every request so far, in order. */
  readonly requests: readonly { path: string; query: URLSearchParams; watch: boolean }[];
  /** Drops every open connection abruptly, as a restarting server or a broken network does. */
  resetConnections(): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

export function listBody(items: unknown[], resourceVersion: string, continueToken?: string): unknown {
  return { kind: 'List', apiVersion: 'v1', metadata: { resourceVersion, ...(continueToken ? { continue: continueToken } : {}) }, items };
}

export function statusBody(code: number, reason: string, message: string): Record<string, unknown> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/** Starts a watch answer (200, chunked) and writes `events`; the stream stays open unless `end`. */
export function watchEvents(response: ServerResponse, events: readonly { type: string; object: unknown }[], end = false): void {
  if (!response.headersSent) {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    response.flushHeaders();
  }
  for (const event of events) response.write(`${JSON.stringify(event)}\n`);
  if (end) response.end();
}

/**
 * An HTTPS server on 127.0.0.1 that speaks just enough of the Kubernetes API for a client to connect, and
 * misbehaves per path as each test scripts it: empty or garbage watches, ERROR events, 410 loops, endless
 * pages, huge bodies, 403s, reset connections.
 */
export async function startHostileServer(): Promise<HostileServer> {
  const certificates = createServingCertificates();
  const scripts = new Map<string, Script>();
  const requests: { path: string; query: URLSearchParams; watch: boolean }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(
    { cert: certificates.certPem, key: certificates.keyPem },
    (request: IncomingMessage, response: ServerResponse) => {
      const url = new URL(request.url ?? '/', 'https://127.0.0.1');
      const watch = url.searchParams.get('watch') === '1' || url.searchParams.get('watch') === 'true';
      requests.push({ path: url.pathname, query: url.searchParams, watch });
      const script = scripts.get(url.pathname);
      if (script) script({ path: url.pathname, query: url.searchParams, watch, response });
      else if (url.pathname === '/version') sendJson(response, 200, { major: '1', minor: '37', gitVersion: 'v1.37.0' });
      else if (watch) watchEvents(response, []);
      else sendJson(response, 200, listBody([], '1'));
    },
  );
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that goes away mid-answer is ordinary here.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const base = `https://127.0.0.1:${port}`;
  const resetConnections = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    server: base,
    caPem: certificates.caPem,
    async clientConfig() {
      const { KubeConfig } = await loadKubeClient();
      const config = new KubeConfig();
      config.loadFromString(demoKubeconfig(base, certificates.caPem, 'hostile-token', 'hostile'));
      return config;
    },
    script: (path, script) => scripts.set(path, script),
    count: (path, kind) =>
      requests.filter((r) => (path === undefined || r.path === path) && (kind === undefined || r.watch === (kind === 'watch'))).length,
    requests,
    resetConnections,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      resetConnections();
      await closed;
    },
  };
}
