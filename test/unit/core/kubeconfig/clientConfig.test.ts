// The client-node KubeConfig built for one context, and the trust gate in front of exec plugins.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { isKubeconfigProblem } from '../../../../src/core/kubeconfig/clientConfig';
import { KubeconfigService } from '../../../../src/core/kubeconfig/kubeconfigService';
import { makeExecutable, tempDir, type TempDir } from './kubeconfigFixtures';

describe('client config for a context', () => {
  let dir: TempDir;
  let marker: string;
  let service: KubeconfigService;

  beforeEach(() => {
    dir = tempDir();
    marker = dir.path('plugin-ran');
    // An exec plugin that leaves a trace when it runs.
    makeExecutable(
      dir.path('bin/cloud-login'),
      [
        '#!/bin/sh',
        `touch '${marker}'`,
        'echo \'{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"exec-issued-token"}}\'',
        '',
      ].join('\n'),
    );
    dir.file('conf/ca.crt', 'not really a CA');
    dir.file('conf/token', 'file-token-value\n');
    const first = dir.file(
      'conf/first.yaml',
      [
        'current-context: with-exec',
        'clusters:',
        '- name: main',
        '  cluster: {server: "https://first.example:6443/", certificate-authority: ca.crt}',
        'users:',
        '- name: plugin-user',
        '  user:',
        '    exec: {command: ../bin/cloud-login, apiVersion: client.authentication.k8s.io/v1}',
        '- name: file-user',
        '  user: {tokenFile: token}',
        'contexts:',
        '- name: with-exec',
        '  context: {cluster: main, user: plugin-user, namespace: apps}',
        '- name: with-token-file',
        '  context: {cluster: main, user: file-user}',
        '- name: broken',
        '  context: {cluster: nowhere, user: file-user}',
        '',
      ].join('\n'),
    );
    const second = dir.file(
      'second.yaml',
      [
        'clusters:',
        '- name: main',
        '  cluster: {server: "https://second.example:6443"}',
        'users:',
        '- name: file-user',
        '  user: {token: shadowed-token}',
        '',
      ].join('\n'),
    );
    service = new KubeconfigService({
      env: { KUBECONFIG: [first, second].join(path.delimiter), PATH: dir.path('bin') },
      homeDir: dir.home,
      cwd: dir.root,
      trusted: false,
      watch: false,
    });
  });

  afterEach(() => {
    service.dispose();
    dir.remove();
  });

  it('refuses an exec user in an untrusted workspace, and the plugin never runs', async () => {
    const result = await service.clientConfigFor('with-exec', { trusted: false });
    assert.ok(isKubeconfigProblem(result));
    assert.equal(result.kind, 'needsTrust');
    assert.equal(result.entry?.name, 'plugin-user');
    assert.equal(fs.existsSync(marker), false);
  });

  it('hands the exec user to the client when trusted, and the plugin runs on the first request', async () => {
    const result = await service.clientConfigFor('with-exec', { trusted: true });
    assert.ok(!isKubeconfigProblem(result));
    const config = result as KubeConfig;
    assert.equal(config.getCurrentContext(), 'with-exec');
    assert.equal(config.getContextObject('with-exec')?.namespace, 'apps');
    // A command given as a path is relative to its kubeconfig, as in client-go.
    assert.equal(config.getCurrentUser()?.exec?.command, dir.path('bin/cloud-login'));
    assert.equal(fs.existsSync(marker), false, 'building the config must not run the plugin');
    const options: { headers?: Record<string, string> } = {};
    await config.applyToFetchOptions(options as never);
    assert.equal(fs.existsSync(marker), true);
  });

  it("uses the first file's cluster with its CA path made absolute", async () => {
    const config = (await service.clientConfigFor('with-exec', { trusted: true })) as KubeConfig;
    const cluster = config.getCurrentCluster();
    assert.equal(cluster?.server, 'https://first.example:6443');
    assert.equal(cluster?.caFile, dir.path('conf/ca.crt'));
    assert.deepEqual(
      config.getClusters().map((each) => each.name),
      ['main'],
    );
  });

  it("reads kubectl's tokenFile (relative to its kubeconfig) into the token", async () => {
    const config = await service.clientConfigFor('with-token-file', { trusted: false });
    assert.ok(!isKubeconfigProblem(config));
    assert.equal((config as KubeConfig).getCurrentUser()?.token, 'file-token-value');
  });

  it('returns the blocking problem for a context whose cluster is missing, or an unknown context', async () => {
    const broken = await service.clientConfigFor('broken', { trusted: true });
    assert.ok(isKubeconfigProblem(broken));
    assert.equal(broken.kind, 'missingCluster');
    const unknown = await service.clientConfigFor('no-such', { trusted: true });
    assert.ok(isKubeconfigProblem(unknown));
    assert.equal(unknown.kind, 'missingContext');
  });
});
