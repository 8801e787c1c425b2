/** Pure helpers for keyboard navigation and zoom/pan, unit-tested in plain Node. */

export interface Rect {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The nearest box in a direction from the current one: distance along it, with sideways offset weighed 3×. */
export function nearestInDirection(current: Rect, candidates: readonly Rect[], direction: Direction): Rect | undefined {
  const cx = current.x + current.width / 2;
  const cy = current.y + current.height / 2;
  let best: Rect | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate.id === current.id) continue;
    const dx = candidate.x + candidate.width / 2 - cx;
    const dy = candidate.y + candidate.height / 2 - cy;
    const along = direction === 'left' ? -dx : direction === 'right' ? dx : direction === 'up' ? -dy : dy;
    const sideways = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0) continue;
    const score = along + 3 * sideways;
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}

export interface Viewport {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export const minScale = 0.05;
export const maxScale = 4;

/** Zooms by `factor` keeping the point (px, py) of the canvas where it is. */
export function zoomAt(view: Viewport, factor: number, px: number, py: number): Viewport {
  const scale = Math.min(maxScale, Math.max(minScale, view.scale * factor));
  const applied = scale / view.scale;
  return { scale, x: px - (px - view.x) * applied, y: py - (py - view.y) * applied };
}

/** The viewport that shows the whole scene centred in the canvas, never enlarged beyond 1. */
export function fitView(sceneWidth: number, sceneHeight: number, canvasWidth: number, canvasHeight: number, padding = 16): Viewport {
  const scale = Math.min(
    1,
    Math.max(minScale, Math.min((canvasWidth - 2 * padding) / sceneWidth, (canvasHeight - 2 * padding) / sceneHeight)),
  );
  return { scale, x: (canvasWidth - sceneWidth * scale) / 2, y: Math.max(padding, (canvasHeight - sceneHeight * scale) / 2) };
}

/** The viewport that puts a box at the centre of the canvas at the current scale. */
export function centreOn(view: Viewport, box: Rect, canvasWidth: number, canvasHeight: number): Viewport {
  return {
    scale: view.scale,
    x: canvasWidth / 2 - (box.x + box.width / 2) * view.scale,
    y: canvasHeight / 2 - (box.y + box.height / 2) * view.scale,
  };
}
