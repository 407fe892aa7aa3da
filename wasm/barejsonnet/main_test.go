//go:build js && wasm

package main

import (
	"errors"
	"strings"
	"testing"
)

func TestEvaluate(t *testing.T) {
	lib := map[string]string{"lib.libsonnet": "{ two: 1 + 1 }"}
	tests := []struct {
		name, code string
		files      map[string]string
		argErr     error
		want       string
		wantErr    string
	}{
		{"object", "{ a: 1 + 1 }", nil, nil, "{\n   \"a\": 2\n}\n", ""},
		{"runtime error", "error 'boom'", nil, nil, "", "RUNTIME ERROR: boom"},
		{"stack limit", "local f(x) = f(x + 1); f(0)", nil, nil, "", "max stack frames exceeded"},
		{"bad arguments", "", nil, errors.New("barejsonnet.run: want 2 string arguments"), "", "want 2 string arguments"},
		{"an import from files", "(import 'lib.libsonnet').two", lib, nil, "2\n", ""},
		{"an import not in files", "import 'other.libsonnet'", lib, nil, "", "other.libsonnet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := evaluate("t.jsonnet", tt.code, tt.files, tt.argErr)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || out != tt.want {
				t.Fatalf("evaluate = %q, %v; want %q", out, err, tt.want)
			}
		})
	}
}
