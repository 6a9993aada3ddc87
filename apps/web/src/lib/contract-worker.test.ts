import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractCheck, ContractVerdict } from './contract.worker';

/** A worker that answers as the test says: its checks are kept for the test to answer or fail. */
class TestWorker {
  static started: TestWorker[] = [];
  onmessage: ((event: MessageEvent<ContractVerdict>) => void) | null = null;
  onerror: (() => void) | null = null;
  checks: ContractCheck[] = [];
  terminated = false;
  constructor() {
    TestWorker.started.push(this);
  }
  postMessage(check: ContractCheck) {
    this.checks.push(check);
  }
  answer(verdict: ContractVerdict) {
    this.onmessage?.({ data: verdict } as MessageEvent<ContractVerdict>);
  }
  terminate() {
    this.terminated = true;
  }
}

/** A fresh module (it keeps one worker for the page's life) and a main-thread parser that counts its uses. */
async function contract() {
  vi.resetModules();
  const { workerContract } = await import('./contract-worker');
  const here = vi.fn(async () => ({ parseAsync: async (value: unknown) => ({ parsedHere: value }) }));
  return { checked: workerContract<unknown>('notices', here), here };
}
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('a contract checked in a worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    TestWorker.started = [];
  });

  it('answers what the worker parsed, and builds nothing on the main thread', async () => {
    vi.stubGlobal('Worker', TestWorker);
    const { checked, here } = await contract();
    const answer = checked.parseAsync({ notices: [] });
    const [worker] = TestWorker.started;
    expect(worker!.checks).toEqual([{ id: 0, contract: 'notices', value: { notices: [] } }]);
    worker!.answer({ id: 0, value: { notices: ['parsed'] } });
    await expect(answer).resolves.toEqual({ notices: ['parsed'] });
    // One worker for every check of the page.
    void checked.parseAsync({ notices: [] });
    expect(TestWorker.started).toHaveLength(1);
    expect(here).not.toHaveBeenCalled();
  });

  it('refuses, as zod does, what the worker found against the contract', async () => {
    vi.stubGlobal('Worker', TestWorker);
    const { checked } = await contract();
    const answer = checked.parseAsync({ notices: 'none' });
    TestWorker.started[0]!.answer({ id: 0, issues: [{ path: ['notices'], message: 'Expected array' }] });
    await expect(answer).rejects.toMatchObject({ name: 'ZodError', issues: [{ path: ['notices'] }] });
  });

  it('parses on the main thread what a worker whose script failed was asked, and what follows', async () => {
    vi.stubGlobal('Worker', TestWorker);
    const { checked, here } = await contract();
    const asked = checked.parseAsync({ notices: [1] });
    const worker = TestWorker.started[0]!;
    worker.onerror?.();
    await expect(asked).resolves.toEqual({ parsedHere: { notices: [1] } });
    expect(worker.terminated).toBe(true);
    await expect(checked.parseAsync({ notices: [2] })).resolves.toEqual({ parsedHere: { notices: [2] } });
    expect(TestWorker.started).toHaveLength(1);
    expect(here).toHaveBeenCalledTimes(2);
  });

  it('a worker started ahead of its first check is the one that checks', async () => {
    vi.stubGlobal('Worker', TestWorker);
    vi.resetModules();
    const { warmContractWorker, workerContract } = await import('./contract-worker');
    warmContractWorker();
    expect(TestWorker.started).toHaveLength(1);
    void workerContract('notices', async () => ({ parseAsync: async () => null })).parseAsync({ notices: [] });
    expect(TestWorker.started).toHaveLength(1);
    expect(TestWorker.started[0]!.checks).toHaveLength(1);
  });

  it('parses on the main thread where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { checked } = await contract();
    await settle();
    await expect(checked.parseAsync({ notices: [] })).resolves.toEqual({ parsedHere: { notices: [] } });
  });
});
