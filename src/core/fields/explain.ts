import { formatPath, type ItemIdentity, type PathSegment } from '../yaml/yamlPath';
import { escapeMarkdown } from '../util/markdown';
import { actorCodicons, actorName, timingLabels } from './components';
import { lookupField, type FieldLookup } from './lookup';
import { liveField, type LiveField } from './managedFields';
import type { ActorId, ControllerId, Language, Localized, Timing } from './types';

/** One component in an explanation; `components[0]` is the one that primarily acts. */
export interface ComponentAction {
  readonly id: ActorId;
  readonly controller?: ControllerId;
  readonly when: Timing;
  readonly writes: boolean;
  /** What it does with the field, in the requested language. */
  readonly action: string;
}

export interface FieldExplanation {
  readonly kind: string;
  readonly apiVersion: string;
  /** Dotted, `[i]` for items, from the document root. */
  readonly path: string;
  /** The knowledge pattern that matched, when one did. */
  readonly matched?: string;
  /** The entry is about an ancestor of the field (nothing more specific is known). */
  readonly fromAncestor: boolean;
  readonly custom: boolean;
  readonly components: readonly ComponentAction[];
  readonly docs?: string;
  readonly markdown: string;
}

/** A live object as the API returns it (plain JSON, with metadata.managedFields), or why there is none. */
export type LiveInput =
  | { readonly state: 'found'; readonly object: unknown; readonly context?: string }
  | { readonly state: 'absent'; readonly context?: string }
  | { readonly state: 'unavailable'; readonly reason: string };

export interface ExplainInput {
  readonly kind: string;
  readonly apiVersion: string;
  /** Path from the document root (shown to the reader). */
  readonly path: readonly PathSegment[];
  /** Path from the object (differs inside `items[i]` of a List); defaults to `path`. */
  readonly objectPath?: readonly PathSegment[];
  readonly itemIdentities?: readonly (ItemIdentity | undefined)[];
}

export interface ExplainOptions {
  readonly language?: Language;
  readonly live?: LiveInput;
}

const text = {
  heading: { en: 'Who acts on', ja: '誰が扱うか:' },
  writes: { en: 'writes it', ja: '書き込む' },
  fromAncestor: { en: 'Nothing more specific is known; this is about', ja: 'これ以上詳しい情報は無いため、次の項目についての説明です:' },
  podTemplate: { en: 'In a Pod template: the controllers ({controllers}) make Pods from it; in each Pod:', ja: 'Pod テンプレートの中です。コントローラー（{controllers}）がここから Pod を作ります。各 Pod では:' },
  podTemplateNoController: { en: 'In a Pod template; in each Pod made from it:', ja: 'Pod テンプレートの中です。ここから作られる各 Pod では:' },
  jobTemplate: { en: 'In a Job template: the cronjob controller makes Jobs from it; in each Job:', ja: 'Job テンプレートの中です。cronjob のコントローラーがここから Job を作ります。各 Job では:' },
  custom: { en: 'A custom resource ({kind}, group {group}): its own controller handles it.', ja: 'カスタムリソース（{kind}、グループ {group}）です。そのリソース自身のコントローラーが扱います。' },
  unknown: { en: 'kube-apiserver validates and stores it; this knowledge base has no entry on which component reads it.', ja: 'kube-apiserver が検証して保存します。どのコンポーネントが読むかは、この知識ベースにはありません。' },
  docs: { en: 'Kubernetes documentation', ja: 'Kubernetes のドキュメント' },
  live: { en: 'Live', ja: 'クラスタの現在の値' },
  liveValue: { en: 'value', ja: '値' },
  liveMissing: { en: 'the live object has no value here', ja: 'クラスタのオブジェクトにはこの項目がありません' },
  lastWrittenBy: { en: 'last written by', ja: '最後に書いたマネージャー' },
  alsoManagedBy: { en: 'also managed by', ja: 'ほかのマネージャー' },
  ownerTimeNote: { en: 'the time is when that manager last changed any of its fields', ja: '時刻はそのマネージャーが自分の項目のどれかを最後に変えた時刻です' },
  ownerUnknown: {
    en: 'Who last wrote it is unknown: no managedFields entry covers this field (writes through a subresource, such as the scheduler\'s binding that sets spec.nodeName, may leave none — kubernetes#127508).',
    ja: '誰が最後に書いたかは分かりません。この項目を含む managedFields の記録がありません（spec.nodeName を設定する kube-scheduler の binding のように、サブリソースからの書き込みは記録を残さないことがあります。kubernetes#127508）。',
  },
  viaAncestor: { en: 'as part of a value it owns whole', ja: '全体を所有する値の一部として' },
  absent: { en: 'No object with this kind, namespace and name in the current context.', ja: '現在のコンテキストに、この種類・Namespace・名前のオブジェクトはありません。' },
  unavailable: { en: 'Live value not available', ja: 'クラスタの値は取得できません' },
  tooLarge: {
    en: 'This document is too large to explain here (its YAML takes more work than a hover may). `cluster-anatomy explain` reads it.',
    ja: 'このドキュメントは大きすぎるため、ここでは説明できません（ホバーで許される以上の処理が必要です）。`cluster-anatomy explain` なら読めます。',
  },
} satisfies Record<string, Localized>;

/** Text from the file or the cluster, rendered literally and never auto-linked. */
function literal(value: string): string {
  return escapeMarkdown(value, { autolinks: false });
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The explanation for the field at `path` of an object of this kind, in Markdown and as data. */
export function explainField(input: ExplainInput, options: ExplainOptions = {}): FieldExplanation {
  const language = options.language ?? 'en';
  const objectPath = input.objectPath ?? input.path;
  const lookup = lookupField(input.kind, input.apiVersion, objectPath);
  const components = componentsOf(lookup, language);
  const path = formatPath(input.path);
  const lines: string[] = [];

  lines.push(`**${text.heading[language]}** ${literal(path || '(root)')} · ${literal(input.kind)}`);
  lines.push('');
  const note = contextNote(lookup, language);
  if (note) lines.push(`*${note}*`, '');
  if (lookup.match && !lookup.match.exact) {
    lines.push(`*${text.fromAncestor[language]}* \`${lookup.match.pattern}\``, '');
  }
  if (lookup.custom && !lookup.match) {
    lines.push(fill(text.custom[language], { kind: literal(input.kind), group: literal(lookup.group) }));
  } else if (!lookup.match) {
    lines.push(`$(${actorCodicons['kube-apiserver']}) **kube-apiserver** — ${text.unknown[language]}`);
  } else {
    for (const component of components) {
      const name = actorName(component.id, language);
      const controller = component.controller ? ` (${component.controller})` : '';
      const writes = component.writes ? `${language === 'ja' ? '、' : ', '}${text.writes[language]}` : '';
      lines.push(`$(${actorCodicons[component.id]}) **${name}**${controller} · ${timingLabels[component.when][language]}${writes} — ${component.action}`, '');
    }
  }
  const docs = lookup.match?.entry.docs;
  if (docs) lines.push('', `[${text.docs[language]}](${docs})`);
  if (options.live) lines.push('', '---', '', ...liveSection(options.live, objectPath, input.itemIdentities ?? [], language));

  return {
    kind: input.kind,
    apiVersion: input.apiVersion,
    path,
    ...(lookup.match && { matched: lookup.match.pattern }),
    fromAncestor: lookup.match ? !lookup.match.exact : false,
    custom: lookup.custom,
    components: lookup.match || lookup.custom ? components : [unknownComponent(language)],
    ...(docs && { docs }),
    markdown: lines.join('\n').replace(/\n{3,}/g, '\n\n').trim(),
  };
}

/** What a hover says instead of blocking when the document under the cursor exceeds its work budget. */
export function tooLargeToExplain(language: Language = 'en'): string {
  return text.tooLarge[language];
}

function unknownComponent(language: Language): ComponentAction {
  return { id: 'kube-apiserver', when: 'admission', writes: false, action: text.unknown[language] };
}

function componentsOf(lookup: FieldLookup, language: Language): ComponentAction[] {
  return (lookup.match?.entry.actors ?? []).map((actor) => ({
    id: actor.id,
    ...(actor.controller && { controller: actor.controller }),
    when: actor.when,
    writes: actor.writes === true,
    action: actor[language],
  }));
}

function contextNote(lookup: FieldLookup, language: Language): string | undefined {
  const template = lookup.template;
  if (!template) return undefined;
  if (template.templateOf === 'batch/Job') return text.jobTemplate[language];
  if (template.controllers.length === 0) return text.podTemplateNoController[language];
  return fill(text.podTemplate[language], { controllers: template.controllers.join(' → ') });
}

function formatValue(value: unknown): string {
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  const shown = json === undefined ? String(value) : json;
  return literal(shown.length > 160 ? `${shown.slice(0, 157)}...` : shown);
}

function liveSection(live: LiveInput, objectPath: readonly PathSegment[], identities: readonly (ItemIdentity | undefined)[], language: Language): string[] {
  if (live.state === 'unavailable') return [`**${text.unavailable[language]}**: ${literal(live.reason)}`];
  const context = live.context ? ` (${literal(live.context)})` : '';
  if (live.state === 'absent') return [`**${text.live[language]}**${context}: ${text.absent[language]}`];
  const field: LiveField = liveField(live.object, objectPath, identities);
  const lines = [
    `**${text.live[language]}**${context}: ${field.found ? `${text.liveValue[language]} ${formatValue(field.value)}` : text.liveMissing[language]}`,
    '',
  ];
  const [last, ...others] = field.owners;
  if (!last) {
    lines.push(text.ownerUnknown[language]);
    return lines;
  }
  const describe = (owner: (typeof field.owners)[number]): string => {
    const details = [owner.operation, owner.subresource && `/${owner.subresource}`, owner.time].filter(Boolean).join(', ');
    const via = owner.viaAncestor ? ` ${text.viaAncestor[language]}` : '';
    return `**${literal(owner.manager)}**${details ? ` (${literal(details)})` : ''}${via}`;
  };
  lines.push(`${text.lastWrittenBy[language]}: ${describe(last)}`);
  if (others.length > 0) lines.push('', `${text.alsoManagedBy[language]}: ${others.map(describe).join(', ')}`);
  lines.push('', `*${text.ownerTimeNote[language]}*`);
  return lines;
}
