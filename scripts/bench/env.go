package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// loadAverage returns the 1-minute load average, or "?".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// cpuModel returns the processor's model name, or "".
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// environment describes the machine, the tools and the load.
func environment(goCmd, nodeVersion, load0, load1 string) []string {
	goVersion := runtime.Version()
	if out, err := exec.Command(goCmd, "env", "GOVERSION").Output(); err == nil {
		goVersion = strings.TrimSpace(string(out))
	}
	lines := []string{
		fmt.Sprintf("date: %s", time.Now().UTC().Format("2006-01-02 15:04 MST")),
		fmt.Sprintf("machine: %d CPUs (%s), %s/%s, GOMAXPROCS %d", runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0)),
		fmt.Sprintf("tools: %s, Node %s", goVersion, nodeVersion),
		fmt.Sprintf("load average (1 min) at the start: %s, at the end: %s", load0, load1),
	}
	return lines
}
