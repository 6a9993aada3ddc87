import type { ContractCheck, ContractVerdict, WorkerContract } from './contract.worker';

/** What parses an answer: a zod schema, or a contract checked in the worker below (parseAsync only). */
export interface AnswerContract<T> {
  parseAsync(value: unknown): Promise<T>;
  parse?(value: unknown): T;
}

/** `value` parsed with `contract`: at once by a schema (its parse), as the worker answers by a worker contract. */
export const parseAnswer = <T>(contract: AnswerContract<T>, value: unknown): T | Promise<T> =>
  contract.parse ? contract.parse(value) : contract.parseAsync(value);

/** An answer its contract refused in the worker: named as zod names its own, which callers test for. */
class ContractRefusal extends Error {
  override name = 'ZodError';
  constructor(readonly issues: unknown[]) {
    super(`The answer does not match its contract: ${JSON.stringify(issues).slice(0, 300)}`);
  }
}

/** The worker: not started yet (undefined), or none here (null: no workers, or its script failed to load). */
let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; here: () => void }>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./contract.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = ({ data }: MessageEvent<ContractVerdict>) => {
    const check = waiting.get(data.id);
    waiting.delete(data.id);
    if ('issues' in data) check?.reject(new ContractRefusal(data.issues));
    else check?.resolve(data.value);
  };
  // Its script could not load (the connection dropped) or failed: what it was asked, and all that follows, is
  // parsed on the main thread instead.
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
    const left = [...waiting.values()];
    waiting.clear();
    for (const check of left) check.here();
  };
  return worker;
}

/** Starts the worker ahead of its first check (its script downloads while an answer is still on its way). */
export function warmContractWorker() {
  startWorker();
}

/**
 * The contract `contract` checked in a worker (lib/contract.worker.ts), so zod and the schemas are never
 * built on the page's main thread; resolves with the parsed answer, rejects with ContractRefusal. Where
 * there is no worker (or its script fails), `here` loads a parser for the main thread instead.
 */
export function workerContract<T>(contract: WorkerContract, here: () => Promise<AnswerContract<T>>): AnswerContract<T> {
  const onMainThread = (value: unknown) => here().then((parser) => parseAnswer(parser, value));
  return {
    parseAsync(value) {
      const thread = startWorker();
      if (!thread) return onMainThread(value);
      return new Promise<T>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, {
          resolve: resolve as (value: unknown) => void,
          reject,
          here: () => onMainThread(value).then(resolve, reject),
        });
        thread.postMessage({ id, contract, value } satisfies ContractCheck);
      });
    },
  };
}
