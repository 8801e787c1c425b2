import { strict as assert } from 'node:assert';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { isRunning, readProcesses, recordProcess } from '../../../scripts/realcluster/processes.mjs';
import { until } from '../../support/until';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '..', '..', '..');

/** A `sleep` that is not our child's child: it stands for what a crashed run leaves behind. */
function startOrphan(): number {
  const child = spawn('sleep', ['600'], { stdio: 'ignore', detached: true });
  child.unref();
  return child.pid!;
}

describe('real control plane: processes of a run folder', function () {
  this.timeout(60_000);
  let runDir: string;
  const started: number[] = [];

  beforeEach(() => {
    runDir = mkdtempSync(join(tmpdir(), 'cluster-anatomy-processes-'));
  });

  afterEach(() => {
    for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    rmSync(runDir, { recursive: true, force: true });
  });

  it('stop.mjs kills what a crashed run recorded and empties the state file', async () => {
    const pid = startOrphan();
    started.push(pid);
    recordProcess(runDir, { pid, binary: '/usr/bin/sleep', label: 'leftover' });
    const { stdout } = await run(process.execPath, [join(repoRoot, 'scripts/realcluster/stop.mjs'), runDir]);
    assert.match(stdout, new RegExp(`killed leftover \\(pid ${pid}\\)`));
    await until('the leftover to be gone', () => !isRunning(pid) || undefined, 5_000);
    assert.deepEqual(readProcesses(runDir), []);
  });

  it('stop.mjs spares a process that only reuses a recorded pid', async () => {
    const pid = startOrphan();
    started.push(pid);
    recordProcess(runDir, { pid, binary: '/usr/bin/sleep', label: 'leftover' });
    // The same pid with another start time: a new process that took the number of a dead one.
    const [entry] = readProcesses(runDir);
    writeFileSync(join(runDir, 'processes.json'), JSON.stringify([{ ...entry, startTime: '1' }]));
    const { stdout } = await run(process.execPath, [join(repoRoot, 'scripts/realcluster/stop.mjs'), runDir]);
    assert.match(stdout, /nothing left running/);
    assert.equal(isRunning(pid), true);
  });

  it('etcd dies with the Node process that started it, even by SIGKILL', async () => {
    // A parent that starts etcd, prints its pid and waits to be killed.
    const script = [
      `const { startEtcd } = require(${JSON.stringify(join(repoRoot, 'test/real/support/controlPlane.ts'))});`,
      `startEtcd({ dataDir: ${JSON.stringify(join(runDir, 'etcd'))} })`,
      '  .then((etcd) => { console.log(etcd.pid); setInterval(() => {}, 1000); });',
    ].join('\n');
    const parent = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const etcdPid = Number(await until('etcd to start in the parent', () => /^\d+\n/.test(output) && output.trim(), 30_000));
    started.push(etcdPid);
    assert.equal(isRunning(etcdPid), true);
    parent.kill('SIGKILL');
    await until('etcd to die with its parent', () => !isRunning(etcdPid) || undefined, 10_000);
  });
});
