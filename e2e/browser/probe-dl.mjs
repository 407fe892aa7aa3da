import { open } from "./browser.mjs";
for (const enc of ["br", "gzip", "identity"]) {
  const b = await open();
  const { page, context } = b;
  await context.setExtraHTTPHeaders({ "Accept-Encoding": enc });
  await page.goto(b.url + "icon.svg");
  const r = await page.evaluate(async () => {
    const out = {};
    let t = performance.now();
    const buf = await (await fetch("/kubecfg-core.wasm?v=a" + Math.random())).arrayBuffer();
    out.download = Math.round(performance.now() - t);
    t = performance.now();
    await WebAssembly.compile(buf);
    out.compile = Math.round(performance.now() - t);
    t = performance.now();
    await WebAssembly.compileStreaming(fetch("/kubecfg-core.wasm?v=b" + Math.random()));
    out.streaming = Math.round(performance.now() - t);
    const e = performance.getEntriesByType("resource").map((x) => [x.name.slice(-6), Math.round(x.responseEnd - x.startTime), x.encodedBodySize, x.decodedBodySize]);
    return { ...out, e };
  });
  console.log(enc, JSON.stringify(r));
  await b.close();
}
