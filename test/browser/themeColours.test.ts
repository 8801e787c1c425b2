// The Pods' fills in every built-in VS Code theme: each source of Pod (static, DaemonSet, Deployment or
// ReplicaSet, any other) drawn in a colour of its own, and each legend swatch in the colour of its boxes. The
// theme colours are the real ones: the theme files of the VS Code the tests run against, with the workbench's
// defaults for the keys a theme leaves unset (the subset the fills use, below). Run with `node test/browser/run.mjs`.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { ClusterAnatomy } from '../../src/core/anatomy/types';
import { defaultDiagramStrings } from '../../src/core/diagram/strings';
import type { HostToWebviewMessage } from '../../src/protocol/diagramProtocol';
import { kindAnatomy, pod } from '../fixtures/anatomy/builders';
import { type BrowserLike, type BrowserPage, openStubPage, repoRoot, startStubServer, stylesheetPath, type StubTheme } from './stubHost';

const themesFolder = join(
  repoRoot,
  '.vscode-host',
  '1.139',
  'node_modules',
  'code-server',
  'lib',
  'vscode',
  'extensions',
  'theme-defaults',
  'themes',
);

type ThemeType = 'light' | 'dark' | 'hcDark' | 'hcLight';

/** The built-in themes a user picks from, by the label VS Code shows. */
const builtInThemes: readonly { label: string; file: string; type: ThemeType }[] = [
  { label: 'Light 2026', file: '2026-light.json', type: 'light' },
  { label: 'Dark 2026', file: '2026-dark.json', type: 'dark' },
  { label: 'Light Modern', file: 'light_modern.json', type: 'light' },
  { label: 'Dark Modern', file: 'dark_modern.json', type: 'dark' },
  { label: 'Light+', file: 'light_plus.json', type: 'light' },
  { label: 'Dark+', file: 'dark_plus.json', type: 'dark' },
  { label: 'High Contrast', file: 'hc_black.json', type: 'hcDark' },
  { label: 'High Contrast Light', file: 'hc_light.json', type: 'hcLight' },
];

/**
 * The workbench's defaults (VS Code 1.139, src/vs/platform/theme/common/colors/*.ts) for the keys the fills may
 * read. A string names another key; null leaves the variable unset, as VS Code does. A key missing here fails
 * the test, so a new variable in media/diagram.css brings its default along.
 */
const workbenchDefaults: Record<string, Record<ThemeType, string | null>> = {
  'editor.background': { light: '#ffffff', dark: '#1E1E1E', hcDark: '#000000', hcLight: '#ffffff' },
  'sideBar.background': { light: '#F3F3F3', dark: '#252526', hcDark: '#000000', hcLight: '#FFFFFF' },
  'editorError.foreground': { light: '#E51400', dark: '#F14C4C', hcDark: '#F48771', hcLight: '#B5200D' },
  'editorWarning.foreground': { light: '#BF8803', dark: '#CCA700', hcDark: '#FFD370', hcLight: '#895503' },
  'editorInfo.foreground': { light: '#0063d3', dark: '#59a4f9', hcDark: '#59a4f9', hcLight: '#0063d3' },
  'charts.red': same('editorError.foreground'),
  'charts.yellow': same('editorWarning.foreground'),
  'charts.blue': same('editorInfo.foreground'),
  'charts.orange': same('editor.findMatchHighlightBackground'),
  'charts.green': { light: '#388A34', dark: '#89D185', hcDark: '#89D185', hcLight: '#374e06' },
  'charts.purple': { light: '#652D90', dark: '#B180D7', hcDark: '#B180D7', hcLight: '#652D90' },
  'editor.findMatchHighlightBackground': { light: '#EA5C0055', dark: '#EA5C0055', hcDark: null, hcLight: null },
  // Every built-in theme but the high-contrast ones sets this one; those leave it unset.
  'editor.selectionHighlightBackground': { light: null, dark: null, hcDark: null, hcLight: null },
  'diffEditor.insertedTextBackground': { light: '#9ccc2c40', dark: '#9ccc2c33', hcDark: null, hcLight: null },
};

function same(key: string): Record<ThemeType, string> {
  return { light: key, dark: key, hcDark: key, hcLight: key };
}

/** A theme's colours with those of the themes it includes. */
function themeColours(file: string): Record<string, string> {
  const theme = JSON.parse(readFileSync(join(themesFolder, file), 'utf8')) as { include?: string; colors?: Record<string, string> };
  const included = theme.include ? themeColours(theme.include.replace(/^\.\//, '')) : {};
  return { ...included, ...theme.colors };
}

function colourOf(key: string, colours: Record<string, string>, type: ThemeType): string | null {
  if (colours[key]) return colours[key];
  const defaults = workbenchDefaults[key];
  assert.ok(defaults, `the workbench's default of ${key} is not in this test's table`);
  const value = defaults[type];
  return value && !value.startsWith('#') ? colourOf(value, colours, type) : value;
}

/** The --vscode-* variables the Pods' and panels' fills read, as media/diagram.css maps them. */
function variablesOfFills(): string[] {
  const css = readFileSync(stylesheetPath, 'utf8');
  const names = new Set<string>();
  for (const property of ['bg', 'box-bg', 'panel-bg', 'static-bg', 'daemonset-bg', 'deployment-bg']) {
    const declaration = css.match(new RegExp(`--ca-${property}:([^;]*);`));
    assert.ok(declaration, `media/diagram.css maps --ca-${property}`);
    for (const [, name] of declaration[1]!.matchAll(/--vscode-([\w-]+)/g)) names.add(name!);
  }
  return [...names];
}

/** `charts-blue` is `charts.blue`, `editor-findMatchHighlightBackground` is `editor.findMatchHighlightBackground`. */
const themeKey = (variable: string) => variable.replace(/-/g, '.');

// The page functions below run in Chromium; the few browser globals they use are declared for this module alone.
interface PageElement {
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  getBoundingClientRect(): { right: number; bottom: number };
}
declare const window: { sent: { type: string }[]; dispatchEvent(event: unknown): boolean };
declare const MessageEvent: new (type: string, init: { data: unknown }) => unknown;
declare const document: {
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
  querySelector(selector: string): PageElement | null;
  documentElement: { style: { setProperty(name: string, value: string): void } };
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): {
      drawImage(image: unknown, x: number, y: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
    } | null;
  };
};
declare const Image: new () => { src: string; readonly width: number; readonly height: number; decode(): Promise<void> };

type Rgb = readonly [number, number, number];

/** CIE76 distance in Lab: about 2 is just noticeable, above 10 two colours are told apart at a glance. */
function deltaE(a: Rgb, b: Rgb): number {
  const lab = ([r, g, b]: Rgb) => {
    const linear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
    const xyz = [
      (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047,
      0.2126 * lr + 0.7152 * lg + 0.0722 * lb,
      (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883,
    ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : ((t * 24389) / 27 + 16) / 116));
    return [116 * xyz[1]! - 16, 500 * (xyz[0]! - xyz[1]!), 200 * (xyz[1]! - xyz[2]!)];
  };
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1! - l2!, a1! - a2!, b1! - b2!);
}

/** Pods of every source on the kind cluster's first worker: its own DaemonSet Pods, a Deployment's, a ReplicaSet's and a StatefulSet's. */
function everySource(): ClusterAnatomy {
  const anatomy = kindAnatomy();
  const now = new Date().toISOString();
  return {
    ...anatomy,
    nodes: anatomy.nodes.map((node, index) => ({
      ...node,
      lease: node.lease ? { ...node.lease, renewTime: now } : node.lease,
      components:
        index === 1
          ? [...node.components, pod('other', 'web-7c9f6b5d4-x2x4q', 'replicaset'), pod('other', 'db-0', 'statefulset')]
          : node.components,
    })),
  };
}

const sources = ['static', 'daemonset', 'deployment', 'replicaset', 'statefulset'] as const;
/** The four colours a reader tells apart: a ReplicaSet's Pods are drawn as a Deployment's. */
const kinds: Record<(typeof sources)[number], string> = {
  static: 'static',
  daemonset: 'DaemonSet',
  deployment: 'Deployment',
  replicaset: 'Deployment',
  statefulset: 'other',
};

describe('Pod fills in the built-in themes', function () {
  this.timeout(120_000);
  let server: Server;
  let baseUrl: string;
  let browser: BrowserLike;
  let page: BrowserPage;
  const problems: string[] = [];

  before(async function () {
    if (!existsSync(themesFolder)) this.skip();
    const started = await startStubServer();
    server = started.server;
    baseUrl = started.url;
    ({ browser, page } = await openStubPage(started.url, problems));
    await page.close();
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  afterEach(() => assert.deepEqual(problems.splice(0), [], 'no page errors and no dialogs'));

  for (const theme of builtInThemes) {
    it(`${theme.label}: each source of Pod in a fill of its own, and the legend's swatch in it`, async () => {
      const colours = themeColours(theme.file);
      const variables: Record<string, string> = {};
      for (const variable of variablesOfFills()) {
        // Unset in the theme and by default: `initial` makes var() take its fallback, as when VS Code leaves it out.
        variables[`--vscode-${variable}`] = colourOf(themeKey(variable), colours, theme.type) ?? 'initial';
      }
      const stub: StubTheme = theme.type === 'light' ? 'light' : theme.type === 'dark' ? 'dark' : 'high-contrast';
      page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      try {
        await page.goto(`${baseUrl}?theme=${stub}`);
        // Set on the root element as VS Code sets them on the webview's, over the stub's subset.
        await page.evaluate((vars) => {
          for (const [name, value] of Object.entries(vars)) document.documentElement.style.setProperty(name, value);
        }, variables);
        const post = (message: HostToWebviewMessage) =>
          page.evaluate((m) => void window.dispatchEvent(new MessageEvent('message', { data: m })), message);
        await post({ type: 'locale', locale: 'en', strings: defaultDiagramStrings });
        await post({ type: 'snapshot', anatomy: everySource() });
        await page.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'), undefined, { timeout: 10_000 });
        // The shapes' rectangles on screen; the points read are inside them, clear of text and border.
        const rects = await page.evaluate((names) => {
          const result: Record<string, { box: number[]; swatch: number[] | null }> = {};
          for (const source of names) {
            const box = [...document.querySelectorAll('g.ca-kind-pod')].find((g) => g.getAttribute('data-source') === source);
            const swatch = document.querySelector(`[data-legend="fill:${source}"] .ca-shape`);
            const boxRect = box!.querySelector('.ca-shape')!.getBoundingClientRect();
            const swatchRect = swatch?.getBoundingClientRect();
            result[source] = {
              box: [boxRect.right, boxRect.bottom],
              swatch: swatchRect ? [swatchRect.right, swatchRect.bottom] : null,
            };
          }
          return result;
        }, sources);
        // The bottom-right corner, 3 px in.
        const inside = (corner: number[]) => [Math.floor(corner[0]! - 3), Math.floor(corner[1]! - 3)] as const;
        const points = Object.fromEntries(
          sources.map((source) => [
            source,
            { box: inside(rects[source]!.box), swatch: rects[source]!.swatch ? inside(rects[source]!.swatch!) : null },
          ]),
        );
        const png = await page.screenshot();
        const pixels = await page.evaluate(
          async ({ base64, at }) => {
            const image = new Image();
            image.src = `data:image/png;base64,${base64}`;
            await image.decode();
            const canvas = document.createElement('canvas');
            canvas.width = image.width;
            canvas.height = image.height;
            const context = canvas.getContext('2d')!;
            context.drawImage(image, 0, 0);
            return at.map(([x, y]) => {
              const data = context.getImageData(x, y, 1, 1).data;
              return [data[0]!, data[1]!, data[2]!] as const;
            });
          },
          {
            base64: png.toString('base64'),
            at: sources.flatMap((source) => [points[source]!.box, points[source]!.swatch ?? points[source]!.box]),
          },
        );
        const fill = (source: (typeof sources)[number]) => pixels[sources.indexOf(source) * 2]!;
        const swatch = (source: (typeof sources)[number]) => pixels[sources.indexOf(source) * 2 + 1]!;
        const hex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        const alike: string[] = [];
        const apart: string[] = [];
        for (const [i, a] of sources.entries()) {
          for (const b of sources.slice(i + 1)) {
            const distance = deltaE(fill(a), fill(b));
            const pair = `${a} ${hex(fill(a))} and ${b} ${hex(fill(b))} (ΔE ${distance.toFixed(1)})`;
            if (kinds[a] === kinds[b]) {
              if (distance >= 1) apart.push(pair);
            } else if (distance < 10) alike.push(pair);
          }
        }
        assert.deepEqual(alike, [], `${theme.label}: Pods of different sources drawn alike`);
        assert.deepEqual(apart, [], `${theme.label}: a ReplicaSet's Pods drawn unlike a Deployment's`);
        for (const source of ['static', 'daemonset', 'deployment'] as const) {
          assert.ok(points[source]!.swatch, `the legend has a swatch for ${source} Pods`);
          assert.ok(
            deltaE(swatch(source), fill(source)) < 1,
            `${theme.label}: the ${kinds[source]} swatch ${hex(swatch(source))} is not the boxes' ${hex(fill(source))}`,
          );
        }
      } finally {
        await page.close();
      }
    });
  }
});
