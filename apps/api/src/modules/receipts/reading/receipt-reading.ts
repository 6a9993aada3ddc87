/** What the reader found on a transfer receipt: each value with the text it came from and where it was. */

/** A rectangle on the image, in its pixels (or on a PDF's first page, in points from its top left). */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line of the receipt as the OCR engine or the PDF gave it, in reading order, with its words. */
export interface ReceiptLine {
  text: string;
  box?: TextBox;
  words?: { text: string; box: TextBox }[];
}

export interface ReadField<T> {
  value: T;
  /** The receipt's own text the value was taken from (after digits were made Latin). */
  text: string;
  box?: TextBox;
}

export interface ReceiptFields {
  amount?: ReadField<number>;
  /** Only when the receipt names one: SDG for ج.س, جنيه, SDG; USD for $, USD, دولار. */
  currency?: ReadField<'SDG' | 'USD'>;
  recipientAccount?: ReadField<string>;
  recipientName?: ReadField<string>;
  senderAccount?: ReadField<string>;
  senderName?: ReadField<string>;
  /** The time printed on the receipt, 'YYYY-MM-DDTHH:mm', as local time (Bankak prints Sudan's, UTC+2). */
  dateTime?: ReadField<string>;
  transactionNumber?: ReadField<string>;
}

export interface ReceiptReading {
  /** pdf-text: the PDF's own text; ocr: an image, or a PDF of images, read by the OCR engine. */
  source: 'pdf-text' | 'ocr';
  fields: ReceiptFields;
  /** Fields whose label the receipt shows but whose value could not be read: the desk reads these. */
  unread: (keyof ReceiptFields)[];
  lines: ReceiptLine[];
  /** Width and height of the image the boxes refer to. */
  size?: { width: number; height: number };
  durationMs: number;
}
