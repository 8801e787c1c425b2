// Reading kubeconfigs safely, kubectl's lock, and the one-step replacement (a real tmpfs for the full disk).
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  KubeconfigLockError,
  type KubeconfigReadError,
  MAX_KUBECONFIG_BYTES,
  readKubeconfigText,
  readKubeconfigTextSync,
  replaceFileContent,
  withKubeconfigLock,
} from '../../../../src/core/kubeconfig/fileAccess';
import { KubeconfigWriteError, writeCurrentContext } from '../../../../src/core/kubeconfig/writeCurrentContext';
import { tempDir, type TempDir } from './kubeconfigFixtures';

const kubeconfig =
  'apiVersion: v1\nkind: Config\ncurrent-context: a\ncontexts:\n- name: a\n  context: {cluster: c}\n- name: b\n  context: {cluster: c}\nclusters:\n- name: c\n  cluster: {server: https://c.example}\n';

describe('kubeconfig files on disk', () => {
  let dir: TempDir;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  describe('reading', () => {
    it('refuses a FIFO at once instead of waiting for a writer', async () => {
      const fifo = dir.path('fifo');
      execFileSync('mkfifo', [fifo]);
      assert.throws(
        () => readKubeconfigTextSync(fifo),
        (error: KubeconfigReadError) => error.failure === 'notAFile' && /not a regular file/.test(error.message),
      );
      await assert.rejects(readKubeconfigText(fifo), (error: KubeconfigReadError) => error.failure === 'notAFile');
    });

    it('refuses a device such as /dev/zero, and a file above the cap, naming the cap', async () => {
      assert.throws(
        () => readKubeconfigTextSync('/dev/zero'),
        (error: KubeconfigReadError) => error.failure === 'notAFile',
      );
      const large = dir.path('large.yaml');
      fs.writeFileSync(large, '');
      fs.truncateSync(large, MAX_KUBECONFIG_BYTES + 1);
      await assert.rejects(
        readKubeconfigText(large),
        (error: KubeconfigReadError) => error.failure === 'tooLarge' && /larger than 32 MiB/.test(error.message),
      );
    });

    it('reads a regular file through a symlink', async () => {
      const file = dir.file('real.yaml', kubeconfig);
      fs.symlinkSync(file, dir.path('link.yaml'));
      assert.equal(await readKubeconfigText(dir.path('link.yaml')), kubeconfig);
    });
  });

  describe("kubectl's lock", () => {
    it('holds <file>.lock (created exclusively) for every file of the list while the action runs, then removes it', async () => {
      const a = dir.file('a.yaml', '');
      const b = dir.file('b.yaml', '');
      const seen = await withKubeconfigLock([b, a], async () => [fs.existsSync(`${a}.lock`), fs.existsSync(`${b}.lock`)]);
      assert.deepEqual(seen, [true, true]);
      assert.ok(!fs.existsSync(`${a}.lock`) && !fs.existsSync(`${b}.lock`));
    });

    it('waits for a lock held by another writer and goes on once it is released', async () => {
      const file = dir.file('config', kubeconfig);
      fs.writeFileSync(`${file}.lock`, '');
      let acted = false;
      const waiting = withKubeconfigLock([file], async () => (acted = true), { timeoutMs: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.equal(acted, false);
      fs.rmSync(`${file}.lock`);
      await waiting;
      assert.equal(acted, true);
    });

    it('reports a stale lock with its age, leaves it in place, and does not touch the file', async () => {
      const file = dir.file('config', kubeconfig);
      fs.writeFileSync(`${file}.lock`, '');
      await assert.rejects(
        writeCurrentContext(file, 'b', { timeoutMs: 100 }),
        (error: Error) =>
          error instanceof KubeconfigLockError &&
          error.message.includes(`${file}.lock exists (it is 0 s old)`) &&
          /Remove the lock file/.test(error.message),
      );
      assert.ok(fs.existsSync(`${file}.lock`));
      assert.equal(fs.readFileSync(file, 'utf8'), kubeconfig);
    });

    it('makes kubectl wait its turn: kubectl refuses to switch while the product holds the lock', async () => {
      const file = dir.file('config', kubeconfig);
      const result = await withKubeconfigLock([file], async () =>
        spawnSync('kubectl', ['config', 'use-context', 'b'], {
          env: { PATH: process.env.PATH, HOME: dir.home, KUBECONFIG: file },
          encoding: 'utf8',
        }),
      );
      assert.notEqual(result.status, 0);
      assert.match(result.stderr, /config\.lock: file exists/);
      assert.equal(fs.readFileSync(file, 'utf8'), kubeconfig);
    });
  });

  describe('replacing the content', () => {
    it('renames a new file over the original (a reader never sees it cut), keeping mode and owner', async () => {
      const file = dir.file('config', kubeconfig);
      fs.chmodSync(file, 0o640);
      fs.chownSync(file, 1234, 2345);
      const inode = fs.statSync(file).ino;
      await writeCurrentContext(file, 'b');
      const stat = fs.statSync(file);
      assert.notEqual(stat.ino, inode);
      assert.equal(stat.mode & 0o777, 0o640);
      assert.deepEqual([stat.uid, stat.gid], [1234, 2345]);
      assert.equal(fs.readFileSync(file, 'utf8'), kubeconfig.replace('current-context: a', 'current-context: b'));
      assert.deepEqual(fs.readdirSync(dir.root).sort(), ['config', 'home']);
    });

    it('writes through a symlink into its target folder; the link stays a link', async () => {
      const target = dir.file('store/real.yaml', kubeconfig);
      const link = dir.path('link.yaml');
      fs.symlinkSync(target, link);
      await writeCurrentContext(link, 'b');
      assert.ok(fs.lstatSync(link).isSymbolicLink());
      assert.match(fs.readFileSync(target, 'utf8'), /current-context: b/);
      assert.deepEqual(fs.readdirSync(path.dirname(target)), ['real.yaml']);
    });

    it('on a full disk leaves the original byte for byte and names the file (a real 64 KiB tmpfs)', async () => {
      const mount = dir.path('small');
      fs.mkdirSync(mount);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount]);
      try {
        const padding = Array.from({ length: 400 }, (_, index) => `# line ${index} of a long comment that pads the file\n`).join('');
        const original = `${kubeconfig}users:\n- name: me\n  user: {token: secret-token-value}\n${padding}`;
        const file = path.join(mount, 'config');
        fs.writeFileSync(file, original);
        // Fill what is left, so that the new copy cannot be written.
        const filler = path.join(mount, 'filler');
        assert.throws(() => fs.writeFileSync(filler, Buffer.alloc(64 * 1024)), /ENOSPC/);
        await assert.rejects(
          writeCurrentContext(file, 'b'),
          (error: Error) => error instanceof KubeconfigWriteError && error.message.includes(file) && /ENOSPC/.test(error.message),
        );
        assert.equal(fs.readFileSync(file, 'utf8'), original);
        assert.deepEqual(fs.readdirSync(mount).sort(), ['config', 'filler']);
      } finally {
        execFileSync('umount', [mount]);
      }
    });

    it('turns any failure into an error that names the file, leaving nothing behind', async () => {
      const file = dir.file('ro/config', kubeconfig);
      await assert.rejects(replaceFileContent(path.join(file, 'not-a-folder', 'x'), 'y'), KubeconfigWriteError);
      assert.deepEqual(fs.readdirSync(path.dirname(file)), ['config']);
    });
  });
});
