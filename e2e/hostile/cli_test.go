package hostile

import (
	"bytes"
	"errors"
	"github.com/kubecfg/kubecfg/internal/testdata"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/pkg/playground"
)

// writeFiles puts a request's files in a new directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// cliResult is one finished kubecfg command.
type cliResult struct {
	stdout, stderr string
	code           int
	// stopped is true when the command was still running at the deadline
	// and the test sent it SIGTERM.
	stopped bool
}

// runCLI runs the command line that pkg/playground reports for req ("Copy
// as command") in dir, as a real process. At the deadline it sends
// SIGTERM (as a user's Ctrl-C would end it), and kills it 10 s later.
func runCLI(t *testing.T, bin, dir string, req playground.Request, deadline time.Duration) cliResult {
	t.Helper()
	cmd := exec.Command("sh", "-c", "exec "+req.CommandLine())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"),
		"KUBECFG_ALPHA=", "KUBECFG_FEATURES=", "KUBECFG_JPATH=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var res cliResult
	var err error
	select {
	case err = <-done:
	case <-time.After(deadline):
		res.stopped = true
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			err = <-done
			t.Errorf("kubecfg did not end 10 s after SIGTERM")
		}
	}
	res.stdout, res.stderr = stdout.String(), stderr.String()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		res.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCLI runs every case as a real kubecfg command, checks its standard
// error and exit status, and then checks that a harmless program still
// succeeds. Cases that run until stopped are skipped with -short.
func TestCLI(t *testing.T) {
	cases := load(t)
	bin := testdata.BuildKubecfg(t)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			deadline := finishDeadline
			if c.CLI == Stopped {
				if testing.Short() {
					t.Skip("runs until stopped at the deadline; skipped with -short")
				}
				deadline = runOnDeadline
			}
			start := time.Now()
			res := runCLI(t, bin, writeFiles(t, c.Request.Files), c.Request, deadline)
			t.Logf("%s: exit %d after %v", c.Request.CommandLine(), res.code, time.Since(start).Round(time.Millisecond))
			checkCLI(t, c, res)

			h := runCLI(t, bin, writeFiles(t, Harmless().Files), Harmless(), finishDeadline)
			if h.code != 0 || h.stdout != HarmlessStdout {
				t.Errorf("harmless program after %s: exit %d, stdout %q, stderr %q", c.Name, h.code, h.stdout, h.stderr)
			}
		})
	}
}

func checkCLI(t *testing.T, c Case, res cliResult) {
	t.Helper()
	if res.stopped != (c.CLI == Stopped) {
		if res.stopped {
			t.Fatalf("still running at the deadline, want outcome %s", c.CLI)
		}
		t.Fatalf("ended by itself (exit %d, stderr %q), want it still running at the deadline", res.code, clip(res.stderr))
	}
	switch c.CLI {
	case OK:
		if res.code != 0 {
			t.Fatalf("exit %d, want 0; stderr %q", res.code, clip(res.stderr))
		}
		if p := Missing(res.stdout, c.Stdout); len(p) > 0 {
			t.Errorf("stdout %q: %q", clip(res.stdout), p)
		}
	case Error, Crash, Stopped:
		if res.code != 1 {
			t.Errorf("exit %d, want 1", res.code)
		}
		want := c.Stderr
		if c.CLI == Stopped {
			want = []string{StoppedMessage}
		}
		if p := Missing(res.stderr, want); len(p) > 0 {
			t.Errorf("stderr %q: %q", clip(res.stderr), p)
		}
		if c.CLI != Error && res.stderr != want[0] {
			t.Errorf("stderr %q, want exactly one sentence %q", clip(res.stderr), want[0])
		}
		if res.stdout != "" {
			t.Errorf("stdout %q, want nothing", clip(res.stdout))
		}
	}
}

// clip shortens s for a test log.
func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
