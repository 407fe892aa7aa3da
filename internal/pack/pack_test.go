package pack

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/bundle"
	"github.com/kubecfg/kubecfg/pkg/features"
)

func TestCommonDir(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{"/w/app/main.jsonnet"}, "/w/app/"},
		{[]string{"/w/a/b.jsonnet", "/w/a/c.jsonnet"}, "/w/a/"},
		{[]string{"/w/a/x.jsonnet", "/w/b/y.jsonnet"}, "/w/"},
		// kubecfg compares characters, and took /a/ for these.
		{[]string{"/a/y.jsonnet", "/ab/x.jsonnet"}, "/"},
		{[]string{"/w/a/b/c.jsonnet", "/w/a/d.jsonnet", "/w/a/b/e/f.jsonnet"}, "/w/a/"},
		{nil, ""},
	} {
		if got := commonDir(tc.paths); got != tc.want {
			t.Errorf("commonDir(%q) = %q, want %q", tc.paths, got, tc.want)
		}
	}
}

func TestScanFeatures(t *testing.T) {
	for _, tc := range []struct {
		code string
		want []string
	}{
		{`{}`, nil},
		{`local k = import 'kubecfg.libsonnet'; k.knit.overlay({})`, []string{"knit"}},
		{`local k = import 'kubecfg.libsonnet'; k['knit']`, []string{"knit"}},
		{`assert (import 'kubecfg.libsonnet').requireFeature('yakl'); {}`, []string{"yakl"}},
		{`std.native('requireFeature')('httpd')`, []string{"httpd"}},
		{`local k = import 'kubecfg.libsonnet'; k.requireFeature('no-such-feature')`, nil},
		{`{ knitting: 1, requireFeature(x):: x, y: self.requireFeature(std.toString(1)) }`, nil},
	} {
		need := map[*features.Feature]bool{}
		if err := scanFeatures("x.jsonnet", tc.code, need); err != nil {
			t.Fatal(err)
		}
		var got []string
		for f, on := range need {
			if on {
				got = append(got, f.Name)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.code, got, tc.want)
		}
	}
	if err := scanFeatures("bad.jsonnet", "{", map[*features.Feature]bool{}); err == nil {
		t.Error("a parse error passed")
	}
}

func TestRevision(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "sub", "app.jsonnet")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, []byte("{}"), 0o644)
	if got := Revision(file); got != bundle.UnknownRevision {
		t.Fatalf("outside git: %q", got)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to make a repository with")
	}
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-q", "-m", "one")
	head := git("rev-parse", "HEAD")
	if got := Revision(file); got != head {
		t.Errorf("loose ref: %q, want %q", got, head)
	}
	git("pack-refs", "--all")
	if got := Revision(file); got != head {
		t.Errorf("packed ref: %q, want %q", got, head)
	}
	git("checkout", "-q", "--detach")
	if got := Revision(file); got != head {
		t.Errorf("detached: %q, want %q", got, head)
	}
	git("checkout", "-q", "main")
	wt := filepath.Join(t.TempDir(), "wt")
	git("worktree", "add", "-q", "-b", "other", wt)
	os.WriteFile(filepath.Join(wt, "sub", "b.jsonnet"), []byte("{}"), 0o644)
	git("-C", wt, "add", ".")
	git("-C", wt, "commit", "-q", "-m", "two")
	other := git("-C", wt, "rev-parse", "HEAD")
	if got := Revision(filepath.Join(wt, "sub", "b.jsonnet")); got != other || other == head {
		t.Errorf("worktree: %q, want %q", got, other)
	}
}
