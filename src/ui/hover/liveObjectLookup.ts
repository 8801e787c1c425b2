import { provenanceEvidence } from '../../core/apply/provenanceEvidence';
import type { ClusterWorkspace } from '../../core/workspace/clusterWorkspace';
import type { LiveObjectLookup } from './manifestHoverProvider';

/**
 * The hover's live part: the manifest's object in the current context, read with that context's credentials.
 * A hover never opens a connection of its own: without a connected session it shows the static explanation.
 * On the fields that decide where a Pod runs, it also asks the workspace's placement model where the manifest's
 * Pod would fit now.
 */
export function liveObjectLookup(
  workspace: ClusterWorkspace,
  options: {
    /** Why no dry run may be sent now (an untrusted workspace sends nothing); undefined when it may. */
    readonly dryRunRefusal?: () => string | undefined;
  } = {},
): LiveObjectLookup {
  const live = workspace.live;
  return {
    get contextName() {
      return live.session?.context;
    },
    // Without a connected session the hover leaves the live part out, rather than report "no such object".
    isConnected: () => live.session !== undefined && live.status?.state === 'connected',
    // A manifest without a namespace lands where kubectl would put it: the context's namespace.
    find: (kind, apiVersion, namespace, name) => workspace.getObject({ apiVersion, kind, namespace: namespace ?? live.namespace, name }),
    fieldSchema: (apiVersion, kind, path) => workspace.fieldSchema(apiVersion, kind, path),
    get namespace() {
      return live.namespace;
    },
    // The workspace's placement watch (Nodes and every bound Pod), started by the first question.
    placement: (pod) => workspace.placement.explainNew(pod),
    // Who set a live value: a dry run of the manifest (stores nothing; not sent from an untrusted workspace),
    // the mutating webhooks, the HorizontalPodAutoscalers.
    provenance: async (question) => {
      const session = live.session;
      if (!session) return undefined;
      const refusal = options.dryRunRefusal?.();
      return provenanceEvidence(session.reader.api, {
        ...question,
        namespace: question.namespace ?? live.namespace,
        ...(refusal !== undefined && { noDryRun: refusal }),
      });
    },
  };
}
