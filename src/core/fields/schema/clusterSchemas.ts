import type { PathSegment } from '../../yaml/manifest/types';
import { type FieldSchema, OpenApiSchemas } from './openApiSchema';

/** Reads one path of the API server as JSON (the session's KubeApi.getJson). */
export type GetJson = (path: string, what: string) => Promise<unknown>;

/** v3 documents are addressed by content hash: one fetched for one server serves every session that sees it. */
const byHashedUrl = new Map<string, Promise<OpenApiSchemas | undefined>>();
const MAX_SHARED = 64;

/** Discovery is read again when a group-version is missing from it (a CRD installed since), at most this often. */
const REDISCOVER_MS = 30_000;

export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/**
 * The field types and descriptions of one API server, from its own OpenAPI: `/openapi/v3` where served (one
 * small document per group-version, fetched when a kind of it is first asked about), `/openapi/v2` otherwise
 * (one document, fetched once for the session). So hovers are right for the server's version and its CRDs.
 * A failed read is not kept: the next question tries again.
 */
export class ClusterSchemas {
  private discovery?: Promise<ReadonlyMap<string, string> | undefined>;
  private discoveredAt = 0;
  private v2?: Promise<OpenApiSchemas | undefined>;
  private v2ReadAt = 0;

  constructor(
    private readonly server: string,
    private readonly getJson: GetJson,
  ) {}

  async fieldAt(apiVersion: string, kind: string, path: readonly PathSegment[]): Promise<FieldSchema | undefined> {
    const { group, version } = splitApiVersion(apiVersion);
    if (!version) return undefined;
    const schemas = await this.schemasFor(group, version, kind);
    return schemas?.fieldAt(group, version, kind, path);
  }

  private async schemasFor(group: string, version: string, kind: string): Promise<OpenApiSchemas | undefined> {
    const groupVersion = group ? `apis/${group}/${version}` : `api/${version}`;
    let paths = await this.readDiscovery(false);
    if (paths && !paths.has(groupVersion) && Date.now() - this.discoveredAt > REDISCOVER_MS) paths = await this.readDiscovery(true);
    if (!paths) {
      const v2 = await this.readV2(false);
      // A kind it lacks may be a CRD installed since it was read.
      if (v2?.hasKind(group, version, kind) === false && Date.now() - this.v2ReadAt > REDISCOVER_MS) return this.readV2(true);
      return v2;
    }
    const url = paths.get(groupVersion);
    return url ? this.readV3(url) : undefined;
  }

  /** group-version → its document's URL; undefined when the server has no /openapi/v3 (before 1.27 unless enabled). */
  private readDiscovery(again: boolean): Promise<ReadonlyMap<string, string> | undefined> {
    if (this.discovery && !again) return this.discovery;
    this.discoveredAt = Date.now();
    const reading = this.getJson('/openapi/v3', "the API's OpenAPI v3 discovery").then(
      (body) => {
        const paths = (body as { paths?: unknown } | undefined)?.paths;
        if (typeof paths !== 'object' || paths === null) return undefined;
        const urls = new Map<string, string>();
        for (const [groupVersion, entry] of Object.entries(paths)) {
          const url = (entry as { serverRelativeURL?: unknown } | undefined)?.serverRelativeURL;
          if (typeof url === 'string' && url.startsWith('/openapi/v3/')) urls.set(groupVersion, url);
        }
        return urls;
      },
      (error: unknown) => {
        // 404: no v3 here, so v2 it is, for good. Anything else may pass: ask again next time.
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        this.discovery = undefined;
        throw error;
      },
    );
    this.discovery = reading;
    return reading;
  }

  private readV3(url: string): Promise<OpenApiSchemas | undefined> {
    const key = `${this.server} ${url}`;
    const cached = byHashedUrl.get(key);
    if (cached) return cached;
    const reading = this.getJson(url, `the OpenAPI document ${url.split('?')[0]}`).then(OpenApiSchemas.fromV3, (error: unknown) => {
      byHashedUrl.delete(key);
      throw error;
    });
    if (byHashedUrl.size >= MAX_SHARED) byHashedUrl.delete(byHashedUrl.keys().next().value as string);
    byHashedUrl.set(key, reading);
    return reading;
  }

  private readV2(again: boolean): Promise<OpenApiSchemas | undefined> {
    if (this.v2 && !again) return this.v2;
    this.v2ReadAt = Date.now();
    this.v2 = this.getJson('/openapi/v2', "the API's OpenAPI v2 document").then(OpenApiSchemas.fromV2, (error: unknown) => {
      this.v2 = undefined;
      throw error;
    });
    return this.v2;
  }
}
