import { AppError } from '../../http/app-error';

/**
 * Finds the rows of an import body, `{"mode": 1, "rows": [{…}, {…}, …], …}`, in its bytes as they arrive,
 * without parsing the body as a whole: JSON.parse of a 200 MB body holds the text and every row at once
 * (30-50 x the body in memory). Each row comes out as its own JSON text; the other top-level values come
 * out as texts too. Only the structure around the rows is checked here; the rows' and options' texts are
 * read with JSON.parse by the caller, which reports what is wrong inside them.
 *
 * The scanner works on bytes: in UTF-8 no byte of a multi-byte character is below 0x80, so quotes,
 * brackets and backslashes are found byte by byte whatever the text holds.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Where the scanner is in the body's structure, outside any row. */
type Place =
  | 'start' // before the top-level object
  | 'key' // in the top-level object, before a key (or its end)
  | 'colon' // after a top-level key
  | 'value' // after a top-level key's colon
  | 'afterValue' // after a top-level value: ',' or '}'
  | 'rowOrEnd' // in the rows array, before a row (or its end)
  | 'afterRow' // after a row: ',' or ']'
  | 'end'; // after the top-level object: only whitespace

export type ScannerLimits = {
  /** A row's JSON text may not be longer (a row of a million keys is refused before it is parsed). */
  maxRowBytes: number;
  /** Nesting inside a row: cells hold plain values, so this only stops pathological input. */
  maxRowDepth: number;
  /** A top-level value other than rows (mode, dryRun, …) may not be longer. */
  maxOptionBytes: number;
};

export type ScannedPiece = { kind: 'row'; text: Buffer } | { kind: 'option'; key: string; text: string };

export class JsonRowsScanner {
  private place: Place = 'start';
  private inString = false;
  private escaped = false;
  /** Bytes of the top-level key being read, or of the option value being read. */
  private captured: Buffer[] = [];
  private capturedBytes = 0;
  private key = '';
  private readonly keysSeen = new Set<string>();
  /** Inside a row or an option value: the depth of brackets open (0 = not inside one). */
  private depth = 0;
  private capturing: 'none' | 'key' | 'row' | 'option' = 'none';
  /** Option values that are scalars end at the next ',' or '}' of the top level. */
  private scalarOption = false;
  private rowsSeen = 0;
  private offset = 0;

  constructor(private readonly limits: ScannerLimits) {}

  /** Rows and options completed by this chunk of the body, in order. */
  push(chunk: Buffer): ScannedPiece[] {
    const pieces: ScannedPiece[] = [];
    let start = this.capturing === 'none' ? -1 : 0;
    let nextBackslash = -1;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        // Most of a body is text: jump to the string's next quote or backslash (memchr) instead of
        // stepping through it a byte at a time.
        if (nextBackslash !== Infinity && nextBackslash < i) {
          nextBackslash = chunk.indexOf(BACKSLASH, i);
          if (nextBackslash < 0) nextBackslash = Infinity;
        }
        const quote = chunk.indexOf(QUOTE, i);
        const stop = Math.min(quote < 0 ? chunk.length : quote, nextBackslash);
        if (stop >= chunk.length) break; // the string goes on in the next chunk
        i = stop;
        if (chunk[i] === BACKSLASH) this.escaped = true;
        else {
          this.inString = false;
          if (this.capturing === 'key') {
            this.keep(chunk, start, i);
            this.endKey();
            start = -1;
          }
        }
        continue;
      }
      const byte = chunk[i] as number;
      if (this.capturing === 'row' || (this.capturing === 'option' && !this.scalarOption)) {
        if (byte === QUOTE) this.inString = true;
        else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
          this.depth++;
          if (this.capturing === 'row' && this.depth > this.limits.maxRowDepth)
            this.fail(
              `row ${this.rowsSeen + 1} nests values ${this.depth} deep; a cell holds text, a number, true, false or null`,
            );
        } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
          this.depth--;
          if (this.depth === 0) {
            this.keep(chunk, start, i + 1);
            pieces.push(this.endCapture());
            start = -1;
          }
        }
        continue;
      }
      if (this.capturing === 'option') {
        // A scalar option value (number, true, null, "text") ends where the top level goes on.
        if (byte === QUOTE) this.inString = true;
        else if (byte === COMMA || byte === CLOSE_OBJECT) {
          this.keep(chunk, start, i);
          pieces.push(this.endCapture());
          start = -1;
          this.place = 'afterValue';
          i--; // the ',' or '}' is the top level's
        }
        continue;
      }
      if (isWhitespace(byte)) continue;
      switch (this.place) {
        case 'start':
          this.expect(byte === OPEN_OBJECT, 'the body must be a JSON object, {"mode": …, "rows": […]}');
          this.place = 'key';
          break;
        case 'key':
          if (byte === CLOSE_OBJECT && this.keysSeen.size === 0) {
            this.place = 'end';
            break;
          }
          this.expect(byte === QUOTE, 'expected a key in quotes');
          this.inString = true;
          this.capturing = 'key';
          start = i + 1;
          break;
        case 'colon':
          this.expect(byte === COLON, `expected ':' after "${this.key}"`);
          this.place = 'value';
          break;
        case 'value':
          if (this.key === 'rows') {
            this.expect(byte === OPEN_ARRAY, 'rows must be an array of objects, one per row');
            this.place = 'rowOrEnd';
          } else {
            this.capturing = 'option';
            this.scalarOption = byte !== OPEN_OBJECT && byte !== OPEN_ARRAY;
            if (byte === QUOTE) this.inString = true;
            else if (!this.scalarOption) this.depth = 1;
            start = i;
          }
          break;
        case 'afterValue':
          if (byte === COMMA) this.place = 'key';
          else {
            this.expect(byte === CLOSE_OBJECT, "expected ',' or '}' after a value");
            this.place = 'end';
          }
          break;
        case 'rowOrEnd':
          if (byte === CLOSE_ARRAY && this.rowsSeen === 0) {
            this.place = 'afterValue';
            break;
          }
          this.expect(byte === OPEN_OBJECT, `rows[${this.rowsSeen}] must be an object of field values`);
          this.capturing = 'row';
          this.depth = 1;
          start = i;
          break;
        case 'afterRow':
          if (byte === COMMA) this.place = 'rowOrEnd';
          else {
            this.expect(byte === CLOSE_ARRAY, `expected ',' or ']' after rows[${this.rowsSeen - 1}]`);
            this.place = 'afterValue';
          }
          break;
        case 'end':
          this.fail('unexpected text after the end of the body');
      }
    }
    if (start >= 0) this.keep(chunk, start, chunk.length);
    this.offset += chunk.length;
    return pieces;
  }

  /** Checks the body ended where a complete object ends. */
  finish(): void {
    if (this.place !== 'end' || this.inString || this.capturing !== 'none')
      this.fail('the body ends before its JSON does (a cut-off upload?)');
  }

  get rowCount(): number {
    return this.rowsSeen;
  }

  /** Whether the body had its rows key (an empty array counts). */
  get sawRows(): boolean {
    return this.keysSeen.has('rows');
  }

  private keep(chunk: Buffer, from: number, to: number): void {
    if (to <= from) return;
    this.capturedBytes += to - from;
    const limit = this.capturing === 'row' ? this.limits.maxRowBytes : this.limits.maxOptionBytes;
    if (this.capturedBytes > limit) {
      const what =
        this.capturing === 'row'
          ? `row ${this.rowsSeen + 1}`
          : this.capturing === 'key'
            ? 'a top-level key'
            : `"${this.key}"`;
      this.fail(`${what} is over ${limit.toLocaleString('en-US')} bytes`);
    }
    this.captured.push(chunk.subarray(from, to));
  }

  private endKey(): void {
    const raw = this.takeCaptured().toString('utf8');
    let key: string;
    try {
      key = JSON.parse(`"${raw}"`) as string;
    } catch {
      this.fail('a top-level key is not valid JSON text');
    }
    if (this.keysSeen.has(key)) this.fail(`"${key}" appears twice`);
    this.keysSeen.add(key);
    this.key = key;
    this.capturing = 'none';
    this.place = 'colon';
  }

  private endCapture(): ScannedPiece {
    const text = this.takeCaptured();
    const wasRow = this.capturing === 'row';
    this.capturing = 'none';
    this.depth = 0;
    if (wasRow) {
      this.rowsSeen++;
      this.place = 'afterRow';
      return { kind: 'row', text };
    }
    this.place = 'afterValue';
    return { kind: 'option', key: this.key, text: text.toString('utf8') };
  }

  private takeCaptured(): Buffer {
    const text = this.captured.length === 1 ? (this.captured[0] as Buffer) : Buffer.concat(this.captured);
    this.captured = [];
    this.capturedBytes = 0;
    return text;
  }

  private expect(ok: boolean, message: string): void {
    if (!ok) this.fail(message);
  }

  private fail(message: string): never {
    throw new AppError('bad_request', `Invalid body: ${message}.`);
  }
}
