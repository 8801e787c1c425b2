/**
 * The drawn boxes by id, and which of them has the keyboard focus: the arrows move it to the nearest box that
 * way, Home to the first, a reveal from the host to the target's box. The drawing moves only to bring the box
 * into sight.
 */
import type { AnatomyTarget } from '../core/anatomy/target';
import type { ClusterAnatomy } from '../core/anatomy/types';
import type { Scene, SceneBox } from '../core/diagram/scene';
import { type Direction, nearestInDirection } from './navigation.utils';
import type { ViewportControl } from './viewportControl';

export class BoxFocus {
  private boxesById = new Map<string, SceneBox>();
  private elementsById = new Map<string, SVGGElement>();
  private focusedId: string | undefined;
  private highlighted: readonly AnatomyTarget[] = [];
  /** The boxes the highlight marks now. */
  highlightedIds: string[] = [];
  private svg: SVGSVGElement | undefined;

  constructor(
    private readonly scene: () => Scene | undefined,
    private readonly viewport: ViewportControl,
  ) {}

  /** After each layout: the boxes and their elements in the new drawing. */
  index(scene: Scene, svg: SVGSVGElement): void {
    this.boxesById = new Map(scene.boxes.map((box) => [box.id, box]));
    this.svg = svg;
    this.elementsById = new Map();
    for (const element of svg.querySelectorAll<SVGGElement>('.ca-box')) {
      const id = element.getAttribute('data-id');
      if (id) this.elementsById.set(id, element);
    }
  }

  element(id: string): SVGGElement | undefined {
    return this.elementsById.get(id);
  }

  boxOf(target: EventTarget | null): SceneBox | undefined {
    const element = (target as Element | null)?.closest?.('.ca-box');
    const id = element?.getAttribute('data-id');
    return id ? this.boxesById.get(id) : undefined;
  }

  /** The box the arrows move from, and the one focused again in the next drawing. */
  remember(id: string): void {
    this.focusedId = id;
  }

  /** A new drawing replaced the focused element: its successor takes the focus. */
  restore(): void {
    if (this.focusedId) this.elementsById.get(this.focusedId)?.focus({ preventScroll: true });
  }

  move(direction: Direction): void {
    const current = this.focusedId ? this.boxesById.get(this.focusedId) : undefined;
    const candidates = this.focusable();
    const nearest = current ? nearestInDirection(current, candidates, direction) : candidates[0];
    const next = nearest && this.boxesById.get(nearest.id);
    if (next) this.bringIn(next);
  }

  first(): void {
    const first = this.focusable()[0];
    if (first) this.bringIn(first);
  }

  /** Centres and focuses the box that shows the host's target (a Pod, a node's part, a node, its group, a component), and flashes it. */
  reveal(target: AnatomyTarget, anatomy: ClusterAnatomy | null): void {
    const match = this.boxFor(target, anatomy);
    if (!match) return;
    this.focus(match.id, true);
    const element = this.elementsById.get(match.id);
    element?.classList.add('ca-revealed');
    setTimeout(() => element?.classList.remove('ca-revealed'), 2000);
  }

  /**
   * Marks the boxes of the targets (a hands-on step's objects) and dims the others, until replaced; the first
   * is brought into sight. Kept across drawings: each new one is marked again.
   */
  highlight(targets: readonly AnatomyTarget[], anatomy: ClusterAnatomy | null): void {
    this.highlighted = targets;
    this.markHighlighted(anatomy);
    const first = this.highlightedIds[0];
    const box = first ? this.boxesById.get(first) : undefined;
    if (box) this.bringIn(box);
  }

  markHighlighted(anatomy: ClusterAnatomy | null): void {
    // Every drawing calls this: with nothing marked before or now there is nothing to do.
    if (this.highlighted.length === 0 && this.highlightedIds.length === 0) return;
    const ids = new Set<string>();
    const boxes = this.scene()?.boxes ?? [];
    for (const target of this.highlighted) {
      // A component alone (a DaemonSet's) is every box of it; anything else is the one box that shows it best.
      const matches =
        target.component && !target.node && !target.pod
          ? boxes.filter((box) => box.component === target.component || (box.kind === 'pod' && box.target?.component === target.component))
          : [this.boxFor(target, anatomy)];
      for (const box of matches) if (box) ids.add(box.id);
    }
    this.highlightedIds = [...ids];
    // The node a marked Pod or agent runs on stays readable around it.
    const around = new Set(
      [...ids]
        .map((id) => this.boxesById.get(id)?.node)
        .filter((node) => node !== undefined)
        .map((node) => `node:${node}`),
    );
    for (const [id, element] of this.elementsById) {
      element.classList.toggle('ca-marked', ids.has(id));
      element.classList.toggle('ca-around', around.has(id) && !ids.has(id));
    }
    this.svg?.classList.toggle('ca-highlighting', ids.size > 0);
  }

  /** The box that shows a target best: the Pod's, a node's part, the node, its group, the component. */
  private boxFor(target: AnatomyTarget, anatomy: ClusterAnatomy | null): SceneBox | undefined {
    const boxes = this.scene()?.boxes ?? [];
    return (
      (target.node &&
        target.pod &&
        boxes.find((box) => box.id === `node:${target.node}:pod:${target.pod!.namespace}/${target.pod!.name}`)) ||
      (target.node && target.component && boxes.find((box) => box.node === target.node && box.component === target.component)) ||
      (target.node && boxes.find((box) => box.id === `node:${target.node}`)) ||
      (target.node &&
        boxes.find((box) => box.kind === 'group' && box.group === anatomy?.nodes.find((node) => node.name === target.node)?.role)) ||
      (target.component &&
        (boxes.find((box) => box.id === `cp:${target.component}`) ?? boxes.find((box) => box.component === target.component))) ||
      undefined
    );
  }

  /** Moves the drawing only when the box is not wholly in sight. */
  private bringIn(box: SceneBox): void {
    this.focus(box.id, !this.viewport.shows(box));
  }

  private focus(id: string, centre: boolean): void {
    const box = this.boxesById.get(id);
    const element = this.elementsById.get(id);
    if (!box || !element) return;
    this.focusedId = id;
    if (centre) this.viewport.centreOn(box);
    element.focus({ preventScroll: true });
  }

  private focusable(): SceneBox[] {
    return this.scene()?.boxes.filter((box) => box.focusable) ?? [];
  }
}
