import type { Db } from './client.js';

/**
 * A Drizzle handle that may be a transaction: the repositories of several modules write in one
 * transaction when one event changes several tables (a payment and its booking).
 */
export type Tx = Db;
