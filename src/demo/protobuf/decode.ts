/**
 * Kubernetes' protobuf request bodies (application/vnd.kubernetes.protobuf), which kubectl's typed commands send
 * (`create deployment`, `create namespace`, `create configmap`, `expose` …), turned into the JSON object the same
 * request would have carried as JSON, so that the write path handles both alike.
 *
 * The wire form, as k8s.io/apimachinery's protobuf serializer writes it: the 4 bytes `k8s\0`, then a
 * runtime.Unknown message (typeMeta = 1 {apiVersion = 1, kind = 2}, raw = 2, contentEncoding = 3,
 * contentType = 4) whose raw is the object's own message. Field numbers, types and JSON names come from
 * kubernetes-proto.json, generated from Kubernetes' .proto files and Go types (scripts/protobuf/generate.ts).
 */
import table from './kubernetes-proto.json';
import { MAX_BODY_DEPTH, isPrototypeKey, jsonNestsDeeperThan, unknownField } from '../writeValidation';

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

const envelopePrefix = Buffer.from('k8s\u0000', 'latin1');

/** Messages whose JSON form is not an object of their fields. */
export const wellKnownTypes = {
  time: 'k8s.io.apimachinery.pkg.apis.meta.v1.Time',
  fieldsV1: 'k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1',
  intOrString: 'k8s.io.apimachinery.pkg.util.intstr.IntOrString',
  quantity: 'k8s.io.apimachinery.pkg.api.resource.Quantity',
} as const;

interface FieldSpec {
  json?: string;
  type: string;
  repeated?: boolean;
  key?: string;
  pointer?: boolean;
  omitEmpty?: boolean;
}

type MessageSpec = Record<string, FieldSpec | undefined>;
type JsonObject = Record<string, unknown>;

const messages = table.messages as Record<string, MessageSpec | undefined>;
const messageOfKind = table.kinds as Record<string, string | undefined>;

/** A body that is not a well-formed protobuf object; the words are Go's protobuf errors where it has them. */
export class ProtobufDecodeError extends Error {}

const unexpectedEnd = () => new ProtobufDecodeError('unexpected EOF');

/** Reads one length-delimited region of the body; every read is checked against its end. */
class WireReader {
  constructor(
    private readonly bytes: Buffer,
    public position: number,
    readonly end: number,
  ) {}

  get atEnd(): boolean {
    return this.position >= this.end;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.position >= this.end) throw unexpectedEnd();
      const byte = this.bytes[this.position++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
    throw new ProtobufDecodeError('proto: integer overflow');
  }

  /** A length-delimited field's region, after checking that it lies within this one. */
  region(): WireReader {
    const length = this.varint();
    if (length > BigInt(this.end - this.position)) throw unexpectedEnd();
    const start = this.position;
    this.position += Number(length);
    return new WireReader(this.bytes, start, this.position);
  }

  bytesOf(): Buffer {
    return this.bytes.subarray(this.position, this.end);
  }

  advance(count: number): void {
    if (count > this.end - this.position) throw unexpectedEnd();
    this.position += count;
  }

  /** Skips a field this decoder does not know, as protobuf does; groups nest, so their depth is bounded. */
  skip(wireType: number): void {
    let groups = 0;
    for (;;) {
      if (wireType === 0) this.varint();
      else if (wireType === 1) this.advance(8);
      else if (wireType === 2) this.region();
      else if (wireType === 5) this.advance(4);
      else if (wireType === 3) {
        if (++groups > MAX_BODY_DEPTH) throw new ProtobufDecodeError(`proto: groups nest deeper than ${MAX_BODY_DEPTH}`);
      } else if (wireType === 4) {
        if (--groups < 0) throw new ProtobufDecodeError('proto: unexpected end of group');
      } else throw new ProtobufDecodeError(`proto: illegal wireType ${wireType}`);
      if (groups === 0) return;
      wireType = Number(this.varint() & 7n);
    }
  }
}

interface Tag {
  field: number;
  wireType: number;
}

function readTag(reader: WireReader, message: string): Tag {
  const tag = reader.varint();
  const field = Number(tag >> 3n);
  const wireType = Number(tag & 7n);
  if (field <= 0 || tag >> 3n > 0x1fffffffn)
    throw new ProtobufDecodeError(`proto: ${shortName(message)}: illegal tag ${field} (wire type ${wireType})`);
  if (wireType === 4) throw new ProtobufDecodeError(`proto: ${shortName(message)}: wiretype end group for non-group`);
  return { field, wireType };
}

function shortName(message: string): string {
  return message.slice(message.lastIndexOf('.') + 1);
}

function wrongWireType(wireType: number, field: string): ProtobufDecodeError {
  return new ProtobufDecodeError(`proto: wrong wireType = ${wireType} for field ${field}`);
}

function scalarOf(type: string, reader: WireReader, wireType: number, field: string): unknown {
  const expected = type === 'string' || type === 'bytes' ? 2 : 0;
  if (wireType !== expected) throw wrongWireType(wireType, field);
  switch (type) {
    case 'string':
      return reader.region().bytesOf().toString('utf8');
    case 'bytes':
      return reader.region().bytesOf().toString('base64');
    case 'bool':
      return reader.varint() !== 0n;
    case 'int32':
      return Number(BigInt.asIntN(32, reader.varint()));
    case 'int64':
      return Number(BigInt.asIntN(64, reader.varint()));
    default:
      throw new ProtobufDecodeError(`proto: field ${field} has the unsupported type ${type}`);
  }
}

function isZeroScalar(value: unknown): boolean {
  return value === '' || value === 0 || value === false;
}

function zeroScalar(type: string): unknown {
  if (type === 'bool') return false;
  return type === 'int32' || type === 'int64' ? 0 : '';
}

/** The fields of the well-known types (FieldsV1's raw bytes are read as the JSON text they hold). */
const wellKnownFields: Record<string, Record<number, string> | undefined> = {
  [wellKnownTypes.time]: { 1: 'int64', 2: 'int32' },
  [wellKnownTypes.fieldsV1]: { 1: 'string' },
  [wellKnownTypes.intOrString]: { 1: 'int64', 2: 'int32', 3: 'string' },
  [wellKnownTypes.quantity]: { 1: 'string' },
};

/** The JSON form of a well-known type; undefined when it is its zero value and Go's JSON would leave it out. */
function wellKnownOf(type: string, reader: WireReader, path: string): unknown {
  const fields = new Map<number, unknown>();
  const empty = reader.atEnd;
  while (!reader.atEnd) {
    const { field, wireType } = readTag(reader, type);
    const scalar = wellKnownFields[type]?.[field];
    if (scalar === undefined) reader.skip(wireType);
    else fields.set(field, scalarOf(scalar, reader, wireType, path));
  }
  switch (type) {
    case wellKnownTypes.time:
      // An unset Time is encoded as no bytes at all; the server keeps whole seconds only (time_proto.go).
      return empty ? undefined : rfc3339Seconds((fields.get(1) as number | undefined) ?? 0);
    case wellKnownTypes.intOrString:
      return fields.get(1) === 1 ? ((fields.get(3) as string | undefined) ?? '') : ((fields.get(2) as number | undefined) ?? 0);
    case wellKnownTypes.quantity:
      return (fields.get(1) as string | undefined) ?? '0';
    case wellKnownTypes.fieldsV1:
      return fieldsV1Of((fields.get(1) as string | undefined) ?? '', path);
    default:
      throw new ProtobufDecodeError(`proto: no decoder for ${type}`);
  }
}

function rfc3339Seconds(seconds: number): string {
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 0 || year > 9999) throw new ProtobufDecodeError('Time.MarshalJSON: year outside of range [0,9999]');
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** FieldsV1 carries its JSON as bytes; it is parsed under the same bounds as a JSON body. */
function fieldsV1Of(text: string, path: string): unknown {
  if (text === '') return {};
  if (jsonNestsDeeperThan(text, MAX_BODY_DEPTH)) throw new ProtobufDecodeError(`${path}: exceeded max depth of ${MAX_BODY_DEPTH}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProtobufDecodeError(`${path}: FieldsV1 does not hold JSON`);
  }
}

function isWellKnown(type: string): boolean {
  return (Object.values(wellKnownTypes) as string[]).includes(type);
}

/** One value of a field: a scalar, a well-known type, or a nested message decoded into an object. */
function valueOf(type: string, reader: WireReader, wireType: number, path: string, depth: number): unknown {
  if (!messages[type] && !isWellKnown(type)) return scalarOf(type, reader, wireType, path);
  if (wireType !== 2) throw wrongWireType(wireType, path);
  const region = reader.region();
  return isWellKnown(type) ? wellKnownOf(type, region, path) : decodeMessage(type, region, path, depth + 1, {});
}

function isPackable(type: string): boolean {
  return type === 'bool' || type === 'int32' || type === 'int64';
}

function mapEntryOf(field: FieldSpec, reader: WireReader, wireType: number, path: string, depth: number): [string, unknown] {
  if (wireType !== 2) throw wrongWireType(wireType, path);
  const entry = reader.region();
  let key = '';
  let value: unknown;
  while (!entry.atEnd) {
    const tag = readTag(entry, 'MapEntry');
    if (tag.field === 1) key = String(scalarOf(field.key!, entry, tag.wireType, path));
    else if (tag.field === 2) value = valueOf(field.type, entry, tag.wireType, `${path}.${key}`, depth);
    else entry.skip(tag.wireType);
  }
  if (isPrototypeKey(key)) throw unknownField(`${path}.${key}`);
  if (value === undefined) value = messages[field.type] ? {} : zeroScalar(field.type);
  return [key, value];
}

/**
 * Decodes one message into `into` (an inline embedding decodes into its parent's object, as Go's JSON inlines
 * it). A field sent twice merges (a message) or replaces (a scalar), as protobuf reads it.
 */
function decodeMessage(type: string, reader: WireReader, path: string, depth: number, into: JsonObject): JsonObject {
  if (depth > MAX_BODY_DEPTH) throw new ProtobufDecodeError(`exceeded max depth of ${MAX_BODY_DEPTH}`);
  const spec = messages[type]!;
  while (!reader.atEnd) {
    const { field: number, wireType } = readTag(reader, type);
    const field = spec[number];
    if (!field) {
      reader.skip(wireType);
      continue;
    }
    const name = field.json;
    const fieldPath = name === undefined ? path : path ? `${path}.${name}` : name;
    if (name === undefined) {
      if (wireType !== 2) throw wrongWireType(wireType, fieldPath);
      decodeMessage(field.type, reader.region(), path, depth + 1, into);
    } else if (field.key !== undefined) {
      const map = (into[name] ??= {}) as JsonObject;
      const [key, value] = mapEntryOf(field, reader, wireType, fieldPath, depth);
      map[key] = value;
    } else if (field.repeated) {
      const list = (into[name] ??= []) as unknown[];
      if (wireType === 2 && isPackable(field.type)) {
        const packed = reader.region();
        while (!packed.atEnd) list.push(scalarOf(field.type, packed, 0, fieldPath));
      } else {
        list.push(valueOf(field.type, reader, wireType, `${fieldPath}[${list.length}]`, depth));
      }
    } else if (messages[field.type] && !isWellKnown(field.type)) {
      if (wireType !== 2) throw wrongWireType(wireType, fieldPath);
      const existing = into[name];
      decodeMessage(
        field.type,
        reader.region(),
        fieldPath,
        depth + 1,
        existing !== null && typeof existing === 'object' ? (existing as JsonObject) : (into[name] = {}),
      );
    } else {
      const value = valueOf(field.type, reader, wireType, fieldPath, depth);
      // Go's JSON leaves out an omitempty field's zero value, and an IntOrString's zero value means "unset".
      const unset =
        value === undefined || (!field.pointer && (field.omitEmpty || field.type === wellKnownTypes.intOrString) && isZeroScalar(value));
      if (unset) delete into[name];
      else into[name] = value;
    }
  }
  // Go's JSON always writes a plain field without omitempty: its zero value stands for one not sent.
  for (const field of Object.values(spec)) {
    if (
      field?.json === undefined ||
      field.pointer ||
      field.omitEmpty ||
      field.repeated ||
      field.key !== undefined ||
      messages[field.type] ||
      isWellKnown(field.type)
    )
      continue;
    if (!(field.json in into)) into[field.json] = zeroScalar(field.type);
  }
  return into;
}

export interface ExpectedKind {
  /** The apiVersion and kind of the URL's resource: the envelope's defaults, and what it must name. */
  apiVersion: string;
  kind: string;
}

export interface DecodedObject {
  apiVersion: string;
  kind: string;
  object: JsonObject;
}

/** A problem with the envelope's type rather than its bytes: the kind named is not the URL's. */
export class ProtobufKindError extends Error {
  constructor(
    readonly apiVersion: string,
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Decodes a protobuf body into the JSON object it stands for, with its apiVersion and kind. The envelope's
 * empty apiVersion or kind default to the URL's, as the server's decoder fills them.
 */
export function decodeProtobufObject(body: Buffer, expected: ExpectedKind): DecodedObject {
  if (body.length < envelopePrefix.length || !body.subarray(0, envelopePrefix.length).equals(envelopePrefix)) {
    throw new ProtobufDecodeError(
      `provided data does not appear to be a protobuf message, expected prefix [${[...envelopePrefix].join(' ')}]`,
    );
  }
  if (body.length === envelopePrefix.length) throw new ProtobufDecodeError('empty body');
  const envelope = new WireReader(body, envelopePrefix.length, body.length);
  let apiVersion = '';
  let kind = '';
  let raw: WireReader | undefined;
  while (!envelope.atEnd) {
    const { field, wireType } = readTag(envelope, 'Unknown');
    if (field === 1) {
      if (wireType !== 2) throw wrongWireType(wireType, 'TypeMeta');
      const typeMeta = envelope.region();
      while (!typeMeta.atEnd) {
        const tag = readTag(typeMeta, 'TypeMeta');
        if (tag.field === 1) apiVersion = scalarOf('string', typeMeta, tag.wireType, 'APIVersion') as string;
        else if (tag.field === 2) kind = scalarOf('string', typeMeta, tag.wireType, 'Kind') as string;
        else typeMeta.skip(tag.wireType);
      }
    } else if (field === 2) {
      if (wireType !== 2) throw wrongWireType(wireType, 'Raw');
      raw = envelope.region();
    } else if (field === 3) {
      // contentEncoding: kube-apiserver's serializer ignores it and reads raw as a plain message, which would take
      // a gzip (or any encoded) raw for other bytes than the client meant. The demo refuses any encoding instead.
      const encoding = scalarOf('string', envelope, wireType, 'ContentEncoding') as string;
      if (encoding !== '')
        throw new ProtobufDecodeError(`unsupported contentEncoding ${JSON.stringify(encoding)}: the object must be sent unencoded`);
    } else {
      // contentType: the serializer reads raw as a protobuf message whatever it says.
      envelope.skip(wireType);
    }
  }
  apiVersion ||= expected.apiVersion;
  kind ||= expected.kind;
  if (kind !== expected.kind)
    throw new ProtobufKindError(apiVersion, kind, `the object's kind (${kind}) does not match the kind on the URL (${expected.kind})`);
  const type = messageOfKind[`${apiVersion} ${kind}`];
  if (!type) throw new ProtobufKindError(apiVersion, kind, `no kind "${kind}" is registered for version "${apiVersion}"`);
  const object = decodeMessage(type, raw ?? new WireReader(body, body.length, body.length), '', 1, {});
  return { apiVersion, kind, object: { apiVersion, kind, ...object } };
}
