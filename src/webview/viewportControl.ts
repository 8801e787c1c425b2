/**
 * Where the drawing sits in the canvas: its scale and offset, set by zoom, fit, panning and centring on a box.
 * The drawing keeps its own size; a CSS transform on the <svg> places it, so panning moves a composited layer
 * instead of repainting every box.
 */
import type { Scene } from '../core/diagram/scene';
import { centreOn, type Direction, fitView, openingView, type Rect, sidesOutOfSight, type Viewport, zoomAt } from './navigation.utils';

export interface ViewportStage {
  drawing(): SVGSVGElement | undefined;
  scene(): Scene | undefined;
  /** The view is worth keeping across reloads of the webview. */
  save(): void;
  /** The drawing moved on the canvas (zoom, pan, fit, a resize). */
  moved?(): void;
}

export class ViewportControl {
  private viewport: Viewport | undefined;

  constructor(
    private readonly canvas: HTMLElement,
    private readonly stage: ViewportStage,
  ) {}

  get current(): Viewport | undefined {
    return this.viewport;
  }

  moveTo(viewport: Viewport, save: boolean): void {
    this.viewport = viewport;
    this.apply();
    if (save) this.stage.save();
  }

  /** After each drawing: its opening view on a first drawing or another view, else where the user left it. */
  drawn(viewChanged: boolean): void {
    if (!this.viewport || viewChanged) this.viewport = this.opening();
    this.apply();
  }

  zoom(factor: number): void {
    if (!this.viewport) return;
    this.moveTo(zoomAt(this.viewport, factor, this.canvas.clientWidth / 2, this.canvas.clientHeight / 2), true);
  }

  fit(): void {
    this.moveTo(this.fitted(), true);
  }

  centreOn(box: Rect): void {
    if (this.viewport) this.moveTo(centreOn(this.viewport, box, this.canvas.clientWidth, this.canvas.clientHeight), false);
  }

  /** Whether the whole box is in sight. */
  shows(box: Rect): boolean {
    if (!this.viewport) return true;
    const { scale, x, y } = this.viewport;
    const left = box.x * scale + x;
    const top = box.y * scale + y;
    return (
      left >= 0 && top >= 0 && left + box.width * scale <= this.canvas.clientWidth && top + box.height * scale <= this.canvas.clientHeight
    );
  }

  /** The sides beyond which part of the drawing lies, for the cue that says there is more. */
  outOfSight(): Direction[] {
    const scene = this.stage.scene();
    if (!scene || !this.viewport || !this.canvas.clientWidth) return [];
    return sidesOutOfSight(this.viewport, scene.width, scene.height, this.canvas.clientWidth, this.canvas.clientHeight);
  }

  apply(): void {
    const view = this.viewport;
    const svg = this.stage.drawing();
    if (!view || !svg) return;
    svg.style.transform = `translate(${view.x.toFixed(1)}px, ${view.y.toFixed(1)}px) scale(${view.scale.toFixed(4)})`;
    this.stage.moved?.();
  }

  /** Readable first: a drawing too big to read whole opens at a readable scale around kube-apiserver. */
  private opening(): Viewport {
    const scene = this.stage.scene();
    if (!scene) return { scale: 1, x: 0, y: 0 };
    const hub = scene.view === 'architecture' ? scene.boxes.find((box) => box.component === 'kube-apiserver') : undefined;
    return openingView(scene.width, scene.height, this.canvas.clientWidth || 800, this.canvas.clientHeight || 600, hub);
  }

  private fitted(): Viewport {
    const scene = this.stage.scene();
    if (!scene) return { scale: 1, x: 0, y: 0 };
    return fitView(scene.width, scene.height, this.canvas.clientWidth || 800, this.canvas.clientHeight || 600);
  }
}
