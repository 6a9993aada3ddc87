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
   * One line of digits, date and time separators, AM or PM and month names only: for a
   * crop of a line whose figures the full recognition lost. Read with the English model alone (with
   * 'ara+eng' the Arabic model takes «18:03:04» for a word of its own and gives «4», whatever the
   * whitelist): the worker is initialised again with 'eng' and then with 'ara+eng' (0.3 s in all), since
   * a second worker would hold 110 MB more.
   */
  recognizeDigitLine?(image: Buffer): Promise<string>;
  /** Ends the worker now (the next recognition starts a new one). */
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

/**
 * The characters a date and time line is read with on its second reading (one line: page mode 7):
 * digits, separators, AM and PM, and the letters of the English months' short names, so that «Oct»
 * is not read as the figures «01».
 */
const DIGIT_LINE_PARAMETERS = {
  tessedit_char_whitelist: '0123456789/:-. ADFJMNOPSabceglnoprtuvy',
  tessedit_pageseg_mode: '7',
};

const box = (b: TesseractBox): TextBox => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 });

export function createOcrEngine(options: { idleMs?: number } = {}): OcrEngine {
  const idleMs = options.idleMs ?? 30_000;
  let worker: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  // One recognition at a time: tesseract's worker queues anyway, but the idle timer must see the queue.
  let queue: Promise<unknown> = Promise.resolve();

  const start = () =>
    (worker ??= createWorker(LANGUAGES, 1, {
      langPath: languageFolder(),
      gzip: true,
      // Keep the models in memory only: by default tesseract.js writes them to the working directory.
      cacheMethod: 'none',
    }).catch((error: unknown) => {
      worker = null;
      throw error;
    }));

  const close = async () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const running = worker;
    worker = null;
    if (running) await (await running).terminate();
  };

  // Runs one piece of work on the worker, after the ones queued before it; the idle timer restarts after.
  const run = <T>(work: (worker: Worker) => Promise<T>): Promise<T> => {
    const job = queue.then(async () => {
      if (idleTimer) clearTimeout(idleTimer);
      try {
        return await work(await start());
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
      return worker !== null;
    },
    close,
    recognizeDigitLine(image) {
      return run(async (tesseract) => {
        let restored = false;
        try {
          // A new initialisation starts from tesseract's defaults: no whitelist, a block of text.
          await tesseract.reinitialize('eng');
          await tesseract.setParameters(DIGIT_LINE_PARAMETERS as never);
          const text = (await tesseract.recognize(image, {}, { text: true })).data.text.trim();
          await tesseract.reinitialize(LANGUAGES.join('+'));
          restored = true;
          return text;
        } finally {
          // A worker left with the English model or the whitelist is ended; the next receipt starts a new one.
          if (!restored) await close();
        }
      });
    },
    recognize(image) {
      return run(async (tesseract) => {
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
