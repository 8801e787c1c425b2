import { formatPath } from '../yaml/yamlPath';
import { actorName } from './components';
import { explainText, explanationMarkdown, fill } from './explainRender';
import type { ComponentAction, ExplainInput, ExplainOptions, FieldExplanation, LiveInput, LiveReport } from './explanation';
import { lookupField, type FieldLookup } from './lookup';
import { liveField } from './managedFields';
import { fieldProvenance } from './provenance';
import type { FieldActor, Language } from './types';

export type {
  ComponentAction,
  Effect,
  ExplainInput,
  ExplainOptions,
  FieldExplanation,
  LiveInput,
  LiveReport,
  SchemaInput,
} from './explanation';

/** The explanation for the field at `path` of an object of this kind, as data and as the hover's Markdown. */
export function explainField(input: ExplainInput, options: ExplainOptions = {}): FieldExplanation {
  const language = options.language ?? 'en';
  const objectPath = input.objectPath ?? input.path;
  const lookup = lookupField(input.kind, input.apiVersion, objectPath, {
    ...(input.read && { read: input.read }),
    ...(input.namespace !== undefined && { namespace: input.namespace }),
    ...(input.name !== undefined && { name: input.name }),
  });
  const templateNote = templateNoteOf(lookup, language);
  const noEntry = lookup.match ? undefined : lookup.custom ? 'custom' : 'unknown';
  const docs = lookup.match?.entry.docs;
  const explanation: Omit<FieldExplanation, 'markdown'> = {
    language,
    kind: input.kind,
    apiVersion: input.apiVersion,
    path: formatPath(input.path),
    ...(lookup.match && { matched: lookup.match.pattern }),
    fromAncestor: lookup.match ? !lookup.match.exact : false,
    custom: lookup.custom,
    group: lookup.group,
    ...(templateNote && { templateNote }),
    ...(noEntry && { noEntry }),
    components:
      noEntry === 'unknown'
        ? [unknownComponent(language)]
        : (lookup.match?.entry.actors ?? []).map((actor) => componentOf(actor, language)),
    ...(docs && { docs }),
    ...(options.schema && { schema: options.schema }),
    ...(options.live && { live: liveReport(options.live, objectPath, input, language) }),
  };
  return { ...explanation, markdown: explanationMarkdown({ ...explanation, markdown: '' }) };
}

/** What a hover says instead of blocking when the document under the cursor exceeds its work budget. */
export function tooLargeToExplain(language: Language = 'en'): string {
  return explainText.tooLarge[language];
}

function componentOf(actor: FieldActor, language: Language): ComponentAction {
  const effect = actor.writes ? 'writes-field' : actor.writesOther ? 'writes-other' : 'reads';
  return {
    id: actor.id,
    name: actor.named ?? actorName(actor.id, language),
    ...(actor.controller && { controller: actor.controller }),
    when: actor.when,
    effect,
    ...(effect === 'writes-other' && { writesOther: actor.writesOther }),
    action: actor[language],
  };
}

function unknownComponent(language: Language): ComponentAction {
  return {
    id: 'kube-apiserver',
    name: actorName('kube-apiserver', language),
    when: 'admission',
    effect: 'reads',
    action: explainText.unknown[language],
  };
}

function templateNoteOf(lookup: FieldLookup, language: Language): string | undefined {
  const template = lookup.template;
  if (!template) return undefined;
  if (template.templateOf === 'batch/Job') return explainText.jobTemplate[language];
  if (template.controllers.length === 0) return explainText.podTemplateNoController[language];
  return fill(explainText.podTemplate[language], { controllers: template.controllers.join(' → ') });
}

function liveReport(live: LiveInput, objectPath: ExplainInput['path'], input: ExplainInput, language: Language): LiveReport {
  if (live.state !== 'found') return live;
  const identities = input.itemIdentities ?? [];
  const provenance =
    live.provenance &&
    fieldProvenance({
      kind: input.kind,
      apiVersion: input.apiVersion,
      live: live.object,
      path: objectPath,
      identities,
      evidence: live.provenance,
      language,
    });
  return {
    state: 'found',
    ...(live.context !== undefined && { context: live.context }),
    field: liveField(live.object, objectPath, identities),
    ...(provenance && { provenance }),
  };
}
