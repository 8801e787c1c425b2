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

/**
 * The smallest scale a drawing opens at. Below it a box's 12 px name is drawn under 9.6 px, too small to read, so
 * a drawing that would need less opens readable and partly out of sight instead (Fit still shows it whole).
 */
export const readableScale = 0.8;

/**
 * The view a drawing opens at: the whole scene when it is readable whole; otherwise at the readable scale with its
 * top left in sight (the title first, as a page is read), or, where that would leave the anchor (kube-apiserver,
 * the hub every spoke meets) out of sight, the anchor centred across; never an empty margin beside the drawing.
 */
export function openingView(
  sceneWidth: number,
  sceneHeight: number,
  canvasWidth: number,
  canvasHeight: number,
  anchor?: Rect,
  padding = 16,
): Viewport {
  const whole = fitView(sceneWidth, sceneHeight, canvasWidth, canvasHeight, padding);
  if (whole.scale >= readableScale) return whole;
  const scale = readableScale;
  const drawnWidth = sceneWidth * scale;
  const drawnHeight = sceneHeight * scale;
  let x: number;
  if (drawnWidth <= canvasWidth - 2 * padding) x = (canvasWidth - drawnWidth) / 2;
  else {
    const anchorInSight = !anchor || padding + (anchor.x + anchor.width) * scale <= canvasWidth;
    const wanted = anchorInSight ? padding : canvasWidth / 2 - (anchor.x + anchor.width / 2) * scale;
    x = Math.min(padding, Math.max(canvasWidth - padding - drawnWidth, wanted));
  }
  const y = drawnHeight <= canvasHeight - 2 * padding ? (canvasHeight - drawnHeight) / 2 : padding;
  return { scale, x, y };
}

/** The sides of the canvas beyond which part of the drawing lies (a pixel of rounding does not count). */
export function sidesOutOfSight(
  view: Viewport,
  sceneWidth: number,
  sceneHeight: number,
  canvasWidth: number,
  canvasHeight: number,
): Direction[] {
  const left = view.x;
  const top = view.y;
  const right = view.x + sceneWidth * view.scale;
  const bottom = view.y + sceneHeight * view.scale;
  const sides: Direction[] = [];
  if (left < -1) sides.push('left');
  if (right > canvasWidth + 1) sides.push('right');
  if (top < -1) sides.push('up');
  if (bottom > canvasHeight + 1) sides.push('down');
  return sides;
}

/** The viewport that puts a box at the centre of the canvas at the current scale. */
export function centreOn(view: Viewport, box: Rect, canvasWidth: number, canvasHeight: number): Viewport {
  return {
    scale: view.scale,
    x: canvasWidth / 2 - (box.x + box.width / 2) * view.scale,
    y: canvasHeight / 2 - (box.y + box.height / 2) * view.scale,
  };
}
