// The workbench as a person sees it on a demo cluster in a given shape: the tree and, for some scenarios, the
// diagram beside it. A screenshot for the eye (what a change looks like in English and Japanese, light and
// dark), not a test.
//   node test/integration/screenshot/workbench.mjs --scenario ha|pending|handson|handson-diagram|handson-experiment|apply|trace|trace-diagram|limited|team|first-paint|why-node --out /tmp/shot.png [--locale ja] [--theme dark] [--no-package]
// ha: three control-plane nodes (kind's HA shape), the first one opened: its components lead, the others stand by.
// pending: coredns asks for a node label no node has and a Deployment in default for more CPU than any node has;
//   a row per workload, coredns's opened to its waiting Pod, and "Where Can It Run?"
// draws the placement view beside it.
// handson: the hands-on walkthrough on the Welcome page, its static Pods step run from its "Run in a Terminal"
// button (the terminal shows kubectl's output, the step ticks), and the Hands-on view.
// handson-diagram: the walkthrough's "Show in the Tree and Diagram" on the static Pods step: the diagram marks them.
// handson-experiment: the walkthrough's "Scale CoreDNS Up by One": the confirmation (this demo runs outside VS Code,
// so its kind-named context is confirmed by name), then the result, with the Hands-on view offering to scale it
// back; the result goes to <out>-result.png.
// apply: "Apply to Cluster…" on a learner's Deployment that client-side `kubectl apply` created with one replica and
// an older image: the diff of the manifest against what kube-apiserver would store, headed by what server-side apply
// does with each field, under the confirmation that says what Apply with Force takes from kubectl's field manager;
// then the forced apply's result, to <out>-result.png.
// trace: "Trace a Workload…" on kube-system's coredns, then a scale to 3: the Trace view fills with the steps.
// trace-diagram: the same with the diagram open beside it, taken as it lights a live step.
// --saved-trace FILE (with trace or trace-diagram): instead, "Open a Saved Trace…" on FILE: the Trace view shows
// it whole (trace), or replays it 16× faster beside the diagram, taken as it lights a step (trace-diagram).
// limited: a user whom RBAC refuses the Nodes and kube-system's Pods (their Deployment runs two Pods on each
// worker in default): the tree from where they stand, what is hidden from them, and the diagram beside it.
// team: the same for the demo's restricted context team-dev, a developer with a Role in namespace team only.
// provenance: the hover on a field of a learner's Deployment whose live value is not what the manifest says
// (`kubectl set image` changed it after `kubectl apply`): who set the value now, with the evidence.
// why-node: "Why on This Node?" on the CoreDNS Pod of the first worker: the placement view beside the tree, and
// under the Pod's row what the default scores weigh; the tooltip of its room row goes to <out>-tooltip.png.
// first-paint: a cluster of 2,000 nodes whose whole lists take minutes: the tree and the diagram show the control
// plane and how many nodes there are while the rest is listed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../../scripts/vscode-host/hosts.mjs';
import { openWorkbench, windowSizes, workbenchOptions } from './workbench.support.mjs';

/** The learner's Deployment of the apply and provenance scenarios. */
const helloWebManifest = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: hello-web',
  'spec:',
  '  replicas: 2',
  '  selector:',
  '    matchLabels:',
  '      app: hello-web',
  '  template:',
  '    metadata:',
  '      labels:',
  '        app: hello-web',
  '    spec:',
  '      containers:',
  '        - name: nginx',
  '          image: nginx:1.27',
  '',
];

const { values: options } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'pending' },
    out: { type: 'string', default: 'workbench.png' },
    'saved-trace': { type: 'string' },
    ...workbenchOptions,
  },
});
const scenarios = [
  'ha',
  'pending',
  'handson',
  'handson-diagram',
  'handson-experiment',
  'apply',
  'trace',
  'trace-diagram',
  'limited',
  'team',
  'first-paint',
  'why-node',
  'provenance',
];
if (!scenarios.includes(options.scenario)) throw new Error(`--scenario is one of ${scenarios.join(', ')}, not ${options.scenario}`);
const japanese = options.locale === 'ja';

const cli = join(repoRoot, 'dist', 'cli.js');
if (!existsSync(cli)) throw new Error('dist/cli.js is missing: npm run build');
const root = mkdtempSync(join(tmpdir(), 'cluster-anatomy-workbench-'));
const kubeconfig = join(root, 'kubeconfig');
let demo;
let workbench;
try {
  // The demo cluster runs beside the server, as a user's cluster would; the extension reads its kubeconfig.
  const scenarioArgs = {
    ha: ['--control-planes', '3'],
    limited: ['--nodes', '3', '--pods-per-node', '2', '--forbid', 'nodes', '--forbid', 'pods:kube-system'],
    'first-paint': ['--nodes', '2000', '--list-latency', '300000'],
  };
  const demoArgs = [cli, 'demo', '--kubeconfig-out', kubeconfig, ...(scenarioArgs[options.scenario] ?? [])];
  demo = spawn(process.execPath, demoArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  for (let waited = 0; !existsSync(kubeconfig); waited += 100) {
    if (waited > 30_000) throw new Error('the demo cluster did not start');
    await new Promise((done) => setTimeout(done, 100));
  }
  const kubectl = (...args) => execFileSync('kubectl', args, { env: { ...process.env, KUBECONFIG: kubeconfig }, encoding: 'utf8' });
  // team: the demo's restricted learner, a ServiceAccount with a Role in namespace team and nothing cluster-wide.
  if (options.scenario === 'team') kubectl('config', 'use-context', 'team-dev');
  if (options.scenario === 'pending') {
    kubectl(
      'patch',
      'deployment',
      'coredns',
      '-n',
      'kube-system',
      '-p',
      '{"spec":{"template":{"spec":{"nodeSelector":{"disktype":"ssd"}}}}}',
    );
    // A Deployment of the user's that asks for more CPU than any node has: its replicas wait as one row.
    const web = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        replicas: 5,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '16' } } }] },
        },
      },
    };
    execFileSync('kubectl', ['apply', '-f', '-'], { env: { ...process.env, KUBECONFIG: kubeconfig }, input: JSON.stringify(web) });
  }

  workbench = await openWorkbench({ root, options, env: { KUBECONFIG: kubeconfig }, viewport: windowSizes[options.window] });
  const { page, host } = workbench;
  const rows = page.locator('.part.sidebar .monaco-list-row');
  const row = (text) => rows.filter({ hasText: text }).first();
  if (options.scenario === 'ha') {
    await row('multi-node-control-plane').waitFor({ timeout: 60_000 });
    await row('multi-node-control-plane2').click();
    await row('kube-scheduler').waitFor({ timeout: 10_000 });
    await rows
      .filter({ hasText: /^multi-node-control-plane(?!\d)/ })
      .first()
      .click();
    // The diagram beside the tree: the control plane's replicas, and which one leads.
    await page
      .locator('.part.sidebar .action-label[aria-label^="' + (japanese ? '構成図を表示' : 'Show Architecture Diagram') + '"]')
      .first()
      .click({ timeout: 10_000 });
    await page.waitForTimeout(4_000);
  } else if (options.scenario === 'first-paint') {
    await row(japanese ? '全 2,000 台のノードを一覧しています' : 'Listing all 2,000 nodes').waitFor({ timeout: 60_000 });
    await row('multi-node-control-plane').click();
    await page.keyboard.press('F1');
    await page.keyboard.type(japanese ? '構成図を表示' : 'Show Architecture Diagram');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(4_000);
  } else if (options.scenario === 'limited' || options.scenario === 'team') {
    const namespace = options.scenario === 'team' ? 'team' : 'default';
    await row(japanese ? 'あなたから見えるもの' : 'From where you stand').waitFor({ timeout: 60_000 });
    await row(japanese ? `Namespace ${namespace}` : `namespace ${namespace}`).waitFor({ timeout: 30_000 });
    // The diagram beside the tree: what the user sees, and what is hidden from them.
    await page.keyboard.press('F1');
    await page.keyboard.type(japanese ? '構成図を表示' : 'Show Architecture Diagram');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(4_000);
  } else if (options.scenario === 'apply') {
    await row('multi-node-control-plane').waitFor({ timeout: 60_000 });
    const manifest = helloWebManifest;
    writeFileSync(join(root, 'workspace', 'hello-web.yaml'), manifest.join('\n'));
    // Another field manager owns what the learner changes: kubectl's client-side apply made it with other values.
    execFileSync('kubectl', ['apply', '-f', '-'], {
      env: { ...process.env, KUBECONFIG: kubeconfig },
      input: manifest.join('\n').replace('replicas: 2', 'replicas: 1').replace('nginx:1.27', 'nginx:1.25'),
      encoding: 'utf8',
    });
    await page.keyboard.press('Control+P');
    await page.keyboard.type('hello-web.yaml');
    await page.waitForTimeout(1_000);
    await page.keyboard.press('Enter');
    await page.locator('.part.editor .monaco-editor').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_000);
    await page.keyboard.press('F1');
    await page.keyboard.type(japanese ? 'クラスタに適用' : 'Apply to Cluster');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_500);
    const file = resolve(options.out);
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    console.log(`[workbench] ${file}: the dry run's diff and the confirmation`);
    await dialog
      .locator('.monaco-button', { hasText: japanese ? '強制して適用' : 'Apply with Force' })
      .first()
      .click({ timeout: 10_000 });
    await page
      .locator('.notification-toast', { hasText: japanese ? 'に適用しました' : 'Applied to' })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    options.out = options.out.replace(/\.png$/, '-result.png');
  } else if (options.scenario === 'provenance') {
    await row('multi-node-control-plane').waitFor({ timeout: 60_000 });
    const manifest = helloWebManifest.join('\n');
    writeFileSync(join(root, 'workspace', 'hello-web.yaml'), manifest);
    kubectl('apply', '-f', join(root, 'workspace', 'hello-web.yaml'));
    // Another client changes the image afterwards: the live value is no longer the manifest's.
    kubectl('set', 'image', 'deployment/hello-web', 'nginx=nginx:1.28');
    await page.keyboard.press('Control+P');
    await page.keyboard.type('hello-web.yaml');
    await page.waitForTimeout(1_000);
    await page.keyboard.press('Enter');
    await page.locator('.part.editor .monaco-editor').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500);
    // The cursor on the image's value, then the keyboard's Show Hover; the mouse out of the way.
    await page.mouse.move(windowSizes[options.window].width - 20, windowSizes[options.window].height - 60);
    await page.keyboard.press('Control+G');
    await page.keyboard.type('17:20');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    await page.locator('.monaco-hover .hover-contents').first().waitFor({ timeout: 20_000 });
    // The live part of the hover arrives once the object has been read and dry-run.
    await page.waitForTimeout(4_000);
    const file = resolve(options.out);
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    // The live part follows the knowledge: Show Hover again focuses the hover, End scrolls it to its end.
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    await page.waitForTimeout(300);
    await page.keyboard.press('End');
    await page.waitForTimeout(800);
    await page.screenshot({ path: file.replace(/\.png$/, '-live.png') });
    console.log(`[workbench] ${file}: the provenance hover, and its live part (-live.png)`);
    options.out = options.out.replace(/\.png$/, '-after.png');
  } else if (options.scenario.startsWith('trace') && options['saved-trace']) {
    await row('multi-node-control-plane').waitFor({ timeout: 60_000 });
    const saved = join(root, 'workspace', 'saved.trace.json');
    writeFileSync(saved, readFileSync(resolve(options['saved-trace'])));
    const palette = async (title) => {
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').first().waitFor({ timeout: 10_000 });
      await page.keyboard.type(title);
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
    };
    if (options.scenario === 'trace-diagram') {
      await palette(japanese ? '構成図を表示' : 'Show Architecture Diagram');
      await page.waitForTimeout(3_000);
    }
    await palette(japanese ? '保存したトレースを開く' : 'Open a Saved Trace');
    // The server's own file dialog: a path typed in its input.
    await page.locator('.quick-input-widget input').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(saved);
    await page.waitForTimeout(800);
    await page.keyboard.press('Enter');
    await page
      .locator('.part.sidebar .pane-header', { hasText: japanese ? 'トレース' : 'Trace' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2_000);
    if (options.scenario === 'trace-diagram') {
      await palette(japanese ? '保存したトレースを再生' : 'Replay the Saved Trace');
      await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 10_000 });
      await page.keyboard.type('16');
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(2_500);
    }
  } else if (options.scenario.startsWith('trace')) {
    await row('multi-node-control-plane').waitFor({ timeout: 60_000 });
    if (options.scenario === 'trace-diagram') {
      await page.keyboard.press('F1');
      await page.keyboard.type(japanese ? '構成図を表示' : 'Show Architecture Diagram');
      await page.waitForTimeout(500);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(3_000);
    }
    await page.keyboard.press('F1');
    await page.keyboard.type(japanese ? 'ワークロードをトレース' : 'Trace a Workload');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    // The namespace, then the Deployment among kube-system's workloads, once each list is in.
    const choice = (text) => page.locator('.quick-input-widget .monaco-list-row', { hasText: text }).first();
    await choice('kube-system').waitFor({ timeout: 20_000 });
    await page.keyboard.type('kube-system');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await choice('DaemonSet').waitFor({ timeout: 20_000 });
    await page.keyboard.type('coredns');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page
      .locator('.part.sidebar .pane-header', { hasText: japanese ? 'トレース' : 'Trace' })
      .first()
      .waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2_000);
    kubectl('scale', 'deployment', 'coredns', '-n', 'kube-system', '--replicas=3');
    if (options.scenario === 'trace') {
      // The Trace view as it opens, under the tree in the sidebar at its default width.
      await page.waitForTimeout(5_000);
    } else {
      // Taken while the scale-up's steps are being lit, one after another.
      await page.waitForTimeout(1_200);
    }
  } else if (options.scenario.startsWith('handson')) {
    await row('multi-node-control-plane').waitFor({ timeout: 60_000 });
    await page.keyboard.press('F1');
    await page.keyboard.type(japanese ? '「手元で試す」のウォークスルーを開く' : 'Open the Hands-On Walkthrough');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    // The hands-on view, opened under the tree; the Lease step ticks after the next renewals (10 s on the demo).
    await page
      .locator('.part.sidebar .pane-header', { hasText: japanese ? '手元で試す' : 'Hands-On' })
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForTimeout(22_000);
    const welcome = page.locator('.part.editor');
    await welcome
      .getByText(japanese ? 'static Pod を見分ける' : 'Tell the static Pods apart', { exact: true })
      .first()
      .click({ timeout: 10_000 });
    await page.waitForTimeout(1_000);
    if (options.scenario === 'handson-experiment') {
      await welcome
        .getByText(japanese ? '実験：コンポーネントが動くのを見る' : 'Experiments: see the components act', { exact: true })
        .first()
        .click({ timeout: 10_000 });
      await welcome
        .getByText(japanese ? 'CoreDNS を 1 つ増やす' : 'Scale CoreDNS Up by One', { exact: true })
        .locator('visible=true')
        .first()
        .click({ timeout: 10_000 });
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(1_000);
      const file = resolve(options.out);
      mkdirSync(dirname(file), { recursive: true });
      await page.screenshot({ path: file });
      console.log(`[workbench] ${file}: the confirmation`);
      await dialog
        .locator('.monaco-button', { hasText: japanese ? 'で実行する' : 'Run on ' })
        .first()
        .click({ timeout: 10_000 });
      await page
        .locator('.notification-toast', { hasText: japanese ? '秒後に確かめました' : 'Seen after' })
        .first()
        .waitFor({ timeout: 60_000 });
      // The anatomy tree folds away: the Hands-on view shows the undo at its top.
      await page
        .locator('.part.sidebar .pane-header', { hasText: /^Cluster Anatomy/ })
        .first()
        .click({ timeout: 10_000 });
      await page.waitForTimeout(1_000);
      options.out = options.out.replace(/\.png$/, '-result.png');
    } else if (options.scenario === 'handson-diagram') {
      // Every step has the button; only the open step's is visible.
      await welcome
        .getByText(japanese ? 'ツリーと図で示す' : 'Show in the Tree and Diagram', { exact: true })
        .locator('visible=true')
        .first()
        .click({ timeout: 10_000 });
      await page.waitForTimeout(5_000);
    } else {
      // The learner runs the step from its button: the terminal shows what kubectl printed, and the step ticks.
      await welcome
        .getByText(japanese ? 'ターミナルで実行する' : 'Run in a Terminal', { exact: true })
        .locator('visible=true')
        .first()
        .click({ timeout: 10_000 });
      await page.waitForTimeout(4_000);
      // The anatomy tree folds away so the Hands-on view has the sidebar; its static Pods step opens on what it saw.
      await page
        .locator('.part.sidebar .pane-header', { hasText: japanese ? /^クラスタ/ : /^Cluster(?! Anatomy)/ })
        .first()
        .click({ timeout: 10_000 });
      await row(japanese ? '3. static Pod を見分ける' : '3. Telling the static Pods apart').click({ timeout: 10_000 });
      await page.waitForTimeout(1_500);
    }
  } else if (options.scenario === 'why-node') {
    // The first worker's CoreDNS Pod: its node opened, the control plane closed so the answer shows at the top.
    const worker = rows.filter({ hasText: /^multi-node-worker(?!\d)/ }).first();
    await worker.waitFor({ timeout: 60_000 });
    const controlPlane = rows.filter({ hasText: new RegExp(`^${japanese ? 'コントロールプレーン' : 'Control plane'}`) }).first();
    if (await controlPlane.count()) await controlPlane.click();
    await worker.click();
    // The node's tooltip would cover its rows.
    await page.mouse.move(windowSizes[options.window].width - 20, windowSizes[options.window].height - 20);
    const pod = rows.filter({ hasText: /^coredns/ }).first();
    await pod.click({ button: 'right', timeout: 10_000 });
    await page
      .locator('.context-view .action-label', { hasText: japanese ? 'なぜこのノードに？' : 'Why on This Node?' })
      .first()
      .click({ timeout: 10_000 });
    const room = row(japanese ? '残りの空き' : 'Room left');
    await room.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(3_000);
    await room.hover();
    await page.waitForTimeout(2_500);
    await page.screenshot({ path: resolve(options.out.replace(/\.png$/, '-tooltip.png')) });
  } else {
    const section = row(japanese ? 'ノード待ち' : 'Waiting for a node');
    await section.waitFor({ timeout: 60_000 });
    // The other sections close, so the waiting Pods show at the top of the sidebar.
    for (const other of japanese ? ['コントロールプレーン', 'ノード'] : ['Control plane', 'Nodes']) {
      const header = rows.filter({ hasText: new RegExp(`^${other}`) }).first();
      if (await header.count()) await header.click();
    }
    // The Deployment's row (its replicas wait for one reason), opened to its Pods.
    await row(japanese ? '5 レプリカ' : '5 replicas').waitFor({ timeout: 30_000 });
    await rows
      .filter({ hasText: /^coredns/ })
      .first()
      .click();
    const waiting = row('coredns-');
    await waiting.click();
    await row(japanese ? 'いま収まるノード' : 'Fits now').waitFor({ timeout: 30_000 });
    await waiting.click({ button: 'right' });
    await page
      .locator('.context-view .action-label', { hasText: japanese ? 'どこで動ける？' : 'Where Can It Run?' })
      .first()
      .click({ timeout: 10_000 });
    await page.waitForTimeout(4_000);
  }
  // Escape closes what a click left open; it would also clear the diagram's marks and the experiment's result.
  if (!['handson-diagram', 'handson-experiment', 'apply', 'trace-diagram', 'provenance'].includes(options.scenario))
    await page.keyboard.press('Escape');
  await page.mouse.move(windowSizes[options.window].width - 20, windowSizes[options.window].height - 20);
  if (options.scenario !== 'trace-diagram') await page.waitForTimeout(2_000);
  const file = resolve(options.out);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  if (options.scenario === 'pending') {
    // The waiting Pod's suggestion, with its tooltip: the change, the nodes it fits then, and its edit.
    await row('nodeSelector disktype=ssd').hover();
    await page.waitForTimeout(2_500);
    await page.screenshot({ path: file.replace(/\.png$/, '-suggestion.png') });
  }
  console.log(`[workbench] ${file}: ${options.scenario}, VS Code ${host.vscode}, ${options.locale ?? 'en'}, ${options.theme}`);
} finally {
  await workbench?.stop();
  demo?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}
