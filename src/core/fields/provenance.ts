/**
 * Why a live field holds the value it holds: who set it, with the evidence. Reads the object's managedFields,
 * a server-side dry run of the manifest (what kube-apiserver's defaulting and admission add), the cluster's
 * mutating webhooks and HorizontalPodAutoscalers, and what the admission plugins built into kube-apiserver are
 * known to write (plugin/pkg/admission in Kubernetes' source). Pure: the cluster reads happen elsewhere.
 */
import type { ItemIdentity, PathSegment } from '../yaml/yamlPath';
import { lookupField } from './lookup';
import { fieldOwners, liveValueAt, type FieldOwner } from './managedFields';
import type { ActorId, ControllerId, Language, Localized } from './types';

/** Something read from the cluster, or why it could not be read. */
export type ClusterRead<T> =
  { readonly state: 'read'; readonly items: readonly T[] } | { readonly state: 'unreadable'; readonly reason: string };

/** What the cluster says beyond the live object, gathered by the caller (core/apply/provenanceEvidence.ts). */
export interface ProvenanceEvidence {
  /** The manifest's object; left out for a live document, which is the live object itself. */
  readonly manifest?: unknown;
  /** What a server-side dry run of the manifest would store, or why there is none. */
  readonly dryRun?:
    | {
        readonly state: 'answered';
        readonly object: unknown;
        /** It was the live object without the field (a live document has no manifest). */
        readonly withoutField?: boolean;
      }
    | { readonly state: 'failed'; readonly reason: string };
  /** The cluster's MutatingWebhookConfigurations (plain JSON). */
  readonly webhooks?: ClusterRead<unknown>;
  /** The HorizontalPodAutoscalers of the object's namespace (plain JSON), for a scale target's replicas. */
  readonly autoscalers?: ClusterRead<unknown>;
  /** The object's resource (plural), to match webhook rules; guessed from the kind when left out. */
  readonly resource?: string;
  /** Field managers that write for the person (the product's own); kubectl's managers always count. */
  readonly yourManagers?: readonly string[];
}

/**
 * Who set the value. you: a field manager of the person's own tools; client: another client's manager;
 * controller: a control-plane or node component; defaulting: kube-apiserver's defaulting (a dry run adds it and
 * no manager owns it); admission-plugin: a built-in mutating admission plugin, by name; server: kube-apiserver
 * when it stored the object, defaulting or admission, with no dry run to tell; unknown: none of these shows.
 */
export type ProvenanceSource = 'you' | 'client' | 'controller' | 'defaulting' | 'admission-plugin' | 'server' | 'unknown';

/** What managedFields cannot tell, where it matters for this answer. */
export type ProvenanceLimit = 'ancient-changes' | 'before-first-apply' | 'subresource' | 'update-takes-defaults' | 'no-dry-run';

/** A sentence whose `{name}` placeholders hold cluster text (names, values): renderers mark those up as text. */
export interface Phrase {
  readonly template: string;
  readonly values: Readonly<Record<string, string>>;
}

export interface FieldProvenance {
  readonly source: ProvenanceSource;
  /** The managedFields entry the answer rests on, when one does. */
  readonly owner?: FieldOwner;
  readonly component?: ActorId;
  readonly controller?: ControllerId;
  /** The admission plugin's name (ServiceAccount, DefaultTolerationSeconds, …). */
  readonly plugin?: string;
  /** The HorizontalPodAutoscaler that sets a scale target's replicas. */
  readonly autoscaler?: string;
  /** Mutating webhooks whose rules match the object: they may have set the field too (a dry run runs them as well). */
  readonly webhooks?: readonly string[];
  readonly summary: Phrase;
  readonly evidence: readonly Phrase[];
  readonly limits: readonly ProvenanceLimit[];
}

/** Every sentence of a provenance, in both languages. */
export const provenanceText = {
  heading: { en: 'Why this value', ja: 'なぜこの値か' },
  you: {
    en: 'You: your field manager {manager} ({operation}, {time}) set it.',
    ja: 'あなたです。あなたのフィールドマネージャー {manager}（{operation}、{time}）が設定しました。',
  },
  client: {
    en: 'Another client: the field manager {manager} ({operation}, {time}) set it.',
    ja: 'ほかのクライアントです。フィールドマネージャー {manager}（{operation}、{time}）が設定しました。',
  },
  controller: {
    en: '{component}: its field manager {manager} ({operation}, {time}) set it.',
    ja: '{component} です。そのフィールドマネージャー {manager}（{operation}、{time}）が設定しました。',
  },
  controllerNamed: {
    en: 'The {controller} controller in {component}: its field manager {manager} ({operation}, {time}) set it.',
    ja: '{component} の中の {controller} のコントローラーです。フィールドマネージャー {manager}（{operation}、{time}）が設定しました。',
  },
  autoscaler: {
    en: 'The horizontal-pod-autoscaler controller in kube-controller-manager set it, for the HorizontalPodAutoscaler {autoscaler}.',
    ja: 'kube-controller-manager の中の horizontal-pod-autoscaler のコントローラーが、HorizontalPodAutoscaler {autoscaler} に従って設定しました。',
  },
  defaulting: {
    en: "kube-apiserver's defaulting: your manifest leaves it out, the server's dry run of it adds {value}, and no field manager owns it.",
    ja: 'kube-apiserver のデフォルト値の設定です。マニフェストには無く、サーバーでのドライランが {value} を加え、どのフィールドマネージャーも所有していません。',
  },
  plugin: {
    en: 'The {plugin} admission plugin of kube-apiserver: {what}',
    ja: 'kube-apiserver の {plugin} アドミッションプラグインです。{what}',
  },
  server: {
    en: 'kube-apiserver, when it stored the object: no field manager owns it, and managedFields record neither defaulting nor admission (an admission plugin or a mutating webhook).',
    ja: 'オブジェクトを保存したときの kube-apiserver です。どのフィールドマネージャーも所有しておらず、managedFields にはデフォルト値の設定もアドミッション（アドミッションプラグインや mutating webhook）も記録されません。',
  },
  defaultingWithout: {
    en: "kube-apiserver's defaulting: a server-side dry run of this object without the field puts {value} back, and no field manager owns it.",
    ja: 'kube-apiserver のデフォルト値の設定です。この項目を除いたオブジェクトをサーバーでドライランすると {value} が戻り、どのフィールドマネージャーも所有していません。',
  },
  unknownNotInDryRun: {
    en: "Unknown: no field manager owns it, and the server's dry run of your manifest does not add it, so neither defaulting nor admission set it; a controller or a client wrote it without a managedFields record.",
    ja: '不明です。どのフィールドマネージャーも所有しておらず、マニフェストのドライランにも現れないので、デフォルト値の設定でもアドミッションでもありません。コントローラーかクライアントが managedFields に記録を残さずに書きました。',
  },
  unknownInManifest: {
    en: 'Unknown: your manifest sets it, but no field manager owns it.',
    ja: '不明です。マニフェストには書かれていますが、どのフィールドマネージャーも所有していません。',
  },

  // Evidence.
  manifestSays: {
    en: 'Your manifest says {manifest}; the live value is {live}.',
    ja: 'マニフェストの値は {manifest}、クラスタの現在の値は {live} です。',
  },
  manifestOmits: { en: 'Your manifest leaves it out.', ja: 'マニフェストには書かれていません。' },
  dryRunAdds: {
    en: "The server's dry run of your manifest has {value} here.",
    ja: 'マニフェストをサーバーでドライランすると、ここは {value} になります。',
  },
  dryRunWithoutAdds: {
    en: 'A server-side dry run of this object without the field has {value} here.',
    ja: 'この項目を除いたオブジェクトをサーバーでドライランすると、ここは {value} になります。',
  },
  dryRunWithoutLacks: {
    en: 'A server-side dry run of this object without the field has no value here.',
    ja: 'この項目を除いたオブジェクトをサーバーでドライランすると、ここには値がありません。',
  },
  dryRunLacks: {
    en: "The server's dry run of your manifest has no value here.",
    ja: 'マニフェストをサーバーでドライランすると、ここには値がありません。',
  },
  dryRunFailed: { en: 'No dry run: {reason}', ja: 'ドライランはできませんでした: {reason}' },
  ownedBy: {
    en: 'managedFields: {manager} ({operation}, {time}) owns it.',
    ja: 'managedFields では {manager}（{operation}、{time}）が所有しています。',
  },
  ownedByNone: { en: 'managedFields: no field manager owns it.', ja: 'managedFields では、どのフィールドマネージャーも所有していません。' },
  autoscalerTargets: {
    en: 'The HorizontalPodAutoscaler {autoscaler} targets this {kind} (minReplicas {min}, maxReplicas {max}; it last wanted {desired}).',
    ja: 'HorizontalPodAutoscaler {autoscaler} がこの {kind} を対象にしています（minReplicas {min}、maxReplicas {max}。最後に求めた数は {desired}）。',
  },
  autoscalersUnreadable: {
    en: 'HorizontalPodAutoscalers could not be read: {reason}',
    ja: 'HorizontalPodAutoscaler を読めませんでした: {reason}',
  },
  webhooksMatch: {
    en: 'The mutating webhooks {webhooks} match this kind: the dry run runs them too, and cannot tell their changes from defaulting.',
    ja: 'mutating webhook {webhooks} がこの種類に当てはまります。ドライランはこれらも実行するので、その変更とデフォルト値の設定とは区別できません。',
  },
  webhooksNone: {
    en: 'No mutating webhook of the cluster matches this kind.',
    ja: 'この種類に当てはまる mutating webhook はクラスタにありません。',
  },
  webhooksUnreadable: {
    en: 'The cluster’s MutatingWebhookConfigurations could not be read ({reason}): a mutating webhook may have set it too.',
    ja: 'クラスタの MutatingWebhookConfiguration を読めませんでした（{reason}）。mutating webhook が設定した可能性もあります。',
  },
  limitRangerAnnotation: {
    en: 'The Pod’s kubernetes.io/limit-ranger annotation says: {annotation}',
    ja: 'Pod の kubernetes.io/limit-ranger アノテーション: {annotation}',
  },
  priorityFrom: { en: 'From the PriorityClass {priorityClass}.', ja: 'PriorityClass {priorityClass} から設定されます。' },

  // What managedFields cannot tell.
  limits: {
    'ancient-changes': {
      en: 'managedFields keep at most ten Update managers; older ones are merged into ancient-changes, whose name and time say nothing about who wrote it.',
      ja: 'managedFields に残る Update のマネージャーは 10 個までで、それより古いものは ancient-changes にまとめられます。その名前と時刻からは、誰が書いたかは分かりません。',
    },
    'before-first-apply': {
      en: 'before-first-apply holds the fields a client-side write owned when the first server-side apply came: which client wrote them is lost.',
      ja: 'before-first-apply は、最初のサーバーサイド apply の時点でクライアントサイドの書き込みが所有していた項目です。どのクライアントが書いたかは失われています。',
    },
    subresource: {
      en: 'A write through a subresource (scale, status, binding) may name no manager on older servers, so managedFields may not show the writer.',
      ja: 'サブリソース（scale、status、binding）からの書き込みは、古いサーバーではマネージャーを記録しないことがあり、managedFields に書き手が現れないことがあります。',
    },
    'update-takes-defaults': {
      en: "An Update records every field it sends as its manager's, the server's defaults included: a default can show up as owned.",
      ja: 'Update は送った項目をすべてそのマネージャーのものとして記録し、サーバーが補ったデフォルト値もそこに含まれます。デフォルト値が所有されているように見えることがあります。',
    },
    'no-dry-run': {
      en: 'Without a dry run, what defaulting or admission set cannot be told from what a write left unrecorded.',
      ja: 'ドライランが無いため、デフォルト値の設定やアドミッションが設定したものと、記録の残らない書き込みとを区別できません。',
    },
  } satisfies Record<ProvenanceLimit, Localized>,

  // What each admission plugin does to the field.
  serviceAccountDefault: {
    en: 'a Pod that names no ServiceAccount gets "default".',
    ja: 'ServiceAccount を指定しない Pod には "default" を設定します。',
  },
  serviceAccountToken: {
    en: "it mounts the ServiceAccount's API token into every container at /var/run/secrets/kubernetes.io/serviceaccount (this volume and its volumeMounts).",
    ja: 'ServiceAccount の API トークンを、すべてのコンテナの /var/run/secrets/kubernetes.io/serviceaccount にマウントします（このボリュームとその volumeMounts）。',
  },
  serviceAccountPullSecrets: {
    en: "a Pod with no imagePullSecrets gets its ServiceAccount's.",
    ja: 'imagePullSecrets の無い Pod には、その ServiceAccount のものを設定します。',
  },
  defaultTolerationSeconds: {
    en: 'a Pod that does not tolerate node.kubernetes.io/not-ready and unreachable (NoExecute) gets these tolerations for 300 s.',
    ja: 'node.kubernetes.io/not-ready と unreachable（NoExecute）を許容していない Pod に、300 秒の toleration を加えます。',
  },
  limitRanger: {
    en: 'a container without this request or limit gets the default of a LimitRange in the namespace.',
    ja: 'この request や limit の無いコンテナに、Namespace の LimitRange の既定値を設定します。',
  },
  limitRangerNote: {
    en: 'it records the requests and limits it set in this annotation.',
    ja: '設定した request と limit をこのアノテーションに記録します。',
  },
  priority: {
    en: "it resolves the Pod's priorityClassName (or the cluster's default PriorityClass) into its priority and preemptionPolicy.",
    ja: 'Pod の priorityClassName（無ければクラスタの既定の PriorityClass）から priority と preemptionPolicy を設定します。',
  },
  defaultStorageClass: {
    en: 'a PersistentVolumeClaim that names no storage class gets the default StorageClass.',
    ja: 'ストレージクラスを指定しない PersistentVolumeClaim に、既定の StorageClass を設定します。',
  },
  defaultIngressClass: {
    en: 'an Ingress that names no class gets the default IngressClass.',
    ja: 'クラスを指定しない Ingress に、既定の IngressClass を設定します。',
  },
  runtimeClass: {
    en: "it copies the RuntimeClass's Pod overhead into the Pod.",
    ja: 'RuntimeClass の Pod のオーバーヘッドを Pod に写します。',
  },
  taintNodesByCondition: {
    en: 'a new Node gets the not-ready NoSchedule taint until its conditions are known.',
    ja: '新しいノードに、状態が分かるまで not-ready の NoSchedule の taint を付けます。',
  },
  unknownTime: { en: 'no time', ja: '時刻なし' },
  unknownOperation: { en: 'no operation', ja: '操作なし' },
} as const;

/** The components that write under their own names (their user agents); a client's manager is anything else. */
const componentManagers: Readonly<Record<string, ActorId>> = {
  'kube-controller-manager': 'kube-controller-manager',
  'cloud-controller-manager': 'cloud-controller-manager',
  'kube-scheduler': 'kube-scheduler',
  kubelet: 'kubelet',
  'kube-apiserver': 'kube-apiserver',
};

/** kubectl's own managers: kubectl, kubectl-client-side-apply, kubectl-create, kubectl-edit, kubectl-scale, … */
const isKubectlManager = (manager: string) => manager === 'kubectl' || manager.startsWith('kubectl-');

const SCALE_TARGET_KINDS = new Set(['apps/Deployment', 'apps/ReplicaSet', 'apps/StatefulSet', 'ReplicationController']);

const SERVICE_ACCOUNT_MOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
}

function kindKey(kind: string, apiVersion: string): string {
  const group = groupOf(apiVersion);
  return group ? `${group}/${kind}` : kind;
}

/** `value` as the hover shows it: JSON, short. */
function shown(value: unknown): string {
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  const text = json === undefined ? String(value) : json;
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * `entry` in `language`; `values` are cluster text (kept apart for the renderer to mark up), `fixed` the
 * product's own words and names (written into the template).
 */
function phrase(entry: Localized, language: Language, values: Record<string, string> = {}, fixed: Record<string, string> = {}): Phrase {
  const template = entry[language].replace(/\{(\w+)\}/g, (whole, name: string) => fixed[name] ?? whole);
  return { template, values };
}

function ownerValues(owner: FieldOwner, language: Language): Record<string, string> {
  return {
    manager: owner.manager,
    operation: `${owner.operation ?? provenanceText.unknownOperation[language]}${owner.subresource ? ` /${owner.subresource}` : ''}`,
    time: owner.time ?? provenanceText.unknownTime[language],
  };
}

/** A kind's resource as webhook rules name it, when the caller did not say: lower case, plural. */
function guessedResource(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

const matchesRule = (values: unknown, wanted: string) => Array.isArray(values) && values.some((value) => value === '*' || value === wanted);

/** The mutating webhooks (configuration/webhook) whose rules match the object's group, version and resource on CREATE or UPDATE. */
export function matchingWebhooks(configurations: readonly unknown[], apiVersion: string, resource: string): string[] {
  const group = groupOf(apiVersion);
  const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
  const names: string[] = [];
  for (const configuration of configurations) {
    if (!isRecord(configuration)) continue;
    const configName =
      isRecord(configuration.metadata) && typeof configuration.metadata.name === 'string' ? configuration.metadata.name : '?';
    for (const webhook of Array.isArray(configuration.webhooks) ? configuration.webhooks : []) {
      if (!isRecord(webhook) || !Array.isArray(webhook.rules)) continue;
      const matches = webhook.rules.some(
        (rule) =>
          isRecord(rule) &&
          matchesRule(rule.apiGroups, group) &&
          matchesRule(rule.apiVersions, version) &&
          Array.isArray(rule.resources) &&
          rule.resources.some((name) => name === '*' || name === '*/*' || name === resource) &&
          Array.isArray(rule.operations) &&
          rule.operations.some((operation) => operation === '*' || operation === 'CREATE' || operation === 'UPDATE'),
      );
      if (matches) names.push(`${configName}/${typeof webhook.name === 'string' ? webhook.name : '?'}`);
    }
  }
  return names;
}

/** The HorizontalPodAutoscaler whose scaleTargetRef is this object. */
function targetingAutoscaler(
  autoscalers: readonly unknown[],
  live: Record<string, unknown>,
  kind: string,
  apiVersion: string,
): Record<string, unknown> | undefined {
  const metadata = isRecord(live.metadata) ? live.metadata : {};
  return autoscalers.find((candidate): candidate is Record<string, unknown> => {
    if (!isRecord(candidate) || !isRecord(candidate.spec) || !isRecord(candidate.spec.scaleTargetRef)) return false;
    const ref = candidate.spec.scaleTargetRef;
    const namespace = isRecord(candidate.metadata) ? candidate.metadata.namespace : undefined;
    const refGroup = typeof ref.apiVersion === 'string' ? groupOf(ref.apiVersion) : groupOf(apiVersion);
    return (
      ref.kind === kind &&
      ref.name === metadata.name &&
      refGroup === groupOf(apiVersion) &&
      (namespace === undefined || metadata.namespace === undefined || namespace === metadata.namespace)
    );
  });
}

interface PluginMatch {
  readonly plugin: string;
  readonly what: Localized;
  readonly evidence?: Phrase;
}

/**
 * The built-in mutating admission plugin known to write this field of this object, from what each writes
 * (plugin/pkg/admission in Kubernetes' source). Asked only for a field no manager owns: admission runs after
 * kube-apiserver records the writer's fields, so what it adds is nobody's.
 */
function admissionPlugin(
  key: string,
  path: readonly PathSegment[],
  live: Record<string, unknown>,
  value: unknown,
  language: Language,
): PluginMatch | undefined {
  const at = (sub: readonly PathSegment[]) => liveValueAt(live, sub).value;
  const text = provenanceText;
  if (key === 'Pod') {
    const [spec, field, index, sub, subIndex] = path;
    if (spec !== 'spec') return undefined;
    if ((field === 'serviceAccountName' || field === 'serviceAccount') && path.length === 2 && value === 'default') {
      return { plugin: 'ServiceAccount', what: text.serviceAccountDefault };
    }
    if (field === 'volumes' && typeof index === 'number') {
      const volume = at(path.slice(0, 3));
      const name = isRecord(volume) ? volume.name : undefined;
      const mountedAtTokenPath = ['containers', 'initContainers'].some((list) => {
        const containers = at(['spec', list]);
        return (
          Array.isArray(containers) &&
          containers.some(
            (container) =>
              isRecord(container) &&
              Array.isArray(container.volumeMounts) &&
              container.volumeMounts.some((mount) => isRecord(mount) && mount.name === name && mount.mountPath === SERVICE_ACCOUNT_MOUNT),
          )
        );
      });
      if (typeof name === 'string' && (name.startsWith('kube-api-access-') || mountedAtTokenPath)) {
        return { plugin: 'ServiceAccount', what: text.serviceAccountToken };
      }
    }
    if (
      (field === 'containers' || field === 'initContainers') &&
      typeof index === 'number' &&
      sub === 'volumeMounts' &&
      typeof subIndex === 'number'
    ) {
      const mount = at(path.slice(0, 5));
      if (isRecord(mount) && mount.mountPath === SERVICE_ACCOUNT_MOUNT) return { plugin: 'ServiceAccount', what: text.serviceAccountToken };
    }
    if (field === 'imagePullSecrets') return { plugin: 'ServiceAccount', what: text.serviceAccountPullSecrets };
    if (field === 'tolerations' && typeof index === 'number') {
      const toleration = at(path.slice(0, 3));
      if (
        isRecord(toleration) &&
        (toleration.key === 'node.kubernetes.io/not-ready' || toleration.key === 'node.kubernetes.io/unreachable') &&
        toleration.effect === 'NoExecute' &&
        toleration.tolerationSeconds === 300
      ) {
        return { plugin: 'DefaultTolerationSeconds', what: text.defaultTolerationSeconds };
      }
    }
    if (field === 'containers' && typeof index === 'number' && sub === 'resources') {
      const annotation = at(['metadata', 'annotations', 'kubernetes.io/limit-ranger']);
      const container = at(path.slice(0, 3));
      const name = isRecord(container) ? container.name : undefined;
      if (
        typeof annotation === 'string' &&
        typeof name === 'string' &&
        new RegExp(`(request|limit) for container ${escapeRegExp(name)}(;|$)`).test(annotation)
      ) {
        return { plugin: 'LimitRanger', what: text.limitRanger, evidence: phrase(text.limitRangerAnnotation, language, { annotation }) };
      }
    }
    if (field === 'priority' || field === 'preemptionPolicy' || field === 'priorityClassName') {
      const priorityClass = at(['spec', 'priorityClassName']);
      return {
        plugin: 'Priority',
        what: text.priority,
        ...(typeof priorityClass === 'string' && { evidence: phrase(text.priorityFrom, language, { priorityClass }) }),
      };
    }
    if (field === 'overhead') return { plugin: 'RuntimeClass', what: text.runtimeClass };
  }
  if (key === 'PersistentVolumeClaim' && path.length === 2 && path[0] === 'spec' && path[1] === 'storageClassName') {
    return { plugin: 'DefaultStorageClass', what: text.defaultStorageClass };
  }
  if (key === 'networking.k8s.io/Ingress' && path.length === 2 && path[0] === 'spec' && path[1] === 'ingressClassName') {
    return { plugin: 'DefaultIngressClass', what: text.defaultIngressClass };
  }
  if (key === 'Node' && path[0] === 'spec' && path[1] === 'taints' && typeof path[2] === 'number') {
    const taint = at(path.slice(0, 3));
    if (isRecord(taint) && taint.key === 'node.kubernetes.io/not-ready' && taint.effect === 'NoSchedule') {
      return { plugin: 'TaintNodesByCondition', what: text.taintNodesByCondition };
    }
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b) || (typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b));
}

export interface ProvenanceInput {
  readonly kind: string;
  readonly apiVersion: string;
  /** The live object as the API returns it (with metadata.managedFields). */
  readonly live: unknown;
  /** Path from the object. */
  readonly path: readonly PathSegment[];
  readonly identities?: readonly (ItemIdentity | undefined)[];
  readonly evidence: ProvenanceEvidence;
  readonly language?: Language;
}

/** Who set the live value at `path`, with the evidence; undefined when the live object has no value there. */
export function fieldProvenance(input: ProvenanceInput): FieldProvenance | undefined {
  const { kind, apiVersion, path, evidence } = input;
  const language = input.language ?? 'en';
  const identities = input.identities ?? [];
  const text = provenanceText;
  if (!isRecord(input.live)) return undefined;
  const live = input.live;
  const current = liveValueAt(live, path, identities);
  if (!current.found) return undefined;
  const key = kindKey(kind, apiVersion);
  const owners = fieldOwners(live, path, identities);
  const allManagers = managerNames(live);
  const limits = new Set<ProvenanceLimit>();
  if (allManagers.includes('ancient-changes')) limits.add('ancient-changes');
  if (allManagers.includes('before-first-apply')) limits.add('before-first-apply');

  const evidenceLines: Phrase[] = [];
  const inManifest = evidence.manifest === undefined ? undefined : liveValueAt(evidence.manifest, path, identities);
  if (inManifest?.found && !sameValue(inManifest.value, current.value)) {
    evidenceLines.push(phrase(text.manifestSays, language, { manifest: shown(inManifest.value), live: shown(current.value) }));
  } else if (inManifest && !inManifest.found) {
    evidenceLines.push(phrase(text.manifestOmits, language));
  }
  const dryRun = evidence.dryRun;
  const withoutField = dryRun?.state === 'answered' && dryRun.withoutField === true;
  const answered = dryRun?.state === 'answered' ? liveValueAt(dryRun.object, path, identities) : undefined;
  // Without the field, list items after it move up: only the live value itself counts as put back.
  const inDryRun = answered && withoutField && answered.found && !sameValue(answered.value, current.value) ? { found: false } : answered;
  // The dry run's object left the field out: the manifest does not set it, or it was taken out of the live object.
  const leftOut = withoutField || (inManifest !== undefined && !inManifest.found);
  if (dryRun?.state === 'failed') evidenceLines.push(phrase(text.dryRunFailed, language, { reason: dryRun.reason }));
  else if (inDryRun && leftOut) {
    const [adds, lacks] = withoutField ? [text.dryRunWithoutAdds, text.dryRunWithoutLacks] : [text.dryRunAdds, text.dryRunLacks];
    evidenceLines.push(inDryRun.found ? phrase(adds, language, { value: shown(inDryRun.value) }) : phrase(lacks, language));
  }
  const ownerLine = (owner: FieldOwner) => phrase(text.ownedBy, language, ownerValues(owner, language));
  const result = (answer: Omit<FieldProvenance, 'evidence' | 'limits'>, extra: readonly Phrase[] = []): FieldProvenance => ({
    ...answer,
    evidence: [...evidenceLines, ...extra],
    limits: [...limits],
  });

  // A scale target's replicas: the HorizontalPodAutoscaler's, whatever managedFields say (its controller writes
  // through the scale subresource).
  if (SCALE_TARGET_KINDS.has(key) && path.length === 2 && path[0] === 'spec' && path[1] === 'replicas' && evidence.autoscalers) {
    if (evidence.autoscalers.state === 'unreadable') {
      evidenceLines.push(phrase(text.autoscalersUnreadable, language, { reason: evidence.autoscalers.reason }));
    } else {
      const autoscaler = targetingAutoscaler(evidence.autoscalers.items, live, kind, apiVersion);
      if (autoscaler) {
        const spec = isRecord(autoscaler.spec) ? autoscaler.spec : {};
        const status = isRecord(autoscaler.status) ? autoscaler.status : {};
        const name = isRecord(autoscaler.metadata) && typeof autoscaler.metadata.name === 'string' ? autoscaler.metadata.name : '?';
        const controllerOwner = owners.find((owner) => owner.manager === 'kube-controller-manager');
        if (!controllerOwner) limits.add('subresource');
        return result(
          {
            source: 'controller',
            component: 'kube-controller-manager',
            controller: 'horizontal-pod-autoscaler',
            autoscaler: name,
            ...(controllerOwner && { owner: controllerOwner }),
            summary: phrase(text.autoscaler, language, { autoscaler: name }),
          },
          [
            phrase(
              text.autoscalerTargets,
              language,
              {
                autoscaler: name,
                min: shown(spec.minReplicas ?? 1),
                max: shown(spec.maxReplicas ?? '?'),
                desired: shown(status.desiredReplicas ?? '?'),
              },
              { kind },
            ),
            ...owners.map(ownerLine),
            ...(owners.length === 0 ? [phrase(text.ownedByNone, language)] : []),
          ],
        );
      }
    }
  }

  const owner = owners[0];
  if (owner) {
    if (owner.operation === 'Update' && leftOut && inDryRun?.found) limits.add('update-takes-defaults');
    const values = ownerValues(owner, language);
    const component = componentManagers[owner.manager];
    if (component) {
      const controller =
        component === 'kube-controller-manager' || component === 'cloud-controller-manager'
          ? writingController(kind, apiVersion, path, component)
          : undefined;
      return result({
        source: 'controller',
        owner,
        component,
        ...(controller && { controller }),
        summary: controller
          ? phrase(text.controllerNamed, language, values, { controller, component })
          : phrase(text.controller, language, values, { component }),
      });
    }
    const yours = isKubectlManager(owner.manager) || (evidence.yourManagers ?? []).includes(owner.manager);
    return result({ source: yours ? 'you' : 'client', owner, summary: phrase(yours ? text.you : text.client, language, values) });
  }

  // No manager owns it: kube-apiserver set it while admitting the write (admission runs after the writer's
  // fields are recorded), or someone wrote it without a record.
  evidenceLines.push(phrase(text.ownedByNone, language));
  const webhookLines: Phrase[] = [];
  let webhooks: string[] | undefined;
  if (evidence.webhooks?.state === 'unreadable') {
    webhookLines.push(phrase(text.webhooksUnreadable, language, { reason: evidence.webhooks.reason }));
  } else if (evidence.webhooks?.state === 'read') {
    webhooks = matchingWebhooks(evidence.webhooks.items, apiVersion, evidence.resource ?? guessedResource(kind));
    webhookLines.push(
      webhooks.length > 0 ? phrase(text.webhooksMatch, language, { webhooks: webhooks.join(', ') }) : phrase(text.webhooksNone, language),
    );
  }
  const withWebhooks = webhooks && webhooks.length > 0 ? { webhooks } : {};

  if (inManifest?.found) {
    limits.add('subresource');
    return result({ source: 'unknown', summary: phrase(text.unknownInManifest, language) });
  }
  const plugin = admissionPlugin(key, path, live, current.value, language);
  if (plugin) {
    return result(
      {
        source: 'admission-plugin',
        plugin: plugin.plugin,
        summary: phrase(text.plugin, language, {}, { plugin: plugin.plugin, what: plugin.what[language] }),
      },
      plugin.evidence ? [plugin.evidence] : [],
    );
  }
  if (
    path.length === 3 &&
    path[0] === 'metadata' &&
    path[1] === 'annotations' &&
    path[2] === 'kubernetes.io/limit-ranger' &&
    key === 'Pod'
  ) {
    return result({
      source: 'admission-plugin',
      plugin: 'LimitRanger',
      summary: phrase(text.plugin, language, {}, { plugin: 'LimitRanger', what: text.limitRangerNote[language] }),
    });
  }
  if (inDryRun?.found && leftOut) {
    return result(
      {
        source: 'defaulting',
        component: 'kube-apiserver',
        ...withWebhooks,
        summary: phrase(withoutField ? text.defaultingWithout : text.defaulting, language, { value: shown(inDryRun.value) }),
      },
      webhookLines,
    );
  }
  if (inDryRun && !inDryRun.found) {
    limits.add('subresource');
    return result({ source: 'unknown', summary: phrase(text.unknownNotInDryRun, language) });
  }
  if (dryRun?.state !== 'answered') limits.add('no-dry-run');
  return result({ source: 'server', component: 'kube-apiserver', ...withWebhooks, summary: phrase(text.server, language) }, webhookLines);
}

function managerNames(live: Record<string, unknown>): string[] {
  const managedFields = isRecord(live.metadata) ? live.metadata.managedFields : undefined;
  return Array.isArray(managedFields)
    ? managedFields.flatMap((entry) => (isRecord(entry) && typeof entry.manager === 'string' ? [entry.manager] : []))
    : [];
}

/** The controller of `component` that the knowledge base says writes this field, when it names one. */
function writingController(kind: string, apiVersion: string, path: readonly PathSegment[], component: ActorId): ControllerId | undefined {
  const entry = lookupField(kind, apiVersion, path).match?.entry;
  return entry?.actors.find((actor) => actor.id === component && actor.writes && actor.controller)?.controller;
}

/** A phrase as text, each cluster value passed through `value` (escaping, emphasis) first. */
export function phraseText(sentence: Phrase, value: (text: string) => string = (text) => text): string {
  return sentence.template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const filled = sentence.values[name];
    return filled === undefined ? whole : value(filled);
  });
}
