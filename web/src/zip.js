// A zip archive of the workspace, for "Download .zip": every file stored
// uncompressed (method 0) under its workspace path, names in UTF-8. The
// files are text of a few kilobytes, so compression would buy little, and
// stored entries keep the writer small enough to read at once.

const encoder = new TextEncoder();

let crcTable = null;

/** crc32 is the CRC-32 (IEEE) of bytes, as zip records it. */
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** dosTime packs a local date as zip's MS-DOS time and date words. */
function dosTime(d) {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * encodeZip returns a zip archive of files ({path: text}) in path order,
 * each entry dated when.
 */
export function encodeZip(files, when = new Date()) {
  const { time, date } = dosTime(when);
  const entries = Object.keys(files).sort().map((path) => {
    const name = encoder.encode(path);
    const data = encoder.encode(files[path]);
    return { name, data, crc: crc32(data) };
  });
  const size = entries.reduce((n, e) => n + 30 + e.name.length + e.data.length + 46 + e.name.length, 22);
  if (entries.length > 0xffff || size > 0xffffffff) throw new Error("the workspace is too large for a zip without zip64");
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v) => { view.setUint16(at, v, true); at += 2; };
  const u32 = (v) => { view.setUint32(at, v, true); at += 4; };
  const bytes = (b) => { out.set(b, at); at += b.length; };
  // common writes the fields a local header and a central one share,
  // from "version needed" to the name's length.
  const common = (e) => {
    u16(20); u16(0x0800); u16(0); u16(time); u16(date); // version 2.0, UTF-8 names, stored
    u32(e.crc); u32(e.data.length); u32(e.data.length); u16(e.name.length);
  };
  for (const e of entries) {
    e.offset = at;
    u32(0x04034b50); common(e); u16(0); bytes(e.name); bytes(e.data);
  }
  const dirAt = at;
  for (const e of entries) {
    u32(0x02014b50); u16(0x0314); common(e); // made by: Unix, 2.0
    u16(0); u16(0); u16(0); u16(0); u32((0o100644 << 16) >>> 0); u32(e.offset); bytes(e.name);
  }
  const dirSize = at - dirAt;
  u32(0x06054b50); u16(0); u16(0); u16(entries.length); u16(entries.length); u32(dirSize); u32(dirAt); u16(0);
  return out;
}
