/**
 * The scene as a tree of SVG elements: one drawing for both renderers. svg.ts serialises it to a string
 * (CLI, export); the webview builds DOM from it with createElementNS/setAttribute/textContent. Cluster data
 * only ever lands in attribute values and text, never in tag or attribute names.
 */
import type { Scene, SceneBox, SceneEdge } from './scene';

export interface SvgElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string | number | undefined>>;
  readonly text?: string;
  readonly children?: readonly SvgElement[];
}

export interface SvgModelOptions {
  /** Adds tabindex/role for keyboard use (the webview); documents leave it out. */
  readonly interactive?: boolean;
  /** A stylesheet to embed (standalone files). */
  readonly stylesheet?: string;
}

export const svgNamespace = 'http://www.w3.org/2000/svg';

/** Rough width of a character at the label size, to truncate instead of overflowing a box. */
const charWidth = 7.2;

export function truncate(text: string, width: number, perChar = charWidth): string {
  const max = Math.max(3, Math.floor(width / perChar));
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export function sceneToSvgModel(scene: Scene, options: SvgModelOptions = {}): SvgElement {
  const panels: SvgElement[] = [];
  const boxes: SvgElement[] = [];
  for (const box of scene.boxes) {
    (box.kind === 'panel' || (box.kind === 'group' && !box.focusable) ? panels : boxes).push(boxElement(box, options));
  }
  const children: SvgElement[] = [{ tag: 'title', attrs: { id: 'ca-diagram-title' }, text: scene.title }];
  if (options.stylesheet) children.push({ tag: 'style', attrs: {}, text: options.stylesheet });
  children.push(definitions());
  children.push({
    tag: 'g',
    attrs: { class: 'ca-viewport' },
    children: [
      { tag: 'g', attrs: { class: 'ca-panels' }, children: panels },
      { tag: 'g', attrs: { class: 'ca-edges' }, children: scene.edges.map(edgeElement) },
      { tag: 'g', attrs: { class: 'ca-boxes' }, children: boxes },
    ],
  });
  return {
    tag: 'svg',
    attrs: {
      xmlns: svgNamespace,
      class: `ca-diagram ca-view-${scene.view}`,
      viewBox: `0 0 ${scene.width} ${scene.height}`,
      width: scene.width,
      height: scene.height,
      role: 'img',
      'aria-labelledby': 'ca-diagram-title',
      'data-view': scene.view,
    },
    children,
  };
}

function definitions(): SvgElement {
  const marker = (id: string, path: string): SvgElement => ({
    tag: 'marker',
    attrs: { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerUnits: 'userSpaceOnUse', markerWidth: 9, markerHeight: 9, orient: 'auto-start-reverse', class: 'ca-marker' },
    children: [{ tag: 'path', attrs: { d: path } }],
  });
  return { tag: 'defs', attrs: {}, children: [marker('ca-arrow', 'M 0 0 L 10 5 L 0 10 z')] };
}

function boxElement(box: SceneBox, options: SvgModelOptions): SvgElement {
  const focusable = options.interactive && box.focusable;
  const classes = ['ca-box', `ca-kind-${box.kind}`, `ca-health-${box.health}`];
  if (box.source) classes.push(`ca-source-${box.source}`);
  if (box.mode) classes.push(`ca-mode-${box.mode}`);
  const title = box.card ? [box.ariaLabel, box.card.role].join('. ') : box.ariaLabel;
  const children: SvgElement[] = [
    { tag: 'title', attrs: {}, text: title },
    { tag: 'rect', attrs: { x: box.x, y: box.y, width: box.width, height: box.height, rx: box.kind === 'pod' ? 4 : 6, class: 'ca-shape' } },
  ];
  const top = box.kind === 'panel' || box.kind === 'group';
  const badgeWidth = box.badge && box.height < 36 ? Math.min(84, box.badge.length * 6.4 + 12) : 0;
  const textWidth = box.width - 12 - badgeWidth;
  const hasDetail = box.detail !== undefined && box.height >= 36;
  const labelY = top ? box.y + 18 : hasDetail ? box.y + box.height / 2 - 3 : box.y + box.height / 2 + 4;
  const textX = box.kind === 'pager' || (!top && box.kind !== 'pod') ? box.x + box.width / 2 : box.x + 8;
  const anchor = textX === box.x + 8 ? 'start' : 'middle';
  children.push({ tag: 'text', attrs: { x: textX, y: labelY, class: 'ca-label', 'text-anchor': anchor }, text: truncate(box.label, textWidth) });
  if (hasDetail) {
    const detailY = top ? box.y + 34 : box.y + box.height / 2 + 12;
    children.push({ tag: 'text', attrs: { x: textX, y: detailY, class: 'ca-detail', 'text-anchor': anchor }, text: truncate(box.detail!, textWidth + 8, 6) });
  }
  if (badgeWidth) {
    children.push({
      tag: 'text',
      attrs: { x: box.x + box.width - 6, y: box.y + box.height / 2 + 4, class: 'ca-badge', 'text-anchor': 'end' },
      text: truncate(box.badge!, badgeWidth, 6),
    });
  }
  return {
    tag: 'g',
    attrs: {
      class: classes.join(' '),
      'data-id': box.id,
      'data-component': box.component,
      'data-node': box.node,
      'data-role': box.role,
      'data-group': box.group,
      'data-source': box.source,
      'data-mode': box.mode,
      'data-health': box.health,
      'data-renew-time': box.heartbeat?.renewTime,
      'data-lease-seconds': box.heartbeat?.durationSeconds,
      'aria-label': box.ariaLabel,
      tabindex: focusable ? -1 : undefined,
      role: focusable ? 'button' : undefined,
    },
    children,
  };
}

function edgeElement(edge: SceneEdge): SvgElement {
  const points = edge.points.map(([x, y]) => `${x},${y}`).join(' ');
  return {
    tag: 'polyline',
    attrs: {
      class: `ca-edge ca-edge-${edge.kind}`,
      points,
      'data-edge': edge.id,
      'data-from': edge.fromComponent,
      'data-to': edge.toComponent,
      'data-kind': edge.kind,
      'data-node': edge.node,
      'data-group': edge.group,
      'marker-end': 'url(#ca-arrow)',
      'marker-start': edge.kind === 'storage' ? 'url(#ca-arrow)' : undefined,
      'aria-label': edge.ariaLabel,
    },
    children: [{ tag: 'title', attrs: {}, text: edge.ariaLabel }],
  };
}
