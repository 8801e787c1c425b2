// Diagram benchmark: `npx tsx bench/diagram.bench.ts [--no-browser]`.
// 1. Layout (+ SVG string) time for 3, 100 and 5,000 nodes, grouped above 12 per role, collapsed and with one
//    page expanded: median and max of repeated runs after a warm-up.
// 2. Frame times while dragging (panning) the 5,000-node scene in headless Chromium with the real webview
//    bundle (dist/webview/diagram.js; run `node esbuild.mjs` first): rAF intervals and the work per frame.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ClusterAnatomy } from '../src/core/anatomy/types';
import { layoutDiagram } from '../src/core/diagram/layout';
import { type DiagramUiState, defaultUiState } from '../src/core/diagram/scene';
import { renderSvg } from '../src/core/diagram/svg';
import type { HostToWebviewMessage } from '../src/protocol/diagramProtocol';
import { kindAnatomy, largeAnatomy } from '../test/fixtures/anatomy/builders';
import { bundlePath, chromiumArgs, chromiumPath, loadPlaywright, repoRoot, startStubServer } from '../test/browser/stubHost';

function measure(run: () => unknown, repeat: number): { median: number; max: number } {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]! };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function layoutBench(): void {
  const cases: [string, ClusterAnatomy, DiagramUiState][] = [
    ['3 nodes (kind)', kindAnatomy(), defaultUiState],
    ['100 nodes, grouped', largeAnatomy(100), defaultUiState],
    ['5,000 nodes, grouped', largeAnatomy(5000), defaultUiState],
    ['5,000 nodes, one page expanded', largeAnatomy(5000), { ...defaultUiState, expanded: { 'group:worker': 3 } }],
    [
      '5,000 nodes, placement, page expanded',
      largeAnatomy(5000),
      { ...defaultUiState, view: 'placement', expanded: { 'group:worker': 3 } },
    ],
  ];
  console.log('| scene | boxes | edges | layout median | layout max | layout + SVG median |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, anatomy, ui] of cases) {
    const scene = layoutDiagram(anatomy, ui);
    const layout = measure(() => layoutDiagram(anatomy, ui), 30);
    const both = measure(() => renderSvg(layoutDiagram(anatomy, ui)), 30);
    console.log(
      `| ${name} | ${scene.boxes.length} | ${scene.edges.length} | ${ms(layout.median)} | ${ms(layout.max)} | ${ms(both.median)} |`,
    );
  }
}

async function panBench(): Promise<void> {
  const { server, url } = await startStubServer();
  const browser = await loadPlaywright().chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    if (process.env.DEBUG_LOAF) page.on('console', (message) => console.log(message.text?.()));
    await page.goto(url);
    const post = (message: HostToWebviewMessage) => page.evaluate((m) => window.postMessage(m, '*'), message);
    // Leases renewed just now, as in a live cluster (the fixture's times are fixed), one node silent.
    const fixture = largeAnatomy(5000);
    const renewed = new Date().toISOString();
    const anatomy = {
      ...fixture,
      nodes: fixture.nodes.map((node, index) =>
        index === 4999 || !node.lease ? node : { ...node, lease: { ...node.lease, renewTime: renewed } },
      ),
    };
    for (const [name, expand] of [
      ['5,000 nodes, grouped', false],
      ['5,000 nodes, one page expanded', true],
    ] as const) {
      await page.evaluate(() => void ((globalThis as unknown as { sent: unknown[] }).sent = []));
      await post({ type: 'snapshot', anatomy });
      await page.waitForFunction(() => (globalThis as unknown as { sent: { type: string }[] }).sent.some((m) => m.type === 'rendered'));
      if (expand) {
        await page.click('g[data-id="group:worker"]');
        await page.waitForFunction(() => document.querySelectorAll('g[data-component="node"]').length > 3);
      }
      const elements = await page.evaluate(() => document.querySelectorAll('svg *').length);
      // Every Lease renewed now, as a live cluster keeps doing, so no node turns grey during the drag.
      const now = new Date().toISOString();
      await post({ type: 'leaseRenewed', renewals: anatomy.nodes.map((node) => ({ node: node.name, renewTime: now })) });
      // Record rAF intervals and long animation frames while the mouse drags the canvas.
      // A string, not a function: tsx would wrap the named inner function with a helper the page lacks.
      await page.evaluate(`(() => {
        globalThis.loafObserver?.disconnect(); globalThis.frames = []; globalThis.work = []; globalThis.stop = false; globalThis.debugLoaf = ${!!process.env.DEBUG_LOAF};
        globalThis.loafObserver = new PerformanceObserver((list) => { for (const entry of list.getEntries()) { globalThis.work.push(entry.blockingDuration); if (globalThis.debugLoaf) console.log(JSON.stringify({ d: entry.duration, block: entry.blockingDuration, render: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0, style: entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0, scripts: entry.scripts.map((x) => [x.invoker, x.sourceFunctionName, Math.round(x.duration)]) })); } })
        globalThis.loafObserver.observe({ type: 'long-animation-frame', buffered: false });
        let last = performance.now();
        const tick = (now) => { globalThis.frames.push(now - last); last = now; if (!globalThis.stop) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })()`);
      await page.mouse.move(200, 600);
      await page.mouse.down();
      for (let i = 0; i < 4; i++) {
        await page.mouse.move(900, 300, { steps: 60 });
        await page.mouse.move(200, 600, { steps: 60 });
      }
      await page.mouse.up();
      const { frames, longFrames } = await page.evaluate(() => {
        const g = globalThis as unknown as { frames: number[]; work: number[]; stop: boolean };
        g.stop = true;
        return { frames: g.frames.slice(2), longFrames: g.work };
      });
      // Long frames (> 50 ms) in which the page itself was busy; the others waited on input or the machine.
      const busyFrames = longFrames.filter((blocking) => blocking > 0).length;
      frames.sort((a, b) => a - b);
      const pick = (q: number) => frames[Math.min(frames.length - 1, Math.floor(frames.length * q))]!;
      console.log(
        `| ${name} | ${elements} | ${frames.length} | ${ms(pick(0.5))} | ${ms(pick(0.95))} | ${ms(frames[frames.length - 1]!)} | ${longFrames.length} (${busyFrames} busy) |`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}

async function main(): Promise<void> {
  console.log(`Diagram layout, Node ${process.versions.node}`);
  layoutBench();
  if (process.argv.includes('--no-browser')) return;
  if (!existsSync(bundlePath)) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  try {
    loadPlaywright();
  } catch (error) {
    console.log(`\nPanning in Chromium skipped: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  console.log('\nPanning in headless Chromium (480 mouse moves while dragging)');
  console.log('| scene | SVG elements | frames | frame median | frame p95 | frame max | long frames > 50 ms (with page work) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  await panBench();
}

declare const document: { querySelectorAll(selector: string): { length: number } };
declare const window: { postMessage(message: unknown, origin: string): void };

void main();
