// Completion of the library's names: after `kubecfg.` (the predefined or
// imported library, STDLIB.md), `kubecfg.layouts.`, `kubecfg.knit.` and
// `std.`.

const members = {
  kubecfg: [
    ["parseJson", "(s) the JSON text s as a value"], ["parseYaml", "(s) the YAML stream s as an array of documents"],
    ["manifestJson", "(v, indent=4) v as pretty JSON text"], ["manifestYaml", "(v) v as one YAML document"],
    ["escapeStringRegex", "(s) s with regexp metacharacters quoted"], ["regexMatch", "(re, s) whether RE2 re matches s"],
    ["regexSubst", "(re, s, repl) every match replaced"], ["resolveImage", "(ref) the image reference normalised"],
    ["validateJSONSchema", "(obj, schema) true, or an error"], ["toOverlay", "(v) v as a deep-merge overlay"],
    ["isK8sObject", "(o) whether o has apiVersion and kind"], ["deepMap", "(f, o) f on every Kubernetes object"],
    ["fold", "(f, o, init) a left fold over the objects"], ["getPath", "(o, 'a.b', default=null) a dotted-path lookup"],
    ["objectHasPath", "(o, path) whether a dotted path exists"], ["objectHasPathAll", "(o, path) with hidden fields"],
    ["layouts", "fold helpers: gvkName, gvkNsName"], ["knit", "keyed-array overlay merge (feature knit)"],
    ["requireFeature", "(name) true, or the feature's standard error"],
  ],
  "kubecfg.layouts": [["gvkName", "(acc, o) file objects under apiVersion.kind, name"], ["gvkNsName", "(acc, o) … and namespace"]],
  "kubecfg.knit": [["overlay", "(patch, keys=knit.keys) a keyed-array mixin"], ["merge", "(base, patch, keys=knit.keys)"], ["keys", "the usual list fields and their keys"]],
  std: "abs assertEqual base64 base64Decode ceil char codepoint count endsWith escapeStringJson extVar filter filterMap find flatMap flattenArrays floor foldl foldr format get isArray isBoolean isFunction isNumber isObject isString join length lines lstripChars makeArray manifestJson manifestJsonEx manifestYamlDoc manifestYamlStream map mapWithIndex mapWithKey max md5 member mergePatch min native objectFields objectFieldsAll objectHas objectHasAll objectValues parseInt parseJson parseYaml prune range repeat reverse rstripChars set setDiff setInter setMember setUnion sort split splitLimit startsWith stripChars substr sum toString trace uniq"
    .split(" ").map((n) => [n, "std library"]),
};

/**
 * completionsAt returns { from, options } for the text before the cursor,
 * or null when no library name is being typed there.
 */
export function completionsAt(before) {
  const m = /(?<![\w.$])((?:kubecfg\.(?:layouts|knit))|kubecfg|std)\.([A-Za-z0-9_]*)$/.exec(before);
  if (!m) return null;
  const list = members[m[1]];
  if (!list) return null;
  return {
    from: before.length - m[2].length,
    options: list.filter(([n]) => n.startsWith(m[2])).map(([label, detail]) => ({ label, detail, type: "function" })),
  };
}

/** librarySource is the CodeMirror completion source. */
export function librarySource(context) {
  const line = context.state.doc.lineAt(context.pos);
  const got = completionsAt(line.text.slice(0, context.pos - line.from));
  if (!got || (!got.options.length && !context.explicit)) return null;
  return { from: line.from + got.from, options: got.options, validFor: /^[A-Za-z0-9_]*$/ };
}
