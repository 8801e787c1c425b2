import type { PathSegment } from '../../yaml/manifest/types';

/** A field's type and description as an API server's OpenAPI document gives them. */
export interface FieldSchema {
  /** `string`, `integer (int32)`, `PodSpec`, `list of Container`, `map of string`, `IntOrString`… */
  readonly type: string;
  /** The API's own description, untrusted text (a CRD's author wrote it). */
  readonly description?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `group/version/Kind`, with an empty group for the core API. */
export function gvkKey(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

/** The schemas of one OpenAPI document (v2 `definitions` or v3 `components.schemas`), indexed by kind. */
export class OpenApiSchemas {
  private readonly byKind = new Map<string, Json>();

  private constructor(
    private readonly schemas: Json,
    private readonly refPrefix: string,
  ) {
    for (const schema of Object.values(schemas)) {
      if (!isObject(schema)) continue;
      const kinds = schema['x-kubernetes-group-version-kind'];
      for (const gvk of Array.isArray(kinds) ? kinds : []) {
        if (!isObject(gvk) || typeof gvk.kind !== 'string' || typeof gvk.version !== 'string') continue;
        // Several definitions may claim one kind (a List, older copies): the first real object schema wins.
        const key = gvkKey(typeof gvk.group === 'string' ? gvk.group : '', gvk.version, gvk.kind);
        if (!this.byKind.has(key)) this.byKind.set(key, schema);
      }
    }
  }

  /** From a Swagger 2.0 document (`/openapi/v2`); undefined when it is not one. */
  static fromV2(document: unknown): OpenApiSchemas | undefined {
    if (!isObject(document) || !isObject(document.definitions)) return undefined;
    return new OpenApiSchemas(document.definitions, '#/definitions/');
  }

  /** From an OpenAPI 3 document (one group-version of `/openapi/v3`); undefined when it is not one. */
  static fromV3(document: unknown): OpenApiSchemas | undefined {
    if (!isObject(document) || !isObject(document.components) || !isObject(document.components.schemas)) return undefined;
    return new OpenApiSchemas(document.components.schemas, '#/components/schemas/');
  }

  hasKind(group: string, version: string, kind: string): boolean {
    return this.byKind.has(gvkKey(group, version, kind));
  }

  /** The field at `path` from the object of this kind; undefined when the document does not know it. */
  fieldAt(group: string, version: string, kind: string, path: readonly PathSegment[]): FieldSchema | undefined {
    let node: Json | undefined = this.byKind.get(gvkKey(group, version, kind));
    let description: string | undefined;
    for (const segment of path) {
      const resolved = this.resolve(node);
      if (!resolved) return undefined;
      let next: unknown;
      let mapValue = false;
      if (typeof segment === 'number') next = resolved.items;
      else if (isObject(resolved.properties) && segment in resolved.properties) next = resolved.properties[segment];
      else if (isObject(resolved.additionalProperties)) {
        next = resolved.additionalProperties;
        mapValue = true;
      }
      if (!isObject(next)) return undefined;
      node = next;
      // The description beside a reference is the field's own; the referenced type's is about the type. A map's
      // value (a label, a resource limit) is best described by the map's own description.
      const own = stringOf(next.description);
      description = mapValue ? (own ?? description) : own;
    }
    if (!node) return undefined;
    const type = this.typeName(node);
    description ??= stringOf(this.resolve(node)?.description);
    return { type, ...(description && { description }) };
  }

  /** Follows `$ref` and a single-entry `allOf` (how v3 puts a description beside a reference). */
  private resolve(node: Json | undefined, depth = 0): Json | undefined {
    if (!node || depth > 16) return node;
    const ref = this.refOf(node);
    if (!ref) return node;
    const target = this.schemas[ref];
    return isObject(target) ? this.resolve(target, depth + 1) : undefined;
  }

  private refOf(node: Json): string | undefined {
    let ref = node.$ref;
    if (ref === undefined && Array.isArray(node.allOf) && node.allOf.length === 1 && isObject(node.allOf[0])) ref = node.allOf[0].$ref;
    return typeof ref === 'string' && ref.startsWith(this.refPrefix) ? ref.slice(this.refPrefix.length) : undefined;
  }

  private typeName(node: Json, depth = 0): string {
    // A referenced type goes by its own name: PodSpec, Quantity, IntOrString, Time.
    const ref = this.refOf(node);
    if (ref) return ref.slice(ref.lastIndexOf('.') + 1);
    if (node['x-kubernetes-int-or-string'] === true) return 'IntOrString';
    if (depth < 8 && node.type === 'array' && isObject(node.items)) return `list of ${this.typeName(node.items, depth + 1)}`;
    if (depth < 8 && node.type === 'object' && isObject(node.additionalProperties))
      return `map of ${this.typeName(node.additionalProperties, depth + 1)}`;
    const type = stringOf(node.type) ?? 'object';
    const format = stringOf(node.format);
    return format && type !== 'string' ? `${type} (${format})` : type;
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
