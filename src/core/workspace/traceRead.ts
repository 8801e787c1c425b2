import type { KubeConfig } from '@kubernetes/client-node';
import { WatchHub } from '../kube/watchHub';
import { inlineText } from '../util/visibleText';
import { TraceService } from './traceService';
import type { TraceTarget } from '../trace/objects';
import type { Trace } from '../trace/timeline';

/**
 * The trace of a workload as the cluster holds it now: read once (its objects, and the Events that still name
 * Pods gone before), then closed. What `cluster-anatomy trace KIND/NAME` prints without --follow.
 */
export async function readTraceOnce(request: { context: string; config: KubeConfig; target: TraceTarget }): Promise<Trace> {
  const { context, config, target } = request;
  const hub = new WatchHub(config);
  const traces = new TraceService({ hub: () => hub });
  try {
    const session = traces.start(target)!;
    await session.start();
    if (session.state === 'error') {
      throw new Error(
        `Cannot trace ${target.kind} ${inlineText(target.namespace)}/${inlineText(target.name)} in context "${inlineText(context)}": ${inlineText(session.error ?? 'the cluster could not be read', Infinity)}`,
      );
    }
    return session.flush();
  } finally {
    traces.dispose();
    hub.dispose();
  }
}
