import * as vscode from 'vscode';
import { explainField, tooLargeToExplain, type LiveInput, type SchemaInput } from '../../core/fields/explain';
import type { ProvenanceEvidence } from '../../core/fields/provenance';
import type { Language } from '../../core/fields/types';
import {
  isPlacementField,
  manifestObjectAt,
  type PlacementHover,
  placementHover,
  type PlacementHoverInput,
} from '../../core/placement/hoverAnswer';
import { manifestPod } from '../../core/placement/manifestPod';
import { type SchedulingPod, schedulingPodOf } from '../../core/placement/objects';
import {
  HOVER_BUDGET,
  ManifestParseCache,
  manifestFieldAt,
  MAX_MANIFEST_CHARS,
  type ManifestPosition,
  type ParsedManifest,
  type WorkBudget,
} from '../../core/yaml/yamlPath';
import { placementHoverMarkdown } from '../placementText';
import { type EditOperation, podSpecEdit } from '../../core/placement/suggestEdit';
import { APPLY_PLACEMENT_EDIT, applyPlacementEditLink } from './applyPlacementEdit';
import { localErrorMessage } from '../apiErrorText';
import { LIVE_DOCUMENT_SCHEME } from '../tree/liveDocuments';

/**
 * Finds the live object for a manifest's object in the current context. Implemented by the cluster side of the
 * extension; the hover works without it.
 */
export interface LiveObjectLookup {
  /**
   * The object as the API returns it (plain JSON, with metadata.managedFields); undefined when it does not exist.
   * Throws when it cannot tell. `namespace` is undefined when the manifest names none: use the context's namespace
   * for namespaced kinds.
   */
  find(kind: string, apiVersion: string, namespace: string | undefined, name: string): Promise<object | undefined>;
  /** The field's type and description from the current context's API server (its OpenAPI); undefined when it has none. */
  fieldSchema?(apiVersion: string, kind: string, path: readonly (string | number)[]): Promise<SchemaInput['field'] | undefined>;
  /** The current context's name, shown beside the live value. */
  readonly contextName?: string;
  /**
   * False while there is no connected cluster session: the hover then leaves the live part out instead of
   * calling `find` (whose undefined would read as "no such object"). Leave out to always call `find`.
   */
  isConnected?(): boolean;
  /** The current context's namespace, where an object whose manifest names none lands; 'default' when left out. */
  readonly namespace?: string;
  /**
   * Where a Pod that is not in the cluster (the manifest's, or a workload's template's) would fit now, by the
   * scheduler's filters against the live Nodes and bound Pods; undefined when no cluster is connected. The first
   * call may list the cluster's Pods: the hover does not wait for it beyond the live lookups' time.
   */
  placement?(pod: SchedulingPod): Promise<PlacementHoverInput | undefined>;
  /**
   * What tells who set a live value: a dry run of the manifest's object (left out for a live document, which is
   * the live object), the cluster's mutating webhooks, the HorizontalPodAutoscalers for `spec.replicas`.
   */
  provenance?(question: ProvenanceQuestion): Promise<ProvenanceEvidence | undefined>;
}

export interface ProvenanceQuestion {
  readonly kind: string;
  readonly apiVersion: string;
  readonly name: string;
  /** undefined when the manifest names none. */
  readonly namespace: string | undefined;
  readonly path: readonly (string | number)[];
  readonly manifest?: unknown;
  /** For a live document: the live object, dry-run without the field. */
  readonly live?: unknown;
}

export interface ManifestHoverOptions {
  /** Live values and field managers; leave out for the static explanation only. */
  readonly live?: LiveObjectLookup;
  /** The display language; defaults to VS Code's (Japanese when it starts with 'ja'). */
  readonly language?: () => Language;
  /** The work one hover may do on the extension host's thread before it answers "too large to explain here". */
  readonly budget?: WorkBudget;
}

/** YAML documents, and .yaml/.yml files another extension gives its own language id (e.g. 'helm'). */
// Files, unsaved editors and the product's own live YAML views; not, say, YAML inside git's diff editors.
export const manifestSelector: vscode.DocumentSelector = ['file', 'untitled', 'cluster-anatomy'].flatMap((scheme) => [
  { scheme, language: 'yaml' },
  { scheme, language: 'helm' },
  { scheme, pattern: '**/*.{yaml,yml}' },
]);

/** A live lookup that takes longer than this is left out of the hover rather than holding it up. */
const liveTimeoutMs = 1500;

export function displayLanguage(): Language {
  return vscode.env.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** Converts positions to offsets and back; everything else is in the core. */
export class ManifestHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private readonly cache = new ManifestParseCache(8);
  private readonly provenanceCache = new Map<string, Promise<ProvenanceEvidence | undefined>>();
  private readonly closeListener: vscode.Disposable;

  constructor(private readonly options: ManifestHoverOptions = {}) {
    this.closeListener = vscode.workspace.onDidCloseTextDocument((document) => this.cache.delete(document.uri.toString()));
  }

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const found = this.positionAt(document, position);
    if (!found) return undefined;
    const language = (this.options.language ?? displayLanguage)();
    if (found === 'too-large') return new vscode.Hover(new vscode.MarkdownString(tooLargeToExplain(language)));
    const [live, schema, placement] = await Promise.all([
      this.liveInput(document, found, token),
      this.schemaInput(found, token),
      this.placementInput(document, found, token),
    ]);
    if (token.isCancellationRequested) return undefined;
    const explanation = explainField(found, { language, ...(live && { live }), ...(schema && { schema }) });
    // Where the manifest's Pod would fit on the connected cluster now comes first: it is short, and a long
    // explanation would push it out of the hover's view.
    const links = placement?.edits.map(
      (edit) =>
        edit &&
        applyPlacementEditLink({
          uri: document.uri.toString(),
          version: document.version,
          offset: found.range[0],
          ...(found.listItem !== undefined && { listItem: found.listItem }),
          operations: edit,
        }),
    );
    const markdown = new vscode.MarkdownString(
      placement ? `${placementHoverMarkdown(placement.hover, links)}\n\n---\n\n${explanation.markdown}` : explanation.markdown,
      true,
    );
    // Only the command that makes a suggested edit runs from this hover's links (cluster text is escaped).
    if (links?.some((link) => link !== undefined)) markdown.isTrusted = { enabledCommands: [APPLY_PLACEMENT_EDIT] };
    const range = new vscode.Range(document.positionAt(found.range[0]), document.positionAt(found.range[1]));
    return new vscode.Hover(markdown, range);
  }

  /**
   * The field under the cursor, from a parse cached per document version; undefined for non-manifest text,
   * 'too-large' when the document under the cursor exceeds the hover's budget.
   */
  positionAt(document: vscode.TextDocument, position: vscode.Position): ManifestPosition | 'too-large' | undefined {
    const parsed = this.parsedOf(document);
    if (!parsed) return undefined;
    const found = manifestFieldAt(parsed, document.offsetAt(position), this.options.budget ?? HOVER_BUDGET);
    return found === 'too-large' || (found && found.path.length > 0) ? found : undefined;
  }

  /** The document's parse, cached per version; undefined for text too large or not YAML worth parsing. */
  private parsedOf(document: vscode.TextDocument): ParsedManifest | undefined {
    const length = document.offsetAt(new vscode.Position(document.lineCount, 0));
    if (length > MAX_MANIFEST_CHARS) return undefined;
    return this.cache.get(document.uri.toString(), document.version, () => document.getText());
  }

  /**
   * On a field that decides where a Pod may run: where the Pod of the document's whole object (a Pod, or a
   * workload's Pod template) would fit on the connected cluster now. While the cluster's Pods are still being
   * listed past the live lookups' time, says so instead of holding the hover up.
   */
  private async placementInput(
    document: vscode.TextDocument,
    found: ManifestPosition,
    token: vscode.CancellationToken,
  ): Promise<{ hover: PlacementHover; edits: readonly (readonly EditOperation[] | undefined)[] } | undefined> {
    const live = this.options.live;
    if (!live?.placement || token.isCancellationRequested || !isPlacementField(found.kind, found.objectPath)) return undefined;
    if (live.isConnected && !live.isConnected()) return undefined;
    const parsed = this.parsedOf(document);
    const object = parsed && manifestObjectAt(parsed, found, this.options.budget ?? HOVER_BUDGET);
    const made = manifestPod(object);
    if (!made) return undefined;
    // A manifest without a namespace lands in the context's namespace, as kubectl would put it.
    const pod = schedulingPodOf(made.pod, live.namespace ?? 'default');
    const context = live.contextName;
    const where = context !== undefined ? { context } : {};
    try {
      const answer = await withinLiveTimeout(live.placement(pod));
      if (answer === 'timeout') return { hover: { kind: 'listing', ...where }, edits: [] };
      if (answer === undefined) return undefined;
      const hover = placementHover(answer, { ...where, perNode: made.perNode === true });
      return { hover, edits: hover.suggestions.map((suggestion) => podSpecEdit(object, suggestion.changes)) };
    } catch (error) {
      return { hover: { kind: 'unavailable', ...where, reason: localErrorMessage(error) }, edits: [] };
    }
  }

  private async liveInput(
    document: vscode.TextDocument,
    found: ManifestPosition,
    token: vscode.CancellationToken,
  ): Promise<LiveInput | undefined> {
    const live = this.options.live;
    if (!live || found.name === undefined || token.isCancellationRequested) return undefined;
    if (live.isConnected && !live.isConnected()) return undefined;
    const context = live.contextName;
    // A live document is the live object itself: its dry run needs the object, a manifest's does not (asked beside it).
    const isLiveDocument = document.uri.scheme === LIVE_DOCUMENT_SCHEME;
    const manifestProvenance = isLiveDocument ? undefined : this.provenanceInput(document, found).catch(() => undefined);
    try {
      const object = await withinLiveTimeout(live.find(found.kind, found.apiVersion, found.namespace, found.name));
      if (object === 'timeout') return { state: 'unavailable', reason: `no answer within ${liveTimeoutMs} ms` };
      if (object === undefined) return { state: 'absent', ...(context && { context }) };
      const provenance = manifestProvenance ?? this.provenanceInput(document, found, object).catch(() => undefined);
      const evidence = await withinLiveTimeout(provenance);
      return { state: 'found', object, ...(context && { context }), ...(evidence && evidence !== 'timeout' && { provenance: evidence }) };
    } catch (error) {
      return { state: 'unavailable', reason: localErrorMessage(error) };
    }
  }

  /** The provenance's evidence, one per document version, object and question (a dry run is a request: not one per hover). */
  private provenanceInput(
    document: vscode.TextDocument,
    found: ManifestPosition,
    liveObject?: object,
  ): Promise<ProvenanceEvidence | undefined> {
    const live = this.options.live;
    if (!live?.provenance || found.name === undefined) return Promise.resolve(undefined);
    const replicas = found.objectPath.length === 2 && found.objectPath[0] === 'spec' && found.objectPath[1] === 'replicas';
    // A manifest's dry run is the same for every field; a live object's leaves out the field asked about.
    const question = liveObject ? JSON.stringify(found.objectPath) : String(replicas);
    const key = `${document.uri.toString()}@${document.version}#${found.docIndex}/${found.listItem ?? ''}/${question}`;
    const cached = this.provenanceCache.get(key);
    if (cached) return cached;
    const parsed = liveObject ? undefined : this.parsedOf(document);
    const manifest = parsed && manifestObjectAt(parsed, found, this.options.budget ?? HOVER_BUDGET);
    const answer = live.provenance({
      kind: found.kind,
      apiVersion: found.apiVersion,
      name: found.name,
      namespace: found.namespace,
      path: found.objectPath,
      ...(manifest !== undefined && { manifest }),
      ...(liveObject && { live: liveObject }),
    });
    this.provenanceCache.set(key, answer);
    // A failed or empty answer is asked again by the next hover.
    void answer.then(
      (evidence) => evidence === undefined && this.provenanceCache.delete(key),
      () => this.provenanceCache.delete(key),
    );
    if (this.provenanceCache.size > 16) this.provenanceCache.delete(this.provenanceCache.keys().next().value!);
    return answer;
  }

  /**
   * The field's type and description from the connected server. Left out when it is slow (the first read of a
   * server's OpenAPI may take seconds; it goes on, and the next hover has it) or cannot be read.
   */
  private async schemaInput(found: ManifestPosition, token: vscode.CancellationToken): Promise<SchemaInput | undefined> {
    const live = this.options.live;
    if (!live?.fieldSchema || !found.apiVersion || token.isCancellationRequested) return undefined;
    if (live.isConnected && !live.isConnected()) return undefined;
    const context = live.contextName;
    const field = await withinLiveTimeout(live.fieldSchema(found.apiVersion, found.kind, found.objectPath)).catch(() => undefined);
    if (field === undefined || field === 'timeout') return undefined;
    return { field, ...(context && { context }) };
  }

  dispose(): void {
    this.closeListener.dispose();
    this.cache.clear();
    this.provenanceCache.clear();
  }
}

/** The answer, or 'timeout' once the live lookups' time is up (the work itself goes on). */
async function withinLiveTimeout<T>(work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), liveTimeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** Registers the manifest hovers beside other extensions' hovers; dispose the result to remove them. */
export function registerManifestHovers(options: ManifestHoverOptions = {}): vscode.Disposable {
  const provider = new ManifestHoverProvider(options);
  const registration = vscode.languages.registerHoverProvider(manifestSelector, provider);
  return vscode.Disposable.from(registration, provider);
}
