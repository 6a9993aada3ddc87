/**
 * The values of a newline-delimited JSON body, one a line, as its chunks arrive. A chunk may end
 * mid-line or mid-character (an Arabic airline name split over two packets): the decoder keeps the
 * bytes of an unfinished character and the partial line waits for its newline.
 */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = done ? '' : lines.pop()!;
      for (const line of lines) if (line.trim()) yield JSON.parse(line) as unknown;
      if (done) break;
    }
    finished = true;
  } finally {
    // Left early (the page stopped reading): the connection is closed, so the server stops searching.
    if (!finished) void reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
