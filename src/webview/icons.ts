/**
 * The toolbar's icons, drawn in the manner of VS Code's codicons (16 px, currentColor). The webview loads nothing
 * from the network and the codicon font is not bundled, so each is a few SVG shapes built as DOM, never as markup.
 */
import type { SvgElement } from '../core/diagram/svgModel';
import { buildSvgDom } from './dom';

const stroke = { fill: 'none', stroke: 'currentColor', 'stroke-width': 1.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
const fill = { fill: 'currentColor' };
const path = (d: string, attrs: Record<string, string | number> = stroke): SvgElement => ({ tag: 'path', attrs: { d, ...attrs } });
const lens = (d: string): SvgElement[] => [
  { tag: 'circle', attrs: { cx: 6.5, cy: 6.5, r: 4.5, ...stroke } },
  path('M9.8 9.8L14 14'),
  path(d),
];

const shapes = {
  play: [path('M4.5 2.8v10.4L13 8z', fill)],
  stop: [{ tag: 'rect', attrs: { x: 3.5, y: 3.5, width: 9, height: 9, rx: 1, ...fill } }],
  pulse: [path('M1 8.5h3l2.2-5 3.4 9.5 2.2-4.5H15')],
  zoomIn: lens('M4.5 6.5h4M6.5 4.5v4'),
  zoomOut: lens('M4.5 6.5h4'),
  fit: [path('M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4')],
  more: [3, 8, 13].map((cx): SvgElement => ({ tag: 'circle', attrs: { cx, cy: 8, r: 1.2, ...fill } })),
  check: [path('M3 8.5l3 3 7-7')],
} satisfies Record<string, SvgElement[]>;

export type IconName = keyof typeof shapes;

/** A 16 px icon, hidden from assistive technology: its button carries the words. */
export function icon(name: IconName): SVGSVGElement {
  return buildSvgDom({
    tag: 'svg',
    attrs: { class: 'ca-icon', width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': 'true', focusable: 'false' },
    children: shapes[name],
  }) as SVGSVGElement;
}
