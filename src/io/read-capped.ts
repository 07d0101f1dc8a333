/**
 * A web stream's bytes, at most `maxBytes`: the reading loop that fetching a page (read-input.ts)
 * and receiving a request body (serve/body.ts) share. Past the limit the stream is cancelled and
 * null comes back, so that each caller raises its own error; nothing past the limit is kept.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
