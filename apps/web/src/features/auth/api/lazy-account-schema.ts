import type * as Schemas from './account-schemas';

type SchemaName = keyof typeof Schemas;

/** One of account-schemas.ts's schemas, as api-client's lazy form: the module is imported with the request. */
export const lazySchema =
  <K extends SchemaName>(name: K) =>
  (): Promise<(typeof Schemas)[K]> =>
    import('./account-schemas').then((schemas) => schemas[name]);
