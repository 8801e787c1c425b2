import { contextsCommand, useContextCommand } from './contextsCommand';
import type { CliCommand } from './run';

/** Every subcommand of `cluster-anatomy`, each in a module of its own under src/cli. */
export const cliCommands: readonly CliCommand[] = [contextsCommand, useContextCommand];
