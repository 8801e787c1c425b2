import { parseArgs, type ParseArgsConfig } from 'node:util';
import { productName, productVersion } from '../core/version';
import { terminalSafeWriter } from './terminalText';
import { errorMessage } from '../core/util/errors';
import { inlineText } from '../core/util/visibleText';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes: 0 success, 1 the work failed (cluster unreachable, file unreadable), 2 bad usage. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

function helpText(commands: ReadonlyMap<string, CliCommand>): string {
  const lines = [
    `${productName} ${productVersion}: how a live Kubernetes cluster is built.`,
    '',
    `Usage: ${productName} <command> [options]`,
    '',
    'Commands:',
  ];
  const width = Math.max(10, ...[...commands.keys()].map((name) => name.length));
  for (const command of [...commands.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    lines.push(`  ${command.name.padEnd(width)}  ${command.summary}`);
  }
  if (commands.size === 0) lines.push('  (none yet)');
  lines.push('', 'Options:', "  --help      show this help, or a command's help after its name", '  --version   print the version', '');
  return lines.join('\n');
}

function usageLine(commands: ReadonlyMap<string, CliCommand>): string {
  return `Usage: ${productName} <${[...commands.keys()].sort().join('|') || 'command'}> [options] (try --help)\n`;
}

export async function runCli(argv: string[], rawIo: CliIo, commandList: readonly CliCommand[]): Promise<number> {
  // The one output boundary: names, messages and errors from clusters and files never reach the terminal raw.
  const io: CliIo = { ...rawIo, stdout: terminalSafeWriter(rawIo.stdout), stderr: terminalSafeWriter(rawIo.stderr) };
  const commands = new Map(commandList.map((command) => [command.name, command]));
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout.write(helpText(commands));
    return first === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${productVersion}\n`);
    return EXIT_OK;
  }
  const command = commands.get(first);
  if (!command) {
    io.stderr.write(`${productName}: unknown ${first.startsWith('-') ? 'option' : 'command'} '${first}'\n${usageLine(commands)}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${productName} ${command.name}: ${error.message}\n${command.usage}\n`);
      return EXIT_USAGE;
    }
    // A server's or a file's words: on this one line, a line feed in them shown as `\n`.
    io.stderr.write(`${productName} ${command.name}: ${inlineText(errorMessage(error), Infinity)}\n`);
    return EXIT_FAILURE;
  }
}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Strict flag parsing: an unknown flag or a missing value is a usage error (exit 2), never ignored. */
export function parseCommandArgs<T extends OptionSpec>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.replace(/^.*?: /, '') : String(error));
  }
}

/** `--namespace` (`-n`), once or more: the namespaces a limited user's anatomy shows. */
export const namespaceOption = { namespace: { type: 'string', short: 'n', multiple: true } } as const;

const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** The namespaces given, checked as Kubernetes checks a namespace's name (a DNS label). */
export function namespacesOf(values: readonly string[] | undefined): string[] | undefined {
  if (!values?.length) return undefined;
  for (const value of values)
    if (value.length > 63 || !NAMESPACE_NAME.test(value)) throw new UsageError(`--namespace: '${value}' is not a namespace name`);
  return [...new Set(values)];
}
