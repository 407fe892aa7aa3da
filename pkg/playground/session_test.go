package playground

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

func text(s string) *string { return &s }

// sessionStep is one update of a session's workspace and the request run
// after it.
type sessionStep struct {
	name  string
	files map[string]*string
	full  bool
	links map[string]string
	req   Request
	// sessions and rebases are the session's VM counts after the run.
	sessions, rebases int
}

// TestSessionAnswersAsStateless runs a sequence of updates through a
// session and checks every answer is the same bytes as a stateless Run
// of the same files on a new Runner, that the VM is kept exactly when no
// file it imported changed (through a link too), and that an update copies
// only the files it carries.
func TestSessionAnswersAsStateless(t *testing.T) {
	show := Request{Invocation: kubecfg.Invocation{Entry: "main.jsonnet", Command: "show", Output: "json"}}
	cm := "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: (import 'vendor/lib/name.libsonnet') + '%s' } }"
	steps := []sessionStep{
		{"the whole workspace", map[string]*string{
			"main.jsonnet":                    text("{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: (import 'vendor/lib/name.libsonnet') } }"),
			"github.com/o/lib/name.libsonnet": text("'a'"),
			"other.libsonnet":                 text("'unused'"),
		}, true, map[string]string{"vendor/lib": "../github.com/o/lib"}, show, 1, 0},
		{"an edit of the entry keeps the VM", map[string]*string{"main.jsonnet": text(fmt.Sprintf(cm, "-b"))}, false, nil, show, 1, 1},
		{"an edit of a file never imported keeps it", map[string]*string{"other.libsonnet": text("'still unused'")}, false, nil, show, 1, 2},
		{"an edit of the library behind the link makes a new one", map[string]*string{"github.com/o/lib/name.libsonnet": text("'c'")}, false, nil, show, 2, 2},
		{"eval against the same revision", nil, false, nil, Request{Invocation: kubecfg.Invocation{Entry: "main.jsonnet", Command: "eval", Expr: "$.metadata", Features: []string{"eval"}}}, 3, 2},
		{"a removed file makes a new VM", map[string]*string{"other.libsonnet": nil}, false, nil, show, 4, 2},
		{"new links", nil, false, map[string]string{"vendor/lib": "../github.com/o/lib", "vendor/x": "../x"}, show, 5, 2},
		{"a full update that sends what the session holds changes nothing", map[string]*string{
			"main.jsonnet":                    text(fmt.Sprintf(cm, "-b")),
			"github.com/o/lib/name.libsonnet": text("'c'"),
		}, true, map[string]string{"vendor/lib": "../github.com/o/lib", "vendor/x": "../x"}, show, 5, 2},
	}
	r := &Runner{}
	files := map[string]string{}
	var links map[string]string
	for i, s := range steps {
		if s.full {
			files = map[string]string{}
		}
		for name, t := range s.files {
			if t == nil {
				delete(files, name)
			} else {
				files[name] = *t
			}
		}
		if s.links != nil || s.full {
			links = s.links
		}
		copied := 0
		if sess := r.sessions["page"]; sess != nil {
			copied = sess.ws.copied
		}
		if err := r.Update("page", Update{Rev: i + 1, Base: i, Full: s.full, Files: s.files, Links: s.links}); err != nil {
			t.Fatalf("%s: update: %v", s.name, err)
		}
		sess := r.sessions["page"]
		want := 0
		for name, t := range s.files {
			if t != nil && !s.full {
				want += len(files[name])
			}
		}
		if i > 0 && sess.ws.copied-copied != want {
			t.Errorf("%s: copied %d bytes, want %d", s.name, sess.ws.copied-copied, want)
		}
		got, err := r.RunSession("page", i+1, s.req)
		if err != nil {
			t.Fatalf("%s: run: %v", s.name, err)
		}
		stateless := s.req
		stateless.Files, stateless.Links = maps.Clone(files), links
		wantResp := (&Runner{}).Run(stateless)
		if got.ExitCode != 0 {
			t.Fatalf("%s: exit %d: %s", s.name, got.ExitCode, got.Stderr)
		}
		if !equalResponses(t, mustJSON(t, got), mustJSON(t, wantResp)) {
			t.Errorf("%s: the session answers %s, a stateless run %s", s.name, got.Output, wantResp.Output)
		}
		if sess.cache.sessions != s.sessions || sess.cache.rebases != s.rebases {
			t.Errorf("%s: %d VMs, %d rebases; want %d and %d", s.name, sess.cache.sessions, sess.cache.rebases, s.sessions, s.rebases)
		}
	}
}

// configMap is a program of one ConfigMap named name.
func configMap(name string) *string {
	return text(fmt.Sprintf("{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '%s' } }", name))
}

// TestSessionStale checks the answers to a revision the session does not
// hold: a run on a fresh session, a delta against another base (which
// takes nothing in and leaves the session stale), and the recovery by a
// full update.
func TestSessionStale(t *testing.T) {
	r := &Runner{}
	req := Request{Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show", Output: "json"}}
	var stale *StaleError
	if _, err := r.RunSession("s", 1, req); !errors.As(err, &stale) || stale.Have != 0 || stale.Want != 1 {
		t.Fatalf("run on a fresh session: %v, want stale at 0", err)
	}
	if err := r.Update("s", Update{Rev: 1, Base: 0, Files: map[string]*string{"a.jsonnet": configMap("x")}}); !errors.As(err, &stale) {
		t.Fatalf("a delta to a fresh session: %v, want stale", err)
	}
	if err := r.Update("s", Update{Rev: 1, Full: true, Files: map[string]*string{"a.jsonnet": configMap("y")}}); err != nil {
		t.Fatal(err)
	}
	if err := r.Update("s", Update{Rev: 3, Base: 2, Files: map[string]*string{"a.jsonnet": configMap("x")}}); !errors.As(err, &stale) || stale.Have != 1 || stale.Want != 2 {
		t.Fatalf("a delta against revision 2 of a session at 1: %v", err)
	}
	if _, err := r.RunSession("s", 1, req); !errors.As(err, &stale) || stale.Have != 0 {
		t.Fatalf("run after a refused delta: %v, want stale at 0", err)
	}
	if err := r.Update("s", Update{Rev: 4, Full: true, Files: map[string]*string{"a.jsonnet": configMap("y")}}); err != nil {
		t.Fatal(err)
	}
	resp, err := r.RunSession("s", 4, req)
	if err != nil || resp.ExitCode != 0 || resp.Output != Run(Request{Files: map[string]string{"a.jsonnet": *configMap("y")}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show", Output: "json"}}).Output {
		t.Fatalf("after a full update: %+v, %v", resp, err)
	}
	if err := r.Update("s", Update{Rev: 0, Full: true}); err == nil || errors.As(err, &stale) {
		t.Fatalf("an update at revision 0: %v, want an error that is not stale", err)
	}
	r.Dispose("s")
	if _, err := r.RunSession("s", 4, req); !errors.As(err, &stale) {
		t.Fatalf("run after Dispose: %v, want stale", err)
	}
}

// TestSessionsApart: two sessions of one Runner keep their own files,
// and the stateless Run its own.
func TestSessionsApart(t *testing.T) {
	r := &Runner{}
	req := Request{Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show", Output: "json"}}
	for id := range map[string]bool{"one": true, "two": true} {
		if err := r.Update(id, Update{Rev: 7, Full: true, Files: map[string]*string{"a.jsonnet": configMap(id)}}); err != nil {
			t.Fatal(err)
		}
	}
	stateless := req
	stateless.Files = map[string]string{"a.jsonnet": *configMap("three")}
	if resp := r.Run(stateless); !strings.Contains(resp.Output, `"three"`) {
		t.Fatalf("stateless: %q %q", resp.Output, resp.Stderr)
	}
	for _, want := range []string{"one", "two"} {
		id := want
		resp, err := r.RunSession(id, 7, req)
		if err != nil {
			t.Fatal(err)
		}
		wantResp := Run(Request{Files: map[string]string{"a.jsonnet": *configMap(want)}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show", Output: "json"}})
		if !strings.Contains(resp.Output, want) || resp.Output != wantResp.Output || resp.Stderr != wantResp.Stderr {
			t.Errorf("session %s: %q %q, want %q %q", id, resp.Output, resp.Stderr, wantResp.Output, wantResp.Stderr)
		}
	}
}
