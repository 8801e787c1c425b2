// The state file of a run folder: every process the real-cluster support starts is recorded there by pid, with
// its binary and its start time, so that `stop.mjs <run folder>` can kill what a crashed run left behind
// without ever killing an unrelated process that reused the pid.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const STATE_FILE = 'processes.json';

/** The kernel's start time of a process (clock ticks since boot), or undefined when it is gone. */
export function processStartTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces and parentheses, so count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export function readProcesses(runDir) {
  const file = join(runDir, STATE_FILE);
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

function writeProcesses(runDir, entries) {
  const file = join(runDir, STATE_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(entries, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Records a started process: `{ pid, binary, label }` plus its start time. */
export function recordProcess(runDir, { pid, binary, label }) {
  const entries = readProcesses(runDir).filter((entry) => entry.pid !== pid);
  entries.push({ pid, binary, label, startTime: processStartTime(pid) });
  writeProcesses(runDir, entries);
}

export function forgetProcess(runDir, pid) {
  writeProcesses(
    runDir,
    readProcesses(runDir).filter((entry) => entry.pid !== pid),
  );
}

/** True while `pid` runs; a zombie (dead, not yet reaped by its parent) counts as gone. */
export function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** True while the recorded process itself (same pid, same start time) runs. */
export function isRecordedAlive(entry) {
  return processStartTime(entry.pid) === entry.startTime && isRunning(entry.pid);
}

/** SIGKILLs every recorded process still alive and empties the state file; returns the entries it killed. */
export function killRecorded(runDir) {
  const killed = [];
  for (const entry of readProcesses(runDir)) {
    if (!isRecordedAlive(entry)) continue;
    try {
      process.kill(entry.pid, 'SIGKILL');
      killed.push(entry);
    } catch {
      // Gone between the check and the kill.
    }
  }
  if (existsSync(join(runDir, STATE_FILE))) writeProcesses(runDir, []);
  return killed;
}
