// compress writes FILE.br (brotli, quality 11, 16 MiB window) and FILE.gz
// (gzip -9) beside each FILE given, for `kubecfg playground` to serve to
// browsers that accept them (internal/site picks the variant). Brotli at
// quality 11 takes about 20 s of CPU for each engine, so results are kept
// in .cache/compress/ by content hash and reused when nothing changed.
//   node scripts/compress.mjs static/kubecfg.wasm static/dist/main-X.js ...
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync, copyFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const cacheDir = path.join(path.dirname(new URL(import.meta.url).pathname), "..", ".cache", "compress");
mkdirSync(cacheDir, { recursive: true });

const encoders = {
  br: (buf) => zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }),
  gz: (buf) => zlib.gzipSync(buf, { level: 9 }),
};

for (const file of process.argv.slice(2)) {
  const buf = readFileSync(file);
  const hash = createHash("sha256").update(buf).digest("hex");
  for (const [ext, encode] of Object.entries(encoders)) {
    const cached = path.join(cacheDir, `${hash}.${ext}`);
    if (!existsSync(cached)) writeFileSync(cached, encode(buf));
    copyFileSync(cached, `${file}.${ext}`);
  }
}
