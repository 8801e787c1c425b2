import { cliCommands } from './commands';
import { runCli } from './run';

void runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, cliCommands).then(
  (code) => {
    // A command is done when it returns: connections still closing (a watch whose stream had not started)
    // must not keep the process alive. Exit once what was written has been flushed.
    process.exitCode = code;
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  },
);
