// Page state in a URL fragment: JSON, deflate-raw compressed, base64url,
// as #s=<data>. Works with no server; the decoder caps the decompressed
// size so a hostile link cannot exhaust memory.

import { toBase64url, fromBase64url } from "./base64url.js";

/** maxDecoded is the most bytes a fragment may decompress to. */
export const maxDecoded = 1 << 20;

/** encodeFragment compresses a state object into fragment text (without #s=). */
export async function encodeFragment(state) {
  const data = new TextEncoder().encode(JSON.stringify(state));
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** decodeFragment reverses encodeFragment; it fails past maxDecoded bytes. */
export async function decodeFragment(text, limit = maxDecoded) {
  let bytes;
  try {
    bytes = fromBase64url(text);
  } catch {
    throw new Error("shared link: the fragment is not base64url");
  }
  // inflate.js is a chunk of its own, which zip.js's reader (a chunk too,
  // lazy.js) shares: only a link's visit loads it before its first result.
  const { inflateRaw, TooLarge } = await import("./inflate.js");
  let all;
  try {
    all = await inflateRaw(bytes, limit);
  } catch (err) {
    if (err instanceof TooLarge) throw new Error(`shared link: the state is larger than ${limit} bytes`);
    throw new Error(`shared link: the fragment does not decompress: ${err.message}`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(all));
  } catch (err) {
    throw new Error(`shared link: the state is not JSON: ${err.message}`);
  }
}
