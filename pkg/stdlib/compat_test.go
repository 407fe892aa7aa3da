package stdlib

import (
	"testing"

	"github.com/google/go-jsonnet/formatter"
)

// TestKubecfgCallShapes calls every native exactly the way kubecfg's own
// kubecfg.libsonnet does (std.native by name, positional arguments), so a
// vendored copy of that library works against these natives.
func TestKubecfgCallShapes(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "parseJson", expr: `std.native('parseJson')('[3, 4]')`, want: arr{3, 4}},
		{name: "parseYaml", expr: `std.native('parseYaml')('---\n- 3\n---\nfoo: bar\n')`, want: arr{arr{3}, obj{"foo": "bar"}}},
		{name: "manifestJson", expr: `local f = std.native('manifestJson'); f({a: 1}, 4)`, want: "{\n    \"a\": 1\n}\n"},
		{name: "manifestYaml", expr: `std.native('manifestYaml')({a: [1]})`, want: "a:\n- 1\n"},
		{name: "escapeStringRegex", expr: `std.native('escapeStringRegex')('f[o')`, want: `f\[o`},
		{name: "resolveImage", expr: `std.native('resolveImage')('busybox')`, want: "docker.io/library/busybox:latest"},
		{name: "regexMatch", expr: `std.native('regexMatch')('o$', 'foo')`, want: true},
		{name: "regexSubst", expr: `std.native('regexSubst')('e', 'tree', 'oll')`, want: "trolloll"},
		{name: "validateJSONSchema", expr: `std.native('validateJSONSchema')({a: 1}, {type: 'object'})`, want: true},
		{name: "parseHelmChart", expr: `std.native('parseHelmChart')([], 'rel', 'ns', {}, {})`, err: helmUnavailable},
		{name: "named arguments", expr: `std.native('regexSubst')(regex='e', src='tree', repl='oll')`, want: "trolloll"},
	})
}

// TestLibraryIsFormatted keeps kubecfg.libsonnet as jsonnetfmt writes it.
func TestLibraryIsFormatted(t *testing.T) {
	got, err := formatter.Format(URL, Library, formatter.DefaultOptions())
	if err != nil {
		t.Fatalf("kubecfg.libsonnet does not parse: %v", err)
	}
	if got != Library {
		t.Errorf("kubecfg.libsonnet is not jsonnetfmt-formatted; formatted text:\n%s", got)
	}
}
