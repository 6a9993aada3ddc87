import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import { AppError } from '../errors.js';
import { AGENCY_SEATS_SUPPLIER, createAgencySeatsSupplier } from './agency-seats/agency-seats-supplier.js';
import { createSandboxSupplier } from './sandbox/sandbox-supplier.js';
import type { Supplier, SupplierRegistry } from './supplier.js';

type SupplierEnv = Pick<
  Env,
  | 'SUPPLIER'
  | 'OFFER_TTL_MINUTES'
  | 'DUFFEL_ACCESS_TOKEN'
  | 'DUFFEL_API_URL'
  | 'SUPPLIER_TIMEOUT_SECONDS'
  | 'AGENCY_SEATS_SELLING'
>;

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Suppliers of these names, current the one named; `get` of another name is a configuration mistake.
 * Searches go to the current one and to the agency's own seats when they are among them.
 */
export function supplierRegistryOf(
  suppliers: readonly Supplier[],
  currentName: string,
  options: { agencySeatsSelling?: boolean } = {},
): SupplierRegistry {
  const byName = new Map(suppliers.map((s) => [s.name, s]));
  const get = (name: string) => {
    const supplier = byName.get(name);
    if (!supplier)
      throw new AppError(
        503,
        'SUPPLIER_NOT_CONFIGURED',
        `This booking is held by the supplier "${name}", which this server is not configured for`,
      );
    return supplier;
  };
  const current = get(currentName);
  const agencySeats = byName.get(AGENCY_SEATS_SUPPLIER);
  const selling =
    agencySeats && agencySeats !== current && options.agencySeatsSelling !== false ? [current, agencySeats] : [current];
  const forOffer = (reference: string) => selling.find((s) => s.ownsOfferReference?.(reference)) ?? current;
  return { current, selling, forOffer, get, all: [...byName.values()] };
}

/**
 * Every supplier this server can reach: the sandbox always (the offline default, and the bookings
 * made on it), the agency's own seats always, Duffel whenever its token is set, so bookings held there keep working after SUPPLIER
 * is switched back. `override` replaces the supplier of its name (tests). Duffel's adapter and its client
 * load only then (a file of their own in the bundle): a server without its token never loads them.
 */
export async function createSupplierRegistry(
  env: SupplierEnv,
  database: Database,
  logger: Logger,
  override?: Supplier,
): Promise<SupplierRegistry> {
  const suppliers: Supplier[] = [
    createSandboxSupplier({ offerTtlMinutes: env.OFFER_TTL_MINUTES, database }),
    createAgencySeatsSupplier({ offerTtlMinutes: env.OFFER_TTL_MINUTES, database }),
  ];
  if (env.DUFFEL_ACCESS_TOKEN) {
    const { createDuffelSupplier } = await import('./duffel/duffel-supplier.js');
    suppliers.push(
      createDuffelSupplier({
        accessToken: env.DUFFEL_ACCESS_TOKEN,
        apiUrl: env.DUFFEL_API_URL,
        searchTimeoutSeconds: env.SUPPLIER_TIMEOUT_SECONDS,
        offerTtlMinutes: env.OFFER_TTL_MINUTES,
        database,
        logger,
      }),
    );
  }
  const chosen = override ? [...suppliers.filter((s) => s.name !== override.name), override] : suppliers;
  return supplierRegistryOf(chosen, override?.name ?? env.SUPPLIER, { agencySeatsSelling: env.AGENCY_SEATS_SELLING });
}
