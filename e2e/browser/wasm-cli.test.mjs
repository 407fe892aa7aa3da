// The wasm build against the native CLI: every workspace of
// pkg/playground/testdata/workspaces (and the page's examples) is run
// through static/kubecfg.wasm under Node (one instance for all, as in a
// page) and through bin/kubecfg with the command line the response gives,
// in a directory holding the same files. stdout, stderr and the exit code
// must be the same bytes once the directory is named /workspace, which is
// where the wasm build places a workspace's files.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, readFile, readdir, rm, writeFile, symlink } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadKubecfg } from "../../web/node/run.mjs";
import { decodeTxtar } from "../../web/src/txtar.js";
import { examples } from "../../web/src/examples.js";
import { toRequest, fromExample } from "../../web/src/state.js";
import { kubecfgBin } from "./browser.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const corpus = path.join(root, "pkg", "playground", "testdata", "workspaces");

let kubecfg;
before(async () => { kubecfg = await loadKubecfg(); });

function sh(command, cwd) {
  return new Promise((resolve) => {
    const env = { ...process.env, PATH: `${path.dirname(kubecfgBin)}:${process.env.PATH}`, KUBECFG_ALPHA: "", KUBECFG_FEATURES: "", KUBECFG_JPATH: "" };
    execFile("sh", ["-c", command], { cwd, env, timeout: 30000 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, code: err ? (typeof err.code === "number" ? err.code : -1) : 0 });
    });
  });
}

// sameLengthDir makes a directory whose path is as long as /workspace:
// eval -e wraps the expression in code that names the file's absolute
// path, so the columns in its errors depend on that length.
async function sameLengthDir() {
  for (let i = 0; i < 100; i++) {
    const dir = "/tmp/" + Math.random().toString(36).slice(2, 7).padEnd(5, "0");
    try {
      await mkdir(dir);
      return dir;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
  }
  throw new Error("no free directory name under /tmp");
}

// run runs a request; a validate request for a minor whose schemas the
// engine does not hold yet gets them (as the page hands them over, from
// the file static/schemas/k8s-1.NN.json is a copy of) and runs again.
async function run(request) {
  const resp = await kubecfg.run(request);
  if (!resp.schemaMissing) return resp;
  const data = await readFile(path.join(root, "internal", "k8sschema", "data", `${resp.schemaMissing}.json`));
  const handed = kubecfg.k8sSchema(resp.schemaMissing, new Uint8Array(data));
  assert.equal(handed.version, resp.schemaMissing, JSON.stringify(handed));
  return kubecfg.run(request);
}

async function compare(request) {
  const resp = await run(request);
  const dir = await sameLengthDir();
  assert.equal(dir.length, "/workspace".length);
  try {
    for (const [name, text] of Object.entries(request.files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    for (const [link, target] of Object.entries(request.links || {})) await symlink(target, path.join(dir, link));
    const cli = await sh(resp.command, dir);
    const norm = (s) => s.replaceAll(dir, "/workspace");
    assert.equal(resp.output, norm(cli.stdout), `stdout of ${resp.command}`);
    assert.equal(resp.stderr || "", norm(cli.stderr), `stderr of ${resp.command}`);
    assert.equal(resp.exitCode, cli.code, `exit code of ${resp.command}`);
    if (resp.exitCode !== 0) assert.ok(resp.diagnostics.length > 0, "a failure has a diagnostic");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("pkg/playground's workspaces: wasm and CLI print the same", async (t) => {
  const names = (await readdir(corpus)).filter((n) => n.endsWith(".txtar")).sort();
  assert.ok(names.length > 0, `no workspaces in ${corpus}`);
  for (const name of names) {
    await t.test(name, async () => {
      const { comment, files } = decodeTxtar(await readFile(path.join(corpus, name), "utf8"));
      // $HTTP is a server of the workspace's files (for -U), as in pkg/playground's test.
      let server = null;
      if (comment.includes("$HTTP")) {
        server = http.createServer((req, res) => {
          const name = decodeURIComponent(new URL(req.url, "http://x").pathname).slice(1);
          res.setHeader("access-control-allow-origin", "*");
          if (Object.hasOwn(files, name)) res.end(files[name]);
          else { res.statusCode = 404; res.end("404 page not found\n"); }
        });
        await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      }
      try {
        const text = server ? comment.replaceAll("$HTTP", `http://127.0.0.1:${server.address().port}`) : comment;
        await compare({ ...JSON.parse(text), files });
      } finally {
        server?.close();
      }
    });
  }
});

test("the page's examples: wasm and CLI print the same", async (t) => {
  for (const ex of examples) {
    await t.test(ex.name, async () => {
      const req = toRequest(fromExample(ex), kubecfg.version);
      await compare(req);
      for (const output of ["json", "jsonnet"]) {
        if (output === "jsonnet" && !ex.entry.endsWith(".yakl")) continue;
        await compare({ ...req, output, command: output === "jsonnet" ? "eval" : req.command, features: output === "jsonnet" ? [...req.features, "eval"] : req.features });
      }
    });
  }
});

test("the examples succeed", async () => {
  for (const ex of examples) {
    const resp = await kubecfg.run(toRequest(fromExample(ex), kubecfg.version));
    assert.equal(resp.exitCode, 0, `${ex.name}: ${resp.stderr}`);
    assert.notEqual(resp.output, "", ex.name);
  }
});
