// base64url (RFC 4648 §5, no padding): the alphabet of shared links and of
// workspace ids.

/** toBase64url encodes bytes. */
export function toBase64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** fromBase64url decodes s; atob throws on what is not base64. */
export function fromBase64url(s) {
  const b = atob(s.replaceAll("-", "+").replaceAll("_", "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}
