import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { ReceiptLine, TextBox } from './receipt-reading.js';

/**
 * One tesseract.js worker for the whole process, with the Arabic and English models of the
 * @tesseract.js-data packages (nothing is downloaded, at install or at run time). It starts at the
 * first receipt, reads one image at a time, and ends after `idleMs` without work: a live worker holds
 * about 250 MB (docs/performance.md), which the server must not carry while no receipt is being read.
 *
 * Both models in one pass ('ara+eng'): on each word tesseract keeps the likelier model's reading, so
 * Arabic labels and names come from `ara` and the Latin digits inside right-to-left lines (which `ara`
 * alone garbles) from `eng`, in one recognition instead of two.
 */
export interface OcrEngine {
  recognize(image: Buffer): Promise<{ lines: ReceiptLine[]; text: string }>;
  /**
   * One line of digits, date and time separators and AM or PM only: for a
   * crop of a line whose figures the full recognition lost. Read by a second worker with the English
   * model alone (started at the first such line, ended with the first): with 'ara+eng' the Arabic
   * model takes «18:03:04» for a word of its own and gives «4», whatever the whitelist.
   */
  recognizeDigitLine?(image: Buffer): Promise<string>;
  /** Ends the workers now (the next recognition starts a new one). */
  close(): Promise<void>;
  readonly running: boolean;
}

const require = createRequire(import.meta.url);
const LANGUAGES = ['ara', 'eng'];

/**
 * tesseract.js takes one folder for every language: the packages' gzipped models are linked (or copied)
 * into one, once per process.
 */
function languageFolder(): string {
  const folder = path.join(os.tmpdir(), 'kwenda-tessdata-1.0.0');
  fs.mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const target = path.join(folder, `${language}.traineddata.gz`);
    if (fs.existsSync(target)) continue;
    const source = path.join(
      path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)),
      '4.0.0',
      `${language}.traineddata.gz`,
    );
    const partial = `${target}.${process.pid}`;
    fs.copyFileSync(source, partial);
    fs.renameSync(partial, target);
  }
  return folder;
}

interface TesseractBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TesseractBlock {
  paragraphs: { lines: { text: string; bbox: TesseractBox; words: { text: string; bbox: TesseractBox }[] }[] }[];
}

/** The characters a date and time line is read with on its second reading (one line: page mode 7). */
const DIGIT_LINE_PARAMETERS = { tessedit_char_whitelist: '0123456789/:-. APM', tessedit_pageseg_mode: '7' };

const box = (b: TesseractBox): TextBox => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 });

export function createOcrEngine(options: { idleMs?: number } = {}): OcrEngine {
  const idleMs = options.idleMs ?? 30_000;
  let worker: Promise<Worker> | null = null;
  let digitWorker: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  // One recognition at a time: tesseract's worker queues anyway, but the idle timer must see the queue.
  let queue: Promise<unknown> = Promise.resolve();

  const newWorker = (languages: string[]) =>
    createWorker(languages, 1, {
      langPath: languageFolder(),
      gzip: true,
      // Keep the models in memory only: by default tesseract.js writes them to the working directory.
      cacheMethod: 'none',
    });
  const start = () =>
    (worker ??= newWorker(LANGUAGES).catch((error: unknown) => {
      worker = null;
      throw error;
    }));
  const startDigits = () =>
    (digitWorker ??= newWorker(['eng'])
      .then(async (started) => {
        await started.setParameters(DIGIT_LINE_PARAMETERS as never);
        return started;
      })
      .catch((error: unknown) => {
        digitWorker = null;
        throw error;
      }));

  const close = async () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const running = [worker, digitWorker];
    worker = null;
    digitWorker = null;
    for (const each of running) if (each) await (await each).terminate();
  };

  // Runs one piece of work on a worker, after the ones queued before it; the idle timer restarts after.
  const run = <T>(which: () => Promise<Worker>, work: (worker: Worker) => Promise<T>): Promise<T> => {
    const job = queue.then(async () => {
      if (idleTimer) clearTimeout(idleTimer);
      try {
        return await work(await which());
      } finally {
        idleTimer = setTimeout(() => void close(), idleMs);
        idleTimer.unref();
      }
    });
    queue = job.catch(() => undefined);
    return job;
  };

  return {
    get running() {
      return worker !== null || digitWorker !== null;
    },
    close,
    recognizeDigitLine(image) {
      return run(startDigits, async (tesseract) => (await tesseract.recognize(image, {}, { text: true })).data.text.trim());
    },
    recognize(image) {
      return run(start, async (tesseract) => {
        const result = await tesseract.recognize(image, {}, { text: true, blocks: true });
        const blocks = (result.data.blocks ?? []) as unknown as TesseractBlock[];
        const lines: ReceiptLine[] = blocks.flatMap((block) =>
          block.paragraphs.flatMap((paragraph) =>
            paragraph.lines.map((line) => ({
              text: line.text.trim(),
              box: box(line.bbox),
              words: line.words.map((word) => ({ text: word.text, box: box(word.bbox) })),
            })),
          ),
        );
        return { lines: lines.filter((line) => line.text !== ''), text: result.data.text };
      });
    },
  };
}
