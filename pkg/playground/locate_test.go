package playground

import (
	"reflect"
	"testing"
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
