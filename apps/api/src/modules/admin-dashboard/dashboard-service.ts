import { addDays, todayIn } from '@kwenda/contracts';
import {
  HOLD_EXPIRING_SOON_MINUTES,
  TOP_SEARCHED_ROUTES,
  type CurrencyAmount,
  type DashboardDay,
  type DashboardPeriod,
  type DashboardResponse,
} from '@kwenda/contracts/admin';
import type { Database } from '../../db/client.js';
import { countDead } from '../../jobs/claim-due.js';
import { dueQueues } from '../../jobs/due-queues.js';
import * as repo from './dashboard-repository.js';

export interface DashboardService {
  /** The "Today" screen: what needs action now, today's figures and the last `days` days. */
  getDashboard(days: DashboardPeriod): Promise<DashboardResponse>;
}

export function createDashboardService({
  database,
  clock = () => new Date(),
}: {
  database: Database;
  clock?: () => Date;
}): DashboardService {
  const { db } = database;
  return {
    async getDashboard(period) {
      const now = clock();
      const days = Number(period) as 7 | 30;
      const to = todayIn(undefined, now);
      const from = addDays(to, -(days - 1));
      const [actions, ticketed, created, paid, paidAmounts, funnel, routes, unpriced, dead] = await Promise.all([
        repo.countActions(db, {
          now,
          holdWithinMinutes: HOLD_EXPIRING_SOON_MINUTES,
        }),
        repo.countTicketed(db, to),
        repo.bookingsPerDay(db, from, to),
        repo.paidPerDay(db, from, to),
        repo.paidTotals(db, from, to),
        repo.funnel(db, from, to),
        repo.searchedRoutes(db, from, to, TOP_SEARCHED_ROUTES),
        repo.unpricedCurrencies(db),
        countDead(db, dueQueues),
      ]);

      const bookingsOn = new Map(created.map((row) => [row.day, row.bookings]));
      const daily: DashboardDay[] = Array.from({ length: days }, (_, i) => {
        const day = addDays(from, i);
        const paidThatDay = paid.filter((row) => row.day === day);
        return {
          day,
          bookings: bookingsOn.get(day) ?? 0,
          paid: paidThatDay.reduce((sum, row) => sum + row.paid, 0),
          paidAmounts: paidThatDay.map(({ currency, amount }): CurrencyAmount => ({ currency, amount })),
        };
      });
      const { searches, ...funnelSteps } = funnel;
      return {
        generatedAt: now.toISOString(),
        deadLetters: { total: Object.values(dead).reduce((sum, n) => sum + n, 0), ...dead },
        unpricedCurrencies: unpriced.map((row) => ({
          currency: row.currency,
          offers: row.offers,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
        today: { ...daily[daily.length - 1]!, ticketed },
        actions: {
          transfersToVerify: actions.transfersToVerify,
          holdsExpiringSoon: actions.holdsExpiringSoon,
          paidNotTicketed: actions.paidNotTicketed,
          refundRequests: {
            total: actions.refundRequiredPayments + actions.canceledPaid,
            refundRequiredPayments: actions.refundRequiredPayments,
            canceledPaid: actions.canceledPaid,
          },
          supplierChanges: {
            total: actions.offerUnavailable + actions.priceChanged + actions.rescheduled,
            offerUnavailable: actions.offerUnavailable,
            priceChanged: actions.priceChanged,
            rescheduled: actions.rescheduled,
          },
        },
        period: {
          days,
          from,
          to,
          daily,
          bookings: daily.reduce((sum, day) => sum + day.bookings, 0),
          paid: daily.reduce((sum, day) => sum + day.paid, 0),
          paidAmounts,
          funnel: funnelSteps,
          searches,
          routes,
        },
      };
    },
  };
}
