import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Kilograms are written one way in Arabic, كغ (as Sudanese and Arab airlines print them), on every
 * screen, e-mail and e-ticket: the offers once said كجم where the booking said كغ.
 */
const repo = path.resolve(import.meta.dirname, '../../../..');
const places = ['apps/web/src/i18n/locales', 'apps/api/src/modules/mail', 'apps/api/src/modules/tickets', 'apps/web/public'];
const files = places.flatMap((dir) =>
  fs
    .readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(json|tsx?|md)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file)),
);

describe('the Arabic weight unit', () => {
  it('is كغ everywhere', () => {
    const other = files.filter((file) => /كجم|كلغ|كيلوجرام|كيلوغرام/.test(fs.readFileSync(path.join(repo, file), 'utf8')));
    expect(other).toEqual([]);
    expect(files.filter((file) => fs.readFileSync(path.join(repo, file), 'utf8').includes('كغ')).length).toBeGreaterThan(1);
  });
});
