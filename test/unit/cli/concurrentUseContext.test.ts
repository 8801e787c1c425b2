// Ten `cluster-anatomy use-context` processes and real `kubectl config use-context` racing on one kubeconfig:
// the file must survive every round whole. The CLI is bundled once with esbuild, as dist/cli.js is.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { parse } from 'yaml';

const ROUNDS = 20;
const OURS = 10;
const KUBECTLS = 3;

const users = Array.from(
  { length: 20 },
  (_, index) => `- name: user-${index}\n  user:\n    token: token-${index}-${'x'.repeat(40)}\n`,
).join('');
const clusters = Array.from(
  { length: 20 },
  (_, index) => `- name: cluster-${index}\n  cluster:\n    server: https://cluster-${index}.example:6443\n`,
).join('');
const contexts = Array.from(
  { length: 20 },
  (_, index) => `- name: ctx-${index}\n  context: {cluster: cluster-${index}, user: user-${index}}\n`,
).join('');
const original = `# the team's kubeconfig\napiVersion: v1\nkind: Config\nclusters:\n${clusters}users:\n${users}contexts:\n${contexts}current-context: ctx-0\n`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('use-context racing with itself and with kubectl', function () {
  this.timeout(600_000);
  let root: string;
  let cli: string;

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-race-'));
    cli = path.join(root, 'cli.js');
    await build({
      entryPoints: [path.join(__dirname, '../../../src/cli/main.ts')],
      outfile: cli,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'error',
      // use-context never loads the Kubernetes client.
      external: ['@kubernetes/client-node'],
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it(`keeps every cluster, user and token through ${ROUNDS} rounds, ending on a context that was raced`, async () => {
    const file = path.join(root, 'config');
    fs.writeFileSync(file, original, { mode: 0o600 });
    const expected = parse(original) as Record<string, unknown>;
    const env = { PATH: process.env.PATH, HOME: path.join(root, 'home'), KUBECONFIG: file };
    const kubectlRefusals: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const raced = Array.from({ length: OURS + KUBECTLS }, (_, index) => `ctx-${(round + index) % 20}`);
      const results = await Promise.all(
        raced.map((name, index) =>
          index < OURS ? run(process.execPath, [cli, 'use-context', name], env) : run('kubectl', ['config', 'use-context', name], env),
        ),
      );
      results
        .slice(0, OURS)
        .forEach((result, index) => assert.equal(result.code, 0, `round ${round}, cluster-anatomy ${index}: ${result.stderr}`));
      // kubectl does not wait for a lock: it gives up with "file exists"; and since it rewrites the file in place,
      // its unlocked first read can catch another kubectl's write half done. Both are kubectl's own behaviour.
      for (const result of results.slice(OURS)) {
        if (result.code !== 0) kubectlRefusals.push(result.stderr.trim());
      }
      const text = fs.readFileSync(file, 'utf8');
      const now = parse(text) as Record<string, unknown>;
      assert.ok(raced.includes(now['current-context'] as string), `round ${round}: current-context ${String(now['current-context'])}`);
      // kubectl rewrites the whole file in its own format when it wins; the content must be the same.
      for (const key of ['clusters', 'users', 'contexts'] as const) {
        const byName = (list: unknown) => Object.fromEntries((list as { name: string }[]).map((entry) => [entry.name, entry]));
        assert.deepEqual(byName(now[key]), byName(expected[key]), `round ${round}: ${key}`);
      }
      assert.deepEqual(
        fs.readdirSync(root).filter((name) => name !== 'cli.js' && name !== 'home'),
        ['config'],
        `round ${round}: a lock or temporary file was left`,
      );
    }
    for (const refusal of kubectlRefusals)
      assert.match(refusal, /config\.lock: file exists|no context exists with the name|error loading config file/);
    const view = await run('kubectl', ['config', 'view', '--raw', '-o', 'jsonpath={.users[19].user.token}'], env);
    assert.equal(view.code, 0, view.stderr);
  });
});
