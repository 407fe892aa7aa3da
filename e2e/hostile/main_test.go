package hostile

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/golden"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// childEnv names the case a child process of the test binary evaluates
// through playground.Run (the envelope's Crash and Watchdog cases, which
// would end or occupy the test process).
const childEnv = "KUBECFG_HOSTILE_CHILD"

// Deadlines: a case expected to finish must finish within finishDeadline
// (generous, the machine is shared); a case expected to run on is checked
// to be still running at runOnDeadline and then stopped.
const (
	finishDeadline = 30 * time.Second
	runOnDeadline  = 3 * time.Second
)

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		os.Exit(child(name))
	}
	os.Exit(m.Run())
}

// child evaluates one case through playground.Run and prints the response
// as JSON.
func child(name string) int {
	c, err := Parse("cases/" + name + ".txtar")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	resp := playground.Run(c.Request)
	json.NewEncoder(os.Stdout).Encode(resp)
	return 0
}

func load(t *testing.T) []Case {
	t.Helper()
	cases, err := Load(".")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestCasesJSON holds cases.json to the txtar cases; -update rewrites it.
func TestCasesJSON(t *testing.T) {
	want, err := JSON(load(t))
	if err != nil {
		t.Fatal(err)
	}
	if golden.Update() {
		if err := os.WriteFile("cases.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("cases.json")
	if err != nil {
		t.Fatalf("%v (run go test ./e2e/hostile -run TestCasesJSON -update)", err)
	}
	if string(got) != string(want) {
		t.Fatalf("cases.json is stale: run go test ./e2e/hostile -run TestCasesJSON -update")
	}
	var back Corpus
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("cases.json: %v", err)
	}
	for i, c := range back.Cases {
		if _, ok := c.Request.Files[c.Request.Entry]; !ok && c.Repeat[c.Request.Entry] == nil {
			t.Errorf("case %d (%s): the entry is neither in files nor in repeat", i, c.Name)
		}
	}
}

// TestCasesMJS holds cases.mjs's expansion of cases.json (what the browser
// tests load) to the Go one.
func TestCasesMJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed; cases.mjs is not checked")
	}
	out, err := exec.Command(node, "cases.mjs").Output()
	if err != nil {
		t.Fatalf("node cases.mjs: %v", err)
	}
	var got map[string]map[string]string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node cases.mjs: %v", err)
	}
	cases := load(t)
	if len(got) != len(cases) {
		t.Errorf("cases.mjs has %d cases, the txtars %d", len(got), len(cases))
	}
	for _, c := range cases {
		if !maps.Equal(got[c.Name], c.Request.Files) {
			t.Errorf("%s: cases.mjs expands other files than Load", c.Name)
		}
	}
}
