/**
 * The Deployment walk-through (docs/anatomy.md "From a Deployment manifest to running containers"): six steps,
 * each lighting the edges and boxes of the scene that carry it.
 */
import type { Scene, SceneEdge } from './scene';
import { type DiagramStrings, defaultDiagramStrings, format } from './strings';

export interface WalkthroughStep {
  readonly index: number;
  readonly text: string;
  readonly edgeIds: readonly string[];
  readonly boxIds: readonly string[];
}

export const walkthroughStepCount = 6;

/** `node`: the node whose kubelet carries steps 5 and 6 (a live trace's step names it), when it is drawn. */
export function walkthroughSteps(
  scene: Scene,
  strings: DiagramStrings = defaultDiagramStrings,
  options: { readonly node?: string } = {},
): WalkthroughStep[] {
  const edges = (predicate: (edge: SceneEdge) => boolean) => scene.edges.filter(predicate).map((edge) => edge.id);
  const touching = (component: string, kind: string) => (edge: SceneEdge) =>
    edge.kind === kind && edge.fromComponent === component && edge.toComponent === 'kube-apiserver' && !edge.node && !edge.group;
  // The node that starts the containers: the first worker drawn with a box, else any node, else a group.
  const kubelets = scene.boxes.filter((box) => box.component === 'kubelet' && box.node);
  const worker =
    kubelets.find((box) => options.node !== undefined && box.node === options.node) ??
    kubelets.find((box) => box.role === 'worker' && box.health === 'ok') ??
    kubelets.find((box) => box.role === 'worker') ??
    kubelets[0];
  const nodeName = worker?.node ?? scene.boxes.find((box) => box.kind === 'group')?.label ?? '';
  const onNode = (edge: SceneEdge) => (worker ? edge.node === worker.node : edge.group !== undefined);
  // Step 5 is about the Deployment's Pod bound to that node: of the Pods drawn there, those a Deployment made.
  const deploymentPods = new Set(
    scene.boxes
      .filter(
        (box) => worker && box.kind === 'pod' && box.node === worker.node && (box.source === 'deployment' || box.source === 'replicaset'),
      )
      .map((box) => box.id),
  );
  const steps: [string, string[], string[]][] = [
    [strings.walk1, edges((e) => e.kind === 'request' || e.kind === 'storage'), ['client', 'cp:kube-apiserver', 'cp:etcd']],
    [
      strings.walk2,
      edges(touching('kube-controller-manager', 'watch')).concat(edges(touching('kube-controller-manager', 'write-back'))),
      ['cp:kube-controller-manager', 'cp:kube-apiserver'],
    ],
    [strings.walk3, edges(touching('kube-controller-manager', 'write-back')), ['cp:kube-controller-manager', 'cp:kube-apiserver']],
    [
      strings.walk4,
      edges(touching('kube-scheduler', 'watch')).concat(edges(touching('kube-scheduler', 'write-back'))),
      ['cp:kube-scheduler', 'cp:kube-apiserver'],
    ],
    [
      format(strings.walk5, nodeName),
      edges(
        (e) =>
          onNode(e) &&
          ((e.kind === 'watch' && e.fromComponent === 'kubelet') || e.kind === 'cri' || (e.kind === 'runs' && deploymentPods.has(e.to))),
      ),
      worker ? [worker.id, `node:${worker.node}:container-runtime`, ...deploymentPods] : [],
    ],
    [
      strings.walk6,
      edges((e) => onNode(e) && e.kind === 'write-back' && e.fromComponent === 'kubelet'),
      worker ? [worker.id, 'cp:kube-apiserver'] : ['cp:kube-apiserver'],
    ],
  ];
  const present = new Set(scene.boxes.map((box) => box.id));
  return steps.map(([text, edgeIds, boxIds], index) => ({ index, text, edgeIds, boxIds: boxIds.filter((id) => present.has(id)) }));
}
