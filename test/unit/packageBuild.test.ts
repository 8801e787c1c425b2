// The package people install has nothing that answers a confirmation instead of them: the integration tests'
// hook is compiled out of the production build (esbuild.mjs without --test-hooks).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

describe('the packaged extension', function () {
  this.timeout(180_000);
  let folder: string;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'ca-package-build-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  const build = (name: string, ...flags: string[]) => {
    const outdir = join(folder, name);
    execFileSync(process.execPath, ['esbuild.mjs', '--production', ...flags, '--outdir', outdir], { cwd: root, stdio: 'pipe' });
    return readFileSync(join(outdir, 'extension.js'), 'utf8');
  };

  it("has no command that answers Apply's confirmations; only the integration tests' build has it", () => {
    const tested = build('with-test-hooks', '--test-hooks');
    assert.ok(tested.includes('clusterAnatomy.apply.answerConfirmationsForTests'), 'the search finds the hook where it is');
    const packaged = build('package');
    assert.ok(packaged.includes('clusterAnatomy.applyManifest'), 'the Apply command itself is there');
    assert.ok(!packaged.includes('answerConfirmationsForTests'), 'the test hook is compiled out');
    assert.ok(!packaged.includes('CLUSTER_ANATOMY_TEST_SOURCE'), "nothing in the package reads the test runners' environment");
  });

  it('keeps the demo cluster in a bundle of its own, loaded when the user opens it, and packs it', () => {
    const outdir = join(folder, 'package');
    if (!existsSync(join(outdir, 'extension.js'))) build('package');
    // kubeadm's ConfigMap is the demo's own data: it is in the demo's bundle, not in the extension's or the CLI's.
    const demo = readFileSync(join(outdir, 'demo.js'), 'utf8');
    assert.ok(demo.includes('kubeadm-config'), 'the search finds the demo where it is');
    for (const bundle of ['extension.js', 'cli.js']) {
      const text = readFileSync(join(outdir, bundle), 'utf8');
      assert.ok(!text.includes('kubeadm-config'), `the demo is not in ${bundle}`);
      assert.ok(text.includes('require("./demo.js")'), `${bundle} loads the demo when it is opened`);
    }
    const packed = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n');
    for (const bundle of ['extension.js', 'cli.js', 'kube.js', 'demo.js'])
      assert.ok(packed.includes(`!dist/${bundle}`), `the package holds dist/${bundle}`);
  });

  it('keeps the MCP server and its SDK in a bundle of its own, loaded by `cluster-anatomy mcp` only, and packs it', () => {
    const outdir = join(folder, 'package');
    if (!existsSync(join(outdir, 'extension.js'))) build('package');
    // The protocol's method names survive minifying: the SDK is in dist/mcp.js only.
    assert.ok(readFileSync(join(outdir, 'mcp.js'), 'utf8').includes('notifications/initialized'), 'the search finds the SDK where it is');
    for (const bundle of ['extension.js', 'cli.js', 'demo.js', 'kube.js'])
      assert.ok(!readFileSync(join(outdir, bundle), 'utf8').includes('notifications/initialized'), `the MCP SDK is not in ${bundle}`);
    assert.ok(readFileSync(join(outdir, 'cli.js'), 'utf8').includes('require("./mcp.js")'), 'the CLI loads it for `mcp`');
    assert.ok(readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n').includes('!dist/mcp.js'), 'the package holds dist/mcp.js');
  });
});
