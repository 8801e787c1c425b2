import type { PathSegment } from '../yaml/yamlPath';
import { fieldKnowledge } from './knowledge';
import type { ControllerId, EntryCondition, FieldEntry, FieldReader, FieldValue, ValueTest } from './types';

/** One segment of a compiled path pattern (see FieldEntry for the syntax). */
type PatternToken =
  | { type: 'key'; keys: readonly string[] }
  | { type: 'keyPrefix'; prefix: string }
  | { type: 'anyIndex' }
  | { type: 'anyKey' }
  | { type: 'rest' };

interface CompiledPattern {
  readonly source: string;
  readonly tokens: readonly PatternToken[];
  readonly entry: FieldEntry;
  readonly literalCount: number;
}

export function compilePattern(source: string): PatternToken[] {
  const tokens: PatternToken[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === '.') {
      index++;
    } else if (source.startsWith('[*]', index)) {
      tokens.push({ type: 'anyIndex' });
      index += 3;
    } else if (source.startsWith('["', index)) {
      const end = source.indexOf('"]', index + 2);
      if (end < 0) throw new Error(`Unterminated key in pattern ${source}`);
      const key = source.slice(index + 2, end);
      tokens.push(key.endsWith('*') ? { type: 'keyPrefix', prefix: key.slice(0, -1) } : { type: 'key', keys: [key] });
      index = end + 2;
    } else {
      const match = /^[^.[]+/.exec(source.slice(index));
      if (!match) throw new Error(`Bad pattern ${source} at ${index}`);
      const word = match[0];
      if (word === '**') tokens.push({ type: 'rest' });
      else if (word === '*') tokens.push({ type: 'anyKey' });
      else tokens.push({ type: 'key', keys: word.split('|') });
      index += word.length;
    }
  }
  return tokens;
}

function matches(tokens: readonly PatternToken[], path: readonly PathSegment[]): boolean {
  let position = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === 'rest') return position < path.length; // `**` is one or more segments, and always last
    const segment = path[position];
    if (segment === undefined) return false;
    switch (token.type) {
      case 'key':
        if (typeof segment !== 'string' || !token.keys.includes(segment)) return false;
        break;
      case 'keyPrefix':
        if (typeof segment !== 'string' || !segment.startsWith(token.prefix)) return false;
        break;
      case 'anyIndex':
        if (typeof segment !== 'number') return false;
        break;
      case 'anyKey':
        if (typeof segment !== 'string') return false;
        break;
    }
    position++;
  }
  return position === path.length;
}

/** Compiled once, indexed by kind key ('*' for every kind). */
let index: Map<string, CompiledPattern[]> | undefined;
let kindKeys: Set<string> | undefined;

function compiledIndex(): Map<string, CompiledPattern[]> {
  if (index) return index;
  index = new Map();
  kindKeys = new Set();
  for (const entry of fieldKnowledge) {
    for (const source of entry.paths) {
      const tokens = compilePattern(source);
      const literalCount = tokens.filter((token) => token.type === 'key' || token.type === 'keyPrefix').length;
      for (const kind of entry.kinds) {
        if (kind !== '*') kindKeys.add(kind);
        const list = index.get(kind) ?? [];
        list.push({ source, tokens, entry, literalCount });
        index.set(kind, list);
      }
    }
  }
  return index;
}

/** API groups served by kube-apiserver itself; anything else with a dot is a CRD (or an aggregated API). */
const builtInGroups = new Set([
  '',
  'apps',
  'batch',
  'autoscaling',
  'policy',
  'extensions',
  'networking.k8s.io',
  'discovery.k8s.io',
  'coordination.k8s.io',
  'storage.k8s.io',
  'scheduling.k8s.io',
  'node.k8s.io',
  'rbac.authorization.k8s.io',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apiregistration.k8s.io',
  'certificates.k8s.io',
  'events.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'resource.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'internal.apiserver.k8s.io',
  'storagemigration.k8s.io',
]);

/** Old groups whose kinds moved (extensions/v1beta1 manifests are still around). */
const movedKinds: Readonly<Record<string, string>> = {
  'extensions/Deployment': 'apps/Deployment',
  'extensions/DaemonSet': 'apps/DaemonSet',
  'extensions/ReplicaSet': 'apps/ReplicaSet',
  'extensions/Ingress': 'networking.k8s.io/Ingress',
  'extensions/NetworkPolicy': 'networking.k8s.io/NetworkPolicy',
};

/** Kinds whose spec embeds a pod template, and the controller that makes Pods from it. */
const podTemplates: Readonly<Record<string, { prefix: readonly string[]; controllers: readonly ControllerId[] }>> = {
  // A Deployment's template goes into a ReplicaSet, whose controller makes the Pods.
  'apps/Deployment': { prefix: ['spec', 'template'], controllers: ['deployment', 'replicaset'] },
  'apps/ReplicaSet': { prefix: ['spec', 'template'], controllers: ['replicaset'] },
  'apps/DaemonSet': { prefix: ['spec', 'template'], controllers: ['daemonset'] },
  'apps/StatefulSet': { prefix: ['spec', 'template'], controllers: ['statefulset'] },
  'batch/Job': { prefix: ['spec', 'template'], controllers: ['job'] },
  'batch/CronJob': { prefix: ['spec', 'jobTemplate', 'spec', 'template'], controllers: ['cronjob', 'job'] },
  ReplicationController: { prefix: ['spec', 'template'], controllers: ['replicationcontroller'] },
  PodTemplate: { prefix: ['template'], controllers: [] },
};

/** A CronJob's jobTemplate is a Job template: Job knowledge applies inside it. */
const jobTemplates: Readonly<Record<string, readonly string[]>> = { 'batch/CronJob': ['spec', 'jobTemplate'] };

export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** `apps/Deployment`, or `Pod` for the core group. */
export function kindKey(kind: string, apiVersion: string): string {
  compiledIndex();
  const group = groupOf(apiVersion);
  const key = group ? `${group}/${kind}` : kind;
  const moved = movedKinds[key];
  if (moved) return moved;
  if (apiVersion === '') {
    // A templated apiVersion: take the built-in kind of that name if there is one.
    for (const known of kindKeys ?? []) if (known === kind || known.endsWith(`/${kind}`)) return known;
  }
  return key;
}

export interface FieldMatch {
  readonly entry: FieldEntry;
  /** The pattern that matched. */
  readonly pattern: string;
  /** The path the pattern matched: the whole path, or an ancestor of it when nothing more specific is known. */
  readonly matchedPath: readonly PathSegment[];
  readonly exact: boolean;
}

export interface TemplateContext {
  /** 'Pod' inside a pod template, 'batch/Job' inside a CronJob's jobTemplate. */
  readonly templateOf: 'Pod' | 'batch/Job';
  /** The kind key of the object holding the template. */
  readonly ownerKind: string;
  /** The controllers from the template to the objects made from it, e.g. deployment → replicaset. */
  readonly controllers: readonly ControllerId[];
}

export interface FieldLookup {
  readonly kindKey: string;
  readonly group: string;
  /** The kind is neither in the knowledge base nor in a built-in API group: a custom resource. */
  readonly custom: boolean;
  /** The kind is known to the knowledge base. */
  readonly known: boolean;
  readonly template?: TemplateContext;
  readonly match?: FieldMatch;
}

/** What an entry's condition may look at: the object (by path from it), its namespace and name. */
export interface ObjectContext {
  readonly read?: FieldReader;
  readonly namespace?: string;
  readonly name?: string;
}

function passes(test: ValueTest, value: FieldValue): boolean {
  if (test.present !== undefined && test.present !== value.present) return false;
  if (test.equals === undefined && test.prefix === undefined) return true;
  if (!value.present || value.scalar === undefined) return false;
  const scalar = value.scalar;
  if (test.equals && !test.equals.includes(scalar)) return false;
  if (test.prefix && !(typeof scalar === 'string' && test.prefix.some((prefix) => scalar.startsWith(prefix)))) return false;
  return true;
}

function textValue(text: string | undefined): FieldValue {
  return text === undefined ? { present: false } : { present: true, scalar: text };
}

/** Whether `condition` holds for the field at `path`; false when something it tests cannot be read. */
function holds(condition: EntryCondition, path: readonly PathSegment[], context: ObjectContext): boolean {
  const read = context.read;
  if ((condition.value || condition.fields) && !read) return false;
  if (condition.value && !passes(condition.value, read!(path))) return false;
  for (const [field, test] of Object.entries(condition.fields ?? {})) {
    if (!passes(test, read!(field.split('.')))) return false;
  }
  if (condition.namespace && !passes(condition.namespace, textValue(context.namespace))) return false;
  if (condition.name && !passes(condition.name, textValue(context.name))) return false;
  return true;
}

function bestMatch(kind: string, path: readonly PathSegment[], context: ObjectContext = {}): FieldMatch | undefined {
  const compiled = compiledIndex();
  const specific = compiled.get(kind) ?? [];
  const general = compiled.get('*') ?? [];
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    let best: CompiledPattern | undefined;
    let bestScore = -1;
    for (const [candidates, bonus] of [
      [specific, 1000],
      [general, 0],
    ] as const) {
      for (const candidate of candidates) {
        if (!matches(candidate.tokens, prefix)) continue;
        const condition = candidate.entry.onlyIf;
        if (condition && !holds(condition, prefix, context)) continue;
        const hasRest = candidate.tokens.some((token) => token.type === 'rest');
        // A condition that holds makes an entry more specific than any unconditional one for the same kinds.
        const score = bonus + (condition ? 500 : 0) + candidate.literalCount * 10 + (hasRest ? 0 : 5);
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    if (best) return { entry: best.entry, pattern: best.source, matchedPath: prefix, exact: length === path.length };
  }
  return undefined;
}

function startsWith(path: readonly PathSegment[], prefix: readonly string[]): boolean {
  return prefix.every((segment, index) => path[index] === segment);
}

/**
 * Which knowledge applies to `path` (relative to the object) of an object of this kind. `context` lets
 * entries that depend on the value, other fields, the namespace or the name apply; without it they do not.
 */
export function lookupField(kind: string, apiVersion: string, path: readonly PathSegment[], context: ObjectContext = {}): FieldLookup {
  compiledIndex();
  const key = kindKey(kind, apiVersion);
  const group = groupOf(apiVersion);
  const known = kindKeys?.has(key) ?? false;
  const custom = !known && !builtInGroups.has(group) && group.includes('.');

  // Inside a template the templated kind's knowledge applies, below its spec or metadata.
  const podTemplate = podTemplates[key];
  if (podTemplate && startsWith(path, podTemplate.prefix)) {
    const inner = path.slice(podTemplate.prefix.length);
    if (inner.length >= 2 && (inner[0] === 'spec' || inner[0] === 'metadata')) {
      const match = bestMatch('Pod', inner, templateContext(context, podTemplate.prefix));
      if (match) {
        const template: TemplateContext = { templateOf: 'Pod', ownerKind: key, controllers: podTemplate.controllers };
        return { kindKey: key, group, custom, known, template, match };
      }
    }
  }
  const jobTemplate = jobTemplates[key];
  if (jobTemplate && startsWith(path, jobTemplate)) {
    const inner = path.slice(jobTemplate.length);
    if (inner.length >= 2 && (inner[0] === 'spec' || inner[0] === 'metadata')) {
      const match = bestMatch('batch/Job', inner, templateContext(context, jobTemplate));
      if (match)
        return {
          kindKey: key,
          group,
          custom,
          known,
          template: { templateOf: 'batch/Job', ownerKind: key, controllers: ['cronjob'] },
          match,
        };
    }
  }

  if (custom) {
    // A custom resource: only what every object has is known; the rest is its own controller's business.
    const match = path[0] === 'metadata' || path[0] === 'apiVersion' || path[0] === 'kind' ? bestMatch(key, path, context) : undefined;
    return { kindKey: key, group, custom, known, ...(match && { match }) };
  }
  const match = bestMatch(key, path, context);
  return { kindKey: key, group, custom, known, ...(match && { match }) };
}

/** Inside a template, the templated object is read below the template; it has its owner's namespace, not its name. */
function templateContext(context: ObjectContext, prefix: readonly string[]): ObjectContext {
  const read = context.read;
  return {
    ...(read && { read: (path: readonly PathSegment[]) => read([...prefix, ...path]) }),
    ...(context.namespace !== undefined && { namespace: context.namespace }),
  };
}

/** Every kind key the knowledge base has entries for (for tests and documentation). */
export function knownKindKeys(): ReadonlySet<string> {
  compiledIndex();
  return kindKeys ?? new Set();
}
