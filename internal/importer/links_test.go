package importer

import (
	"errors"
	"io/fs"
	"testing"
)

func TestLinkFS(t *testing.T) {
	base := NewMapFS("/w", map[string]string{
		"jsonnet/kp/main.libsonnet":                  "kp",
		"vendor/github.com/o/xtd/x.libsonnet":        "xtd",
		"vendor/github.com/o/mixin/sub/a.libsonnet":  "mixin",
		"vendor/own.libsonnet":                       "own",
		"vendor/github.com/o/xtd/nested/n.libsonnet": "nested",
		"outside.libsonnet":                          "outside",
		"lib/real.libsonnet":                         "real",
	})
	l := LinkFS{FS: base, Root: "/w", Links: map[string]string{
		"vendor/kp":     "../jsonnet/kp",
		"vendor/xtd":    "github.com/o/xtd",
		"vendor/mx":     "github.com/o/mixin/sub",
		"vendor/loop":   "loop2",
		"vendor/loop2":  "loop",
		"vendor/escape": "../../..",
		"vendor/chain":  "xtd/nested",
		"vendor/file":   "../lib/real.libsonnet",
	}}
	for name, want := range map[string]string{
		"/w/vendor/kp/main.libsonnet":        "kp",
		"/w/vendor/xtd/x.libsonnet":          "xtd",
		"/w/vendor/mx/a.libsonnet":           "mixin",
		"/w/vendor/own.libsonnet":            "own",
		"/w/vendor/chain/n.libsonnet":        "nested",
		"/w/vendor/./xtd/../xtd/x.libsonnet": "xtd",
		"/w/vendor/file":                     "real", // a link to a file, as the OS follows it
	} {
		b, err := l.ReadFile(name)
		if err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
	for _, name := range []string{"/w/vendor/kp/missing.libsonnet", "/w/vendor/loop/x", "/w/vendor/escape/w/outside.libsonnet", "/elsewhere/vendor/xtd/x.libsonnet"} {
		if _, err := l.ReadFile(name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %v, want not found", name, err)
		}
	}
}
