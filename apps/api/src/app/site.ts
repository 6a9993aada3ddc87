import { allotmentsRoutes } from '../modules/allotments/allotments-routes.js';
import { createAllotmentsService } from '../modules/allotments/allotments-service.js';
import { airportList } from '../modules/airports/airport-service.js';
import { airportsRoutes } from '../modules/airports/airports-routes.js';
import { analyticsRoutes } from '../modules/analytics/analytics-routes.js';
import { createAnalyticsService } from '../modules/analytics/analytics-service.js';
import { createSearchCounter } from '../modules/analytics/search-counter.js';
import { dashboardRoutes } from '../modules/admin-dashboard/dashboard-routes.js';
import { createDashboardService } from '../modules/admin-dashboard/dashboard-service.js';
import { configRoutes, publicConfigOf } from '../modules/config/config-routes.js';
import { trialModeRoutes } from '../modules/config/trial-mode-routes.js';
import { countriesRoutes } from '../modules/countries/countries-routes.js';
import { healthRoutes } from '../modules/health/health-routes.js';
import { noticesRoutes } from '../modules/notices/notices-routes.js';
import { createNoticesService } from '../modules/notices/notices-service.js';
import { offersRoutes } from '../modules/offers/offers-routes.js';
import { offersFrom } from '../modules/offers/several-suppliers.js';
import { createOffersService } from '../modules/offers/offers-service.js';
import { ratesRoutes } from '../modules/rates/rates-routes.js';
import { createRatesService } from '../modules/rates/rates-service.js';
import { createUnpricedOffersCounter } from '../modules/rates/unpriced-offers-counter.js';
import { registerWebApp, type WebAppOptions } from '../plugins/web-app.js';
import { trialModeOf } from '../trial-mode.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * The site around the bookings: health, the public settings, airports and countries, the search for
 * offers (each search and each offer left out for want of a rate counted), the agency's rates and
 * dashboard, the trial notice, the notices for travellers, and the web app's pages.
 */
export function siteModule(
  { app, env, database, suppliers, rates }: AppContext,
  social: { enabledProviders(): Parameters<typeof publicConfigOf>[1] },
) {
  // Offers left out for want of a rate, counted per currency for the desk's Today screen.
  const unpricedOffers = createUnpricedOffersCounter({ database, logger: app.log });
  const offers = createOffersService({
    supplier: offersFrom(suppliers.selling, app.log),
    rates,
    logger: app.log,
    onUnpriced: (currency) => unpricedOffers.count(currency),
    searchTimeoutMs: env.SUPPLIER_TIMEOUT_SECONDS * 1000,
  });
  const config = publicConfigOf(env, social.enabledProviders());
  const module: AppModule = {
    async routes(api) {
      await api.register(healthRoutes, { database });
      await api.register(analyticsRoutes, { analytics: createAnalyticsService({ database }) });
      await api.register(configRoutes, { config });
      await api.register(airportsRoutes);
      await api.register(countriesRoutes);
      const searchCounter = createSearchCounter({ database, logger: app.log });
      // A search answered just before SIGTERM is still counted before the database closes.
      api.addHook('onClose', () => searchCounter.settled());
      api.addHook('onClose', () => unpricedOffers.settled());
      await api.register(offersRoutes, { offers, onSearch: (request) => searchCounter.countSearch(request) });
      await api.register(dashboardRoutes, { dashboard: createDashboardService({ database }) });
      await api.register(ratesRoutes, { rates: createRatesService({ database }) });
      await api.register(trialModeRoutes, { trialMode: trialModeOf(env) });
      await api.register(noticesRoutes, { notices: createNoticesService({ database }) });
      const airports = new Set(airportList.map((airport) => airport.iataCode));
      await api.register(allotmentsRoutes, {
        allotments: createAllotmentsService({ database, isAirport: (code) => airports.has(code) }),
      });
    },
  };
  /** The web app's pages, after every API route: a booking's page is served for a booking that exists. */
  const registerPages = (bookingPages: Omit<WebAppOptions, 'config'>) => registerWebApp(app, env, { config, ...bookingPages });
  return { module, registerPages };
}
