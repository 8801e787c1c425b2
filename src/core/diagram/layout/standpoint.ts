/**
 * The drawing from where a limited user stands: kube-apiserver as every user sees it (its address, version,
 * discovery), the components RBAC hides drawn as hidden (never absent or hosted) with the permission that would
 * show each on its card, the nodes the user's Pods run on (inferred from those Pods), and the Pods themselves.
 * The spokes run through kube-apiserver as in every cluster: the components are there, only hidden.
 */
import { podHealth } from '../../anatomy/healthPolicy';
import { actorText, canIFor, groupsSentence, hiddenNeedsText, hiddenOf } from '../../anatomy/standpointText';
import type { ComponentId, ComponentPod, HiddenRead, InferredNode, PodSource, Standpoint, StandpointPod } from '../../anatomy/types';
import { comparePods } from '../podOrder';
import type { BoxCard, SceneBox } from '../scene';
import { format, roleStringKeys } from '../strings';
import { wrapText } from '../text';
import { columnGap, columnWidth, componentHeight, componentWidth, podGap, podHeight } from './canvas';
import { NodeLayout } from './nodes';

/** Pods drawn in one inferred node's column; the rest are counted in one box. */
const MAX_PODS_PER_NODE = 12;

/** How the user's Pod came to be, from its owner, for its fill and badge. */
function userPodSource(pod: StandpointPod): PodSource {
  if (pod.workload?.startsWith('Deployment/')) return 'deployment';
  const kind = pod.owner?.split('/')[0];
  switch (kind) {
    case 'DaemonSet':
      return 'daemonset';
    case 'StatefulSet':
      return 'statefulset';
    case 'Job':
      return 'job';
    case 'ReplicaSet':
      return 'replicaset';
    default:
      return 'bare';
  }
}

export abstract class StandpointLayout extends NodeLayout {
  /** The reads hidden from the user with these ids, else every hidden read the control plane rests on. */
  protected hiddenReads(...ids: readonly string[]): HiddenRead[] {
    const hidden = (this.anatomy.hidden ?? []).filter((read) => ids.includes(read.id));
    return hidden.length > 0 ? hidden : hiddenOf(this.anatomy, 'controlPlane');
  }

  /** A hidden box's card: that it is hidden and what it needs, then the kubectl line that checks each permission. */
  protected hiddenLines(reads: readonly HiddenRead[]): string[] {
    const checks = reads.flatMap((read) => read.needs.map((need) => format(this.strings.hiddenCheck, canIFor(need, this.anatomy.context))));
    return [hiddenNeedsText(reads, this.strings), ...new Set(checks)];
  }

  /** The user's Pods a component acted on (their managedFields, their Events): the component seen through its work. */
  protected seenThroughWork(component: string): string[] {
    const pods = (this.anatomy.standpoint?.namespaces ?? []).flatMap((namespace) =>
      (namespace.pods ?? []).filter((pod) => pod.actors.some((actor) => actor.component === component)),
    );
    if (pods.length === 0) return [];
    const names = pods.slice(0, 3).map((pod) => `${pod.namespace}/${pod.name}`);
    return [
      format(this.strings.standpointSeenThroughWork, pods.length > 3 ? `${names.join(', ')}, … +${pods.length - 3}` : names.join(', ')),
    ];
  }

  /** Whether kube-system's Pods are hidden: then where and how the control plane runs cannot be seen. */
  protected podsHidden(): boolean {
    return (this.anatomy.hidden ?? []).some((read) => read.id === 'pods');
  }

  /**
   * With the Nodes hidden, kube-system's Pods (when they may be read) are indexed by the node their
   * spec.nodeName names, as the standpoint lists them: the control plane is drawn from them as usual.
   */
  protected override podIndex() {
    const standpoint = this.anatomy.standpoint;
    if (!this.podIndexCache && standpoint && this.anatomy.nodes.length === 0) {
      const byComponent = new Map<ComponentId, ComponentPod[]>();
      const nodeOf = new Map<ComponentPod, string>();
      for (const node of standpoint.nodes) {
        for (const pod of node.components ?? []) {
          nodeOf.set(pod, node.name);
          const list = byComponent.get(pod.component);
          if (list) list.push(pod);
          else byComponent.set(pod.component, [pod]);
        }
      }
      this.podIndexCache = { byComponent, nodeOf };
    }
    return super.podIndex();
  }

  protected override addComponent(component: ComponentId, x: number, y: number): SceneBox {
    const standpoint = this.anatomy.standpoint;
    if (!standpoint || this.podsOf(component).length > 0) return super.addComponent(component, x, y);
    if (component === 'kube-apiserver') return this.addSeenApiServer(standpoint, x, y);
    // kube-system's Pods read: what has no Pod there is absent or not seen, as in any cluster.
    return this.podsHidden() ? this.addHiddenComponent(component, x, y) : super.addComponent(component, x, y);
  }

  /** A hidden component's spokes are drawn (it works through kube-apiserver like any), except one a cluster may lack. */
  protected override drawsSpokes(box: SceneBox): boolean {
    return box.health === 'hidden' ? box.component !== 'cloud-controller-manager' : super.drawsSpokes(box);
  }

  protected override modeText(): string {
    return this.anatomy.standpoint && this.podsHidden() ? this.strings.standpointControlPlaneHiddenShort : super.modeText();
  }

  protected override hiddenPart(
    component: 'kube-proxy',
    nodeName: string,
  ): { readonly detail: string; readonly card: BoxCard } | undefined {
    if (!this.anatomy.standpoint || !this.podsHidden()) return undefined;
    return {
      detail: this.strings.hiddenFromYou,
      card: {
        title: `${component} · ${nodeName}`,
        role: this.roleOf(component),
        runsHere: this.hiddenLines(this.hiddenReads('pods')),
        evidence: [],
      },
    };
  }

  /** kube-apiserver as every authenticated user sees it: its address, version, cluster-info and discovery. */
  private addSeenApiServer(standpoint: Standpoint, x: number, y: number): SceneBox {
    const s = this.strings;
    const { apiServer } = standpoint;
    const version = apiServer.version ? format(s.standpointVersion, apiServer.version) : s.standpointVersionUnknown;
    const address = format(s.standpointApiServer, apiServer.server);
    return this.addBox({
      id: 'cp:kube-apiserver',
      kind: 'component',
      component: 'kube-apiserver',
      x,
      y,
      width: componentWidth,
      height: componentHeight,
      label: 'kube-apiserver',
      detail: apiServer.version ?? s.standpointVersionUnknown,
      health: 'ok',
      ariaLabel: `${address}, ${version}`,
      focusable: true,
      card: {
        title: 'kube-apiserver',
        role: s.roleKubeApiserver,
        runsHere: [
          address,
          version,
          ...(apiServer.clusterInfo?.server ? [format(s.standpointClusterInfo, apiServer.clusterInfo.server)] : []),
          groupsSentence(apiServer.groups, s),
          ...this.apiServersText(),
        ],
        evidence: [],
      },
      target: { component: 'kube-apiserver' },
    });
  }

  /** etcd, the controllers, the scheduler: there, but where and how they run is hidden from the user. */
  private addHiddenComponent(component: ComponentId, x: number, y: number): SceneBox {
    const reads = this.hiddenReads('pods');
    return this.addBox({
      id: `cp:${component}`,
      kind: 'component',
      component,
      x,
      y,
      width: componentWidth,
      height: componentHeight,
      label: component,
      detail: this.strings.hiddenFromYou,
      health: 'hidden',
      ariaLabel: `${component}, ${hiddenNeedsText(reads, this.strings)}`,
      focusable: true,
      card: {
        title: component,
        role: this.roleOf(component),
        runsHere: this.hiddenLines(reads),
        evidence: this.seenThroughWork(component),
      },
      target: { component },
    });
  }

  /** The control plane's panel says that it is hidden, and its card why. */
  protected markControlPlaneHidden(): void {
    const panel = this.boxes.find((box) => box.id === 'cp');
    const reads = hiddenOf(this.anatomy, 'controlPlane');
    if (!panel || reads.length === 0 || !this.podsHidden()) return;
    this.replace(panel, {
      health: 'hidden',
      focusable: true,
      ariaLabel: `${panel.label}: ${hiddenNeedsText(reads, this.strings)}`,
      card: {
        title: panel.label,
        role: this.strings.standpointControlPlaneHidden,
        runsHere: this.hiddenLines(reads),
        evidence: [],
      },
    });
  }

  /** The inferred nodes in columns, then one box for the nodes the user cannot see. Returns the bottom. */
  protected layoutStandpointNodes(standpoint: Standpoint, left: number, top: number): number {
    const podsByNode = new Map<string, StandpointPod[]>();
    for (const namespace of standpoint.namespaces) {
      for (const pod of namespace.pods ?? []) {
        if (!pod.nodeName) continue;
        let list = podsByNode.get(pod.nodeName);
        if (!list) podsByNode.set(pod.nodeName, (list = []));
        list.push(pod);
      }
    }
    let x = left;
    let bottom = top;
    for (const node of standpoint.nodes) {
      bottom = Math.max(bottom, this.addInferredNode(node, podsByNode.get(node.name) ?? [], x, top));
      x += columnWidth + columnGap;
    }
    const reads = this.hiddenReads('nodes');
    const label = this.strings.standpointOtherNodes;
    const lines = wrapText(hiddenNeedsText(reads, this.strings), columnWidth - 20, 'detail', 4, this.measure);
    const other = this.addBox({
      id: 'nodes:hidden',
      kind: 'panel',
      component: 'hidden-nodes',
      x,
      y: top,
      width: columnWidth,
      height: Math.max(96, 32 + lines.length * 13),
      label,
      detailLines: lines,
      health: 'hidden',
      ariaLabel: `${label}: ${hiddenNeedsText(reads, this.strings)}`,
      focusable: true,
      card: { title: label, role: this.strings.roleNode, runsHere: this.hiddenLines(reads), evidence: [] },
    });
    return Math.max(bottom, other.y + other.height);
  }

  /** A node known from the user's Pods: its kubelet, runtime and kube-proxy are hidden, the user's Pods are not. */
  private addInferredNode(node: InferredNode, pods: readonly StandpointPod[], x: number, y: number): number {
    const s = this.strings;
    const detail = node.hostIP ? `${s.standpointInferred} · ${node.hostIP}` : s.standpointInferred;
    const shown = node.pods.length > 5 ? `${node.pods.slice(0, 5).join(', ')}, … +${node.pods.length - 5}` : node.pods.join(', ');
    const panel = this.addBox(
      {
        id: `node:${node.name}`,
        kind: 'panel',
        component: 'node',
        node: node.name,
        x,
        y,
        width: columnWidth,
        height: 0, // set once the column is laid out
        label: node.name,
        detail,
        health: 'neutral',
        ariaLabel: `${node.name}, ${detail}`,
        focusable: true,
        card: { title: node.name, role: s.roleNode, runsHere: [format(s.standpointInferredNodeDetail, shown)], evidence: [] },
        target: { node: node.name },
      },
      this.drawnNodeNames,
    );
    const nodeReads = this.hiddenReads('nodes');
    // kube-system's Pods on it, when they may be read: kube-proxy among them, else a box that says it is hidden.
    const components = [...(node.components ?? [])].sort(comparePods);
    const proxyPod = components.some((pod) => pod.component === 'kube-proxy');
    const agentWidth = proxyPod ? columnWidth - 20 : (columnWidth - 30) / 2;
    const kubelet = this.addHiddenAgent('kubelet', node.name, x + 10, y + 52, agentWidth, nodeReads);
    if (!proxyPod) this.addHiddenAgent('kube-proxy', node.name, x + columnWidth / 2 + 5, y + 52, agentWidth, this.hiddenReads('pods'));
    const runtime = this.addHiddenAgent('container-runtime', node.name, x + 10, y + 100, columnWidth - 20, nodeReads);
    const leftLane = x - columnGap / 2;
    const rightLane = x + columnWidth + columnGap / 2;
    this.wireKubelet(kubelet, runtime, leftLane, node.name, s.edgeCri);
    let podY = y + 148;
    const drawn: (ComponentPod | StandpointPod)[] = [...components, ...pods];
    for (const pod of drawn.slice(0, MAX_PODS_PER_NODE)) {
      const box =
        'component' in pod
          ? this.addPod(node.name, pod, x + 34, podY, columnWidth - 44, podHeight, this.drawnPodNames)
          : this.addUserPod(pod, node.name, x + 34, podY, columnWidth - 44);
      if ('component' in pod) this.watchSpoke(pod, box, podY + podHeight / 2, rightLane - 9, node.name);
      const railX = runtime.x + 12;
      this.addEdge(
        'runs',
        runtime,
        box,
        [
          [railX, runtime.y + runtime.height],
          [railX, podY + podHeight / 2],
          [box.x, podY + podHeight / 2],
        ],
        { node: node.name },
      );
      podY += podHeight + podGap;
    }
    if (drawn.length > MAX_PODS_PER_NODE) {
      const label = format(s.moreUserPods, drawn.length - MAX_PODS_PER_NODE);
      this.addBox({
        id: `node:${node.name}:more-pods`,
        kind: 'folder',
        component: 'more-pods',
        node: node.name,
        x: x + 34,
        y: podY,
        width: columnWidth - 44,
        height: podHeight,
        label,
        health: 'neutral',
        ariaLabel: `${node.name}: ${label}`,
        focusable: false,
      });
      podY += podHeight + podGap;
    }
    const bottom = podY + 4;
    this.setHeight(panel, bottom - y);
    return bottom;
  }

  private addHiddenAgent(
    component: 'kubelet' | 'kube-proxy' | 'container-runtime',
    nodeName: string,
    x: number,
    y: number,
    width: number,
    reads: readonly HiddenRead[],
  ): SceneBox {
    const label = component === 'container-runtime' ? this.strings.containerRuntime : component;
    return this.addBox({
      id: `node:${nodeName}:${component}`,
      kind: component === 'kube-proxy' ? 'component' : 'agent',
      component,
      node: nodeName,
      x,
      y,
      width,
      height: 36,
      label,
      detail: this.strings.hiddenFromYou,
      health: 'hidden',
      ariaLabel: `${label}, ${nodeName}, ${hiddenNeedsText(reads, this.strings)}`,
      focusable: true,
      card: {
        title: `${label} · ${nodeName}`,
        role: this.strings[roleStringKeys[component]],
        runsHere: this.hiddenLines(reads),
        evidence: component === 'kubelet' ? this.seenThroughWork('kubelet') : [],
      },
      target: { component, node: nodeName },
    });
  }

  private addUserPod(pod: StandpointPod, nodeName: string, x: number, y: number, width: number): SceneBox {
    const s = this.strings;
    const source = userPodSource(pod);
    const badge = this.sourceLabel(source);
    const status = format(s.userPodStatus, pod.phase, String(pod.ready));
    const owner = pod.owner ? (pod.workload ? `${pod.owner} → ${pod.workload}` : pod.owner) : undefined;
    return this.addBox(
      {
        id: `node:${nodeName}:pod:${pod.namespace}/${pod.name}`,
        kind: 'pod',
        component: 'pod',
        node: nodeName,
        x,
        y,
        width,
        height: podHeight,
        label: pod.name,
        source,
        badge,
        health: podHealth({ phase: pod.phase, ready: pod.ready, reason: null }),
        ariaLabel: `${pod.namespace}/${pod.name}, ${badge}, ${status}`,
        focusable: true,
        card: {
          title: `${pod.namespace}/${pod.name}`,
          role: format(s.roleUserPod, pod.namespace),
          runsHere: [...(owner ? [owner] : []), format(s.standpointPodOn, nodeName), status],
          evidence: pod.actors.length > 0 ? [format(s.standpointActedBy, pod.actors.map((actor) => actorText(actor, s)).join(', '))] : [],
        },
        target: { node: nodeName, pod: { namespace: pod.namespace, name: pod.name } },
      },
      this.drawnPodNames,
    );
  }
}
