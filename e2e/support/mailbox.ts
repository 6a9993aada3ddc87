import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_SINK } from '../../playwright.config';

export interface ReceivedMail {
  index: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { index: number; filename: string; contentType: string; size: number }[];
}

const sink = `http://127.0.0.1:${MAIL_SINK.httpPort}`;

/** Messages the app delivered over SMTP to `to` (e2e/support/mail-sink.mjs). */
export async function mailTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for a message to `to` whose subject matches, as a person waits for their inbox. */
export async function waitForMail(to: string, subject: RegExp, timeout = 30_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

export async function attachment(mail: ReceivedMail, index: number): Promise<Buffer> {
  const response = await fetch(`${sink}/messages/${mail.index}/attachments/${index}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The text of a PDF as poppler's pdftotext reads it (layout kept). */
export function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-pdf-')), 'ticket.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
