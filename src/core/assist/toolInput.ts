/**
 * Tool inputs come from a language model: untrusted, and not always what the schema asked for. Each is checked
 * against the tool's own JSON Schema (the subset the tools use) before anything runs, with an error that says
 * what is wrong and where, so the model can correct its call.
 */

export interface InputSchema {
  readonly type: 'object' | 'string' | 'integer' | 'boolean' | 'array';
  readonly description?: string;
  readonly properties?: Readonly<Record<string, InputSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: false;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: InputSchema;
  readonly maxItems?: number;
}

export class ToolInputError extends Error {}

/** `input` checked against `schema`; a fresh copy of what the schema allows, or a ToolInputError. */
export function checkToolInput(schema: InputSchema, input: unknown): Record<string, unknown> {
  const checked = checkValue(schema, input ?? {}, 'input');
  return checked as Record<string, unknown>;
}

function checkValue(schema: InputSchema, value: unknown, where: string): unknown {
  const fail = (why: string): never => {
    throw new ToolInputError(`${where} ${why}`);
  };
  switch (schema.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('must be an object');
      const result: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const [key, child] of Object.entries(value)) {
        const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
        if (!property)
          return fail(
            `has no property '${key.length > 60 ? `${key.slice(0, 60)}…` : key}' (it takes ${Object.keys(properties).join(', ') || 'none'})`,
          );
        if (child === undefined || child === null) continue;
        result[key] = checkValue(property, child, `${where}.${key}`);
      }
      for (const key of schema.required ?? []) if (!(key in result)) fail(`needs '${key}'`);
      return result;
    }
    case 'string': {
      if (typeof value !== 'string') return fail('must be a string');
      if (schema.minLength !== undefined && value.length < schema.minLength) fail(`must be at least ${schema.minLength} characters`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) fail(`must be at most ${schema.maxLength} characters`);
      if (schema.enum && !schema.enum.includes(value)) fail(`must be one of ${schema.enum.join(', ')}`);
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) fail(`must match ${schema.pattern}`);
      return value;
    }
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail('must be a whole number');
      if (schema.minimum !== undefined && value < schema.minimum) fail(`must be at least ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum) fail(`must be at most ${schema.maximum}`);
      return value;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : fail('must be true or false');
    case 'array': {
      if (!Array.isArray(value)) return fail('must be a list');
      if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`must have at most ${schema.maxItems} items`);
      return value.map((item, index) => checkValue(schema.items!, item, `${where}[${index}]`));
    }
  }
}
