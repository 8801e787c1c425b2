// A live trace on the diagram, in Chromium with a stub host: each `traceStep` lights the walk-through step its
// component travels (on the node it names), with a caption of cluster text set as text; steps that come faster
// than a person reads wait their turn; `traceEnded` puts the light out; the toolbar asks the host for a trace.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { ClusterAnatomy } from '../../src/core/anatomy/types';
import { defaultDiagramStrings } from '../../src/core/diagram/strings';
import type { HostToWebviewMessage, RenderReport, TraceStepMessage, WebviewToHostMessage } from '../../src/protocol/diagramProtocol';
import { kindAnatomy } from '../fixtures/anatomy/builders';
import { type BrowserLike, type BrowserPage, openStubPage, startStubServer } from './stubHost';

const screenshots = join(__dirname, 'screenshots');
const hostile = '<img src=x onerror=alert(1)>';

interface PageElement {
  getAttribute(name: string): string | null;
  readonly textContent: string | null;
  readonly children: ArrayLike<PageElement> & Iterable<PageElement>;
  readonly attributes: Iterable<{ readonly name: string }>;
  readonly hidden?: boolean;
}
declare const window: { sent: WebviewToHostMessage[]; dispatchEvent(event: unknown): boolean };
declare const MessageEvent: new (type: string, init: { data: unknown }) => unknown;
declare const document: {
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
  querySelector(selector: string): PageElement | null;
};

function fresh(anatomy: ClusterAnatomy): ClusterAnatomy {
  const now = new Date().toISOString();
  return { ...anatomy, nodes: anatomy.nodes.map((node) => (node.lease ? { ...node, lease: { ...node.lease, renewTime: now } } : node)) };
}

describe('a live trace on the diagram in Chromium', function () {
  this.timeout(60_000);
  let server: Server;
  let browser: BrowserLike;
  let page: BrowserPage;
  const problems: string[] = [];

  before(async () => {
    mkdirSync(screenshots, { recursive: true });
    const started = await startStubServer();
    server = started.server;
    ({ browser, page } = await openStubPage(started.url, problems));
    await post({ type: 'locale', locale: 'en', strings: defaultDiagramStrings });
    await post({ type: 'snapshot', anatomy: fresh(kindAnatomy()) });
    await page.waitForFunction(() => window.sent.some((m) => m.type === 'rendered'), undefined, { timeout: 10_000 });
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  afterEach(() => assert.deepEqual(problems.splice(0), [], 'no page errors and no dialogs'));

  const post = (message: HostToWebviewMessage) =>
    page.evaluate((m) => void window.dispatchEvent(new MessageEvent('message', { data: m })), message);
  const lit = () =>
    page.evaluate(() => ({
      edges: [...document.querySelectorAll('.ca-edge.ca-lit')].map(
        (e) =>
          `${e.getAttribute('data-kind')} ${e.getAttribute('data-from')}${e.getAttribute('data-node') ? `@${e.getAttribute('data-node')}` : ''}`,
      ),
      boxes: [...document.querySelectorAll('.ca-box.ca-lit')].map((e) => e.getAttribute('data-id')),
      caption: [...(document.querySelector('.ca-caption')?.children ?? [])].map((line) => line.textContent),
      walking: document.querySelector('svg.ca-walking') !== null,
    }));
  const lastReport = () =>
    page.evaluate(() =>
      window.sent
        .filter((m) => m.type === 'rendered')
        .map((m) => (m as { report: RenderReport }).report)
        .pop(),
    );
  const step = (fields: Partial<TraceStepMessage> & Pick<TraceStepMessage, 'walkStep' | 'caption'>): TraceStepMessage => ({
    type: 'traceStep',
    component: 'kube-scheduler (default-scheduler)',
    time: '14:11:21',
    ...fields,
  });

  it("lights the scheduler's edges for a binding, with the step's sentence, component and time as text", async () => {
    const caption = `Pod coredns-${hostile} bound to node multi-node-worker`;
    await post(step({ walkStep: 3, caption }));
    const shown = await lit();
    assert.deepEqual([...new Set(shown.edges)].sort(), ['watch kube-scheduler', 'write-back kube-scheduler']);
    assert.deepEqual([...shown.boxes].sort(), ['cp:kube-apiserver', 'cp:kube-scheduler']);
    assert.deepEqual(shown.caption, ['Live trace · 14:11:21 · kube-scheduler (default-scheduler)', caption]);
    assert.equal(shown.walking, true);
    const injected = await page.evaluate(() => ({
      images: document.querySelectorAll('img').length,
      handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
    }));
    assert.deepEqual(injected, { images: 0, handlers: 0 }, 'cluster text is never parsed as markup');
    const report = await lastReport();
    assert.equal(report?.liveTrace?.caption, `Live trace · 14:11:21 · kube-scheduler (default-scheduler)\n${caption}`);
    assert.equal(
      await page.evaluate(() => document.querySelector('[data-action="walk"]')?.getAttribute('aria-pressed')),
      'false',
      'a live trace is not the canned tour',
    );
  });

  it('shows a step that comes at once only after the one before has been readable, on the node it names', async () => {
    await post(
      step({
        walkStep: 4,
        caption: 'coredns-abc: container coredns started on multi-node-worker2',
        component: 'kubelet',
        node: 'multi-node-worker2',
      }),
    );
    assert.equal((await lit()).caption[1], `Pod coredns-${hostile} bound to node multi-node-worker`, 'the binding is still shown');
    await page.waitForFunction(() => (document.querySelector('.ca-caption')?.textContent ?? '').includes('started on'), undefined, {
      timeout: 5_000,
    });
    const shown = await lit();
    assert.deepEqual([...new Set(shown.edges)].sort(), [
      'cri kubelet@multi-node-worker2',
      'runs container-runtime@multi-node-worker2',
      'watch kubelet@multi-node-worker2',
    ]);
    assert.ok(shown.boxes.includes('node:multi-node-worker2:kubelet'), shown.boxes.join());
    await page.screenshot({ path: join(screenshots, 'trace-step.png') });
  });

  it('counts alike steps that crowd in, instead of replaying each', async () => {
    // Once the step before has been shown long enough, the first of the burst shows at once.
    await new Promise((resolve) => setTimeout(resolve, 800));
    await post(
      step({
        walkStep: 2,
        caption: 'Pod a created by replicaset-controller',
        component: 'kube-controller-manager (replicaset-controller)',
      }),
    );
    for (const name of ['b', 'c', 'd'])
      await post(
        step({
          walkStep: 2,
          caption: `Pod ${name} created by replicaset-controller`,
          component: 'kube-controller-manager (replicaset-controller)',
        }),
      );
    await page.waitForFunction(() => (document.querySelector('.ca-caption')?.textContent ?? '').includes('Pod d created'), undefined, {
      timeout: 5_000,
    });
    assert.equal((await lit()).caption[1], 'Pod d created by replicaset-controller (and 2 more)');
  });

  it('puts the light and the caption out when the trace ends', async () => {
    await post({ type: 'traceEnded' });
    const shown = await lit();
    assert.deepEqual(shown, { edges: [], boxes: [], caption: [], walking: false });
    assert.equal(await page.evaluate(() => document.querySelector('.ca-caption')?.textContent), '');
    assert.equal((await lastReport())?.liveTrace, undefined);
  });

  const captionShows = (text: string) =>
    page.waitForFunction((wanted) => (document.querySelector('.ca-caption')?.textContent ?? '').includes(wanted), text, { timeout: 5_000 });
  const captionBarHidden = () => page.evaluate(() => document.querySelector('.ca-caption-bar')?.hidden);

  it("lights the path of who did the step: a node-controller Event lights kube-controller-manager ↔ kube-apiserver, not the client's request", async () => {
    // The timeline files an Event under the first walk-through step (the client's request): the path is its sender's.
    await post(
      step({
        walkStep: 0,
        caption: 'Event NodeNotReady from node-controller: Node multi-node-worker status is now: NodeNotReady',
        component: 'kube-controller-manager (node-controller)',
        by: 'kube-controller-manager',
      }),
    );
    const shown = await lit();
    assert.deepEqual([...shown.boxes].sort(), ['cp:kube-apiserver', 'cp:kube-controller-manager']);
    assert.deepEqual([...new Set(shown.edges)].sort(), ['watch kube-controller-manager', 'write-back kube-controller-manager']);
    assert.equal(shown.walking, true);
  });

  it('leaves nothing stale lit when a step has no path on the drawing, and keeps its caption', async () => {
    await post(step({ walkStep: 0, caption: 'Event Custom from my-operator: it did something', component: 'my-operator', by: 'other' }));
    await captionShows('my-operator: it did something');
    const shown = await lit();
    assert.deepEqual({ edges: shown.edges, boxes: shown.boxes, walking: shown.walking }, { edges: [], boxes: [], walking: false });
    assert.equal(shown.caption[1], 'Event Custom from my-operator: it did something');
    assert.deepEqual((await lastReport())?.liveTrace?.litBoxes, []);
  });

  it('says in the caption which trace lights the drawing and which of its steps, and offers to stop', async () => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await post(
      step({
        walkStep: 3,
        caption: 'Pod coredns-x bound to node multi-node-worker',
        subject: 'Deployment kube-system/coredns',
        position: { index: 3, count: 8 },
        live: true,
      }),
    );
    await captionShows('coredns-x bound');
    const shown = await lit();
    assert.equal(shown.caption[0], 'Trace of Deployment kube-system/coredns: step 3 of 8 · 14:11:21 · kube-scheduler (default-scheduler)');
    const buttons = await page.evaluate(() =>
      [...document.querySelectorAll('.ca-caption-bar button')].filter((b) => !b.hidden).map((b) => b.textContent),
    );
    assert.deepEqual(buttons, ['Stop the Trace', 'Stop lighting']);
  });

  it('returns to the plain drawing from the caption\'s "Stop lighting", and asks the host to stop from "Stop the Trace"', async () => {
    await page.click('[data-action="stopLighting"]');
    assert.deepEqual(await lit(), { edges: [], boxes: [], caption: [], walking: false });
    assert.equal(await captionBarHidden(), true);
    assert.equal((await lastReport())?.liveTrace, undefined, 'the host hears the light is out');
    // A new step lights it again; Escape anywhere puts it out; "Stop the Trace" asks the host.
    await post(step({ walkStep: 3, caption: 'Pod coredns-y bound to node multi-node-worker', live: true }));
    await captionShows('coredns-y bound');
    assert.equal((await lit()).walking, true);
    await page.keyboard.press('Escape');
    assert.deepEqual(await lit(), { edges: [], boxes: [], caption: [], walking: false });
    await new Promise((resolve) => setTimeout(resolve, 800));
    await post(step({ walkStep: 3, caption: 'Pod coredns-z bound to node multi-node-worker', live: true }));
    await captionShows('coredns-z bound');
    await page.evaluate(() => void (window.sent = []));
    await page.click('[data-action="stopTrace"]');
    assert.deepEqual(
      (await page.evaluate(() => window.sent)).filter((m) => m.type === 'stopTrace'),
      [{ type: 'stopTrace' }],
    );
    assert.equal((await lit()).walking, false);
  });

  it('fades back to the plain drawing a few seconds after the last step, while the trace still runs', async () => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await post(step({ walkStep: 3, caption: 'Pod coredns-q bound to node multi-node-worker', live: true }));
    await captionShows('coredns-q bound');
    assert.equal((await lit()).walking, true);
    // No traceEnded: the trace is quiet, not over.
    await page.waitForFunction(
      () => document.querySelector('svg.ca-walking') === null && document.querySelectorAll('.ca-lit').length === 0,
      undefined,
      {
        timeout: 15_000,
      },
    );
    assert.deepEqual(await lit(), { edges: [], boxes: [], caption: [], walking: false });
    assert.equal(await captionBarHidden(), true);
    assert.equal((await lastReport())?.liveTrace, undefined);
    await post(step({ walkStep: 3, caption: 'Pod coredns-r bound to node multi-node-worker', live: true }));
    await captionShows('coredns-r bound');
    assert.equal((await lit()).walking, true, 'a new step lights it again');
    await post({ type: 'traceEnded' });
  });

  it('ignores a step of a walk-through step that does not exist', async () => {
    await page.evaluate(() => void (window.sent = []));
    await post({ type: 'traceStep', walkStep: 9, caption: 'x', component: 'y', time: 'z' } as TraceStepMessage);
    assert.equal((await lit()).walking, false);
    assert.ok(
      (await page.evaluate(() => window.sent)).some((m) => m.type === 'error'),
      'reported as a message of unknown shape',
    );
  });

  it('offers "Trace" on each box that stands for a Pod through VS Code\'s webview context menu, and on no other', async () => {
    const contexts = await page.evaluate(() =>
      [...document.querySelectorAll('[data-vscode-context]')].map((element) => ({
        component: element.getAttribute('data-component'),
        context: element.getAttribute('data-vscode-context'),
      })),
    );
    const pods = await page.evaluate(() => document.querySelectorAll('[data-component="pod"]').length);
    assert.ok(pods > 0);
    // Every Pod box, and the control-plane components' boxes (each stands for its static Pod); no node or kubelet.
    assert.equal(contexts.filter((entry) => entry.component === 'pod').length, pods);
    const others = contexts.filter((entry) => entry.component !== 'pod');
    assert.deepEqual(others.map((entry) => entry.component).sort(), [
      'etcd',
      'kube-apiserver',
      'kube-controller-manager',
      'kube-scheduler',
    ]);
    for (const entry of others)
      assert.equal((JSON.parse(entry.context!) as { name: string }).name, `${entry.component}-multi-node-control-plane`);
    const coredns = contexts
      .map((entry) => JSON.parse(entry.context!) as Record<string, unknown>)
      .find((context) => String(context.name).startsWith('coredns-'));
    assert.deepEqual(Object.keys(coredns ?? {}).sort(), ['name', 'namespace', 'preventDefaultContextMenuItems', 'webviewSection']);
    assert.equal(coredns!.webviewSection, 'pod');
    assert.equal(coredns!.namespace, 'kube-system');
  });

  it('asks the host for a live trace from the toolbar, next to the canned tour', async () => {
    await page.evaluate(() => void (window.sent = []));
    assert.equal(await page.evaluate(() => document.querySelector('[data-action="traceLive"]')?.getAttribute('aria-label')), 'Trace live');
    await page.click('[data-action="traceLive"]');
    assert.deepEqual(
      (await page.evaluate(() => window.sent)).filter((m) => m.type === 'traceLive'),
      [{ type: 'traceLive' }],
    );
  });
});
