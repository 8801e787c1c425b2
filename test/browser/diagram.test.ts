// The diagram bundle (dist/webview/diagram.js) in headless Chromium with a stub host: driven only through its
// messages, checked through its DOM, its messages back and screenshots. Run with `node test/browser/run.mjs`.
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { ClusterAnatomy } from '../../src/core/anatomy/types';
import { type DiagramStrings, defaultDiagramStrings } from '../../src/core/diagram/strings';
import { type DiagramControlStrings, defaultDiagramControlStrings } from '../../src/protocol/diagramControlStrings';
import type { HostToWebviewMessage, RenderReport, WebviewToHostMessage } from '../../src/protocol/diagramProtocol';
import { kindAnatomy, largeAnatomy, limitedAnatomy, node, pod, unreachableAnatomy } from '../fixtures/anatomy/builders';
import { type BrowserLike, type BrowserPage, openStubPage, repoRoot, startStubServer } from './stubHost';

const screenshots = join(__dirname, 'screenshots');

/** The fixtures' Leases are renewed at a fixed time; the webview measures heartbeats against its own clock. */
function fresh(anatomy: ClusterAnatomy): ClusterAnatomy {
  const now = new Date().toISOString();
  return {
    ...anatomy,
    nodes: anatomy.nodes.map((node) =>
      node.lease && node.lease.ageSeconds < 40 ? { ...node, lease: { ...node.lease, renewTime: now } } : node,
    ),
  };
}
const hostile = '<img src=x onerror=alert(1)>';

/** The diagram's strings and controls in Japanese, from the extension's bundle, as the host sends them. */
function japanese(): { strings: DiagramStrings; controls: DiagramControlStrings } {
  const bundle = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, string>;
  const translate = <T extends object>(table: T) =>
    Object.fromEntries(Object.entries(table).map(([key, english]) => [key, bundle[english as string] ?? english])) as T;
  return { strings: translate(defaultDiagramStrings), controls: translate(defaultDiagramControlStrings) };
}

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// The page functions below run in Chromium, but this file is type-checked with Node's libraries only, so the
// few browser globals they use are declared here, loosely, for this module alone.
interface PageElement {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  readonly textContent: string | null;
  querySelector(selector: string): PageElement | null;
  readonly attributes: Iterable<{ readonly name: string }>;
  readonly hidden?: boolean;
  getBoundingClientRect(): Box;
}
type PageList = ArrayLike<PageElement> & Iterable<PageElement>;
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    drawImage(image: unknown, x: number, y: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  } | null;
}
declare const window: {
  sent: WebviewToHostMessage[];
  savedState: unknown;
  postMessage(message: unknown, origin: string): void;
  dispatchEvent(event: unknown): boolean;
};
declare const MessageEvent: new (type: string, init: { data: unknown }) => unknown;
declare const document: {
  querySelectorAll(selector: string): PageList;
  querySelector(selector: string): PageElement | null;
  readonly activeElement: PageElement | null;
  createElement(tag: 'canvas'): PageCanvas;
};
declare const getComputedStyle: (element: PageElement) => { fill: string; stroke: string; backgroundColor: string };
declare const Image: new () => { src: string; readonly width: number; readonly height: number; decode(): Promise<void> };

describe('diagram webview in Chromium', function () {
  this.timeout(60_000);
  let server: Server;
  let baseUrl: string;
  let browser: BrowserLike;
  let page: BrowserPage;
  const problems: string[] = [];

  before(async () => {
    mkdirSync(screenshots, { recursive: true });
    const started = await startStubServer();
    server = started.server;
    baseUrl = started.url;
    ({ browser, page } = await openStubPage(started.url, problems));
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  afterEach(() => assert.deepEqual(problems.splice(0), [], 'no page errors and no dialogs'));

  // Dispatched synchronously, so the webview has handled the message when `post` resolves.
  const post = (message: HostToWebviewMessage) =>
    page.evaluate((m) => void window.dispatchEvent(new MessageEvent('message', { data: m })), message);
  const sent = () => page.evaluate(() => window.sent);
  const clearSent = () => page.evaluate(() => void (window.sent = []));
  async function nextReport(): Promise<RenderReport> {
    await page.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'), undefined, { timeout: 10_000 });
    const messages = await sent();
    await clearSent();
    const reports = messages.filter((m) => m.type === 'rendered');
    return reports[reports.length - 1]!.report;
  }
  async function render(message: HostToWebviewMessage): Promise<RenderReport> {
    await clearSent();
    await post(message);
    return nextReport();
  }
  /** Counts the screenshot's pixels that differ from its top-left colour, decoded by the browser itself. */
  async function contentPixels(png: Buffer): Promise<number> {
    return page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, image.width, image.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - data[0]!) + Math.abs(data[i + 1]! - data[1]!) + Math.abs(data[i + 2]! - data[2]!) > 30) count++;
      return count;
    }, png.toString('base64'));
  }

  it('says ready first, and waits for the host before drawing', async () => {
    const messages = await sent();
    assert.equal(messages[0]?.type, 'ready');
    assert.equal(await page.evaluate(() => document.querySelectorAll('.ca-diagram').length), 0);
  });

  it('draws the kind cluster and reports what it drew', async () => {
    await post({ type: 'locale', locale: 'en', strings: defaultDiagramStrings });
    const report = await render({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    assert.equal(report.view, 'architecture');
    assert.equal(report.drawnNodes, 3);
    assert.equal(report.pods, 12, "kube-proxy is one of each node's Pods");
    assert.equal(
      report.edges,
      35,
      'per node: 2 kubelet spokes, the watches of kube-proxy, kindnet and CoreDNS where it runs, CRI, runs to each Pod; plus 6 in the control plane',
    );
    const dom = await page.evaluate(() => ({
      components: [...new Set([...document.querySelectorAll('[data-component]')].map((e) => e.getAttribute('data-component')))],
      kubelets: document.querySelectorAll('g[data-component="kubelet"][data-node]').length,
      storage: document.querySelectorAll('.ca-edge[data-from="kube-apiserver"][data-to="etcd"][data-kind="storage"]').length,
      ccmAbsent: document.querySelector('[data-component="cloud-controller-manager"]')?.getAttribute('data-health'),
      elements: document.querySelectorAll('svg.ca-diagram *').length,
    }));
    for (const component of [
      'kube-apiserver',
      'etcd',
      'kube-scheduler',
      'kube-controller-manager',
      'kubelet',
      'container-runtime',
      'pod',
    ]) {
      assert.ok(dom.components.includes(component), component);
    }
    assert.equal(dom.kubelets, 3);
    assert.equal(dom.storage, 1);
    assert.equal(dom.ccmAbsent, 'absent');
    assert.equal(report.svgElements, dom.elements + 1);
    const png = await page.screenshot({ path: join(screenshots, 'architecture.png') });
    assert.ok((await contentPixels(png)) > 20_000, 'the screenshot shows a drawing, not an empty page');
  });

  it('draws an unreachable cluster as its error, never as an empty hosted control plane', async () => {
    const report = await render({ type: 'snapshot', anatomy: unreachableAnatomy() });
    assert.deepEqual([report.boxes, report.edges, report.nodes], [1, 0, 0]);
    const dom = await page.evaluate(() => ({
      components: [...document.querySelectorAll('[data-component]')].map((e) => e.getAttribute('data-component')),
      texts: [...document.querySelectorAll('text')].map((t) => t.textContent ?? '').join(' '),
    }));
    assert.deepEqual(dom.components, ['nothing-read']);
    assert.match(dom.texts, /Nothing could be read from gone/);
    assert.doesNotMatch(dom.texts, /managed by the provider|kubectl/);
    await page.screenshot({ path: join(screenshots, 'nothing-read.png') });
  });

  it('draws what RBAC hides from a limited user as hidden, never absent, the card naming the permission', async () => {
    const report = await render({ type: 'snapshot', anatomy: limitedAnatomy() });
    assert.deepEqual(report.components?.['cp:kube-apiserver'], { health: 'ok', detail: 'v1.37.0' });
    assert.deepEqual(report.components?.['cp:etcd'], { health: 'hidden', detail: 'hidden from you' });
    assert.match(report.hidden?.['node:multi-node-worker:kubelet'] ?? '', /check: kubectl auth can-i list nodes --context team-dev/);
    assert.equal(report.pods, 3);
    const dom = await page.evaluate(() => ({
      hidden: [...document.querySelectorAll('.ca-box.ca-health-hidden')].map((e) => e.getAttribute('data-id')),
      absent: document.querySelectorAll('.ca-box.ca-health-absent').length,
    }));
    assert.deepEqual(dom.absent, 0);
    for (const id of ['cp', 'cp:etcd', 'cp:kube-scheduler', 'node:multi-node-worker2:container-runtime', 'nodes:hidden'])
      assert.ok(dom.hidden.includes(id), `${id} among ${dom.hidden.join(', ')}`);
    await page.hover('g[data-id="cp:etcd"]');
    const card = await page.evaluate(() => document.querySelector('.ca-card')?.textContent ?? '');
    assert.ok(card.includes('hidden from you — needs list, watch pods in kube-system'), card);
    assert.ok(card.includes('check: kubectl auth can-i watch pods -n kube-system --context team-dev'), card);
    await page.screenshot({ path: join(screenshots, 'limited.png') });
  });

  it('shows a hostile status message as characters, in the diagram and in the card', async () => {
    const anatomy = fresh(kindAnatomy());
    const evil = node(hostile, 'worker', [
      pod('other', `evil-${hostile}`, 'bare', {
        ready: false,
        phase: 'Pending',
        reason: hostile,
        evidence: [{ kind: 'label', key: hostile, value: hostile }],
      }),
    ]);
    await render({ type: 'snapshot', anatomy: { ...anatomy, context: hostile, nodes: [...anatomy.nodes, evil] } });
    await page.click('[data-action="placement"]');
    await nextReport();
    const texts = await page.evaluate(() => [...document.querySelectorAll('text')].map((t) => t.textContent ?? ''));
    assert.ok(texts.includes(hostile), 'the reason is drawn as its characters');
    assert.ok(
      texts.some((text) => text.startsWith('<img src=')),
      'the node name too, truncated',
    );
    await page.hover('g[data-component="pod"][data-source="bare"]');
    const card = await page.evaluate(() => document.querySelector('.ca-card')?.textContent ?? '');
    assert.ok(card.includes(`reason: ${hostile}`), card);
    assert.ok(card.includes(`label ${hostile}=${hostile}`), card);
    const injected = await page.evaluate(() => ({
      images: document.querySelectorAll('img').length,
      handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
    }));
    assert.deepEqual(injected, { images: 0, handlers: 0 });
    await page.screenshot({ path: join(screenshots, 'placement-hostile.png') });
    await page.click('[data-action="architecture"]');
    await nextReport();
  });

  it('applies deltas and pulses the kubelet edge when a Lease is renewed', async () => {
    const anatomy = fresh(kindAnatomy());
    await render({ type: 'snapshot', anatomy });
    const worker2 = anatomy.nodes[2]!;
    let report = await render({ type: 'delta', delta: { generatedAt: anatomy.generatedAt, upserted: [], removed: [worker2.name] } });
    assert.equal(report.drawnNodes, 2);
    report = await render({
      type: 'delta',
      delta: { generatedAt: anatomy.generatedAt, upserted: [{ ...worker2, ready: 'False' }], removed: [] },
    });
    assert.equal(report.drawnNodes, 3);
    assert.equal(
      await page.evaluate(() =>
        document.querySelector('g[data-component="node"][data-node="multi-node-worker2"]')?.getAttribute('data-health'),
      ),
      'error',
    );
    await post({ type: 'leaseRenewed', renewals: [{ node: 'multi-node-worker', renewTime: new Date().toISOString() }] });
    const pulsing = await page.evaluate(() =>
      [...document.querySelectorAll('.ca-edge.ca-pulse')].map((e) => `${e.getAttribute('data-from')} ${e.getAttribute('data-node')}`),
    );
    assert.deepEqual([...new Set(pulsing)], ['kubelet multi-node-worker']);
  });

  it('greys a node whose heartbeat stopped, with the time since', async () => {
    const anatomy = kindAnatomy();
    const silent = {
      ...anatomy.nodes[1]!,
      lease: { renewTime: new Date(Date.now() - 125_000).toISOString(), ageSeconds: 125, leaseDurationSeconds: 40, holderIdentity: 'x' },
    };
    const fresh = anatomy.nodes.map((n) =>
      n === anatomy.nodes[1] ? silent : { ...n, lease: { ...n.lease!, renewTime: new Date().toISOString() } },
    );
    await render({ type: 'snapshot', anatomy: { ...anatomy, nodes: fresh } });
    const panel = await page.evaluate(() => {
      const g = document.querySelector('g[data-component="node"][data-node="multi-node-worker"]');
      return { health: g?.getAttribute('data-health'), detail: g?.querySelector('.ca-detail')?.textContent };
    });
    assert.equal(panel.health, 'stale');
    assert.match(panel.detail ?? '', /heartbeat stopped 2m ago/);
  });

  it("plays the Deployment walk-through with the host's (localised) sentences", async () => {
    const strings = {
      ...defaultDiagramStrings,
      walk1: 'クライアントが Deployment を kube-apiserver に送ります。',
      walkthroughStep: '手順 {0}/{1}',
    };
    await post({ type: 'locale', locale: 'ja', strings });
    await render({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    await post({ type: 'walkthrough', action: 'play' });
    const first = await page.evaluate(() => ({
      caption: document.querySelector('.ca-caption')?.textContent,
      lit: [...document.querySelectorAll('.ca-edge.ca-lit')].map((e) => e.getAttribute('data-kind')),
    }));
    assert.equal(first.caption, '手順 1/6: クライアントが Deployment を kube-apiserver に送ります。');
    assert.equal(await page.evaluate(() => document.querySelector('[data-action="walk"]')?.getAttribute('aria-pressed')), 'true');
    assert.deepEqual([...new Set(first.lit)].sort(), ['request', 'storage']);
    for (let i = 0; i < 4; i++) await post({ type: 'walkthrough', action: 'next' });
    const fifth = await page.evaluate(() => [...document.querySelectorAll('.ca-edge.ca-lit')].map((e) => e.getAttribute('data-kind')));
    assert.deepEqual([...new Set(fifth)].sort(), ['cri', 'runs', 'watch']);
    await page.screenshot({ path: join(screenshots, 'walkthrough-step5.png') });
    await post({ type: 'walkthrough', action: 'stop' });
    assert.equal(await page.evaluate(() => document.querySelectorAll('.ca-lit').length), 0);
    await post({ type: 'locale', locale: 'en', strings: defaultDiagramStrings });
    await nextReport();
  });

  it('plays a walk-through and reveals that arrive with the snapshot, once that snapshot is drawn', async () => {
    await clearSent();
    // The host sends them together to a webview that has just said ready: nothing is drawn yet.
    await page.evaluate(
      (messages) => {
        for (const m of messages) window.dispatchEvent(new MessageEvent('message', { data: m }));
      },
      [
        { type: 'snapshot', anatomy: fresh(kindAnatomy()) },
        { type: 'walkthrough', action: 'play' },
        { type: 'reveal', target: { component: 'etcd' } },
      ] as HostToWebviewMessage[],
    );
    await nextReport();
    const state = await page.evaluate(() => ({
      walking: document.querySelector('svg.ca-walking') !== null,
      revealed: document.querySelector('.ca-revealed')?.getAttribute('data-id'),
    }));
    assert.deepEqual(state, { walking: true, revealed: 'cp:etcd' });
    await post({ type: 'walkthrough', action: 'stop' });
  });

  it('ends the walk-through when the placement view is chosen, instead of greying it', async () => {
    await render({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    await post({ type: 'walkthrough', action: 'play' });
    assert.equal(await page.evaluate(() => document.querySelector('svg.ca-walking') !== null), true, 'playing');
    await page.click('[data-action="placement"]');
    await nextReport();
    const placement = await page.evaluate(() => ({
      walking: document.querySelector('svg.ca-walking') !== null,
      lit: document.querySelectorAll('.ca-lit').length,
      pressed: document.querySelector('[data-action="walk"]')?.getAttribute('aria-pressed'),
      caption: document.querySelector('.ca-caption')?.textContent,
    }));
    assert.deepEqual(placement, { walking: false, lit: 0, pressed: 'false', caption: '' });
    await page.click('[data-action="architecture"]');
    await nextReport();
    assert.equal(await page.evaluate(() => document.querySelector('svg.ca-walking') !== null), false, 'it does not resume by itself');
  });

  it("keeps each node box's accessible name as current as its heartbeat", async () => {
    const anatomy = kindAnatomy();
    const renewed = Date.now() - 3_000;
    const nodes = anatomy.nodes.map((n) => ({ ...n, lease: { ...n.lease!, renewTime: new Date(renewed).toISOString() } }));
    await render({ type: 'snapshot', anatomy: { ...anatomy, nodes } });
    const label = () =>
      page.evaluate(
        () => document.querySelector('g[data-component="node"][data-node="multi-node-worker"]')?.getAttribute('aria-label') ?? '',
      );
    const first = await label();
    assert.match(first, /heartbeat [34]s ago/);
    // No message from the host: the webview's own clock moves the age on.
    await page.waitForFunction(
      () =>
        /heartbeat ([6-9]|1\d)s ago/.test(
          document.querySelector('g[data-component="node"][data-node="multi-node-worker"]')?.getAttribute('aria-label') ?? '',
        ),
      undefined,
      { timeout: 10_000 },
    );
    // A renewal brings it back.
    await post({ type: 'leaseRenewed', renewals: [{ node: 'multi-node-worker', renewTime: new Date().toISOString() }] });
    await page.waitForFunction(
      () =>
        /heartbeat [01]s ago/.test(
          document.querySelector('g[data-component="node"][data-node="multi-node-worker"]')?.getAttribute('aria-label') ?? '',
        ),
      undefined,
      { timeout: 5_000 },
    );
  });

  it('asks the host to reveal on click and to open YAML on shift+click', async () => {
    await clearSent();
    await page.click('g[data-component="pod"][data-node="multi-node-worker"]');
    await page.click('g[data-component="kubelet"][data-node="multi-node-worker2"]', { modifiers: ['Shift'] });
    const messages = (await sent()).filter((m) => m.type === 'revealInTree' || m.type === 'openYaml');
    assert.deepEqual(messages, [
      {
        type: 'revealInTree',
        target: { component: 'cni', node: 'multi-node-worker', pod: { namespace: 'kube-system', name: 'kindnet-k2p7s' } },
      },
      { type: 'openYaml', target: { component: 'kubelet', node: 'multi-node-worker2' } },
    ]);
  });

  it('moves between components with the keyboard, with labels for screen readers', async () => {
    await page.focus('.ca-canvas');
    await page.keyboard.press('Home');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-id'));
    assert.ok(first, 'Home focuses a component');
    await page.keyboard.press('ArrowDown');
    const second = await page.evaluate(() => ({
      id: document.activeElement?.getAttribute('data-id'),
      label: document.activeElement?.getAttribute('aria-label'),
      card: !document.querySelector('.ca-card')?.hasAttribute('hidden'),
    }));
    assert.ok(second.id && second.id !== first, `${first} → ${second.id}`);
    assert.ok(second.label && second.label.length > 3);
    assert.ok(second.card, 'focus shows the card');
  });

  it('reveals what the host names: a Pod, a node part, a component', async () => {
    // Messages are handled asynchronously: wait for the focus to land, and say where it is when it does not.
    const expectFocus = async (id: string) => {
      try {
        await page.waitForFunction((want) => document.activeElement?.getAttribute('data-id') === want, id, { timeout: 5_000 });
      } catch {
        assert.fail(`focus is on ${await page.evaluate(() => document.activeElement?.getAttribute('data-id'))}, not ${id}`);
      }
    };
    await post({
      type: 'reveal',
      target: {
        node: 'multi-node-control-plane',
        component: 'etcd',
        pod: { namespace: 'kube-system', name: 'etcd-multi-node-control-plane' },
      },
    });
    await expectFocus('node:multi-node-control-plane:pod:kube-system/etcd-multi-node-control-plane');
    await post({ type: 'reveal', target: { node: 'multi-node-worker', component: 'kubelet' } });
    await expectFocus('node:multi-node-worker:kubelet');
    await post({ type: 'reveal', target: { component: 'kube-scheduler' } });
    await expectFocus('cp:kube-scheduler');
  });

  it("marks a hands-on step's objects, keeps the marks across a redraw, and Escape clears them", async () => {
    await render({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    const marked = () =>
      page.evaluate(() => [...document.querySelectorAll('.ca-box.ca-marked')].map((box) => box.getAttribute('data-id')).sort());
    const staticPods = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((component) => ({
      node: 'multi-node-control-plane',
      component,
      pod: { namespace: 'kube-system', name: `${component}-multi-node-control-plane` },
    }));
    const report = await render({ type: 'highlight', targets: staticPods });
    assert.deepEqual(
      [...(report.highlighted ?? [])].sort(),
      staticPods.map((target) => `node:multi-node-control-plane:pod:kube-system/${target.pod.name}`).sort(),
    );
    assert.deepEqual(await marked(), [...report.highlighted!].sort());
    const highlighting = () =>
      page.evaluate(() => document.querySelector('svg.ca-diagram')?.getAttribute('class')?.split(' ').includes('ca-highlighting'));
    assert.equal(await highlighting(), true);
    // A component alone marks every box of it: kube-proxy's Pod on each of the three nodes.
    const proxies = await render({ type: 'highlight', targets: [{ component: 'kube-proxy' }] });
    assert.equal(proxies.highlighted?.length, 3, JSON.stringify(proxies.highlighted));
    // A new drawing (a delta, a toggle) marks the same boxes again.
    await render({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    assert.equal((await marked()).length, 3);
    await page.focus('.ca-box');
    await clearSent();
    await page.keyboard.press('Escape');
    await nextReport();
    assert.deepEqual(await marked(), []);
    assert.equal(await highlighting(), false);
  });

  it('zooms with the buttons and the wheel, and pans by dragging', async () => {
    const transform = () => page.evaluate(() => document.querySelector('svg.ca-diagram')?.getAttribute('style') ?? '');
    const scale = async () => Number(/scale\(([\d.]+)\)/.exec(await transform())?.[1]);
    const before = await scale();
    await page.click('[data-action="zoomIn"]');
    assert.ok((await scale()) > before);
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 300);
    assert.ok((await scale()) < before * 1.25);
    const moved = await transform();
    await page.mouse.move(100, 700);
    await page.mouse.down();
    await page.mouse.move(300, 600, { steps: 5 });
    await page.mouse.up();
    assert.notEqual(await transform(), moved);
    const state = await page.evaluate(() => window.savedState as { viewport?: { scale: number } });
    assert.equal(typeof state.viewport?.scale, 'number', 'the viewport is kept as UI state');
  });

  it('draws 5,000 nodes as groups and expands one page on click', async () => {
    let report = await render({ type: 'snapshot', anatomy: fresh(largeAnatomy(5000)) });
    assert.equal(report.nodes, 5000);
    assert.equal(report.groups, 1);
    assert.equal(report.drawnNodes, 3);
    assert.ok(report.svgElements < 1000, `${report.svgElements} elements`);
    const label = await page.evaluate(() => document.querySelector('g[data-id="group:worker"] .ca-label')?.textContent);
    assert.equal(label, '4,997 workers: 4,991 Ready');
    await clearSent();
    await page.click('g[data-id="group:worker"]');
    const toggles = (await sent()).filter((m) => m.type === 'toggle');
    report = await nextReport();
    assert.equal(report.drawnNodes, 15);
    assert.deepEqual(toggles.at(-1), {
      type: 'toggle',
      state: { view: 'architecture', showReverse: false, expanded: { 'group:worker': 0 } },
    });
    await page.click('[data-action="fit"]');
    const png = await page.screenshot({ path: join(screenshots, 'group-expanded.png') });
    assert.ok((await contentPixels(png)) > 10_000);
    await page.click('g[data-id="group:worker:collapse"]');
    assert.equal((await nextReport()).drawnNodes, 3);
  });

  it('exports SVG and PNG through the host', async () => {
    await render({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    await page.click('[data-action="more"]');
    await page.click('[data-action="exportSvg"]');
    await page.click('[data-action="more"]');
    await page.click('[data-action="exportPng"]');
    await page.waitForFunction(() => window.sent.some((m) => m.type === 'exportPng'), undefined, { timeout: 10_000 });
    const messages = await sent();
    const svg = messages.find((m) => m.type === 'exportSvg');
    const png = messages.find((m) => m.type === 'exportPng');
    assert.ok(svg?.type === 'exportSvg' && svg.svg.includes('data-component="kube-apiserver"') && svg.svg.includes('--ca-bg'));
    assert.ok(png?.type === 'exportPng' && png.dataUrl.startsWith('data:image/png;base64,'));
    const exported = Buffer.from(png.dataUrl.slice('data:image/png;base64,'.length), 'base64');
    writeFileSync(join(screenshots, 'export.png'), exported);
    assert.ok((await contentPixels(exported)) > 20_000, 'the PNG export has the drawing in it');
  });

  /** A page of the given size with the kind cluster drawn, in English or Japanese. */
  async function sized(width: number, height: number, language: 'en' | 'ja' = 'en'): Promise<BrowserPage> {
    const sizedPage = await browser.newPage({ viewport: { width, height } });
    await sizedPage.goto(baseUrl);
    const ja = japanese();
    const locale: HostToWebviewMessage =
      language === 'ja'
        ? { type: 'locale', locale: 'ja', strings: ja.strings, controls: ja.controls }
        : { type: 'locale', locale: 'en', strings: defaultDiagramStrings };
    await sizedPage.evaluate(
      (messages) => {
        for (const m of messages) window.dispatchEvent(new MessageEvent('message', { data: m }));
      },
      [locale, { type: 'snapshot', anatomy: fresh(kindAnatomy()) }] as HostToWebviewMessage[],
    );
    await sizedPage.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'), undefined, { timeout: 10_000 });
    return sizedPage;
  }

  it('opens readable in a small editor, says that more is out of sight, and shows all of it on request', async () => {
    // The default 1024×768 window with a 300 px sidebar leaves about 700×630 px: the whole kind drawing would put
    // its 12 px names at about 7 px.
    const small = await sized(700, 630);
    try {
      const look = () =>
        small.evaluate(() => {
          const canvas = document.querySelector('.ca-canvas')!.getBoundingClientRect();
          const label = document.querySelector('g[data-component="kube-apiserver"] .ca-label')!.getBoundingClientRect();
          const hub = document.querySelector('g[data-component="kube-apiserver"]')!.getBoundingClientRect();
          const drawing = document.querySelector('svg.ca-diagram')!.getBoundingClientRect();
          const button = document.querySelector('[data-action="showWhole"]')!;
          return {
            canvas,
            labelHeight: label.height,
            hub,
            drawing,
            buttonShown: !button.hidden,
            buttonText: button.textContent,
            sides: document.querySelector('.ca-out-of-sight')!.getAttribute('data-sides'),
          };
        });
      const opened = await look();
      assert.ok(opened.labelHeight >= 11, `kube-apiserver's name is ${opened.labelHeight.toFixed(1)} px tall`);
      assert.ok(opened.drawing.left >= opened.canvas.left && opened.drawing.top >= opened.canvas.top, 'the title in sight');
      assert.ok(opened.hub.right <= opened.canvas.right, 'and kube-apiserver');
      assert.ok(opened.buttonShown && opened.buttonText === 'Show All');
      assert.equal(opened.sides, 'right down');
      await small.screenshot({ path: join(screenshots, 'opening-700x630.png') });
      await small.click('[data-action="showWhole"]');
      const whole = await look();
      assert.ok(whole.drawing.left >= whole.canvas.left && whole.drawing.right <= whole.canvas.right, 'all of it across');
      assert.ok(whole.drawing.bottom <= whole.canvas.bottom, 'and down');
      assert.equal(whole.buttonShown, false, 'nothing left to show');
      assert.equal(whole.sides, '');
    } finally {
      await small.close();
    }
    const large = await sized(1280, 800);
    try {
      const shown = await large.evaluate(() => !document.querySelector('[data-action="showWhole"]')!.hidden);
      assert.equal(shown, false, 'a panel that shows the whole drawing readable opens with all of it');
    } finally {
      await large.close();
    }
  });

  it("keeps the caption clear of the legend at every size, the live trace's and the walk-through's", async () => {
    for (const [width, height] of [
      [1280, 800],
      [800, 500],
      [300, 600],
      [300, 1000],
      [1600, 500],
      [500, 1200],
    ] as const) {
      const sizedPage = await sized(width, height, width === 300 ? 'ja' : 'en');
      try {
        const boxes = () =>
          sizedPage.evaluate(() => ({
            // The box drawn around the caption: its bar with the buttons.
            caption: (document.querySelector('.ca-caption-bar') ?? document.querySelector('.ca-caption'))!.getBoundingClientRect(),
            legend: document.querySelector('.ca-legend-frame')!.getBoundingClientRect(),
            hidden: !document.querySelector('.ca-caption')?.textContent,
          }));
        const step: HostToWebviewMessage = {
          type: 'traceStep',
          walkStep: 3,
          caption: 'Pod coredns-5d78c9869d-czv4x bound to node multi-node-worker by default-scheduler',
          component: 'kube-scheduler (default-scheduler)',
          time: '14:11:21',
          subject: 'Deployment kube-system/coredns',
          position: { index: 3, count: 8 },
          live: true,
        };
        await sizedPage.evaluate((m) => void window.dispatchEvent(new MessageEvent('message', { data: m })), step);
        const live = await boxes();
        assert.equal(live.hidden, false);
        assert.ok(
          !intersects(live.caption, live.legend),
          `${width}×${height}: caption ${JSON.stringify(live.caption)} legend ${JSON.stringify(live.legend)}`,
        );
        if (width === 300 && height === 600) await sizedPage.screenshot({ path: join(screenshots, 'trace-caption-300.png') });
        if (width === 1280) await sizedPage.screenshot({ path: join(screenshots, 'trace-caption-1280.png') });
        await sizedPage.evaluate(
          () => void window.dispatchEvent(new MessageEvent('message', { data: { type: 'walkthrough', action: 'play' } })),
        );
        const tour = await boxes();
        assert.ok(!intersects(tour.caption, tour.legend), `${width}×${height}, walk-through`);
      } finally {
        await sizedPage.close();
      }
    }
  });

  it("keeps the toolbar on one row at 300 px and at the editor's width, Play turning into Stop in place, all of it by keyboard", async () => {
    for (const [width, language] of [
      [300, 'en'],
      [300, 'ja'],
      [1280, 'ja'],
    ] as const) {
      const sizedPage = await sized(width, 600, language);
      try {
        const layout = () =>
          sizedPage.evaluate(() => {
            const toolbar = document.querySelector('.ca-toolbar')!.getBoundingClientRect();
            const shown = [...document.querySelectorAll('.ca-toolbar > *, .ca-toolbar .ca-tab, .ca-toolbar .ca-more > button')]
              .map((element) => ({ action: element.getAttribute('data-action'), box: element.getBoundingClientRect() }))
              .filter(({ box }) => box.right > box.left);
            return { toolbar, shown };
          });
        const before = await layout();
        assert.ok(
          before.toolbar.bottom - before.toolbar.top <= 32,
          `${width} ${language}: toolbar ${before.toolbar.bottom - before.toolbar.top}px high`,
        );
        for (const { action, box } of before.shown) {
          assert.ok(box.top >= before.toolbar.top && box.bottom <= before.toolbar.bottom, `${width} ${language}: ${action} on the one row`);
          assert.ok(box.right <= before.toolbar.right, `${width} ${language}: ${action} inside the panel`);
        }
        const actions = before.shown.map(({ action }) => action);
        for (const wanted of ['architecture', 'placement', 'walk', 'traceLive', 'fit', 'more'])
          assert.ok(actions.includes(wanted), `${wanted} shown`);
        if (width === 300) await sizedPage.screenshot({ path: join(screenshots, `toolbar-300-${language}.png`) });
        // Play becomes Stop: the same button, the same place; nothing else moves.
        await sizedPage.click('[data-action="walk"]');
        const playing = await layout();
        assert.deepEqual(playing.shown, before.shown);
        assert.equal(await sizedPage.evaluate(() => document.querySelector('[data-action="walk"]')?.getAttribute('aria-pressed')), 'true');
        const label = await sizedPage.evaluate(() => document.querySelector('[data-action="walk"]')?.getAttribute('aria-label'));
        assert.equal(label, language === 'ja' ? japanese().strings.walkthroughStop : 'Stop');
        await sizedPage.click('[data-action="walk"]');
        // The overflow menu: opened, walked and closed with the keyboard, focus back on its button.
        const focused = () => sizedPage.evaluate(() => document.activeElement?.getAttribute('data-action'));
        await sizedPage.focus('[data-action="more"]');
        await sizedPage.keyboard.press('Enter');
        assert.equal(await focused(), 'previous');
        await sizedPage.screenshot({ path: join(screenshots, `toolbar-menu-${width}-${language}.png`) });
        await sizedPage.keyboard.press('ArrowDown');
        assert.equal(await focused(), 'next');
        await sizedPage.keyboard.press('ArrowUp');
        await sizedPage.keyboard.press('ArrowUp');
        assert.equal(await focused(), 'help', 'wraps to the last item');
        await sizedPage.keyboard.press('Enter');
        assert.equal(await sizedPage.evaluate(() => document.querySelector('.ca-help')?.hidden), false, 'Enter runs the item');
        assert.equal(await focused(), 'more');
        await sizedPage.keyboard.press('ArrowDown');
        await sizedPage.keyboard.press('Escape');
        assert.equal(await sizedPage.evaluate(() => document.querySelector('.ca-menu')?.hidden), true);
        assert.equal(await focused(), 'more');
      } finally {
        await sizedPage.close();
      }
    }
  });

  for (const theme of ['dark', 'high-contrast'] as const) {
    it(`draws readable text in the ${theme} theme, from the --vscode-* colours`, async () => {
      const themed = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await themed.goto(`${baseUrl}?theme=${theme}`);
        await themed.evaluate((m) => window.postMessage(m, '*'), {
          type: 'snapshot',
          anatomy: fresh(kindAnatomy()),
        } as HostToWebviewMessage);
        await themed.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'));
        const colours = await themed.evaluate(() => ({
          label: getComputedStyle(document.querySelector('.ca-label')!).fill,
          page: getComputedStyle(document.querySelector('body')!).backgroundColor,
        }));
        const luminance = (css: string) => {
          const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
          return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
        };
        assert.ok(luminance(colours.page) < 0.2, `${theme} background ${colours.page}`);
        assert.ok(luminance(colours.label) - luminance(colours.page) > 0.5, `label ${colours.label} on ${colours.page}`);
        const png = await themed.screenshot({ path: join(screenshots, `architecture-${theme}.png`) });
        assert.ok((await contentPixels(png)) > 20_000);
      } finally {
        await themed.close();
      }
    });
  }
});
