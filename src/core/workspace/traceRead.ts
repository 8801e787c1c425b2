import type { KubeConfig } from '@kubernetes/client-node';
import { WatchHub } from '../kube/watchHub';
import { inlineText } from '../util/visibleText';
import { TraceService } from './traceService';
import type { TraceTarget } from '../trace/objects';
import type { Trace } from '../trace/timeline';
import type { TraceSession } from '../trace/traceSession';

/** The cluster could not be read for the trace (the session's own error, said with what was traced where). */
export class TraceReadError extends Error {}

interface TraceRequest {
  readonly context: string;
  readonly config: KubeConfig;
  readonly target: TraceTarget;
}

/**
 * A trace of one object on a watch hub of its own, started: what the cluster holds now is read, and it goes on
 * following until closed. Fails, closed, with a clear message when the cluster cannot be read.
 */
export async function openTrace(request: TraceRequest): Promise<{ session: TraceSession; close(): void }> {
  const { context, config, target } = request;
  const hub = new WatchHub(config);
  const traces = new TraceService({ hub: () => hub });
  const close = () => {
    traces.dispose();
    hub.dispose();
  };
  try {
    const session = traces.start(target)!;
    await session.start();
    if (session.state === 'error') {
      throw new TraceReadError(
        `Cannot trace ${target.kind} ${inlineText(target.namespace)}/${inlineText(target.name)} in context "${inlineText(context)}": ${inlineText(session.error ?? 'the cluster could not be read', Infinity)}`,
      );
    }
    return { session, close };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * The trace of a workload as the cluster holds it now: read once (its objects, and the Events that still name
 * Pods gone before), then closed. What `cluster-anatomy trace KIND/NAME` prints without --follow.
 */
export async function readTraceOnce(request: TraceRequest): Promise<Trace> {
  const { session, close } = await openTrace(request);
  try {
    return session.flush();
  } finally {
    close();
  }
}
