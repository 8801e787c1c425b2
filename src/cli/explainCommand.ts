import { readFile, stat } from 'node:fs/promises';
import { explainField } from '../core/fields/explain';
import { explanationJson, explanationText } from '../core/fields/explainRender';
import { COMMAND_BUDGET, manifestFieldAt, MAX_MANIFEST_CHARS, offsetOf, parseManifest } from '../core/yaml/yamlPath';
import { cliLanguage } from './language';
import { type CliCommand, EXIT_OK, parseCommandArgs, UsageError } from './run';

function positiveInteger(value: string | undefined, flag: string): number {
  if (value === undefined) throw new UsageError(`${flag} is required`);
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a whole number from 1 (got '${value}')`);
  return Number(value);
}

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'say which component acts on the field at a position of a manifest',
  usage: [
    'Usage: cluster-anatomy explain FILE --line L --column C [--json] [--lang en|ja]',
    '',
    'L and C are 1-based (columns count UTF-16 units, as editors do); the cursor may be on any character of a',
    'key or of its value. Prints the components that act on that field, when, and a link to the official page.',
    '--json prints { kind, apiVersion, path, matched?, fromAncestor, custom, templateNote?, noEntry?,',
    '  components: [{ id, name, controller?, when, effect, writesOther?, action }], docs? }, path dotted, no markup',
    'with [i] for items and components[0] the component that primarily acts.',
    `Files above ${MAX_MANIFEST_CHARS} characters (2 Mi) are not explained.`,
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { line: { type: 'string' }, column: { type: 'string' }, json: { type: 'boolean' }, lang: { type: 'string' } },
      true,
    );
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'FILE is required' : 'give exactly one FILE');
    const line = positiveInteger(values.line, '--line');
    const column = positiveInteger(values.column, '--column');
    const language = cliLanguage(values.lang);

    const file = positionals[0];
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    if (!info.isFile()) throw new Error(`${file}: not a file`);
    // UTF-8 takes at least one byte a character: a file this large in bytes may still fit in characters.
    if (info.size > MAX_MANIFEST_CHARS * 4) throw new Error(`${file}: too large to explain (limit ${MAX_MANIFEST_CHARS} characters)`);
    const text = await readFile(file, 'utf8');
    const parsed = parseManifest(text);
    if (!parsed) throw new Error(`${file}: not a YAML text this command reads (binary, or above ${MAX_MANIFEST_CHARS} characters)`);
    const offset = offsetOf(parsed, line, column);
    if (offset === undefined) throw new Error(`${file}: line ${line}, column ${column} is outside the file`);
    const position = manifestFieldAt(parsed, offset, COMMAND_BUDGET);
    if (position === 'too-large') {
      throw new Error(
        `${file}:${line}:${column}: too large to explain (its YAML nests deeper than 256 levels or needs more than the command's work budget)`,
      );
    }
    if (!position) throw new Error(`${file}:${line}:${column}: no Kubernetes object (apiVersion and kind) at this position`);
    if (position.path.length === 0) throw new Error(`${file}:${line}:${column}: not on a field of the ${position.kind}`);

    const explanation = explainField(position, { language });
    io.stdout.write(values.json ? `${JSON.stringify(explanationJson(explanation), null, 2)}\n` : `${explanationText(explanation)}\n`);
    return EXIT_OK;
  },
};
