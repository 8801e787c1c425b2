/**
 * Every sentence the diagram shows, in English. The extension passes each through vscode.l10n.t (the English
 * text is the key of l10n/bundle.l10n.*.json) and sends the result to the webview; the CLI uses them as is.
 * Placeholders are {0}, {1}, … as in vscode.l10n.t.
 */
import type { DurationUnits } from '../anatomy/healthPolicy';
import {
  defaultAnatomyStrings,
  defaultControlPlaneModeStrings,
  defaultEvidenceStrings,
  defaultStandpointStrings,
} from '../anatomy/strings';

export const defaultDiagramStrings = {
  architectureTitle: 'Architecture of {0}',
  placementTitle: 'kube-system Pods by node in {0}',
  placementOfTitle: 'Where {0} can run in {1}',
  placementYourPodsTitle: 'Your Pods by node in {0}',
  moreUserPods: '{0} more Pods',
  placementFitsCount: "fits {0} of {1} nodes by the scheduler's filters",
  placementFits: 'fits',
  placementRunsHere: 'runs here · fits',
  placementNotKnown: 'not known',
  /** Above the inputs of the scheduler's scores under each node a bound Pod fits (room left, other replicas). */
  placementScoreInputs: 'Score inputs',
  /** The last line of the score inputs under the node the Pod is bound to: said once. */
  placementScoresNotReadable: 'the scores themselves cannot be read',
  placementDoesNotFit: '✗ does not fit',
  legendPlacementFits: 'green border: the Pod fits there (or runs there)',
  legendPlacementDoesNotFit: "red border: the Pod does not fit there; why is under the node's name",
  sceneSubtitle: 'cluster {0} · context {1} · drawn {2}',
  /** The first paint of a large cluster: the control plane drawn, the nodes still being listed. */
  sceneLoadingNodes: 'the control plane first, listing all {0} nodes…',
  sceneLoading: 'the control plane first, listing the nodes…',
  controlPlane: 'Control plane',
  controlPlaneHa: 'Control plane ({0} kube-apiserver replicas)',
  hostedControlPlane: 'Control plane managed by the provider',
  hostedDetail: 'etcd, scheduler and controllers are not visible in the API',
  embeddedControlPlane: 'Embedded control plane',
  embeddedDetail: 'one server binary: API server, scheduler, controllers, datastore',
  clients: 'kubectl and other clients',
  nothingRead: 'Nothing could be read from {0}',
  nothingReadDetail: 'The cluster was not drawn: {0}',
  embeddedInProcess: 'embedded in the k3s process',
  apiServersHa: 'highly available: {0} API server addresses',
  apiServersSeveral: 'highly available: several API servers',
  apiServersOne: 'one API endpoint (may be a load balancer)',
  apiServersUnknown: 'API server availability unknown',
  externalEtcd: 'external, outside the cluster',
  absent: 'absent',
  /** A first paint: what is not drawn yet is still being listed, not missing. */
  stillListing: 'still listing…',
  notSeen: 'not seen',
  replicas: '{0} of {1} ready',
  leaderOn: 'leader on {0}',
  checksFailing: 'failing: {0}',
  checksFailingCard: 'kube-apiserver reports failing checks: {0}',
  leaderReplica: '{0} (leader)',
  standbyReplica: '{0} (standby)',
  ready: 'Ready',
  notReady: 'NotReady',
  readyUnknown: 'Unknown',
  controlPlaneNode: 'control plane',
  workerNode: 'worker',
  groupWorkers: '{0} workers: {1} Ready',
  groupControlPlane: '{0} control-plane nodes: {1} Ready',
  groupPage: 'nodes {0}–{1} of {2}',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  collapse: 'Collapse',
  expandGroup: 'expand: {0} nodes at a time',
  noLease: 'no heartbeat Lease seen',
  // Duration units, {0} is the number: "12s", "3m", "2h 5m"
  durationSeconds: '{0}s',
  durationMinutes: '{0}m',
  durationHours: '{0}h',
  durationDays: '{0}d',
  podsArea: 'kube-system Pods',
  manifestsFolder: '/etc/kubernetes/manifests',
  // Pod sources
  sourceStatic: 'static',
  sourceDaemonset: 'DaemonSet',
  sourceDeployment: 'Deployment',
  sourceStatefulset: 'StatefulSet',
  sourceJob: 'Job',
  sourceReplicaset: 'ReplicaSet',
  sourceBare: 'bare Pod',
  // Edge meanings
  edgeWatch: '{0} watches kube-apiserver',
  edgeWriteBack: '{0} writes back through kube-apiserver',
  edgeStorage: 'kube-apiserver stores cluster data in etcd',
  edgeCri: 'kubelet drives the container runtime over CRI (gRPC)',
  edgeDockershim: "kubelet drives Docker Engine through its built-in dockershim, over Docker's API, not over CRI (Kubernetes up to 1.23)",
  edgeCriDockerd: 'kubelet drives cri-dockerd over CRI (gRPC); cri-dockerd drives Docker Engine',
  edgeRuns: 'the container runtime runs {0}',
  edgeReverse: 'kube-apiserver calls kubelet for logs, exec, attach and port-forward',
  edgeRequest: 'clients send requests to kube-apiserver',
  edgeManifests: 'kubelet reads static Pod manifests from its folder',
  // The legend
  legendTitle: 'Legend',
  legendWatch: 'watch: reads and is told of changes through kube-apiserver',
  legendWriteBack: 'write back: status, bindings and objects, through kube-apiserver',
  legendStorage: 'storage: kube-apiserver keeps all cluster data in etcd',
  legendRequest: 'request: a client calls kube-apiserver',
  legendCri: 'CRI: kubelet drives the container runtime',
  legendRuns: 'runs: the container runtime runs the Pod',
  legendManifests: 'kubelet reads static Pod manifests from a folder',
  legendReverse: 'reverse: kube-apiserver calls kubelet (logs, exec)',
  legendStatic: 'static Pod: kubelet runs it from a file',
  legendDaemonset: 'DaemonSet Pod: one on each node',
  legendDeployment: 'Deployment Pod: placed by the scheduler',
  legendOk: 'green border: running and ready',
  legendError: 'amber or red border: not ready or failing',
  legendAbsent: 'grey dashed: not in this cluster',
  legendStale: 'grey fill: the node stopped sending heartbeats',
  legendHidden: 'grey dotted: hidden from you by RBAC; its card names the permission',
  // Roles (cards)
  roleKubeApiserver: 'Validates and stores API objects; the hub every other component talks through.',
  roleEtcd: 'Stores all cluster data; only kube-apiserver should reach it.',
  roleKubeScheduler: 'Watches Pods with no node, picks a node, writes the binding through kube-apiserver.',
  roleKubeControllerManager: 'Runs the built-in controllers (Deployment, ReplicaSet, node, …); each moves state toward the desired state.',
  roleCloudControllerManager: 'Talks to the cloud provider (load balancers, routes, node lifecycle); absent on-premises and in kind.',
  roleKubelet: 'Keeps the containers of the Pods bound to its node running; registers the node and sends heartbeats.',
  roleContainerRuntime: 'Runs containers; kubelet drives it over CRI.',
  roleKubeProxy: 'Implements Services on the node from the Services it watches.',
  roleCoredns:
    'Answers the DNS queries of Pods: Service and Pod names to cluster IPs. Pods reach it at the cluster IP of the Service kube-dns.',
  roleCni: 'The network plugin ({0}): gives Pods their network.',
  roleOther: 'Another kube-system Pod.',
  roleNode: 'A machine that runs Pods.',
  roleGroup: 'Nodes drawn as one box because there are many.',
  roleHosted: 'The provider runs the control plane; the API shows no control-plane Pods or nodes.',
  roleEmbedded: 'One server process embeds the control plane, so there are no control-plane Pods.',
  roleClient: 'Anything that calls the API: kubectl, CI, operators.',
  roleUserPod: 'One of your Pods, in namespace {0}.',
  containerRuntime: 'container runtime',
  userPodStatus: 'phase {0}, ready {1}',
  // How it runs here (cards)
  runsStaticPod: 'static Pod {0} on {1}',
  runsDaemonSetPod: 'DaemonSet Pod {0} on {1}',
  runsDeploymentPod: 'Deployment Pod {0} on {1}',
  runsKubeProxyPod:
    "watches Services and EndpointSlices through kube-apiserver and programs this node's packet rules (iptables, IPVS or nftables)",
  runsPod: '{0}: {1} on {2}',
  runsSystemDaemon: 'a system daemon on the node, not a Pod',
  runsKubeletVersion: 'kubelet {0} (Node.status.nodeInfo)',
  runsRuntimeVersion: '{0} (Node.status.nodeInfo)',
  runsNoPod: 'no Pod seen for it in kube-system',
  runsHosted: 'run by the provider, outside the cluster',
  runsAbsent: 'absent: {0}',
  podStatus: 'phase {0}, ready {1}, restarts {2}',
  podReason: 'reason: {0}',
  // Cards and controls
  cardRole: 'Role',
  cardRunsHere: 'How it runs here',
  cardEvidence: 'Evidence',
  tabArchitecture: 'Architecture',
  tabPlacement: 'Placement',
  toggleReverse: 'Show apiserver → kubelet',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomFit: 'Fit',
  exportSvg: 'Export SVG',
  exportPng: 'Export PNG',
  walkthroughPlay: 'Play the Deployment walk-through',
  walkthroughStop: 'Stop',
  walkthroughStep: 'Step {0} of {1}',
  walkthroughPrevious: 'Previous step',
  walkthroughNext: 'Next step',
  // A live trace on the drawing: {0} is the time the cluster recorded, {1} the component that did it
  traceLive: 'Trace live',
  traceCaption: 'Live trace · {0} · {1}',
  traceMore: '{0} (and {1} more)',
  keyboardHelp: 'Keyboard help',
  keyboardHelpTitle: 'Keyboard shortcuts',
  waiting: 'Waiting for the cluster…',
  clickHint: 'Click: reveal in the tree. Shift+click: open YAML.',
  keyboardHint: 'Enter or Home: first component. Arrow keys: next component. Ctrl+arrows: pan. + and -: zoom. 0: fit. Escape: stop.',
  keyTab: 'Tab: into the diagram and out of it',
  keyHome: 'Enter or Home: the first component',
  keyArrows: 'Arrow keys: the next component that way',
  keyActivate: 'Enter on a component: reveal it in the tree; Shift+Enter: open its YAML',
  keyPan: 'Ctrl+arrow keys: move the drawing',
  keyZoom: '+ and -: zoom; 0: fit',
  keyEscape: 'Escape: stop the walk-through, close this help',
  keyHelp: '?: show or hide this help',
  // The Deployment walk-through (docs/anatomy.md "From a Deployment manifest to running containers")
  walk1: 'The client sends the Deployment to kube-apiserver, which validates it and stores it in etcd.',
  walk2: 'The Deployment controller in kube-controller-manager sees it and creates a ReplicaSet through kube-apiserver.',
  walk3: 'The ReplicaSet controller sees the ReplicaSet and creates the Pods through kube-apiserver.',
  walk4: 'kube-scheduler sees Pods with no node and writes a binding to a node through kube-apiserver.',
  walk5: 'The kubelet of {0} sees the Pod bound to its node and starts its containers through the runtime (CRI).',
  walk6: "kubelet writes the Pod's status back through kube-apiserver.",
  // Heartbeats, how the control plane runs, the evidence on the cards and what RBAC hides: the anatomy's catalogs
  // (src/core/anatomy/strings.ts)
  ...defaultAnatomyStrings,
  ...defaultControlPlaneModeStrings,
  ...defaultEvidenceStrings,
  ...defaultStandpointStrings,
} as const;

export type DiagramStringKey = keyof typeof defaultDiagramStrings;

/** The sentence that says what a component does: one table for the diagram's cards and the tree's tooltips. */
export const roleStringKeys = {
  'kube-apiserver': 'roleKubeApiserver',
  etcd: 'roleEtcd',
  'kube-scheduler': 'roleKubeScheduler',
  'kube-controller-manager': 'roleKubeControllerManager',
  'cloud-controller-manager': 'roleCloudControllerManager',
  'kube-proxy': 'roleKubeProxy',
  coredns: 'roleCoredns',
  cni: 'roleCni',
  other: 'roleOther',
  kubelet: 'roleKubelet',
  'container-runtime': 'roleContainerRuntime',
} as const satisfies Record<string, DiagramStringKey>;
export type DiagramStrings = { readonly [K in DiagramStringKey]: string };

/** Fills {0}, {1}, … with the arguments; a missing argument leaves its placeholder visible. */
export { format } from '../util/catalog';

/** Takes strings from an untrusted source (a message) key by key, keeping the defaults for anything missing. */
export function mergeDiagramStrings(partial: Partial<Record<string, unknown>> | undefined): DiagramStrings {
  const merged: Record<string, string> = { ...defaultDiagramStrings };
  if (partial) {
    for (const key of Object.keys(defaultDiagramStrings)) {
      const value = partial[key];
      if (typeof value === 'string') merged[key] = value;
    }
  }
  return merged as DiagramStrings;
}

/** "4,980" in the given locale (en when unknown). */
export function formatCount(value: number, locale = 'en'): string {
  try {
    return value.toLocaleString(locale);
  } catch {
    return value.toLocaleString('en');
  }
}

/** The diagram's localised units for formatDuration. */
export function durationUnits(strings: DiagramStrings): DurationUnits {
  return { seconds: strings.durationSeconds, minutes: strings.durationMinutes, hours: strings.durationHours, days: strings.durationDays };
}
