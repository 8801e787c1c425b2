import type { Scene } from '../core/diagram/scene';
import { renderSvg } from '../core/diagram/svg';
import { detailFontSize, labelFontSize, type TextMeasure } from '../core/diagram/text';

/**
 * Text widths in the font the webview draws with (the editor's UI font), so names are shortened only when they
 * do not fit; remembered, since a layout asks for the same names again.
 */
export function canvasMeasure(): TextMeasure {
  const context = document.createElement('canvas').getContext('2d');
  const widths = new Map<string, number>();
  let family = '';
  return (text, style) => {
    if (!context) return [...text].length * (style === 'label' ? 8 : 7);
    const current = getComputedStyle(document.body).fontFamily || 'sans-serif';
    if (current !== family) {
      family = current;
      widths.clear();
    }
    const key = `${style}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      context.font = style === 'label' ? `600 ${labelFontSize}px ${family}` : `${detailFontSize}px ${family}`;
      width = context.measureText(text).width;
      widths.set(key, width);
    }
    return width;
  };
}

/** The scene as a PNG data URL, drawn by the browser from the standalone SVG at twice its size for sharp slides. */
export async function sceneToPng(scene: Scene): Promise<string> {
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The diagram could not be drawn as an image'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSvg(scene))}`;
  await loaded;
  // Within what a canvas can hold.
  const scale = Math.min(2, 16000 / Math.max(scene.width, scene.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(scene.width * scale);
  canvas.height = Math.ceil(scene.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}
