import { describe, expect, it } from 'vitest';
import { sessionDeadline } from './session-deadline';

const at = (iso: string) => Date.parse(iso);
const offer = (expiresAt: string) => ({ expiresAt });

describe('sessionDeadline', () => {
  it('is the earliest expiry across pages, offers and suggestions', () => {
    const pages = [
      {
        offers: [offer('2026-12-01T10:30:00Z'), offer('2026-12-01T10:31:00Z')],
        suggestions: [offer('2026-12-01T10:29:00Z')],
        receivedAt: at('2026-12-01T10:00:00Z'),
      },
      { offers: [offer('2026-12-01T10:40:00Z')], suggestions: [], receivedAt: at('2026-12-01T10:10:00Z') },
    ];
    expect(sessionDeadline(pages, 30)).toBe(at('2026-12-01T10:29:00Z'));
  });

  it('is null when nothing is on screen', () => {
    expect(sessionDeadline([])).toBeNull();
    expect(sessionDeadline([{ offers: [], suggestions: [], receivedAt: 0 }])).toBeNull();
  });

  it('gives offers their lifetime from arrival when the browser clock runs ahead', () => {
    const pages = [{ offers: [offer('2026-12-01T10:30:00Z')], suggestions: [], receivedAt: at('2026-12-01T11:10:00Z') }];
    expect(sessionDeadline(pages, 30)).toBe(at('2026-12-01T11:40:00Z'));
    expect(sessionDeadline(pages)).toBe(at('2026-12-01T10:30:00Z'));
  });
});
