package stdlib

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/internal/testdata"
)

// nativeFunc finds a native by name.
func nativeFunc(t testing.TB, name string) func([]any) (any, error) {
	for _, f := range Natives(Options{}) {
		if f.Name == name {
			return f.Func
		}
	}
	t.Fatalf("no native %s", name)
	return nil
}

var yamlSeeds = []string{
	"", "a: 1\n", "---\n- 3\n- 4\n---\nfoo: bar\n", "a: yes\nb: 012\n", "--- x\n",
	"a: &x {b: 1}\nc: *x\n", "a: b: c", "? [1, 2]\n: x\n", "s: |\n  one\n", "\t- x", "~: null\n",
	"a: !!binary aGVsbG8=\n", "1e400", "a:\n- [b, {c: .inf}]\n", "---\r\n# c\r\n---\r\n", "*x", "{a: [}",
}

func FuzzParseYaml(f *testing.F) {
	for _, s := range yamlSeeds {
		f.Add(s)
	}
	// The YAML test suite's inputs too, when it is there.
	suite, _ := filepath.Glob(filepath.Join(testdata.Root(), "yaml-test-suite", "*", "in.yaml"))
	for _, in := range suite {
		if src, err := os.ReadFile(in); err == nil {
			f.Add(string(src))
		}
	}
	parse := nativeFunc(f, "parseYaml")
	f.Fuzz(func(t *testing.T, s string) {
		// Straight through, without the native's guard: a panic here
		// fails the fuzzer.
		docs, err := ParseYAMLStream(s)
		if err != nil {
			return
		}
		if _, err := json.Marshal(docs); err != nil {
			t.Fatalf("parseYaml(%q) gave a value that is not JSON: %v", s, err)
		}
		res, err := parse([]any{s})
		if err != nil {
			t.Fatalf("native failed where ParseYAMLStream did not: %v", err)
		}
		if !reflect.DeepEqual(res, docs) {
			t.Fatalf("native and ParseYAMLStream differ on %q", s)
		}
	})
}

func FuzzParseJson(f *testing.F) {
	for _, s := range []string{"", "1", `{"a": [1, 2.5, null, true]}`, `{"a":`, `"\ud800"`, "1e400", "[]]", " \n"} {
		f.Add(s)
	}
	parse := nativeFunc(f, "parseJson")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parse([]any{s})
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("parseJson(%q) panicked: %v", s, err)
		}
		valid := json.Valid([]byte(s))
		switch {
		case !valid && err == nil:
			t.Fatalf("parseJson(%q) accepted invalid JSON", s)
		case valid && err != nil && !strings.Contains(err.Error(), "cannot unmarshal number"):
			// Only numbers out of float64's range may fail in valid JSON.
			t.Fatalf("parseJson(%q) rejected valid JSON: %v", s, err)
		}
		if err == nil {
			if _, err := json.Marshal(v); err != nil {
				t.Fatalf("parseJson(%q) gave a value that is not JSON: %v", s, err)
			}
		}
	})
}

// FuzzManifestYamlRoundTrip checks that what manifestYaml writes,
// parseYaml reads back as the same value: strings that YAML 1.1 would
// read as something else must come out quoted.
func FuzzManifestYamlRoundTrip(f *testing.F) {
	for _, s := range []string{`{"a": "yes", "b": "012", "c": "n"}`, `["~", "", "1e3", "0x1F", "-", "? x"]`, `{"k": "line\nline\n"}`, `12345678901234567890`, `{"yes": 1}`} {
		f.Add(s)
	}
	manifest := nativeFunc(f, "manifestYaml")
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		out, err := manifest([]any{v})
		if err != nil {
			t.Fatalf("manifestYaml(%s): %v", s, err)
		}
		// parseYaml's depth check must count the collections of v, no
		// more (brackets in strings are text) and no fewer.
		d := valueDepth(v)
		if line, col, deep := lex.YAMLDepth(out.(string), d); deep {
			t.Fatalf("manifestYaml(%s) = %q: the depth check finds more than %d levels at %d:%d", s, out, d, line, col)
		}
		if _, _, deep := lex.YAMLDepth(out.(string), d-1); d > 0 && !deep {
			t.Fatalf("manifestYaml(%s) = %q: the depth check finds fewer than %d levels", s, out, d)
		}
		docs, err := ParseYAMLStream(out.(string))
		if err != nil {
			t.Fatalf("parseYaml cannot read manifestYaml(%s) = %q: %v", s, out, err)
		}
		if len(docs) != 1 || !reflect.DeepEqual(docs[0], v) {
			t.Fatalf("round trip of %s through %q gave %#v", s, out, docs)
		}
	})
}

// valueDepth is how deeply collections nest in a JSON value.
func valueDepth(v any) int {
	d := 0
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			d = max(d, valueDepth(e))
		}
	case map[string]any:
		for _, e := range v {
			d = max(d, valueDepth(e))
		}
	default:
		return 0
	}
	return d + 1
}
