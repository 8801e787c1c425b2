// The diagram reads in a real browser: names fit their boxes in the font really drawn (the webview's, and the
// standalone SVG's DejaVu Sans), the legend and title are in the panel, buttons say what they do in words, the
// keyboard help can be found, Enter on the container runtime asks for that row, the walk-through caption does
// not move the drawing. Screenshots of both views in English and Japanese, light and dark, go to
// test/browser/screenshots/ (and to $DIAGRAM_SHOTS when set).
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { ClusterAnatomy } from '../../src/core/anatomy/types';
import { layoutDiagram } from '../../src/core/diagram/layout';
import { defaultUiState } from '../../src/core/diagram/scene';
import { type DiagramStrings, defaultDiagramStrings } from '../../src/core/diagram/strings';
import { renderSvg } from '../../src/core/diagram/svg';
import type { HostToWebviewMessage, WebviewToHostMessage } from '../../src/protocol/diagramProtocol';
import { kindAnatomy, pod } from '../fixtures/anatomy/builders';
import {
  type BrowserLike,
  type BrowserPage,
  chromiumArgs,
  chromiumPath,
  loadPlaywright,
  repoRoot,
  startStubServer,
  type StubTheme,
} from './stubHost';

const screenshots = join(__dirname, 'screenshots');
const extraShots = process.env.DIAGRAM_SHOTS;

interface PageElement {
  getAttribute(name: string): string | null;
  readonly textContent: string | null;
  readonly hidden: boolean;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
  getComputedTextLength(): number;
  getBoundingClientRect(): { top: number; left: number; width: number; height: number };
}
declare const window: { sent: WebviewToHostMessage[]; dispatchEvent(event: unknown): boolean };
declare const MessageEvent: new (type: string, init: { data: unknown }) => unknown;
declare const getComputedStyle: (element: PageElement) => { fontFamily: string };
declare const document: {
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
  querySelector(selector: string): PageElement | null;
  readonly activeElement: PageElement | null;
};

/** The Japanese of every diagram string, as the extension passes them (vscode.l10n.t with the ja bundle). */
function japaneseStrings(): DiagramStrings {
  const bundle = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, string>;
  const strings: Record<string, string> = {};
  for (const [key, english] of Object.entries(defaultDiagramStrings)) strings[key] = bundle[english] ?? english;
  return strings as DiagramStrings;
}

/** The kind cluster with two coredns replicas whose names differ only at the end, and fresh heartbeats. */
function cluster(): ClusterAnatomy {
  const anatomy = kindAnatomy();
  const now = new Date().toISOString();
  const replicas = ['coredns-5d78c9869d-czv4x', 'coredns-5d78c9869d-czv8b'];
  return {
    ...anatomy,
    nodes: anatomy.nodes.map((node, index) => ({
      ...node,
      lease: node.lease ? { ...node.lease, renewTime: now } : null,
      components:
        index === 0
          ? node.components
          : [...node.components.filter((p) => p.component !== 'coredns'), pod('coredns', replicas[index - 1]!, 'deployment')],
    })),
  };
}

/** Box texts whose drawn width exceeds the room their box leaves (what the layout promises). */
function overflowingTexts(): string[] {
  const problems: string[] = [];
  for (const text of document.querySelectorAll('g.ca-box > text.ca-label')) {
    const box = text.closest('g.ca-box')!;
    const rect = box.querySelector('rect')!;
    const width = Number(rect.getAttribute('width'));
    const kind = /ca-kind-(\w+)/.exec(box.getAttribute('class') ?? '')?.[1] ?? '';
    const room = ['panel', 'group', 'pod', 'folder'].includes(kind) ? width - 16 : width - 12;
    const drawn = text.getComputedTextLength();
    if (drawn > room + 0.5) problems.push(`${box.getAttribute('data-id')}: "${text.textContent}" ${drawn.toFixed(1)} > ${room}`);
  }
  return problems;
}

describe('a diagram people can read, in Chromium', function () {
  this.timeout(60_000);
  let server: Server;
  let baseUrl: string;
  let browser: BrowserLike;
  const problems: string[] = [];

  before(async () => {
    mkdirSync(screenshots, { recursive: true });
    if (extraShots) mkdirSync(extraShots, { recursive: true });
    const started = await startStubServer();
    server = started.server;
    baseUrl = started.url;
    browser = await loadPlaywright().chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  afterEach(() => assert.deepEqual(problems.splice(0), [], 'no page errors'));

  async function open(
    theme: StubTheme,
    strings: DiagramStrings,
    locale: string,
    view: 'architecture' | 'placement' = 'architecture',
  ): Promise<BrowserPage> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${baseUrl}?theme=${theme}`);
    const post = (message: HostToWebviewMessage) =>
      page.evaluate((m) => void window.dispatchEvent(new MessageEvent('message', { data: m })), message);
    await post({ type: 'locale', locale, strings });
    await post({ type: 'snapshot', anatomy: cluster() });
    await page.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'), undefined, { timeout: 30_000 });
    if (view === 'placement') {
      await page.evaluate(() => void (window.sent = []));
      await page.click('[data-action="placement"]');
      await page.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'), undefined, { timeout: 30_000 });
    }
    return page;
  }

  async function shoot(page: BrowserPage, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
    const png = await (page.screenshot as (options: { path: string; clip?: typeof clip }) => Promise<Buffer>)({
      path: join(screenshots, `${name}.png`),
      clip,
    });
    if (extraShots) writeFileSync(join(extraShots, `diagram-${name}.png`), png);
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const [language, strings] of [
      ['en', defaultDiagramStrings],
      ['ja', japaneseStrings()],
    ] as const) {
      for (const view of ['architecture', 'placement'] as const) {
        it(`${view}, ${language}, ${theme}: every name fits its box in the font drawn, two replicas read apart, legend and title shown`, async () => {
          const page = await open(theme, strings, language, view);
          try {
            assert.deepEqual(await page.evaluate(overflowingTexts), []);
            const shown = await page.evaluate(() => ({
              replicas: [...document.querySelectorAll('g[data-component="pod"]')]
                .filter((g) => /coredns-5d78c9869d-czv/.test(g.getAttribute('aria-label') ?? ''))
                .map((g) => g.querySelector('.ca-label')?.textContent ?? ''),
              legend: document.querySelectorAll('.ca-legend .ca-legend-entry').length,
              title: document.querySelector('.ca-title')?.textContent,
              subtitle: document.querySelector('.ca-subtitle')?.textContent,
            }));
            assert.equal(shown.replicas.length, 2);
            assert.notEqual(shown.replicas[0], shown.replicas[1]);
            assert.ok(shown.legend >= 7, `${shown.legend} legend entries`);
            assert.ok(shown.title?.includes('kind-multi-node'));
            assert.match(shown.subtitle ?? '', /https:\/\/127\.0\.0\.1:40513.*kind-multi-node.*\d\d:\d\d UTC/);
            if (language === 'ja') {
              // Japanese must be drawn as glyphs, not as the missing-glyph box of a machine without a CJK font.
              const { boxedCharacters } = await import('../integration/screenshot/glyphs.mjs');
              const drawn = await page.evaluate(() =>
                [...document.querySelectorAll('svg text')].map((text) => text.textContent ?? '').join(''),
              );
              const japanese = [...new Set(drawn)].filter((character) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(character)).join('');
              assert.ok(japanese.length >= 10, `Japanese drawn: ${japanese}`);
              const font = await page.evaluate(() => getComputedStyle(document.querySelector('svg text')!).fontFamily);
              assert.deepEqual(await boxedCharacters(page as never, japanese, font), [], 'install fonts-noto-cjk');
            }
            await shoot(page, `${view}-${language}-${theme}`);
            if (view === 'architecture' && theme === 'light') {
              const legend = await page.evaluate(() => {
                const rect = document.querySelector('.ca-legend')!.getBoundingClientRect();
                return {
                  x: Math.max(0, rect.left - 4),
                  y: Math.max(0, rect.top - 4),
                  width: Math.min(1280, rect.width + 8),
                  height: rect.height + 8,
                };
              });
              await shoot(page, `legend-${language}`, legend);
            }
          } finally {
            await page.close();
          }
        });
      }
    }
  }

  it('the CLI SVG in DejaVu Sans: the manifests folder and long Pod names stay inside their boxes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    try {
      for (const view of ['architecture', 'placement'] as const) {
        const svg = renderSvg(layoutDiagram(cluster(), { ...defaultUiState, view }));
        await (page as unknown as { setContent(html: string): Promise<void> }).setContent(svg.replace(/^<\?xml[^>]*>\n/, ''));
        assert.deepEqual(await page.evaluate(overflowingTexts), [], view);
        const texts = await page.evaluate(() => [...document.querySelectorAll('text')].map((t) => t.textContent ?? ''));
        if (view === 'placement') assert.ok(texts.includes('/etc/kubernetes/manifests'), 'the folder path is whole');
        assert.ok(texts.includes('Legend'));
      }
    } finally {
      await page.close();
    }
  });

  it('labels buttons with words, makes the keyboard help easy to find, and Enter on containerd asks for that row', async () => {
    const page = await open('light', defaultDiagramStrings, 'en');
    try {
      // An icon button's words are its accessible name (and tooltip); a menu item's, its text.
      const buttons = await page.evaluate(() =>
        [...document.querySelectorAll('.ca-toolbar button')].map((b) => b.getAttribute('aria-label') ?? b.textContent ?? ''),
      );
      for (const text of buttons) assert.match(text, /^\p{L}[\p{L} .→-]*\p{L}$/u, `"${text}" is words`);
      assert.ok(
        buttons.includes('Previous step') && buttons.includes('Next step') && buttons.includes('Keyboard help'),
        buttons.join(' | '),
      );
      const help = () =>
        page.evaluate(() => ({
          hidden: document.querySelector('.ca-help')!.hidden,
          items: document.querySelectorAll('.ca-help li').length,
          expanded: document.querySelector('[data-action="help"]')!.getAttribute('aria-expanded'),
        }));
      assert.deepEqual(await help(), { hidden: true, items: 8, expanded: 'false' });
      await page.click('[data-action="more"]');
      await page.click('[data-action="help"]');
      assert.deepEqual(await help(), { hidden: false, items: 8, expanded: 'true' });
      await shoot(page, 'keyboard-help');
      await page.focus('.ca-canvas');
      await page.keyboard.press('Escape');
      assert.equal((await help()).hidden, true, 'Escape closes it');
      await page.keyboard.press('?');
      assert.equal((await help()).hidden, false, '? opens it from the drawing');
      await page.keyboard.press('?');
      await page.evaluate(() => void (window.sent = []));
      await page.focus('g[data-component="container-runtime"][data-node="multi-node-worker"]');
      await page.keyboard.press('Enter');
      const reveal = (await page.evaluate(() => window.sent)).filter((m) => m.type === 'revealInTree');
      assert.deepEqual(reveal, [{ type: 'revealInTree', target: { component: 'container-runtime', node: 'multi-node-worker' } }]);
    } finally {
      await page.close();
    }
  });

  it('the walk-through caption floats over the drawing and does not push it down', async () => {
    const page = await open('light', japaneseStrings(), 'ja');
    try {
      const place = () =>
        page.evaluate(() => {
          const canvas = document.querySelector('.ca-canvas')!.getBoundingClientRect();
          return { top: canvas.top, height: canvas.height, svg: document.querySelector('svg.ca-diagram')!.getBoundingClientRect().top };
        });
      const before = await place();
      await page.evaluate(() => void window.dispatchEvent(new MessageEvent('message', { data: { type: 'walkthrough', action: 'play' } })));
      const caption = await page.evaluate(() => document.querySelector('.ca-caption')?.textContent ?? '');
      assert.ok(caption.length > 10, caption);
      assert.deepEqual(await place(), before);
      await shoot(page, 'walkthrough-ja');
    } finally {
      await page.close();
    }
  });
});
