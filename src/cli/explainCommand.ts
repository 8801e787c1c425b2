import { explainKindPath, explainManifestAt } from '../core/fields/explainAt';
import { explanationJson, explanationText } from '../core/fields/explainRender';
import { readManifestFile } from '../core/yaml/manifestFile';
import { MAX_MANIFEST_CHARS } from '../core/yaml/yamlPath';
import { cliLanguage } from './language';
import { type CliCommand, EXIT_OK, parseCommandArgs, UsageError } from './run';

function positiveInteger(value: string | undefined, flag: string): number {
  if (value === undefined) throw new UsageError(`${flag} is required`);
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a whole number from 1 (got '${value}')`);
  return Number(value);
}

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'say which component acts on the field at a position of a manifest, or on a field of a kind',
  usage: [
    'Usage: cluster-anatomy explain FILE --line L --column C [--json] [--lang en|ja]',
    '       cluster-anatomy explain --kind KIND [--api-version V] --path PATH [--json] [--lang en|ja]',
    '',
    'L and C are 1-based (columns count UTF-16 units, as editors do); the cursor may be on any character of a',
    'key or of its value. Prints the components that act on that field, when, and a link to the official page.',
    'With --kind and --path, the field is named instead: PATH as keys joined by dots, [0] for an item, ["a/b"]',
    'for a key with dots or slashes (spec.template.spec.containers[0].image); --api-version defaults to the',
    "built-in kind's.",
    '--json prints { kind, apiVersion, path, matched?, fromAncestor, custom, templateNote?, noEntry?,',
    '  components: [{ id, name, controller?, when, effect, writesOther?, action }], docs? }, path dotted, no markup',
    'with [i] for items and components[0] the component that primarily acts.',
    `Files above ${MAX_MANIFEST_CHARS} characters (2 Mi) are not explained.`,
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        line: { type: 'string' },
        column: { type: 'string' },
        kind: { type: 'string' },
        'api-version': { type: 'string' },
        path: { type: 'string' },
        json: { type: 'boolean' },
        lang: { type: 'string' },
      },
      true,
    );
    const language = cliLanguage(values.lang);
    let explanation;
    if (values.kind !== undefined || values.path !== undefined || values['api-version'] !== undefined) {
      if (positionals.length > 0 || values.line !== undefined || values.column !== undefined)
        throw new UsageError('--kind and --path name a field instead of FILE --line --column: give one or the other');
      if (values.kind === undefined || values.path === undefined) throw new UsageError('--kind and --path go together');
      try {
        explanation = explainKindPath(values.kind, values['api-version'], values.path, language);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    } else {
      if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'FILE is required' : 'give exactly one FILE');
      const line = positiveInteger(values.line, '--line');
      const column = positiveInteger(values.column, '--column');
      const file = positionals[0]!;
      explanation = explainManifestAt(await readManifestFile(file), line, column, language, file);
    }
    io.stdout.write(values.json ? `${JSON.stringify(explanationJson(explanation), null, 2)}\n` : `${explanationText(explanation)}\n`);
    return EXIT_OK;
  },
};
