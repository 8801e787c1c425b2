/**
 * What the user of one context may read, as the server says: a SelfSubjectAccessReview for each read a face
 * needs, and a SelfSubjectRulesReview for a namespace in view. Each answer is allowed, denied or unknown (the
 * review was not permitted, failed, or said something that is not an answer); an odd answer is never taken as
 * allowed. Each check carries the `kubectl auth can-i …` line that asks the same question.
 */
import { errorMessage } from '../util/errors';
import { canILine } from './apiErrorText';
import type { HiddenRead, NeededPermission } from './hiddenRead';
import { KubeApiError, type KubeApi } from './kubeApi';

export type AccessVerdict = 'allowed' | 'denied' | 'unknown';

/** One question to the authorizer: a verb on a resource (in a namespace, or cluster-wide), or on a path. */
export type AccessCheck =
  | {
      readonly verb: string;
      /** The plural RBAC names ("pods"), with a subresource after a slash where there is one. */
      readonly resource: string;
      /** The API group, '' for the core group. */
      readonly group: string;
      /** Undefined: cluster-wide (a cluster-scoped resource, or all namespaces). */
      readonly namespace?: string;
      readonly path?: undefined;
    }
  | {
      readonly verb: string;
      readonly path: string;
      readonly resource?: undefined;
      readonly group?: undefined;
      readonly namespace?: undefined;
    };

/** A check with the server's answer. */
export type CheckAnswer = AccessCheck & {
  readonly verdict: AccessVerdict;
  /** `kubectl auth can-i list nodes`, `kubectl auth can-i watch pods -n kube-system`. */
  readonly canI: string;
  /** The authorizer's reason, or why the answer is unknown. */
  readonly reason?: string;
};

/** A read a face needs, and the checks it takes (a list and a watch, or one get). */
export interface AccessRead {
  readonly id: string;
  /** What the read shows, as the user would name it: "Nodes", "Pods in kube-system". */
  readonly what: string;
  readonly checks: readonly AccessCheck[];
}

export interface ReadAccess {
  readonly id: string;
  readonly what: string;
  /** Allowed when every check is; denied when any is; unknown otherwise. */
  readonly verdict: AccessVerdict;
  readonly checks: readonly CheckAnswer[];
}

export interface AccessSnapshot {
  /** By read id, in the order of the reads. */
  readonly reads: ReadonlyMap<string, ReadAccess>;
  /** When the answers were complete (Date.now()). */
  readonly askedAt: number;
}

const KUBE_SYSTEM = 'kube-system';
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** The checks of a list-and-watch of a resource, in a namespace or cluster-wide. */
export const listWatchChecks = (resource: string, group: string, namespace?: string): AccessCheck[] =>
  ['list', 'watch'].map((verb) => ({ verb, resource, group, ...(namespace !== undefined && { namespace }) }));

/**
 * The reads of the faces: the session's collections (ids as the session names them; list and watch each), the
 * CertificateSigningRequests health lists, and the server's own endpoints.
 */
export const anatomyReads: readonly AccessRead[] = [
  { id: 'nodes', what: 'Nodes', checks: listWatchChecks('nodes', '') },
  { id: 'pods', what: `Pods in ${KUBE_SYSTEM}`, checks: listWatchChecks('pods', '', KUBE_SYSTEM) },
  { id: 'daemonSets', what: `DaemonSets in ${KUBE_SYSTEM}`, checks: listWatchChecks('daemonsets', 'apps', KUBE_SYSTEM) },
  { id: 'deployments', what: `Deployments in ${KUBE_SYSTEM}`, checks: listWatchChecks('deployments', 'apps', KUBE_SYSTEM) },
  { id: 'replicaSets', what: `ReplicaSets in ${KUBE_SYSTEM}`, checks: listWatchChecks('replicasets', 'apps', KUBE_SYSTEM) },
  { id: 'services', what: `Services in ${KUBE_SYSTEM}`, checks: listWatchChecks('services', '', KUBE_SYSTEM) },
  { id: 'events', what: `Events in ${KUBE_SYSTEM}`, checks: listWatchChecks('events', '', KUBE_SYSTEM) },
  {
    id: 'leases',
    what: `Leases in ${NODE_LEASE_NAMESPACE}`,
    checks: listWatchChecks('leases', 'coordination.k8s.io', NODE_LEASE_NAMESPACE),
  },
  { id: 'controlPlaneLeases', what: `Leases in ${KUBE_SYSTEM}`, checks: listWatchChecks('leases', 'coordination.k8s.io', KUBE_SYSTEM) },
  // A list of the kubernetes Endpoints by field selector is authorized as a list of all Endpoints in default.
  { id: 'apiServers', what: 'the Endpoints of the kubernetes Service', checks: listWatchChecks('endpoints', '', 'default') },
  {
    id: 'certificateSigningRequests',
    what: 'CertificateSigningRequests',
    checks: [{ verb: 'list', resource: 'certificatesigningrequests', group: 'certificates.k8s.io' }],
  },
  { id: 'readyz', what: "kube-apiserver's /readyz", checks: [{ verb: 'get', path: '/readyz' }] },
  { id: 'livez', what: "kube-apiserver's /livez", checks: [{ verb: 'get', path: '/livez' }] },
  { id: 'version', what: "kube-apiserver's /version", checks: [{ verb: 'get', path: '/version' }] },
];

/** The check in words: "list nodes (cluster-wide)", "watch pods in kube-system", "get /readyz". */
export function checkText(check: AccessCheck): string {
  if (check.path !== undefined) return `${check.verb} ${check.path}`;
  const resource = check.group ? `${check.resource}.${check.group}` : check.resource;
  return `${check.verb} ${resource} ${check.namespace !== undefined ? `in ${check.namespace}` : '(cluster-wide)'}`;
}

/** The checks of a read the user may not do, or that could not be checked. */
export function missingChecks(read: ReadAccess): CheckAnswer[] {
  return read.checks.filter((check) => check.verdict !== 'allowed');
}

function combined(verdicts: readonly AccessVerdict[]): AccessVerdict {
  if (verdicts.includes('denied')) return 'denied';
  return verdicts.every((verdict) => verdict === 'allowed') ? 'allowed' : 'unknown';
}

// ---- the rules of a namespace -------------------------------------------------------------------------------

export interface ResourceRule {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly resourceNames: readonly string[];
}

export interface NonResourceRule {
  readonly verbs: readonly string[];
  readonly nonResourceURLs: readonly string[];
}

/** What the user may do in one namespace, as SelfSubjectRulesReview lists it; `known: false` when it could not be read. */
export type NamespaceRules =
  | {
      readonly namespace: string;
      readonly known: true;
      readonly resourceRules: readonly ResourceRule[];
      readonly nonResourceRules: readonly NonResourceRule[];
      /** The authorizer could not list everything: a check no rule allows is unknown, not denied. */
      readonly incomplete: boolean;
      readonly evaluationError?: string;
    }
  | { readonly namespace: string; readonly known: false; readonly reason: string };

const matches = (values: readonly string[], value: string) => values.includes('*') || values.includes(value);

function resourceMatches(rule: ResourceRule, resource: string): boolean {
  if (rule.resources.includes('*') || rule.resources.includes(resource)) return true;
  const slash = resource.indexOf('/');
  return slash >= 0 && rule.resources.includes(`*${resource.slice(slash)}`);
}

function pathMatches(urls: readonly string[], path: string): boolean {
  return urls.some((url) => url === '*' || url === path || (url.endsWith('*') && path.startsWith(url.slice(0, -1))));
}

/**
 * The verdict of the rules on a check, matched as RBAC matches them: allowed when a rule covers it; otherwise
 * denied if the rules are complete, unknown if not (or if they could not be read). A check that names no
 * object is not allowed by a rule limited to resourceNames.
 */
export function rulesVerdict(rules: NamespaceRules, check: AccessCheck & { readonly name?: string }): AccessVerdict {
  if (!rules.known) return 'unknown';
  const allowed =
    check.path !== undefined
      ? rules.nonResourceRules.some((rule) => matches(rule.verbs, check.verb) && pathMatches(rule.nonResourceURLs, check.path))
      : rules.resourceRules.some(
          (rule) =>
            matches(rule.verbs, check.verb) &&
            matches(rule.apiGroups, check.group) &&
            resourceMatches(rule, check.resource) &&
            (rule.resourceNames.length === 0 || (check.name !== undefined && rule.resourceNames.includes(check.name))),
        );
  if (allowed) return 'allowed';
  return rules.incomplete ? 'unknown' : 'denied';
}

/** A read as the rules of its namespace answer it, check by check, combined as the reviews' answers are. */
export function readAccessFromRules(read: AccessRead, rules: NamespaceRules): ReadAccess {
  const checks = read.checks.map((check) => ({ ...check, canI: canILine(check), verdict: rulesVerdict(rules, check) }));
  return { id: read.id, what: read.what, verdict: combined(checks.map((check) => check.verdict)), checks };
}

// ---- reading the answers ------------------------------------------------------------------------------------

const AUTHORIZATION = '/apis/authorization.k8s.io/v1';
const JSON_TYPE = 'application/json';

type AccessApi = Pick<KubeApi, 'write'>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;

const MAX_REASON = 300;
const shortText = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text);

function reviewFailure(error: unknown): string {
  if (error instanceof KubeApiError && error.kind === 'forbidden') return shortText(`the review is not permitted: ${error.message}`);
  return shortText(`the review failed: ${errorMessage(error)}`);
}

/** The verdict in a SelfSubjectAccessReview's answer; anything but a clear yes or no is unknown. */
function accessVerdict(body: unknown): { verdict: AccessVerdict; reason?: string } {
  const status = isRecord(body) ? body.status : undefined;
  if (!isRecord(status)) return { verdict: 'unknown', reason: 'the review answered without a status' };
  const reasonText = [status.reason, status.evaluationError].filter((part): part is string => typeof part === 'string' && part !== '');
  const reason = reasonText.length > 0 ? { reason: shortText(reasonText.join('; ')) } : {};
  if (status.allowed === true && status.denied !== true) return { verdict: 'allowed', ...reason };
  if (status.allowed === false || (status.allowed === undefined && status.denied === true)) return { verdict: 'denied', ...reason };
  return { verdict: 'unknown', reason: 'the review answered neither allowed nor denied' };
}

async function askAccess(api: AccessApi, check: AccessCheck): Promise<CheckAnswer> {
  const spec =
    check.path !== undefined
      ? { nonResourceAttributes: { verb: check.verb, path: check.path } }
      : {
          resourceAttributes: {
            verb: check.verb,
            group: check.group,
            ...(check.resource.includes('/')
              ? { resource: check.resource.split('/')[0], subresource: check.resource.split('/')[1] }
              : { resource: check.resource }),
            ...(check.namespace !== undefined && { namespace: check.namespace }),
          },
        };
  const canI = canILine(check);
  try {
    const body = await api.write('POST', `${AUTHORIZATION}/selfsubjectaccessreviews`, `the review of ${checkText(check)}`, {
      json: { kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', spec },
      contentType: JSON_TYPE,
    });
    return { ...check, canI, ...accessVerdict(body) };
  } catch (error) {
    return { ...check, canI, verdict: 'unknown', reason: reviewFailure(error) };
  }
}

function resourceRules(value: unknown): ResourceRule[] | undefined {
  if (!Array.isArray(value)) return value === undefined ? [] : undefined;
  const rules: ResourceRule[] = [];
  for (const item of value) {
    if (!isRecord(item)) return undefined;
    const verbs = stringList(item.verbs);
    const apiGroups = stringList(item.apiGroups ?? []);
    const resources = stringList(item.resources ?? []);
    const resourceNames = stringList(item.resourceNames ?? []);
    if (!verbs || !apiGroups || !resources || !resourceNames) return undefined;
    rules.push({ verbs, apiGroups, resources, resourceNames });
  }
  return rules;
}

function nonResourceRules(value: unknown): NonResourceRule[] | undefined {
  if (!Array.isArray(value)) return value === undefined ? [] : undefined;
  const rules: NonResourceRule[] = [];
  for (const item of value) {
    if (!isRecord(item)) return undefined;
    const verbs = stringList(item.verbs);
    const nonResourceURLs = stringList(item.nonResourceURLs ?? []);
    if (!verbs || !nonResourceURLs) return undefined;
    rules.push({ verbs, nonResourceURLs });
  }
  return rules;
}

async function askRules(api: AccessApi, namespace: string): Promise<NamespaceRules> {
  let body: unknown;
  try {
    body = await api.write('POST', `${AUTHORIZATION}/selfsubjectrulesreviews`, `the review of your rules in ${namespace}`, {
      json: { kind: 'SelfSubjectRulesReview', apiVersion: 'authorization.k8s.io/v1', spec: { namespace } },
      contentType: JSON_TYPE,
    });
  } catch (error) {
    return { namespace, known: false, reason: reviewFailure(error) };
  }
  const status = isRecord(body) ? body.status : undefined;
  if (!isRecord(status)) return { namespace, known: false, reason: 'the review answered without a status' };
  const resources = resourceRules(status.resourceRules);
  const nonResources = nonResourceRules(status.nonResourceRules);
  if (!resources || !nonResources || (status.incomplete !== undefined && typeof status.incomplete !== 'boolean')) {
    return { namespace, known: false, reason: 'the review answered rules that are not rules' };
  }
  const evaluationError = typeof status.evaluationError === 'string' && status.evaluationError !== '' ? status.evaluationError : undefined;
  return {
    namespace,
    known: true,
    resourceRules: resources,
    nonResourceRules: nonResources,
    // An evaluation error means some rules may be missing, whatever the flag says.
    incomplete: status.incomplete === true || evaluationError !== undefined,
    ...(evaluationError !== undefined && { evaluationError: shortText(evaluationError) }),
  };
}

/** Runs `work` on each item, at most `limit` at a time, the results in the items' order. */
async function bounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

export interface ContextAccessOptions {
  /** The reads to ask about; the faces' reads unless given. */
  readonly reads?: readonly AccessRead[];
  /** Reviews in flight at once (default 4). */
  readonly concurrency?: number;
  readonly now?: () => number;
}

/**
 * The access of one context's user. The reads are asked about once, on first use, and again after refresh()
 * (after any 403: see afterError); the rules of each namespace likewise. Reviews never throw: a review that
 * fails makes its check unknown.
 */
export class ContextAccess {
  private readonly reads: readonly AccessRead[];
  private readonly concurrency: number;
  private readonly now: () => number;
  private asking: Promise<AccessSnapshot> | undefined;
  /** The refresh under way, which a second refresh joins. */
  private refreshing: Promise<AccessSnapshot> | undefined;
  private settled: AccessSnapshot | undefined;
  private readonly rulesByNamespace = new Map<string, Promise<NamespaceRules>>();
  private generation = 0;

  constructor(
    private readonly api: AccessApi,
    options: ContextAccessOptions = {},
  ) {
    this.reads = options.reads ?? anatomyReads;
    this.concurrency = options.concurrency ?? 4;
    this.now = options.now ?? Date.now;
  }

  /** The last complete answers, if any. */
  get current(): AccessSnapshot | undefined {
    return this.settled;
  }

  /** The answers for the reads, asked the first time and kept until refresh(). */
  snapshot(): Promise<AccessSnapshot> {
    this.asking ??= this.ask();
    return this.asking;
  }

  /** The access of one read by id (the snapshot's), or undefined for a read that is not asked about. */
  async read(id: string): Promise<ReadAccess | undefined> {
    return (await this.snapshot()).reads.get(id);
  }

  /** What the user may do in `namespace`, asked once per namespace until refresh(). */
  rules(namespace: string): Promise<NamespaceRules> {
    let rules = this.rulesByNamespace.get(namespace);
    if (!rules) {
      rules = askRules(this.api, namespace);
      this.rulesByNamespace.set(namespace, rules);
    }
    return rules;
  }

  /**
   * Forgets every answer and asks again; a refresh already under way is joined, not repeated. The last
   * complete answers stay in `current` until the new ones are in.
   */
  refresh(): Promise<AccessSnapshot> {
    this.rulesByNamespace.clear();
    if (this.asking && this.refreshing === this.asking) return this.asking;
    this.asking = this.ask();
    this.refreshing = this.asking;
    return this.asking;
  }

  /** After a failed read: a 403 means the user's rights are not what was asked, so they are asked again. */
  afterError(error: unknown): Promise<AccessSnapshot> | undefined {
    if (error instanceof KubeApiError && error.kind === 'forbidden') return this.refresh();
    return undefined;
  }

  private async ask(): Promise<AccessSnapshot> {
    const generation = ++this.generation;
    const flat = this.reads.flatMap((read) => read.checks.map((check) => ({ read, check })));
    const answers = await bounded(flat, this.concurrency, ({ check }) => askAccess(this.api, check));
    const reads = new Map<string, ReadAccess>();
    let index = 0;
    for (const read of this.reads) {
      const checks = answers.slice(index, index + read.checks.length);
      index += read.checks.length;
      reads.set(read.id, { id: read.id, what: read.what, verdict: combined(checks.map((c) => c.verdict)), checks });
    }
    const snapshot: AccessSnapshot = { reads, askedAt: this.now() };
    if (generation === this.generation) this.settled = snapshot;
    if (this.refreshing && generation === this.generation) this.refreshing = undefined;
    return snapshot;
  }
}

// ---- a read the user may not do: the permissions it needs ----

/** A check as the anatomy states a needed permission. */
export function neededPermission(check: AccessCheck, verdict: 'denied' | 'unknown'): NeededPermission {
  if (check.path !== undefined) return { text: checkText(check), verb: check.verb, resource: check.path, canI: canILine(check), verdict };
  return {
    text: checkText(check),
    verb: check.verb,
    resource: check.group ? `${check.resource}.${check.group}` : check.resource,
    ...(check.namespace !== undefined && { namespace: check.namespace }),
    canI: canILine(check),
    verdict,
  };
}

/**
 * A read the user may not do, with the permissions it needs: those the server denied (or could not answer)
 * when it has answered, else every check of the read, as not yet answered.
 */
export function hiddenRead(
  read: { readonly id: string; readonly what: string; readonly checks: readonly AccessCheck[] },
  resource: string,
  reason: string,
  answered: ReadAccess | undefined,
): HiddenRead {
  const missing = answered?.checks.filter((check) => check.verdict !== 'allowed');
  const needs =
    missing && missing.length > 0
      ? missing.map((check) => neededPermission(check, check.verdict === 'denied' ? 'denied' : 'unknown'))
      : read.checks.map((check) => neededPermission(check, 'unknown'));
  return { id: read.id, what: read.what, resource, needs, reason };
}
