import { routeNoticeInputSchema, type RouteNotice, type RouteNoticeInput, type RouteNoticeScope } from '@kwenda/contracts/admin';
import { addDays } from '@kwenda/contracts/rules';

/** The notice dialog's fields as typed: each scope keeps what was typed in the others' fields until sent. */
export interface NoticeForm {
  scope: RouteNoticeScope;
  origin: string;
  destination: string;
  airport: string;
  airline: string;
  startsOn: string;
  endsOn: string;
  textAr: string;
  textEn: string;
}
export type NoticeField = Exclude<keyof NoticeForm, 'scope'>;

/** A new notice: for a route, from today for a month. */
export const newNoticeForm = (today: string): NoticeForm => ({
  scope: 'route',
  origin: '',
  destination: '',
  airport: '',
  airline: '',
  startsOn: today,
  endsOn: addDays(today, 30),
  textAr: '',
  textEn: '',
});

export const noticeFormOf = (notice: RouteNotice): NoticeForm => ({
  scope: notice.scope,
  origin: notice.origin ?? '',
  destination: notice.destination ?? '',
  airport: notice.airport ?? '',
  airline: notice.airline ?? '',
  startsOn: notice.startsOn,
  endsOn: notice.endsOn,
  textAr: notice.textAr,
  textEn: notice.textEn,
});

/** What is sent: the fields of the notice's scope only (the server refuses any other). */
export function noticeInput(form: NoticeForm): RouteNoticeInput {
  const where =
    form.scope === 'route'
      ? { origin: form.origin, destination: form.destination }
      : form.scope === 'airport'
        ? { airport: form.airport }
        : { airline: form.airline };
  return { scope: form.scope, ...where, startsOn: form.startsOn, endsOn: form.endsOn, textAr: form.textAr, textEn: form.textEn };
}

/** The fields the server would refuse, checked with the same contract before sending. */
export function noticeFormProblems(form: NoticeForm): Set<NoticeField> {
  const parsed = routeNoticeInputSchema.safeParse(noticeInput(form));
  return new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0] as NoticeField));
}

/** Where a notice applies, as staff write it: "PZU ⇄ CAI", "PZU", "3T". */
export const noticePlace = (notice: Pick<RouteNotice, 'scope' | 'origin' | 'destination' | 'airport' | 'airline'>) =>
  notice.scope === 'route'
    ? `${notice.origin} ⇄ ${notice.destination}`
    : ((notice.scope === 'airport' ? notice.airport : notice.airline) ?? '');

/** Whether a notice in force has started (travellers see it now) or is still to come. */
export const noticeStarted = (notice: Pick<RouteNotice, 'startsOn'>, today: string) => notice.startsOn <= today;
