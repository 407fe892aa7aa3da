// The search paths' request fields and the offer of -J vendor
// (web/src/search-paths.js, web/src/state.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { vendorOffer } from "../src/search-paths.js";
import { blankControls, toRequest, normalize, lines } from "../src/state.js";
import { linkKind, maxShortLink } from "../src/links.js";

const ws = (files, controls = {}) => ({ files, entry: "example.jsonnet", active: "example.jsonnet", controls: { ...blankControls(), ...controls } });
const project = { "example.jsonnet": "import 'kube-prometheus/main.libsonnet'\n", "jsonnetfile.json": "{}", "vendor/kube-prometheus/main.libsonnet": "{}" };

test("a jsonnet-bundler project is offered -J vendor until it has it or says no", () => {
  assert.equal(vendorOffer(ws(project)), "add");
  assert.equal(vendorOffer(ws(project, { jpath: "vendor" })), "");
  assert.equal(vendorOffer(ws(project, { jpath: "lib\nvendor/" }), true), "undo", "just added: the bar offers to undo");
  assert.equal(vendorOffer(ws(project, { vendorDeclined: true })), "");
  assert.equal(vendorOffer(ws({ "example.jsonnet": "{}", "vendor/x.libsonnet": "{}" })), "", "no jsonnetfile.json");
  assert.equal(vendorOffer(ws({ "example.jsonnet": "{}", "jsonnetfile.json": "{}" })), "", "no vendor/ tree");
});

test("search paths go into the request one per line, in order, blank lines dropped", () => {
  const req = toRequest(ws(project, { jpath: " vendor \n\nlib", jpathEnv: "env1\nenv2", jurl: "https://example.com/lib/\n" }), "v0");
  assert.deepEqual(req.jpath, ["vendor", "lib"]);
  assert.deepEqual(req.jpathEnv, ["env1", "env2"]);
  assert.deepEqual(req.jurl, ["https://example.com/lib/"]);
  const none = toRequest(ws(project), "v0");
  assert.ok(!("jpath" in none) && !("jpathEnv" in none) && !("jurl" in none));
  assert.deepEqual(lines(undefined), []);
});

test("a damaged or hand-made state gets text search paths and a number time limit", () => {
  const s = normalize({ files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { jpath: ["x"], jurl: 3, timeLimit: "9", vendorDeclined: "yes" } });
  assert.equal(s.controls.jpath, "");
  assert.equal(s.controls.jurl, "");
  assert.equal(s.controls.timeLimit, 0);
  assert.equal(s.controls.vendorDeclined, false);
  assert.equal(normalize({ files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { timeLimit: 30 } }).controls.timeLimit, 30);
});

test("a workspace gets a short link up to 64 KiB, an address link up to 1 MiB, and a download past that", () => {
  assert.equal(linkKind(maxShortLink), "short");
  assert.equal(linkKind(maxShortLink + 1), "fragment");
  assert.equal(linkKind(1 << 20), "fragment");
  assert.equal(linkKind((1 << 20) + 1), "none");
});
