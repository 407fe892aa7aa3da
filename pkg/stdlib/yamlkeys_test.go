package stdlib

import (
	"strings"
	"testing"

	goyaml "go.yaml.in/yaml/v2"
)

// checkJSONKeys is the key check as kubecfg ran it before DecodeYAML, a
// parse of its own on the text (text that does not parse is left to the
// real parse to report); the tests hold checkKeys and DecodeYAML to it.
func checkJSONKeys(text []byte) error {
	var v any
	if goyaml.Unmarshal(text, &v) != nil {
		return nil
	}
	return checkKeys(v)
}

// Found by FuzzParseYaml: keys that differ in YAML but not in JSON made
// parseYaml's result depend on Go's map order.
func TestCheckJSONKeys(t *testing.T) {
	for _, c := range []struct{ yaml, err string }{
		{"0: 0.\n! 0: 10\n", `mapping keys "0" and 0 are the same JSON key "0"`},
		{"a:\n  1: x\n  1.0: y\n", `mapping keys 1 and 1.0 are the same JSON key "1"`},
		{"- {true: 1, 'true': 2}\n", `mapping keys "true" and true are the same JSON key "true"`},
		{"a: 1\nb: {c: 2, d: 3}\n", ""},
		{"0: a\n00: b\n", ""}, // the same YAML key (0) twice: the later wins, always
		{"{", ""},             // not YAML: the real parse says so
	} {
		err := checkJSONKeys([]byte(c.yaml))
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("checkJSONKeys(%q) = %v, want %q", c.yaml, err, c.err)
		}
	}
	for i := 0; i < 20; i++ { // the same answer every time
		if _, err := ParseYAMLStream("0: 0.\n! 0: 10\n"); err == nil {
			t.Fatal("ParseYAMLStream accepted keys 0 and \"0\" in one mapping")
		}
	}
}
