/**
 * A write's body read against the kind's OpenAPI schema, as the real server's decoder reads it: fields the
 * type does not have (reported, warned about or dropped, per fieldValidation) and values of the wrong JSON type
 * (400, as encoding/json refuses them).
 */
import generated from './openapi/kubernetes.json';
import { badRequest } from './status';

export type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
};

const schemas = generated.schemas as Record<string, Schema>;

function resolve(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current && hops < 8; hops++) {
    const reference = current.$ref ?? current.allOf?.[0]?.$ref;
    if (!reference) return current;
    current = schemas[reference.slice('#/components/schemas/'.length)];
  }
  return current;
}

function referenceName(schema: Schema | undefined): string | undefined {
  const reference = schema?.$ref ?? schema?.allOf?.[0]?.$ref ?? schema?.items?.$ref ?? schema?.items?.allOf?.[0]?.$ref;
  return reference?.slice('#/components/schemas/'.length);
}

/** The named schema of a property (of a list's items for a list), for walks that follow the types. */
export function propertySchema(schemaName: string | undefined, property: string): { name: string | undefined } {
  const schema = schemaName ? schemas[schemaName] : undefined;
  return { name: referenceName(schema?.properties?.[property]) };
}

export function schemaNameOfKind(group: string, kind: string): string | undefined {
  return generated.kinds.find((candidate) => candidate.group === group && candidate.kind === kind)?.schema;
}

export function schemaOfKind(group: string, kind: string): Schema | undefined {
  const entry = generated.kinds.find((candidate) => candidate.group === group && candidate.kind === kind);
  return entry ? schemas[entry.schema] : undefined;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const goTypes: Record<string, string> = {
  integer: 'int32',
  number: 'float64',
  string: 'string',
  boolean: 'bool',
  object: 'map[string]interface {}',
  array: '[]interface {}',
};

export interface SchemaFindings {
  /** Dotted paths of fields the schema does not know ("spec.foo", "spec.template.spec.containers[0].bar"). */
  unknown: string[];
  /** The first value of a wrong type, worded as encoding/json words it. */
  typeError?: string;
}

/**
 * Walks `value` against `schema`. With `drop`, unknown fields are removed from the value in place. Fields of
 * types the schema leaves open (quantities, int-or-string, preserved unknown fields) are not looked into.
 */
export function checkAgainstSchema(value: unknown, schema: Schema | undefined, drop: boolean): SchemaFindings {
  const findings: SchemaFindings = { unknown: [] };
  const pending: { node: unknown; schema: Schema | undefined; path: string; parentType: string }[] = [
    { node: value, schema, path: '', parentType: '' },
  ];
  while (pending.length > 0) {
    const { node, schema: raw, path, parentType } = pending.pop()!;
    const resolved = resolve(raw);
    if (!resolved || node === null || node === undefined || resolved['x-kubernetes-preserve-unknown-fields']) continue;
    if (resolved.format === 'int-or-string' || (!resolved.type && !resolved.properties)) continue;
    const type = resolved.type ?? 'object';
    const actual = jsonTypeOf(node);
    const matches =
      type === actual ||
      (type === 'integer' && actual === 'number' && Number.isInteger(node)) ||
      (type === 'number' && actual === 'number');
    if (!matches) {
      if (!findings.typeError) {
        const shown = type === 'integer' && actual === 'number' ? 'number' : actual;
        findings.typeError = `json: cannot unmarshal ${shown} into Go struct field ${parentType}${path ? `.${path}` : ''} of type ${goTypes[type] ?? type}`;
      }
      continue;
    }
    if (type === 'array') {
      (node as unknown[]).forEach((item, index) =>
        pending.push({ node: item, schema: resolved.items, path: `${path}[${index}]`, parentType }),
      );
      continue;
    }
    if (type !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const childPath = path ? `${path}.${key}` : key;
      const property = resolved.properties?.[key];
      if (property) {
        pending.push({ node: record[key], schema: property, path: childPath, parentType: parentType || 'Object' });
      } else if (resolved.additionalProperties && typeof resolved.additionalProperties === 'object') {
        pending.push({ node: record[key], schema: resolved.additionalProperties, path: childPath, parentType });
      } else if (!resolved.additionalProperties) {
        findings.unknown.push(childPath);
        if (drop) delete record[key];
      }
    }
  }
  findings.unknown.sort();
  return findings;
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** fieldValidation as the real server reads it; the default for a request without it is Warn. */
export function fieldValidationOf(text: string | null): FieldValidation {
  if (text === null || text === '') return 'Warn';
  if (text === 'Strict' || text === 'Warn' || text === 'Ignore') return text;
  throw badRequest(`fieldValidation: Unsupported value: "${text}": supported values: "Ignore", "Strict", "Warn"`);
}
