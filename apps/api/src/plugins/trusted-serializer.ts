/**
 * For hot routes whose answers the service builds from typed code (offers): plain JSON.stringify
 * instead of re-validating the whole response with zod on every request, which cost about a third
 * of the search's CPU time under load. The response schema still documents the route in OpenAPI,
 * and the API tests parse every answer with the contract.
 */
export const trustedJsonSerializer = () => (data: unknown) => JSON.stringify(data);
