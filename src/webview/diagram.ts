/**
 * The diagram webview: lays out the anatomy it receives with the shared core layout, draws it as SVG DOM
 * (text only, never markup), and talks to the host through the typed protocol. Only UI state (view, toggles,
 * expanded groups, zoom) is kept with setState; the anatomy always comes from the host.
 */
import type { ClusterAnatomy } from '../core/anatomy/types';
import { applyAnatomyDelta, applyLeaseRenewals } from '../core/diagram/delta';
import { layoutDiagram } from '../core/diagram/layout';
import type { AnatomyTarget } from '../core/anatomy/target';
import type { PlacementOverlay } from '../core/placement/overlay';
import { type DiagramUiState, defaultUiState, type Scene, type SceneBox } from '../core/diagram/scene';
import { type DiagramStrings, defaultDiagramStrings, format, mergeDiagramStrings } from '../core/diagram/strings';
import { renderSvg } from '../core/diagram/svg';
import { diagramStructureCss } from '../core/diagram/stylesheet';
import { sceneToSvgModel } from '../core/diagram/svgModel';
import { walkthroughSteps } from '../core/diagram/walkthrough';
import {
  type HostToWebviewMessage,
  isDeltaMessage,
  isLeaseRenewedMessage,
  isLocaleMessage,
  isRevealMessage,
  isSnapshotMessage,
  isUiState,
  isHighlightMessage,
  isWalkthroughMessage,
  isTraceEndedMessage,
  isTraceStepMessage,
  type RenderReport,
  type TraceStepMessage,
} from '../protocol/diagramProtocol';
import { canvasMeasure, sceneToPng } from './canvasImage';
import { buildSvgDom, html } from './dom';
import { showCard } from './card';
import { HeartbeatView } from './heartbeats';
import { type LiveStep, WalkthroughPlayer } from './walkthroughPlayer';
import { TraceStepQueue } from './traceQueue.utils';
import { bindPointer } from './pointer';
import { bindKeyboard } from './keyboard';
import { BoxFocus } from './boxFocus';
import { ViewportControl } from './viewportControl';
import { Toolbar } from './toolbar';
import { getHost } from './host';
import type { Viewport } from './navigation.utils';
import { errorMessage } from '../core/util/errors';
import { type DiagramControlStrings, defaultDiagramControlStrings, mergeDiagramControlStrings } from '../protocol/diagramControlStrings';
import { litWalkStep } from './tracePath.utils';
import { icon } from './icons';

/** A live step's light goes out this long after it was shown, if no other step follows: quiet is plain. */
const liveQuietMs = 6000;

interface SavedState {
  readonly ui: DiagramUiState;
  readonly viewport?: Viewport;
}

class DiagramApp {
  private readonly host = getHost();
  private strings: DiagramStrings = defaultDiagramStrings;
  private controls: DiagramControlStrings = defaultDiagramControlStrings;
  private quietTimer: ReturnType<typeof setTimeout> | undefined;
  private locale = 'en';
  private anatomy: ClusterAnatomy | null = null;
  /** Where the Pod the user asked about fits: comes with each snapshot, beside the anatomy. */
  private placement: PlacementOverlay | undefined;
  private status = '';
  private ui: DiagramUiState = defaultUiState;
  private scene: Scene | undefined;
  private svg: SVGSVGElement | undefined;
  private readonly heartbeats = new HeartbeatView();
  /** Host requests (reveal, walk-through) that arrived before the drawing they act on. */
  private readonly afterDrawing: (() => void)[] = [];
  private renderQueued = false;

  // DOM
  private readonly toolbar = new Toolbar({
    view: (view) => this.setUi({ ...this.ui, view }),
    showReverse: (showReverse) => this.setUi({ ...this.ui, showReverse }),
    walk: () => this.walk(this.walkthrough.isPlaying ? 'stop' : 'play'),
    previous: () => this.walk('previous'),
    next: () => this.walk('next'),
    traceLive: () => this.host.postMessage({ type: 'traceLive' }),
    zoom: (factor) => this.viewport.zoom(factor),
    fit: () => this.viewport.fit(),
    exportSvg: () => this.exportSvg(),
    exportPng: () => void this.exportPng(),
    help: () => this.toggleHelp(),
  });
  private readonly caption = html('div', { class: 'ca-caption', 'aria-live': 'polite' });
  /** Says what lights the drawing, and how to stop it: the caption with its buttons, clear of the legend. */
  private readonly stopTraceButton = html('button', { type: 'button', class: 'ca-caption-button', 'data-action': 'stopTrace' });
  private readonly stopLightingButton = html('button', { type: 'button', class: 'ca-caption-button', 'data-action': 'stopLighting' });
  private readonly captionBar = html(
    'div',
    { class: 'ca-caption-bar', role: 'region' },
    this.caption,
    html('div', { class: 'ca-caption-actions' }, this.stopTraceButton, this.stopLightingButton),
  );
  private readonly statusLine = html('div', { class: 'ca-status', role: 'status' });
  /** Says that part of the drawing is out of sight (it opens readable, not whole): shadows on those edges, and Fit. */
  private readonly outOfSightEdges = html('div', { class: 'ca-out-of-sight', 'aria-hidden': 'true' });
  private readonly showWholeButton = html('button', { type: 'button', class: 'ca-show-whole', 'data-action': 'showWhole' });
  private readonly walkthrough = new WalkthroughPlayer({
    drawing: () => this.svg,
    box: (id) => this.focus.element(id),
    caption: this.caption,
    strings: () => this.strings,
    playing: (playing) => this.toolbar.setWalking(playing, this.strings),
    showing: (what) => this.showCaptionBar(what),
  });
  /** A live trace's steps, each lit long enough to read; alike steps that crowd in are counted, not replayed. */
  private readonly traceSteps = new TraceStepQueue<TraceStepMessage>(
    (step, more) => this.showTraceStep(step, more),
    (a, b) => a.walkStep === b.walkStep && a.component === b.component,
  );
  private readonly canvas = html('div', { class: 'ca-canvas', tabindex: '0', role: 'application', 'aria-describedby': 'ca-help' });
  private readonly help = html('div', { class: 'ca-help', id: 'ca-help', role: 'region' });
  private readonly viewport = new ViewportControl(this.canvas, {
    drawing: () => this.svg,
    scene: () => this.scene,
    save: () => this.saveState(),
    moved: () => {
      this.placeCaption();
      this.markOutOfSight();
    },
  });
  private readonly focus = new BoxFocus(() => this.scene, this.viewport);
  private readonly measure = canvasMeasure();
  private readonly card = html('div', { class: 'ca-card', role: 'tooltip', id: 'ca-card' });

  constructor() {
    const saved = this.host.getState() as Partial<SavedState> | undefined;
    if (saved && isUiState(saved.ui)) this.ui = saved.ui;
    if (saved?.viewport && typeof saved.viewport.scale === 'number') this.viewport.moveTo(saved.viewport, false);
    this.card.hidden = true;
    this.captionBar.hidden = true;
    this.showWholeButton.prepend(icon('fit'));
    this.showWholeButton.append(html('span'));
    this.showWholeButton.addEventListener('click', () => this.viewport.fit());
    this.showWholeButton.hidden = true;
    this.relabelToolbar();
    this.help.hidden = true;
    this.stopLightingButton.prepend(icon('stop'));
    this.stopLightingButton.append(html('span'));
    this.stopLightingButton.addEventListener('click', () => this.stopLighting());
    this.stopTraceButton.addEventListener('click', () => {
      this.host.postMessage({ type: 'stopTrace' });
      this.stopLighting();
    });
    // The caption and the keyboard help float over the drawing: showing them never moves it.
    const stage = html('div', { class: 'ca-stage' }, this.canvas, this.outOfSightEdges, this.showWholeButton, this.captionBar, this.help);
    const app = html('div', { class: 'ca-app' }, this.toolbar.element, this.statusLine, stage);
    document.body.append(app, this.card);
    this.bindCanvas();
    window.addEventListener('message', (event) => this.onMessage(event.data));
    window.addEventListener('resize', () => this.viewport.apply());
    // Escape anywhere in the panel (the caption's buttons, the toolbar) returns the drawing to plain.
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented && this.walkthrough.isShowing) {
        event.preventDefault();
        this.stopLighting();
      }
    });
    setInterval(() => this.tickHeartbeats(), 1000);
    this.status = this.strings.waiting;
    this.renderStatus();
    this.host.postMessage({ type: 'ready' });
  }

  // ---- messages ----

  private onMessage(message: unknown): void {
    try {
      this.handle(message);
    } catch (error) {
      this.host.postMessage({ type: 'error', message: errorMessage(error) });
    }
  }

  private handle(message: unknown): void {
    if (isLocaleMessage(message)) {
      this.strings = mergeDiagramStrings(message.strings);
      this.controls = mergeDiagramControlStrings(message.controls);
      this.locale = message.locale;
      this.relabelToolbar();
      this.queueRender();
    } else if (isSnapshotMessage(message)) {
      // A new placement question (from the tree, or a click here) is answered in the placement view.
      const asked = message.anatomy ? message.placement?.subject : undefined;
      if (asked && asked !== this.placement?.subject && this.ui.view !== 'placement') {
        this.ui = { ...this.ui, view: 'placement' };
        this.saveState();
        this.host.postMessage({ type: 'toggle', state: this.ui });
      }
      this.anatomy = message.anatomy;
      this.placement = message.anatomy ? message.placement : undefined;
      this.status = message.anatomy ? '' : (message.status ?? this.strings.waiting);
      this.queueRender();
    } else if (isDeltaMessage(message)) {
      if (this.anatomy) {
        this.anatomy = applyAnatomyDelta(this.anatomy, message.delta);
        this.queueRender();
      }
    } else if (isLeaseRenewedMessage(message)) {
      this.onLeaseRenewed(message.renewals);
    } else if (isRevealMessage(message)) {
      this.whenDrawn(() => this.focus.reveal(message.target, this.anatomy));
    } else if (isHighlightMessage(message)) {
      this.whenDrawn(() => {
        this.focus.highlight(message.targets, this.anatomy);
        this.report();
      });
    } else if (isWalkthroughMessage(message)) {
      this.whenDrawn(() => this.walk(message.action));
    } else if (isTraceStepMessage(message)) {
      this.whenDrawn(() => this.traceSteps.push(message));
    } else if (isTraceEndedMessage(message)) {
      this.whenDrawn(() => {
        if (this.walkthrough.isLive) this.stopLighting();
        else this.traceSteps.clear();
      });
    } else {
      const type = (message as HostToWebviewMessage | undefined)?.type;
      this.host.postMessage({ type: 'error', message: `Unknown message ${typeof type === 'string' ? type : typeof message}` });
    }
  }

  private setUi(ui: DiagramUiState): void {
    this.ui = ui;
    this.saveState();
    this.host.postMessage({ type: 'toggle', state: ui });
    this.queueRender();
  }

  private saveState(): void {
    this.host.setState({ ui: this.ui, viewport: this.viewport.current } satisfies SavedState);
  }

  // ---- rendering ----

  /** Runs a host's request on the drawing it is about: now, or once the pending drawing is on screen. */
  private whenDrawn(request: () => void): void {
    if (this.scene && !this.renderQueued) request();
    else this.afterDrawing.push(request);
  }

  private queueRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.render();
    });
  }

  private render(): void {
    this.renderStatus();
    this.updateToolbarState();
    if (!this.anatomy) {
      this.svg?.remove();
      this.svg = undefined;
      this.scene = undefined;
      this.report();
      return;
    }
    const previousView = this.scene?.view;
    const scene = layoutDiagram(this.anatomy, this.ui, {
      strings: this.strings,
      locale: this.locale,
      now: Date.now(),
      measure: this.measure,
      ...(this.placement && { placement: this.placement }),
    });
    const svg = buildSvgDom(sceneToSvgModel(scene, { interactive: true })) as SVGSVGElement;
    if (this.svg) this.svg.replaceWith(svg);
    else this.canvas.append(svg);
    this.svg = svg;
    this.scene = scene;
    this.focus.index(scene, svg);
    this.focus.markHighlighted(this.anatomy);
    this.heartbeats.index(scene, svg, this.anatomy);
    this.viewport.drawn(previousView !== scene.view);
    // The walk-through lights the architecture view's edges: another view ends it instead of greying everything.
    this.walkthrough.drawn(walkthroughSteps(scene, this.strings), scene.view === 'architecture');
    this.focus.restore();
    this.report();
    for (const request of this.afterDrawing.splice(0)) request();
  }

  private report(): void {
    const svg = this.svg;
    const count = (selector: string) => svg?.querySelectorAll(selector).length ?? 0;
    const report: RenderReport = {
      view: this.ui.view,
      boxes: count('.ca-box'),
      edges: count('.ca-edge'),
      nodes: this.scene?.nodeCount ?? 0,
      drawnNodes: count('[data-component="node"]'),
      pods: count('[data-component="pod"]'),
      groups: this.scene?.groups.length ?? 0,
      svgElements: svg ? svg.querySelectorAll('*').length + 1 : 0,
      health: Object.fromEntries(
        [...(svg?.querySelectorAll('[data-component="node"][data-health], [data-component="pod"][data-health]') ?? [])].map((box) => [
          box.getAttribute('data-id') ?? '',
          box.getAttribute('data-health') ?? '',
        ]),
      ),
      components: Object.fromEntries(
        (this.scene?.boxes ?? [])
          .filter((box) => box.kind === 'component')
          .map((box) => [box.id, { health: box.health, detail: box.detail ?? '' }]),
      ),
      ...(this.scene?.boxes.some((box) => box.health === 'hidden') && {
        hidden: Object.fromEntries(
          this.scene.boxes.filter((box) => box.health === 'hidden').map((box) => [box.id, box.card?.runsHere.join('\n') ?? '']),
        ),
      }),
      ...(this.focus.highlightedIds.length > 0 && { highlighted: this.focus.highlightedIds }),
      ...(this.walkthrough.isLive && {
        liveTrace: {
          caption: [...this.caption.children].map((line) => line.textContent ?? '').join('\n'),
          litBoxes: [...(svg?.querySelectorAll('.ca-box.ca-lit') ?? [])].map((box) => box.getAttribute('data-id') ?? ''),
          litEdges: count('.ca-edge.ca-lit'),
        },
      }),
      ...(this.anatomy ? {} : { status: this.status }),
    };
    this.host.postMessage({ type: 'rendered', report });
  }

  private renderStatus(): void {
    this.statusLine.textContent = this.anatomy ? '' : this.status;
  }

  // ---- live updates ----

  private onLeaseRenewed(renewals: readonly { node: string; renewTime: string }[]): void {
    if (!this.anatomy) return;
    this.anatomy = applyLeaseRenewals(this.anatomy, renewals);
    if (
      this.heartbeats.renewed(
        this.anatomy,
        renewals.map((renewal) => renewal.node),
      )
    )
      this.queueRender();
  }

  /** Greys nodes whose heartbeat stopped, and keeps their "time since" current, without a new snapshot. */
  private tickHeartbeats(): void {
    if (!this.anatomy || !this.scene) return;
    if (this.heartbeats.tick(this.anatomy, this.strings, (id) => this.focus.element(id))) this.queueRender();
  }

  // ---- walk-through ----

  private walk(action: 'play' | 'stop' | 'next' | 'previous'): void {
    if (action === 'stop' || !this.scene) {
      this.stopLighting();
      return;
    }
    clearTimeout(this.quietTimer);
    this.showArchitecture();
    if (action === 'play') this.walkthrough.play();
    else if (action === 'next') this.walkthrough.next();
    else this.walkthrough.previous();
  }

  /** The walk-through and the live trace run on the architecture view: switch to it now, not on the next frame. */
  private showArchitecture(): void {
    if (this.ui.view === 'architecture') return;
    this.ui = { ...this.ui, view: 'architecture' };
    this.saveState();
    this.host.postMessage({ type: 'toggle', state: this.ui });
    this.render();
  }

  /** One live step: the drawing turns to the architecture when a trace begins, not at every step after. */
  private showTraceStep(step: TraceStepMessage, more: number): void {
    if (!this.scene) return;
    if (!this.walkthrough.isLive) this.showArchitecture();
    if (this.ui.view !== 'architecture') return;
    const s = this.strings;
    const path = litWalkStep(step.walkStep, step.by);
    this.walkthrough.showLive({
      resolve: () => (this.scene && path !== undefined ? walkthroughSteps(this.scene, this.strings, { node: step.node })[path] : undefined),
      caption: [this.traceHeading(step), more > 0 ? format(s.traceMore, step.caption, more) : step.caption],
      running: step.live === true,
    });
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.stopLighting(), liveQuietMs);
    this.report();
  }

  /** "Trace of Deployment kube-system/coredns: step 3 of 8 · 14:11:21 · kube-scheduler", or the plain live caption. */
  private traceHeading(step: TraceStepMessage): string {
    const c = this.controls;
    if (step.subject === undefined) return format(this.strings.traceCaption, step.time, step.component);
    const which = step.position
      ? format(c.traceOfStep, step.subject, step.position.index, step.position.count)
      : format(c.traceOf, step.subject);
    return [which, step.time, step.component].join(' · ');
  }

  /** Back to the plain architecture: the tour or the live step's light and its caption go; a new step lights again. */
  private stopLighting(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    const wasLive = this.walkthrough.isLive;
    this.traceSteps.clear();
    this.walkthrough.stop();
    if (wasLive) this.report();
  }

  // ---- the caption bar ----

  private showCaptionBar(what: 'tour' | LiveStep | undefined): void {
    this.captionBar.hidden = what === undefined;
    this.captionBar.setAttribute('aria-label', what === 'tour' ? this.strings.walkthroughPlay : this.strings.traceLive);
    this.stopTraceButton.hidden = what === undefined || what === 'tour' || !what.running;
    const stopLabel = what === 'tour' ? this.strings.walkthroughStop : this.controls.stopLighting;
    this.stopLightingButton.lastElementChild!.textContent = stopLabel;
    this.stopLightingButton.title = this.controls.stopLightingHint;
    this.stopTraceButton.textContent = this.controls.stopTrace;
    this.placeCaption();
  }

  /** Marks the edges beyond which the drawing goes on, and offers the whole of it while any part is out of sight. */
  private markOutOfSight(): void {
    const sides = this.viewport.outOfSight();
    this.outOfSightEdges.dataset.sides = sides.join(' ');
    this.showWholeButton.hidden = sides.length === 0;
  }

  /**
   * The caption floats at the top of the drawing, or at its foot where the legend is up there (panned or zoomed):
   * it never covers the legend while either place is clear of it.
   */
  private placeCaption(): void {
    if (this.captionBar.hidden) return;
    const legend = this.svg?.querySelector('.ca-legend-frame')?.getBoundingClientRect();
    const overlap = () => {
      const bar = this.captionBar.getBoundingClientRect();
      if (!legend) return 0;
      const width = Math.min(bar.right, legend.right) - Math.max(bar.left, legend.left);
      const height = Math.min(bar.bottom, legend.bottom) - Math.max(bar.top, legend.top);
      return width > 0 && height > 0 ? width * height : 0;
    };
    this.captionBar.classList.remove('ca-caption-foot');
    const atTop = overlap();
    if (atTop === 0) return;
    this.captionBar.classList.add('ca-caption-foot');
    if (overlap() > atTop) this.captionBar.classList.remove('ca-caption-foot');
  }

  // ---- interaction ----

  private activate(box: SceneBox, openYaml: boolean): void {
    if (box.action) {
      const expanded = { ...this.ui.expanded };
      if (box.action.page === null) delete expanded[box.action.group];
      else expanded[box.action.group] = box.action.page;
      if (box.kind === 'group') this.focus.remember(box.id);
      this.setUi({ ...this.ui, expanded });
      return;
    }
    const target: AnatomyTarget | undefined = box.target;
    if (!target) return;
    // In the placement view a Pod is a question: where else could it run, and why not there?
    if (!openYaml && this.ui.view === 'placement' && target.pod) {
      this.host.postMessage({ type: 'explainPlacement', target });
      return;
    }
    this.host.postMessage(openYaml ? { type: 'openYaml', target } : { type: 'revealInTree', target });
  }

  private showCard(box: SceneBox | undefined, anchor: Element | undefined): void {
    showCard(this.card, this.canvas, this.strings, box, anchor);
  }

  private bindCanvas(): void {
    bindPointer(this.canvas, {
      viewport: () => this.viewport.current,
      moveTo: (viewport, done) => this.viewport.moveTo(viewport, done),
      gestureEnded: () => this.saveState(),
      drawing: () => this.svg,
      boxOf: (target) => this.focus.boxOf(target),
      activate: (box, openYaml) => this.activate(box, openYaml),
      focused: (box) => this.focus.remember(box.id),
      showCard: (box, anchor) => this.showCard(box, anchor),
    });
    bindKeyboard(this.canvas, {
      viewport: () => this.viewport.current,
      pan: (viewport) => this.viewport.moveTo(viewport, false),
      move: (direction) => this.focus.move(direction),
      first: () => this.focus.first(),
      zoom: (factor) => this.viewport.zoom(factor),
      fit: () => this.viewport.fit(),
      boxOf: (target) => this.focus.boxOf(target),
      activate: (box, openYaml) => this.activate(box, openYaml),
      toggleHelp: () => this.toggleHelp(),
      dismiss: () => {
        this.stopLighting();
        if (this.focus.highlightedIds.length > 0) {
          this.focus.highlight([], this.anatomy);
          this.report();
        }
        this.showCard(undefined, undefined);
        this.toggleHelp(false);
      },
    });
  }

  // ---- toolbar ----

  private relabelToolbar(): void {
    const s = this.strings;
    this.toolbar.relabel(s, this.walkthrough.isPlaying, this.controls);
    this.showWholeButton.lastElementChild!.textContent = this.controls.showWhole;
    this.showWholeButton.title = this.controls.showWholeHint;
    this.canvas.setAttribute('aria-label', this.scene?.title ?? s.waiting);
    this.canvas.title = s.keyboardHint;
    const keys = [s.keyTab, s.keyHome, s.keyArrows, s.keyActivate, s.keyPan, s.keyZoom, s.keyEscape, s.keyHelp];
    this.help.setAttribute('aria-label', s.keyboardHelpTitle);
    this.help.replaceChildren(html('h3', {}, s.keyboardHelpTitle), html('ul', {}, ...keys.map((line) => html('li', {}, line))));
  }

  private toggleHelp(show = this.help.hidden): void {
    this.help.hidden = !show;
    this.toolbar.setHelpExpanded(show);
  }

  private updateToolbarState(): void {
    this.toolbar.update(this.ui);
    if (this.scene) this.canvas.setAttribute('aria-label', this.scene.title);
  }

  // ---- export ----

  private exportSvg(): void {
    if (!this.scene) return;
    this.host.postMessage({ type: 'exportSvg', svg: renderSvg(this.scene) });
  }

  private async exportPng(): Promise<void> {
    const scene = this.scene;
    if (!scene) return;
    try {
      this.host.postMessage({ type: 'exportPng', dataUrl: await sceneToPng(scene) });
    } catch (error) {
      this.host.postMessage({ type: 'error', message: errorMessage(error) });
    }
  }
}

// The shapes' rules are shared with the standalone SVG (CLI, export); media/diagram.css only maps their --ca-*
// properties to the theme. A constructed sheet is CSSOM, not markup, so the CSP needs no inline style.
const structure = new CSSStyleSheet();
structure.replaceSync(diagramStructureCss);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, structure];

new DiagramApp();
