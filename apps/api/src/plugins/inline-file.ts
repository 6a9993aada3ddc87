import type { FastifyReply } from 'fastify';

/** A file a traveller uploaded, as the desk shows it. */
export interface InlineFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** Answers with the file shown inline: never sniffed into something else, never cached. */
export const sendInlineFile = (reply: FastifyReply, file: InlineFile) =>
  reply
    .headers({
      'cache-control': 'no-store',
      'content-type': file.contentType,
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'x-content-type-options': 'nosniff',
    })
    .send(file.bytes);
