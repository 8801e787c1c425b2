// Kills what a run of the real control plane left behind: every process recorded in the run folder's state
// file that is still alive (same pid and start time).
//   node scripts/realcluster/stop.mjs <run folder> [<run folder> …]
import { killRecorded } from './processes.mjs';

const runDirs = process.argv.slice(2);
if (runDirs.length === 0) {
  console.error('usage: node scripts/realcluster/stop.mjs <run folder> [<run folder> …]');
  process.exit(2);
}
for (const runDir of runDirs) {
  const killed = killRecorded(runDir);
  if (killed.length === 0) console.log(`[realcluster] ${runDir}: nothing left running`);
  for (const entry of killed) console.log(`[realcluster] ${runDir}: killed ${entry.label} (pid ${entry.pid})`);
}
