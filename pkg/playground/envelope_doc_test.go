package playground

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestRequestDocumented: every JSON field of Request (the invocation's
// too) has its row in docs/playground.md's request table, as "Adding a
// flag" in ARCHITECTURE.md says.
func TestRequestDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/playground.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "| `") {
			first, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " | ")
			rows = append(rows, first)
		}
	}
	var names []string
	var walk func(typ reflect.Type)
	walk = func(typ reflect.Type) {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue // not of the request: the command line's own (VarOrder)
			}
			names = append(names, name)
		}
	}
	walk(reflect.TypeOf(Request{}))
	if len(names) < 30 {
		t.Fatalf("only %d fields", len(names))
	}
	for _, name := range names {
		found := false
		for _, r := range rows {
			if strings.Contains(r, "`"+name+"`") {
				found = true
			}
		}
		if !found {
			t.Errorf("request field %q has no row in docs/playground.md", name)
		}
	}
}
