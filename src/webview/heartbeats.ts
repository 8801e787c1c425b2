/**
 * The drawing's heartbeats between layouts: pulses the kubelet spokes of a renewed node, and keeps each drawn
 * node's age, stale colour and accessible name current without a new snapshot from the host.
 */
import { heartbeatStopped } from '../core/anatomy/healthPolicy';
import type { ClusterAnatomy, NodeAnatomy } from '../core/anatomy/types';
import { nodeAriaLabel, nodeDetailText } from '../core/diagram/nodeText';
import type { Scene } from '../core/diagram/scene';
import type { DiagramStrings } from '../core/diagram/strings';

const pulseMs = 900;

export class HeartbeatView {
  private edges = new Map<string, Element[]>();
  private stale = new Set<string>();
  private roles = new Map<string, string>();
  /** Nodes drawn with a box of their own, as last renewed: grouped ones are counted in their group. */
  private drawn = new Map<string, NodeAnatomy>();

  /** After each layout: which edges pulse for which node, which nodes are drawn, which are stale now. */
  index(scene: Scene, svg: SVGSVGElement, anatomy: ClusterAnatomy | null): void {
    // The edges a heartbeat pulses: the node's kubelet spokes, or its group's when the node is not drawn.
    this.edges = new Map();
    for (const edge of svg.querySelectorAll('.ca-edge')) {
      if (edge.getAttribute('data-from') !== 'kubelet' || edge.getAttribute('data-kind') === 'reverse') continue;
      const key = edge.getAttribute('data-node') ?? `group:${edge.getAttribute('data-group') ?? ''}`;
      const list = this.edges.get(key) ?? [];
      list.push(edge);
      this.edges.set(key, list);
    }
    const nodes = anatomy?.nodes ?? [];
    this.roles = new Map(nodes.map((node) => [node.name, node.role]));
    const drawn = new Set(scene.boxes.filter((box) => box.component === 'node' && box.node).map((box) => box.node!));
    this.drawn = new Map(nodes.filter((node) => drawn.has(node.name)).map((node) => [node.name, node]));
    const now = Date.now();
    this.stale = new Set(nodes.filter((node) => heartbeatStopped(node.lease, now)).map((node) => node.name));
  }

  /** Renewals arrived (already applied to `anatomy`): pulses their spokes; true when a stale node came back. */
  renewed(anatomy: ClusterAnatomy, nodes: readonly string[]): boolean {
    // The drawn boxes read their heartbeat from these: they must hold the renewed Leases.
    for (const node of anatomy.nodes) if (this.drawn.has(node.name)) this.drawn.set(node.name, node);
    let revived = false;
    const pulsed = new Set<string>();
    for (const node of nodes) {
      if (this.stale.has(node)) revived = true;
      const key = this.edges.has(node) ? node : `group:${this.roles.get(node) ?? ''}`;
      if (pulsed.has(key)) continue;
      pulsed.add(key);
      for (const edge of this.edges.get(key) ?? []) {
        edge.classList.remove('ca-pulse');
        // Reading layout restarts the CSS animation on an element that is already pulsing.
        void (edge as SVGElement).getBoundingClientRect();
        edge.classList.add('ca-pulse');
        setTimeout(() => edge.classList.remove('ca-pulse'), pulseMs);
      }
    }
    return revived;
  }

  /**
   * Once a second: true when a node's heartbeat stopped or resumed (the drawing must be laid out again);
   * otherwise keeps the drawn boxes' times and accessible names current in place.
   */
  tick(anatomy: ClusterAnatomy, strings: DiagramStrings, boxOf: (id: string) => Element | undefined): boolean {
    const now = Date.now();
    if (anatomy.nodes.some((node) => heartbeatStopped(node.lease, now) !== this.stale.has(node.name))) return true;
    for (const [name, node] of this.drawn) {
      const box = boxOf(`node:${name}`);
      if (!box) continue;
      box.setAttribute('aria-label', nodeAriaLabel(node, strings, now));
      const detail = box.querySelector('.ca-detail');
      if (detail && this.stale.has(name)) detail.textContent = nodeDetailText(node, strings, now);
    }
    return false;
  }
}
