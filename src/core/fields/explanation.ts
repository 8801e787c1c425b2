import type { ItemIdentity, PathSegment } from '../yaml/yamlPath';
import type { LiveField } from './managedFields';
import type { FieldProvenance, ProvenanceEvidence } from './provenance';
import type { FieldSchema } from './schema/openApiSchema';
import type { ActorId, ControllerId, FieldReader, Language, Timing } from './types';

/**
 * What a component does with the field: writes this very field, reads it and writes another object or field
 * (named in `writesOther`), or only reads it.
 */
export type Effect = 'writes-field' | 'writes-other' | 'reads';

/** One component in an explanation; `components[0]` is the one that primarily acts. */
export interface ComponentAction {
  readonly id: ActorId;
  /** Display name in the explanation's language (an add-on's own name for `add-on`). */
  readonly name: string;
  readonly controller?: ControllerId;
  readonly when: Timing;
  readonly effect: Effect;
  /** What it writes instead, for `writes-other`: an object's kind or a field's path. */
  readonly writesOther?: string;
  /** What it does with the field, in the explanation's language. */
  readonly action: string;
}

/** The live side of an explanation, structured for every renderer. */
export type LiveReport =
  | { readonly state: 'found'; readonly context?: string; readonly field: LiveField; readonly provenance?: FieldProvenance }
  | { readonly state: 'absent'; readonly context?: string }
  | { readonly state: 'unavailable'; readonly reason: string };

/** An explanation as data; renderers (explainRender.ts) turn it into VS Code Markdown, plain text or JSON. */
export interface FieldExplanation {
  readonly language: Language;
  readonly kind: string;
  readonly apiVersion: string;
  /** Dotted, `[i]` for items, from the document root. */
  readonly path: string;
  /** The knowledge pattern that matched, when one did. */
  readonly matched?: string;
  /** The entry is about an ancestor of the field (nothing more specific is known). */
  readonly fromAncestor: boolean;
  /** A custom resource (its API group is not built in and the knowledge base does not know the kind). */
  readonly custom: boolean;
  readonly group: string;
  /** Where the field sits when that changes who acts: inside a Pod or Job template. */
  readonly templateNote?: string;
  /** Why there are no components: a custom resource, or a field no entry covers (kube-apiserver stores it). */
  readonly noEntry?: 'custom' | 'unknown';
  readonly components: readonly ComponentAction[];
  readonly docs?: string;
  /** What the field is, from an API server's own OpenAPI. */
  readonly schema?: SchemaInput;
  readonly live?: LiveReport;
  /** The VS Code hover's Markdown (codicons included). */
  readonly markdown: string;
}

/** A live object as the API returns it (plain JSON, with metadata.managedFields), or why there is none. */
export type LiveInput =
  | {
      readonly state: 'found';
      readonly object: unknown;
      readonly context?: string;
      /** What else the cluster says (dry run, webhooks, autoscalers): with it, the report says who set the value. */
      readonly provenance?: ProvenanceEvidence;
    }
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
  /** The object's namespace and name, and a reader of its other fields: knowledge may depend on them. */
  readonly namespace?: string;
  readonly name?: string;
  readonly read?: FieldReader;
}

/** A field's type and description, and whose OpenAPI said so. */
export interface SchemaInput {
  readonly field: FieldSchema;
  /** The context whose API server described it (its description is then right for that server's version and CRDs). */
  readonly context?: string;
}

export interface ExplainOptions {
  readonly language?: Language;
  readonly live?: LiveInput;
  readonly schema?: SchemaInput;
}
