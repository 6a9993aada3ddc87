import { describe, expect, it } from 'vitest';
import { readNdjson } from './read-ndjson';

const bytesOf = (text: string) => new TextEncoder().encode(text);

/** A body that arrives in these chunks, as a slow connection delivers it. */
function bodyOf(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

const collect = async (body: ReadableStream<Uint8Array>) => {
  const values: unknown[] = [];
  for await (const value of readNdjson(body)) values.push(value);
  return values;
};

describe('reading newline-delimited JSON', () => {
  it('gives one value a line, whatever the chunks split: mid-line and mid-character', async () => {
    const text = '{"type":"progress","n":1}\n{"name":"سودانير"}\n\n{"type":"complete"}\n';
    const bytes = bytesOf(text);
    // Inside the Arabic name: a two-byte character cut in half.
    const arabic = bytes.indexOf(0xd8);
    const chunks = [
      bytes.slice(0, 10),
      bytes.slice(10, arabic + 1),
      bytes.slice(arabic + 1, arabic + 2),
      bytes.slice(arabic + 2),
    ];
    expect(await collect(bodyOf(chunks))).toEqual([{ type: 'progress', n: 1 }, { name: 'سودانير' }, { type: 'complete' }]);
  });

  it('reads a last line without its newline', async () => {
    expect(await collect(bodyOf([bytesOf('{"a":1}\n{"b":'), bytesOf('2}')]))).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('gives each value as soon as its line is complete, before the body ends', async () => {
    let push!: (text: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (push = (text) => controller.enqueue(bytesOf(text))),
    });
    const values = readNdjson(body);
    push('{"first":true}\n{"sec');
    expect((await values.next()).value).toEqual({ first: true });
    push('ond":true}\n');
    expect((await values.next()).value).toEqual({ second: true });
  });

  it('throws on a line that is not JSON', async () => {
    await expect(collect(bodyOf([bytesOf('{"a":1}\n<html>\n')]))).rejects.toThrow(SyntaxError);
  });

  it('cancels the body when the reader stops early, which closes the connection', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(bytesOf('{"a":1}\n{"b":2}\n')),
      cancel: () => void (cancelled = true),
    });
    for await (const value of readNdjson(body)) {
      expect(value).toEqual({ a: 1 });
      break;
    }
    expect(cancelled).toBe(true);
  });
});
