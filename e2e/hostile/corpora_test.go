package hostile

import (
	"os"
	"testing"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/internal/sidebyside"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// TestCorporaEnvelope times the Error and OK cases through the envelope
// (a fresh playground.Runner per call) with fast-eval off and on, side by
// side (internal/sidebyside), and prints the median ratio and the
// slowest; the Error cases are the error path, reported apart. It runs
// only when FASTEVAL_CORPORA is set (the samples per side and case).
func TestCorporaEnvelope(t *testing.T) {
	o := sidebyside.FromEnv(t)
	var measured []sidebyside.Case
	for _, c := range load(t) {
		if c.Envelope != Error && c.Envelope != OK {
			continue
		}
		// Off even where the case gives --alpha (which turns fast-eval on).
		req, fastReq := c.Request, c.Request
		req.Features = append(append([]string(nil), c.Request.Features...), "fast-eval=false")
		fastReq.Features = append(append([]string(nil), c.Request.Features...), "fast-eval")
		off := func() { runBounded(t, &playground.Runner{}, req) }
		on := func() { runBounded(t, &playground.Runner{}, fastReq) }
		fast0, fell0 := fasteval.Totals()
		off()
		fast1, fell1 := fasteval.Totals()
		if fast1 != fast0 || fell1 != fell0 {
			t.Fatalf("%s: the fast evaluator ran with fast-eval off", c.Name)
		}
		on()
		_, fell2 := fasteval.Totals()
		measured = append(measured, sidebyside.Case{
			Name: c.Name, Fails: c.Envelope == Error, FellBack: fell2 > fell1,
			Off: off, On: on,
		})
	}
	sidebyside.Print(os.Stdout, "the hostile corpus through the envelope", sidebyside.Measure(measured, o), 12)
}
