/**
 * The assistants' tools over the Model Context Protocol on stdio, with the protocol's official TypeScript SDK.
 * Its own bundle (dist/mcp.js), loaded only by `cluster-anatomy mcp`: the other commands never parse the SDK.
 */
import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { type AssistantEnvironment, assistantTools, runAssistantTool, toolResultText } from '../../core/assist/tools';
import { redactSecrets } from '../../core/kubeconfig/redact';
import { errorMessage } from '../../core/util/errors';
import { productName, productVersion } from '../../core/version';

const INSTRUCTIONS =
  'Answers about how a live Kubernetes cluster is built and behaves, read from the cluster of one kubeconfig context: ' +
  'its anatomy, which component acts on a manifest field, where a Pod fits and why not, who did what for a workload, ' +
  "the control plane's health and the tutorial's hands-on checks. Every tool is read-only. Each result names the " +
  'context it read and what it could not see (RBAC), and says where it was cut to fit.';

/** Serves until the client closes the connection (standard input ends); resolves then. */
export async function serveMcp(
  environment: AssistantEnvironment,
  options: { maxChars: number; log: (line: string) => void },
): Promise<void> {
  const server = new McpServer({ name: productName, version: productVersion }, { instructions: INSTRUCTIONS });
  for (const tool of assistantTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: fromJsonSchema(tool.inputSchema as unknown as Parameters<typeof fromJsonSchema>[0]),
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: tool.readsCluster },
      },
      async (input: unknown) => {
        try {
          const result = await runAssistantTool(tool, input, environment, options.maxChars);
          return {
            content: [{ type: 'text' as const, text: toolResultText(result) }],
            structuredContent: result as unknown as Record<string, unknown>,
          };
        } catch (error) {
          // A kubeconfig's exec plugin may print a token into its error: never passed on.
          const message = redactSecrets(errorMessage(error));
          options.log(`${tool.name}: ${message}`);
          return { content: [{ type: 'text' as const, text: message }], isError: true };
        }
      },
    );
  }
  // connect() takes the transport's callbacks for itself: the close is heard through the server.
  const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  await closed;
}
