import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagramCommand } from '../../../src/cli/diagramCommand';
import { runCli } from '../../../src/cli/run';

function io() {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, env: {} } };
}
const fixture = join(__dirname, '../../fixtures/anatomy/kind.json');

describe('cluster-anatomy diagram', () => {
  it('writes the placement view of a ClusterAnatomy JSON to a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ca-diagram-'));
    const file = join(dir, 'placement.svg');
    const { out, io: cliIo } = io();
    assert.equal(await runCli(['diagram', '--from-json', fixture, '--svg', file, '--view', 'placement'], cliIo, [diagramCommand]), 0);
    const svg = readFileSync(file, 'utf8');
    assert.match(svg, /data-view="placement"/);
    assert.match(svg, /data-source="static"/);
    assert.match(out.stderr, /3 of 3 nodes drawn/);
  });

  it('writes to standard output with --svg -', async () => {
    const { out, io: cliIo } = io();
    assert.equal(await runCli(['diagram', '--from-json', fixture, '--svg', '-'], cliIo, [diagramCommand]), 0);
    assert.match(out.stdout, /data-view="architecture"/);
  });

  it('exits 2 on bad usage and 1 on a file that is not an anatomy', async () => {
    const { io: cliIo } = io();
    assert.equal(await runCli(['diagram', '--from-json', fixture], cliIo, [diagramCommand]), 2);
    assert.equal(await runCli(['diagram', '--from-json', fixture, '--svg', '-', '--view', 'side'], cliIo, [diagramCommand]), 2);
    assert.equal(await runCli(['diagram', '--from-json', fixture, '--context', 'x', '--svg', '-'], cliIo, [diagramCommand]), 2);
    const bad = join(mkdtempSync(join(tmpdir(), 'ca-diagram-')), 'bad.json');
    writeFileSync(bad, '{"nodes": 3}');
    const { out, io: badIo } = io();
    assert.equal(await runCli(['diagram', '--from-json', bad, '--svg', '-'], badIo, [diagramCommand]), 1);
    assert.match(out.stderr, /not a ClusterAnatomy/);
  });
});
