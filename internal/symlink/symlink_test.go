package symlink

import (
	"slices"
	"testing"
)

func TestResolve(t *testing.T) {
	files := map[string]bool{
		"jsonnet/kp/main.libsonnet":                  true,
		"vendor/github.com/o/xtd/x.libsonnet":        true,
		"vendor/github.com/o/mixin/sub/a.libsonnet":  true,
		"vendor/own.libsonnet":                       true,
		"vendor/github.com/o/xtd/nested/n.libsonnet": true,
		"vendor/xtd/shadow.libsonnet":                true,
		"lib/real.libsonnet":                         true,
		"outside.libsonnet":                          true,
	}
	links := Links{
		"vendor/kp":           "../jsonnet/kp",
		"vendor/xtd":          "github.com/o/xtd",
		"vendor/mx":           "github.com/o/mixin/sub",
		"vendor/loop":         "loop2",
		"vendor/loop2":        "loop",
		"vendor/escape":       "../../..",
		"vendor/chain":        "xtd/nested",
		"vendor/xtd/nested/n": "unused",
		"vendor/file.jsonnet": "../lib/real.libsonnet",
		"vendor/deep":         "github.com/o",
		"vendor/deep/xtd":     "mixin/sub",
	}
	for _, tc := range []struct {
		name, rel, want string
		ok              bool
		asked           []string // the paths found is asked, in order
	}{
		{"a file of the workspace", "vendor/own.libsonnet", "vendor/own.libsonnet", true, []string{"vendor/own.libsonnet"}},
		{"a link out of vendor", "vendor/kp/main.libsonnet", "jsonnet/kp/main.libsonnet", true, nil},
		{"a link into vendor", "vendor/xtd/x.libsonnet", "vendor/github.com/o/xtd/x.libsonnet", true,
			[]string{"vendor/xtd/x.libsonnet", "vendor/github.com/o/xtd/x.libsonnet"}},
		{"a link to a folder deeper down", "vendor/mx/a.libsonnet", "vendor/github.com/o/mixin/sub/a.libsonnet", true, nil},
		{"a file before the link over it", "vendor/xtd/shadow.libsonnet", "vendor/xtd/shadow.libsonnet", true, nil},
		{"a link through a link", "vendor/chain/n.libsonnet", "vendor/github.com/o/xtd/nested/n.libsonnet", true,
			[]string{"vendor/chain/n.libsonnet", "vendor/xtd/nested/n.libsonnet", "vendor/github.com/o/xtd/nested/n.libsonnet"}},
		{"a link to a file", "vendor/file.jsonnet", "lib/real.libsonnet", true, nil},
		{"the longest link wins", "vendor/deep/xtd/a.libsonnet", "vendor/github.com/o/mixin/sub/a.libsonnet", true,
			[]string{"vendor/deep/xtd/a.libsonnet", "vendor/deep/mixin/sub/a.libsonnet", "vendor/github.com/o/mixin/sub/a.libsonnet"}},
		{"missing behind a link", "vendor/kp/missing.libsonnet", "jsonnet/kp/missing.libsonnet", false, nil},
		{"no link applies", "nowhere/x.libsonnet", "nowhere/x.libsonnet", false, []string{"nowhere/x.libsonnet"}},
		{"a loop ends after MaxHops", "vendor/loop/x", "", false, nil},
		{"out of the root", "vendor/escape/w/outside.libsonnet", "vendor/escape/w/outside.libsonnet", false,
			[]string{"vendor/escape/w/outside.libsonnet"}},
		{"a link's own folder is not a prefix of a longer name", "vendor/xtdx/x.libsonnet", "vendor/xtdx/x.libsonnet", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var asked []string
			got, ok := links.Resolve(tc.rel, func(rel string) bool {
				asked = append(asked, rel)
				return files[rel]
			})
			if ok != tc.ok || (tc.want != "" && got != tc.want) {
				t.Errorf("Resolve(%q) = %q, %v; want %q, %v", tc.rel, got, ok, tc.want, tc.ok)
			}
			if tc.asked != nil && !slices.Equal(asked, tc.asked) {
				t.Errorf("found asked %q, want %q", asked, tc.asked)
			}
			if len(asked) > MaxHops+1 {
				t.Errorf("found asked %d times, more than MaxHops+1", len(asked))
			}
		})
	}
}

func TestResolveNoLinks(t *testing.T) {
	n := 0
	got, ok := Links(nil).Resolve("a/b", func(string) bool { n++; return false })
	if got != "a/b" || ok || n != 1 {
		t.Errorf("Resolve without links = %q, %v after %d asks; want \"a/b\", false after 1", got, ok, n)
	}
}

func TestOutside(t *testing.T) {
	for rel, want := range map[string]bool{"..": true, "../x": true, "..x": false, "x/..": false, "x": false, ".": false} {
		if got := Outside(rel); got != want {
			t.Errorf("Outside(%q) = %v, want %v", rel, got, want)
		}
	}
}
