import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentRow } from '../../src/lib/attachments';
import { queryRows } from '../../src/server/entities/entity-sql';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';
import { workbookOf } from '../support/workbooks';

/**
 * Supplier documents (#29 item 7): files attached to quotes, packages and equipment rows, stored
 * content-addressed (DATA_DIR/files beside PGlite, large objects on PostgreSQL), typed by their content,
 * served as attachments, audited, and deleted with their row.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);

/** A ZIP archive of one stored (uncompressed) entry. */
function zipOf(name: string, content: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const crc = zlib.crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryAt = local.length + nameBytes.length + content.length;
  const directoryBytes = central.length + nameBytes.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directoryBytes, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, nameBytes, content, central, nameBytes, end]);
}

async function workbook(): Promise<Buffer> {
  return Buffer.from(
    await workbookOf(
      [
        ['Item', 'Price'],
        ['Cell', 100],
      ],
      'Offer',
    ),
  );
}

const upload = (
  entity: string,
  id: number,
  name: string,
  body: Buffer | Readable,
  token = suite.engineer,
  headers: Record<string, string> = {},
) =>
  suite.t.call({
    method: 'POST',
    url: `/api/entities/${entity}/${id}/files?name=${encodeURIComponent(name)}`,
    token,
    payload: body,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });
const listOf = async (entity: string, id: number) => {
  const response = await get(`/entities/${entity}/${id}/files`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AttachmentRow[];
};
const remove = (id: number, token = suite.engineer) =>
  suite.t.call({ method: 'DELETE', url: `/api/files/${id}`, token });
const db = () => suite.t.database.db;
const storageKeyOf = async (id: number) =>
  (await queryRows<{ storage_key: string }>(db(), sql`select storage_key from attachments where id = ${id}`))[0]
    ?.storage_key;

/** Whether the store still holds the blob `key`: a file under DATA_DIR/files, or a large object. */
async function blobExists(key: string): Promise<boolean> {
  if (suite.t.app.files.store.kind === 'directory')
    return fs.existsSync(path.join(suite.t.config.dataDir, 'files', key.slice(0, 2), key.slice(2, 4), key));
  const rows = await queryRows(db(), sql`select 1 from pg_largeobject_metadata where oid = ${Number(key)}::oid`);
  return rows.length > 0;
}
/** Blobs the store holds (files, or large objects), so a refused upload can be shown to leave nothing behind. */
async function blobCount(): Promise<number> {
  if (suite.t.app.files.store.kind === 'directory') {
    const root = path.join(suite.t.config.dataDir, 'files');
    if (!fs.existsSync(root)) return 0;
    return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  }
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from pg_largeobject_metadata`);
  return row?.n ?? 0;
}

let quote: EntityRow;
let pkg: EntityRow;
let project: EntityRow;
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;

beforeAll(async () => {
  const currencies = (await get('/entities/currencies/options?limit=500')).json() as { id: number; label: string }[];
  const usd = currencies.find((o) => o.label.startsWith('USD'))!.id;
  project = await newProject(`Attachments ${unique()}`);
  [pkg] = (await create('packages', [
    { package_number: `PKG-F-${unique()}`, title: 'Pumps', project_id: project.id, status: 'draft', is_testdata: true },
  ])) as [EntityRow];
  const [supplier] = await create('suppliers', [{ name: `Files Supplier ${unique()}` }]);
  [quote] = (await create('quotes', [
    {
      quote_number: `QF-${unique()}`,
      supplier_id: supplier!.id,
      project_id: project.id,
      package_id: pkg.id,
      currency_id: usd,
      date_received: '2025-07-02',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
    },
  ])) as [EntityRow];
});

describe('files of a document', () => {
  it('keeps files in the store of its database: a directory beside PGlite, large objects in PostgreSQL', () => {
    expect(suite.t.app.files.store.kind).toBe(suite.t.database.kind === 'postgres' ? 'large-object' : 'directory');
  });

  it("uploads, lists, downloads the same bytes and deletes a quote's PDF, audited", async () => {
    const bytes = pdf('offer');
    const response = await upload('quotes', quote.id, 'Offer Rev 0.pdf', bytes);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json() as AttachmentRow;
    expect(file).toMatchObject({
      entity: 'quotes',
      row_id: quote.id,
      file_name: 'Offer Rev 0.pdf',
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      sha256: sha256(bytes),
      uploaded_by: 'engineer',
    });
    expect(Date.parse(file.uploaded_at)).toBeGreaterThan(Date.now() - 60_000);

    const listed = await listOf('quotes', quote.id);
    expect(listed.map((f) => f.id)).toContain(file.id);

    const download = await get(`/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Offer Rev 0.pdf"; filename*=UTF-8''Offer%20Rev%200.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(download.headers['content-length'])).toBe(bytes.length);

    const key = (await storageKeyOf(file.id))!;
    expect(await blobExists(key)).toBe(true);
    expect((await remove(file.id, suite.viewer)).statusCode).toBe(403);
    const deleted = await remove(file.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listOf('quotes', quote.id)).map((f) => f.id)).not.toContain(file.id);
    expect((await get(`/files/${file.id}`)).statusCode).toBe(404);
    await suite.t.app.files.sweepNow();
    expect(await blobExists(key)).toBe(false);

    const audit = await queryRows<{
      action: string;
      username: string;
      project_id: number | null;
      old_value: string | null;
    }>(
      db(),
      sql`select action, username, project_id, old_value from audit_log where table_name = 'attachments' and record_id = ${String(file.id)} order by id`,
    );
    expect(audit.map((a) => [a.action, a.username])).toEqual([
      ['insert', 'engineer'],
      ['delete', 'engineer'],
    ]);
    // A quote is not a list of the project document: its audit rows carry no project (ARCHITECTURE.md).
    expect(audit[0]!.project_id).toBeNull();
    expect(JSON.parse(audit[1]!.old_value!)).toMatchObject({
      file_name: 'Offer Rev 0.pdf',
      entity: 'quotes',
      row_id: String(quote.id),
    });
  });

  it('names a file in any language in the download, and a file with another extension by what it is', async () => {
    const german = await upload('packages', pkg.id, 'Angebot Größe (final).pdf', pdf('de'));
    expect(german.statusCode, german.body).toBe(201);
    const disposition = (await get(`/files/${german.json().id}`)).headers['content-disposition'];
    expect(disposition).toBe(
      `attachment; filename="Angebot Gr__e (final).pdf"; filename*=UTF-8''Angebot%20Gr%C3%B6%C3%9Fe%20%28final%29.pdf`,
    );
    const renamed = await upload('packages', pkg.id, 'C:\\Users\\me\\offer.exe', pdf('exe name'));
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect(renamed.json().file_name).toBe('offer.exe.pdf');
  });

  it('takes images, Excel workbooks and Word documents by their content, whatever their Content-Type', async () => {
    const image = await upload('packages', pkg.id, 'nameplate.png', PNG, suite.engineer, {
      'content-type': 'text/plain',
    });
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json().content_type).toBe('image/png');
    const book = await workbook();
    const sheet = await upload('packages', pkg.id, 'bid tab.xlsx', book);
    expect(sheet.statusCode, sheet.body).toBe(201);
    expect(sheet.json()).toMatchObject({
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size_bytes: book.length,
    });
    expect(sha256((await get(`/files/${sheet.json().id}`)).rawPayload)).toBe(sha256(book));
    // Bytes of every value, over several of the store's read chunks, come back as they went.
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300 * 1024 + 7)]);
    const jpeg = await upload('packages', pkg.id, 'site photo.jpg', photo);
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(sha256((await get(`/files/${jpeg.json().id}`)).rawPayload)).toBe(sha256(photo));
    const word = zipOf('word/document.xml', Buffer.from('<w:document/>'));
    const docx = Buffer.concat([word]);
    // A Word document needs [Content_Types].xml too: one entry only is a plain ZIP.
    expect((await upload('packages', pkg.id, 'spec.docx', docx)).statusCode).toBe(415);
  });

  it('refuses a program or a text file renamed .pdf, a plain ZIP renamed .xlsx and an empty file (415), storing nothing', async () => {
    const before = await blobCount();
    const exe = await upload(
      'quotes',
      quote.id,
      'offer.pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(5000)]),
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/program.*PDF/);
    const text = await upload(
      'quotes',
      quote.id,
      'offer.pdf',
      Buffer.from('Dear sir, please find our offer attached. Regards'),
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/^The file is text/);
    const zip = await upload('quotes', quote.id, 'prices.xlsx', zipOf('prices.csv', Buffer.from('a,b\n1,2\n')));
    expect(zip.statusCode).toBe(415);
    expect(zip.json().message).toMatch(/ZIP archive but not an Excel workbook/);
    const empty = await upload('quotes', quote.id, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(415);
    expect(await blobCount()).toBe(before);
    expect(
      (await listOf('quotes', quote.id)).filter((f) => f.file_name === 'offer.pdf' || f.file_name === 'prices.xlsx'),
    ).toEqual([]);
  });

  it('refuses a file over 50 MiB (413), declared or counted while it streams, storing nothing', async () => {
    const before = await blobCount();
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    pdf('big').copy(big);
    const declared = await upload('quotes', quote.id, 'big.pdf', big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe('A file may be at most 50 MiB.');
    expect(declared.headers.connection).toBe('close');
    // Sent without a length, in 1 MiB pieces: refused once the count passes the limit.
    const pieces = Readable.from(
      (function* () {
        for (let at = 0; at < big.length; at += 1024 * 1024) yield big.subarray(at, at + 1024 * 1024);
      })(),
    );
    const streamed = await upload('quotes', quote.id, 'big.pdf', pieces);
    expect(streamed.statusCode).toBe(413);
    expect(await blobCount()).toBe(before);
  });

  it('lets viewers list and download but not upload (403); lists without files are 404', async () => {
    expect((await upload('quotes', quote.id, 'offer.pdf', pdf('viewer'), suite.viewer)).statusCode).toBe(403);
    expect((await get(`/entities/quotes/${quote.id}/files`)).statusCode).toBe(200);
    const clients = await upload('clients', 1, 'offer.pdf', pdf('clients'));
    expect(clients.statusCode).toBe(404);
    expect(clients.json().message).toBe('Clients do not take files.');
    expect((await upload('quotes', 99_999_999, 'offer.pdf', pdf('none'))).statusCode).toBe(404);
    expect((await get('/entities/quotes/99999999/files')).statusCode).toBe(404);
    expect((await upload('quotes', quote.id, '', pdf('no name'))).statusCode).toBe(400);
  });

  it('stores the same content once, and removes it only with its last attachment', async () => {
    const bytes = pdf(`shared ${unique()}`);
    const first = (await upload('quotes', quote.id, 'a.pdf', bytes)).json() as AttachmentRow;
    const second = (await upload('packages', pkg.id, 'b.pdf', bytes)).json() as AttachmentRow;
    const key = (await storageKeyOf(first.id))!;
    expect(await storageKeyOf(second.id)).toBe(key);
    expect((await remove(first.id)).statusCode).toBe(200);
    await suite.t.app.files.sweepNow();
    expect(await blobExists(key)).toBe(true);
    expect(sha256((await get(`/files/${second.id}`)).rawPayload)).toBe(sha256(bytes));
    expect((await remove(second.id)).statusCode).toBe(200);
    await suite.t.app.files.sweepNow();
    expect(await blobExists(key)).toBe(false);
  });

  it("deletes an equipment row's files with the row, audited, and their blob after the commit", async () => {
    const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Pumping' }]);
    const [pump] = await create('mech_equipment', [
      { projarea_id: area!.id, tagno: '300-PP-001', description: 'Pump' },
    ]);
    const bytes = pdf(`datasheet ${unique()}`);
    const file = (await upload('mech_equipment', pump!.id, 'datasheet.pdf', bytes)).json() as AttachmentRow;
    expect((await listOf('mech_equipment', pump!.id)).map((f) => f.file_name)).toEqual(['datasheet.pdf']);
    const key = (await storageKeyOf(file.id))!;

    const deleted = await suite.t.call({
      method: 'DELETE',
      url: `/api/entities/mech_equipment/${pump!.id}`,
      token: suite.engineer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storageKeyOf(file.id)).toBeUndefined();
    expect((await get(`/files/${file.id}`)).statusCode).toBe(404);
    const audit = await queryRows<{ action: string; project_id: number | null }>(
      db(),
      sql`select action, project_id from audit_log where table_name = 'attachments' and record_id = ${String(file.id)} order by id`,
    );
    expect(audit).toEqual([
      { action: 'insert', project_id: project.id },
      { action: 'delete', project_id: project.id },
    ]);
    await suite.t.app.files.sweepNow();
    expect(await blobExists(key)).toBe(false);
  });

  it('keeps the files of a row whose delete is refused', async () => {
    const [supplier] = await create('suppliers', [{ name: `Refused ${unique()}` }]);
    const [other] = await create('quotes', [
      {
        quote_number: `QR-${unique()}`,
        supplier_id: supplier!.id,
        project_id: project.id,
        currency_id: quote.currency_id,
        date_received: '2025-07-02',
        rate_date: '2025-06-30',
      },
    ]);
    await create('quote_lines', [
      { quote_id: other!.id, line_no: 1, description: 'Pump', quantity: '1', unit_price: '10.00' },
    ]);
    const file = (await upload('quotes', other!.id, 'kept.pdf', pdf(`kept ${unique()}`))).json() as AttachmentRow;
    // Its lines still refer to it: the delete is a 409, and the file stays.
    const refused = await post('/entities/quotes/batch', { deletes: [{ id: other!.id, version: other!.version }] });
    expect(refused.statusCode).toBe(409);
    expect((await listOf('quotes', other!.id)).map((f) => f.id)).toEqual([file.id]);
  });
});
