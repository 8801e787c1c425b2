/**
 * The keys on the drawing. On a box the arrows move the focus and Enter or Space activate it (with Shift, its
 * YAML); on the canvas, or with Ctrl or ⌘, the arrows pan. + and − zoom, 0 fits, Home (or Enter on the canvas)
 * goes to the first box, ? toggles the key help, Escape stops the walk-through and closes the card and the help.
 */
import type { SceneBox } from '../core/diagram/scene';
import type { Direction, Viewport } from './navigation.utils';

const panStep = 60;

export interface KeyHandlers {
  viewport(): Viewport | undefined;
  pan(viewport: Viewport): void;
  move(direction: Direction): void;
  first(): void;
  zoom(factor: number): void;
  fit(): void;
  boxOf(target: EventTarget | null): SceneBox | undefined;
  activate(box: SceneBox, openYaml: boolean): void;
  toggleHelp(): void;
  dismiss(): void;
}

export function bindKeyboard(canvas: HTMLElement, on: KeyHandlers): void {
  const arrows: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
  canvas.addEventListener('keydown', (event) => {
    const direction = arrows[event.key];
    const onBox = event.target !== canvas;
    const viewport = on.viewport();
    if (direction && onBox && !event.ctrlKey && !event.metaKey) {
      on.move(direction);
    } else if (direction && viewport) {
      const delta = { left: [panStep, 0], right: [-panStep, 0], up: [0, panStep], down: [0, -panStep] }[direction];
      on.pan({ ...viewport, x: viewport.x + delta[0]!, y: viewport.y + delta[1]! });
    } else if (event.key === '+' || event.key === '=') {
      on.zoom(1.25);
    } else if (event.key === '-') {
      on.zoom(0.8);
    } else if (event.key === '0') {
      on.fit();
    } else if ((event.key === 'Enter' || event.key === ' ') && onBox) {
      const box = on.boxOf(event.target);
      if (box) on.activate(box, event.shiftKey);
    } else if (event.key === '?') {
      on.toggleHelp();
    } else if (event.key === 'Escape') {
      on.dismiss();
    } else if (event.key === 'Home' || (event.key === 'Enter' && !onBox)) {
      on.first();
    } else {
      return;
    }
    event.preventDefault();
  });
}
