/**
 * The demo's authorization and the two reviews a client asks it about (SelfSubjectAccessReview,
 * SelfSubjectRulesReview), answered by the same authorizer that decides the user's requests, so that the answer
 * agrees with what the server would refuse. The admin's authorizer allows every request unless
 * `DemoControl.forbid` denies it; the restricted user's is RBAC (rbac.ts).
 */
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from './apiPatches';
import { resourceTypes } from './resources';
import { ApiError, badRequest } from './status';

export interface Forbidden {
  resource: string; // plural, optionally ".group"; or a non-resource path ("/readyz", "/readyz/*")
  namespace?: string;
}

export const AUTHORIZATION_GROUP = 'authorization.k8s.io';
export const AUTHORIZATION_VERSION = 'v1';
export const reviewResources = ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] as const;
export type ReviewResource = (typeof reviewResources)[number];

/** What a request (or a SelfSubjectAccessReview) asks to do: a verb on a resource, or on a non-resource path. */
export type AccessAttributes =
  | {
      readonly verb: string;
      /** The API group, '' for the core group. */
      readonly group: string;
      /** The plural, without the subresource. */
      readonly resource: string;
      readonly subresource?: string;
      readonly name?: string;
      /** Undefined: cluster-wide (a cluster-scoped resource, or all namespaces). */
      readonly namespace?: string;
      readonly path?: undefined;
    }
  | { readonly verb: string; readonly path: string };

/** An authorizer's answer: allowed, with the reason it names; or not (RBAC's "no opinion", not a denial). */
export type AccessDecision = { readonly allowed: true; readonly reason: string } | { readonly allowed: false };

/** What a SelfSubjectRulesReview lists for a namespace. */
export interface ReviewRules {
  readonly resourceRules: readonly Json[];
  readonly nonResourceRules: readonly Json[];
  readonly incomplete: boolean;
}

/** How the server decides the requests of one user, and what it says of them when asked. */
export interface DemoAuthorizer {
  decide(attributes: AccessAttributes): AccessDecision;
  rulesFor(namespace: string): ReviewRules;
}

/** The 403 of a refused request, worded as the real authorizer words it, naming the user. */
export function forbiddenError(user: string, attributes: AccessAttributes): ApiError {
  if (attributes.path !== undefined) {
    return new ApiError(403, 'Forbidden', `forbidden: User "${user}" cannot ${attributes.verb} path "${attributes.path}"`, {});
  }
  const { verb, group, resource, subresource, name, namespace } = attributes;
  const qualified = group ? `${resource}.${group}` : resource;
  const resourceText = subresource ? `${resource}/${subresource}` : resource;
  const scope = namespace ? `in the namespace "${namespace}"` : 'at the cluster scope';
  const subject = name ? `${qualified} "${name}"` : qualified;
  const message = `${subject} is forbidden: User "${user}" cannot ${verb} resource "${resourceText}" in API group "${group}" ${scope}`;
  return new ApiError(403, 'Forbidden', message, { ...(name ? { name } : {}), ...(group ? { group } : {}), kind: resource });
}

/** A non-resource path denied by a rule ("/readyz", or a prefix ending in "*"). */
function pathDenied(rules: readonly Forbidden[], path: string): boolean {
  return rules.some(
    ({ resource: rule }) => rule.startsWith('/') && (rule.endsWith('*') ? path.startsWith(rule.slice(0, -1)) : rule === path),
  );
}

/**
 * A resource denied by a rule: the plural matches (and the group, when the rule names one), everywhere or in the
 * request's namespace. A rule for one namespace does not deny a request across all namespaces.
 */
function resourceDenied(rules: readonly Forbidden[], plural: string, group: string, namespace: string | undefined): boolean {
  return rules.some((rule) => {
    if (rule.resource.startsWith('/')) return false;
    const [rulePlural, ...groupParts] = rule.resource.split('.');
    if (rulePlural !== plural || (groupParts.length > 0 && groupParts.join('.') !== group)) return false;
    return rule.namespace === undefined || rule.namespace === namespace;
  });
}

/** The subresources the demo serves, each authorized as its resource is. */
const subresources: Readonly<Record<string, readonly string[]>> = { pods: ['status', 'log'], deployments: ['scale'] };

/** The non-resource paths the demo serves, each with the paths below it. */
const nonResourcePaths = ['/api', '/apis', '/healthz', '/livez', '/readyz', '/openapi', '/version'];

/**
 * The admin's authorization: everything, less what `DemoControl.forbid` denies (`rules`, which the server keeps
 * current). The verb and the subresource do not matter to a denial.
 */
export class ForbidListAuthorizer implements DemoAuthorizer {
  constructor(private readonly rules: readonly Forbidden[]) {}

  decide(attributes: AccessAttributes): AccessDecision {
    const denied =
      attributes.path !== undefined
        ? pathDenied(this.rules, attributes.path)
        : resourceDenied(this.rules, attributes.resource, attributes.group, attributes.namespace || undefined);
    return denied ? { allowed: false } : { allowed: true, reason: 'the demo cluster allows it' };
  }

  /**
   * While nothing is denied, everything (the rules of cluster-admin). Once something is, the rules of the
   * resources and paths the demo serves, less those denied, marked incomplete: the authorization is a list of
   * denials, and the resources the demo does not serve are not refused by it either.
   */
  rulesFor(namespace: string): ReviewRules {
    const rules = this.rules;
    const anyResourceDenied = rules.some(
      (rule) => !rule.resource.startsWith('/') && (rule.namespace === undefined || rule.namespace === namespace),
    );
    const anyPathDenied = rules.some((rule) => rule.resource.startsWith('/'));
    const resourceRules: Json[] = [];
    if (!anyResourceDenied) {
      resourceRules.push({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
    } else {
      for (const type of resourceTypes) {
        if (resourceDenied(rules, type.plural, type.group, type.namespaced ? namespace || undefined : undefined)) continue;
        const names = [type.plural, ...(subresources[type.plural] ?? []).map((sub) => `${type.plural}/${sub}`)];
        resourceRules.push({ verbs: ['*'], apiGroups: [type.group], resources: names });
      }
      resourceRules.push({ verbs: ['create'], apiGroups: [AUTHORIZATION_GROUP], resources: [...reviewResources] });
    }
    const nonResourceURLs = !anyPathDenied
      ? ['*']
      : nonResourcePaths.flatMap((path) => [
          ...(pathDenied(rules, path) ? [] : [path]),
          ...(rules.some((rule) => rule.resource.startsWith(`${path}/`)) ? [] : [`${path}/*`]),
        ]);
    return {
      resourceRules,
      nonResourceRules: nonResourceURLs.length > 0 ? [{ verbs: ['*'], nonResourceURLs }] : [],
      incomplete: anyResourceDenied,
    };
  }
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function stringField(record: Json, field: string, path: string): string {
  const value = record[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badRequest(`${path}.${field}: expected a string`);
  return value;
}

function invalidReview(kind: string, field: string, value: unknown, message: string): ApiError {
  return new ApiError(
    422,
    'Invalid',
    `${kind}.${AUTHORIZATION_GROUP} "" is invalid: ${field}: Invalid value: ${JSON.stringify(value)}: ${message}`,
    {
      group: AUTHORIZATION_GROUP,
      kind,
      causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(value)}: ${message}`, field }],
    },
  );
}

/** The review as the real server answers it: the request echoed, with metadata and the status filled in. */
function answer(kind: string, spec: Json, status: Json): Json {
  return { kind, apiVersion: `${AUTHORIZATION_GROUP}/${AUTHORIZATION_VERSION}`, metadata: { creationTimestamp: null }, spec, status };
}

async function reviewBody(request: IncomingMessage, kind: string): Promise<Json> {
  // JSON, or protobuf as kubectl's typed client sends it.
  const body = await readRequestBody(request, 'json', { apiVersion: `${AUTHORIZATION_GROUP}/${AUTHORIZATION_VERSION}`, kind });
  if (!isRecord(body)) throw badRequest(`the body of a ${kind} must be a JSON object`);
  if (body.kind !== undefined && body.kind !== kind) throw badRequest(`expected a ${kind}, got kind ${JSON.stringify(body.kind)}`);
  return body;
}

/** POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews: may this user do this one thing? */
async function accessReview(request: IncomingMessage, authorizer: DemoAuthorizer): Promise<Json> {
  const kind = 'SelfSubjectAccessReview';
  const body = await reviewBody(request, kind);
  const spec = isRecord(body.spec) ? body.spec : {};
  const resourceAttributes = isRecord(spec.resourceAttributes) ? spec.resourceAttributes : undefined;
  const nonResourceAttributes = isRecord(spec.nonResourceAttributes) ? spec.nonResourceAttributes : undefined;
  if ((resourceAttributes === undefined) === (nonResourceAttributes === undefined)) {
    throw invalidReview(kind, 'spec', spec, 'exactly one of nonResourceAttributes or resourceAttributes must be specified');
  }
  let attributes: AccessAttributes;
  if (resourceAttributes) {
    const field = (name: string) => stringField(resourceAttributes, name, 'spec.resourceAttributes');
    const [subresource, name, namespace] = [field('subresource'), field('name'), field('namespace')];
    attributes = {
      verb: field('verb'),
      group: field('group'),
      resource: field('resource'),
      ...(subresource && { subresource }),
      ...(name && { name }),
      ...(namespace && { namespace }),
    };
  } else {
    const path = stringField(nonResourceAttributes!, 'path', 'spec.nonResourceAttributes');
    attributes = { verb: stringField(nonResourceAttributes!, 'verb', 'spec.nonResourceAttributes'), path };
  }
  const decision = authorizer.decide(attributes);
  // As RBAC answers: an allowed request names what allows it; a refusal is "no opinion", not an explicit denial.
  return answer(kind, spec, decision.allowed ? { allowed: true, reason: decision.reason } : { allowed: false });
}

/** POST /apis/authorization.k8s.io/v1/selfsubjectrulesreviews: what may this user do in one namespace? */
async function rulesReview(request: IncomingMessage, authorizer: DemoAuthorizer): Promise<Json> {
  const kind = 'SelfSubjectRulesReview';
  const body = await reviewBody(request, kind);
  const spec = isRecord(body.spec) ? body.spec : {};
  const rules = authorizer.rulesFor(stringField(spec, 'namespace', 'spec'));
  return answer(kind, spec, { ...rules });
}

/** Answers one review (a create; 405 to any other method), with the code the real server answers it with. */
export async function serveReview(
  request: IncomingMessage,
  resource: ReviewResource,
  method: string,
  authorizer: DemoAuthorizer,
): Promise<{ code: number; body: Json }> {
  if (method !== 'POST') {
    request.resume();
    throw new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  }
  const body = resource === 'selfsubjectaccessreviews' ? await accessReview(request, authorizer) : await rulesReview(request, authorizer);
  return { code: 201, body };
}
