/** The diagram's toolbar: views, the reverse-edges toggle, the walk-through and the live trace, zoom, export and keyboard help. */
import type { DiagramUiState } from '../core/diagram/scene';
import type { DiagramStrings } from '../core/diagram/strings';
import { html } from './dom';

/** What each button does; the toolbar only draws and labels them. */
export interface ToolbarActions {
  view(view: DiagramUiState['view']): void;
  showReverse(show: boolean): void;
  walk(): void;
  previous(): void;
  next(): void;
  /** Asks the host to trace a workload live on the drawing. */
  traceLive(): void;
  zoom(factor: number): void;
  fit(): void;
  exportSvg(): void;
  exportPng(): void;
  help(): void;
}

export class Toolbar {
  readonly element = html('div', { class: 'ca-toolbar', role: 'toolbar' });
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly reverseToggle = html('input', { type: 'checkbox' });
  private readonly reverseLabel = html('span');

  constructor(actions: ToolbarActions) {
    const button = (key: string, onClick: () => void, attrs: Record<string, string> = {}) => {
      const element = html('button', { type: 'button', 'data-action': key, ...attrs });
      element.addEventListener('click', onClick);
      this.buttons.set(key, element);
      return element;
    };
    const tabs = html(
      'div',
      { role: 'tablist' },
      button('architecture', () => actions.view('architecture'), { role: 'tab' }),
      button('placement', () => actions.view('placement'), { role: 'tab' }),
    );
    this.reverseToggle.addEventListener('change', () => actions.showReverse(this.reverseToggle.checked));
    this.reverseToggle.setAttribute('data-action', 'reverse');
    this.element.append(
      tabs,
      html('label', {}, this.reverseToggle, this.reverseLabel),
      button('walk', () => actions.walk(), { 'aria-pressed': 'false' }),
      button('previous', () => actions.previous()),
      button('next', () => actions.next()),
      button('traceLive', () => actions.traceLive()),
      html('span', { class: 'ca-spacer' }),
      button('zoomOut', () => actions.zoom(0.8)),
      button('zoomIn', () => actions.zoom(1.25)),
      button('fit', () => actions.fit()),
      button('exportSvg', () => actions.exportSvg()),
      button('exportPng', () => actions.exportPng()),
      button('help', () => actions.help(), { 'aria-expanded': 'false', 'aria-controls': 'ca-help' }),
    );
  }

  /** Words, not glyphs: a screen reader says what a button does, and so does the button. */
  relabel(s: DiagramStrings, walking: boolean): void {
    const labels: Record<string, string> = {
      architecture: s.tabArchitecture,
      placement: s.tabPlacement,
      walk: walking ? s.walkthroughStop : s.walkthroughPlay,
      previous: s.walkthroughPrevious,
      next: s.walkthroughNext,
      traceLive: s.traceLive,
      zoomOut: s.zoomOut,
      zoomIn: s.zoomIn,
      fit: s.zoomFit,
      exportSvg: s.exportSvg,
      exportPng: s.exportPng,
      help: s.keyboardHelp,
    };
    for (const [key, label] of Object.entries(labels)) {
      const element = this.buttons.get(key);
      if (element) element.textContent = label;
    }
    this.reverseLabel.textContent = s.toggleReverse;
  }

  /** The selected view and the toggle follow the UI state. */
  update(ui: DiagramUiState): void {
    this.buttons.get('architecture')?.setAttribute('aria-selected', String(ui.view === 'architecture'));
    this.buttons.get('placement')?.setAttribute('aria-selected', String(ui.view === 'placement'));
    this.reverseToggle.checked = ui.showReverse;
    this.reverseToggle.disabled = ui.view !== 'architecture';
  }

  setWalking(walking: boolean, s: DiagramStrings): void {
    const walkButton = this.buttons.get('walk');
    if (!walkButton) return;
    walkButton.setAttribute('aria-pressed', String(walking));
    walkButton.textContent = walking ? s.walkthroughStop : s.walkthroughPlay;
  }

  setHelpExpanded(expanded: boolean): void {
    this.buttons.get('help')?.setAttribute('aria-expanded', String(expanded));
  }
}
