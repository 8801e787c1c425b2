// Every kind of bad input gets a problem with a clear message, the file and the line, and never a secret.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { KubeconfigService } from '../../../../src/core/kubeconfig/kubeconfigService';
import type { KubeconfigProblem } from '../../../../src/core/kubeconfig/types';
import { jwt, makeExecutable, tempDir, type TempDir } from './kubeconfigFixtures';

const NOW = Date.parse('2026-12-01T12:00:00Z');

function open(dir: TempDir, options: { kubeconfig?: string[]; setting?: string | string[]; trusted?: boolean; path?: string } = {}) {
  return new KubeconfigService({
    env: { KUBECONFIG: (options.kubeconfig ?? []).join(path.delimiter), PATH: options.path ?? dir.path('bin') },
    setting: options.setting,
    homeDir: dir.home,
    cwd: dir.root,
    trusted: options.trusted ?? true,
    watch: false,
    now: () => NOW,
  });
}

function only(problems: readonly KubeconfigProblem[], kind: KubeconfigProblem['kind']): KubeconfigProblem {
  const found = problems.filter((problem) => problem.kind === kind);
  assert.equal(found.length, 1, `expected one ${kind} problem, got ${JSON.stringify(problems, null, 2)}`);
  return found[0] as KubeconfigProblem;
}

describe('kubeconfig problems', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('says "no kubeconfig" when ~/.kube/config is missing, and nothing else', () => {
    const state = open(dir).state;
    assert.equal(state.source, 'default');
    assert.deepEqual(
      state.files.map((file) => file.path),
      [path.join(dir.home, '.kube', 'config')],
    );
    assert.deepEqual(
      state.problems.map((problem) => problem.kind),
      ['noKubeconfig'],
    );
    assert.equal(state.current, undefined);
  });

  it('ignores a missing KUBECONFIG entry like kubectl, with a warning that names it', () => {
    const good = dir.file(
      'good.yaml',
      'contexts:\n- name: c\n  context: {cluster: k}\nclusters:\n- name: k\n  cluster: {server: https://k}\n',
    );
    const state = open(dir, { kubeconfig: [dir.path('gone.yaml'), good] }).state;
    const missing = only(state.problems, 'missingFile');
    assert.equal(missing.severity, 'warning');
    assert.equal(missing.file, dir.path('gone.yaml'));
    assert.deepEqual(
      state.contexts.map((context) => context.name),
      ['c'],
    );
  });

  it('makes a missing file named in the setting an error', () => {
    const problem = only(open(dir, { setting: 'nowhere/config' }).state.problems, 'missingFile');
    assert.equal(problem.severity, 'error');
    assert.equal(problem.file, dir.path('nowhere/config'));
  });

  it('reports a YAML error with file and line, keeps the other files, and quotes no token from the line', () => {
    const token = 'sha256~Zm9vYmFyYmF6cXV4c2VjcmV0dG9rZW4';
    const broken = dir.file('broken.yaml', `users:\n- name: u\n  user: {token: ${token}, x: [\n`);
    const good = dir.file(
      'good.yaml',
      'current-context: c\ncontexts:\n- name: c\n  context: {cluster: k}\nclusters:\n- name: k\n  cluster: {server: https://k}\n',
    );
    const state = open(dir, { kubeconfig: [broken, good] }).state;
    const problem = state.problems.find((candidate) => candidate.kind === 'yamlError');
    assert.ok(problem);
    assert.equal(problem.file, broken);
    assert.equal(problem.line, 4);
    assert.match(problem.message, new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4`));
    for (const each of state.problems) assert.ok(!each.message.includes(token), each.message);
    assert.equal(state.current, 'c');
    assert.equal(state.files[0]?.broken, true);
  });

  it("reports a context naming a missing cluster or user at the context's line", () => {
    const file = dir.file(
      'config',
      [
        'clusters:',
        '- name: real',
        '  cluster: {server: https://real}',
        'users:',
        '- name: someone',
        '  user: {}',
        'contexts:',
        '- name: fine',
        '  context: {cluster: real, user: someone}',
        '- name: no-cluster',
        '  context: {cluster: ghost, user: someone}',
        '- name: no-user',
        '  context: {cluster: real, user: nobody}',
        '',
      ].join('\n'),
    );
    const state = open(dir, { kubeconfig: [file] }).state;
    const cluster = only(state.problems, 'missingCluster');
    assert.deepEqual([cluster.line, cluster.entry?.name, cluster.subject], [10, 'no-cluster', 'ghost']);
    assert.match(cluster.message, /config:10: context "no-cluster" names cluster "ghost"/);
    const user = only(state.problems, 'missingUser');
    assert.deepEqual([user.line, user.entry?.name, user.subject], [12, 'no-user', 'nobody']);
    assert.equal(state.contexts.find((context) => context.name === 'no-cluster')?.server, '');
  });

  it('reports a current-context that no file defines, at the file and line that set it', () => {
    const file = dir.file('config', 'apiVersion: v1\ncurrent-context: vanished\ncontexts: []\n');
    const problem = only(open(dir, { kubeconfig: [file] }).state.problems, 'missingContext');
    assert.deepEqual([problem.file, problem.line, problem.subject], [file, 2, 'vanished']);
  });

  it("reports unreadable certificate and key files, resolved against the kubeconfig's folder", () => {
    dir.file('certs/ca.crt', 'ca');
    dir.file('certs/notafile/.keep', '');
    const file = dir.file(
      'certs/config',
      [
        'clusters:',
        '- name: ok',
        '  cluster: {server: https://ok, certificate-authority: ca.crt}',
        '- name: bad',
        '  cluster: {server: https://bad, certificate-authority: missing-ca.crt}',
        'users:',
        '- name: u',
        '  user: {client-certificate: notafile, client-key: /nonexistent/key.pem}',
        '',
      ].join('\n'),
    );
    const problems = open(dir, { kubeconfig: [file] }).state.problems.filter((problem) => problem.kind === 'unreadableFile');
    assert.deepEqual(
      problems.map((problem) => [problem.entry?.name, problem.subject, problem.line]),
      [
        ['bad', dir.path('certs/missing-ca.crt'), 4],
        ['u', dir.path('certs/notafile'), 7],
        ['u', '/nonexistent/key.pem', 7],
      ],
    );
  });

  it('reports an exec plugin that is not on PATH, and not once it is there', () => {
    const file = dir.file(
      'config',
      'users:\n- name: cloud\n  user:\n    exec: {command: my-login, apiVersion: client.authentication.k8s.io/v1}\n',
    );
    const problem = only(open(dir, { kubeconfig: [file] }).state.problems, 'execNotFound');
    assert.deepEqual([problem.subject, problem.line], ['my-login', 2]);
    assert.match(problem.message, /"my-login" is not on PATH/);
    makeExecutable(dir.path('bin/my-login'), '#!/bin/sh\n');
    assert.equal(open(dir, { kubeconfig: [file] }).state.problems.length, 0);
  });

  it('reports an expired JWT, and neither a valid one nor a token that is not a JWT', () => {
    const expired = jwt({ sub: 'system:serviceaccount:x', exp: NOW / 1000 - 60 });
    const valid = jwt({ sub: 'x', exp: NOW / 1000 + 3600 });
    dir.file('token', `${expired}\n`);
    const file = dir.file(
      'config',
      [
        'users:',
        `- name: old`,
        `  user: {token: ${expired}}`,
        `- name: fresh`,
        `  user: {token: ${valid}}`,
        `- name: opaque`,
        `  user: {token: abcdef.0123456789abcdef}`,
        `- name: from-file`,
        `  user: {tokenFile: token}`,
        '',
      ].join('\n'),
    );
    const problems = open(dir, { kubeconfig: [file] }).state.problems;
    assert.deepEqual(
      problems.map((problem) => [problem.kind, problem.entry?.name]),
      [
        ['tokenExpired', 'old'],
        ['tokenExpired', 'from-file'],
      ],
    );
    for (const problem of problems) {
      assert.ok(!problem.message.includes(expired), 'the token must not be in the message');
      assert.match(problem.message, /expired at 2026-12-01T11:59:00.000Z/);
    }
  });

  it('says an exec or auth-provider user needs trust only in an untrusted workspace', () => {
    makeExecutable(dir.path('bin/login'), '#!/bin/sh\n');
    const file = dir.file(
      'config',
      [
        'users:',
        '- name: execer',
        '  user: {exec: {command: login}}',
        '- name: oidc',
        '  user: {auth-provider: {name: oidc, config: {id-token: secret-id-token-value}}}',
        '- name: plain',
        '  user: {token: t}',
        '',
      ].join('\n'),
    );
    const untrusted = open(dir, { kubeconfig: [file], trusted: false }).state.problems;
    assert.deepEqual(
      untrusted.map((problem) => [problem.kind, problem.entry?.name, problem.subject]),
      [
        ['needsTrust', 'execer', 'login'],
        ['needsTrust', 'oidc', 'oidc'],
      ],
    );
    assert.ok(untrusted.every((problem) => !problem.message.includes('secret-id-token-value')));
    assert.deepEqual(open(dir, { kubeconfig: [file], trusted: true }).state.problems, []);
  });

  it('reports wrong shapes and duplicate names instead of throwing', () => {
    const file = dir.file(
      'config',
      'clusters: 5\ncontexts:\n- name: d\n  context: {cluster: a}\n- name: d\n  context: {cluster: b}\n- context: {}\n',
    );
    const problems = open(dir, { kubeconfig: [file] }).state.problems;
    const kinds = problems.map((problem) => [problem.kind, problem.line]);
    assert.deepEqual(kinds.slice(0, 3), [
      ['invalidFile', 1],
      ['duplicateName', 5],
      ['invalidFile', 7],
    ]);
    const notMap = dir.file('list.yaml', '- just\n- a list\n');
    assert.equal(only(open(dir, { kubeconfig: [notMap] }).state.problems, 'invalidFile').line, 1);
  });
});
