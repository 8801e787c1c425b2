/** The scene as an SVG document string: for `cluster-anatomy diagram --svg` and for exports. */
import type { Scene } from './scene';
import { lightStylesheet } from './stylesheet';
import { type SvgElement, sceneToSvgModel } from './svgModel';

export interface SvgRenderOptions {
  /** Embed the light stylesheet so the file stands alone (default true). */
  readonly standalone?: boolean;
}

export function renderSvg(scene: Scene, options: SvgRenderOptions = {}): string {
  const model = sceneToSvgModel(scene, { stylesheet: options.standalone === false ? undefined : lightStylesheet });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeSvg(model)}\n`;
}

const namePattern = /^[a-zA-Z][a-zA-Z0-9:-]*$/;

export function serializeSvg(element: SvgElement, depth = 0): string {
  if (!namePattern.test(element.tag)) throw new Error(`Invalid SVG tag name: ${element.tag}`);
  const indent = '  '.repeat(depth);
  let attrs = '';
  for (const [name, value] of Object.entries(element.attrs)) {
    if (value === undefined) continue;
    // Names come from code; the check keeps a future mistake from turning data into markup.
    if (!namePattern.test(name) || /^on/i.test(name)) throw new Error(`Invalid SVG attribute name: ${name}`);
    attrs += ` ${name}="${escapeXml(String(value))}"`;
  }
  const open = `${indent}<${element.tag}${attrs}`;
  if (element.children?.length) {
    const inner = element.children.map((child) => serializeSvg(child, depth + 1)).join('\n');
    const text = element.text === undefined ? '' : `${indent}  ${escapeXml(element.text)}\n`;
    return `${open}>\n${text}${inner}\n${indent}</${element.tag}>`;
  }
  if (element.text !== undefined) return `${open}>${escapeXml(element.text)}</${element.tag}>`;
  return `${open}/>`;
}

/** Escapes text for element content and double- or single-quoted attribute values; drops characters XML forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the point is to find the control characters XML 1.0 forbids
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
