/**
 * A list body read as it streams in, one element at a time. A list served from kube-apiserver's watch cache
 * (`resourceVersion=0`) ignores `limit` and comes as one answer, 95 MB for the kube-system Pods of a 5,000-node
 * cluster: parsed whole, it would be one string and one object graph several times its size. Here each element
 * of the top-level `items` is parsed alone as soon as its last byte arrives and handed on, so what is kept is
 * what the caller keeps of it; every other top-level field (kind, metadata) is parsed whole.
 *
 * The scan works on bytes: the characters it looks for (quotes, backslashes, brackets, braces, commas) are
 * ASCII and never occur inside a multi-byte UTF-8 sequence.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The top-level array whose elements are handed on one by one. */
const ELEMENT_ARRAY = 'items';

export class ListBodyError extends Error {
  constructor(
    message: string,
    /** An item grew past the cap, as opposed to a body that is not a list. */
    readonly itemTooLarge = false,
  ) {
    super(message);
  }

  static tooLarge(): ListBodyError {
    return new ListBodyError('element too large', true);
  }
}

export interface ListBodyHandlers {
  /** A top-level field other than `items`, parsed (kind, metadata …). */
  readonly onField: (key: string, value: unknown) => void;
  /** One element of `items`, parsed. */
  readonly onElement: (element: unknown) => void;
}

/**
 * Feed it the body's chunks in order, then call `end()`. Throws ListBodyError for a body that is not one JSON
 * object, or an element larger than `maxElementBytes`.
 */
export class ListBodyParser {
  /** 0: before the opening brace; 1: inside the top-level object; 2+: inside a value. */
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The bytes of the key or value being collected (a value spans chunks). */
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  /** Where, in the current chunk, the value being collected began (-1: it began in an earlier chunk). */
  private start = -1;
  private collecting = false;
  /** The top-level key whose value comes next, once its closing quote and colon are read. */
  private key: string | undefined;
  private readingKey = false;
  /** Inside `items` (depth 2 is the array itself). */
  private inItems = false;
  private closed = false;

  constructor(
    private readonly handlers: ListBodyHandlers,
    private readonly maxElementBytes: number,
  ) {}

  write(chunk: Buffer): void {
    if (this.closed) {
      if (chunk.toString('latin1').trim()) throw new ListBodyError('data after the end of the list');
      return;
    }
    this.start = this.collecting ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString) {
        // Most of a list is string content: jump to the next quote natively, then look back for escapes.
        if (this.escaped) {
          // The last chunk ended in a lone backslash: this byte is the escaped character.
          this.escaped = false;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, i);
        if (quote === -1) {
          this.escaped = oddBackslashesBefore(chunk, chunk.length, i);
          break;
        }
        const escapedQuote = oddBackslashesBefore(chunk, quote, i);
        i = quote;
        if (escapedQuote) continue;
        this.inString = false;
        if (this.readingKey) this.finishKey(chunk, i);
        continue;
      }
      const byte = chunk[i];
      if (byte === QUOTE) {
        this.inString = true;
        if (this.depth === 1 && this.key === undefined && !this.collecting) {
          this.readingKey = true;
          this.begin(i + 1);
        } else if (this.depth === 1 && this.key !== undefined && !this.collecting) {
          this.begin(i);
        } else if (this.inItems && this.depth === 2 && !this.collecting) {
          this.begin(i);
        }
        continue;
      }
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (this.depth === 0) {
          if (byte !== OPEN_BRACE) throw new ListBodyError('the list is not a JSON object');
          this.depth = 1;
          continue;
        }
        if (this.depth === 1 && this.key !== undefined) {
          if (byte === OPEN_BRACKET && this.key === ELEMENT_ARRAY) {
            this.inItems = true;
            this.key = undefined;
          } else {
            this.begin(i);
          }
        } else if (this.depth === 2 && this.inItems) {
          this.begin(i);
        }
        this.depth++;
        continue;
      }
      if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.depth--;
        if (this.depth === 0) {
          if (this.collecting) this.finishField(chunk, i);
          this.closed = true;
          if (
            chunk
              .subarray(i + 1)
              .toString('latin1')
              .trim()
          )
            throw new ListBodyError('data after the end of the list');
          return;
        }
        if (this.depth === 1 && this.inItems) {
          // A scalar element ends where its array does.
          if (this.collecting) this.finishElement(chunk, i);
          this.inItems = false;
        } else if (this.depth === 1 && this.collecting) {
          this.finishField(chunk, i + 1);
        } else if (this.depth === 2 && this.inItems && this.collecting) {
          this.finishElement(chunk, i + 1);
        }
        continue;
      }
      if (this.depth < 1) {
        if (byte > 0x20) throw new ListBodyError('the list is not a JSON object');
        continue;
      }
      // A scalar value ends at the next comma or closing brace at its own level.
      if (byte === 0x2c) {
        if (this.depth === 1 && this.collecting) this.finishField(chunk, i);
        else if (this.depth === 2 && this.inItems && this.collecting) this.finishElement(chunk, i);
        continue;
      }
      if (byte > 0x20 && byte !== 0x3a && !this.collecting) {
        if (this.depth === 1 && this.key !== undefined) this.begin(i);
        else if (this.depth === 2 && this.inItems) this.begin(i);
      }
    }
    if (this.collecting) this.keep(chunk.subarray(this.start === -1 ? 0 : this.start));
  }

  /** The body ended: it must have been one whole object. */
  end(): void {
    if (!this.closed) throw new ListBodyError('the list ended before it was complete');
  }

  private begin(at: number): void {
    this.collecting = true;
    this.start = at;
    this.pieces = [];
    this.pieceBytes = 0;
  }

  private keep(piece: Buffer): void {
    this.pieceBytes += piece.length;
    if (this.pieceBytes > this.maxElementBytes) throw ListBodyError.tooLarge();
    // The chunk's memory may be reused by the stream: keep a copy.
    this.pieces.push(Buffer.from(piece));
  }

  private take(chunk: Buffer, end: number): string {
    const last = chunk.subarray(this.start === -1 ? 0 : this.start, end);
    const text = this.pieces.length ? Buffer.concat([...this.pieces, last]).toString('utf8') : last.toString('utf8');
    if (this.pieceBytes + last.length > this.maxElementBytes) throw ListBodyError.tooLarge();
    this.collecting = false;
    this.pieces = [];
    this.pieceBytes = 0;
    this.start = -1;
    return text;
  }

  private finishKey(chunk: Buffer, end: number): void {
    this.readingKey = false;
    this.key = JSON.parse(`"${this.take(chunk, end)}"`) as string;
  }

  private finishField(chunk: Buffer, end: number): void {
    const key = this.key!;
    this.key = undefined;
    this.handlers.onField(key, parse(this.take(chunk, end)));
  }

  private finishElement(chunk: Buffer, end: number): void {
    this.handlers.onElement(parse(this.take(chunk, end)));
  }
}

/** Whether the bytes before `end`, down to `from`, end in an odd run of backslashes: the byte at `end` is escaped. */
function oddBackslashesBefore(chunk: Buffer, end: number, from: number): boolean {
  let at = end - 1;
  while (at >= from && chunk[at] === BACKSLASH) at--;
  return (end - 1 - at) % 2 === 1;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ListBodyError(`not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}
