// The mocha runner inside VS Code's extension host: VS Code calls run() (extensionTestsPath) and fails the
// session when its promise rejects. scripts/vscode-host/run.mjs bundles this file to out/integration/index.js.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

/** A compiled test file or folder to run instead of the default suite (set by run.mjs --tests). */
export const testsPathVariable = 'CLUSTER_ANATOMY_TESTS';
/** The line run.mjs reads to count results across hosts. */
export const summaryMarker = '[cluster-anatomy-tests]';

export async function run(): Promise<void> {
  const target = resolve(process.env[testsPathVariable] || join(__dirname, 'suite'));
  const files = findTestFiles(target);
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000 });
  for (const file of files) mocha.addFile(file);
  console.log(`Running ${files.length} test file(s) from ${target} in VS Code ${vscode.version}`);

  const { passed, failed, pending } = await new Promise<{ passed: number; failed: number; pending: number }>((done, fail) => {
    try {
      const runner = mocha.run(() =>
        done({
          passed: runner.stats?.passes ?? 0,
          failed: runner.stats?.failures ?? 0,
          pending: runner.stats?.pending ?? 0,
        }),
      );
    } catch (error) {
      fail(error);
    }
  });
  console.log(`${summaryMarker} ${JSON.stringify({ passed, failed, pending })}`);
  if (failed > 0) throw new Error(`${failed} of ${passed + failed} integration test(s) failed`);
  if (passed === 0) throw new Error(`No integration test ran from ${target}`);
}

function findTestFiles(target: string): string[] {
  if (!existsSync(target)) throw new Error(`Test path ${target} does not exist`);
  if (statSync(target).isFile()) return [target];
  const files: string[] = [];
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const path = join(target, entry.name);
    if (entry.isDirectory()) files.push(...findTestFiles(path));
    else if (entry.name.endsWith('.test.js')) files.push(path);
  }
  return files.sort();
}
