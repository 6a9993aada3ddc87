import type { WarmIntlRequest } from '../warm-intl.worker';

/** A stand-in Worker for the price-format tests: keeps what it is sent and answers when the test says. */
export class HeldWorker {
  static last: HeldWorker | undefined;
  sent: WarmIntlRequest[] | undefined;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor() {
    HeldWorker.last = this;
  }
  postMessage(request: WarmIntlRequest[]) {
    this.sent = request;
  }
  terminate() {
    this.terminated = true;
  }
}
