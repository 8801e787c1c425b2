/**
 * The scene as a tree of SVG elements: one drawing for both renderers. svg.ts serialises it to a string
 * (CLI, export); the webview builds DOM from it with createElementNS/setAttribute/textContent. Cluster data
 * only ever lands in attribute values and text, never in tag or attribute names.
 */
import type { LegendEntry, Scene, SceneBox, SceneEdge, SceneLegend } from './scene';
import { dejaVuMeasure, elideEnd, labelRoom, type TextMeasure, type TextStyle, titleFontSize } from './text';

export interface SvgElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string | number | undefined>>;
  readonly text?: string;
  readonly children?: readonly SvgElement[];
}

export interface SvgModelOptions {
  /** Adds tabindex/role for keyboard use and the Pods' context menu (the webview); documents leave them out. */
  readonly interactive?: boolean;
  /** A stylesheet to embed (standalone files). */
  readonly stylesheet?: string;
}

export const svgNamespace = 'http://www.w3.org/2000/svg';

/** A text of a box as drawn: where, in which style, and the rectangle it covers (for tests and hit checks). */
export interface PlacedText {
  readonly className: 'ca-label' | 'ca-detail' | 'ca-badge';
  readonly style: TextStyle;
  readonly x: number;
  /** The baseline. */
  readonly y: number;
  readonly anchor: 'start' | 'middle' | 'end';
  readonly text: string;
  readonly rect: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** The label, detail and badge of a box, placed: one computation for the drawing and for the layout tests. */
export function boxTexts(box: SceneBox, measure: TextMeasure = dejaVuMeasure): PlacedText[] {
  const top = box.kind === 'panel' || box.kind === 'group';
  const leftAligned = top || box.kind === 'pod' || box.kind === 'folder';
  const hasDetail = box.detail !== undefined && box.height >= 36;
  const badge = box.badge && !hasDetail && box.height >= 36 ? box.badge : undefined;
  const room = labelRoom(box);
  const x = leftAligned ? box.x + 8 : box.x + box.width / 2;
  const anchor = leftAligned ? 'start' : 'middle';
  const place = (
    className: PlacedText['className'],
    style: TextStyle,
    y: number,
    text: string,
    textAnchor: PlacedText['anchor'] = anchor,
    at = x,
  ): PlacedText => {
    const width = measure(text, style);
    const size = style === 'label' ? 12 : 10.5;
    const left = textAnchor === 'start' ? at : textAnchor === 'middle' ? at - width / 2 : at - width;
    return { className, style, x: at, y, anchor: textAnchor, text, rect: { x: left, y: y - size * 0.8, width, height: size } };
  };
  if (box.detailLines) {
    const texts = [place('ca-label', 'label', box.y + 16, box.shortLabel ?? box.label)];
    box.detailLines.forEach((line, index) =>
      texts.push(place('ca-detail', 'detail', box.y + 31 + index * 13, elideEnd(line, room, 'detail', measure))),
    );
    return texts;
  }
  const labelY = top ? box.y + 18 : hasDetail ? box.y + box.height / 2 - 3 : box.y + box.height / 2 + 4;
  const texts = [place('ca-label', 'label', labelY, box.shortLabel ?? box.label)];
  if (hasDetail)
    texts.push(
      place('ca-detail', 'detail', top ? box.y + 34 : box.y + box.height / 2 + 12, elideEnd(box.detail!, room, 'detail', measure)),
    );
  if (badge) texts.push(place('ca-badge', 'detail', box.y + box.height / 2 + 12, elideEnd(badge, room, 'detail', measure)));
  return texts;
}

export function sceneToSvgModel(scene: Scene, options: SvgModelOptions = {}): SvgElement {
  const panels: SvgElement[] = [];
  const boxes: SvgElement[] = [];
  for (const box of scene.boxes) {
    (box.kind === 'panel' || (box.kind === 'group' && !box.focusable) ? panels : boxes).push(boxElement(box, options));
  }
  const children: SvgElement[] = [{ tag: 'title', attrs: { id: 'ca-diagram-title' }, text: `${scene.title}. ${scene.header.subtitle}` }];
  if (options.stylesheet) children.push({ tag: 'style', attrs: {}, text: options.stylesheet });
  children.push(definitions());
  const { header } = scene;
  children.push({
    tag: 'g',
    attrs: { class: 'ca-viewport' },
    children: [
      {
        tag: 'g',
        attrs: { class: 'ca-header' },
        children: [
          { tag: 'text', attrs: { x: header.x, y: header.y + titleFontSize, class: 'ca-title' }, text: header.title },
          { tag: 'text', attrs: { x: header.x, y: header.y + titleFontSize + 17, class: 'ca-subtitle' }, text: header.subtitle },
        ],
      },
      { tag: 'g', attrs: { class: 'ca-panels' }, children: panels },
      { tag: 'g', attrs: { class: 'ca-edges' }, children: scene.edges.map(edgeElement) },
      { tag: 'g', attrs: { class: 'ca-boxes' }, children: boxes },
      ...(scene.legend ? [legendElement(scene.legend)] : []),
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
    attrs: {
      id,
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerUnits: 'userSpaceOnUse',
      markerWidth: 9,
      markerHeight: 9,
      orient: 'auto-start-reverse',
      class: 'ca-marker',
    },
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
  for (const text of boxTexts(box)) {
    children.push({
      tag: 'text',
      attrs: { x: round(text.x), y: round(text.y), class: text.className, 'text-anchor': text.anchor },
      text: text.text,
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
      // In the webview, a box that stands for a Pod offers VS Code's context menu ("Trace"), which reads this.
      'data-vscode-context':
        options.interactive && box.target?.pod
          ? JSON.stringify({
              webviewSection: 'pod',
              namespace: box.target.pod.namespace,
              name: box.target.pod.name,
              preventDefaultContextMenuItems: true,
            })
          : undefined,
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

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The legend: a framed list of swatches drawn with the same classes as the drawing, each with its meaning. */
function legendElement(legend: SceneLegend): SvgElement {
  return {
    tag: 'g',
    attrs: { class: 'ca-legend', role: 'list', 'aria-label': legend.title },
    children: [
      { tag: 'rect', attrs: { x: legend.x, y: legend.y, width: legend.width, height: legend.height, rx: 6, class: 'ca-legend-frame' } },
      { tag: 'text', attrs: { x: legend.x + 8, y: legend.y + 18, class: 'ca-legend-title' }, text: legend.title },
      ...legend.entries.map(legendEntryElement),
    ],
  };
}

function legendEntryElement(entry: LegendEntry): SvgElement {
  const { swatch, x, y } = entry;
  const middle = y + 7;
  let shape: SvgElement;
  if (swatch.kind === 'edge') {
    shape = {
      tag: 'polyline',
      attrs: {
        class: `ca-swatch ca-edge-${swatch.edge}`,
        points: `${x},${middle} ${x + 28},${middle}`,
        'marker-end': 'url(#ca-arrow)',
        'marker-start': swatch.edge === 'storage' ? 'url(#ca-arrow)' : undefined,
      },
    };
  } else {
    const classes = swatch.kind === 'fill' ? `ca-swatch-box ca-source-${swatch.source}` : `ca-swatch-box ca-health-${swatch.health}`;
    shape = {
      tag: 'g',
      attrs: { class: classes },
      children: [{ tag: 'rect', attrs: { x, y, width: 28, height: 14, rx: 3, class: 'ca-shape' } }],
    };
  }
  const key = swatch.kind === 'edge' ? swatch.edge : swatch.kind === 'fill' ? swatch.source : swatch.health;
  return {
    tag: 'g',
    attrs: { class: 'ca-legend-entry', role: 'listitem', 'data-legend': `${swatch.kind}:${key}` },
    children: [shape, { tag: 'text', attrs: { x: x + 36, y: middle + 4, class: 'ca-legend-text' }, text: entry.label }],
  };
}
