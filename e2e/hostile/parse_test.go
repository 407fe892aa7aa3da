package hostile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"no header", "-- a.jsonnet --\n1\n", "header: EOF"},
		{"unknown field", `{"doc": "d", "nope": 1}`, `unknown field "nope"`},
		{"no doc", `{"request": {"entry": "a"}}` + "\n-- a --\n", "no doc"},
		{"entry missing", `{"doc": "d", "request": {"entry": "b"}}` + "\n-- a --\n", `entry "b" is not a file`},
		{"bad outcome", `{"doc": "d", "request": {"entry": "a"}, "cli": "boom"}` + "\n-- a --\n", `cli outcome "boom": want one of error, ok, stopped, crash`},
		{"stopped in the envelope", `{"doc": "d", "request": {"entry": "a"}, "cli": "stopped", "envelope": "stopped"}` + "\n-- a --\n", `envelope outcome "stopped"`},
		{"error without stderr", `{"doc": "d", "request": {"entry": "a"}, "cli": "error", "envelope": "crash", "browser": "crash"}` + "\n-- a --\n", "cli expects an error but the case names no stderr text"},
		{"ok without stdout", `{"doc": "d", "request": {"entry": "a"}, "cli": "ok", "envelope": "crash", "browser": "crash"}` + "\n-- a --\n", "cli expects success but the case names no stdout text"},
		{"negative repeat", `{"doc": "d", "request": {"entry": "a"}, "repeat": {"a": [{"text": "x", "times": -1}]}}`, "repeat a: times -1 is negative"},
		{"huge repeat", `{"doc": "d", "request": {"entry": "a"}, "repeat": {"a": [{"text": "xy", "times": 9000000000000000000}]}}`, "repeat a: generates more than 16777216 bytes"},
		{"file and repeat", `{"doc": "d", "request": {"entry": "a"}, "repeat": {"a": [{"text": "x"}]}}` + "\n-- a --\n", "a is both a file and a repeat"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, "case.txtar")
			if err := os.WriteFile(p, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Parse(p)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Parse: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestPartsText(t *testing.T) {
	tests := []struct {
		name  string
		parts Parts
		want  string
	}{
		{"empty", nil, ""},
		{"once by default", Parts{{Text: "ab"}}, "ab"},
		{"nesting", Parts{{Text: "x("}, {Text: "[", Times: 3}, {Text: "]", Times: 3}, {Text: ")"}}, "x([[[]]])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.parts.Text(); got != tt.want {
				t.Fatalf("Text() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestMissing(t *testing.T) {
	tests := []struct {
		name, s string
		want    []string
		n       int
	}{
		{"all there", "a: b c", []string{"a:", "c"}, 0},
		{"one missing", "a: b", []string{"a:", "c"}, 1},
		{"a stack trace", "oops\ngoroutine 1 [running]:", nil, 1},
		{"a recovered panic", "internal error: boom", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Missing(tt.s, tt.want); len(got) != tt.n {
				t.Fatalf("Missing(%q) = %q, want %d problems", tt.s, got, tt.n)
			}
		})
	}
}

// FuzzParseData: any text is a case or an error, never a panic, and a
// case Parse accepts names its entry among its files.
func FuzzParseData(f *testing.F) {
	paths, _ := filepath.Glob("cases/*.txtar")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil && len(data) < 4096 {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"doc": "d", "request": {"entry": "a"}, "repeat": {"a": [{"text": "x", "times": 3}]}, "cli": "ok", "envelope": "ok", "browser": "ok", "stdout": ["x"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseData("fuzz.txtar", data)
		if err != nil {
			return
		}
		if _, ok := c.Request.Files[c.Request.Entry]; !ok {
			t.Fatalf("accepted a case whose entry %q is not a file", c.Request.Entry)
		}
	})
}
