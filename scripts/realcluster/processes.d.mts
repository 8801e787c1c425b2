// Types of processes.mjs for the TypeScript callers (test/real/support).
export interface RecordedProcess {
  pid: number;
  binary: string;
  label: string;
  startTime: string | undefined;
}
export declare const STATE_FILE: string;
export declare function processStartTime(pid: number): string | undefined;
export declare function readProcesses(runDir: string): RecordedProcess[];
export declare function recordProcess(runDir: string, entry: { pid: number; binary: string; label: string }): void;
export declare function forgetProcess(runDir: string, pid: number): void;
export declare function isRunning(pid: number): boolean;
export declare function isRecordedAlive(entry: RecordedProcess): boolean;
export declare function killRecorded(runDir: string): RecordedProcess[];
