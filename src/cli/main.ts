import { cliCommands } from './commands';
import { runCli } from './run';

void runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, cliCommands).then(
  (code) => {
    process.exitCode = code;
  },
);
