/**
 * Everything a context answers on demand, with its credentials: an object now (live YAML views, health,
 * placement), the server's OpenAPI (hover field types, read on first use), the user's client certificate (its
 * expiry). Watched state is the watch layer's; this is the one other way the features reach the cluster.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterSchemas } from '../../fields/schema/clusterSchemas';
import type { FieldSchema } from '../../fields/schema/openApiSchema';
import { KubeApi, KubeApiError } from '../../kube/kubeApi';
import { manifestObjectPath, objectPath } from '../../kube/objectPaths';
import type { ManifestRef, ObjectRef } from './collections';

export class ClusterReader {
  /** Requests with this context's credentials: these reads, and the writes of Apply and the experiments. */
  readonly api: KubeApi;
  private schemas?: ClusterSchemas;

  constructor(private readonly config: KubeConfig) {
    this.api = new KubeApi(config);
  }

  /**
   * An object read now; undefined when it does not exist (or its kind and names cannot be addressed). Any other
   * failure, a kind this cluster does not serve included, is thrown as the KubeApiError it is.
   */
  async getObject(ref: ObjectRef | ManifestRef): Promise<object | undefined> {
    const path =
      'resource' in ref
        ? objectPath(ref.resource, ref.namespace, ref.name)
        : manifestObjectPath(ref.apiVersion, ref.kind, ref.namespace, ref.name);
    if (!path) return undefined;
    try {
      return (await this.api.getJson(path, `${'resource' in ref ? ref.resource : ref.kind} ${ref.name}`)) as object;
    } catch (error) {
      // A kind the cluster does not serve is no absent object: it could never be there.
      if (error instanceof KubeApiError && error.kind === 'not-found' && !error.kindNotServed) return undefined;
      throw error;
    }
  }

  /**
   * A field's type and description from this server's own OpenAPI (read on first use; CRDs included);
   * undefined when the server does not describe it. A failed read is thrown as the KubeApiError it is.
   */
  fieldSchema(apiVersion: string, kind: string, path: readonly (string | number)[]): Promise<FieldSchema | undefined> {
    this.schemas ??= new ClusterSchemas(this.api.server, (path, what) => this.api.getJson(path, what));
    return this.schemas.fieldAt(apiVersion, kind, path);
  }

  /** The kubeconfig user's client certificate, by data or file (its key is never read); undefined for a token or a plugin. */
  clientCertificateSource(): { certData?: string; certFile?: string } | undefined {
    const user = this.config.getCurrentUser();
    if (!user?.certData && !user?.certFile) return undefined;
    return { ...(user.certData && { certData: user.certData }), ...(user.certFile && { certFile: user.certFile }) };
  }
}
