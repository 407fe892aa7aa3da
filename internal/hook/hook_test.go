package hook

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

func TestHandler(t *testing.T) {
	c := &kubecfg.Config{Gates: features.AllAlpha(), Cwd: "/w", FS: importer.NewMapFS("/w", map[string]string{
		"hooks/sync.jsonnet":  "function(request) { status: { seen: request.parent.metadata.name }, lib: (import 'lib.libsonnet').x }",
		"hooks/lib.libsonnet": "{ x: 1 }",
		"bad.jsonnet":         "function(request) error 'no'",
	})}
	if _, err := Handler(c, nil); err == nil || err.Error() != "jsonnet filename required" {
		t.Fatalf("no files: %v", err)
	}
	h, err := Handler(c, []string{"hooks/sync.jsonnet", "bad.jsonnet"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, method, path, body string
		code                     int
		want                     string
	}{
		{"post evaluates with the body as request", "POST", "/hooks/sync", `{"parent": {"metadata": {"name": "p1"}}}`, 200, `"seen": "p1"`},
		{"imports resolve beside the hook", "POST", "/hooks/sync", `{"parent": {"metadata": {"name": "p1"}}}`, 200, `"lib": 1`},
		{"other methods get 405", "GET", "/hooks/sync", "", 405, "method not allowed"},
		{"an evaluation error is a 500", "POST", "/bad", "{}", 500, "RUNTIME ERROR: no"},
		{"a body that is not Jsonnet is a 500", "POST", "/hooks/sync", "{", 500, "end of file while parsing"},
		{"unknown path", "POST", "/nope", "{}", 404, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body)))
			if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.want) {
				t.Errorf("%s %s: %d %q, want %d containing %q", tc.method, tc.path, rec.Code, rec.Body.String(), tc.code, tc.want)
			}
			if tc.code == 200 && rec.Header().Get("Content-Type") != "application/json" {
				t.Errorf("content type %q", rec.Header().Get("Content-Type"))
			}
		})
	}
}
