package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed driver.mjs
var driver []byte

// wasmBuild holds the wasm modules and the files Node needs.
type wasmBuild struct {
	dir, kubecfg, bare, wasmExec, driver string
}

// buildWasm builds wasm/playground (the evaluator the browser runs, with
// mk/web.mk's flags) and wasm/barejsonnet into dir, and copies this Go's
// wasm_exec.js beside them.
func buildWasm(goCmd, dir string) (*wasmBuild, error) {
	b := &wasmBuild{dir: dir,
		kubecfg:  filepath.Join(dir, "kubecfg.wasm"),
		bare:     filepath.Join(dir, "barejsonnet.wasm"),
		wasmExec: filepath.Join(dir, "wasm_exec.js"),
		driver:   filepath.Join(dir, "driver.mjs"),
	}
	for _, m := range []struct{ out, pkg string }{{b.kubecfg, "./wasm/playground"}, {b.bare, "./wasm/barejsonnet"}} {
		cmd := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", m.out, m.pkg)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("building %s for wasm: %w\n%s", m.pkg, err, out)
		}
	}
	root, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("reading this Go's wasm_exec.js: %w", err)
	}
	if err := os.WriteFile(b.wasmExec, js, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(b.driver, driver, 0o644); err != nil {
		return nil, err
	}
	return b, nil
}

// driverCell and driverInput are driver.mjs's input.
type driverCell struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"` // "bare" or "kubecfg"
	Calls []any  `json:"calls"`
}

type driverInput struct {
	Kubecfg  string       `json:"kubecfg"`
	Bare     string       `json:"bare"`
	WasmExec string       `json:"wasmExec"`
	Clock    string       `json:"clock"`
	Cells    []driverCell `json:"cells"`
	Order    [][2]int     `json:"order"` // (cell, call) in turn
}

type driverOutput struct {
	Versions map[string]string `json:"versions"`
	Cells    []struct {
		Name string    `json:"name"`
		MS   []float64 `json:"ms"`
	} `json:"cells"`
}

// runWasm measures the cells under Node, in one process holding both
// modules (bare cells on wasm/barejsonnet, the others on the playground
// shim, which keeps one Runner as a page does), in the order of schedule. It returns each cell's measured durations in milliseconds
// and the modules' versions.
func runWasm(node string, b *wasmBuild, cells []cell, clockName string) (map[string][]float64, map[string]string, error) {
	in := driverInput{Kubecfg: b.kubecfg, Bare: b.bare, WasmExec: b.wasmExec, Clock: clockName, Order: schedule(cells)}
	warm := map[string]int{}
	for _, c := range cells {
		dc := driverCell{Name: c.name, Kind: "kubecfg"}
		if c.bare != nil {
			dc.Kind = "bare"
		}
		for _, x := range c.bare {
			dc.Calls = append(dc.Calls, x)
		}
		for _, x := range c.reqs {
			dc.Calls = append(dc.Calls, x)
		}
		in.Cells = append(in.Cells, dc)
		warm[c.name] = c.warm
	}
	data, err := json.Marshal(in)
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(node, b.driver)
	cmd.Stdin = bytes.NewReader(data)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, nil, fmt.Errorf("node driver.mjs: %w\n%s", err, stderr.String())
	}
	var res driverOutput
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, nil, fmt.Errorf("node driver.mjs: decoding its output: %w", err)
	}
	out := map[string][]float64{}
	for _, c := range res.Cells {
		w := warm[c.Name]
		if len(c.MS) <= w {
			return nil, nil, fmt.Errorf("node driver.mjs: cell %s has %d calls, want more than %d", c.Name, len(c.MS), w)
		}
		out[c.Name] = c.MS[w:]
	}
	return out, res.Versions, nil
}
