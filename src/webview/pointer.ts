/**
 * The pointer on the drawing: drag to pan (a CSS transform, so a frame is composited, not repainted), wheel to
 * zoom at the pointer, click to activate a box, hover and focus to show its card.
 */
import type { SceneBox } from '../core/diagram/scene';
import { type Viewport, zoomAt } from './navigation.utils';

export interface PointerHandlers {
  viewport(): Viewport | undefined;
  /** A new viewport; `done` when the gesture ended and the view should be saved. */
  moveTo(viewport: Viewport, done: boolean): void;
  gestureEnded(): void;
  drawing(): SVGSVGElement | undefined;
  boxOf(target: EventTarget | null): SceneBox | undefined;
  activate(box: SceneBox, openYaml: boolean): void;
  focused(box: SceneBox): void;
  showCard(box: SceneBox | undefined, anchor: Element | undefined): void;
}

export function bindPointer(canvas: HTMLElement, on: PointerHandlers): void {
  let drag: { x: number; y: number; view: Viewport; moved: boolean } | undefined;
  // A click event follows a drag's pointerup: it must not activate the box under the pointer.
  let suppressClick = false;
  canvas.addEventListener('pointerdown', (event) => {
    const viewport = on.viewport();
    if (event.button !== 0 || !viewport) return;
    drag = { x: event.clientX, y: event.clientY, view: viewport, moved: false };
  });
  window.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) {
      canvas.setPointerCapture?.(event.pointerId);
      // Only while dragging: a layer kept across zooms would be rasterised at the wrong scale.
      const svg = on.drawing();
      if (svg) svg.style.willChange = 'transform';
    }
    drag.moved = true;
    canvas.classList.add('ca-dragging');
    on.moveTo({ ...drag.view, x: drag.view.x + dx, y: drag.view.y + dy }, false);
  });
  window.addEventListener('pointerup', () => {
    if (drag?.moved) on.gestureEnded();
    const svg = on.drawing();
    if (svg) svg.style.willChange = '';
    canvas.classList.remove('ca-dragging');
    suppressClick = !!drag?.moved;
    drag = undefined;
  });
  canvas.addEventListener('click', (event) => {
    if (suppressClick) return;
    const box = on.boxOf(event.target);
    if (!box) return;
    on.focused(box);
    on.activate(box, event.shiftKey);
  });
  canvas.addEventListener(
    'wheel',
    (event) => {
      const viewport = on.viewport();
      if (!viewport) return;
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
      on.moveTo(zoomAt(viewport, factor, event.clientX - rect.left, event.clientY - rect.top), true);
    },
    { passive: false },
  );
  canvas.addEventListener('pointerover', (event) => {
    if (drag?.moved) return;
    const element = (event.target as Element).closest?.('.ca-box') ?? undefined;
    on.showCard(on.boxOf(event.target), element);
  });
  canvas.addEventListener('pointerleave', () => on.showCard(undefined, undefined));
  canvas.addEventListener('focusin', (event) => {
    const box = on.boxOf(event.target);
    if (!box) return;
    on.focused(box);
    on.showCard(box, event.target as Element);
  });
  canvas.addEventListener('focusout', () => on.showCard(undefined, undefined));
}
