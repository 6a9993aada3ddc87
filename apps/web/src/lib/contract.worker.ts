/**
 * Parses the answers the offers page reads with their contracts, off the page's main thread
 * (lib/contract-worker.ts): building zod and these schemas was one task of 10-18 ms of this machine's main
 * thread (40-70 ms at a slow phone's 4x CPU) while the page was still arriving, and each page of offers
 * parsed there more. Answers the parsed value, or the contract's issues.
 */
import { noticesResponseSchema } from '@kwenda/contracts/reference';
import { fareCalendarResultSchema, offerSearchResultSchema, offerStreamEventSchema } from '@kwenda/contracts/offers';

const contracts = {
  notices: noticesResponseSchema,
  fareCalendar: fareCalendarResultSchema,
  offerSearchResult: offerSearchResultSchema,
  offerStreamEvent: offerStreamEventSchema,
};

export type WorkerContract = keyof typeof contracts;
export interface ContractCheck {
  id: number;
  contract: WorkerContract;
  value: unknown;
}
export type ContractVerdict = { id: number; value: unknown } | { id: number; issues: unknown[] };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ContractCheck>) => void) | null;
  postMessage(message: ContractVerdict): void;
};

scope.onmessage = ({ data: { id, contract, value } }) => {
  const parsed = contracts[contract].safeParse(value);
  scope.postMessage(parsed.success ? { id, value: parsed.data } : { id, issues: parsed.error.issues });
};
