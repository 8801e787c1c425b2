import { escapeMarkdown } from '../util/markdown';
import { actorCodicons, timingLabels } from './components';
import type { ComponentAction, FieldExplanation, LiveReport } from './explanation';
import { phraseText, provenanceText, type FieldProvenance } from './provenance';
import type { Language, Localized } from './types';
import { inlineText } from '../util/visibleText';

/** Every sentence of an explanation, in both languages; the renderers below share them. */
export const explainText = {
  heading: { en: 'Who acts on', ja: '誰が扱うか:' },
  writesField: { en: 'writes it', ja: '書き込む' },
  writesOther: { en: 'reads it, writes {object}', ja: '読んで {object} を書き込む' },
  reads: { en: 'reads it', ja: '読む' },
  fromAncestor: {
    en: 'No entry covers this field itself; what follows is about the enclosing field, and may not hold for this one:',
    ja: 'この項目そのものの情報はありません。以下は外側の項目についての説明で、この項目には当てはまらないことがあります:',
  },
  podTemplate: {
    en: 'In a Pod template: the controllers ({controllers}) make Pods from it; in each Pod:',
    ja: 'Pod テンプレートの中です。コントローラー（{controllers}）がここから Pod を作ります。各 Pod では:',
  },
  podTemplateNoController: {
    en: 'In a Pod template; in each Pod made from it:',
    ja: 'Pod テンプレートの中です。ここから作られる各 Pod では:',
  },
  jobTemplate: {
    en: 'In a Job template: the cronjob controller makes Jobs from it; in each Job:',
    ja: 'Job テンプレートの中です。cronjob のコントローラーがここから Job を作ります。各 Job では:',
  },
  custom: {
    en: 'A custom resource ({kind}, group {group}): its own controller handles it.',
    ja: 'カスタムリソース（{kind}、グループ {group}）です。そのリソース自身のコントローラーが扱います。',
  },
  unknown: {
    en: 'kube-apiserver validates and stores it; this product does not know which component reads it.',
    ja: 'kube-apiserver が検証して保存します。どのコンポーネントが読むかは、この製品には分かりません。',
  },
  schemaFrom: { en: 'described by the API server of {context}', ja: '{context} の API サーバーによる説明（英語）' },
  schemaFromServer: { en: 'described by the API server', ja: 'API サーバーによる説明（英語）' },
  docs: { en: 'Kubernetes documentation', ja: 'Kubernetes のドキュメント' },
  live: { en: 'Live', ja: 'クラスタの現在の値' },
  liveValue: { en: 'value', ja: '値' },
  liveMissing: { en: 'the live object has no value here', ja: 'クラスタのオブジェクトにはこの項目がありません' },
  lastWrittenBy: { en: 'last written by', ja: '最後に書いたマネージャー' },
  recordedOwner: { en: 'owner in managedFields', ja: 'managedFields 上の所有者' },
  alsoManagedBy: { en: 'also managed by', ja: 'ほかのマネージャー' },
  ownerTimeNote: {
    en: 'the time is when that manager last changed any of its fields',
    ja: '時刻はそのマネージャーが自分の項目のどれかを最後に変えた時刻です',
  },
  ownerUnknown: {
    en: "Who last wrote it is unknown: no managedFields entry covers this field (writes through a subresource, such as the scheduler's binding that sets spec.nodeName, may leave none — kubernetes#127508).",
    ja: '誰が最後に書いたかは分かりません。この項目を含む managedFields の記録がありません（spec.nodeName を設定する kube-scheduler の binding のように、サブリソースからの書き込みは記録を残さないことがあります。kubernetes#127508）。',
  },
  viaAncestor: { en: 'as part of a value it owns whole', ja: '全体を所有する値の一部として' },
  absent: {
    en: 'No object with this kind, namespace and name in the current context.',
    ja: '現在のコンテキストに、この種類・Namespace・名前のオブジェクトはありません。',
  },
  unavailable: { en: 'Live value not available', ja: 'クラスタの値は取得できません' },
  tooLarge: {
    en: 'This document is too large to explain here (its YAML takes more work than a hover may). `cluster-anatomy explain` reads it.',
    ja: 'このドキュメントは大きすぎるため、ここでは説明できません（ホバーで許される以上の処理が必要です）。`cluster-anatomy explain` なら読めます。',
  },
} satisfies Record<string, Localized>;

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** "writes it", "reads it, writes EndpointSlice", "reads it". */
export function effectLabel(component: ComponentAction, language: Language): string {
  if (component.effect === 'writes-field') return explainText.writesField[language];
  if (component.effect === 'writes-other') return fill(explainText.writesOther[language], { object: component.writesOther ?? '' });
  return explainText.reads[language];
}

/** How a renderer marks up the parts of an explanation; the order and the words are shared. */
interface Markup {
  /** Text from the file or the cluster: never markup. */
  literal(text: string): string;
  strong(text: string): string;
  emphasis(text: string): string;
  code(text: string): string;
  icon(component: ComponentAction['id']): string;
  link(label: string, url: string): string;
}

const markdownMarkup: Markup = {
  literal: (text) => escapeMarkdown(text, { autolinks: false }),
  strong: (text) => `**${text}**`,
  emphasis: (text) => `*${text}*`,
  code: (text) => `\`${text.replace(/`/g, "'")}\``,
  icon: (id) => `$(${actorCodicons[id]}) `,
  link: (label, url) => `[${label}](${url})`,
};

const plainMarkup: Markup = {
  // A value from the manifest or the cluster stays on its line: a line feed in it shows as `\n`.
  literal: (text) => inlineText(text, Infinity),
  strong: (text) => text,
  emphasis: (text) => text,
  code: (text) => text,
  icon: () => '',
  link: (label, url) => `${label}: ${url}`,
};

function render(explanation: FieldExplanation, markup: Markup): string {
  const language = explanation.language;
  const lines: string[] = [];
  const comma = language === 'ja' ? '、' : ', ';
  lines.push(
    `${markup.strong(explainText.heading[language])} ${markup.literal(explanation.path || '(root)')} · ${markup.literal(explanation.kind)}`,
    '',
  );
  // The server's description is English: in another language the answer comes first, and the English after it.
  const schemaFirst = language === 'en';
  if (explanation.schema && schemaFirst) lines.push(...schemaLines(explanation, markup), '');
  if (explanation.templateNote) lines.push(markup.emphasis(explanation.templateNote), '');
  if (explanation.fromAncestor && explanation.matched)
    lines.push(`${markup.emphasis(explainText.fromAncestor[language])} ${markup.code(explanation.matched)}`, '');
  if (explanation.noEntry === 'custom') {
    lines.push(fill(explainText.custom[language], { kind: markup.literal(explanation.kind), group: markup.literal(explanation.group) }));
  } else if (explanation.noEntry === 'unknown') {
    lines.push(`${markup.icon('kube-apiserver')}${markup.strong('kube-apiserver')} — ${explainText.unknown[language]}`);
  } else {
    for (const component of explanation.components) {
      const controller = component.controller ? ` (${component.controller})` : '';
      const when = timingLabels[component.when][language];
      lines.push(
        `${markup.icon(component.id)}${markup.strong(component.name)}${controller} · ${when}${comma}${effectLabel(component, language)} — ${component.action}`,
        '',
      );
    }
  }
  if (explanation.schema && !schemaFirst) lines.push('', ...schemaLines(explanation, markup));
  if (explanation.docs) lines.push('', markup.link(explainText.docs[language], explanation.docs));
  if (explanation.live) lines.push('', '---', '', ...liveLines(explanation.live, language, markup));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An API description can run to a page; a hover shows its first sentences. */
const MAX_DESCRIPTION = 480;

function shortDescription(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= MAX_DESCRIPTION) return text;
  const cut = text.slice(0, MAX_DESCRIPTION);
  const sentence = cut.lastIndexOf('. ');
  return sentence > MAX_DESCRIPTION / 2 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(' '))} …`;
}

function schemaLines(explanation: FieldExplanation, markup: Markup): string[] {
  const schema = explanation.schema!;
  const language = explanation.language;
  const from = schema.context
    ? fill(explainText.schemaFrom[language], { context: markup.literal(schema.context) })
    : explainText.schemaFromServer[language];
  const description = schema.field.description ? ` — ${markup.literal(shortDescription(schema.field.description))}` : '';
  return [`${markup.code(schema.field.type)}${description} ${markup.emphasis(`(${from})`)}`];
}

/** The VS Code hover: Markdown with codicons; file and cluster text escaped, never auto-linked. */
export function explanationMarkdown(explanation: FieldExplanation): string {
  return render(explanation, markdownMarkup);
}

/** A terminal: the same words, no markup. */
export function explanationText(explanation: FieldExplanation): string {
  return render(explanation, plainMarkup);
}

/** Machines: the structure itself, no markup of any kind. */
export function explanationJson(explanation: FieldExplanation): unknown {
  return {
    kind: explanation.kind,
    apiVersion: explanation.apiVersion,
    path: explanation.path,
    ...(explanation.matched && { matched: explanation.matched }),
    fromAncestor: explanation.fromAncestor,
    custom: explanation.custom,
    ...(explanation.templateNote && { templateNote: explanation.templateNote }),
    ...(explanation.noEntry && { noEntry: explanation.noEntry }),
    components: explanation.components.map((component) => ({
      id: component.id,
      name: component.name,
      ...(component.controller && { controller: component.controller }),
      when: component.when,
      effect: component.effect,
      ...(component.writesOther && { writesOther: component.writesOther }),
      action: component.action,
    })),
    ...(explanation.docs && { docs: explanation.docs }),
    ...(explanation.schema && {
      schema: { ...explanation.schema.field, ...(explanation.schema.context && { context: explanation.schema.context }) },
    }),
    ...(explanation.live?.state === 'found' && explanation.live.provenance && { provenance: provenanceJson(explanation.live.provenance) }),
  };
}

function formatValue(value: unknown): string {
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  const shown = json === undefined ? String(value) : json;
  return shown.length > 160 ? `${shown.slice(0, 157)}...` : shown;
}

function liveLines(live: LiveReport, language: Language, markup: Markup): string[] {
  const text = explainText;
  if (live.state === 'unavailable') return [`${markup.strong(text.unavailable[language])}: ${markup.literal(live.reason)}`];
  const context = live.context ? ` (${markup.literal(live.context)})` : '';
  if (live.state === 'absent') return [`${markup.strong(text.live[language])}${context}: ${text.absent[language]}`];
  const field = live.field;
  const lines = [
    `${markup.strong(text.live[language])}${context}: ${field.found ? `${text.liveValue[language]} ${markup.literal(formatValue(field.value))}` : text.liveMissing[language]}`,
    '',
  ];
  const provenance = live.provenance ? provenanceLines(live.provenance, language, markup) : [];
  const [last, ...others] = field.owners;
  if (!last) {
    // With a provenance, the absence of an owner is part of its evidence.
    if (provenance.length === 0) lines.push(text.ownerUnknown[language]);
    return [...lines, ...provenance];
  }
  const describe = (owner: (typeof field.owners)[number]): string => {
    const details = [owner.operation, owner.subresource && `/${owner.subresource}`, owner.time].filter(Boolean).join(', ');
    const via = owner.viaAncestor ? ` ${text.viaAncestor[language]}` : '';
    return `${markup.strong(markup.literal(owner.manager))}${details ? ` (${markup.literal(details)})` : ''}${via}`;
  };
  // When the answer below shows that someone else wrote the value, the record names only its owner.
  const notTheWriter = live.provenance !== undefined && live.provenance.owner?.manager !== last.manager;
  lines.push(`${(notTheWriter ? text.recordedOwner : text.lastWrittenBy)[language]}: ${describe(last)}`);
  if (others.length > 0) lines.push('', `${text.alsoManagedBy[language]}: ${others.map(describe).join(', ')}`);
  lines.push('', markup.emphasis(text.ownerTimeNote[language]));
  return [...lines, ...(provenance.length > 0 ? ['', ...provenance] : [])];
}

/** Who set the value, the evidence as a list, and what managedFields cannot tell about it. */
function provenanceLines(provenance: FieldProvenance, language: Language, markup: Markup): string[] {
  const value = (text: string) => markup.literal(text);
  const lines = [`${markup.strong(provenanceText.heading[language])}: ${phraseText(provenance.summary, value)}`, ''];
  for (const evidence of provenance.evidence) lines.push(`- ${phraseText(evidence, value)}`);
  for (const limit of provenance.limits) lines.push('', markup.emphasis(provenanceText.limits[limit][language]));
  return lines;
}

/** A provenance for machines: the structure, each sentence as plain text. */
export function provenanceJson(provenance: FieldProvenance): unknown {
  const { summary, evidence, owner, ...rest } = provenance;
  return {
    ...rest,
    ...(owner && { owner }),
    summary: phraseText(summary),
    evidence: evidence.map((line) => phraseText(line)),
    limits: provenance.limits,
  };
}
