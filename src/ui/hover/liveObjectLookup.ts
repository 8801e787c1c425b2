import type { LiveAnatomy } from '../../core/anatomy/liveAnatomy';
import type { LiveObjectLookup } from './manifestHoverProvider';

/**
 * The hover's live part: the manifest's object in the current context, read with that context's credentials.
 * A hover never opens a connection of its own: without a connected session it shows the static explanation.
 */
export function liveObjectLookup(live: LiveAnatomy): LiveObjectLookup {
  return {
    get contextName() {
      return live.session?.context;
    },
    // Without a connected session the hover leaves the live part out, rather than report "no such object".
    isConnected: () => live.session !== undefined && live.status?.state === 'connected',
    async find(kind, apiVersion, namespace, name) {
      const session = live.session;
      if (!session || live.status?.state !== 'connected') return undefined;
      // A manifest without a namespace lands where kubectl would put it: the context's namespace.
      return session.getObject({ apiVersion, kind, namespace: namespace ?? live.namespace, name });
    },
  };
}
