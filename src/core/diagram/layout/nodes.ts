/** The nodes: columns with kubelet, the runtime and their Pods, node groups for large clusters, and their spokes. */
import { runtimeLink } from '../../anatomy/runtime';
import type { ComponentPod, NodeAnatomy } from '../../anatomy/types';
import { defaultLeaseDurationSeconds, podHealth } from '../../anatomy/healthPolicy';
import { nodeAriaLabel, nodeDetailText, nodeHeartbeatText } from '../nodeText';
import { comparePods } from '../podOrder';
import type { BoxCard, EdgeKind, Health, SceneBox, SceneGroup } from '../scene';
import { wrapText } from '../text';
import { format, formatCount } from '../strings';
import { ControlPlaneLayout } from './controlPlane';
import { columnGap, columnWidth, formatEvidence, groupHeaderHeight, podGap, podHeight, type Point, type Section } from './canvas';

export abstract class NodeLayout extends ControlPlaneLayout {
  protected layoutSections(sections: readonly Section[], left: number, top: number, placement: boolean): number {
    let x = left;
    let bottom = top;
    for (const section of sections) {
      if (section.group && !section.group.expanded) {
        bottom = Math.max(bottom, this.addCollapsedGroup(section.group, x, top, placement));
        x += columnWidth + columnGap;
      } else {
        const sectionX = x;
        let sectionBottom = top;
        for (const node of section.nodes) {
          const columnBottom = placement ? this.addPlacementNode(node, x, top) : this.addArchitectureNode(node, x, top);
          sectionBottom = Math.max(sectionBottom, columnBottom);
          x += columnWidth + columnGap;
        }
        // The page's summary and its buttons go under its columns, where no spoke to kube-apiserver passes.
        if (section.group) sectionBottom = this.addGroupHeader(section.group, section.nodes, sectionX, sectionBottom + 12);
        bottom = Math.max(bottom, sectionBottom);
      }
      x += columnGap;
    }
    return bottom;
  }

  protected groupSummary(group: SceneGroup): string {
    const template = group.role === 'control-plane' ? this.strings.groupControlPlane : this.strings.groupWorkers;
    return format(template, formatCount(group.total, this.locale), formatCount(group.ready, this.locale));
  }

  protected addCollapsedGroup(group: SceneGroup, x: number, y: number, placement: boolean): number {
    const summary = this.groupSummary(group);
    const health: Health = group.ready === group.total ? 'ok' : group.ready === 0 ? 'error' : 'warn';
    const box = this.addBox({
      id: group.id,
      kind: 'group',
      component: 'node-group',
      group: group.role,
      x,
      y,
      width: columnWidth,
      height: 96,
      label: summary,
      detail: format(this.strings.expandGroup, formatCount(this.pageSize, this.locale)),
      health,
      ariaLabel: `${summary}. ${format(this.strings.expandGroup, formatCount(this.pageSize, this.locale))}`,
      focusable: true,
      card: { title: summary, role: this.strings.roleGroup, runsHere: [], evidence: [] },
      action: { group: group.id, page: 0 },
    });
    if (!placement) this.connectToHub(box, 'kubelet', { group: group.role }, true);
    return y + box.height;
  }

  /** Returns the bottom of the header. */
  protected addGroupHeader(group: SceneGroup, nodes: readonly NodeAnatomy[], x: number, y: number): number {
    const first = group.page * this.pageSize + 1;
    const last = first + nodes.length - 1;
    const width = Math.max(1, nodes.length) * (columnWidth + columnGap) - columnGap;
    const summary = this.groupSummary(group);
    const pageText = format(
      this.strings.groupPage,
      formatCount(first, this.locale),
      formatCount(last, this.locale),
      formatCount(group.total, this.locale),
    );
    const pagers = (
      [
        ['prev', this.strings.previousPage, group.page - 1, group.page > 0],
        ['next', this.strings.nextPage, group.page + 1, group.page + 1 < group.pages],
        ['collapse', this.strings.collapse, null, true],
      ] as const
    ).filter(([, , , enabled]) => enabled);
    const pagerWidths = pagers.map(([, label]) => Math.ceil(this.measure(label, 'label')) + 20);
    const pagersWidth = pagerWidths.reduce((sum, w) => sum + w + 8, 0);
    const textWidth = Math.max(this.measure(summary, 'label'), this.measure(pageText, 'detail')) + 16;
    // The buttons go beside the summary when there is room, else on a row of their own under it.
    const ownRow = textWidth + pagersWidth + 8 > width;
    const height = ownRow ? groupHeaderHeight + groupHeaderHeight - 8 : groupHeaderHeight;
    this.addBox({
      id: group.id,
      kind: 'group',
      component: 'node-group',
      group: group.role,
      x,
      y,
      width,
      height,
      label: summary,
      detail: pageText,
      health: group.ready === group.total ? 'ok' : 'warn',
      ariaLabel: `${summary}, ${pageText}`,
      focusable: false,
      card: { title: summary, role: this.strings.roleGroup, runsHere: [pageText], evidence: [] },
    });
    let pagerX = ownRow ? x + 8 : x + width - pagersWidth;
    const pagerY = ownRow ? y + groupHeaderHeight : y + 8;
    pagers.forEach(([suffix, label, page], index) => {
      const pagerWidth = pagerWidths[index]!;
      this.addBox({
        id: `${group.id}:${suffix}`,
        kind: 'pager',
        component: 'node-group-pager',
        group: group.role,
        x: pagerX,
        y: pagerY,
        width: pagerWidth,
        height: groupHeaderHeight - 16,
        label,
        health: 'neutral',
        ariaLabel: `${summary}: ${label}`,
        focusable: true,
        action: { group: group.id, page },
      });
      pagerX += pagerWidth + 8;
    });
    return y + height;
  }

  /** A part of a node RBAC hides from the user, drawn as hidden with what would show it; none by default. */
  protected hiddenPart(_component: 'kube-proxy', _nodeName: string): { readonly detail: string; readonly card: BoxCard } | undefined {
    return undefined;
  }

  /** The placement view's verdict for a node, when the user asked where a Pod fits. */
  private placementMark(node: NodeAnatomy): { detail: string; health: Health; filter?: string; why?: string } | undefined {
    const overlay = this.placement;
    const verdict = overlay?.nodes[node.name];
    if (!overlay || !verdict) return undefined;
    if (verdict.fits === true)
      return { detail: overlay.boundNode === node.name ? this.strings.placementRunsHere : this.strings.placementFits, health: 'ok' };
    if (verdict.fits === 'unknown') return { detail: this.strings.placementNotKnown, health: 'unknown' };
    return { detail: this.strings.placementDoesNotFit, health: 'error', filter: verdict.filter ?? '', why: verdict.why ?? '' };
  }

  /** Under a node's name in the placement view: why the Pod asked about does not fit there, in full. */
  private addPlacementVerdict(node: NodeAnatomy, x: number, y: number): number {
    const mark = this.placementMark(node);
    if (!mark?.why) return this.addScoreInputs(node, x, y);
    const width = columnWidth - 20;
    const lines = wrapText(mark.why, width - 12, 'detail', 4, this.measure);
    const height = 24 + lines.length * 13;
    this.addBox({
      id: `node:${node.name}:placement`,
      kind: 'agent',
      component: 'placement-verdict',
      node: node.name,
      x,
      y,
      width,
      height,
      label: mark.filter ?? '',
      detailLines: lines,
      health: 'error',
      ariaLabel: `${node.name}: ${mark.filter}: ${mark.why}`,
      focusable: false,
    });
    return height + 8;
  }

  /** Above the nodes in the placement view, for a Pod that fits none: what would make it fit. Returns the room it took. */
  protected addPlacementSuggestions(x: number, y: number, width: number): number {
    const suggestions = this.placement?.suggestions;
    if (!suggestions) return 0;
    const lines = suggestions.lines.flatMap((line) => wrapText(`• ${line}`, width - 16, 'detail', 3, this.measure));
    const height = 24 + lines.length * 13;
    this.addBox({
      id: 'placement:suggestions',
      // A panel: its label and lines start at the left, as a list reads.
      kind: 'panel',
      component: 'placement-suggestions',
      x,
      y,
      width,
      height,
      label: suggestions.heading,
      detailLines: lines,
      health: 'warn',
      ariaLabel: `${suggestions.heading} ${suggestions.lines.join('; ')}`,
      focusable: false,
    });
    return height + 16;
  }

  /** Under a node a bound Pod fits in the placement view: what its scores weigh there (they cannot be read). */
  private addScoreInputs(node: NodeAnatomy, x: number, y: number): number {
    const inputs = this.placement?.scoreInputs;
    const rows = inputs?.nodes[node.name];
    if (!inputs || !rows) return 0;
    const width = columnWidth - 20;
    // Said once, under the node the Pod is bound to: what is drawn are inputs, not the scores.
    const said = this.placement?.boundNode === node.name ? [...rows, this.strings.placementScoresNotReadable] : rows;
    const lines = said.flatMap((row) => wrapText(row, width - 12, 'detail', 2, this.measure));
    const height = 24 + lines.length * 13;
    this.addBox({
      id: `node:${node.name}:score-inputs`,
      kind: 'agent',
      component: 'placement-inputs',
      node: node.name,
      x,
      y,
      width,
      height,
      label: this.strings.placementScoreInputs,
      detailLines: lines,
      health: 'ok',
      ariaLabel: `${node.name}: ${this.strings.placementScoreInputs}: ${rows.join('; ')}. ${inputs.notReadable}`,
      focusable: false,
    });
    return height + 8;
  }

  protected addNodePanel(node: NodeAnatomy, x: number, y: number): SceneBox {
    const mark = this.placementMark(node);
    const detail = mark?.detail ?? nodeDetailText(node, this.strings, this.now);
    const heartbeat = nodeHeartbeatText(node, this.strings, this.now);
    return this.addBox(
      {
        id: `node:${node.name}`,
        kind: 'panel',
        component: 'node',
        node: node.name,
        role: node.role,
        x,
        y,
        width: columnWidth,
        height: 0, // set once the column is laid out
        label: node.name,
        detail,
        health: mark?.health ?? this.healthOf(node),
        ariaLabel: mark ? `${node.name}: ${mark.detail}` : nodeAriaLabel(node, this.strings, this.now),
        focusable: true,
        heartbeat: node.lease
          ? { renewTime: node.lease.renewTime, durationSeconds: node.lease.leaseDurationSeconds ?? defaultLeaseDurationSeconds }
          : undefined,
        card: {
          title: node.name,
          role: this.strings.roleNode,
          runsHere: [
            ...(mark ? [nodeDetailText(node, this.strings, this.now)] : []),
            detail,
            heartbeat,
            ...[node.osImage, node.kernelVersion, node.internalIP].filter((value): value is string => !!value),
          ],
          evidence: formatEvidence(node.roleEvidence, this.strings),
        },
        target: { node: node.name },
      },
      this.drawnNodeNames,
    );
  }

  protected addArchitectureNode(node: NodeAnatomy, x: number, y: number): number {
    const panel = this.addNodePanel(node, x, y);
    const proxyPods = node.components.filter((pod) => pod.component === 'kube-proxy');
    const proxyAbsent = this.anatomy.absent.find((entry) => entry.component === 'kube-proxy');
    // k3s runs kube-proxy in its own process: no Pod, yet it watches Services through kube-apiserver.
    const proxyEmbedded = !proxyPods.length && proxyAbsent?.reasonCode === 'embedded';
    // A kube-proxy Pod is drawn among the node's Pods; a box beside kubelet only says where it is otherwise.
    const proxyBox = proxyPods.length === 0;
    const agentWidth = proxyBox ? (columnWidth - 30) / 2 : columnWidth - 20;
    const kubelet = this.addKubelet(node, x + 10, y + 52, agentWidth);
    const leftLane = x - columnGap / 2;
    const rightLane = x + columnWidth + columnGap / 2;
    if (proxyBox) {
      const proxyDetail = this.anatomy.loading
        ? this.strings.stillListing
        : proxyEmbedded
          ? this.strings.embeddedInProcess
          : proxyAbsent?.reasonCode === 'replaced-by-cni' && proxyAbsent.implementation === 'cilium'
            ? this.strings.replacedByCilium
            : proxyAbsent
              ? this.strings.absent
              : this.strings.notSeen;
      const proxyCard = this.componentCard('kube-proxy', proxyPods);
      // kube-system's Pods hidden from the user: whether kube-proxy runs here cannot be seen, which is not absent.
      const hidden = this.hiddenPart('kube-proxy', node.name);
      const proxy = this.addBox({
        id: `node:${node.name}:kube-proxy`,
        kind: 'component',
        component: 'kube-proxy',
        node: node.name,
        x: x + columnWidth / 2 + 5,
        y: y + 52,
        width: agentWidth,
        height: 36,
        label: 'kube-proxy',
        detail: hidden?.detail ?? proxyDetail,
        health: hidden ? 'hidden' : this.anatomy.loading ? 'unknown' : proxyEmbedded ? 'neutral' : 'absent',
        ariaLabel: `kube-proxy, ${node.name}, ${hidden?.detail ?? proxyDetail}`,
        focusable: true,
        card:
          hidden?.card ??
          (proxyAbsent
            ? { ...proxyCard, runsHere: [proxyAbsent.why], evidence: formatEvidence(proxyAbsent.evidence ?? [], this.strings) }
            : proxyCard),
        target: { component: 'kube-proxy', node: node.name },
      });
      if (proxyEmbedded) this.spokeThroughGap('watch', proxy, 'right', proxy.y + proxy.height / 2, rightLane - 9, node.name, 'kube-proxy');
    }
    const runtime = this.addRuntime(node, x + 10, y + 100, columnWidth - 20);
    this.wireKubelet(kubelet, runtime, leftLane, node.name, this.criEdgeLabel(node));
    let podY = y + 148;
    const pods = [...node.components].sort(comparePods);
    for (const pod of pods) {
      const box = this.addPod(node.name, pod, x + 34, podY, columnWidth - 44, podHeight, this.drawnPodNames);
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
      this.watchSpoke(pod, box, podY + podHeight / 2, rightLane - 9, node.name);
      podY += podHeight + podGap;
    }
    const bottom = podY + 4;
    this.setHeight(panel, bottom - y);
    return bottom;
  }

  /**
   * A spoke between a part of a node and kube-apiserver that crosses no text: out of the part sideways, along
   * the gap beside the node's panel, then straight to the hub. `reverse` runs the other way.
   */
  /** kubelet's spokes to kube-apiserver and its CRI edge down to the runtime, for a node drawn in a column. */
  protected wireKubelet(kubelet: SceneBox, runtime: SceneBox, leftLane: number, nodeName: string, criLabel: string): void {
    // kubelet leaves through the gap on its left; the nearer the lane, the higher it leaves, so none cross.
    this.spokeThroughGap('write-back', kubelet, 'left', kubelet.y + 8, leftLane + 9, nodeName, 'kubelet');
    this.spokeThroughGap('watch', kubelet, 'left', kubelet.y + 18, leftLane + 3, nodeName, 'kubelet');
    if (this.ui.showReverse) this.spokeThroughGap('reverse', kubelet, 'left', kubelet.y + 28, leftLane - 3, nodeName, 'kubelet');
    this.addEdge(
      'cri',
      kubelet,
      runtime,
      [
        [kubelet.x + 30, kubelet.y + kubelet.height],
        [kubelet.x + 30, runtime.y],
      ],
      { node: nodeName },
      'kubelet',
      criLabel,
    );
  }

  /**
   * The watch of a kube-system Pod that reads the API: kube-proxy (Services and EndpointSlices, for this node's
   * rules), the network plugin's agent (Nodes, for routes; kindnet, Calico, Cilium, Flannel) and CoreDNS
   * (Services, EndpointSlices and Namespaces, for its answers). The Pods of a node share the lane beside it.
   */
  protected watchSpoke(pod: ComponentPod, box: SceneBox, exitY: number, laneX: number, nodeName: string): void {
    const watcher = apiWatcherName(pod);
    if (!watcher) return;
    this.spokeThroughGap('watch', box, 'right', exitY, laneX, nodeName, pod.component, format(this.strings.edgeWatch, watcher));
  }

  protected spokeThroughGap(
    kind: EdgeKind,
    box: SceneBox,
    side: 'left' | 'right',
    exitY: number,
    laneX: number,
    nodeName: string,
    component: string,
    ariaLabel?: string,
  ): void {
    const hub = this.hub;
    if (!hub) return;
    const edgeX = side === 'left' ? box.x : box.x + box.width;
    const above = this.nodesTop - 14;
    const anchor = this.hubAnchor(laneX, 'bottom', kind === 'write-back' ? 5 : kind === 'reverse' ? 12 : -5);
    const out: Point[] = [[edgeX, exitY], [laneX, exitY], [laneX, above], anchor];
    if (kind === 'reverse') this.addEdge(kind, hub, box, [...out].reverse(), { node: nodeName });
    else this.addEdge(kind, box, hub, out, { node: nodeName }, component, ariaLabel);
  }

  protected addPlacementNode(node: NodeAnatomy, x: number, y: number): number {
    const panel = this.addNodePanel(node, x, y);
    const verdict = this.addPlacementVerdict(node, x + 10, y + 50);
    const kubelet = this.addKubelet(node, x + 10, y + 52 + verdict, columnWidth - 20);
    let areaTop = y + 100 + verdict;
    const pods = [...node.components].sort(comparePods);
    // The kubelet → Pods arrow runs down the right-hand side, beside the manifests folder, never through it.
    const runsX = x + columnWidth - 22;
    if (pods.some((pod) => pod.source === 'static')) {
      const folder = this.addBox({
        id: `node:${node.name}:manifests`,
        kind: 'folder',
        component: 'static-pod-manifests',
        node: node.name,
        x: x + 10,
        y: areaTop,
        width: columnWidth - 44,
        height: 28,
        label: this.strings.manifestsFolder,
        health: 'neutral',
        ariaLabel: `${this.strings.manifestsFolder}, ${node.name}`,
        focusable: false,
      });
      this.addEdge(
        'manifests',
        kubelet,
        folder,
        [
          [x + 30, kubelet.y + kubelet.height],
          [x + 30, folder.y],
        ],
        { node: node.name },
      );
      areaTop += 40;
    }
    const podBoxHeight = 40;
    const area = this.addBox({
      id: `node:${node.name}:pods`,
      kind: 'panel',
      component: 'pod-area',
      node: node.name,
      x: x + 6,
      y: areaTop,
      width: columnWidth - 12,
      height: 28 + pods.length * (podBoxHeight + podGap),
      label: this.strings.podsArea,
      health: 'neutral',
      ariaLabel: `${this.strings.podsArea}, ${node.name}`,
      focusable: false,
    });
    this.addEdge(
      'runs',
      kubelet,
      area,
      [
        [runsX, kubelet.y + kubelet.height],
        [runsX, area.y],
      ],
      { node: node.name },
    );
    let podY = areaTop + 26;
    for (const pod of pods) {
      this.addPod(node.name, pod, x + 14, podY, columnWidth - 28, podBoxHeight, this.drawnPodNames);
      podY += podBoxHeight + podGap;
    }
    const bottom = area.y + area.height + 8;
    this.setHeight(panel, bottom - y);
    return bottom;
  }

  protected addKubelet(node: NodeAnatomy, x: number, y: number, width: number): SceneBox {
    return this.addBox({
      id: `node:${node.name}:kubelet`,
      kind: 'agent',
      component: 'kubelet',
      node: node.name,
      role: node.role,
      x,
      y,
      width,
      height: 36,
      label: 'kubelet',
      detail: node.kubeletVersion ?? undefined,
      health: this.healthOf(node),
      ariaLabel: `kubelet, ${node.name}${node.kubeletVersion ? `, ${node.kubeletVersion}` : ''}`,
      focusable: true,
      card: {
        title: `kubelet · ${node.name}`,
        role: this.strings.roleKubelet,
        runsHere: [
          this.strings.runsSystemDaemon,
          ...(node.kubeletVersion ? [format(this.strings.runsKubeletVersion, node.kubeletVersion)] : []),
        ],
        evidence: [
          node.kubeletVersion ? `status.nodeInfo.kubeletVersion is ${node.kubeletVersion}` : 'status.nodeInfo.kubeletVersion',
          ...(node.lease ? [`Lease kube-node-lease/${node.name} renewed at ${node.lease.renewTime}`] : []),
        ],
      },
      target: { component: 'kubelet', node: node.name },
    });
  }

  /** The kubelet → runtime edge says what is true for the node's kubelet version (dockershim up to 1.23). */
  protected criEdgeLabel(node: NodeAnatomy): string {
    const via = runtimeLink(node).via;
    return via === 'dockershim' ? this.strings.edgeDockershim : via === 'cri-dockerd' ? this.strings.edgeCriDockerd : this.strings.edgeCri;
  }

  protected addRuntime(node: NodeAnatomy, x: number, y: number, width: number): SceneBox {
    const runtime = node.containerRuntime ?? undefined;
    const link = runtimeLink(node);
    const via = link.via === 'dockershim' ? 'dockershim' : link.via === 'cri-dockerd' ? 'CRI · cri-dockerd' : 'CRI';
    return this.addBox({
      id: `node:${node.name}:container-runtime`,
      kind: 'agent',
      component: 'container-runtime',
      node: node.name,
      x,
      y,
      width,
      height: 36,
      label: runtime ? runtime.split('://')[0] || 'container runtime' : 'container runtime',
      detail: runtime ? `${via} · ${runtime}` : via,
      health: node.containerRuntime ? 'ok' : 'unknown',
      ariaLabel: `container runtime, ${node.name}${runtime ? `, ${runtime}` : ''}, ${via}`,
      focusable: true,
      card: {
        title: `container runtime · ${node.name}`,
        role: this.strings.roleContainerRuntime,
        runsHere: [
          this.strings.runsSystemDaemon,
          ...(runtime ? [format(this.strings.runsRuntimeVersion, runtime)] : []),
          this.criEdgeLabel(node),
        ],
        evidence: formatEvidence(link.evidence, this.strings),
      },
      target: { component: 'container-runtime', node: node.name },
    });
  }

  protected addPod(
    nodeName: string,
    pod: ComponentPod,
    x: number,
    y: number,
    width: number,
    height: number,
    siblings: readonly string[],
  ): SceneBox {
    const badge = this.sourceLabel(pod.source);
    const status = format(this.strings.podStatus, pod.phase, String(pod.ready), pod.restarts);
    return this.addBox(
      {
        id: `node:${nodeName}:pod:${pod.namespace}/${pod.pod}`,
        kind: 'pod',
        component: 'pod',
        node: nodeName,
        x,
        y,
        width,
        height,
        label: pod.pod,
        detail: height >= 36 ? (pod.reason ?? badge) : undefined,
        source: pod.source,
        badge,
        health: podHealth(pod),
        ariaLabel: `${pod.pod}, ${badge}, ${status}${pod.reason ? `, ${pod.reason}` : ''}`,
        focusable: true,
        card: {
          title: pod.pod,
          role: this.roleOf(pod.component, pod.cniName),
          runsHere: [
            this.runsAs(pod),
            ...(pod.component === 'kube-proxy' ? [this.strings.runsKubeProxyPod] : []),
            status,
            ...(pod.reason ? [format(this.strings.podReason, pod.reason)] : []),
          ],
          evidence: formatEvidence(pod.evidence, this.strings),
        },
        target: { component: pod.component, node: nodeName, pod: { namespace: pod.namespace, name: pod.pod } },
      },
      siblings,
    );
  }
}

/** The name a kube-system Pod's watch of kube-apiserver is told by, for the Pods that watch it; none for the others. */
function apiWatcherName(pod: ComponentPod): string | undefined {
  switch (pod.component) {
    case 'kube-proxy':
      return 'kube-proxy';
    case 'cni':
      return pod.cniName ?? 'CNI';
    case 'coredns':
      return 'CoreDNS';
    default:
      return undefined;
  }
}
