import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

describe('the demo attack script', function () {
  this.timeout(300_000);

  it("finds nothing getting through a short run, and reports the demo's peak RSS and /healthz latency", async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', join('scripts', 'demo-attack.mts'), '--small'],
        { cwd: root, timeout: 280_000 },
        (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}${stderr}` });
        },
      );
    });
    assert.equal(code, 0, output);
    assert.doesNotMatch(output, /FAILED/);
    assert.match(output, /demo peak RSS: \d+ MiB/);
    assert.match(output, /\/healthz under attack: \d+ probes, max \d+ ms, p99 \d+ ms/);
  });
});
