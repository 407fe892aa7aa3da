// Zip archives of the workspace: "Download .zip" writes one, and a zip
// dropped on the page (or picked with Open…) is read back. The writer
// stores every file uncompressed (method 0) under its workspace path, names
// in UTF-8: the files are text of a few kilobytes, so compression would buy
// little, and stored entries keep the writer small enough to read at once.
// The reader takes what other tools write too (deflate, data descriptors,
// names without the UTF-8 flag) and holds a hostile archive to a budget.

import { inflateRaw, TooLarge } from "./inflate.js";

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
 * each entry dated when, with the archive comment comment.
 */
export function encodeZip(files, when = new Date(), comment = "") {
  const { time, date } = dosTime(when);
  const note = encoder.encode(comment).subarray(0, 0xffff);
  const entries = Object.keys(files).sort().map((path) => {
    const name = encoder.encode(path);
    const data = encoder.encode(files[path]);
    return { name, data, crc: crc32(data) };
  });
  const size = entries.reduce((n, e) => n + 30 + e.name.length + e.data.length + 46 + e.name.length, 22 + note.length);
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
  u32(0x06054b50); u16(0); u16(0); u16(entries.length); u16(entries.length); u32(dirSize); u32(dirAt); u16(note.length); bytes(note);
  return out;
}

/**
 * ZipError is a damaged or unreadable archive: the whole archive is
 * refused. Its message starts with "zip: ".
 */
export class ZipError extends Error {
  constructor(message) {
    super(`zip: ${message}`);
    this.name = "ZipError";
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** bytesText writes a size for people: 512 bytes, 3.5 KiB, 8 MiB. */
export function bytesText(n) {
  if (n < 1024) return `${n} byte${n === 1 ? "" : "s"}`;
  const [v, unit] = n < 1 << 20 ? [n / 1024, "KiB"] : [n / (1 << 20), "MiB"];
  return `${Number(v.toFixed(1))} ${unit}`;
}

/**
 * zipName decodes an entry's name or the archive's comment as UTF-8, with
 * or without the archive's UTF-8 flag (tools write UTF-8 either way); null
 * if the bytes are not UTF-8.
 */
function zipName(bytes) {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * decodeZip reads a zip archive (a Uint8Array) through its central
 * directory. It resolves to { comment, files, skipped }: files are
 * { name, data } for the regular files, in the archive's order; skipped
 * are { name, why } for entries it leaves out and says why (encrypted, an
 * unknown compression method, damaged, over the budget); directories,
 * symbolic links and macOS's __MACOSX/ and .DS_Store are left out
 * silently. The budget caps the files' total size after decompression
 * (whatever the archive claims) and their number. A damaged directory or
 * a zip64 archive throws a ZipError.
 */
export async function decodeZip(bytes, { maxBytes = 8 << 20, maxFiles = 1000 } = {}) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at) => v.getUint16(at, true);
  const u32 = (at) => v.getUint32(at, true);
  // The end record is the last 22 bytes before a comment of up to 64 KiB.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50 && at + 22 + u16(at + 20) === bytes.length) { end = at; break; }
  }
  if (end < 0) throw new ZipError("not a zip archive (no end of central directory record)");
  const count = u16(end + 10);
  const dirSize = u32(end + 12);
  const dirAt = u32(end + 16);
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== count) throw new ZipError("multi-part archives are not supported");
  if (count === 0xffff || dirSize === 0xffffffff || dirAt === 0xffffffff) throw new ZipError("zip64 archives are not supported");
  if (dirAt + dirSize > end) throw new ZipError("the central directory lies outside the archive");
  const comment = zipName(bytes.subarray(end + 22, end + 22 + u16(end + 20))) ?? "";
  const files = [];
  const skipped = [];
  let budget = maxBytes;
  let p = dirAt;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dirAt + dirSize || u32(p) !== 0x02014b50) throw new ZipError(`entry ${i + 1} of ${count}: damaged central directory`);
    const madeBy = u16(p + 4) >> 8;
    const flags = u16(p + 8);
    const method = u16(p + 10);
    const crc = u32(p + 16);
    const packed = u32(p + 20);
    const size = u32(p + 24);
    const nameLen = u16(p + 28);
    const next = p + 46 + nameLen + u16(p + 30) + u16(p + 32);
    const mode = u32(p + 38) >>> 16;
    const local = u32(p + 42);
    if (next > dirAt + dirSize) throw new ZipError(`entry ${i + 1} of ${count}: damaged central directory`);
    const name = zipName(bytes.subarray(p + 46, p + 46 + nameLen));
    p = next;
    const shown = name ?? `entry ${i + 1}`;
    if (name !== null && (name.endsWith("/") || name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(name))) continue;
    if (madeBy === 3 && (mode & 0o170000) === 0o120000) continue; // a symbolic link (Unix)
    const skip = (why) => skipped.push({ name: shown, why });
    if (name === null) { skip("its name is not UTF-8"); continue; }
    if (flags & 0x41) { skip("it is encrypted"); continue; }
    if (method !== 0 && method !== 8) { skip(`it is compressed with method ${method} (only stored and deflated files are read)`); continue; }
    if (packed === 0xffffffff || size === 0xffffffff) { skip("it needs zip64"); continue; }
    if (files.length >= maxFiles) { skip(`it is over the limit of ${maxFiles} file${maxFiles === 1 ? "" : "s"}`); continue; }
    if (size > budget) { skip(`it is too large (${bytesText(size)}, over the ${bytesText(budget)} left of the budget)`); continue; }
    if (local + 30 > bytes.length || u32(local) !== 0x04034b50) { skip("it is damaged (no local header)"); continue; }
    const from = local + 30 + u16(local + 26) + u16(local + 28);
    if (from + packed > bytes.length) { skip("it is damaged (its data runs past the end of the archive)"); continue; }
    const raw = bytes.subarray(from, from + packed);
    let data;
    try {
      data = method === 0 ? raw : await inflateRaw(raw, budget);
    } catch (err) {
      if (err instanceof TooLarge) skip(`it is too large (over the ${bytesText(budget)} left of the budget, whatever its header says)`);
      else skip("it is damaged (its compressed data is not valid)");
      continue;
    }
    if (data.length !== size || crc32(data) !== crc) { skip("it is damaged (its size or checksum is wrong)"); continue; }
    budget -= data.length;
    files.push({ name, data });
  }
  return { comment, files, skipped };
}
