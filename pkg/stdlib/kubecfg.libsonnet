// kubecfg.libsonnet: kubecfg's built-in library, served at
// internal:///kubecfg.libsonnet.
//
// The names and meanings are those of kubecfg's own library, so code
// written for kubecfg runs unchanged. The functions marked "native" call
// kubecfg's native functions through std.native; in another Jsonnet tool
// std.native gives null for them, so only those fail, and only when called.
// Everything else is plain Jsonnet.
{
  // parseJson(json): the JSON text as a value. Native.
  parseJson:: std.native('parseJson'),

  // parseYaml(yaml): the YAML stream as an *array* of its documents, read
  // with YAML 1.1 rules as kubectl reads them (yes is true). One document is
  // still an array of one; '' is []. Native.
  parseYaml:: std.native('parseYaml'),

  // manifestJson(value, indent=4): value as pretty JSON, keys sorted, each
  // level indented by indent spaces, ending in a newline. Native.
  manifestJson(value, indent=4):: std.native('manifestJson')(value, indent),

  // manifestYaml(value): value as one YAML document. Native.
  manifestYaml:: std.native('manifestYaml'),

  // escapeStringRegex(str): str with every regular-expression
  // metacharacter quoted, so the result matches str literally. Native.
  escapeStringRegex:: std.native('escapeStringRegex'),

  // regexMatch(regex, string): whether the RE2 expression regex matches
  // somewhere in string. Native.
  regexMatch:: std.native('regexMatch'),

  // regexSubst(regex, src, repl): src with every match of regex replaced
  // by repl, in which $1 and ${1} stand for submatches. Native.
  regexSubst:: std.native('regexSubst'),

  // resolveImage(image): the image reference normalised (nginx is
  // docker.io/library/nginx:latest); with --resolve-images=registry the tag
  // is replaced by its digest. Native.
  resolveImage:: std.native('resolveImage'),

  // validateJSONSchema(obj, schema): true when obj is valid against the
  // JSON Schema schema, else an error naming what is invalid. Native.
  validateJSONSchema:: std.native('validateJSONSchema'),

  // parseHelmChart(chartData, releaseName, namespace, values,
  // capabilities={}): not part of this project's builds; calling it fails
  // with an error that says so. Native.
  parseHelmChart(chartData, releaseName, namespace, values, capabilities={})::
    std.native('parseHelmChart')(chartData, releaseName, namespace, values, capabilities),

  // requireFeature(name): true when the feature gate name is on, else the
  // gate's standard error. Code can require a feature; it cannot read
  // whether one is on. Native.
  requireFeature(name):: std.native('requireFeature')(name),

  // toOverlay(v): v rewritten as if every object field were written with
  // +:, so that base + toOverlay(v) merges objects at every depth and
  // replaces scalars and arrays. Unlike std.mergePatch it keeps evaluation
  // lazy.
  toOverlay(v)::
    if std.isObject(v) then {
      [kv.key]+: $.toOverlay(kv.value)
      for kv in std.objectKeysValues(v)
      if std.isObject(kv.value)
    } + {
      [kv.key]: kv.value
      for kv in std.objectKeysValues(v)
      if !std.isObject(kv.value)
    } else v,

  // isK8sObject(o): whether o is an object with visible apiVersion and
  // kind fields.
  isK8sObject(o)::
    std.isObject(o) && std.objectHas(o, 'apiVersion') && std.objectHas(o, 'kind'),

  local isK8sList(o) = $.isK8sObject(o) && o.apiVersion == 'v1' && o.kind == 'List',

  local walkError(o) =
    error ('o must be an object or array of k8s objects, found ' + std.type(o)),

  // deepMap(func, o): func applied to every Kubernetes object in o, a
  // nesting of objects, arrays and v1 Lists, keeping the structure of o.
  // null stays null; any other value is an error.
  deepMap(func, o)::
    if isK8sList(o) then
      o { items: [$.deepMap(func, item) for item in super.items] }
    else if $.isK8sObject(o) then
      func(o)
    else if std.isObject(o) then
      { [k]: $.deepMap(func, o[k]) for k in std.objectFields(o) }
    else if std.isArray(o) then
      [$.deepMap(func, elem) for elem in o]
    else if o == null then
      null
    else
      walkError(o),

  // fold(func, o, init): a left fold func(accumulator, object) over the
  // Kubernetes objects in o, in the order deepMap visits them (object
  // fields in sorted order, arrays in order, the items of v1 Lists).
  fold(func, o, init)::
    if isK8sList(o) then
      $.fold(func, o.items, init)
    else if $.isK8sObject(o) then
      func(init, o)
    else if std.isObject(o) then
      $.fold(func, [o[k] for k in std.objectFields(o)], init)
    else if std.isArray(o) then
      std.foldl(function(acc, elem) $.fold(func, elem, acc), o, init)
    else if o == null then
      init
    else
      walkError(o),

  local hasField(o, f, inc_hidden) =
    std.isObject(o) && (if inc_hidden then std.objectHasAll(o, f) else std.objectHas(o, f)),

  local getDeep(o, keys, default, inc_hidden) =
    if !hasField(o, keys[0], inc_hidden) then default
    else if std.length(keys) == 1 then o[keys[0]]
    else getDeep(o[keys[0]], keys[1:], default, inc_hidden),

  local hasDeep(o, keys, inc_hidden) =
    hasField(o, keys[0], inc_hidden) &&
    (std.length(keys) == 1 || hasDeep(o[keys[0]], keys[1:], inc_hidden)),

  // getPath(obj, path, default=null, inc_hidden=true): the value at the
  // dotted path ('a.b.c'), or default where a step is missing or is not an
  // object. Hidden fields count unless inc_hidden is false.
  getPath(obj, path, default=null, inc_hidden=true)::
    getDeep(obj, std.split(path, '.'), default, inc_hidden),

  // objectHasPath(obj, path, inc_hidden=false): whether the dotted path
  // exists; hidden fields count only when inc_hidden is true.
  objectHasPath(obj, path, inc_hidden=false)::
    hasDeep(obj, std.split(path, '.'), inc_hidden),

  // objectHasPathAll(obj, path): objectHasPath with hidden fields counted.
  objectHasPathAll(obj, path):: hasDeep(obj, std.split(path, '.'), true),

  layouts:: {
    // gvkName(acc, o): a fold helper that files o under acc['apiVersion.kind']
    // [name]. Use gvkNsName where names repeat across namespaces. A second
    // object with the same key is an error.
    gvkName(acc, o):: acc {
      [o.apiVersion + '.' + o.kind]+: {
        local duplicate = o.metadata.name in super,
        assert !duplicate :
               'layouts.gvkName: duplicate object %s.%s %s' % [o.apiVersion, o.kind, o.metadata.name],
        [o.metadata.name]: o,
      },
    },

    // gvkNsName(acc, o): a fold helper that files o under
    // acc['apiVersion.kind'][namespace][name], namespace '_' for objects
    // without one. A second object with the same key is an error.
    gvkNsName(acc, o):: acc {
      local ns = std.get(o.metadata, 'namespace', default='_'),
      [o.apiVersion + '.' + o.kind]+: {
        [ns]+: {
          local duplicate = o.metadata.name in super,
          assert !duplicate :
                 'layouts.gvkNsName: duplicate object %s.%s %s in namespace %s' % [o.apiVersion, o.kind, o.metadata.name, ns],
          [o.metadata.name]: o,
        },
      },
    },
  },

  // knit: keyed-array overlay merge (the alpha feature knit). Reading it
  // with the feature off fails with the gate's standard error.
  knit:: if $.requireFeature('knit') then {
    // keys: the array fields merged element by element, and the field that
    // matches elements.
    keys: {
      containers: 'name',
      initContainers: 'name',
      ephemeralContainers: 'name',
      env: 'name',
      volumes: 'name',
      imagePullSecrets: 'name',
      volumeMounts: 'mountPath',
      ports: 'containerPort',
    },

    // overlay(patch, keys=knit.keys): a mixin; base + overlay(patch) merges
    // objects at every depth, merges the arrays named in keys element by
    // element (matched by the key field: matched elements merge, new ones
    // are appended, base order is kept) and replaces other arrays and
    // scalars.
    overlay(patch, keys=self.keys):: knitOverlay(patch, keys),

    // merge(base, patch, keys=knit.keys): base + overlay(patch, keys).
    merge(base, patch, keys=self.keys):: base + knitOverlay(patch, keys),
  },

  local knitOverlay(patch, keys) =
    if !std.isObject(patch) then
      error 'knit.overlay: patch must be an object, got ' + std.type(patch)
    else if !std.isObject(keys) then
      error 'knit.overlay: keys must be an object, got ' + std.type(keys)
    else {
      [k]:
        local p = patch[k];
        if k in super then
          if std.isObject(p) && std.isObject(super[k]) then
            super[k] + knitOverlay(p, keys)
          else if std.isArray(p) && std.objectHas(keys, k) && std.isArray(super[k]) then
            knitMergeArray(super[k], p, knitKey(keys, k), keys)
          else p
        else p
      for k in std.objectFields(patch)
    },

  local knitKey(keys, k) =
    if std.isString(keys[k]) then keys[k]
    else error 'knit.overlay: keys.%s must be a string, got %s' % [k, std.type(keys[k])],

  local keyed(e, key) = std.isObject(e) && std.objectHas(e, key),

  // Merges the patch elements into base one at a time, so a key that
  // repeats in the patch merges twice.
  local knitMergeArray(base, patch, key, keys) =
    std.foldl(
      function(acc, p)
        local at = if keyed(p, key) then
          [i for i in std.range(0, std.length(acc) - 1) if keyed(acc[i], key) && acc[i][key] == p[key]]
        else [];
        if at == [] then acc + [p]
        else acc[:at[0]] + [acc[at[0]] + knitOverlay(p, keys)] + acc[at[0] + 1:],
      patch,
      base,
    ),
}
