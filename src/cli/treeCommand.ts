import { renderMarkdown, renderText } from '../core/anatomy/render';
import { loadAnatomySnapshot } from '../core/anatomy/snapshot';
import { type CliCommand, EXIT_OK, parseCommandArgs, UsageError } from './run';

export const treeCommand: CliCommand = {
  name: 'tree',
  summary: 'the anatomy of a live cluster: control plane, nodes, addons, what is absent',
  usage: [
    'Usage: cluster-anatomy tree [--kubeconfig FILE] [--context NAME] [--json | --markdown]',
    '',
    'Reads the cluster once and prints its anatomy. --json prints the stable contract',
    '{ context, server, serverVersion, controlPlane, nodes, addons, absent, unreadable };',
    '--markdown prints the summary table (component, where, how it runs, where you see it).',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      json: { type: 'boolean' },
      markdown: { type: 'boolean' },
    });
    if (values.json && values.markdown) throw new UsageError('--json and --markdown cannot be combined');
    const anatomy = await loadAnatomySnapshot({ kubeconfig: values.kubeconfig, context: values.context, env: io.env });
    if (values.json) io.stdout.write(`${JSON.stringify(anatomy, null, 2)}\n`);
    else if (values.markdown) io.stdout.write(renderMarkdown(anatomy));
    else io.stdout.write(renderText(anatomy));
    return EXIT_OK;
  },
};
