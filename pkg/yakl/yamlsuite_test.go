package yakl

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/testdata"
	"github.com/kubecfg/kubecfg/pkg/yakl/internal/syntax"
)

// expectedValue is the value YAKL gives a plain YAML stream whose documents
// have the values in in.json: empty documents skipped, one document is the
// value, several a list.
func expectedValue(src, inJSON []byte) (any, error) {
	var values []any
	dec := json.NewDecoder(bytes.NewReader(inJSON))
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		values = append(values, v)
	}
	syn, err := syntax.Parse(src)
	if err != nil {
		return nil, err
	}
	var kinds []docKind
	for _, d := range syn.Docs {
		kinds = append(kinds, classify(d))
	}
	if len(kinds) != len(values) {
		// in.json leaves out empty documents in some cases.
		var kept []docKind
		for _, k := range kinds {
			if k != docEmpty {
				kept = append(kept, k)
			}
		}
		if len(kept) != len(values) {
			return nil, errors.New("in.json and the stream have different numbers of documents")
		}
		kinds = kept
	}
	var vals []any
	for i, k := range kinds {
		if k != docEmpty {
			vals = append(vals, values[i])
		}
	}
	switch len(vals) {
	case 0:
		return nil, nil
	case 1:
		return vals[0], nil
	}
	return vals, nil
}

// TestYAMLTestSuite: every valid case of the YAML test suite evaluates to its
// in.json or is refused with a YAKL error; invalid cases are refused.
func TestYAMLTestSuite(t *testing.T) {
	dir := testdata.Dir(t, "yaml-test-suite")
	cases, err := filepath.Glob(filepath.Join(dir, "*", "in.yaml"))
	if err != nil || len(cases) < 300 {
		t.Fatalf("found %d cases (%v)", len(cases), err)
	}
	var valid, evaluated, refusedValid, noJSON, invalid, refusedInvalid int
	reasons := map[string]int{}
	for _, in := range cases {
		cdir := filepath.Dir(in)
		name := filepath.Base(cdir)
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		code, cerr := Compile(name+".yakl", src)
		var ye *Error
		if cerr != nil && !errors.As(cerr, &ye) {
			t.Errorf("%s: error %v is not a *yakl.Error", name, cerr)
		}
		if _, err := os.Stat(filepath.Join(cdir, "error")); err == nil {
			invalid++
			if cerr != nil {
				refusedInvalid++
			} else if testing.Verbose() {
				t.Logf("%s: invalid, but compiles", name)
			}
			continue
		}
		inJSON, err := os.ReadFile(filepath.Join(cdir, "in.json"))
		if err != nil {
			noJSON++
			continue
		}
		valid++
		if cerr != nil {
			refusedValid++
			reasons[reason(ye.Msg)]++
			continue
		}
		want, err := expectedValue(src, inJSON)
		if err != nil {
			t.Errorf("%s: reading the expected value: %v", name, err)
			continue
		}
		out, err := evalJSON(name+".yakl", code)
		if err != nil {
			t.Errorf("%s: compiled code fails: %v\n%s", name, err, code)
			continue
		}
		var got any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: value %s, want %s\nsource:\n%s\ncode:\n%s", name, out, inJSON, src, code)
			continue
		}
		evaluated++
	}
	var rs []string
	for r, n := range reasons {
		rs = append(rs, r+": "+strconv.Itoa(n))
	}
	sort.Strings(rs)
	t.Logf("valid: %d, evaluated to in.json: %d (%.1f%%), refused: %d; invalid: %d, refused: %d (%.1f%%); valid without in.json: %d",
		valid, evaluated, pct(evaluated, valid), refusedValid, invalid, refusedInvalid, pct(refusedInvalid, invalid), noJSON)
	t.Logf("reasons valid cases were refused:\n  %s", strings.Join(rs, "\n  "))
	if pct(evaluated, valid) < 85 {
		t.Errorf("only %.1f%% of valid cases evaluate, want at least 85%%", pct(evaluated, valid))
	}
	if pct(refusedInvalid, invalid) < 90 {
		t.Errorf("only %.1f%% of invalid cases are refused, want at least 90%%", pct(refusedInvalid, invalid))
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// reason is an error message without its quoted specifics.
func reason(msg string) string {
	if i := strings.IndexAny(msg, "\"'*&!"); i > 0 {
		return msg[:i] + "…"
	}
	return msg
}
