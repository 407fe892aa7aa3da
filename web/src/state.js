// The page's state: the workspace (files, entry, the open tab) and the
// controls (the CLI's flags). toRequest turns it into the envelope that
// kubecfg.run takes; keep.js keeps it in this browser (IndexedDB, file
// by file) so nothing typed is lost.

/**
 * fileMap copies a map of files (path → text) into an object without a
 * prototype, so that a file called __proto__, constructor or toString is
 * a file like any other: assigning files["__proto__"] on a plain object
 * sets its prototype instead, and `in` finds Object.prototype's names.
 * Only own properties of from are copied.
 */
export function fileMap(from = {}) {
  const files = Object.create(null);
  if (from instanceof Map) for (const [p, t] of from) files[p] = t;
  else for (const p of Object.keys(from)) files[p] = from[p];
  return files;
}

/** blankControls are the controls of a plain `kubecfg show`. */
export function blankControls() {
  return {
    command: "show",
    expr: "",
    output: "yaml",
    features: {}, // name → true/false: only the ones the user set
    alpha: false,
    vars: { extStr: "", extCode: "", tlaStr: "", tlaCode: "" }, // NAME=VALUE lines
    showProvenance: false, // show --show-provenance
    exportNames: "", // --export-filename-format ("": kubecfg's default)
    exportExt: "", // --export-filename-extension ("": the output format's)
    timeLimit: 0, // seconds a run may take before the page stops it (0: the page's default); not a flag
    // Search paths, one per line: -J directories (relative to the
    // workspace), KUBECFG_JPATH's directories (searched first) and -U URLs.
    jpath: "",
    jpathEnv: "",
    jurl: "",
    vendorDeclined: false, // "Not now" to the offer of -J vendor; not a flag
    // The Validate switch: after each show, kubecfg --features=offline-validate
    // validate --kubernetes-version kubernetesVersion (validate.js).
    validate: false,
    kubernetesVersion: defaultKubernetesVersion,
  };
}

/** defaultKubernetesVersion is validate's --kubernetes-version default (internal/k8sschema.Default). */
export const defaultKubernetesVersion = "1.35";

/**
 * kubernetesVersion is a stored or shared --kubernetes-version as the page
 * keeps it: a minor, 1.NN, or else the default. (Which minors the build
 * has schemas of is the version picker's list; one it lacks says so when
 * it is validated against.)
 */
export const kubernetesVersion = (v) => (typeof v === "string" && /^1\.\d{1,3}$/.test(v) ? v : defaultKubernetesVersion);

/** defaultExportNames is kubecfg's --export-filename-format (internal/kubecfg.DefaultExportNameFormat). */
export const defaultExportNames = '{{.apiVersion}}.{{.kind}}-{{default "default" .metadata.namespace}}.{{.metadata.name}}';

/** fromExample makes a fresh state from a gallery example. */
export function fromExample(ex) {
  const c = { ...blankControls(), ...structuredClone(ex.controls || {}) };
  c.vars = { ...blankControls().vars };
  for (const kind of ["extStr", "extCode", "tlaStr", "tlaCode"]) {
    if (ex.controls && ex.controls[kind]) c.vars[kind] = formatVars(ex.controls[kind]);
    delete c[kind];
  }
  return {
    files: fileMap(ex.files),
    entry: ex.entry,
    active: ex.entry,
    controls: c,
    example: ex.name,
  };
}

/** parseVars reads NAME=VALUE lines (split at the first =) into an object. */
export function parseVars(text) {
  const out = Object.create(null);
  for (const line of (text || "").split("\n")) {
    if (line.trim() === "") continue;
    const at = line.indexOf("=");
    if (at < 0) out[line.trim()] = "";
    else out[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return out;
}

/**
 * linesWithoutValue lists the NAME lines of a NAME=VALUE text that have no
 * "=" ({line (1-based), name}): parseVars reads them as NAME with an empty
 * value, where the command line's -V NAME reads $NAME from the
 * environment.
 */
export function linesWithoutValue(text) {
  const out = [];
  (text || "").split("\n").forEach((line, i) => {
    if (line.trim() !== "" && !line.includes("=")) out.push({ line: i + 1, name: line.trim() });
  });
  return out;
}

/** formatVars is the inverse of parseVars. */
export function formatVars(obj) {
  return Object.entries(obj).map(([k, v]) => `${k}=${v}`).join("\n");
}

/** featureList turns the toggles into --features items. */
export function featureList(features) {
  return Object.entries(features).map(([n, on]) => (on ? n : `${n}=false`));
}

/** toRequest builds the playground.Request for the state. */
export function toRequest(state, version = "") {
  const c = state.controls;
  const req = {
    version,
    files: fileMap(state.files),
    entry: state.entry,
    command: c.command,
    output: c.output,
    // The Validate switch's feature in show's requests while it is on, so
    // that show and validate share the engine's VM (validate.js).
    features: featureList(c.validate === true && c.command === "show" ? { ...c.features, "offline-validate": true } : c.features),
    alpha: !!c.alpha,
  };
  if (c.command === "eval" && c.expr.trim() !== "") req.expr = c.expr;
  if (state.links && Object.keys(state.links).length) req.links = state.links;
  // show's flags, sent when set (the response's command line shows them).
  // A state made elsewhere (embed.js's blocks) may lack them.
  if (c.command === "show") {
    if (c.showProvenance === true) req.showProvenance = true;
    if (typeof c.exportNames === "string" && c.exportNames.trim() !== "") req.exportNames = c.exportNames;
    if (typeof c.exportExt === "string" && c.exportExt.trim() !== "") req.exportExt = c.exportExt;
  }
  for (const kind of ["extStr", "extCode", "tlaStr", "tlaCode"]) {
    const v = parseVars(c.vars[kind]);
    if (Object.keys(v).length) req[kind] = v;
  }
  for (const kind of ["jpath", "jpathEnv", "jurl"]) {
    const list = lines(c[kind]);
    if (list.length) req[kind] = list;
  }
  return req;
}

/** lines are the non-blank lines of text, trimmed (a search path per line). */
export function lines(text) {
  return (typeof text === "string" ? text : "").split("\n").map((l) => l.trim()).filter((l) => l !== "");
}

/** validState checks the shape of a restored or decoded state. */
export function validState(s) {
  return !!s && typeof s === "object" && s.files && typeof s.files === "object" && !Array.isArray(s.files) &&
    Object.values(s.files).every((t) => typeof t === "string") &&
    typeof s.entry === "string" && Object.hasOwn(s.files, s.entry) &&
    s.controls && typeof s.controls === "object";
}

/**
 * timeLimits are the Time limit menu's seconds (0: the page's default): a
 * stored or shared limit is the largest of them that it reaches, so a
 * link can neither stop every run at once (past setTimeout's 2^31 ms) nor
 * let a runaway run for days.
 */
export const timeLimits = [0, 10, 30, 60, 300];

// clampLimit maps seconds to the menu's value at or below it.
function clampLimit(v) {
  if (!Number.isFinite(v) || v <= 0) return 0;
  let best = 0;
  for (const t of timeLimits) if (t <= v) best = t;
  return best;
}

// Bounds of what a stored or shared state's controls may hold: a feature
// gate's name, and how many of them.
const maxFeatureName = 100;
const maxFeatures = 200;

/**
 * normalize fills in anything a stored or shared state lacks, and keeps
 * of its controls only the known ones with values of the expected type
 * and size (a damaged save, a hand-made link): an unknown key could hold
 * anything, such as an array 200,000 deep past JSON.stringify's stack,
 * which would break every save and link of the workspace. The page can
 * then always build a request from it, and a state damaged before heals
 * when it is loaded.
 */
export function normalize(s) {
  const blank = blankControls();
  const given = isObject(s.controls) ? s.controls : {};
  const text = (v, d = "") => (typeof v === "string" ? v : d);
  const vars = isObject(given.vars) ? given.vars : {};
  const features = isObject(given.features) ? given.features : {};
  const c = {
    command: text(given.command, blank.command),
    expr: text(given.expr),
    output: text(given.output, blank.output),
    features: Object.fromEntries(Object.keys(features)
      .filter((name) => name.length <= maxFeatureName && typeof features[name] === "boolean")
      .slice(0, maxFeatures).map((name) => [name, features[name]])),
    alpha: given.alpha === true,
    vars: Object.fromEntries(Object.keys(blank.vars).map((k) => [k, text(vars[k])])),
    showProvenance: given.showProvenance === true,
    exportNames: text(given.exportNames),
    exportExt: text(given.exportExt),
    timeLimit: clampLimit(given.timeLimit),
    jpath: text(given.jpath),
    jpathEnv: text(given.jpathEnv),
    jurl: text(given.jurl),
    vendorDeclined: given.vendorDeclined === true,
    validate: given.validate === true,
    kubernetesVersion: kubernetesVersion(given.kubernetesVersion),
  };
  const active = typeof s.active === "string" && Object.hasOwn(s.files, s.active) ? s.active : s.entry;
  const links = isObject(s.links) ? Object.fromEntries(Object.entries(s.links).filter(([, t]) => typeof t === "string")) : {};
  return { files: fileMap(s.files), entry: s.entry, active, controls: c, example: text(s.example), links };
}

const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
