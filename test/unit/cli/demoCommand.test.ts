import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createDemoCommand } from '../../../src/cli/demoCommand';
import { runCli } from '../../../src/cli/run';

function capture() {
  let stdout = '';
  let stderr = '';
  return {
    io: { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {} },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

describe('cluster-anatomy demo', () => {
  it('writes a kubeconfig to the given file, prints how to use it without the token, and stops on request', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'demo-command-'));
    const file = join(directory, 'demo.yaml');
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const output = capture();
    try {
      const running = runCli(
        [
          'demo',
          '--kubeconfig-out',
          file,
          '--context-name',
          'my-demo',
          '--stop-heartbeat',
          'multi-node-worker2',
          '--forbid',
          'pods:kube-system',
        ],
        output.io,
        [createDemoCommand(() => stopped)],
      );
      for (let attempt = 0; attempt < 100 && !output.stdout.includes('Ctrl+C'); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const kubeconfig = parse(readFileSync(file, 'utf8'));
      assert.equal(kubeconfig['current-context'], 'my-demo');
      assert.match(kubeconfig.clusters[0].cluster.server, /^https:\/\/127\.0\.0\.1:\d+$/);
      assert.match(output.stdout, new RegExp(`export KUBECONFIG=${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      assert.match(output.stdout, /kubectl get nodes/);
      assert.ok(!output.stdout.includes(kubeconfig.users[0].user.token), 'the token is never printed');
      const response = await fetch(`${kubeconfig.clusters[0].cluster.server}/healthz`).catch((error: Error) => error);
      assert.ok(response instanceof Error, 'the server is HTTPS with its own CA, not plain HTTP');
      stop();
      assert.equal(await running, 0);
      assert.match(output.stdout, /Stopping the demo cluster/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('removes its temporary kubeconfig when it stops', async () => {
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const output = capture();
    const running = runCli(['demo'], output.io, [createDemoCommand(() => stopped)]);
    for (let attempt = 0; attempt < 100 && !output.stdout.includes('Ctrl+C'); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const path = /Kubeconfig: (\S+)/.exec(output.stdout)![1]!;
    assert.ok(existsSync(path));
    stop();
    assert.equal(await running, 0);
    assert.ok(!existsSync(path));
  });

  it('never writes over a kubeconfig the user relies on, nor over an existing file without --force', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'demo-command-'));
    try {
      const home = join(directory, 'home');
      mkdirSync(join(home, '.kube'), { recursive: true });
      const userConfig = join(home, '.kube', 'config');
      writeFileSync(userConfig, 'apiVersion: v1\nkind: Config\n');
      const link = join(directory, 'link.yaml');
      symlinkSync(userConfig, link);
      const listed = join(directory, 'listed.yaml');
      writeFileSync(listed, 'apiVersion: v1\n');
      const existing = join(directory, 'existing.yaml');
      writeFileSync(existing, 'keep me\n', { mode: 0o644 });
      const env = { HOME: home, KUBECONFIG: listed };
      for (const target of [userConfig, link, listed, existing]) {
        const output = capture();
        const code = await runCli(['demo', '--kubeconfig-out', target], { ...output.io, env }, [
          createDemoCommand(() => Promise.resolve()),
        ]);
        assert.equal(code, 2, `${target}: ${output.stderr}`);
      }
      assert.equal(readFileSync(userConfig, 'utf8'), 'apiVersion: v1\nkind: Config\n');
      assert.equal(readFileSync(listed, 'utf8'), 'apiVersion: v1\n');
      assert.equal(readFileSync(existing, 'utf8'), 'keep me\n');
      // --force replaces a file that is not the user's kubeconfig, and closes it to others.
      const output = capture();
      const code = await runCli(['demo', '--kubeconfig-out', existing, '--force'], { ...output.io, env }, [
        createDemoCommand(() => Promise.resolve()),
      ]);
      assert.equal(code, 0, output.stderr);
      assert.match(readFileSync(existing, 'utf8'), /kind: Config/);
      assert.equal(statSync(existing).mode & 0o777, 0o600);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('rejects bad flags with exit code 2', async () => {
    for (const args of [
      ['--port', 'abc'],
      ['--pods-per-node', '3'],
      ['--nodes', '0'],
      ['--time-scale', '-1'],
      ['--bogus'],
      ['--stop-heartbeat', 'no-such-node'],
      ['--forbid', 'widgets'],
      ['--control-planes', '0'],
      ['--control-planes', '3', '--nodes', '3'],
    ]) {
      const output = capture();
      const code = await runCli(['demo', ...args], output.io, [createDemoCommand(() => Promise.resolve())]);
      assert.equal(code, 2, `${args.join(' ')}: ${output.stderr}`);
    }
  });
});
