package stdlib

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

// suiteDifferences are the YAML test suite cases (YAML 1.2) whose JSON
// parseYaml gives differently, on purpose: kubectl's document splitting and
// YAML 1.1 as go-yaml v2 reads it.
var suiteDifferences = map[string]string{
	"565N":    "!!binary is decoded to its bytes (go-yaml v2), the suite keeps the base64 text",
	"652Z":    "{ ?foo: bar } is an explicit key in go-yaml v2",
	"6XDY":    "empty documents between separators are skipped (kubectl)",
	"8G76":    "a comment-only stream is one null document (kubectl)",
	"98YD":    "a comment-only stream is one null document (kubectl)",
	"DK95-01": "go-yaml v2 accepts a tab in a quoted scalar's continuation line",
	"HM87-01": "[?x] is an explicit key in go-yaml v2",
	"JHB9":    "a comment before the first separator is a null document (kubectl)",
	"PUW8":    "an empty document after the last separator is skipped (kubectl)",
	"Y2GN":    "go-yaml v2 ends an anchor name at ':'",
}

// TestYAMLTestSuite reads every in.yaml of the YAML test suite through
// parseYaml: none may panic, every result must be JSON, and where the suite
// gives the JSON (in.json) the result must be that JSON, except for the
// known differences above.
func TestYAMLTestSuite(t *testing.T) {
	dir := testdata.Dir(t, "yaml-test-suite")
	cases, err := filepath.Glob(filepath.Join(dir, "*", "in.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("no in.yaml files under %s", dir)
	}
	var same, failed int
	for _, in := range cases {
		name := filepath.Base(filepath.Dir(in))
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		docs, err := ParseYAMLStream(string(src))
		if err != nil {
			failed++
			continue
		}
		got, err := json.Marshal(docs)
		if err != nil {
			t.Errorf("%s: result is not JSON: %v", name, err)
			continue
		}
		want, ok := suiteJSON(t, filepath.Join(filepath.Dir(in), "in.json"))
		if !ok {
			continue
		}
		reason, known := suiteDifferences[name]
		switch equal := reflect.DeepEqual(docs, want); {
		case equal && known:
			t.Errorf("%s now matches the suite; drop it from suiteDifferences (%s)", name, reason)
		case equal:
			same++
		case !known:
			w, _ := json.Marshal(want)
			t.Errorf("%s: parseYaml(%q)\n got  %s\n want %s", name, src, got, w)
		}
	}
	t.Logf("%d cases: %d are errors, %d match the suite's JSON, %d known differences", len(cases), failed, same, len(suiteDifferences))
}

// suiteJSON reads a case's in.json, a stream of JSON values.
func suiteJSON(t *testing.T, path string) ([]any, bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	out := []any{}
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return out, true
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
}
