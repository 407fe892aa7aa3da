// The envelope's JSDoc types (web/src/envelope.gen.js, generated from
// pkg/playground's Go types by internal/jsdoc): the page's code that says
// it reads the engine's Response reads only fields the Go types have, so a
// field renamed or dropped on the Go side fails here once the file is
// regenerated (go test ./internal/jsdoc -update).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const src = new URL("../src/", import.meta.url);
const read = (name) => readFileSync(new URL(name, src), "utf8");

// typedefs maps each @typedef's name to its properties' names.
function typedefs(text) {
  const out = new Map();
  let props = null;
  for (const line of text.split("\n")) {
    const def = line.match(/@typedef \{object\} (\w+)/);
    if (def) out.set(def[1], (props = new Set()));
    const prop = line.match(/@property \{[^}]*\} \[?(\w+)\]?/);
    if (prop && props) props.add(prop[1]);
  }
  return out;
}

test("the module loads and names the envelope's types", async () => {
  const mod = await import(new URL("envelope.gen.js", src));
  assert.deepEqual(Object.keys(mod), []); // types only: nothing at run time
  const defs = typedefs(read("envelope.gen.js"));
  for (const name of ["Request", "Response", "Diagnostic", "Frame", "Trace", "TracePlace", "Timings", "FeatureRow", "ExportFile", "Place"]) {
    assert.ok(defs.has(name), `no @typedef ${name}`);
  }
  // Every type a property names is a typedef of the file or JSDoc's own.
  const builtin = new Set(["string", "number", "boolean", "object", "null", "Object", "Array"]);
  for (const m of read("envelope.gen.js").matchAll(/@property \{([^}]*)\}/g)) {
    for (const name of m[1].match(/\w+/g)) {
      assert.ok(builtin.has(name) || defs.has(name), `${m[0]} names ${name}, which is no type`);
    }
  }
});

test("resp's fields read where resp is the envelope's Response are the Go type's", () => {
  const response = typedefs(read("envelope.gen.js")).get("Response");
  let checked = 0;
  for (const file of readdirSync(src).filter((f) => f.endsWith(".js") && f !== "envelope.gen.js")) {
    const text = read(file);
    if (!text.includes('import("./envelope.gen.js").Response')) continue;
    // RunResponse adds the runner's wall time to the Response.
    const extra = new Set([...text.matchAll(/Response & \{ (\w+)\?/g)].map((m) => m[1]));
    for (const m of text.matchAll(/\bresp\??\.(\w+)/g)) {
      checked++;
      assert.ok(response.has(m[1]) || extra.has(m[1]), `${file} reads resp.${m[1]}, which the envelope's Response has not`);
    }
  }
  assert.ok(checked > 10, `only ${checked} reads of resp checked`);
});
