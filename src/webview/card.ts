import type { SceneBox } from '../core/diagram/scene';
import type { DiagramStrings } from '../core/diagram/strings';
import { html } from './dom';

/**
 * The hover and focus card beside a box: what the component is for, how it runs here, and the evidence, as
 * text. Hidden when the box has no card or nothing anchors it.
 */
export function showCard(
  card: HTMLElement,
  canvas: HTMLElement,
  strings: DiagramStrings,
  box: SceneBox | undefined,
  anchor: Element | undefined,
): void {
  if (!box?.card || !anchor) {
    card.hidden = true;
    return;
  }
  const section = (title: string, lines: readonly string[]) =>
    lines.length ? [html('h4', {}, title), html('ul', {}, ...lines.map((line) => html('li', {}, html('code', {}, line))))] : [];
  card.replaceChildren(
    html('h3', {}, box.card.title),
    html('h4', {}, strings.cardRole),
    html('div', {}, box.card.role),
    ...section(strings.cardRunsHere, box.card.runsHere),
    ...section(strings.cardEvidence, box.card.evidence),
    ...(box.target || box.action ? [html('h4', {}, strings.clickHint)] : []),
  );
  card.hidden = false;
  const rect = anchor.getBoundingClientRect();
  const canvasRect = canvas.getBoundingClientRect();
  const left = Math.min(rect.right + 8, window.innerWidth - card.offsetWidth - 8);
  const top = Math.min(Math.max(canvasRect.top, rect.top), window.innerHeight - card.offsetHeight - 8);
  card.style.left = `${Math.max(0, left)}px`;
  card.style.top = `${Math.max(0, top)}px`;
  anchor.setAttribute('aria-describedby', 'ca-card');
}
