// The service follows the files on disk (edits, renames, creation and deletion) and switches contexts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KubeconfigService } from '../../../../src/core/kubeconfig/kubeconfigService';
import { KubeconfigWatcher } from '../../../../src/core/kubeconfig/watch';
import type { KubeconfigState } from '../../../../src/core/kubeconfig/types';
import { until } from '../../../support/until';
import { jwt, tempDir, type TempDir } from './kubeconfigFixtures';

function config(current: string, ...contexts: string[]): string {
  return [
    `current-context: ${current}`,
    'clusters:',
    '- name: k',
    '  cluster: {server: https://k.example}',
    'contexts:',
    ...contexts.flatMap((name) => [`- name: ${name}`, '  context: {cluster: k}']),
    '',
  ].join('\n');
}

/** Resolves on the next change event whose state passes `until` (mocha's timeout bounds the wait). */
function nextState(service: KubeconfigService, until: (state: KubeconfigState) => boolean): Promise<KubeconfigState> {
  return new Promise((resolve) => {
    const subscription = service.onDidChange((state) => {
      if (!until(state)) return;
      subscription.dispose();
      resolve(state);
    });
  });
}

const names = (state: KubeconfigState) => state.contexts.map((context) => context.name);

describe('KubeconfigService', () => {
  let dir: TempDir;
  const services: KubeconfigService[] = [];

  function open(options: { kubeconfig?: string; setting?: string } = {}): KubeconfigService {
    const service = new KubeconfigService({
      env: options.kubeconfig === undefined ? {} : { KUBECONFIG: options.kubeconfig },
      setting: options.setting,
      homeDir: dir.home,
      cwd: dir.root,
      trusted: true,
      debounceMs: 50,
    });
    services.push(service);
    return service;
  }

  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => {
    for (const service of services.splice(0)) service.dispose();
    dir.remove();
  });

  describe('watching the files', () => {
    it('picks up an edit in place', async () => {
      const file = dir.file('config', config('a', 'a'));
      const service = open({ kubeconfig: file });
      const changed = nextState(service, (state) => names(state).includes('b'));
      fs.writeFileSync(file, config('a', 'a', 'b'));
      assert.deepEqual(names(await changed), ['a', 'b']);
    });

    it('does not lose an edit made while its watches are being re-armed', async () => {
      const file = dir.file('config', config('a', 'a'));
      let changes = 0;
      const watcher = new KubeconfigWatcher([file], () => changes++, 20);
      try {
        fs.writeFileSync(file, config('a', 'a', 'b'));
        // Re-armed in the same turn: the edit's events were queued on the watches this closes.
        watcher.setPaths([file]);
        await until('the edit to be reported', () => changes > 0, 5_000);
      } finally {
        watcher.dispose();
      }
    });

    it('picks up a file replaced by rename, and edits after that', async () => {
      const file = dir.file('config', config('a', 'a'));
      const service = open({ kubeconfig: file });
      let changed = nextState(service, (state) => state.current === 'b');
      fs.writeFileSync(`${file}.lock`, config('b', 'a', 'b'));
      fs.renameSync(`${file}.lock`, file);
      await changed;
      // The old file watch followed the replaced inode; the re-armed one must see this.
      changed = nextState(service, (state) => names(state).includes('c'));
      fs.writeFileSync(file, config('b', 'a', 'b', 'c'));
      assert.deepEqual(names(await changed), ['a', 'b', 'c']);
    });

    it('sees ~/.kube/config appear, as `kind create cluster` writes it, and disappear, as `kind delete cluster` leaves it', async () => {
      const service = open();
      assert.equal(service.state.problems[0]?.kind, 'noKubeconfig');
      const created = nextState(service, (state) => state.current === 'kind-kind');
      const kubeDir = path.join(dir.home, '.kube');
      fs.mkdirSync(kubeDir);
      fs.writeFileSync(path.join(kubeDir, 'config.lock'), config('kind-kind', 'kind-kind'));
      fs.renameSync(path.join(kubeDir, 'config.lock'), path.join(kubeDir, 'config'));
      assert.deepEqual(names(await created), ['kind-kind']);

      const deleted = nextState(service, (state) => state.contexts.length === 0);
      fs.rmSync(path.join(kubeDir, 'config'));
      assert.equal((await deleted).problems[0]?.kind, 'noKubeconfig');
    });

    it('sees a missing KUBECONFIG entry created later, and lets its contexts join the merge', async () => {
      const first = dir.path('later/first.yaml');
      const second = dir.file('second.yaml', config('s', 's'));
      const service = open({ kubeconfig: [first, second].join(path.delimiter) });
      assert.deepEqual(names(service.state), ['s']);
      const changed = nextState(service, (state) => state.current === 'f');
      dir.file('later/first.yaml', config('f', 'f'));
      const state = await changed;
      assert.deepEqual(names(state), ['f', 's']);
      assert.equal(state.contexts[0]?.file, first);
    });

    it('closes every watch on dispose and reports no change afterwards', async () => {
      const file = dir.file('config', config('a', 'a'));
      const service = open({ kubeconfig: file });
      const watcher = (service as unknown as { watcher: { openWatches: number } }).watcher;
      assert.ok(watcher.openWatches >= 2);
      let events = 0;
      service.onDidChange(() => events++);
      service.dispose();
      assert.equal(watcher.openWatches, 0);
      fs.writeFileSync(file, config('a', 'a', 'b'));
      // A second service proves the edit was seen by a live watcher; the disposed one stayed silent.
      const witness = open({ kubeconfig: file });
      fs.writeFileSync(file, config('a', 'a', 'b', 'c'));
      await nextState(witness, (state) => names(state).includes('c'));
      assert.equal(events, 0);
    });
  });

  it('reports a token as expired when it expires, with no change on disk', async () => {
    const token = jwt({ sub: 'x', exp: Math.ceil(Date.now() / 1000) + 1 });
    const file = dir.file('config', `${config('a', 'a')}users:\n- name: u\n  user: {token: ${token}}\n`);
    const service = open({ kubeconfig: file });
    assert.deepEqual(service.state.problems, []);
    const expired = await nextState(service, (state) => state.problems.some((problem) => problem.kind === 'tokenExpired'));
    assert.equal(expired.problems[0]?.entry?.name, 'u');
  });

  describe('switching', () => {
    it('fires onDidChange with the new current context', async () => {
      const file = dir.file('config', config('a', 'a', 'b'));
      const service = open({ kubeconfig: file });
      const changed = nextState(service, (state) => state.current === 'b');
      await service.switchContext('b');
      assert.equal((await changed).current, 'b');
      assert.match(fs.readFileSync(file, 'utf8'), /^current-context: b$/m);
    });

    it('keeps a session-only switch out of every file, and through reloads', async () => {
      const file = dir.file('config', config('a', 'a', 'b', 'c'));
      const before = fs.readFileSync(file, 'utf8');
      const service = open({ kubeconfig: file });
      const state = await service.switchContext('b', { sessionOnly: true });
      assert.equal(state.current, 'b');
      assert.equal(state.sessionOnly, true);
      assert.equal(state.contexts.find((context) => context.current)?.name, 'b');
      assert.equal(fs.readFileSync(file, 'utf8'), before);
      assert.equal(open({ kubeconfig: file }).state.current, 'a');

      // Someone else switches the file: our session keeps its choice.
      const reloaded = nextState(service, (next) => next.contexts.length === 4);
      fs.writeFileSync(file, config('c', 'a', 'b', 'c', 'd'));
      assert.equal((await reloaded).current, 'b');

      // A written switch ends the session-only choice.
      const written = await service.switchContext('d');
      assert.equal(written.sessionOnly, false);
      assert.equal(open({ kubeconfig: file }).state.current, 'd');
    });

    it('merges an additional file last, and switches to its contexts for the session only', async () => {
      const user = dir.file('config', config('mine', 'mine'));
      const demo = dir.file('demo.yaml', config('demo', 'demo', 'mine'));
      const service = open({ kubeconfig: user });
      service.update({ additionalFiles: [demo] });
      assert.deepEqual(names(service.state), ['demo', 'mine']);
      assert.equal(service.state.contexts.find((context) => context.name === 'mine')?.file, user);
      assert.equal(service.state.current, 'mine');

      const state = await service.switchContext('demo');
      assert.equal(state.current, 'demo');
      assert.equal(state.sessionOnly, true);
      assert.equal(fs.readFileSync(user, 'utf8'), config('mine', 'mine'));
      assert.equal(fs.readFileSync(demo, 'utf8'), config('demo', 'demo', 'mine'));
    });

    it('takes a new setting: the setting wins over KUBECONFIG', () => {
      const fromEnv = dir.file('env.yaml', config('e', 'e'));
      const fromSetting = dir.file('setting.yaml', config('s', 's'));
      const service = open({ kubeconfig: fromEnv });
      assert.equal(service.state.source, 'env');
      service.update({ setting: fromSetting });
      assert.equal(service.state.source, 'setting');
      assert.equal(service.state.current, 's');
      service.update({ setting: '' });
      assert.equal(service.state.current, 'e');
    });
  });
});
