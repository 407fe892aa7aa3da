import { open } from "./browser.mjs";
const b = await open();
await b.page.goto(b.url + "icon.svg");
console.log(await b.page.evaluate(() => { const r = {}; for (const f of ["gzip", "deflate", "deflate-raw", "brotli", "br", "zstd"]) { try { new DecompressionStream(f); r[f] = true; } catch { r[f] = false; } } return r; }));
await b.close();
