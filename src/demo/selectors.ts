import type { KubeObject, ResourceType } from './resources';

/** A selector the client sent that the server cannot parse: answered with 400 BadRequest. */
export class SelectorError extends Error {}

type LabelOperator = 'exists' | 'notexists' | 'in' | 'notin' | 'gt' | 'lt';

interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  values: string[];
}

export type LabelSelector = (labels: Readonly<Record<string, string>> | undefined) => boolean;

const namePart = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const dnsSubdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function checkKey(key: string): void {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  const valid = namePart.test(name) && (prefix === undefined || (prefix.length <= 253 && dnsSubdomain.test(prefix)));
  if (!valid) {
    throw new SelectorError(
      `unable to parse requirement: <nil>: Invalid value: "${key}": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
    );
  }
}

function checkValue(key: string, value: string): void {
  if (value !== '' && !namePart.test(value)) {
    throw new SelectorError(
      `unable to parse requirement: values[0][${key}]: Invalid value: "${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
    );
  }
}

/** Splits on commas outside parentheses: "a in (x,y),b" → ["a in (x,y)", "b"]. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      terms.push(text.slice(start, index));
      start = index + 1;
    }
    if (depth < 0 || depth > 1) throw new SelectorError(`unable to parse requirement: unbalanced parentheses in "${text}"`);
  }
  if (depth !== 0) throw new SelectorError(`unable to parse requirement: unbalanced parentheses in "${text}"`);
  terms.push(text.slice(start));
  return terms.map((term) => term.trim());
}

function parseRequirement(term: string): LabelRequirement {
  if (term === '') throw new SelectorError("unable to parse requirement: found '', expected: identifier");
  const set = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(term);
  if (set) {
    const values = set[3]!.split(',').map((value) => value.trim());
    checkKey(set[1]!);
    for (const value of values) checkValue(set[1]!, value);
    return { key: set[1]!, operator: set[2] as 'in' | 'notin', values };
  }
  const comparison = /^([^=!<>\s]+)\s*(==|=|!=|<|>)\s*(.*)$/.exec(term);
  if (comparison) {
    const [, key, operator, rawValue] = comparison;
    const value = rawValue!.trim();
    checkKey(key!);
    if (operator === '<' || operator === '>') {
      if (!/^-?\d+$/.test(value))
        throw new SelectorError(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer`);
      return { key: key!, operator: operator === '<' ? 'lt' : 'gt', values: [value] };
    }
    checkValue(key!, value);
    return { key: key!, operator: operator === '!=' ? 'notin' : 'in', values: [value] };
  }
  const existence = /^(!?)\s*([^\s=!<>(),]+)$/.exec(term);
  if (existence) {
    checkKey(existence[2]!);
    return { key: existence[2]!, operator: existence[1] ? 'notexists' : 'exists', values: [] };
  }
  throw new SelectorError(`unable to parse requirement: found '${term}', expected: identifier`);
}

function matchesRequirement(requirement: LabelRequirement, labels: Readonly<Record<string, string>> | undefined): boolean {
  const present = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, requirement.key);
  const value = present ? labels[requirement.key]! : undefined;
  switch (requirement.operator) {
    case 'exists':
      return present;
    case 'notexists':
      return !present;
    case 'in':
      return present && requirement.values.includes(value!);
    case 'notin':
      return !present || !requirement.values.includes(value!);
    case 'gt':
    case 'lt': {
      if (!present || !/^-?\d+$/.test(value!)) return false;
      const left = Number(value);
      const right = Number(requirement.values[0]);
      return requirement.operator === 'gt' ? left > right : left < right;
    }
  }
}

/** Parses a labelSelector query parameter (equality, set and existence forms, as the API server does). */
export function parseLabelSelector(text: string | undefined | null): LabelSelector {
  if (text === undefined || text === null || text.trim() === '') return () => true;
  const requirements = splitTerms(text).map(parseRequirement);
  return (labels) => requirements.every((requirement) => matchesRequirement(requirement, labels));
}

export type FieldSelector = (object: KubeObject) => boolean;

function fieldValue(object: KubeObject, path: string): string {
  if (path === 'metadata.name') return object.metadata.name;
  if (path === 'metadata.namespace') return object.metadata.namespace ?? '';
  if (path === 'source') {
    // Events: the real server matches source against reportingController or source.component.
    const source = (object as { source?: { component?: string } }).source?.component;
    return (object as { reportingComponent?: string }).reportingComponent || source || '';
  }
  if (path === 'status.podIPs') {
    const ips = (object as { status?: { podIPs?: { ip: string }[] } }).status?.podIPs ?? [];
    return ips.map((entry) => entry.ip).join(',');
  }
  let current: unknown = object;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return '';
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined || current === null) return path === 'spec.hostNetwork' || path === 'spec.unschedulable' ? 'false' : '';
  return String(current);
}

/** Parses a fieldSelector against the fields the real server supports for the resource. */
export function parseFieldSelector(text: string | undefined | null, resource: ResourceType): FieldSelector {
  if (text === undefined || text === null || text.trim() === '') return () => true;
  const supported = new Set(['metadata.name', 'metadata.namespace', ...resource.fieldLabels]);
  const requirements = text.split(',').map((term) => {
    const match = /^\s*([^=!\s]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(term);
    if (!match) throw new SelectorError(`invalid selector: '${text}'; can't understand '${term}'`);
    const [, field, operator, value] = match;
    if (!supported.has(field!)) throw new SelectorError(`field label not supported: ${field}`);
    return { field: field!, negate: operator === '!=', value: value! };
  });
  return (object) => requirements.every(({ field, negate, value }) => (fieldValue(object, field) === value) !== negate);
}
