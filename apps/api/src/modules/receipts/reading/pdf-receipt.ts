import type { ReceiptLine, TextBox } from './receipt-reading.js';

/**
 * A bank's PDF receipt: its own text first (exact, no OCR needed), and, for a PDF that is only a
 * scanned or photographed receipt, its first page as an image for the OCR engine. pdfjs-dist runs in
 * the process (no system tool); it is loaded at the first PDF only.
 */
const loadPdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

type PdfDocument = Awaited<ReturnType<Awaited<ReturnType<typeof loadPdfjs>>['getDocument']>['promise']>;

async function openPdf(bytes: Buffer): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    // No fonts or scripts fetched or run: a receipt is untrusted input.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** The text of the first pages as lines (items on one baseline, left to right), with their boxes. */
export async function pdfTextLines(bytes: Buffer, maxPages = 2): Promise<ReceiptLine[]> {
  const pdf = await openPdf(bytes);
  try {
    const lines: ReceiptLine[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = (content.items as TextItem[]).filter((item) => typeof item.str === 'string' && item.str !== '');
      const rows: { y: number; items: TextItem[] }[] = [];
      for (const item of items) {
        const y = item.transform[5]!;
        const row = rows.find((candidate) => Math.abs(candidate.y - y) <= Math.max(2, item.height * 0.4));
        if (row) row.items.push(item);
        else rows.push({ y, items: [item] });
      }
      rows.sort((a, b) => b.y - a.y);
      for (const row of rows) {
        row.items.sort((a, b) => a.transform[4]! - b.transform[4]!);
        lines.push(lineOf(row.items, viewport.height));
      }
      page.cleanup();
    }
    return lines;
  } finally {
    await pdf.destroy();
  }
}

/** Arabic letters (not Arabic-Indic digits, which run left to right like Latin ones). */
const ARABIC = /[\u0621-\u064a\u066e-\u06d3\ufb50-\ufdff\ufe70-\ufeff]/;
/** Glyphs of Arabic letters only: placed in visual order. A run with digits or spaces comes in reading order. */
const ARABIC_WORD = /^[\u0621-\u0652\u066e-\u06d3\ufb50-\ufdff\ufe70-\ufeff]+$/;

/**
 * One line of items, left to right. Chromium's and many banks' PDFs place Arabic as single glyphs (or
 * small ligatures) in visual order and in presentation forms: glyphs that touch are joined into words,
 * a line with Arabic is put back in reading order (words right to left, an Arabic word's glyphs too,
 * Latin words and numbers kept as they are), and presentation forms become letters (NFKC).
 */
function lineOf(items: TextItem[], pageHeight: number): ReceiptLine {
  const words: { text: string; box: TextBox }[] = [];
  for (const item of items) {
    const [x, baseline] = [item.transform[4]!, pageHeight - item.transform[5]!];
    const box = { x0: x, y0: baseline - item.height, x1: x + item.width, y1: baseline };
    const last = words.at(-1);
    const touching = last && x - last.box.x1 < Math.max(1, item.height * 0.12) && !/\s$/.test(last.text) && !/^\s/.test(item.str);
    if (last && touching) {
      last.text += item.str;
      last.box.x1 = Math.max(last.box.x1, box.x1);
      last.box.y0 = Math.min(last.box.y0, box.y0);
    } else words.push({ text: item.str, box });
  }
  const rtl = words.some((word) => ARABIC.test(word.text));
  const ordered = (rtl ? [...words].reverse() : words).map((word) => ({
    box: word.box,
    text: (rtl && ARABIC_WORD.test(word.text) ? [...word.text].reverse().join('') : word.text).normalize('NFKC').trim(),
  }));
  const kept = ordered.filter((word) => word.text !== '');
  return {
    text: kept.map((word) => word.text).join(' '),
    words: kept,
    box: {
      x0: Math.min(...kept.map((w) => w.box.x0)),
      y0: Math.min(...kept.map((w) => w.box.y0)),
      x1: Math.max(...kept.map((w) => w.box.x1)),
      y1: Math.max(...kept.map((w) => w.box.y1)),
    },
  };
}

/** The first page as a PNG, at about 1600 pixels wide, for a PDF with no text of its own. */
export async function pdfFirstPageImage(bytes: Buffer): Promise<Buffer> {
  const pdf = await openPdf(bytes);
  try {
    const page = await pdf.getPage(1);
    const scale = 1600 / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const factory = (pdf as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const { canvas } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await pdf.destroy();
  }
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: { toBuffer(type: 'image/png'): Buffer } };
}
