package sharee2e

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/site"
	"github.com/kubecfg/kubecfg/pkg/share"
)

// Environment of the re-executed test binary when it plays the server.
const (
	serveEnv    = "SHARE_E2E_SERVE_DATA_DIR"
	serveStatic = "SHARE_E2E_SERVE_STATIC"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(serveEnv); dir != "" {
		os.Exit(serveChild(dir))
	}
	os.Exit(m.Run())
}

// serveChild is the server process: site.Serve on 127.0.0.1:0 without a
// rate limit, until SIGTERM or SIGINT (SIGKILL ends it the hard way).
func serveChild(dataDir string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	err := site.Serve(ctx, "127.0.0.1:0", dataDir, os.DirFS(os.Getenv(serveStatic)), os.Stdout,
		share.WithRateLimit(share.NoRateLimit))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// server is a share server running as a child process.
type server struct {
	URL    string // "http://127.0.0.1:PORT" without a trailing slash
	cmd    *exec.Cmd
	exited chan struct{}

	mu  sync.Mutex
	out strings.Builder
}

var urlRE = regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+)/`)

// kubecfgPlayground returns the kubecfg binary to run as the server when
// KUBECFG_BIN names one whose playground command can turn the rate limit
// off, and "" (use the test binary) otherwise.
func kubecfgPlayground(t *testing.T) string {
	bin := os.Getenv("KUBECFG_BIN")
	if bin == "" {
		return ""
	}
	out, err := exec.Command(bin, "--features=playground", "playground", "--help").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--share-rate-limit") {
		t.Logf("server: %s has no `playground --share-rate-limit` yet (%v); running the test binary as the server", bin, err)
		return ""
	}
	return bin
}

// startServer starts a server on dataDir with a one-page site and waits
// (at most 60 s) until it prints its URL.
func startServer(t *testing.T, dataDir string) *server {
	t.Helper()
	static := t.TempDir()
	os.WriteFile(filepath.Join(static, "index.html"), []byte("<!doctype html><title>kubecfg</title>"), 0o644)
	return startServerWith(t, dataDir, static)
}

// serverCommand returns the command of a server on dataDir serving the
// static directory: `kubecfg playground` or this test binary.
func serverCommand(t *testing.T, dataDir, static string) *exec.Cmd {
	t.Helper()
	if bin := kubecfgPlayground(t); bin != "" {
		return exec.Command(bin, "--features=playground", "playground", "-l", "127.0.0.1:0", "--data-dir", dataDir, "--static-dir", static, "--share-rate-limit=off")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), serveEnv+"="+dataDir, serveStatic+"="+static)
	return cmd
}

// startServerWith starts a server on dataDir serving the static directory.
func startServerWith(t *testing.T, dataDir, static string) *server {
	t.Helper()
	cmd := serverCommand(t, dataDir, static)
	s := &server{cmd: cmd, exited: make(chan struct{})}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatalf("start server: %v", err)
	}
	t.Cleanup(func() { s.kill() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			s.mu.Lock()
			s.out.WriteString(sc.Text() + "\n")
			s.mu.Unlock()
			if m := urlRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	go func() { cmd.Wait(); pw.Close(); close(s.exited) }()
	select {
	case s.URL = <-found:
		return s
	case <-s.exited:
		t.Fatalf("server exited before listening: %v\n%s", cmd.ProcessState, s.output())
	case <-time.After(60 * time.Second):
		t.Fatalf("server printed no URL within 60s:\n%s", s.output())
	}
	return nil
}

func (s *server) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// kill ends the server with SIGKILL: no shutdown, no close, no flush.
// It returns once the process has exited (at most 10 s).
func (s *server) kill() error {
	s.cmd.Process.Signal(syscall.SIGKILL) // an error means it has exited already
	select {
	case <-s.exited:
		return nil
	case <-time.After(10 * time.Second):
		return fmt.Errorf("server pid %d still running 10s after SIGKILL", s.cmd.Process.Pid)
	}
}

// gate skips the test unless the environment variable is set, naming the
// make target that sets it.
func gate(t *testing.T, env, what string) {
	t.Helper()
	target := map[string]string{"SHARE_E2E": "test-share-e2e", "SHARE_E2E_WRANGLER": "test-share-wrangler"}[env]
	if os.Getenv(env) == "" {
		t.Skipf("%s: set %s=1 (make %s does)", what, env, target)
	}
}
