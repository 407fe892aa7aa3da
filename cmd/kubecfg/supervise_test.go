package main

import (
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/fatal"
)

func TestFilterStderr(t *testing.T) {
	for _, tc := range []struct{ name, in, out, fatal string }{
		{"plain error passes", "error reading a.jsonnet: boom\n", "error reading a.jsonnet: boom\n", ""},
		{"stack overflow", "warning: x\nruntime: goroutine stack exceeds 262144000-byte limit\nfatal error: stack overflow\n\ngoroutine 1 [running]:\n", "warning: x\n", fatal.Overflow},
		{"out of memory", "fatal error: runtime: out of memory\n\nruntime stack:\n", "", fatal.OutOfMemory},
		{"out of memory, other wording", "runtime: out of memory: cannot allocate 1073741824-byte block\nfatal error: out of memory\n", "", fatal.OutOfMemory},
		{"cannot allocate", "fatal error: runtime: cannot allocate memory\n\nruntime stack:\n", "", fatal.OutOfMemory},
		{"any other fatal error", "fatal error: concurrent map writes\n\ngoroutine 7:\n", "", fatal.Other},
		{"no trailing newline", "last words", "last words", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w strings.Builder
			if got := filterStderr(strings.NewReader(tc.in), &w); got != tc.fatal || w.String() != tc.out {
				t.Errorf("filterStderr = %q, wrote %q; want %q, %q", got, w.String(), tc.fatal, tc.out)
			}
		})
	}
}
