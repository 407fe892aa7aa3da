package langserv

import (
	"encoding/json"
	"errors"
	"maps"
	"testing"
)

func str(s string) *string { return &s }

// TestSession holds a session's answers to a stateless Serve's of the same
// files through updates (a full one, edits, a removal), checks that a file
// is parsed again only when its path changed, and the stale answers.
func TestSession(t *testing.T) {
	var s Session
	lib := "{ name: 'x', port:: 80 }\n"
	files := map[string]string{"lib.libsonnet": lib, "main.jsonnet": "local l = import 'lib.libsonnet';\nl.\n"}
	ask := Request{Op: OpComplete, Path: "main.jsonnet", Line: 2, Column: 3, Entry: "main.jsonnet"}
	same := func(name string, rev int) {
		t.Helper()
		got, err := s.Serve(rev, ask)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		req := ask
		req.Files = maps.Clone(files)
		want := Serve(req)
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: the session answers %s, a stateless Serve %s", name, g, w)
		}
		if got.Completions == nil || len(got.Completions.Items) == 0 {
			t.Errorf("%s: no completions: %s", name, g)
		}
	}
	var stale *StaleError
	if _, err := s.Serve(1, ask); !errors.As(err, &stale) {
		t.Fatalf("a fresh session: %v, want stale", err)
	}
	full := map[string]*string{}
	for p, t := range files {
		full[p] = str(t)
	}
	if err := s.Update(Update{Rev: 1, Full: true, Files: full}); err != nil {
		t.Fatal(err)
	}
	same("after the full update", 1)
	parses := s.parses
	if parses != 2 {
		t.Errorf("the first question parsed %d files, want main and lib", parses)
	}

	files["main.jsonnet"] = "local l = import 'lib.libsonnet';\nl.n\n"
	if err := s.Update(Update{Rev: 2, Base: 1, Files: map[string]*string{"main.jsonnet": str(files["main.jsonnet"])}}); err != nil {
		t.Fatal(err)
	}
	ask.Column = 4
	same("after an edit of main", 2)
	if n := s.parses - parses; n != 1 {
		t.Errorf("an edit of main parsed %d files again, want 1 (lib is kept)", n)
	}

	if err := s.Update(Update{Rev: 3, Base: 2, Files: map[string]*string{"lib.libsonnet": nil}}); err != nil {
		t.Fatal(err)
	}
	delete(files, "lib.libsonnet")
	got, _ := s.Serve(3, ask)
	req := ask
	req.Files = maps.Clone(files)
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(Serve(req))
	if string(g) != string(w) {
		t.Errorf("after removing lib: %s, want %s", g, w)
	}
	if _, ok := s.parsed["lib.libsonnet"]; ok {
		t.Error("a removed file's parse is kept")
	}

	if _, err := s.Serve(2, ask); !errors.As(err, &stale) || stale.Have != 3 {
		t.Errorf("a question at an old revision: %v", err)
	}
	if err := s.Update(Update{Rev: 5, Base: 4}); !errors.As(err, &stale) {
		t.Errorf("a delta against another base: %v", err)
	}
	if _, err := s.Serve(3, ask); !errors.As(err, &stale) || stale.Have != 0 {
		t.Errorf("after a refused delta: %v, want stale at 0", err)
	}
	if err := s.Update(Update{Rev: 0, Full: true}); err == nil || errors.As(err, &stale) {
		t.Errorf("revision 0: %v", err)
	}
}
