import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../files/file-types';

/** A PDF or workbook answered as a download (deliverables: issued files, working copies, prints). */

const MEDIA = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export const binary = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

export function sendFile(
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string },
  kind: 'pdf' | 'xlsx',
  immutable: boolean,
) {
  return reply
    .header('content-type', MEDIA[kind])
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', immutable ? 'private, max-age=31536000, immutable' : 'private, no-store')
    .send(file.bytes);
}
