// The anatomy tree as a person sees it at VS Code's default sidebar width, on the demo cluster: a screenshot
// of the sidebar, and which view title or tree row is cut off (an ellipsis hides part of it).
//   node test/integration/screenshot/tree.mjs --out /tmp/tree.png [--locale ja] [--theme dark] [--host 1.99]
// Exits 1 when the title or a row is cut, or when Japanese is drawn as boxes (see glyphs.mjs).
/* global document -- the callbacks of page.evaluate run in the workbench */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { boxedCharacters } from './glyphs.mjs';
import { openWorkbench, workbenchOptions } from './workbench.support.mjs';

const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: 'tree.png' },
    ...workbenchOptions,
  },
});

const root = mkdtempSync(join(tmpdir(), 'cluster-anatomy-tree-'));
let workbench;
let failures = 0;
try {
  workbench = await openWorkbench({ root, options, env: { CLUSTER_ANATOMY_OPEN_DEMO: '1' }, viewport: { width: 1400, height: 900 } });
  const { page, host } = workbench;
  const rows = page.locator('.part.sidebar .monaco-list-row');
  // The control-plane node opens to show its static Pods, node agents and heartbeat.
  const controlPlaneNode = rows.filter({ hasText: 'multi-node-control-plane' }).first();
  try {
    await controlPlaneNode.waitFor({ timeout: 60_000 });
  } catch (error) {
    await page.screenshot({ path: resolve(options.out) });
    throw error;
  }
  await controlPlaneNode.click();
  await rows.filter({ hasText: 'kube-apiserver' }).first().waitFor({ timeout: 10_000 });
  // No row selected or hovered, so none shows its inline actions.
  await page.keyboard.press('Escape');
  await page.mouse.move(900, 600);
  // Heartbeats and Pod states settle.
  await page.waitForTimeout(3_000);
  const measured = await page.evaluate(() => {
    const cut = (element) => element !== null && element.scrollWidth > element.clientWidth + 1;
    const sidebar = document.querySelector('.part.sidebar');
    const title = sidebar.querySelector('.composite.title .title-label h2');
    return {
      sidebarWidth: Math.round(sidebar.getBoundingClientRect().width),
      title: { text: title?.textContent ?? '', cut: cut(title) },
      rows: [...sidebar.querySelectorAll('.monaco-list-row')].map((row) => ({
        label: row.querySelector('.label-name')?.textContent ?? '',
        description: row.querySelector('.label-description')?.textContent ?? '',
        cut: cut(row.querySelector('.monaco-icon-label-container')),
      })),
    };
  });
  const file = resolve(options.out);
  mkdirSync(dirname(file), { recursive: true });
  await page.locator('.part.sidebar').screenshot({ path: file });
  console.log(`[tree] ${file}: sidebar ${measured.sidebarWidth} px, VS Code ${host.vscode}, ${options.locale ?? 'en'}, ${options.theme}`);
  console.log(`[tree] title "${measured.title.text}"${measured.title.cut ? ' CUT' : ''}`);
  for (const row of measured.rows) console.log(`[tree] ${row.cut ? 'CUT ' : '    '}${row.label} — ${row.description}`);
  const cutRows = measured.rows.filter((row) => row.cut);
  failures += cutRows.length + Number(measured.title.cut);
  if (options.locale === 'ja') {
    const boxed = await boxedCharacters(page);
    console.log(`[tree] Japanese: ${boxed.length === 0 ? 'drawn as glyphs' : `boxes for ${boxed.join('')} (install fonts-noto-cjk)`}`);
    failures += boxed.length ? 1 : 0;
    const japaneseRows = measured.rows.filter((row) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(row.label + row.description));
    console.log(`[tree] ${japaneseRows.length} rows in Japanese`);
    if (japaneseRows.length === 0) failures++;
  }
} finally {
  await workbench?.stop();
  rmSync(root, { recursive: true, force: true });
}
console.log(failures === 0 ? '[tree] nothing cut' : `[tree] FAIL: ${failures} problem(s)`);
process.exitCode = failures === 0 ? 0 : 1;
