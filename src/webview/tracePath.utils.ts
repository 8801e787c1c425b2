/**
 * Which walk-through step's path a live trace step lights: the step's own when the component that did it carries
 * that step, else that component's own path to kube-apiserver. An Event from node-controller (which the timeline
 * files under the first walk-through step, the client's request) lights kube-controller-manager ↔ kube-apiserver,
 * not kubectl → kube-apiserver → etcd; a component the drawing has no box for lights nothing.
 */
import type { TraceStepComponent as TraceComponent } from '../protocol/diagramProtocol';

/** The walk-through steps (0-based, src/core/diagram/walkthrough.ts) each component carries, its own path first. */
const carries: Readonly<Record<TraceComponent, readonly number[]>> = {
  client: [0],
  'kube-apiserver': [0],
  'kube-controller-manager': [1, 2],
  'kube-scheduler': [3],
  kubelet: [5, 4],
  other: [],
};

/** undefined: the step has no path on the drawing. Without `by` (an older host) the walk-through step is taken as is. */
export function litWalkStep(walkStep: number, by: TraceComponent | undefined): number | undefined {
  if (by === undefined) return walkStep;
  const own = carries[by];
  return own.includes(walkStep) ? walkStep : own[0];
}
