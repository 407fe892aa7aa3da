//go:build !kubecfg_noschema

package playground

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// severalProblems is the default example with five schema problems in
// two objects, all made in lib.libsonnet: the typo'd field, a string for
// replicas, a typo'd field in the Service's port and a label key
// Kubernetes refuses (in the Deployment's labels and its template's).
func severalProblems(b *testing.B) map[string]string {
	var t testing.T
	files := defaultExample(&t)
	lib := files["lib.libsonnet"]
	for _, r := range [][2]string{
		{"replicas: replicas,", "replicas: '%d' % replicas,"},
		{"ports: [{ port: port }]", "ports: [{ port: port, protocl: 'TCP' }]"},
		{"labels(name):: { app: name },", "labels(name):: { app: name, 'bad key!': 'x' },"},
	} {
		next := strings.Replace(lib, r[0], r[1], 1)
		if next == lib {
			b.Fatalf("the default example's lib.libsonnet has changed: no %q", r[0])
		}
		lib = next
	}
	files["lib.libsonnet"] = lib
	return files
}

// BenchmarkValidateKeystroke is a keystroke with the page's Validate
// switch on, as the page sends it (after five, which warm the engine): the workspace updated (a space added
// at the end of the edited file), show, then validate on the same
// session. Editing app.jsonnet (the entry) keeps the session (only the
// input changed); editing lib.libsonnet makes a new one, as typing the
// typo does. Each problem's line is found with the causal trace. Besides
// ns/op it reports the median and the 90th percentile of a keystroke
// (p50-ms, p90-ms: update, show and validate) and of its validate request
// alone (validate-p50-ms, validate-p90-ms). scripts/bench-validate.sh runs it against another
// commit's engine, natively and in wasm under Node.
func BenchmarkValidateKeystroke(b *testing.B) {
	for _, bc := range []struct {
		name     string
		edit     string // the file typed into
		problems int
	}{
		{"entry/valid", "app.jsonnet", 0},
		{"entry/one", "app.jsonnet", 1},
		{"lib/valid", "lib.libsonnet", 0},
		{"lib/one", "lib.libsonnet", 1},
		{"lib/several", "lib.libsonnet", 5},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var t testing.T
			files := defaultFiles(&t)
			switch bc.problems {
			case 1:
				files = defaultExample(&t)
			case 5:
				files = severalProblems(b)
			}
			r := &Runner{Schema: k8sschema.Data}
			inv := kubecfg.Invocation{Entry: "app.jsonnet", Features: []string{"offline-validate"}}
			keystroke := func(i int) (validate time.Duration) {
				up := map[string]*string{}
				for name, text := range files {
					if name == bc.edit {
						text += strings.Repeat(" ", i%50)
					}
					up[name] = ptr(text)
				}
				if err := r.Update("page", Update{Rev: i + 1, Base: i, Full: i == 0, Files: up}); err != nil {
					b.Fatal(err)
				}
				inv.Command = "show"
				if resp, err := r.RunSession("page", i+1, Request{Invocation: inv}); err != nil || resp.ExitCode != 0 {
					b.Fatal(err, resp.Stderr)
				}
				inv.Command = "validate"
				start := time.Now()
				resp, err := r.RunSession("page", i+1, Request{Invocation: inv})
				validate = time.Since(start)
				if err != nil || (resp.ExitCode == 1) != (bc.problems > 0) {
					b.Fatal(err, resp.Stderr)
				}
				located := 0
				for _, d := range resp.Diagnostics {
					if d.Kind == KindSchema && d.Line > 0 {
						located++
					}
				}
				if located != bc.problems {
					b.Fatalf("%d problems located, want %d:\n%s", located, bc.problems, resp.Stderr)
				}
				return validate
			}
			// Warm: the schemas parsed, the code run once (as in a page
			// that has validated before).
			const warm = 5
			for i := range warm {
				keystroke(i)
			}
			var times, validates []time.Duration
			for i := warm; b.Loop(); i++ {
				start := time.Now()
				validates = append(validates, keystroke(i))
				times = append(times, time.Since(start))
			}
			report := func(ds []time.Duration, unit string) {
				slices.Sort(ds)
				b.ReportMetric(float64(ds[len(ds)/2])/1e6, unit+"p50-ms")
				b.ReportMetric(float64(ds[len(ds)*9/10])/1e6, unit+"p90-ms")
			}
			report(times, "")
			report(validates, "validate-")
		})
	}
}
