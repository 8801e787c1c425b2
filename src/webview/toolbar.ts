/**
 * The diagram's toolbar, in VS Code's manner: the two views as tabs, then icon buttons (the walk-through, the
 * live trace, zoom and fit) each named by its tooltip and aria-label, and an overflow "…" menu for what is used
 * less (the walk-through's steps, the reverse edges, export, keyboard help). One row at any width: the icon
 * buttons keep a fixed size (Play becomes Stop in place) and the tabs give way first.
 */
import type { DiagramUiState } from '../core/diagram/scene';
import type { DiagramStrings } from '../core/diagram/strings';
import type { DiagramControlStrings } from '../protocol/diagramControlStrings';
import { html } from './dom';
import { icon, type IconName } from './icons';

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
  private readonly walkIcon = html('span', { class: 'ca-icon-slot' });
  private readonly moreButton: HTMLButtonElement;
  private readonly menu = html('div', { class: 'ca-menu', role: 'menu', id: 'ca-more-menu' });
  private readonly menuItems: HTMLButtonElement[] = [];
  private showReverse = false;

  constructor(actions: ToolbarActions) {
    const tab = (key: DiagramUiState['view']) => this.button(key, () => actions.view(key), { role: 'tab', class: 'ca-tab' });
    const iconButton = (key: string, name: IconName, onClick: () => void, attrs: Record<string, string> = {}) => {
      const element = this.button(key, onClick, { class: 'ca-icon-button', ...attrs });
      element.append(icon(name));
      return element;
    };
    const walk = iconButton('walk', 'play', () => actions.walk(), { 'aria-pressed': 'false' });
    walk.replaceChildren(this.walkIcon);
    this.walkIcon.append(icon('play'));
    this.moreButton = iconButton('more', 'more', () => this.toggleMenu(), {
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
      'aria-controls': 'ca-more-menu',
    });
    this.menu.hidden = true;
    this.menu.append(
      this.menuItem('previous', () => actions.previous()),
      this.menuItem('next', () => actions.next()),
      html('div', { class: 'ca-menu-separator', role: 'separator' }),
      this.menuItem('reverse', () => actions.showReverse(!this.showReverse), 'menuitemcheckbox'),
      html('div', { class: 'ca-menu-separator', role: 'separator' }),
      // Shown in the menu only where the panel is too narrow for their buttons.
      this.menuItem('zoomInItem', () => actions.zoom(1.25), 'menuitem', 'ca-narrow-only'),
      this.menuItem('zoomOutItem', () => actions.zoom(0.8), 'menuitem', 'ca-narrow-only'),
      this.menuItem('exportSvg', () => actions.exportSvg()),
      this.menuItem('exportPng', () => actions.exportPng()),
      this.menuItem('help', () => actions.help(), 'menuitem', '', { 'aria-expanded': 'false', 'aria-controls': 'ca-help' }),
    );
    this.element.append(
      html('div', { role: 'tablist', class: 'ca-tabs' }, tab('architecture'), tab('placement')),
      html('span', { class: 'ca-spacer' }),
      walk,
      iconButton('traceLive', 'pulse', () => actions.traceLive()),
      html('span', { class: 'ca-toolbar-separator', role: 'separator' }),
      iconButton('zoomOut', 'zoomOut', () => actions.zoom(0.8), { class: 'ca-icon-button ca-wide-only' }),
      iconButton('zoomIn', 'zoomIn', () => actions.zoom(1.25), { class: 'ca-icon-button ca-wide-only' }),
      iconButton('fit', 'fit', () => actions.fit()),
      html('span', { class: 'ca-more' }, this.moreButton, this.menu),
    );
    this.bindMenuKeys();
  }

  private button(key: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
    const element = html('button', { type: 'button', 'data-action': key, ...attrs });
    element.addEventListener('click', onClick);
    this.buttons.set(key, element);
    return element;
  }

  private menuItem(
    key: string,
    onClick: () => void,
    role = 'menuitem',
    className = '',
    attrs: Record<string, string> = {},
  ): HTMLButtonElement {
    const element = this.button(
      key,
      () => {
        this.closeMenu(true);
        onClick();
      },
      { role, class: `ca-menu-item ${className}`.trim(), tabindex: '-1', ...attrs },
    );
    element.append(html('span', { class: 'ca-menu-check' }, ...(role === 'menuitemcheckbox' ? [icon('check')] : [])), html('span'));
    this.menuItems.push(element);
    return element;
  }

  /** Tooltips and accessible names: every icon button says in words what it does. */
  relabel(s: DiagramStrings, walking: boolean, controls: DiagramControlStrings): void {
    const labels: Record<string, string> = {
      architecture: s.tabArchitecture,
      placement: s.tabPlacement,
      walk: walking ? s.walkthroughStop : s.walkthroughPlay,
      previous: s.walkthroughPrevious,
      next: s.walkthroughNext,
      reverse: s.toggleReverse,
      traceLive: s.traceLive,
      zoomOut: s.zoomOut,
      zoomIn: s.zoomIn,
      zoomOutItem: s.zoomOut,
      zoomInItem: s.zoomIn,
      fit: s.zoomFit,
      exportSvg: s.exportSvg,
      exportPng: s.exportPng,
      help: s.keyboardHelp,
      more: controls.moreActions,
    };
    for (const [key, label] of Object.entries(labels)) {
      const element = this.buttons.get(key);
      if (!element) continue;
      if (element.classList.contains('ca-icon-button')) {
        element.setAttribute('aria-label', label);
        element.title = label;
      } else if (element.classList.contains('ca-menu-item')) {
        element.lastElementChild!.textContent = label;
      } else {
        element.textContent = label;
        element.title = label;
      }
    }
  }

  /** The selected view and the toggle follow the UI state. */
  update(ui: DiagramUiState): void {
    this.buttons.get('architecture')?.setAttribute('aria-selected', String(ui.view === 'architecture'));
    this.buttons.get('placement')?.setAttribute('aria-selected', String(ui.view === 'placement'));
    this.showReverse = ui.showReverse;
    const reverse = this.buttons.get('reverse');
    reverse?.setAttribute('aria-checked', String(ui.showReverse));
    if (reverse) reverse.disabled = ui.view !== 'architecture';
  }

  /** The same button, the same size: only its icon, tooltip and pressed state change. */
  setWalking(walking: boolean, s: DiagramStrings): void {
    const walkButton = this.buttons.get('walk');
    if (!walkButton) return;
    walkButton.setAttribute('aria-pressed', String(walking));
    const label = walking ? s.walkthroughStop : s.walkthroughPlay;
    walkButton.setAttribute('aria-label', label);
    walkButton.title = label;
    this.walkIcon.replaceChildren(icon(walking ? 'stop' : 'play'));
  }

  setHelpExpanded(expanded: boolean): void {
    this.buttons.get('help')?.setAttribute('aria-expanded', String(expanded));
  }

  // ---- the overflow menu ----

  private toggleMenu(): void {
    if (this.menu.hidden) this.openMenu();
    else this.closeMenu(true);
  }

  private openMenu(): void {
    this.menu.hidden = false;
    this.moreButton.setAttribute('aria-expanded', 'true');
    this.visibleItems()[0]?.focus();
    // A click anywhere else closes it, as VS Code's menus do.
    setTimeout(() => document.addEventListener('pointerdown', this.outside, true));
  }

  private closeMenu(returnFocus: boolean): void {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.moreButton.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', this.outside, true);
    if (returnFocus) this.moreButton.focus();
  }

  private readonly outside = (event: Event) => {
    if (!(event.target instanceof Node) || !this.menu.parentElement?.contains(event.target)) this.closeMenu(false);
  };

  private visibleItems(): HTMLButtonElement[] {
    return this.menuItems.filter((item) => !item.disabled && item.offsetParent !== null);
  }

  private bindMenuKeys(): void {
    this.moreButton.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      this.openMenu();
      if (event.key === 'ArrowUp') this.visibleItems().at(-1)?.focus();
    });
    this.menu.addEventListener('keydown', (event) => {
      const items = this.visibleItems();
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      const moveTo = (index: number) => items[(index + items.length) % items.length]?.focus();
      if (event.key === 'ArrowDown') moveTo(at + 1);
      else if (event.key === 'ArrowUp') moveTo(at - 1);
      else if (event.key === 'Home') moveTo(0);
      else if (event.key === 'End') moveTo(items.length - 1);
      else if (event.key === 'Escape') this.closeMenu(true);
      else if (event.key === 'Tab') {
        this.closeMenu(false);
        return;
      } else return;
      event.preventDefault();
    });
  }
}
