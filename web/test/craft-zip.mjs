// A zip writer for the tests (open.test.mjs, fuzz.test.mjs), apart from
// zip.js's encodeZip, so that it can write archives encodeZip never would:
// deflated, lying, damaged.
import { deflateRawSync } from "node:zlib";
import { crc32 } from "../src/zip.js";

const enc = new TextEncoder();

/**
 * craft writes a zip archive from entries { name, data, method, flags,
 * crc, size, mode, madeBy, raw }, any field of which may lie: data is what
 * is stored (deflated first for method 8 unless raw), crc and size default
 * to the truth about data. It is this test's own writer, so that it can
 * write archives encodeZip never would.
 */
export function craft(entries, comment = "") {
  const parts = [];
  const dir = [];
  let at = 0;
  for (const e of entries) {
    const name = typeof e.name === "string" ? enc.encode(e.name) : e.name;
    const plain = typeof e.data === "string" ? enc.encode(e.data) : e.data;
    const method = e.method ?? 0;
    const stored = method === 8 && !e.raw ? deflateRawSync(plain) : plain;
    const crc = e.crc ?? crc32(plain);
    const size = e.size ?? plain.length;
    const head = (sig, central) => {
      const b = new DataView(new ArrayBuffer(central ? 46 : 30));
      let p = 0;
      const u16 = (v) => { b.setUint16(p, v, true); p += 2; };
      const u32 = (v) => { b.setUint32(p, v >>> 0, true); p += 4; };
      u32(sig);
      if (central) u16(((e.madeBy ?? 3) << 8) | 20);
      u16(20); u16(e.flags ?? 0x0800); u16(method); u16(0); u16(0x21);
      u32(crc); u32(stored.length); u32(size); u16(name.length); u16(0);
      if (central) { u16(0); u16(0); u16(0); u32((e.mode ?? 0o100644) << 16); u32(e.offset); }
      return new Uint8Array(b.buffer);
    };
    e.offset = at;
    for (const b of [head(0x04034b50, false), name, stored]) { parts.push(b); at += b.length; }
    dir.push(head(0x02014b50, true), name);
  }
  const dirAt = at;
  const dirSize = dir.reduce((n, b) => n + b.length, 0);
  const note = enc.encode(comment);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, dirSize, true);
  end.setUint32(16, dirAt, true);
  end.setUint16(20, note.length, true);
  const all = [...parts, ...dir, new Uint8Array(end.buffer), note];
  const out = new Uint8Array(all.reduce((n, b) => n + b.length, 0));
  let p = 0;
  for (const b of all) { out.set(b, p); p += b.length; }
  return out;
}
