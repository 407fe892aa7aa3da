package yakl

import (
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/yakl/internal/syntax"
)

// TestLint: what goyaml lets through but YAML 1.2 forbids is refused; what
// goyaml would misread is refused; valid look-alikes are not.
func TestLint(t *testing.T) {
	tests := []struct {
		name, src string
		bad       string // part of the error, or "" for no error
	}{
		{"pipe inside a plain scalar", "a: x |# y\n", ""},
		{"comment right after a block header", "block: ># c\n  x\n", "whitespace before its #"},
		{"comment right after a sequence block header", "- |#\n  x\n", "whitespace before its #"},
		{"comment right after a quoted scalar", "a: 'q'#c\n", "whitespace before its #"},
		{"comment right after a flow sequence", "l: [a, b]#c\n", "whitespace before its #"},
		{"hash inside a URL", "u: http://x/#frag\n", ""},
		{"hash inside a quoted scalar", "s: \"a#b\"\n", ""},
		{"malformed %YAML directive", "%YAML 1.1#x\n---\na: 1\n", "malformed %YAML directive"},
		{"plain dash in a flow sequence", "[-]\n", "cannot start with \"- \""},
		{"invalid escape", "a: \"\\'\"\n", "invalid escape"},
		{"escaped slash", "a: \"a\\/b\"\n", ""},
		{"anchor name with a colon", "a: &x:y 1\n", "anchor names"},
		{"question mark in a flow scalar", "[?x]\n", "starts with ?"},
		{"under-indented flow continuation", "flow: [a,\nb]\n", "indented more than its block"},
		{"under-indented quoted continuation", "q: \"a\nb\"\n", "indented more than its block"},
		{"closing bracket at the block's indentation", "args: [\n  a,\n]\n", ""},
		{"more-indented leading empty line", "b: >\n \n  \n   \n # comment\n", "leading empty line"},
		{"non-specific tag makes a string", "a: ! 12\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compile("lint.yakl", []byte(tt.src))
			switch {
			case tt.bad == "" && err != nil:
				t.Errorf("Compile(%q) = %v, want no error", tt.src, err)
			case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
				t.Errorf("Compile(%q) = %v, want an error with %q", tt.src, err, tt.bad)
			}
		})
	}
	code, err := Compile("tag.yakl", []byte("a: ! 12\n"))
	if err != nil || !strings.Contains(code, `"12"`) {
		t.Errorf("'! 12' compiles to %q (%v), want the string \"12\"", code, err)
	}
}

// TestRepair: streams goyaml refuses but YAML 1.2 allows are read after
// the line-keeping repairs.
func TestRepair(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"YAML 1.2 directive", "%YAML 1.2\n---\na: 1\n", `{"a":1}`},
		{"reserved directive", "%FOO bar\n---\na: 1\n", `{"a":1}`},
		{"document end without a document", "...\na: 1\n", `{"a":1}`},
		{"bare document after a document end", "---\nx\n...\na: 1\n", `["x",{"a":1}]`},
		{"tab after a sequence indicator", "-\tx\n", `["x"]`},
		{"tab after a mapping colon", "a:\t 1\n", `{"a":1}`},
		{"flow mapping colon on the next line", "{\"a\"\n: 1}\n", `{"a":1}`},
		{"escaped slash", "a: \"x\\/y\"\n", `{"a":"x/y"}`},
		{"unindented top-level block scalar", "--- |\nline1\nline2\n", `"line1\nline2\n"`},
		{"whitespace-only line with a tab", "a: 1\n\t\nb: 2\n", `{"a":1,"b":2}`},
		{"tab at the start of block scalar content", "foo: |-\n \tbar\n", `{"foo":"\tbar"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if syntax.Reads([]byte(tt.src)) {
				t.Logf("goyaml reads %q without repair", tt.src)
			}
			code, err := Compile("repair.yakl", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Count(code, "\n"), strings.Count(tt.src, "\n"); got != want {
				t.Errorf("compiled code has %d newlines, source %d", got, want)
			}
			got, err := evalJSON("repair.yakl", code)
			if err != nil {
				t.Fatal(err)
			}
			if same, err := sameJSON(got, tt.want); err != nil || !same {
				t.Errorf("%q = %s, want %s", tt.src, got, tt.want)
			}
		})
	}
}
