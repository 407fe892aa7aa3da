package hostile

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/pkg/playground"
)

// TestEnvelope runs every case through one playground.Runner, as the
// browser's worker does, and after each a harmless request on the same
// Runner. Error and OK cases run in the test process: no panic, an error
// diagnostic, the expected texts. Crash and Watchdog cases run in a child
// process (they would end or occupy this one): a Crash case must end it
// with a fatal Go stack overflow, a Watchdog case must still be running at
// the deadline, when the test ends it as the page ends its worker.
func TestEnvelope(t *testing.T) {
	cases := load(t)
	r := &playground.Runner{}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			switch c.Envelope {
			case Error, OK:
				checkResponse(t, c, runBounded(t, r, c.Request))
			case Crash:
				res := runChild(t, c.Name, finishDeadline)
				if res.stopped || res.code == 0 || !strings.Contains(res.stderr, "stack overflow") {
					t.Errorf("child: stopped %v, exit %d, stderr %q; want it to die of a Go stack overflow", res.stopped, res.code, clip(res.stderr))
				}
			case Watchdog:
				if testing.Short() {
					t.Skip("runs until stopped at the deadline; skipped with -short")
				}
				res := runChild(t, c.Name, runOnDeadline)
				if !res.stopped {
					t.Errorf("child ended by itself (exit %d, stdout %q, stderr %q), want it still running at the deadline", res.code, clip(res.stdout), clip(res.stderr))
				}
			}
			h := runBounded(t, r, Harmless())
			if h.ExitCode != 0 || h.Output != HarmlessStdout {
				t.Errorf("harmless request after %s: exit %d, output %q, stderr %q", c.Name, h.ExitCode, h.Output, h.Stderr)
			}
		})
	}
}

// runBounded runs req on r, failing the test if it takes longer than
// finishDeadline (the evaluation goroutine cannot be stopped; it leaks).
func runBounded(t *testing.T, r *playground.Runner, req playground.Request) playground.Response {
	t.Helper()
	done := make(chan playground.Response, 1)
	go func() { done <- r.Run(req) }()
	select {
	case resp := <-done:
		return resp
	case <-time.After(finishDeadline):
		t.Fatalf("playground.Run still running after %v", finishDeadline)
	}
	return playground.Response{}
}

func checkResponse(t *testing.T, c Case, resp playground.Response) {
	t.Helper()
	if c.Envelope == OK {
		if resp.ExitCode != 0 || len(resp.Diagnostics) != 0 {
			t.Fatalf("exit %d, diagnostics %+v, want success", resp.ExitCode, resp.Diagnostics)
		}
		if p := Missing(resp.Output, c.Stdout); len(p) > 0 {
			t.Errorf("output %q: %q", clip(resp.Output), p)
		}
		return
	}
	if resp.ExitCode != 1 {
		t.Errorf("exit %d, want 1", resp.ExitCode)
	}
	if p := Missing(resp.Stderr, c.Stderr); len(p) > 0 {
		t.Errorf("stderr %q: %q", clip(resp.Stderr), p)
	}
	if resp.Output != "" {
		t.Errorf("output %q, want none", clip(resp.Output))
	}
	var errs int
	for _, d := range resp.Diagnostics {
		if d.Severity == "error" {
			errs++
			if d.Message == "" || len(Missing(d.Message, nil)) > 0 {
				t.Errorf("diagnostic message %q", clip(d.Message))
			}
		}
	}
	if errs == 0 {
		t.Errorf("no error diagnostic in %+v", resp.Diagnostics)
	}
}

// runChild evaluates the named case through playground.Run in a child
// process (this test binary; see TestMain), stopping it at the deadline.
func runChild(t *testing.T, name string, deadline time.Duration) cliResult {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+name)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var res cliResult
	select {
	case err = <-done:
	case <-time.After(deadline):
		res.stopped = true
		cmd.Process.Kill()
		err = <-done
	}
	res.stdout, res.stderr = stdout.String(), stderr.String()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		res.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if !res.stopped && res.code == 0 {
		var resp playground.Response
		if json.Unmarshal(stdout.Bytes(), &resp) == nil {
			t.Logf("child's response: exit %d, stderr %q", resp.ExitCode, clip(resp.Stderr))
		}
	}
	return res
}
