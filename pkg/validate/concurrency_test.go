package validate

import (
	"sync"
	"testing"
)

// TestConcurrent: one Schemas validates from several goroutines at once
// (run with -race), each getting what it gets alone.
func TestConcurrent(t *testing.T) {
	s := widgetSchemas(t)
	objs := []map[string]any{base(t, "Deployment"), base(t, "Service"), parseYAML(t, widget)}
	edit(t, objs[0], "spec.replicas", "2")
	_, want := s.Validate(objs[0])
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				for j, o := range objs {
					_, probs := s.Validate(o)
					if j == 0 && (len(probs) != len(want) || probs[0].String() != want[0].String()) {
						t.Errorf("got %v, want %v", probs, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
