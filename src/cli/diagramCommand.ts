import { readFile, writeFile } from 'node:fs/promises';
import { loadAnatomySnapshot } from '../core/anatomy/snapshot';
import type { ClusterAnatomy } from '../core/anatomy/types';
import { layoutDiagram } from '../core/diagram/layout';
import { type DiagramView, defaultUiState } from '../core/diagram/scene';
import { renderSvg } from '../core/diagram/svg';
import { type CliCommand, EXIT_OK, namespaceOption, namespacesOf, parseCommandArgs, UsageError } from './run';
import { errorMessage } from '../core/util/errors';

const views: readonly DiagramView[] = ['architecture', 'placement'];

export const diagramCommand: CliCommand = {
  name: 'diagram',
  summary: 'draw the hub-and-spoke architecture or the Pod placement of a cluster as SVG',
  usage: [
    'Usage: cluster-anatomy diagram [--kubeconfig FILE] [--context NAME] [-n NAMESPACE]… --svg FILE [--view architecture|placement] [--reverse]',
    '       cluster-anatomy diagram --from-json FILE --svg FILE [--view architecture|placement] [--reverse]',
    '',
    'Reads the cluster once (or a ClusterAnatomy JSON, e.g. the output of `cluster-anatomy tree --json`) and',
    'writes a standalone SVG. "--svg -" writes to standard output. Each component carries data-component',
    '(and data-node for node parts); each edge data-from, data-to and data-kind',
    '(watch, write-back, storage, cri, runs, request, manifests; --reverse adds apiserver → kubelet). Above 12 nodes of a role, nodes are drawn as a group.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      ...namespaceOption,
      'from-json': { type: 'string' },
      svg: { type: 'string' },
      view: { type: 'string' },
      reverse: { type: 'boolean' },
    });
    if (!values.svg) throw new UsageError('--svg FILE is required');
    const view = (values.view ?? 'architecture') as DiagramView;
    if (!views.includes(view)) throw new UsageError(`--view must be one of ${views.join(', ')}`);
    if (values['from-json'] && (values.kubeconfig || values.context)) {
      throw new UsageError('--from-json reads a file, not a cluster: it cannot be combined with --kubeconfig or --context');
    }
    const anatomy = values['from-json']
      ? parseAnatomyJson(await readFile(values['from-json'], 'utf8'), values['from-json'])
      : await loadAnatomySnapshot({
          kubeconfig: values.kubeconfig,
          context: values.context,
          env: io.env,
          namespaces: namespacesOf(values.namespace),
        });
    const scene = layoutDiagram(anatomy, { ...defaultUiState, view, showReverse: !!values.reverse });
    const svg = renderSvg(scene);
    if (values.svg === '-') io.stdout.write(svg);
    else {
      await writeFile(values.svg, svg);
      io.stderr.write(`${values.svg}: ${view} of ${anatomy.context}, ${scene.drawnNodeCount} of ${scene.nodeCount} nodes drawn\n`);
    }
    return EXIT_OK;
  },
};

/** Checks the outline of a ClusterAnatomy read from a file, so a wrong file fails with a message, not a crash. */
export function parseAnatomyJson(text: string, source: string): ClusterAnatomy {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${errorMessage(error)})`);
  }
  const anatomy = value as Partial<ClusterAnatomy> | null;
  const nodesOk =
    Array.isArray(anatomy?.nodes) && anatomy.nodes.every((node) => node && typeof node.name === 'string' && Array.isArray(node.components));
  if (!anatomy || typeof anatomy !== 'object' || typeof anatomy.controlPlane?.mode !== 'string' || !nodesOk) {
    throw new Error(
      `${source}: not a ClusterAnatomy (expected controlPlane.mode and nodes[], as printed by \`cluster-anatomy tree --json\`)`,
    );
  }
  return {
    addons: [],
    absent: [],
    unreadable: [],
    context: '',
    server: '',
    serverVersion: null,
    generatedAt: new Date().toISOString(),
    ...anatomy,
  } as ClusterAnatomy;
}
