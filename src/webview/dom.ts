/** Builds SVG DOM from the shared element model: createElementNS, setAttribute and textContent only. */
import { type SvgElement, svgNamespace } from '../core/diagram/svgModel';

export function buildSvgDom(element: SvgElement, doc: Document = document): SVGElement {
  const node = doc.createElementNS(svgNamespace, element.tag) as SVGElement;
  for (const [name, value] of Object.entries(element.attrs)) {
    // xmlns is implied by createElementNS; event attributes never come from the model (svg.ts refuses them too).
    if (value === undefined || name === 'xmlns' || /^on/i.test(name)) continue;
    node.setAttribute(name, String(value));
  }
  if (element.text !== undefined) node.textContent = element.text;
  for (const child of element.children ?? []) node.appendChild(buildSvgDom(child, doc));
  return node;
}

/** An HTML element with text content and attributes; never parses markup. */
export function html<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  for (const child of children) element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return element;
}
