package sidebyside

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"
)

// spin burns about d of CPU time.
func spin(d time.Duration) {
	t0 := cpuTime()
	for cpuTime()-t0 < d {
	}
}

func TestMeasureRatio(t *testing.T) {
	cases := []Case{
		{Name: "twice", Off: func() { spin(time.Millisecond) }, On: func() { spin(2 * time.Millisecond) }},
		{Name: "half", Off: func() { spin(2 * time.Millisecond) }, On: func() { spin(time.Millisecond) }, Fails: true},
	}
	rs := Measure(cases, Options{Samples: 5, Target: 20 * time.Millisecond})
	if len(rs) != 2 {
		t.Fatalf("%d results, want 2", len(rs))
	}
	if r := rs[0].Ratio(); r < 1.5 || r > 2.5 {
		t.Errorf("twice: ratio %.2f, want about 2", r)
	}
	if r := rs[1].Ratio(); r < 0.4 || r > 0.65 {
		t.Errorf("half: ratio %.2f, want about 0.5", r)
	}
	if rs[0].Calls < 10 {
		t.Errorf("twice: %d calls per sample, want about 20 for a 20ms target", rs[0].Calls)
	}
}

func TestPrint(t *testing.T) {
	rs := []Result{
		{Case: Case{Name: "a"}, Off: 2 * time.Millisecond, On: time.Millisecond, Calls: 3},
		{Case: Case{Name: "b", FellBack: true}, Off: time.Millisecond, On: 3 * time.Millisecond, Calls: 5},
		{Case: Case{Name: "c"}, Off: 4 * time.Millisecond, On: time.Millisecond, Calls: 1},
		{Case: Case{Name: "d", Fails: true}, Off: time.Millisecond, On: 1500 * time.Microsecond, Calls: 9},
	}
	var out bytes.Buffer
	s := Print(&out, "corpus", rs, 2)
	if s.OK.Median != 0.5 || s.OK.Slower != 1 || len(s.OK.Results) != 3 || s.OK.Results[0].Name != "b" {
		t.Errorf("succeeding group: %+v", s.OK)
	}
	if s.Failing.Median != 1.5 || s.Failing.Slower != 1 {
		t.Errorf("failing group: %+v", s.Failing)
	}
	want := "corpus, 3 programs that succeed on go-jsonnet: median on/off 0.50, 1 with a ratio above 1"
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "| b (falls back) | 1ms | 3ms | 3.00 | 5 |") {
		t.Errorf("output:\n%s", out.String())
	}
	if strings.Contains(out.String(), "| c |") {
		t.Errorf("more than 2 rows printed:\n%s", out.String())
	}
}

func TestOnly(t *testing.T) {
	n := 0
	rs := Measure([]Case{{Name: "keep", Off: func() { n++ }, On: func() {}}, {Name: "skip", Off: func() { t.Error("skip measured") }, On: func() {}}},
		Options{Samples: 1, Target: time.Microsecond, Only: regexpMust("^keep$")})
	if len(rs) != 1 || rs[0].Name != "keep" || n == 0 {
		t.Errorf("results %+v", rs)
	}
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }
