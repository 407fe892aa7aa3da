package realworld_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/internal/sidebyside"
	"github.com/kubecfg/kubecfg/internal/testdata"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// TestCorporaEnvelope times every case of the suite through the
// envelope (playground.Runner, a fresh one per call, as a new page's
// first run) with fast-eval off and on, side by side
// (internal/sidebyside), and prints the median ratio and the slowest
// cases; a case whose run exits non-zero is the error path, reported
// apart. It runs only when FASTEVAL_CORPORA is set (the samples per side
// and case).
func TestCorporaEnvelope(t *testing.T) {
	o := sidebyside.FromEnv(t)
	dir := testdata.Dir(t, suite)
	cases := load(t, dir)
	run := copyTemp(t, dir)
	files := readTree(t, run)
	root := filepath.ToSlash(run)
	var measured []sidebyside.Case
	for _, c := range cases {
		req, err := requestFor(c.Command)
		if err != nil {
			t.Fatal(err)
		}
		req.Files = files
		// Off even where the case gives --alpha (which turns fast-eval on).
		fastReq := req
		req.Features = append(append([]string(nil), req.Features...), "fast-eval=false")
		fastReq.Features = append(append([]string(nil), fastReq.Features...), "fast-eval")
		off := func() playground.Response { return (&playground.Runner{Root: root}).Run(req) }
		on := func() playground.Response { return (&playground.Runner{Root: root}).Run(fastReq) }
		fast0, fell0 := fasteval.Totals()
		want := off()
		fast1, fell1 := fasteval.Totals()
		got := on()
		fast2, fell2 := fasteval.Totals()
		if fast1 != fast0 || fell1 != fell0 {
			t.Fatalf("%s: the fast evaluator ran with fast-eval off", c.Name)
		}
		if got.Output != want.Output || got.Stderr != want.Stderr || got.ExitCode != want.ExitCode {
			t.Fatalf("%s: fast-eval changes the response", c.Name)
		}
		if want.ExitCode == 0 && fast2 == fast1 && fell2 == fell1 {
			t.Logf("%s: no evaluation with fast-eval on", c.Name)
		}
		measured = append(measured, sidebyside.Case{
			Name: c.Name, Fails: want.ExitCode != 0, FellBack: fell2 > fell1,
			Off: func() { off() }, On: func() { on() },
		})
	}
	sidebyside.Print(os.Stdout, "kubecfg-realworld through the envelope", sidebyside.Measure(measured, o), 12)
}
