// The tutorial's hands-on in a real VS Code on the demo cluster: the walkthrough is contributed and opens, every
// step's check holds, yet no step ticks until the learner runs it (from its button, or typed in a terminal with
// shell integration); a ticked step that stops holding says so; a step's commands go to a terminal that reads the
// same kubeconfig, and a step's objects are marked in the diagram.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ClusterAnatomyApi } from '../../../src/ui/api';
import type { HandsOnStepId } from '../../../src/core/handsOn/checks';
import { until } from '../../support/until';

const extensionId = 'cluster-anatomy.cluster-anatomy';

describe('the hands-on walkthrough', function () {
  this.timeout(90_000);
  let api: ClusterAnatomyApi;
  let context: string;

  before(async () => {
    api = await vscode.extensions.getExtension<ClusterAnatomyApi>(extensionId)!.activate();
    // A demo an earlier file left open runs on the real clock: this one needs the fast clock (a 2.5 s grace period).
    await vscode.commands.executeCommand('clusterAnatomy.stopDemoCluster');
    const opened = await vscode.commands.executeCommand<{ context: string } | undefined>('clusterAnatomy.openDemoCluster', {
      timeScale: 20,
      leaseRenewSeconds: 1,
    });
    assert.ok(opened, 'the demo cluster opened');
    context = opened.context;
    await until('a connection to the demo', () => api.connectionStatus?.state === 'connected' && api.contextStatus.context === context);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // A terminal left running makes the window ask before it closes.
    for (const terminal of vscode.window.terminals) if (terminal.name === 'Cluster Anatomy: hands-on') terminal.dispose();
  });

  const stateOf = (id: HandsOnStepId) => api.handsOnProgress().find((step) => step.id === id)?.state;

  it("is contributed with a step for each of the article's checks, each ticking on its own context key", () => {
    const walkthroughs = vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.walkthroughs as {
      id: string;
      steps: { id: string; completionEvents: string[] }[];
    }[];
    const steps = walkthroughs.find((walkthrough) => walkthrough.id === 'clusterAnatomy.handsOn')!.steps;
    for (const id of ['nodes', 'kubeSystemPods', 'staticPods', 'workloads', 'nodeAgents', 'leases']) {
      assert.deepEqual(steps.find((step) => step.id === id)?.completionEvents, [`onContext:clusterAnatomy.handsOn.${id}.done`], id);
    }
    // Getting a cluster is done by opening one, not by its first check holding.
    assert.ok(steps.find((step) => step.id === 'open')!.completionEvents.includes('onCommand:clusterAnatomy.openDemoCluster'));
  });

  it('opens, and every step holds on the demo once each Lease has been seen to renew', async () => {
    await vscode.commands.executeCommand('clusterAnatomy.openHandsOn');
    const report = await until(
      () => `every step to hold: ${JSON.stringify(api.handsOn()?.steps.map((step) => [step.id, step.outcome]))}`,
      () => (api.handsOn()?.allDone ? api.handsOn() : undefined),
      30_000,
      200,
    );
    assert.equal(report.context, context);
    // The walkthrough's step "kube-system's Pods" found the article's four static Pods on the control-plane node.
    const pods = report.steps.find((step) => step.id === 'kubeSystemPods')!;
    assert.deepEqual(
      pods.findings.filter((finding) => finding.code === 'staticPod').map((finding) => finding.names),
      [
        ['etcd-multi-node-control-plane'],
        ['kube-apiserver-multi-node-control-plane'],
        ['kube-controller-manager-multi-node-control-plane'],
        ['kube-scheduler-multi-node-control-plane'],
      ],
    );
    // CLUSTER_ANATOMY_HANDS_ON_SCREENSHOT=1 node scripts/vscode-host/run.mjs --screenshot handson.png --tests …handsOn.test.js
    if (process.env.CLUSTER_ANATOMY_HANDS_ON_SCREENSHOT === '1') {
      await vscode.commands.executeCommand('clusterAnatomy.handsOn.focus');
      await new Promise((done) => setTimeout(done, 2000));
      console.log('[cluster-anatomy-screenshot]');
      await new Promise((done) => setTimeout(done, 1500));
    }
  });

  it('ticks no step before the learner has run it, though every check holds', () => {
    assert.deepEqual(
      api.handsOnProgress().map((step) => [step.id, step.state]),
      ['nodes', 'kubeSystemPods', 'staticPods', 'workloads', 'nodeAgents', 'leases'].map((id) => [id, 'not-run']),
    );
  });

  it("ticks a step run from its own button (the walkthrough's context key turns true)", async () => {
    await vscode.commands.executeCommand('clusterAnatomy.handsOn.runInTerminal', 'nodes');
    await until('the nodes step to be run and hold', () => stateOf('nodes') === 'holds', 30_000, 200);
    assert.equal(stateOf('kubeSystemPods'), 'not-run');
  });

  it('ticks a step typed in a terminal with shell integration', async () => {
    const handsOnTerminal = vscode.window.terminals.find((candidate) => candidate.name === 'Cluster Anatomy: hands-on');
    const env = (handsOnTerminal?.creationOptions as vscode.TerminalOptions | undefined)?.env ?? {};
    // An empty home: the machine's own ~/.bashrc (a version manager's rehash can wait a minute on its lock) is not
    // what is tested, and bash with VS Code's shell integration starts at once without it.
    const home = mkdtempSync(join(tmpdir(), 'hands-on-home-'));
    const terminal = vscode.window.createTerminal({
      name: 'hands-on typed',
      shellPath: '/bin/bash',
      env: { KUBECONFIG: env.KUBECONFIG ?? '', HOME: home },
    });
    terminal.show(true);
    try {
      const integration = await new Promise<vscode.TerminalShellIntegration | undefined>((resolve) => {
        if (terminal.shellIntegration) return resolve(terminal.shellIntegration);
        const timer = setTimeout(() => resolve(undefined), 30_000);
        const subscription = vscode.window.onDidChangeTerminalShellIntegration((event) => {
          if (event.terminal !== terminal) return;
          clearTimeout(timer);
          subscription.dispose();
          resolve(event.shellIntegration);
        });
      });
      assert.ok(integration, 'bash reports its commands to VS Code (shell integration)');
      assert.equal(stateOf('workloads'), 'not-run');
      // One command at a time, as a learner types them: each is run to its end before the next.
      const run = (commandLine: string) =>
        new Promise<number | undefined>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no end of "${commandLine}" reported in 30 s`)), 30_000);
          const execution = integration.executeCommand(commandLine);
          const subscription = vscode.window.onDidEndTerminalShellExecution((event) => {
            if (event.execution !== execution) return;
            clearTimeout(timer);
            subscription.dispose();
            resolve(event.exitCode);
          });
        });
      assert.equal(await run(`kubectl get ds,deploy --namespace=kube-system --context ${context}`), 0);
      assert.equal(await run('kubectl get svc -n kube-system'), 0);
      await until('the workloads step to be run and hold', () => stateOf('workloads') === 'holds', 30_000, 200);
      // A command the step does not have ticks nothing.
      await run('kubectl get pods -n default');
      assert.equal(stateOf('kubeSystemPods'), 'not-run');
    } finally {
      terminal.dispose();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("a step's check names what it saw; a ticked step that breaks says it no longer holds, and why", async () => {
    const node = 'multi-node-worker2';
    api.demoCluster!.control.stopHeartbeat(node);
    try {
      const nodes = await until(
        'the nodes step to fail on the stopped node',
        () => api.handsOn()?.steps.find((step) => step.id === 'nodes' && step.outcome === 'fails'),
        30_000,
        200,
      );
      assert.deepEqual(nodes.findings[0]!.names, [node]);
      const progress = await until(
        'the nodes step to no longer hold',
        () => api.handsOnProgress().find((step) => step.id === 'nodes' && step.state === 'no-longer-holds'),
        30_000,
        200,
      );
      assert.deepEqual(
        progress.why.map((finding) => finding.names),
        [[node]],
      );
    } finally {
      api.demoCluster!.control.resumeHeartbeat(node);
    }
    await until(
      'the nodes step to hold again',
      () => api.handsOn()?.steps.find((step) => step.id === 'nodes')?.outcome === 'done' && stateOf('nodes') === 'holds',
      30_000,
      200,
    );
  });

  it("runs a step's commands in a terminal that reads the same kubeconfig; its objects are marked in the diagram", async () => {
    await vscode.commands.executeCommand('clusterAnatomy.handsOn.runInTerminal', 'staticPods');
    const terminal = await until('the hands-on terminal', () =>
      vscode.window.terminals.find((candidate) => candidate.name === 'Cluster Anatomy: hands-on'),
    );
    const env = (terminal.creationOptions as vscode.TerminalOptions).env ?? {};
    assert.match(env.KUBECONFIG ?? '', /demo-kubeconfig-\d+\.yaml/);
    await vscode.commands.executeCommand('clusterAnatomy.handsOn.show', 'staticPods');
    // The diagram marks the four static Pods on the control-plane node, and nothing else.
    const marked = await until(
      'the diagram to mark the static Pods',
      () => {
        const highlighted = api.lastDiagramRender()?.highlighted;
        return highlighted && highlighted.length >= 4 ? highlighted : undefined;
      },
      30_000,
      200,
    );
    assert.ok(
      marked.every((id) => id.startsWith('node:multi-node-control-plane')),
      marked.join(', '),
    );
    for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      assert.ok(
        marked.some((id) => id.includes(component)),
        `${component} in ${marked.join(', ')}`,
      );
    }
    // Another step replaces the marks: the DaemonSets' Pods are on every node.
    await vscode.commands.executeCommand('clusterAnatomy.handsOn.show', 'nodes');
    await until(
      'the diagram to mark the three nodes',
      () =>
        JSON.stringify(api.lastDiagramRender()?.highlighted) ===
        JSON.stringify(['node:multi-node-control-plane', 'node:multi-node-worker', 'node:multi-node-worker2']),
      30_000,
      200,
    );
  });
});
