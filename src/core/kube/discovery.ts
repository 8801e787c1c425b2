/**
 * What the server itself says about a kind: its resource (plural) and whether it lives in a namespace, read from
 * API discovery (`/api/v1`, `/apis/<group>/<version>`), so custom resources work as well as built-in kinds.
 */
import { KubeApiError, type KubeApi } from './kubeApi';

export interface ApiResource {
  /** '' for the core group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** The resource's name in paths: `deployments`. */
  readonly plural: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

/** `v1`, `apps/v1`, `example.com/v1beta1`: a DNS-subdomain group (optional) and a version, nothing that walks a URL. */
const apiVersionPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;

export function isApiVersion(apiVersion: string): boolean {
  return apiVersionPattern.test(apiVersion);
}

/** The path that lists a group/version's resources, and under which its objects live. */
export function groupVersionPath(apiVersion: string): string {
  return apiVersion === 'v1' ? '/api/v1' : `/apis/${apiVersion}`;
}

interface DiscoveredResource {
  readonly name?: unknown;
  readonly kind?: unknown;
  readonly namespaced?: unknown;
  readonly verbs?: unknown;
}

/** One discovery read per group/version and per instance: a manifest of many Deployments asks once. */
export class ApiDiscovery {
  private readonly lists = new Map<string, Promise<readonly ApiResource[] | undefined>>();

  constructor(private readonly api: Pick<KubeApi, 'getJson'>) {}

  /** The resource of `kind` in `apiVersion`; undefined when the server serves no such group/version or kind. */
  async resourceFor(apiVersion: string, kind: string): Promise<ApiResource | undefined> {
    if (!isApiVersion(apiVersion)) return undefined;
    const resources = await this.resourcesOf(apiVersion);
    return resources?.find((resource) => resource.kind === kind);
  }

  private resourcesOf(apiVersion: string): Promise<readonly ApiResource[] | undefined> {
    let list = this.lists.get(apiVersion);
    if (!list) {
      list = this.read(apiVersion);
      // A failed read (not a 404) is asked again next time rather than remembered.
      list.catch(() => this.lists.delete(apiVersion));
      this.lists.set(apiVersion, list);
    }
    return list;
  }

  private async read(apiVersion: string): Promise<readonly ApiResource[] | undefined> {
    const [group, version] = apiVersion.includes('/') ? (apiVersion.split('/') as [string, string]) : ['', apiVersion];
    let answer: unknown;
    try {
      answer = await this.api.getJson(groupVersionPath(apiVersion), `the API resources of ${apiVersion}`);
    } catch (error) {
      if (error instanceof KubeApiError && error.kind === 'not-found') return undefined;
      throw error;
    }
    const resources = (answer as { resources?: unknown }).resources;
    if (!Array.isArray(resources)) return [];
    return (
      (resources as DiscoveredResource[])
        // `deployments/scale` and the like are subresources, not kinds one applies.
        .filter((resource) => typeof resource.name === 'string' && !resource.name.includes('/') && typeof resource.kind === 'string')
        .map((resource) => ({
          group,
          version,
          kind: resource.kind as string,
          plural: resource.name as string,
          namespaced: resource.namespaced === true,
          verbs: Array.isArray(resource.verbs) ? resource.verbs.filter((verb): verb is string => typeof verb === 'string') : [],
        }))
    );
  }
}
