import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import arCommon from './locales/ar/common.json';
import enCommon from './locales/en/common.json';

const repo = path.resolve(import.meta.dirname, '../../../..');

/**
 * The brand is written «كوندا» / "Kwenda" (common:brand on the site, layout.brand in the e-mails).
 * These catch the spellings it drifted to («كويندا» in the desk and the staff e-mails) or could:
 * a long vowel or a hamza seat between the letters, a tā' marbūṭa or hā' at the end, a doubled w.
 */
const ARABIC_VARIANTS = /ك[ُ]?[وؤ][ُِ]?[اويى]*[ّ]?ن[ّ]?[دذ][َ]?[اةهى]/gu;
const LATIN_VARIANTS = /\bK(?:u|uw|ww|ou|we|wi|wa|we?e)nd(?:a|ah|ha)\b/giu;

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|mts|mjs|js|json|md|html|css|txt|ya?ml|env|example|sql|sh)$/.test(file))
    .filter((file) => !file.startsWith('node_modules/') && !file.includes('/dist'));
}

describe('the brand', () => {
  it('is spelt one way in every language the site and the e-mails write it', () => {
    const mailAr = readFileSync(path.join(repo, 'apps/api/src/modules/mail/locales/ar.ts'), 'utf8');
    const mailEn = readFileSync(path.join(repo, 'apps/api/src/modules/mail/locales/en.ts'), 'utf8');
    expect(arCommon.brand).toBe('كوندا');
    expect(enCommon.brand).toBe('Kwenda');
    expect(mailAr).toContain(`brand: '${arCommon.brand}'`);
    expect(mailEn).toContain(`brand: '${enCommon.brand}'`);
  });

  it('has no other spelling anywhere in the repository (site, desk, e-mails, PDF, deploy, docs)', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      // This file names the wrong spellings on purpose; the airports' names hold real places (Henri Coandă, «كواندا»).
      if (file.endsWith('brand-spelling.test.ts') || file.startsWith('apps/api/src/data/')) continue;
      let text: string;
      try {
        text = readFileSync(path.join(repo, file), 'utf8');
      } catch {
        continue;
      }
      for (const [word] of text.matchAll(ARABIC_VARIANTS)) if (word !== arCommon.brand) found.push(`${file}: ${word}`);
      for (const [word] of text.matchAll(LATIN_VARIANTS))
        if (word.toLowerCase() !== enCommon.brand.toLowerCase()) found.push(`${file}: ${word}`);
    }
    expect(found).toEqual([]);
  });

  it('catches the spelling the desk used', () => {
    expect('مكتب كويندا'.match(ARABIC_VARIANTS)).toEqual(['كويندا']);
    expect('فريق كوندا'.match(ARABIC_VARIANTS)).toEqual(['كوندا']);
    expect('كندا والسودان'.match(ARABIC_VARIANTS)).toBeNull();
  });
});
