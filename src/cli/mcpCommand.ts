import { isAbsolute, resolve } from 'node:path';
import { resolveClientConfig } from '../core/anatomy/snapshot';
import type { AssistantEnvironment } from '../core/assist/tools';
import { DEFAULT_MAX_ANSWER_CHARS } from '../core/assist/tools';
import { readManifestFile } from '../core/yaml/manifestFile';
import { inlineText } from '../core/util/visibleText';
import { cliCatalog, cliLanguage } from './language';
import type * as McpServerModule from './mcp/server';
import { type CliCommand, EXIT_OK, parseCommandArgs, UsageError } from './run';

export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'serve the same answers to assistants over the Model Context Protocol (stdio)',
  usage: [
    'Usage: cluster-anatomy mcp [--kubeconfig FILE] [--context NAME] [--lang en|ja] [--max-chars N]',
    '',
    'Speaks MCP over standard input and output, for an MCP client (an editor or an assistant) that starts it.',
    'Its tools are the answers of the other commands, read-only, as the JSON their --json prints:',
    '  cluster_anatomy_tree           the anatomy (tree)',
    '  cluster_anatomy_explain_field  which component acts on a field (explain)',
    '  cluster_anatomy_placement      where a Pod or a manifest fits, and why not (placement)',
    '  cluster_anatomy_waiting_pods   the Pods waiting for a node (placement --pending)',
    '  cluster_anatomy_trace          who did what for a workload or a Service (trace)',
    "  cluster_anatomy_health         the control plane's health (health)",
    "  cluster_anatomy_hands_on       the tutorial's hands-on checks (check)",
    'Each result names the context it read and what it could not see, and is cut to N characters of JSON',
    `(default ${DEFAULT_MAX_ANSWER_CHARS}) with each cut said. The kubeconfig is read on every call: without`,
    '--context the tools follow its current context. Nothing is written to a cluster or a kubeconfig.',
    'Relative manifest paths are read from the directory the server was started in.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      lang: { type: 'string' },
      'max-chars': { type: 'string' },
    });
    const language = cliLanguage(values.lang);
    const maxCharsText = values['max-chars'];
    const maxChars = maxCharsText === undefined ? DEFAULT_MAX_ANSWER_CHARS : Number(maxCharsText);
    if (maxCharsText !== undefined && (!/^\d+$/.test(maxCharsText) || maxChars < 2_000 || maxChars > 10_000_000))
      throw new UsageError('--max-chars takes a whole number from 2000 to 10000000');
    const directory = process.cwd();
    const environment: AssistantEnvironment = {
      client: () => resolveClientConfig({ kubeconfig: values.kubeconfig, context: values.context, env: io.env }),
      readManifest: async (path) => ({ text: await readManifestFile(isAbsolute(path) ? path : resolve(directory, path)), source: path }),
      language,
      localize: (catalog) => cliCatalog(catalog, language),
    };
    // The SDK lives in its own bundle, loaded by this command only (esbuild.mjs makes this dist/mcp.js).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { serveMcp } = require('./mcp/server') as typeof McpServerModule;
    await serveMcp(environment, { maxChars, log: (line) => io.stderr.write(`${inlineText(line, 2_000)}\n`) });
    return EXIT_OK;
  },
};
