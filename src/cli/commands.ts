import { checkCommand } from './checkCommand';
import { contextsCommand, useContextCommand } from './contextsCommand';
import { demoCommand } from './demoCommand';
import { diagramCommand } from './diagramCommand';
import { explainCommand } from './explainCommand';
import { healthCommand } from './healthCommand';
import { mcpCommand } from './mcpCommand';
import { placementCommand } from './placementCommand';
import type { CliCommand } from './run';
import { traceCommand } from './traceCommand';
import { treeCommand } from './treeCommand';

/** Every subcommand of `cluster-anatomy`, each in a module of its own under src/cli. */
export const cliCommands: readonly CliCommand[] = [
  treeCommand,
  contextsCommand,
  useContextCommand,
  diagramCommand,
  explainCommand,
  healthCommand,
  placementCommand,
  checkCommand,
  traceCommand,
  demoCommand,
  mcpCommand,
];
