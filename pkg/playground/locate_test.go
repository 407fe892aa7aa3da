package playground

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/yakl"
)

func TestLocate(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       Diagnostic
	}{
		{"static error", "error reading app.jsonnet: file:///workspace/app.jsonnet:2:6-13 Unknown variable: kubecfg\n\n  a: kubecfg,\n",
			Diagnostic{File: "app.jsonnet", Line: 2, Column: 6, EndLine: 2, EndColumn: 13, Message: "Unknown variable: kubecfg"}},
		{"multi-line range", "file:///workspace/lib/x.libsonnet:(3:5)-(4:2) Expected token\n",
			Diagnostic{File: "lib/x.libsonnet", Line: 3, Column: 5, EndLine: 4, EndColumn: 2, Message: "Expected token"}},
		{"runtime error stack", "RUNTIME ERROR: boom\n\tfile:///workspace/app.jsonnet:1:14-31\tfunction <f>\n",
			Diagnostic{File: "app.jsonnet", Line: 1, Column: 14, EndLine: 1, EndColumn: 31, Message: "RUNTIME ERROR: boom"}},
		{"yakl error", "error reading app.yakl: file:///workspace/app.yakl:3:7: duplicate key \"a\"\n",
			Diagnostic{File: "app.yakl", Line: 3, Column: 7, EndLine: 3, EndColumn: 7, Message: "duplicate key \"a\""}},
		{"a name a URL escapes", "RUNTIME ERROR: x\n\tfile:///workspace/%3Csvg%20onload=x%3E%20a.jsonnet:1:5-14\tobject <anonymous>\n",
			Diagnostic{File: "<svg onload=x> a.jsonnet", Line: 1, Column: 5, EndLine: 1, EndColumn: 14, Message: "RUNTIME ERROR: x"}},
		{"outside the workspace", "RUNTIME ERROR: x\n\tinternal:///kubecfg.libsonnet:10:3-5\tfunction <y>\n",
			Diagnostic{Message: "RUNTIME ERROR: x"}},
		{"no position", "eval is an alpha feature; turn it on with --features=eval\n",
			Diagnostic{Message: "eval is an alpha feature; turn it on with --features=eval"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Locate(tc.text, "/workspace")
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Locate:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestLocateFromData: the diagnostics TestLocate reads from the texts are
// the ones locateError finds from the same errors' data.
func TestLocateFromData(t *testing.T) {
	wrap := func(e error) error { return fmt.Errorf("error reading app.jsonnet: %w", e) }
	for _, tc := range []struct {
		name string
		err  error
		want Diagnostic
	}{
		{"static error", wrap(&kubecfg.JsonnetError{Text: "x", Static: true, Msg: "Unknown variable: kubecfg",
			Frames: []kubecfg.Frame{{File: "file:///workspace/app.jsonnet", Line: 2, Column: 6, EndLine: 2, EndColumn: 13}}}),
			Diagnostic{File: "app.jsonnet", Line: 2, Column: 6, EndLine: 2, EndColumn: 13, Message: "Unknown variable: kubecfg"}},
		{"multi-line range", &kubecfg.JsonnetError{Text: "x", Static: true, Msg: "Expected token",
			Frames: []kubecfg.Frame{{File: "file:///workspace/lib/x.libsonnet", Line: 3, Column: 5, EndLine: 4, EndColumn: 2}}},
			Diagnostic{File: "lib/x.libsonnet", Line: 3, Column: 5, EndLine: 4, EndColumn: 2, Message: "Expected token"}},
		{"runtime error stack", &kubecfg.JsonnetError{Text: "RUNTIME ERROR: boom\n\tfile:///workspace/app.jsonnet:1:14-31\tfunction <f>\n", Msg: "boom",
			Frames: []kubecfg.Frame{{File: "file:///workspace/app.jsonnet", Line: 1, Column: 14, EndLine: 1, EndColumn: 31, Name: "function <f>"}}},
			Diagnostic{File: "app.jsonnet", Line: 1, Column: 14, EndLine: 1, EndColumn: 31, Message: "RUNTIME ERROR: boom"}},
		{"yakl error", fmt.Errorf("error reading app.yakl: %w", &yakl.Error{File: "file:///workspace/app.yakl", Line: 3, Column: 7, Msg: `duplicate key "a"`}),
			Diagnostic{File: "app.yakl", Line: 3, Column: 7, EndLine: 3, EndColumn: 7, Message: `duplicate key "a"`}},
		{"a name a URL escapes", &kubecfg.JsonnetError{Text: "RUNTIME ERROR: x\n", Msg: "x",
			Frames: []kubecfg.Frame{{File: "file:///workspace/%3Csvg%20onload=x%3E%20a.jsonnet", Line: 1, Column: 5, EndLine: 1, EndColumn: 14}}},
			Diagnostic{File: "<svg onload=x> a.jsonnet", Line: 1, Column: 5, EndLine: 1, EndColumn: 14, Message: "RUNTIME ERROR: x"}},
		{"outside the workspace", &kubecfg.JsonnetError{Text: "RUNTIME ERROR: x\n", Msg: "x",
			Frames: []kubecfg.Frame{{File: "internal:///kubecfg.libsonnet", Line: 10, Column: 3, EndLine: 10, EndColumn: 5}}},
			Diagnostic{Message: "RUNTIME ERROR: x"}},
		{"no position", errors.New("eval is an alpha feature; turn it on with --features=eval\n"),
			Diagnostic{Message: "eval is an alpha feature; turn it on with --features=eval"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := locateError(tc.err, "/workspace"); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("locateError:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}
