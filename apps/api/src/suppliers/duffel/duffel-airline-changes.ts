import type { AirlineChange, Supplier } from '../supplier.js';
import { isKind, type DuffelContext } from './duffel-context.js';
import { toAirlineChange } from './mapping.js';

/** Changes an airline made to a booked order (schedule changes), newest first, and accepting one. */
export function createDuffelAirlineChanges({
  duffel,
  read,
}: DuffelContext): Pick<Supplier, 'airlineChanges' | 'acceptAirlineChange'> {
  return {
    async airlineChanges(orderId: string): Promise<AirlineChange[]> {
      let answer;
      try {
        answer = await read(`GET air/airline_initiated_changes?order_id=${orderId}`, () =>
          duffel.airlineInitiatedChanges.list(orderId),
        );
      } catch (error) {
        if (isKind(error, 'not-found')) return [];
        throw error;
      }
      return answer.data.map(toAirlineChange).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },

    async acceptAirlineChange(changeId: string): Promise<AirlineChange> {
      const answer = await read(`POST air/airline_initiated_changes/${changeId}/actions/accept`, () =>
        duffel.airlineInitiatedChanges.accept(changeId),
      );
      return toAirlineChange(answer.data);
    },
  };
}
