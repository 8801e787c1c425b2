import { renderMarkdown, renderText } from '../core/anatomy/render';
import { loadAnatomySnapshot } from '../core/anatomy/snapshot';
import { type CliCommand, EXIT_OK, namespaceOption, namespacesOf, parseCommandArgs, UsageError } from './run';

export const treeCommand: CliCommand = {
  name: 'tree',
  summary: 'the anatomy of a live cluster: control plane, nodes, addons, what is absent',
  usage: [
    'Usage: cluster-anatomy tree [--kubeconfig FILE] [--context NAME] [-n NAMESPACE]… [--json | --markdown]',
    '',
    'Reads the cluster once and prints its anatomy. --json prints the stable contract',
    '{ context, server, serverVersion, controlPlane, nodes, addons, absent, unreadable, hidden, access, standpoint };',
    '--markdown prints the summary table (component, where, how it runs, where you see it).',
    '',
    'When RBAC hides part of the cluster (a Role in one namespace, the view ClusterRole), it prints what you may',
    'read "from where you stand" (the API server, its API groups, the namespaces given with -n, else the',
    "context's namespace, else default, and the nodes their Pods run on) and names each hidden part with the",
    'permission and the kubectl auth can-i line that checks it.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      ...namespaceOption,
      json: { type: 'boolean' },
      markdown: { type: 'boolean' },
    });
    if (values.json && values.markdown) throw new UsageError('--json and --markdown cannot be combined');
    const anatomy = await loadAnatomySnapshot({
      kubeconfig: values.kubeconfig,
      context: values.context,
      env: io.env,
      namespaces: namespacesOf(values.namespace),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(anatomy, null, 2)}\n`);
    else if (values.markdown) io.stdout.write(renderMarkdown(anatomy));
    else io.stdout.write(renderText(anatomy));
    return EXIT_OK;
  },
};
