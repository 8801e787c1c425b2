import { KubeconfigService, UnknownContextError } from '../core/kubeconfig/kubeconfigService';
import type { KubeconfigProblem, KubeconfigState } from '../core/kubeconfig/types';
import { inlineText } from '../core/util/visibleText';
import { type CliCommand, type CliIo, EXIT_FAILURE, EXIT_OK, parseCommandArgs, UsageError } from './run';

function openKubeconfig(io: CliIo, kubeconfig: string | undefined): KubeconfigService {
  // A terminal user runs their own kubeconfig, as kubectl does: trusted, nothing to watch.
  return new KubeconfigService({ setting: kubeconfig, env: io.env, homeDir: io.env.HOME, trusted: true, watch: false });
}

function writeProblems(io: CliIo, state: KubeconfigState): void {
  for (const problem of state.problems) {
    if (problem.kind === 'needsTrust') continue;
    io.stderr.write(`${problem.severity}: ${inlineText(problem.message, Infinity)}\n`);
  }
}

/**
 * Problems that make kubectl refuse the files (it reads none of them then): no file at all, an unreadable one,
 * YAML errors, wrong types, duplicate names. The command fails on these; on a missing cluster it does not.
 */
function refusesFiles(problem: KubeconfigProblem): boolean {
  switch (problem.kind) {
    case 'noKubeconfig':
    case 'yamlError':
    case 'invalidFile':
    case 'duplicateName':
      return true;
    case 'unreadableFile':
      return problem.entry === undefined; // the kubeconfig itself, not a certificate it names
    case 'missingFile':
      return problem.severity === 'error';
    default:
      return false;
  }
}

/**
 * Columns padded to their widest cell (a loop: 100k rows are too many for Math.max's arguments); each cell on
 * its row, a line feed in a name shown as `\n`.
 */
export function table(rawRows: string[][]): string {
  const rows = rawRows.map((row) => row.map((cell) => inlineText(cell)));
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('   ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

export const contextsCommand: CliCommand = {
  name: 'contexts',
  summary: 'list the kubeconfig contexts (merged like kubectl)',
  usage: [
    'Usage: cluster-anatomy contexts [--json] [--kubeconfig FILE]',
    '',
    'Lists every context of the kubeconfig files (--kubeconfig, else $KUBECONFIG, else ~/.kube/config),',
    'merged the way kubectl merges them. --json prints { current, contexts: [ { name, cluster, user,',
    'namespace, server, file, current } ] }. Problems found in the files go to stderr.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, { json: { type: 'boolean' }, kubeconfig: { type: 'string' } });
    const service = openKubeconfig(io, values.kubeconfig);
    try {
      const state = service.state;
      const noKubeconfig = state.problems.find((problem) => problem.kind === 'noKubeconfig');
      if (noKubeconfig && state.contexts.length === 0 && !values.json) {
        io.stderr.write(`cluster-anatomy contexts: ${noKubeconfig.message}\n`);
        return EXIT_FAILURE;
      }
      if (values.json) {
        io.stdout.write(`${JSON.stringify({ current: state.current ?? null, contexts: state.contexts }, null, 2)}\n`);
      } else {
        const rows = [['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE', 'SERVER', 'FILE']];
        for (const context of state.contexts) {
          rows.push([
            context.current ? '*' : '',
            context.name,
            context.cluster,
            context.user,
            context.namespace,
            context.server,
            context.file,
          ]);
        }
        io.stdout.write(table(rows));
      }
      writeProblems(io, state);
      return state.problems.some(refusesFiles) ? EXIT_FAILURE : EXIT_OK;
    } finally {
      service.dispose();
    }
  },
};

export const useContextCommand: CliCommand = {
  name: 'use-context',
  summary: 'set current-context where kubectl sets it, changing nothing else in the file',
  usage: [
    'Usage: cluster-anatomy use-context NAME [--kubeconfig FILE]',
    '',
    'Writes current-context into the first existing kubeconfig file of the list, as kubectl does, and',
    'leaves every other line of that file (comments and formatting included) as it was.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { kubeconfig: { type: 'string' } }, true);
    if (positionals.length !== 1) throw new UsageError('give exactly one context name');
    const name = positionals[0] ?? '';
    const service = openKubeconfig(io, values.kubeconfig);
    try {
      await service.switchContext(name, { refresh: false });
      io.stdout.write(`Switched to context "${inlineText(name)}".\n`);
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof UnknownContextError)) throw error;
      io.stderr.write(`cluster-anatomy use-context: ${inlineText(error.message, Infinity)}\n`);
      // Often the reason the context is unknown: a file that could not be read.
      for (const problem of service.state.problems.filter(refusesFiles))
        io.stderr.write(`${problem.severity}: ${inlineText(problem.message, Infinity)}\n`);
      return EXIT_FAILURE;
    } finally {
      service.dispose();
    }
  },
};
