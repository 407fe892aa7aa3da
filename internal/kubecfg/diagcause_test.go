package kubecfg

import (
	"errors"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/diag"
	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/yakl"
)

// TestJsonnetErrorCause: the Go error go-jsonnet carries as a runtime
// error's text (an import's, a native's, a syntax error in an imported
// file) is kept as the JsonnetError's Cause, and the error's diagnostic
// names the cause's place first, as its text does.
func TestJsonnetErrorCause(t *testing.T) {
	files := map[string]string{
		"yakl.jsonnet":     "import 'yakl:bad.yakl'\n",
		"bad.yakl":         "a: 1\na: 2\n",
		"syntax.jsonnet":   "import 'broken.libsonnet'\n",
		"broken.libsonnet": "{ a: }\n",
		"gate.jsonnet":     "importbin 'binary://x'\n",
		"native.jsonnet":   "std.native('requireFeature')('knit')\n",
		"deep.jsonnet":     "local f(n) = 1 + f(n + 1); f(0)\n",
		"nest.jsonnet":     "import 'nest.libsonnet'\n",
		"nest.libsonnet":   strings.Repeat("[", 1001) + strings.Repeat("]", 1001),
	}
	gates, err := features.New(false, features.Source{Name: features.SourceFeatures, Items: []string{"yakl"}})
	if err != nil {
		t.Fatal(err)
	}
	c := &Config{Gates: gates, FS: importer.NewMapFS("/w", files), Cwd: "/w", MaxStack: 50}
	for _, tc := range []struct {
		input     string
		kind      diag.Kind
		cause     func(error) bool
		firstText string
	}{
		{"yakl.jsonnet", diag.Runtime, func(err error) bool { var e *yakl.Error; return errors.As(err, &e) }, "file:///w/bad.yakl:2:1"},
		{"syntax.jsonnet", diag.Runtime, func(err error) bool {
			var e *JsonnetError
			return errors.As(err, &e) && e.Static && e.Msg == `Unexpected: "}" while parsing terminal`
		}, "file:///w/broken.libsonnet:1:6-7"},
		{"gate.jsonnet", diag.Runtime, func(err error) bool { var e *features.DisabledError; return errors.As(err, &e) }, "file:///w/gate.jsonnet:1:1-23"},
		{"native.jsonnet", diag.Runtime, func(err error) bool { var e *features.DisabledError; return errors.As(err, &e) }, ""},
		{"deep.jsonnet", diag.StackLimit, func(err error) bool { return err == nil }, "file:///w/deep.jsonnet:1:18-26"},
		{"nest.jsonnet", diag.Runtime, func(err error) bool { var e *importer.NestingError; return errors.As(err, &e) }, "file:///w/nest.libsonnet:1:1001"},
	} {
		t.Run(tc.input, func(t *testing.T) {
			_, err := c.Show(ShowOptions{Inputs: []string{tc.input}, Format: "yaml"})
			var je *JsonnetError
			if !errors.As(err, &je) {
				t.Fatalf("error %v (%T), want a *JsonnetError", err, err)
			}
			if !tc.cause(je.Cause) {
				t.Errorf("cause %v (%T)", je.Cause, je.Cause)
			}
			d := je.Diagnostic()
			if d.Kind != tc.kind {
				t.Errorf("kind %q, want %q", d.Kind, tc.kind)
			}
			if tc.firstText != "" && (len(d.Frames) == 0 || d.Frames[0].Text != tc.firstText) {
				t.Errorf("frames %+v, want the first %q", d.Frames, tc.firstText)
			}
			for _, f := range d.Frames {
				if f.Text != "" && !strings.Contains(err.Error(), f.Text) {
					t.Errorf("frame %q is not in the text:\n%s", f.Text, err)
				}
			}
		})
	}
}
