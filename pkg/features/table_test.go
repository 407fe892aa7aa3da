package features

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

// rfc05Table is the table RFC05 shows for an rc file turning yakl on and
// kubecfg features --alpha --features=httpd=false, copied from the RFC.
const rfc05Table = `NAME              STAGE  DEFAULT  ENABLED  SOURCE              SINCE
eval              alpha  off      on       --alpha             v0.40.0
traceback         alpha  off      on       --alpha             v0.40.0
pack              alpha  off      on       --alpha             v0.40.0
httpd             alpha  off      off      --features          v0.40.0
overlay           alpha  off      on       --alpha             v0.40.0
yakl              alpha  off      on       .kubecfgrc.jsonnet  v0.40.0
kustomize-import  alpha  off      on       --alpha             v0.40.0
binary-import     alpha  off      on       --alpha             v0.40.0
`

func rfc05Gates(t *testing.T) *Gates {
	t.Helper()
	g, err := New(true,
		Source{Name: SourceFeatures, Items: []string{"httpd=false"}},
		Source{Name: SourceRC, Items: []string{"yakl=true"}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTableMatchesRFC05(t *testing.T) {
	got := Table(rfc05Gates(t))
	// The RFC's eight rows come first, byte for byte; the registry adds
	// knit, playground, offline-validate, diff-against, client-reorder,
	// oci-import and fast-eval after them.
	want := rfc05Table +
		"knit              alpha  off      on       --alpha             v0.41.0\n" +
		"playground        alpha  off      on       --alpha             v0.41.0\n" +
		"offline-validate  alpha  off      on       --alpha             v0.41.0\n" +
		"diff-against      alpha  off      on       --alpha             v0.41.0\n" +
		"client-reorder    alpha  off      on       --alpha             v0.41.0\n" +
		"oci-import        alpha  off      on       --alpha             v0.41.0\n" +
		"fast-eval         alpha  off      on       --alpha             v0.41.0\n"
	if got != want {
		t.Fatalf("table:\n got:\n%s\nwant:\n%s", got, want)
	}
	golden.Check(t, filepath.Join("testdata", "rfc05.table"), got)
}

func TestTableWidthsFollowContent(t *testing.T) {
	r := testRegistry(t)
	g, err := r.New(false, Source{Name: EnvFeatures, Items: []string{"fresh=false"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `NAME    STAGE    DEFAULT  ENABLED  SOURCE      SINCE
new     alpha    off      off      default     v1
fresh   beta     on       off      --features  v1
stable  ga       on       on       default     v1
old     removed  off      off      default     v1
`
	if got := Table(g); got != want {
		t.Fatalf("table:\n got:\n%s\nwant:\n%s", got, want)
	}
	for i, line := range strings.Split(Table(g), "\n") {
		if strings.HasSuffix(line, " ") {
			t.Errorf("line %d has trailing spaces: %q", i+1, line)
		}
	}
}

func TestTableNilGates(t *testing.T) {
	got := Table(nil)
	if !strings.HasPrefix(got, "NAME              STAGE  DEFAULT  ENABLED  SOURCE   SINCE\n") {
		t.Fatalf("header of the defaults table: %q", strings.SplitN(got, "\n", 2)[0])
	}
	if n := strings.Count(got, "\n"); n != 16 {
		t.Fatalf("table has %d lines, want a header and fifteen rows", n)
	}
}

func TestJSON(t *testing.T) {
	b, err := JSON(rfc05Gates(t))
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "rfc05.json"), string(b))
	var rows []Row
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatalf("JSON does not decode: %v", err)
	}
	if len(rows) != len(All()) {
		t.Fatalf("%d rows, want %d", len(rows), len(All()))
	}
	// The same data as the table, row for row.
	lines := strings.Split(strings.TrimSuffix(Table(rfc05Gates(t)), "\n"), "\n")[1:]
	for i, r := range rows {
		fields := strings.Fields(lines[i])
		want := []string{r.Name, r.Stage, onOff(r.Default), onOff(r.Enabled), r.Source, r.Since}
		if strings.Join(fields, " ") != strings.Join(want, " ") {
			t.Errorf("row %d: json %v, table %v", i, want, fields)
		}
		if r.Doc == "" {
			t.Errorf("row %d (%s) has no doc", i, r.Name)
		}
	}
}
