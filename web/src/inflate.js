// Raw deflate (RFC 1951) decompression with a cap on the output, for what
// the page reads from outside: shared links (share.js) and zip archives
// (zip.js).

/** TooLarge is inflateRaw's error for output past its limit. */
export class TooLarge extends RangeError {}

/**
 * inflateRaw decompresses raw deflate bytes into a Uint8Array of at most
 * limit bytes. It throws TooLarge as soon as the output passes limit, and
 * DecompressionStream's own error for data that is not valid deflate. The
 * input goes in 16 KiB slices: the decompressor expands a whole slice at
 * once, so a bomb gets at most about 16 MiB past the limit before it is
 * stopped.
 */
export async function inflateRaw(bytes, limit) {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const feeding = (async () => {
    for (let at = 0; at < bytes.length; at += 16384) await writer.write(bytes.subarray(at, at + 16384));
    await writer.close();
  })();
  feeding.catch(() => {}); // a failure shows on the reading side too
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) throw new TooLarge(`more than ${limit} bytes`);
      chunks.push(value);
    }
    await feeding;
  } catch (err) {
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
    throw err;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}
