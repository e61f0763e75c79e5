/**
 * What a file is, read from its bytes, never from its name or the Content-Type the client sent (#29 item 7):
 * a renamed program or text file is refused (415) whatever it is called.
 *
 * The first bytes decide (`sniffHead`): PDF, PNG, JPEG, GIF, WebP, or a ZIP archive. A ZIP is accepted only as
 * an Office Open XML workbook or document, which `officeKind` tells from the archive's central directory (the
 * list of its entries at its end: `xl/` for a workbook, `word/` for a document) once the whole file is stored,
 * read back from the store by position, so nothing is held whole in memory.
 */

export type FileKind = { type: string; label: string; extensions: readonly string[] };

export const FILE_KINDS = {
  pdf: { type: 'application/pdf', label: 'PDF', extensions: ['.pdf'] },
  png: { type: 'image/png', label: 'PNG image', extensions: ['.png'] },
  jpeg: { type: 'image/jpeg', label: 'JPEG image', extensions: ['.jpg', '.jpeg', '.jfif'] },
  gif: { type: 'image/gif', label: 'GIF image', extensions: ['.gif'] },
  webp: { type: 'image/webp', label: 'WebP image', extensions: ['.webp'] },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel workbook',
    extensions: ['.xlsx'],
  },
  docx: {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word document',
    extensions: ['.docx'],
  },
} as const satisfies Record<string, FileKind>;

export const ACCEPTED_FILES =
  'a PDF, an Excel workbook (.xlsx), a Word document (.docx) or an image (PNG, JPEG, GIF, WebP)';

/** Bytes the head check needs (the longest signature: WebP's 12). */
export const HEAD_BYTES = 16;

/** What the first bytes say: a kind, 'zip' (to be confirmed by its entries), or why it is refused. */
export type HeadVerdict = { kind: FileKind } | { zip: true } | { refused: string };

const starts = (head: Buffer, text: string | number[], at = 0) => {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : Buffer.from(text);
  return head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);
};

export function sniffHead(head: Buffer): HeadVerdict {
  if (starts(head, '%PDF-')) return { kind: FILE_KINDS.pdf };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: FILE_KINDS.png };
  if (starts(head, [0xff, 0xd8, 0xff])) return { kind: FILE_KINDS.jpeg };
  if (starts(head, 'GIF87a') || starts(head, 'GIF89a')) return { kind: FILE_KINDS.gif };
  if (starts(head, 'RIFF') && starts(head, 'WEBP', 8)) return { kind: FILE_KINDS.webp };
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return { zip: true };
  return { refused: `${describe(head)}; a file attached here must be ${ACCEPTED_FILES}, whatever its name says` };
}

/** What a refused file looks like, so the message helps. */
function describe(head: Buffer): string {
  if (head.length === 0) return 'The file is empty';
  if (starts(head, 'MZ') || starts(head, [0x7f, 0x45, 0x4c, 0x46])) return 'The file is a program';
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0]))
    return 'The file is an old-style Office file (.xls, .doc): save it as .xlsx or .docx';
  if (starts(head, [0x50, 0x4b, 0x05, 0x06])) return 'The file is an empty ZIP archive';
  const text = head.every(
    (byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte !== 0x7f) || byte >= 0x80,
  );
  return text ? 'The file is text' : 'The file is of a type not taken here';
}

/** Reads `length` bytes of a stored blob at `position`. */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
/** The end-of-directory record (22 bytes) plus the longest comment a ZIP may carry. */
const EOCD_SEARCH = 22 + 0xffff;
/** An Office file's directory is a few KiB; one larger than this is not read (refused). */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/**
 * The Office kind of a ZIP archive of `size` bytes, from its central directory: a workbook (`xl/` entries), a
 * document (`word/`), each with the `[Content_Types].xml` every Office Open XML file has; else why not.
 */
export async function officeKind(size: number, readAt: ReadAt): Promise<{ kind: FileKind } | { refused: string }> {
  const notOffice = {
    refused: `The file is a ZIP archive but not an Excel workbook or a Word document; a file attached here must be ${ACCEPTED_FILES}`,
  };
  const tailLength = Math.min(size, EOCD_SEARCH);
  const tail = await readAt(size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return notOffice;
  const entries = tail.readUInt16LE(end + 10);
  const directoryBytes = tail.readUInt32LE(end + 12);
  const directoryAt = tail.readUInt32LE(end + 16);
  if (directoryBytes > MAX_DIRECTORY_BYTES || directoryAt + directoryBytes > size) return notOffice;
  const directory = await readAt(directoryAt, directoryBytes);
  const names: string[] = [];
  for (let at = 0, n = 0; n < entries && at + 46 <= directory.length; n++) {
    if (directory.readUInt32LE(at) !== CENTRAL_ENTRY) return notOffice;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!names.includes('[Content_Types].xml')) return notOffice;
  if (names.some((name) => name.startsWith('xl/'))) return { kind: FILE_KINDS.xlsx };
  if (names.some((name) => name.startsWith('word/'))) return { kind: FILE_KINDS.docx };
  return notOffice;
}

/**
 * The name a file is stored and served under: the last part of what the client sent (no folders), without
 * control characters, at most 200 characters; given the kind's extension when it has another one, so a PDF
 * sent as "offer.exe" downloads as "offer.exe.pdf" and opens as what it is.
 */
export function storedFileName(sent: string, kind: FileKind): string {
  // eslint-disable-next-line no-control-regex
  let name = (sent.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') name = 'file';
  const lower = name.toLowerCase();
  if (!kind.extensions.some((extension) => lower.endsWith(extension))) name = `${name}${kind.extensions[0]}`;
  if (name.length > 200) {
    const extension: string = kind.extensions.find((e) => lower.endsWith(e)) ?? kind.extensions[0] ?? '';
    name = `${name.slice(0, 200 - extension.length)}${extension}`;
  }
  return name;
}

/** `Content-Disposition: attachment` with the name in RFC 6266 / 5987 form, and a plain ASCII fallback. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
