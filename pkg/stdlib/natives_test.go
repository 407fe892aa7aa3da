package stdlib

import (
	"errors"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	goyaml "go.yaml.in/yaml/v2"
)

func TestParseJson(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "object", expr: `kubecfg.parseJson('{"b": [1, 2.5, null, true], "a": "x"}')`, want: obj{"a": "x", "b": arr{1, 2.5, nil, true}}},
		{name: "array", expr: `kubecfg.parseJson('[3, 4]')`, want: arr{3, 4}},
		{name: "scalar", expr: `kubecfg.parseJson('"s"')`, want: "s"},
		{name: "named argument", expr: `std.native('parseJson')(json='{"k": 1}')`, want: obj{"k": 1}},
		{name: "bad text", expr: `kubecfg.parseJson('x')`, err: "invalid character 'x' looking for beginning of value"},
		{name: "trailing text", expr: `kubecfg.parseJson('{}}')`, err: "invalid character '}' after top-level value"},
		{name: "empty", expr: `kubecfg.parseJson('')`, err: "unexpected end of JSON input"},
		{name: "not a string", expr: `kubecfg.parseJson(1)`, err: "parseJson: json must be a string, got number"},
	})
}

func TestParseYaml(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "empty stream", expr: `kubecfg.parseYaml('')`, want: arr{}},
		{name: "one document", expr: `kubecfg.parseYaml('a: 1\n')`, want: arr{obj{"a": 1}}},
		{name: "no final newline", expr: `kubecfg.parseYaml('a: 1')`, want: arr{obj{"a": 1}}},
		{name: "multi-document", expr: `kubecfg.parseYaml('---\n- 3\n- 4\n---\nfoo: bar\nbaz: xyzzy\n')`, want: arr{arr{3, 4}, obj{"foo": "bar", "baz": "xyzzy"}}},
		{name: "yaml 1.1 booleans", expr: `kubecfg.parseYaml('a: yes\nb: no\nc: on\nd: off\ne: "yes"\n')`, want: arr{obj{"a": true, "b": false, "c": true, "d": false, "e": "yes"}}},
		{name: "yaml 1.1 octal", expr: `kubecfg.parseYaml('a: 012\nb: "012"\n')`, want: arr{obj{"a": 10, "b": "012"}}},
		{name: "comment-only document is null", expr: `kubecfg.parseYaml('a: 1\n---\n# nothing here\n---\nb: 2\n')`, want: arr{obj{"a": 1}, nil, obj{"b": 2}}},
		{name: "trailing separator", expr: `kubecfg.parseYaml('a: 1\n---\n')`, want: arr{obj{"a": 1}}},
		{name: "empty documents between separators skipped", expr: `kubecfg.parseYaml('---\n---\na: 1\n---\n---\n')`, want: arr{obj{"a": 1}}},
		{name: "separator with comment", expr: `kubecfg.parseYaml('--- # first\na: 1\n')`, want: arr{obj{"a": 1}}},
		{name: "crlf line ends", expr: `kubecfg.parseYaml('a: 1\r\n---\r\nb: 2\r\n')`, want: arr{obj{"a": 1}, obj{"b": 2}}},
		{name: "non-string keys", expr: `kubecfg.parseYaml('1: one\ntrue: t\n')`, want: arr{obj{"1": "one", "true": "t"}}},
		{name: "aliases", expr: `kubecfg.parseYaml('a: &x {b: 1}\nc: *x\n')`, want: arr{obj{"a": obj{"b": 1}, "c": obj{"b": 1}}}},
		{name: "block scalar", expr: `kubecfg.parseYaml('s: |\n  one\n  two\n')`, want: arr{obj{"s": "one\ntwo\n"}}},
		{name: "bad separator", expr: `kubecfg.parseYaml('a: 1\n--- b\n')`, err: "invalid Yaml document separator: b"},
		{name: "error line counts from the stream", expr: `kubecfg.parseYaml('a: 1\n---\n# two\nb: [\n')`, err: "error converting YAML to JSON: yaml: line 4: did not find expected node content"},
		{name: "error line in first document", expr: `kubecfg.parseYaml('a: 1\nb: [\n---\nc: 1\n')`, err: "error converting YAML to JSON: yaml: line 2: did not find expected node content"},
		{name: "document end marker", expr: `kubecfg.parseYaml('a: 1\n...\n# done\n---\nb: 2\n')`, want: arr{obj{"a": 1}, obj{"b": 2}}},
		{name: "content after document end", expr: `kubecfg.parseYaml('x: 0\n---\na: 1\n...\nb: 2\n')`, err: `error converting YAML to JSON: yaml: line 4: did not find expected <document start> (after a "..." line, a document must start with "---")`},
		{name: "dots inside a block scalar", expr: `kubecfg.parseYaml('s: |\n  ...\n')`, want: arr{obj{"s": "...\n"}}},
		{name: "syntax error", expr: `kubecfg.parseYaml('a: b: c\n')`, err: "error converting YAML to JSON: yaml: mapping values are not allowed in this context"},
		{name: "not a string", expr: `kubecfg.parseYaml(null)`, err: "parseYaml: yaml must be a string, got null"},
	})
}

func TestManifestJson(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "default indent sorts keys", expr: `kubecfg.manifestJson({foo: 'bar', baz: [3, 4]})`, want: "{\n    \"baz\": [\n        3,\n        4\n    ],\n    \"foo\": \"bar\"\n}\n"},
		{name: "indent 2", expr: `kubecfg.manifestJson({foo: 'bar', baz: [3, 4]}, indent=2)`, want: "{\n  \"baz\": [\n    3,\n    4\n  ],\n  \"foo\": \"bar\"\n}\n"},
		{name: "indent 0", expr: `kubecfg.manifestJson({a: {b: 1}}, 0)`, want: "{\n\"a\": {\n\"b\": 1\n}\n}\n"},
		{name: "string", expr: `kubecfg.manifestJson('foo')`, want: "\"foo\"\n"},
		{name: "html escaped", expr: `kubecfg.manifestJson('<a&b>')`, want: "\"\\u003ca\\u0026b\\u003e\"\n"},
		{name: "hidden fields left out", expr: `kubecfg.manifestJson({a:: 1, b: 2}, 1)`, want: "{\n \"b\": 2\n}\n"},
		{name: "empty containers", expr: `kubecfg.manifestJson({a: {}, b: []}, 1)`, want: "{\n \"a\": {},\n \"b\": []\n}\n"},
		{name: "numbers as go prints them", expr: `kubecfg.manifestJson([0.1, 1e20, 1e21, -0.5], 0)`, want: "[\n0.1,\n100000000000000000000,\n1e+21,\n-0.5\n]\n"},
		{name: "negative indent", expr: `kubecfg.manifestJson({}, -1)`, err: "manifestJson: indent must be a whole number from 0 to 100, got -1"},
		{name: "fractional indent", expr: `kubecfg.manifestJson({}, 1.5)`, err: "manifestJson: indent must be a whole number from 0 to 100, got 1.5"},
		{name: "huge indent", expr: `kubecfg.manifestJson({}, 1e300)`, err: "manifestJson: indent must be a whole number from 0 to 100, got 1e+300"},
		{name: "string indent", expr: `kubecfg.manifestJson({}, '2')`, err: "manifestJson: indent must be a number, got string"},
	})
}

func TestManifestYaml(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "sorted keys, sequences not indented", expr: `kubecfg.manifestYaml({foo: 'bar', baz: [3, 4]})`, want: "baz:\n- 3\n- 4\nfoo: bar\n"},
		{name: "natural key order", expr: `kubecfg.manifestYaml({x10: 1, x2: 1, x1: 1})`, want: "x1: 1\nx2: 1\nx10: 1\n"},
		{name: "yaml 1.1 lookalikes quoted", expr: `kubecfg.manifestYaml({a: 'yes', b: 'n', c: '012', d: 'true', e: 'plain'})`, want: "a: \"yes\"\nb: \"n\"\nc: \"012\"\nd: \"true\"\ne: plain\n"},
		{name: "multi-line string as block", expr: `kubecfg.manifestYaml({s: 'one\ntwo\n'})`, want: "s: |\n  one\n  two\n"},
		{name: "numbers", expr: `kubecfg.manifestYaml({a: 12345678901234567890, b: 1e20, c: 0.0000001, d: 1.5, e: 100})`, want: "a: 12345678901234567000\nb: 1e+20\nc: 1e-07\nd: 1.5\ne: 100\n"},
		{name: "scalar document", expr: `kubecfg.manifestYaml('foo')`, want: "foo\n"},
		{name: "null", expr: `kubecfg.manifestYaml(null)`, want: "null\n"},
		{name: "NEL escaped", expr: `kubecfg.manifestYaml({s: 'a\u0085b'})`, want: "s: \"a\\Nb\"\n"},
		{name: "control character", expr: `kubecfg.manifestYaml({s: '\u007f'})`, want: "s: \"\\x7F\"\n"},
	})
}

func TestRegex(t *testing.T) {
	roundTrip := func(s string) string {
		return `kubecfg.regexMatch('^' + kubecfg.escapeStringRegex(` + s + `) + '$', ` + s + `)`
	}
	runCases(t, Options{}, []evalCase{
		{name: "escape brackets", expr: `kubecfg.escapeStringRegex('f[o')`, want: `f\[o`},
		{name: "escape every metacharacter", expr: `kubecfg.escapeStringRegex('\\.+*?()|[]{}^$')`, want: `\\\.\+\*\?\(\)\|\[\]\{\}\^\$`},
		{name: "escape plain text unchanged", expr: `kubecfg.escapeStringRegex('abc-_/')`, want: "abc-_/"},
		{name: "round trip metacharacters", expr: roundTrip(`'a.b*c(x)|[y]{2}$^\\'`), want: true},
		{name: "round trip empty", expr: roundTrip(`''`), want: true},
		{name: "escaped dot is literal", expr: `kubecfg.regexMatch(kubecfg.escapeStringRegex('a.c'), 'abc')`, want: false},
		{name: "unescaped dot matches any", expr: `kubecfg.regexMatch('a.c', 'abc')`, want: true},
		{name: "match at end", expr: `kubecfg.regexMatch('o$', 'foo')`, want: true},
		{name: "anchored miss", expr: `kubecfg.regexMatch('^o', 'foo')`, want: false},
		{name: "match anywhere", expr: `kubecfg.regexMatch('b+', 'abbc')`, want: true},
		{name: "bad regex", expr: "kubecfg.regexMatch('[', 'x')", err: "error parsing regexp: missing closing ]: `[`"},
		{name: "match not a string", expr: `kubecfg.regexMatch('a', 1)`, err: "regexMatch: string must be a string, got number"},
		{name: "subst every match", expr: `kubecfg.regexSubst('e', 'tree', 'oll')`, want: "trolloll"},
		{name: "subst $1", expr: `kubecfg.regexSubst('(\\w+)@(\\w+)', 'me@host', '$2 at $1')`, want: "host at me"},
		{name: "subst ${1}", expr: `kubecfg.regexSubst('(a)(b)', 'ab', '${1}x${2}')`, want: "axb"},
		{name: "subst $1x is a group named 1x", expr: `kubecfg.regexSubst('(a)(b)', 'ab', '$1x$2')`, want: "b"},
		{name: "subst $$", expr: `kubecfg.regexSubst('a', 'a', '$$')`, want: "$"},
		{name: "subst no match", expr: `kubecfg.regexSubst('z', 'tree', 'y')`, want: "tree"},
		{name: "subst bad regex", expr: `kubecfg.regexSubst('(', 'x', 'y')`, err: "error parsing regexp: missing closing ): `(`"},
		{name: "subst repl not a string", expr: `kubecfg.regexSubst('a', 'a', [])`, err: "regexSubst: repl must be a string, got array"},
	})
}

const digest = "sha256:7cc4b5aefd1d0cadf8d97d4350462ba51c694ebca145b08d7d41b41acc8db5aa"

func TestResolveImage(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "familiar name", expr: `kubecfg.resolveImage('nginx')`, want: "docker.io/library/nginx:latest"},
		{name: "familiar name with tag", expr: `kubecfg.resolveImage('nginx:1.27')`, want: "docker.io/library/nginx:1.27"},
		{name: "user repository", expr: `kubecfg.resolveImage('bitnami/redis')`, want: "docker.io/bitnami/redis:latest"},
		{name: "other registry", expr: `kubecfg.resolveImage('quay.io/foo/bar')`, want: "quay.io/foo/bar:latest"},
		{name: "registry with port", expr: `kubecfg.resolveImage('localhost:5000/app:v1')`, want: "localhost:5000/app:v1"},
		{name: "already normalised", expr: `kubecfg.resolveImage('docker.io/library/busybox:latest')`, want: "docker.io/library/busybox:latest"},
		{name: "digest", expr: `kubecfg.resolveImage('nginx@` + digest + `')`, want: "docker.io/library/nginx@" + digest},
		{name: "tag and digest keeps digest", expr: `kubecfg.resolveImage('nginx:1.27@` + digest + `')`, want: "docker.io/library/nginx@" + digest},
		{name: "bad reference", expr: `kubecfg.resolveImage('UPPER/x::')`, err: `parsing reference "UPPER/x::": could not parse reference: UPPER/x::`},
		{name: "upper case name", expr: `kubecfg.resolveImage('Nginx')`, err: `parsing reference "Nginx": could not parse reference: Nginx`},
		{name: "empty", expr: `kubecfg.resolveImage('')`, err: `parsing reference "": could not parse reference: `},
		{name: "not a string", expr: `kubecfg.resolveImage({})`, err: "resolveImage: image must be a string, got object"},
	})
}

func TestResolveImageHook(t *testing.T) {
	var calls []string
	opts := Options{ResolveImage: func(ref string) (string, error) {
		calls = append(calls, ref)
		if strings.Contains(ref, "missing") {
			return "", errors.New("manifest unknown")
		}
		name, _, _ := strings.Cut(ref, ":")
		return name + "@" + digest, nil
	}}
	runCases(t, opts, []evalCase{
		{name: "tag becomes digest", expr: `kubecfg.resolveImage('nginx:1.27')`, want: "docker.io/library/nginx@" + digest},
		{name: "digest left alone", expr: `kubecfg.resolveImage('busybox@` + digest + `')`, want: "docker.io/library/busybox@" + digest},
		{name: "resolver error", expr: `kubecfg.resolveImage('missing')`, err: "resolving image docker.io/library/missing:latest: manifest unknown"},
		{name: "bad reference never reaches resolver", expr: `kubecfg.resolveImage('UPPER/x::')`, err: `parsing reference "UPPER/x::": could not parse reference: UPPER/x::`},
	})
	want := []string{"docker.io/library/nginx:1.27", "docker.io/library/missing:latest"}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("resolver calls = %q, want %q", calls, want)
	}
}

func TestNormalizeImageErrorUnwraps(t *testing.T) {
	_, _, err := NormalizeImage("UPPER/x::")
	var ref *ImageRefError
	if !errors.As(err, &ref) || ref.Err == nil || ref.Ref != "UPPER/x::" {
		t.Fatalf("NormalizeImage error = %#v, want *ImageRefError wrapping the parser's error", err)
	}
}

func TestValidateJSONSchema(t *testing.T) {
	const person = `{type: 'object', properties: {name: {type: 'string'}, age: {type: 'integer', minimum: 0}}, required: ['name']}`
	runCases(t, Options{}, []evalCase{
		{name: "valid", expr: `kubecfg.validateJSONSchema({name: 'a', age: 3}, ` + person + `)`, want: true},
		{name: "hidden fields are not validated", expr: `kubecfg.validateJSONSchema({name: 'a', age:: -1}, ` + person + `)`, want: true},
		{name: "wrong type", expr: `kubecfg.validateJSONSchema({name: 1}, ` + person + `)`, err: "object is invalid against the schema: jsonschema validation failed with 'internal:///validateJSONSchema/schema.json#'"},
		{name: "invalid schema", expr: `kubecfg.validateJSONSchema({}, {type: 'bogus'})`, err: "unable to compile jsonschema: \"internal:///validateJSONSchema/schema.json#\" is not valid against metaschema: jsonschema validation failed with 'https://json-schema.org/draft/2020-12/schema#'"},
		{name: "remote ref refused", expr: `kubecfg.validateJSONSchema({}, {'$ref': 'https://example.com/s.json'})`, err: "unable to compile jsonschema: failing loading \"https://example.com/s.json\": no URLLoader registered for \"https://example.com/s.json\""},
		{name: "local ref", expr: `kubecfg.validateJSONSchema([1, 2], {'$defs': {n: {type: 'number'}}, type: 'array', items: {'$ref': '#/$defs/n'}})`, want: true},
		{name: "draft-07 honoured", expr: `kubecfg.validateJSONSchema([1, 'x'], {'$schema': 'http://json-schema.org/draft-07/schema#', items: [{type: 'number'}, {type: 'string'}]})`, want: true},
	})
}

func TestValidateJSONSchemaNamesWhatIsInvalid(t *testing.T) {
	err := ValidateJSONSchema(
		map[string]any{"name": 1.0, "age": -1.0},
		map[string]any{"type": "object", "properties": map[string]any{
			"name": map[string]any{"type": "string"},
			"age":  map[string]any{"type": "integer", "minimum": 0.0},
		}, "required": []any{"name", "id"}},
	)
	if err == nil {
		t.Fatal("ValidateJSONSchema accepted an invalid object")
	}
	for _, want := range []string{
		"object is invalid against the schema",
		"at '': missing property 'id'",
		"at '/name': got number, want string",
		"at '/age': minimum: got -1, want 0",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not contain %q:\n%v", want, err)
		}
	}
}

func TestParseHelmChart(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "library function", expr: `kubecfg.parseHelmChart([], 'r', 'ns', {})`, err: helmUnavailable},
		{name: "native as kubecfg's library calls it", expr: `std.native('parseHelmChart')([], 'r', 'ns', {}, {})`, err: helmUnavailable},
	})
}

func TestRequireFeature(t *testing.T) {
	runCases(t, knitOn(t), []evalCase{
		{name: "on", expr: `kubecfg.requireFeature('knit')`, want: true},
		{name: "other feature off", expr: `kubecfg.requireFeature('pack')`, err: "pack is an alpha feature; turn it on with --features=pack"},
		{name: "unknown", expr: `kubecfg.requireFeature('nope')`, err: `requireFeature: unknown feature "nope" (known: ` + strings.Join(knownFeatures(), ", ") + `)`},
		{name: "not a string", expr: `kubecfg.requireFeature(true)`, err: "requireFeature: name must be a string, got boolean"},
	})
	runCases(t, Options{}, []evalCase{
		{name: "default gates: knit off", expr: `kubecfg.requireFeature('knit')`, err: "knit is an alpha feature; turn it on with --features=knit"},
	})
}

// kubecfgNatives are the natives kubecfg registers, with its parameter
// names: a vendored copy of kubecfg's library calls these.
var kubecfgNatives = map[string][]string{
	"parseJson":          {"json"},
	"parseYaml":          {"yaml"},
	"manifestJson":       {"json", "indent"},
	"manifestYaml":       {"json"},
	"resolveImage":       {"image"},
	"escapeStringRegex":  {"str"},
	"regexMatch":         {"regex", "string"},
	"regexSubst":         {"regex", "src", "repl"},
	"parseHelmChart":     {"releaseName", "namespace", "chartData", "values", "capabilities"},
	"validateJSONSchema": {"obj", "schema"},
}

func TestNativesMatchKubecfg(t *testing.T) {
	got := map[string][]string{}
	for _, f := range Natives(Options{}) {
		if _, dup := got[f.Name]; dup {
			t.Errorf("native %s registered twice", f.Name)
		}
		var params []string
		for _, p := range f.Params {
			params = append(params, string(p))
		}
		got[f.Name] = params
	}
	for name, want := range kubecfgNatives {
		params, ok := got[name]
		if !ok {
			t.Errorf("kubecfg's native %s is missing", name)
			continue
		}
		// Positional calls must line up; parseHelmChart only fails, so
		// only its arity matters.
		if name == "parseHelmChart" {
			if len(params) != len(want) {
				t.Errorf("%s has %d parameters, kubecfg's has %d", name, len(params), len(want))
			}
			continue
		}
		if !reflect.DeepEqual(params, want) {
			t.Errorf("%s parameters = %q, kubecfg's are %q", name, params, want)
		}
	}
}

func TestLibraryCallsOnlyRegisteredNatives(t *testing.T) {
	registered := map[string]bool{}
	for _, f := range Natives(Options{}) {
		registered[f.Name] = true
	}
	var called []string
	for _, m := range regexp.MustCompile(`std\.native\('([^']+)'\)`).FindAllStringSubmatch(Library, -1) {
		called = append(called, m[1])
		if !registered[m[1]] {
			t.Errorf("library calls std.native(%q), which is not registered", m[1])
		}
	}
	sort.Strings(called)
	if len(called) < len(kubecfgNatives) {
		t.Errorf("library calls only %d natives: %q", len(called), called)
	}
}

func TestUnknownNativeIsNull(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "unknown", expr: `std.native('noSuchNative') == null`, want: true},
	})
}

func TestGuardTurnsPanicIntoError(t *testing.T) {
	f := guard(native{name: "boom", params: []string{"x"}, fn: func([]any) (any, error) { panic("kaboom") }})
	if _, err := f([]any{1.0}); err == nil || err.Error() != "boom: internal error: kaboom" {
		t.Fatalf("guard error = %v", err)
	}
	if _, err := f(nil); err == nil || err.Error() != "boom: want 1 arguments, got 0" {
		t.Fatalf("guard arity error = %v", err)
	}
}

func TestManifestYAMLFallbackMatchesJSONPath(t *testing.T) {
	// Values the JSON path handles, written by the fallback, must come
	// out the same.
	for _, v := range []any{
		map[string]any{"a": 12345678901234567890.0, "b": 1e20, "c": 1e-7, "d": 1.5, "e": 100.0, "f": -0.0, "g": -3.0, "h": 1e21},
		map[string]any{"x10": "yes", "x2": []any{"012", "n", nil, true, "~"}, "x1": map[string]any{"s": "one\ntwo\n"}},
	} {
		viaJSON, err := ManifestYAML(v)
		if err != nil {
			t.Fatal(err)
		}
		direct, err := goyaml.Marshal(yamlValue(v))
		if err != nil {
			t.Fatal(err)
		}
		if viaJSON != string(direct) {
			t.Errorf("fallback differs:\n--- json path\n%s--- fallback\n%s", viaJSON, direct)
		}
	}
}
