import { cliCommands } from './commands';
import { runCli } from './run';

// node-fetch 2 inside @kubernetes/client-node requires `punycode` (DEP0040, via tr46) and calls url.parse()
// (DEP0169); bundled, Node warns about both on every run. Nothing a user can act on: drop exactly those two
// codes; every other warning still shows.
const quietedDeprecations = new Set(['DEP0040', 'DEP0169']);
const emitWarning = process.emitWarning;
process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
  const [typeOrOptions, code] = rest;
  const warningCode = typeof typeOrOptions === 'object' && typeOrOptions !== null ? (typeOrOptions as { code?: string }).code : code;
  if (typeof warningCode === 'string' && quietedDeprecations.has(warningCode)) return;
  return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
} as typeof process.emitWarning;

void runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, cliCommands).then((code) => {
  // A command is done when it returns: connections still closing (a watch whose stream had not started)
  // must not keep the process alive. Exit once what was written has been flushed.
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
