//go:build !kubecfg_noschema

package kubecfg

import (
	"errors"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// sourceLib is a library whose objects' values come from it and from the
// file that calls it (cfg): the lines are numbered in the comments.
const sourceLib = `{
  deployment(name, cfg):: {                         // 2
    apiVersion: 'apps/v1',                          // 3
    kind: 'Deployment',                             // 4
    metadata: { name: name },                       // 5
    spec: {                                         // 6
      replicas: cfg.replicas,                       // 7
      selector: { matchLabels: { app: name } },     // 8
      template: {                                   // 9
        metadata: { labels: { app: name } },        // 10
        spec: {                                     // 11
          containers: [{                            // 12
            name: name,                             // 13
            image: cfg.image,                       // 14
            imagePullPolcy: cfg.policy,             // 15
          }],                                       // 16
        },                                          // 17
      },                                            // 18
    },                                              // 19
  },                                                // 20
}
`

const sourceApp = `local lib = import 'lib.libsonnet';
local cfg = {
  replicas: '2',
  image: 'nginx',
  policy: 'Always',
};
{
  web: lib.deployment('web', cfg),
  list: {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'b' },
        data: { k: 1 },
      },
    ],
  },
}
`

// TestValueSource: each value's producing line, on real Jsonnet inputs
// whose values come from a library and from the file that calls it.
func TestValueSource(t *testing.T) {
	files := map[string]string{
		"lib.libsonnet": sourceLib,
		"app.jsonnet":   sourceApp,
		"top.jsonnet":   "[\n  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },\n  {\n    apiVersion: 'v1', kind: 'ConfigMap',\n    metadata: { name: 'b' },\n    data: { k: 1 },\n  },\n]\n",
		"in.yaml":       "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
	}
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	web := Source{File: "app.jsonnet", Path: "$.web"}
	container := []any{"spec", "template", "spec", "containers", 0}
	for _, tc := range []struct {
		name       string
		src        Source
		item       int
		path       []any
		collection bool
		file       string
		line       int
	}{
		{name: "a field: its own line, not those its value reads", src: web, path: append(container, "imagePullPolcy"), file: "/w/lib.libsonnet", line: 15},
		{name: "a value read from another file: the field that holds it", src: web, path: []any{"spec", "replicas"}, file: "/w/lib.libsonnet", line: 7},
		{name: "a value made in the library", src: web, path: append(container, "name"), file: "/w/lib.libsonnet", line: 13},
		{name: "an object lacking a field: the line that makes it", src: web, path: []any{"spec", "selector"}, collection: true, file: "/w/lib.libsonnet", line: 8},
		{name: "an array's element lacking a field: its array's line", src: web, path: container, collection: true, file: "/w/lib.libsonnet", line: 12},
		{name: "the object itself", src: web, collection: true, file: "/w/app.jsonnet", line: 8},
		{name: "a list's item", src: Source{File: "app.jsonnet", Path: "$.list.item"}, item: 1, path: []any{"data", "k"}, file: "/w/app.jsonnet", line: 18},
		{name: "an element of a top-level array", src: Source{File: "top.jsonnet", Path: "$[1]"}, path: []any{"data", "k"}, file: "/w/top.jsonnet", line: 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, found, err := s.ValueSource(tc.src, tc.item, tc.path, tc.collection)
			if errors.Is(err, ErrNoTrace) {
				t.Skip("built without the trace")
			}
			if err != nil || !found {
				t.Fatalf("found %v, error %v", found, err)
			}
			if f.File != tc.file || f.Line != tc.line {
				t.Errorf("%s:%d (%s), want %s:%d", f.File, f.Line, f.Name, tc.file, tc.line)
			}
		})
	}
	for _, src := range []Source{{}, {File: "data:,%7B%7D", Path: "$"}} {
		if _, _, err := s.ValueSource(src, 0, []any{"data"}, false); !errors.Is(err, ErrNoSource) {
			t.Errorf("%+v: error %v, want ErrNoSource", src, err)
		}
	}
}

func TestPathExpr(t *testing.T) {
	got := PathExpr([]any{"spec", "containers", 0, "app.kubernetes.io/name", "local"})
	if want := `.spec.containers[0]["app.kubernetes.io/name"]["local"]`; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
