import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import { createSandboxSupplier } from './sandbox/sandbox-supplier.js';
import type { Supplier } from './supplier.js';

/** The supplier chosen by configuration; the sandbox is the offline default and keeps its orders in `database`. */
export function createSupplier(env: Pick<Env, 'SUPPLIER' | 'OFFER_TTL_MINUTES'>, database: Database): Supplier {
  switch (env.SUPPLIER) {
    case 'sandbox':
      return createSandboxSupplier({ offerTtlMinutes: env.OFFER_TTL_MINUTES, database });
  }
}
