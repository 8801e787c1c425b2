import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { findResourceType, groupVersions } from './resources';
import { ApiError, badRequest, failureStatus, methodNotAllowed, notFoundPath } from './status';
import { jsonOf, type ObjectStore } from './store';
import { toTable, type IncludeObject } from './tables';
import { errorMessage } from '../core/util/errors';
import { openApiV2Document, openApiV3Discovery, openApiV3Document } from './openApi';
import { apiResourceList, delay, gitVersion, parseBoolean, partialMetadata, type ResourceRequest, responseForm } from './apiFormats';
import { scaleOf } from './apiPatches';
import { type ClusterWrites, WriteHandler, writableResources } from './apiWrites';
import { notFoundError, requestSelectors, serveList } from './apiList';
import {
  type ActiveWatch,
  defaultWatchLimits,
  serveLog,
  serveWatch,
  WatchBuffers,
  WatchFanOut,
  type WatchLimits,
  type WatchServer,
} from './apiWatch';
import { healthAnswer, healthCheckAnswer, healthRoute } from './apiHealth';
import {
  type AccessAttributes,
  AUTHORIZATION_GROUP,
  AUTHORIZATION_VERSION,
  type DemoAuthorizer,
  type Forbidden,
  ForbidListAuthorizer,
  forbiddenError,
  reviewResources,
  serveReview,
} from './apiAccess';
import { demoPolicy, type Policy, RbacAuthorizer, type UserInfo } from './rbac';

export type { ClusterWrites } from './apiWrites';

export interface ApiServerOptions {
  store: ObjectStore;
  writes: ClusterWrites;
  token: string;
  certPem: string;
  keyPem: string;
  /** The user the token authenticates as; RBAC messages name it. */
  userName: string;
  /** Further users, each with its token, authorized by RBAC under `policy` rather than by the forbid list. */
  rbacUsers?: readonly { token: string; user: UserInfo }[];
  /** The roles and bindings the RBAC users are authorized by; the demo's own unless given. */
  policy?: Policy;
  bookmarkIntervalMs: number;
  /** How many nodes the cluster has (a DaemonSet runs a Pod on each). */
  nodeCount: () => number;
  /** Bounds of the open watches; the defaults unless given. */
  watchLimits?: Partial<WatchLimits>;
}

export type { Forbidden } from './apiAccess';

/** /api/v1/<resource>… and /apis/<group>/<version>/<resource>… name resources; every other path is a non-resource URL. */
/** The workloads whose replicas the scale subresource reads and writes. */
const scalable = new Set(['deployments']);

function isResourcePath(segments: readonly string[]): boolean {
  return (segments[0] === 'api' && segments.length >= 3) || (segments[0] === 'apis' && segments.length >= 4);
}

/** Who a request comes from, and how its requests are decided. */
interface RequestUser {
  readonly name: string;
  readonly authorizer: DemoAuthorizer;
}

export class ApiServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly watches = new Set<ActiveWatch>();
  /** Each token the server accepts, with the user it authenticates as. */
  private readonly users: readonly { token: Buffer; user: RequestUser }[];
  /** A request without credentials: public paths only, under the forbid list as the admin's requests are. */
  private readonly anonymous: RequestUser;
  latencyMs = 0;
  /** Added to every list per 1,000 objects it returns, as a large cluster's lists take seconds and small reads do not. */
  listLatencyPerThousandMs = 0;
  readonly forbidden: Forbidden[] = [];
  /** The health check that fails (failCheck scenario); undefined while all pass. */
  failingCheck: string | undefined;
  private address = 0;

  /** What a watch reads of this server (apiWatch.ts serves the stream). */
  private readonly watchServer: WatchServer;
  private readonly writeHandler: WriteHandler;

  constructor(private readonly options: ApiServerOptions) {
    this.watchServer = {
      store: options.store,
      watches: this.watches,
      buffers: new WatchBuffers(this.watches, { ...defaultWatchLimits, ...options.watchLimits }),
      fanOut: new WatchFanOut(),
      bookmarkIntervalMs: options.bookmarkIntervalMs,
      selectors: requestSelectors,
    };
    const forbidList = new ForbidListAuthorizer(this.forbidden);
    const policy = options.policy ?? demoPolicy;
    this.users = [
      { token: Buffer.from(options.token), user: { name: options.userName, authorizer: forbidList } },
      ...(options.rbacUsers ?? []).map(({ token, user }) => ({
        token: Buffer.from(token),
        user: { name: user.name, authorizer: new RbacAuthorizer(policy, user) },
      })),
    ];
    this.anonymous = { name: 'system:anonymous', authorizer: forbidList };
    this.writeHandler = new WriteHandler(options.store, options.writes, options.nodeCount);
  }

  get port(): number {
    return this.address;
  }

  get activeWatchCount(): number {
    return this.watches.size;
  }

  /** The bytes the open watches have written that their clients have not read yet. */
  get watchBufferedBytes(): number {
    return this.watchServer.buffers.measure();
  }

  listen(port = 0): Promise<number> {
    const server = createServer({ cert: this.options.certPem, key: this.options.keyPem }, (request, response) => {
      this.handle(request, response).catch((error: unknown) => this.fail(response, error));
    });
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('secureConnection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // Broken TLS handshakes and client resets are the client's problem, never the server's.
    server.on('tlsClientError', () => undefined);
    server.on('clientError', (_error, socket: Socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        this.address = (server.address() as { port: number }).port;
        resolve(this.address);
      });
    });
  }

  async close(): Promise<void> {
    for (const watch of [...this.watches]) watch.close();
    this.watchServer.fanOut.stop();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Drops every watch connection abruptly, as a restarting API server or a broken network would. */
  cutWatches(): number {
    const count = this.watches.size;
    for (const watch of [...this.watches]) {
      this.watches.delete(watch);
      watch.socket.destroy();
    }
    return count;
  }

  /** Compacts history and ends every watch with a 410 Expired ERROR event: clients must relist. */
  expireWatches(): number {
    this.options.store.compact();
    const count = this.watches.size;
    const revision = this.options.store.revision;
    for (const watch of [...this.watches])
      watch.close(new ApiError(410, 'Expired', `too old resource version: ${revision} (${revision + 1})`));
    return count;
  }

  private fail(response: ServerResponse, error: unknown): void {
    const apiError =
      error instanceof ApiError ? error : new ApiError(500, 'InternalError', `Internal error occurred: ${errorMessage(error)}`);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    this.sendJson(response, apiError.code, JSON.stringify(apiError.toStatus()));
  }

  private sendJson(response: ServerResponse, code: number, body: string, warnings: readonly string[] = []): void {
    const buffer = Buffer.from(body);
    const headers: Record<string, string | number | string[]> = {
      'Content-Type': 'application/json',
      'Content-Length': buffer.length,
      'Cache-Control': 'no-cache, private',
    };
    // RFC 7234 warnings, as the real server sends them: code 299, agent "-", the text quoted.
    if (warnings.length > 0) headers.Warning = warnings.map((text) => `299 - ${JSON.stringify(text)}`);
    response.writeHead(code, headers);
    response.end(buffer);
  }

  /** The user the request authenticates as; undefined without credentials (anonymous); 401 for wrong ones. */
  private userOf(request: IncomingMessage): RequestUser | undefined {
    const header = request.headers.authorization;
    if (header === undefined) return undefined;
    const presented = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '');
    const known = this.users.find(({ token }) => presented.length === token.length && timingSafeEqual(presented, token));
    if (known) return known.user;
    throw new ApiError(401, 'Unauthorized', 'Unauthorized');
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.latencyMs > 0) await delay(this.latencyMs);
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'https://127.0.0.1');
      decodeURIComponent(url.pathname);
    } catch {
      throw badRequest('malformed request URL');
    }
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = request.method ?? 'GET';
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));

    // A wrong token is refused everywhere. Without one, as with anonymous auth in kind, health and version are
    // public (system:public-info-viewer); everything else needs the token.
    const user = this.userOf(request);
    const health = healthRoute(path);
    const isPublic = method === 'GET' && ((health !== undefined && health.check === undefined) || path === '/version');
    if (user === undefined && !isPublic) throw new ApiError(401, 'Unauthorized', 'Unauthorized');
    const requester = user ?? this.anonymous;
    if (!isResourcePath(segments)) this.authorize(requester, { verb: method.toLowerCase(), path });
    if (method === 'GET' && health) {
      const answer =
        health.check === undefined
          ? healthAnswer(health.endpoint, url.searchParams, this.failingCheck)
          : healthCheckAnswer(health.check, this.failingCheck);
      response.writeHead(answer.status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': Buffer.byteLength(answer.body),
      });
      response.end(answer.body);
      return;
    }
    if (method === 'GET' && path === '/version') {
      this.sendJson(
        response,
        200,
        JSON.stringify(
          {
            major: '1',
            minor: '37',
            emulationMajor: '1',
            emulationMinor: '37',
            minCompatibilityMajor: '1',
            minCompatibilityMinor: '36',
            gitVersion,
            gitCommit: '0000000000000000000000000000000000000000',
            gitTreeState: 'clean',
            buildDate: '2026-08-26T00:00:00Z',
            goVersion: 'go1.25.0',
            compiler: 'gc',
            platform: 'linux/amd64',
          },
          null,
          2,
        ),
      );
      return;
    }
    const accept = request.headers.accept;
    if (accept && !/(^|[,\s])(application\/json|application\/\*|\*\/\*)/.test(accept)) {
      // Only JSON is served (kubectl and client-node ask for it); a protobuf- or YAML-only client is told so.
      throw new ApiError(406, 'NotAcceptable', 'only the following media types are accepted: application/json');
    }
    if (segments[0] === 'openapi') return this.handleOpenApi(response, segments.slice(1), method);
    const review = reviewResources.find((name) => segments.join('/') === `apis/${AUTHORIZATION_GROUP}/${AUTHORIZATION_VERSION}/${name}`);
    if (review) {
      // Asking is itself authorized: RBAC's system:basic-user lets every authenticated user create both reviews.
      const verb = method === 'POST' ? 'create' : method === 'GET' ? 'list' : undefined;
      if (verb) this.authorize(requester, { verb, group: AUTHORIZATION_GROUP, resource: review });
      const answer = await serveReview(request, review, method, requester.authorizer);
      this.sendJson(response, answer.code, JSON.stringify(answer.body));
      return;
    }
    if (segments[0] === 'api') return this.handleApi(request, response, url, segments.slice(1), '', method, requester);
    if (segments[0] === 'apis') return this.handleApis(request, response, url, segments.slice(1), method, requester);
    throw notFoundPath();
  }

  /** What kubectl explain and the hovers read: the demo's OpenAPI (v3 where asked, v2 otherwise). */
  private handleOpenApi(response: ServerResponse, rest: string[], method: string): void {
    if (method !== 'GET') throw methodNotAllowed();
    let body: string | undefined;
    if (rest.length === 1 && rest[0] === 'v2') body = openApiV2Document();
    else if (rest.length === 1 && rest[0] === 'v3') body = openApiV3Discovery();
    else if (rest[0] === 'v3') body = openApiV3Document(rest.slice(1).join('/'));
    if (body === undefined) throw notFoundPath();
    this.sendJson(response, 200, body);
  }

  private async handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    rest: string[],
    group: string,
    method: string,
    user: RequestUser,
  ): Promise<void> {
    if (rest.length === 0) {
      if (method !== 'GET') throw methodNotAllowed();
      this.sendJson(
        response,
        200,
        JSON.stringify({
          kind: 'APIVersions',
          versions: ['v1'],
          serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '172.18.0.3:6443' }],
        }),
      );
      return;
    }
    const version = rest[0]!;
    if (version !== 'v1') throw notFoundPath();
    return this.handleGroupVersion(request, response, url, rest.slice(1), group, version, method, user);
  }

  private async handleApis(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    rest: string[],
    method: string,
    user: RequestUser,
  ): Promise<void> {
    const groupEntry = (group: string, version: string) => ({
      name: group,
      versions: [{ groupVersion: `${group}/${version}`, version }],
      preferredVersion: { groupVersion: `${group}/${version}`, version },
    });
    if (rest.length === 0) {
      if (method !== 'GET') throw methodNotAllowed();
      this.sendJson(
        response,
        200,
        JSON.stringify({
          kind: 'APIGroupList',
          apiVersion: 'v1',
          groups: groupVersions.map(({ group, version }) => groupEntry(group, version)),
        }),
      );
      return;
    }
    const known = groupVersions.find((entry) => entry.group === rest[0]);
    if (!known) throw notFoundPath();
    if (rest.length === 1) {
      if (method !== 'GET') throw methodNotAllowed();
      this.sendJson(response, 200, JSON.stringify({ kind: 'APIGroup', apiVersion: 'v1', ...groupEntry(known.group, known.version) }));
      return;
    }
    if (rest[1] !== known.version) throw notFoundPath();
    return this.handleGroupVersion(request, response, url, rest.slice(2), known.group, known.version, method, user);
  }

  private async handleGroupVersion(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    rest: string[],
    group: string,
    version: string,
    method: string,
    user: RequestUser,
  ): Promise<void> {
    if (rest.length === 0) {
      if (method !== 'GET') throw methodNotAllowed();
      this.sendJson(response, 200, JSON.stringify(apiResourceList(group ? `${group}/${version}` : version, group, version)));
      return;
    }
    const target = this.resolve(rest, group, version);
    const watchParam = parseBoolean(url.searchParams.get('watch'));
    const isWatch = target.legacyWatch || (watchParam && !target.name);
    const verb = this.verbOf(method, target, isWatch);
    const { resource, namespace, name, subresource } = target;
    this.authorize(user, {
      verb,
      group: resource.group,
      resource: resource.plural,
      ...(subresource !== undefined && { subresource }),
      ...(name !== undefined && { name }),
      ...(namespace !== undefined && { namespace }),
    });
    switch (verb) {
      case 'list':
        return serveList(this.options.store, request, response, url, target, this.listLatencyPerThousandMs);
      case 'watch':
        return serveWatch(this.watchServer, request, response, url, target);
      case 'get':
        return this.get(request, response, target);
      case 'create':
      case 'update':
      case 'patch':
      case 'delete': {
        const answer = await this.writeHandler.handle(verb, request, url, target);
        this.sendJson(response, answer.code, JSON.stringify(answer.body), answer.warnings);
        return;
      }
      default:
        throw methodNotAllowed();
    }
  }

  private resolve(rest: string[], group: string, version: string): ResourceRequest {
    let segments = rest;
    let legacyWatch = false;
    if (segments[0] === 'watch') {
      legacyWatch = true;
      segments = segments.slice(1);
    }
    let namespace: string | undefined;
    if (segments[0] === 'namespaces' && segments.length >= 3) {
      namespace = segments[1];
      segments = segments.slice(2);
    }
    const [plural, name, subresource, ...extra] = segments;
    const resource = plural === undefined ? undefined : findResourceType(group, version, plural);
    if (!resource || extra.length > 0) throw notFoundPath();
    if (namespace !== undefined && !resource.namespaced) throw notFoundPath();
    if (name !== undefined && resource.namespaced && namespace === undefined) throw notFoundPath();
    const served =
      (scalable.has(resource.plural) && subresource === 'scale') ||
      (resource.plural === 'pods' && (subresource === 'status' || subresource === 'log'));
    if (subresource !== undefined && !served) throw notFoundPath();
    return { resource, namespace, name, subresource, legacyWatch };
  }

  private verbOf(method: string, target: ResourceRequest, isWatch: boolean): string {
    if (method === 'GET') return isWatch ? 'watch' : target.name ? 'get' : 'list';
    const writable = writableResources.has(target.resource.plural);
    if (!writable || (target.subresource !== undefined && target.subresource !== 'scale')) throw methodNotAllowed();
    // A namespaced kind is written within its namespace; across namespaces it is only listed and watched.
    if (target.resource.namespaced && target.namespace === undefined) throw methodNotAllowed();
    if (method === 'POST' && !target.name) return 'create';
    if (!target.name) throw methodNotAllowed();
    if (method === 'PUT') return 'update';
    if (method === 'PATCH') return 'patch';
    if (method === 'DELETE' && !target.subresource) return 'delete';
    throw methodNotAllowed();
  }

  /** Refuses what the user's authorizer does not allow, with the 403 the real authorizer words. */
  private authorize(user: RequestUser, attributes: AccessAttributes): void {
    if (!user.authorizer.decide(attributes).allowed) throw forbiddenError(user.name, attributes);
  }

  private async get(request: IncomingMessage, response: ServerResponse, target: ResourceRequest): Promise<void> {
    const object = this.options.store.get(target.resource, target.namespace, target.name!);
    if (!object) throw notFoundError(target);
    if (target.subresource === 'scale') {
      this.sendJson(response, 200, JSON.stringify(scaleOf(object)));
      return;
    }
    if (target.subresource === 'log') {
      serveLog(this.watches, request, response, object);
      return;
    }
    const form = responseForm(request.headers.accept);
    if (form === 'table') {
      const includeObject = (new URL(request.url ?? '/', 'https://127.0.0.1').searchParams.get('includeObject') ??
        'Metadata') as IncludeObject;
      this.sendJson(
        response,
        200,
        JSON.stringify(toTable(target.resource, [object], { includeObject, resourceVersion: object.metadata.resourceVersion! })),
      );
      return;
    }
    this.sendJson(response, 200, form === 'metadata' ? JSON.stringify(partialMetadata(object)) : jsonOf(object));
  }
}

export { failureStatus };
