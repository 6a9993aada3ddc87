import { describe, expect, it } from 'vitest';
import { newNoticeForm, noticeFormProblems, noticeInput, noticePlace, type NoticeForm } from './notice-form';

const today = '2026-12-01';
const route: NoticeForm = {
  ...newNoticeForm(today),
  origin: 'pzu',
  destination: 'CAI',
  textAr: 'مطار القاهرة مغلق ليلًا',
  textEn: 'Cairo airport is closed at night',
};

describe('the notice dialog', () => {
  it('starts as a route notice from today for a month', () => {
    expect(newNoticeForm(today)).toMatchObject({ scope: 'route', startsOn: '2026-12-01', endsOn: '2026-12-31' });
  });

  it("sends only the fields of the notice's scope", () => {
    const typed = { ...route, airport: 'JUB', airline: '3T' };
    expect(noticeInput(typed)).toEqual({
      scope: 'route',
      origin: 'pzu',
      destination: 'CAI',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      textAr: route.textAr,
      textEn: route.textEn,
    });
    expect(noticeInput({ ...typed, scope: 'airline' })).toMatchObject({ scope: 'airline', airline: '3T' });
    expect(noticeInput({ ...typed, scope: 'airline' })).not.toHaveProperty('origin');
    expect(noticeFormProblems(typed)).toEqual(new Set());
  });

  it('names the fields the server would refuse', () => {
    expect(noticeFormProblems({ ...route, destination: 'PZU' })).toEqual(new Set(['destination']));
    expect(noticeFormProblems({ ...route, scope: 'airport', airport: 'Cairo' })).toEqual(new Set(['airport']));
    expect(noticeFormProblems({ ...route, scope: 'airline', airline: '' })).toEqual(new Set(['airline']));
    expect(noticeFormProblems({ ...route, endsOn: '2026-11-30', textEn: ' ' })).toEqual(new Set(['endsOn', 'textEn']));
    expect(noticeFormProblems({ ...route, startsOn: '' })).toContain('startsOn');
  });

  it('says where a notice applies', () => {
    expect(noticePlace({ scope: 'route', origin: 'PZU', destination: 'CAI', airport: null, airline: null })).toBe('PZU ⇄ CAI');
    expect(noticePlace({ scope: 'airline', origin: null, destination: null, airport: null, airline: '3T' })).toBe('3T');
  });
});
