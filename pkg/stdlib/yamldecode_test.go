package stdlib

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

// sigsDecode is what DecodeYAML replaces: sigs.k8s.io/yaml's YAMLToJSON,
// checkJSONKeys on the text, and encoding/json into an any, three parses.
func sigsDecode(text []byte) (any, error) {
	j, err := yaml.YAMLToJSON(text)
	if err != nil {
		return nil, err
	}
	if err := checkJSONKeys(text); err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(j, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// sameDecode fails t unless DecodeYAML and sigsDecode agree on text: the
// same value (%#v tells -0 from 0 and prints maps in key order) or the
// same error text. Keys that collide in JSON make sigs.k8s.io/yaml keep
// either value; both then give the key error, whose pair may differ
// between runs when three keys collide, so only its kind is compared.
// Where the value it kept is one encoding/json refuses, sigs.k8s.io/yaml
// fails on it instead, in some runs; DecodeYAML gives the key error.
func sameDecode(t *testing.T, text []byte) {
	t.Helper()
	got, gotErr := DecodeYAML(text)
	want, wantErr := sigsDecode(text)
	var refused *json.UnsupportedValueError
	if isDuplicateKey(gotErr) && errors.As(wantErr, &refused) && isDuplicateKey(checkJSONKeys(text)) {
		return
	}
	switch {
	case gotErr != nil || wantErr != nil:
		if gotErr == nil || wantErr == nil || isDuplicateKey(gotErr) != isDuplicateKey(wantErr) ||
			!isDuplicateKey(gotErr) && gotErr.Error() != wantErr.Error() {
			t.Errorf("%q: DecodeYAML: %v, sigs.k8s.io/yaml: %v", text, gotErr, wantErr)
		}
	case fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want):
		t.Errorf("%q:\nDecodeYAML:        %#v\nsigs.k8s.io/yaml: %#v", text, got, want)
	}
}

// decodeCases are documents where a direct conversion could go wrong.
var decodeCases = []string{
	"", "# only a comment\n", "~\n", "a: 1\nb: [x, 2.5, true, null]\n",
	"n: -0.0\n", "n: .nan\n", "n: [1, .inf]\n", "n: -.inf\n", "{a: .nan, b: .inf}\n",
	"big: 9223372036854775807\n", "bigger: 18446744073709551615\n", "huge: 1e400\n", "tiny: 4.9e-324\n",
	"odd: 9007199254740993\n", "octal: 012\n", "hex: 0x1F\n", "sexagesimal: 1:30\n", "yes: no\n",
	"t: 2001-12-14t21:59:43.10-05:00\n", "d: 2002-12-14\n",
	"b: !!binary R0lGODlhDAAMAIQAAP\n", "b: !!binary /w==\n",
	"1: a\n2.5: b\ntrue: c\n", "0.1: x\n", ".inf: x\n-.inf: y\n.nan: z\n",
	"~: x\n", "? [a, b]\n: x\n", "? {a: 1}\n: x\n", "18446744073709551615: x\n", "9223372036854775807: x\n",
	"1: a\n'1': b\n", "a: {0: x, 0.0: y}\n", "{0: .nan, 0.: x}\n", "- {true: 1, 'true': 2}\n", "{1: a, 01: b}\n",
	"base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n", "a: &a [1, 2]\nb: *a\n",
	"s: \"\\u00e9\\u2028<&>\"\n", "s: \"\\x80\"\n", "s: \"\\ud800\"\n", "k: !!str 12\n", "k: !!float 1\n",
	"- - - [deep]\n", "{", "a: b: c\n", "key: value\n---\nsecond: doc\n",
}

func TestDecodeYAMLMatchesSigs(t *testing.T) {
	for _, c := range decodeCases {
		sameDecode(t, []byte(c))
	}
	// Found by FuzzDecodeYAML: sigs.k8s.io/yaml keeps the NaN or the null
	// in Go's map order; DecodeYAML refuses the keys every time.
	for range 20 {
		if _, err := DecodeYAML([]byte("{0: .nan, 0.: x}\n")); !isDuplicateKey(err) {
			t.Fatalf("keys 0 and 0.0, one a NaN: %v, want the key error", err)
		}
	}
}

// TestDecodeYAMLSuite compares the two on every file of the YAML test suite.
func TestDecodeYAMLSuite(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdata.Dir(t, "yaml-test-suite"), "*", "in.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no YAML test suite files: %v", err)
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sameDecode(t, text)
	}
}

// FuzzDecodeYAML holds DecodeYAML to sigs.k8s.io/yaml's answer on any text.
func FuzzDecodeYAML(f *testing.F) {
	for _, c := range decodeCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		sameDecode(t, []byte(text))
	})
}
