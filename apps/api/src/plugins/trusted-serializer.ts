/**
 * For hot routes whose answers the service builds from typed code (offers): plain JSON.stringify
 * instead of re-validating the whole response with zod on every request, which cost about a third
 * of the search's CPU time under load. The response schema still documents the route in OpenAPI,
 * and the API tests parse every answer with the contract.
 */
export const trustedJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * The JSON of an answer the service hands out again (offers: a search's page kept while the supplier
 * keeps its offers) as bytes, made once per answer object and sent as they are: no serialising or
 * encoding again of 20-35 KB per search. The answer must not change once sent.
 */
export function keptJson() {
  const kept = new WeakMap<object, Buffer>();
  return (data: object) => {
    let json = kept.get(data);
    if (json === undefined) kept.set(data, (json = Buffer.from(JSON.stringify(data))));
    return json;
  };
}
