import { cleanPagePath, todayIn, type PageView, type PageViewCount } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import * as repo from './analytics-repository.js';

export interface AnalyticsService {
  recordPageView(view: PageView): Promise<void>;
  /** Views per day and path, days as yyyy-MM-dd (Sudan) with both ends included; for the back-office. */
  countPageViews(from: string, to: string): Promise<PageViewCount[]>;
}

export function createAnalyticsService({
  database,
  clock = () => new Date(),
}: {
  database: Database;
  clock?: () => Date;
}): AnalyticsService {
  const { db } = database;
  return {
    async recordPageView(view) {
      const now = clock();
      await repo.insertPageView(db, {
        day: todayIn(undefined, now),
        // Cleaned again here: a hand-made request must not store a booking id or a token either.
        path: cleanPagePath(view.path),
        language: view.language,
        referralCode: view.referralCode,
        referrerOrigin: view.referrer,
        createdAt: now,
      });
    },
    countPageViews: (from, to) => repo.countPageViews(db, from, to),
  };
}
