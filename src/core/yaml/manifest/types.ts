/** The shapes of a parsed manifest and of a position in it. */

/** A map key (string) or a sequence index (number). */
export type PathSegment = string | number;

/** Scalar fields of a sequence item in the file, so its live counterpart can be found by content, not index. */
export type ItemIdentity = Readonly<Record<string, string | number | boolean | null>> | string | number | boolean | null;

/** A YAML scalar as the manifest holds it. */
export type ScalarValue = string | number | boolean | null;

/** What a manifest holds at a path from its object: absent, a scalar, or a map or list (no scalar). */
export type FieldValue = { readonly present: false } | { readonly present: true; readonly scalar?: ScalarValue };

/** Reads the object under the cursor by path from the object; lazily, so a hover reads only what it tests. */
export type FieldReader = (objectPath: readonly PathSegment[]) => FieldValue;

export interface ManifestPosition {
  /** Index of the YAML document in the file (0-based). */
  readonly docIndex: number;
  /** Path from the document root. */
  readonly path: readonly PathSegment[];
  /** Path from the Kubernetes object the cursor is in: the same as `path`, except inside `items[i]` of a List. */
  readonly objectPath: readonly PathSegment[];
  /** For each number in `objectPath`, what the file's item holds (its scalar fields), else undefined. */
  readonly itemIdentities: readonly (ItemIdentity | undefined)[];
  /** The cursor is on a key (or its colon), not on a value. */
  readonly onKey: boolean;
  /** Offsets [start, end) of the key or value under the cursor (for highlighting it). */
  readonly range: readonly [number, number];
  /** The object's kind and apiVersion (of the List item when inside `items[i]` of a List). */
  readonly kind: string;
  readonly apiVersion: string;
  readonly namespace?: string;
  readonly name?: string;
  /** Set when the object is `items[listItem]` of a List document. */
  readonly listItem?: number;
  /** Reads other fields of the same object (knowledge that depends on the value or on sibling fields). */
  readonly read: FieldReader;
}

/**
 * A file split at its document markers, each part parsed on first use. A `---` or `...` at the start of a line
 * always ends a YAML document (even inside a block scalar), so a hover parses one document, not the file.
 */
export interface ParsedManifest {
  readonly text: string;
  /** Offset of the start of each line. */
  readonly lineStarts: readonly number[];
  readonly segments: readonly ManifestSegment[];
}

export interface ManifestSegment {
  /** Offsets of the segment in the file: from its `---` line (if any) to the next marker line. */
  readonly start: number;
  readonly end: number;
  /** Index of the document among the file's non-empty documents; undefined for a segment of only comments. */
  readonly docIndex: number | undefined;
}
