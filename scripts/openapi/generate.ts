// Generates src/demo/openapi/kubernetes.json: the OpenAPI schemas of the kinds the demo cluster serves,
// with Kubernetes' own field descriptions. They come from @kubernetes/client-node, which is generated from the
// Kubernetes OpenAPI: its models give each field's JSON name, type and format at run time, and its .d.ts files
// keep each description as a doc comment. Run `npm run openapi` after upgrading client-node; a unit test checks
// that the committed file is what this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as client from '@kubernetes/client-node';
import * as ts from 'typescript';
import { resourceTypes } from '../../src/demo/resources';

interface Attribute {
  name: string;
  baseName: string;
  type: string;
  format: string;
}
interface ModelClass {
  getAttributeTypeMap(): Attribute[];
}
type Schema = Record<string, unknown>;

const models = client as unknown as Record<string, ModelClass | undefined>;
const modelsFolder = join(dirname(require.resolve('@kubernetes/client-node/package.json')), 'dist', 'gen', 'models');

/** apimachinery's types live in their own package, whichever kind reaches them first. */
const metaTypes = new Set([
  'ObjectMeta',
  'ListMeta',
  'OwnerReference',
  'ManagedFieldsEntry',
  'LabelSelector',
  'LabelSelectorRequirement',
  'Condition',
  'Status',
  'StatusDetails',
  'StatusCause',
]);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The model class of a served kind: `CoreV1Event` where a kind's name is taken twice, `V1Pod` otherwise. */
function modelOf(group: string, version: string, kind: string): string {
  const groupPrefix = group === '' ? 'Core' : capitalize(group.split('.')[0]!);
  for (const candidate of [`${groupPrefix}${capitalize(version)}${kind}`, `${capitalize(version)}${kind}`]) {
    if (typeof models[candidate]?.getAttributeTypeMap === 'function') return candidate;
  }
  throw new Error(`no client-node model for ${group || 'core'}/${version} ${kind}`);
}

/** Class and property doc comments of one generated model, read with the TypeScript parser. */
function docsOf(model: string): { type?: string; properties: Map<string, string> } {
  const text = readFileSync(join(modelsFolder, `${model}.d.ts`), 'utf8');
  const source = ts.createSourceFile(`${model}.d.ts`, text, ts.ScriptTarget.Latest, true);
  const properties = new Map<string, string>();
  let type: string | undefined;
  const comment = (node: ts.Node) => {
    const jsDoc = (node as { jsDoc?: ts.JSDoc[] }).jsDoc?.at(-1)?.comment;
    const raw = typeof jsDoc === 'string' ? jsDoc : jsDoc?.map((part) => part.text).join('');
    // The generator escapes quotes inside comments.
    return (
      raw
        ?.replace(/\\(["'])/g, '$1')
        .replace(/\s+/g, ' ')
        .trim() || undefined
    );
  };
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || node.name?.text !== model) return;
    type = comment(node);
    for (const member of node.members) {
      if (ts.isPropertyDeclaration(member) && member.name && (ts.isStringLiteral(member.name) || ts.isIdentifier(member.name))) {
        const description = comment(member);
        if (description) properties.set(member.name.text, description);
      }
    }
  });
  return { ...(type && { type }), properties };
}

export interface GeneratedSchemas {
  /** The Kubernetes version client-node's models were generated from. */
  readonly kubernetesVersion: string;
  readonly kinds: readonly { group: string; version: string; kind: string; schema: string }[];
  /** OpenAPI 3 schemas by definition name; references are `#/components/schemas/<name>`. */
  readonly schemas: Record<string, Schema>;
}

export function generate(): GeneratedSchemas {
  const names = new Map<string, string>(); // model class → definition name
  const schemas: Record<string, Schema> = {};
  const queue: { model: string; pkg: string; version: string }[] = [];

  const definitionName = (model: string, pkg: string, version: string): string => {
    const known = names.get(model);
    if (known) return known;
    const short = model.replace(/^[A-Z][a-z]*V\d+(?:(?:alpha|beta)\d+)?(?=[A-Z])/, '').replace(/^V\d+(?:(?:alpha|beta)\d+)?(?=[A-Z])/, '');
    const prefixed = /^([A-Z][a-z]+)V\d/.exec(model);
    const ownPkg = prefixed && prefixed[1] !== 'V' ? prefixed[1]!.toLowerCase() : pkg;
    const name = metaTypes.has(short) ? `io.k8s.apimachinery.pkg.apis.meta.v1.${short}` : `io.k8s.api.${ownPkg}.${version}.${short}`;
    names.set(model, name);
    queue.push({ model, pkg: ownPkg, version });
    return name;
  };

  const typeSchema = (type: string, format: string, pkg: string, version: string): Schema => {
    const array = /^Array<(.+)>$/.exec(type);
    if (array) return { type: 'array', items: typeSchema(array[1]!, '', pkg, version) };
    const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
    if (map) return { type: 'object', additionalProperties: typeSchema(map[1]!, '', pkg, version) };
    switch (type) {
      case 'string':
        return format ? { type: 'string', format } : { type: 'string' };
      case 'number':
        return { type: 'integer', ...(format && { format }) };
      case 'boolean':
        return { type: 'boolean' };
      case 'Date':
        return { $ref: `#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.${format === 'date-time-micro' ? 'MicroTime' : 'Time'}` };
      case 'V1MicroTime':
        return { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime' };
      case 'IntOrString':
        return { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' };
      case 'any':
        return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
      default:
        if (typeof models[type]?.getAttributeTypeMap !== 'function') throw new Error(`unknown client-node type ${type}`);
        return { $ref: `#/components/schemas/${definitionName(type, pkg, version)}` };
    }
  };

  const kinds = resourceTypes.map((resource) => {
    const model = modelOf(resource.group, resource.version, resource.kind);
    const pkg = resource.group === '' ? 'core' : resource.group.split('.')[0]!;
    return { group: resource.group, version: resource.version, kind: resource.kind, schema: definitionName(model, pkg, resource.version) };
  });

  for (let next = queue.shift(); next; next = queue.shift()) {
    const { model, pkg, version } = next;
    const docs = docsOf(model);
    const properties: Record<string, Schema> = {};
    for (const attribute of models[model]!.getAttributeTypeMap()) {
      const field = typeSchema(attribute.type, attribute.format, pkg, version);
      const description = docs.properties.get(attribute.name);
      // As kube-apiserver's v3 documents do: a description beside a reference goes with an allOf.
      properties[attribute.baseName] = description
        ? '$ref' in field
          ? { allOf: [field], description }
          : { ...field, description }
        : field;
    }
    const name = names.get(model)!;
    schemas[name] = { type: 'object', ...(docs.type && { description: docs.type }), properties };
  }
  for (const kind of kinds)
    schemas[kind.schema]!['x-kubernetes-group-version-kind'] = [{ group: kind.group, kind: kind.kind, version: kind.version }];
  schemas['io.k8s.apimachinery.pkg.apis.meta.v1.Time'] = {
    type: 'string',
    format: 'date-time',
    description: 'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.',
  };
  schemas['io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime'] = {
    type: 'string',
    format: 'date-time',
    description: 'MicroTime is version of Time with microsecond level precision.',
  };
  schemas['io.k8s.apimachinery.pkg.util.intstr.IntOrString'] = {
    type: 'string',
    format: 'int-or-string',
    description: 'IntOrString is a type that can hold an int32 or a string.',
  };

  const header = readFileSync(join(modelsFolder, 'V1Pod.d.ts'), 'utf8');
  const kubernetesVersion = /OpenAPI spec version: (v[\d.]+)/.exec(header)?.[1] ?? 'unknown';
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { kubernetesVersion, kinds, schemas: sorted };
}

export const outputPath = join(__dirname, '..', '..', 'src', 'demo', 'openapi', 'kubernetes.json');

export function serialize(generated: GeneratedSchemas): string {
  return `${JSON.stringify(generated, null, 1)}\n`;
}

if (require.main === module) {
  const generated = generate();
  writeFileSync(outputPath, serialize(generated));
  console.log(
    `${outputPath}: ${Object.keys(generated.schemas).length} schemas for ${generated.kinds.length} kinds, Kubernetes ${generated.kubernetesVersion}`,
  );
}
