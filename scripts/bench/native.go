package main

import (
	"fmt"
	"syscall"
	"time"

	"github.com/google/go-jsonnet"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// clock measures one call: wall time, or this process's CPU time (user
// and system, all threads: the garbage collector's included), which a
// machine shared with other work disturbs less.
type clock func() time.Duration

func wallClock() time.Duration {
	return time.Duration(time.Now().UnixNano())
}

func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runNative measures the cells in this process: bare go-jsonnet
// (jsonnet.MakeVM().EvaluateAnonymousSnippet) and pkg/playground.Run,
// each kubecfg cell on its own playground.Runner, in the order of
// schedule. It returns each cell's measured durations in milliseconds.
func runNative(cells []cell, now clock) (map[string][]float64, error) {
	out := map[string][]float64{}
	runners := make([]*playground.Runner, len(cells))
	for i := range cells {
		runners[i] = &playground.Runner{}
	}
	for _, at := range schedule(cells) {
		k, i := at[0], at[1]
		c := cells[k]
		start := now()
		if c.bare != nil {
			b := c.bare[i]
			if _, err := jsonnet.MakeVM().EvaluateAnonymousSnippet(b.File, b.Code); err != nil {
				return nil, fmt.Errorf("bare go-jsonnet on %s: %w", b.File, err)
			}
		} else if resp := runners[k].Run(c.reqs[i]); resp.ExitCode != 0 {
			return nil, fmt.Errorf("%s: %s", resp.Command, resp.Stderr)
		}
		d := now() - start
		if i >= c.warm {
			out[c.name] = append(out[c.name], float64(d.Microseconds())/1000)
		}
	}
	return out, nil
}
