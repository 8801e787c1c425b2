/**
 * A failed API request in words a person can act on, the one place where a server's refusal becomes text: a 404
 * for a whole resource type says the cluster does not serve that kind, a 403 names the missing permission and
 * the `kubectl auth can-i` line that checks it, an unreachable cluster says so. The server's own message stays on
 * the error for logs and for the views that quote it. English here; `localizeApiErrorText` puts a sentence made
 * here into the UI's language.
 */
import { type Catalog, format } from '../util/catalog';

export const defaultApiErrorStrings = {
  // {0} the resource as RBAC names it ("statefulsets.apps"), {1} its API ("apps/v1").
  notServed: 'This cluster does not serve {0}: its API {1} is not installed or not enabled, so there are none to show.',
  // {0} the permission ("list statefulsets.apps in team"), {1} the kubectl line that checks it.
  forbidden: 'Missing permission: {0}. Check with: {1}',
  // The same words as the standpoint's permissions, so the two read alike.
  needInNamespace: '{0} {1} in {2}',
  needClusterWide: '{0} {1} (cluster-wide)',
  // {0} the network error's code ("ECONNREFUSED"), {1} what was being read, {2} the system's message.
  unreachable: 'Cannot reach the cluster ({0}) while reading {1}: {2}',
  tlsFailed: 'TLS failed while reading {0}: {1}',
  cannotRead: 'Cannot read {0}: {1}',
  timeout: 'The cluster did not answer in time while reading {0}',
  unauthorized: 'The cluster did not accept the credentials (401 Unauthorized) for {0}',
} satisfies Catalog;

export type ApiErrorStrings = typeof defaultApiErrorStrings;

/** The request an error answers: the verb as RBAC names it and the path asked for. */
export interface ApiRequest {
  readonly verb: string;
  readonly path: string;
}

/**
 * The `kubectl auth can-i` line that asks whether a verb is allowed on a resource (in a namespace, or
 * cluster-wide) or on a path: `kubectl auth can-i list statefulsets.apps -n team`, `kubectl auth can-i get /readyz`.
 */
export function canILine(check: {
  readonly verb: string;
  readonly resource?: string;
  readonly group?: string;
  readonly namespace?: string;
  readonly path?: string;
}): string {
  if (check.path !== undefined || check.resource === undefined) return `kubectl auth can-i ${check.verb} ${check.path ?? ''}`;
  const [plural, subresource] = check.resource.split('/');
  const resource = check.group ? `${plural}.${check.group}` : plural;
  return [
    'kubectl auth can-i',
    check.verb,
    resource,
    ...(subresource ? [`--subresource=${subresource}`] : []),
    ...(check.namespace !== undefined ? ['-n', check.namespace] : []),
  ].join(' ');
}

/** The resource a REST path names: `/apis/apps/v1/namespaces/team/statefulsets` is statefulsets.apps in team. */
export interface PathResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace?: string;
  readonly name?: string;
}

export function resourceOfPath(path: string): PathResource | undefined {
  const segments = path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
  let group: string;
  let rest: string[];
  if (segments[0] === 'api' && segments.length >= 3) [group, rest] = ['', segments.slice(1)];
  else if (segments[0] === 'apis' && segments.length >= 4) [group, rest] = [segments[1]!, segments.slice(2)];
  else return undefined;
  const version = rest[0]!;
  let items = rest.slice(1);
  let namespace: string | undefined;
  if (items[0] === 'namespaces' && items.length >= 3) {
    namespace = items[1];
    items = items.slice(2);
  }
  const [resource, name] = items;
  if (!resource) return undefined;
  return { group, version, resource, ...(namespace !== undefined && { namespace }), ...(name !== undefined && { name }) };
}

/** What a 404 or 403 means for the request, in words; undefined when the server's message says it best. */
export function refusalText(
  statusCode: number,
  details: { readonly name?: unknown } | undefined,
  request: ApiRequest | undefined,
  strings: ApiErrorStrings = defaultApiErrorStrings,
): string | undefined {
  if (!request) return undefined;
  const target = resourceOfPath(request.path);
  // A missing object names itself in the Status details; a type the server lacks answers with none.
  if (statusCode === 404 && target && (details?.name === undefined || details.name === '')) {
    const qualified = target.group ? `${target.resource}.${target.group}` : target.resource;
    return format(strings.notServed, qualified, target.group ? `${target.group}/${target.version}` : target.version);
  }
  if (statusCode !== 403) return undefined;
  if (!target) {
    const path = request.path.split('?')[0]!;
    return format(strings.forbidden, `${request.verb} ${path}`, canILine({ verb: request.verb, path }));
  }
  const check = {
    verb: request.verb,
    resource: target.resource,
    group: target.group,
    ...(target.namespace !== undefined && { namespace: target.namespace }),
  };
  const resource = target.group ? `${target.resource}.${target.group}` : target.resource;
  const need =
    target.namespace !== undefined
      ? format(strings.needInNamespace, request.verb, resource, target.namespace)
      : format(strings.needClusterWide, request.verb, resource);
  return format(strings.forbidden, need, canILine(check));
}

const templateCache = new Map<string, RegExp>();

function templatePattern(template: string): RegExp {
  let pattern = templateCache.get(template);
  if (!pattern) {
    const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{(\d+)\\\}/g, '(?<p$1>[\\s\\S]*?)');
    pattern = new RegExp(`^${escaped}$`);
    templateCache.set(template, pattern);
  }
  return pattern;
}

/** The sentences that stand alone (the permission's words only ever appear inside `forbidden`). */
const sentenceKeys = (Object.keys(defaultApiErrorStrings) as (keyof ApiErrorStrings)[]).filter(
  (key) => key !== 'needInNamespace' && key !== 'needClusterWide',
);

function translate(text: string, keys: readonly (keyof ApiErrorStrings)[], localized: ApiErrorStrings): string | undefined {
  for (const key of keys) {
    const match = templatePattern(defaultApiErrorStrings[key]).exec(text);
    if (!match?.groups) continue;
    const values: string[] = [];
    for (const [group, value] of Object.entries(match.groups)) {
      const index = Number(group.slice(1));
      values[index] =
        key === 'forbidden' && index === 0 ? (translate(value, ['needInNamespace', 'needClusterWide'], localized) ?? value) : value;
    }
    return format(localized[key], ...values);
  }
  return undefined;
}

/**
 * A sentence made from the English catalog (by refusalText or KubeApi), in the language of `localized`; any
 * other text (a server's message, an error of another kind) as it is.
 */
export function localizeApiErrorText(text: string, localized: ApiErrorStrings): string {
  if (localized === defaultApiErrorStrings) return text;
  return translate(text, sentenceKeys, localized) ?? text;
}
