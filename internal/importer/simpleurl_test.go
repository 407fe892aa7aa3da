package importer

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// sameCandidates checks that simpleCandidates, when it answers, answers
// as urlCandidates (net/url) does; it returns whether it answered.
func sameCandidates(t *testing.T, cwd string, search []string, from, ref string) bool {
	t.Helper()
	im := New(Options{Cwd: cwd, SearchURLs: search})
	got, ok := im.simpleCandidates(from, ref)
	if !ok {
		return false
	}
	want, err := im.urlCandidates(from, ref)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("cwd %q, search %q, import %q from %q: %q; net/url: %q, %v", cwd, search, ref, from, got, want, err)
	}
	for _, u := range got {
		parsed, err := url.Parse(u)
		simple, _ := parseSimple(u)
		if err != nil || !reflect.DeepEqual(simple, parsed) {
			t.Errorf("parseSimple(%q) = %#v; url.Parse: %#v, %v", u, simple, parsed, err)
		}
	}
	return true
}

func TestSimpleCandidates(t *testing.T) {
	search := []string{"file:///w/vendor/", "file:///lib/"}
	for _, c := range []struct {
		cwd, from, ref string
		simple         bool
	}{
		{"/", "/app.jsonnet", "lib.libsonnet", true},
		{"/", "file:///app.jsonnet", "lib/k.libsonnet", true},
		{"/w", "app.jsonnet", "./lib/../k.libsonnet", true},
		{"/w", "", "k.libsonnet", true},
		{"/w", "sub/", "k.libsonnet", true},
		{"/w", "/a/b/c.jsonnet", "../../x.jsonnet", true},
		{"/w", "/a/b/c.jsonnet", "../../../x.jsonnet", true}, // above the root
		{"/w", "/a/b/c.jsonnet", "/abs/x.jsonnet", true},
		{"/w", "/a/b/c.jsonnet", "x/.", true},
		{"/w", "/a/b/c.jsonnet", "x/..", true},
		{"/w", "/a/b/c.jsonnet", "..", true},
		{"/w", "internal:///kubecfg.libsonnet", "x.libsonnet", true},
		{"/w", "yakl:/w/a.yakl", "x.libsonnet", true},
		{"/w", "/a.jsonnet", "http://h/x.libsonnet", false},
		{"/w", "/a.jsonnet", "a b.libsonnet", false},
		{"/w", "/a.jsonnet", "a%20b.libsonnet", false},
		{"/w", "/a.jsonnet", "//h/x", false},
		{"/w", "/a.jsonnet", "x/", false},
		{"/w", "/a.jsonnet", "", false},
		{"/w", "(expression)", "x.libsonnet", false},
		{"/w x", "a.jsonnet", "x.libsonnet", false},
		{"/w", "https://h/a.jsonnet", "x.libsonnet", false},
	} {
		if got := sameCandidates(t, c.cwd, search, c.from, c.ref); got != c.simple {
			t.Errorf("cwd %q, import %q from %q: simple %v, want %v", c.cwd, c.ref, c.from, got, c.simple)
		}
	}
	if sameCandidates(t, "/", []string{"https://h/lib/"}, "/a.jsonnet", "x.libsonnet") {
		t.Errorf("an http search URL was resolved without net/url")
	}
}

func TestFileURL(t *testing.T) {
	for _, p := range []string{"/", "/a/b.jsonnet", "/a b", "/a%b", "/é", "/a:b", "/a?b#c", "/.", "/a/"} {
		if got, want := FileURL(p), (&url.URL{Scheme: "file", Path: p}).String(); got != want {
			t.Errorf("FileURL(%q) = %q, net/url %q", p, got, want)
		}
	}
}

func FuzzSimpleCandidates(f *testing.F) {
	f.Add("/w", "/a/b.jsonnet", "../lib/x.libsonnet", "file:///v/")
	f.Add("/", "sub/", "./a/./b/../c", "internal:///")
	f.Add("/w", "file:///x/y/", "/q/../r", "file:///")
	f.Fuzz(func(t *testing.T, cwd, from, ref, search string) {
		if strings.ContainsAny(cwd+from+ref+search, "\x00") {
			return
		}
		sameCandidates(t, cwd, []string{search}, from, ref)
		// The same shapes in the plain alphabet, which the resolver takes.
		plain := func(s string) string {
			b := []byte(s)
			for i := range b {
				b[i] = "a./"[b[i]%3]
			}
			return string(b)
		}
		sameCandidates(t, "/"+plain(cwd), []string{"file:///" + plain(search)}, plain(from), plain(ref))
		sameCandidates(t, "/", []string{"internal:///"}, "file:///"+plain(from), plain(ref))
		if strings.HasPrefix(cwd, "/") {
			if got, want := FileURL(cwd), (&url.URL{Scheme: "file", Path: cwd}).String(); got != want {
				t.Errorf("FileURL(%q) = %q, net/url %q", cwd, got, want)
			}
		}
	})
}
