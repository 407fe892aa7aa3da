package main

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/fatal"
	"github.com/kubecfg/kubecfg/internal/testdata"
)

// hookFile dies, runs away, fails or answers, as the request asks.
const hookFile = `function(request)
  local o = { a: o };
  if std.objectHas(request, 'die') then { r: o == o }
  else if std.objectHas(request, 'spin') then { r: std.foldl(function(a, i) a + std.foldl(function(x, y) x + y, std.range(0, 1e6), 0), std.range(0, 1e6), 0) }
  else if std.objectHas(request, 'fail') then error 'hook says no'
  else if std.objectHas(request, 'removeAt') then { r: std.removeAt([1, 2, 3], request.removeAt) }
  else if std.objectHas(request, 'panic') then { r: std['$kubecfg:removeAt']([1, 2, 3], 3) }
  else { seen: request.name }
`

// TestHttpdSurvivesItsHooks runs the real server: a hook that dies of a
// fatal Go error (a stack overflow that no recover() catches) or runs
// past --eval-timeout costs its request only, the runaway's process is
// gone after its 504, and the server answers the next request.
func TestHttpdSurvivesItsHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the server and a hook that overflows the stack (about 10 s)")
	}
	bin := testdata.BuildKubecfg(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hook.jsonnet"), []byte(hookFile), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(bin, "--alpha", "httpd", "-l", "127.0.0.1:0", "--eval-timeout", "30s", "hook.jsonnet")
	srv.Dir = dir
	stderr, _ := srv.StderrPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if err != nil || !ok {
		t.Fatalf("server said %q (%v)", line, err)
	}
	post := func(body string) (int, string, time.Duration) {
		start := time.Now()
		resp, err := http.Post("http://"+addr+"/hook", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatalf("POST %s: %v", body, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), time.Since(start)
	}
	if code, body, _ := post(`{"name": "a"}`); code != 200 || !strings.Contains(body, `"seen": "a"`) {
		t.Fatalf("first request: %d %s", code, body)
	}
	if code, body, _ := post(`{"fail": 1}`); code != 500 || !strings.Contains(body, "RUNTIME ERROR: hook says no") || !strings.Contains(body, `\thook.jsonnet:5`) {
		t.Errorf("failing hook: %d %s (want the error, the file named as given)", code, body)
	}
	// std.removeAt past the end was a Go panic in go-jsonnet: a 500 of
	// INTERNAL ERROR (CRASH) and a goroutine trace. Its guard answers
	// with the position; a panic that gets through is one sentence.
	if code, body, _ := post(`{"removeAt": 3}`); code != 500 || !strings.Contains(body, "RUNTIME ERROR: Index 3 out of bounds, not within [0, 3)") || !strings.Contains(body, `\thook.jsonnet:6`) || strings.Contains(body, "goroutine") {
		t.Errorf("std.removeAt out of range: %d %s", code, body)
	}
	if code, body, _ := post(`{"panic": 1}`); code != 500 || !strings.Contains(body, "RUNTIME ERROR: go-jsonnet failed on this program with a Go panic (runtime error: slice bounds out of range [4:3]) and stopped the evaluation") || strings.Contains(body, "goroutine") {
		t.Errorf("a Go panic: %d %s", code, body)
	}
	if code, body, _ := post(`{"die": 1}`); code != 500 || !strings.Contains(body, strconv.Quote(fatal.Overflow)[1:40]) {
		t.Errorf("dying hook: %d %s", code, body)
	}
	if code, body, _ := post(`{"name": "b"}`); code != 200 || !strings.Contains(body, `"seen": "b"`) {
		t.Fatalf("after the fatal error: %d %s", code, body)
	}
	if code, body, _ := post("local o = {a: o}; o == o"); code != 400 {
		t.Errorf("code as the body: %d %s", code, body)
	}
	if code, _, _ := post(`{"name": "c"}`); code != 200 {
		t.Fatalf("the server did not survive")
	}
}

// TestHttpdTimeout: past --eval-timeout the request is answered 504 and
// its worker process is killed, not left burning CPU.
func TestHttpdTimeout(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hook.jsonnet"), []byte(hookFile), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(bin, "--alpha", "httpd", "-l", "127.0.0.1:0", "--eval-timeout", "1s", "hook.jsonnet")
	srv.Dir = dir
	srv.Env = append(os.Environ(), supervisedEnv+"=1") // the server is this process: its children are the workers
	stderr, _ := srv.StderrPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	line, _ := bufio.NewReader(stderr).ReadString('\n')
	addr, _ := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	start := time.Now()
	resp, err := http.Post("http://"+addr+"/hook", "application/json", strings.NewReader(`{"spin": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 504 || !strings.Contains(string(b), "took too long") || time.Since(start) > 10*time.Second {
		t.Errorf("runaway: %d %s after %s", resp.StatusCode, b, time.Since(start))
	}
	if kids := children(srv.Process.Pid); len(kids) > 0 {
		t.Errorf("worker processes still running after the 504: %v", kids)
	}
}

// TestHttpdMemoryCap: a hook that uses more memory than
// --eval-memory-mib (nine million numbers: hundreds of MiB, inside
// stdguard's array limit) is stopped with a JSON error that says so, the
// server answers the next request, and a path that is no hook is a JSON
// 404.
func TestHttpdMemoryCap(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	dir := t.TempDir()
	hook := "function(request) if std.objectHas(request, 'big') then { n: std.length(std.range(0, 9e6)) } else { seen: request.name }\n"
	if err := os.WriteFile(filepath.Join(dir, "hook.jsonnet"), []byte(hook), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(bin, "--alpha", "httpd", "-l", "127.0.0.1:0", "--eval-memory-mib", "64", "hook.jsonnet")
	srv.Dir = dir
	stderr, _ := srv.StderrPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	line, _ := bufio.NewReader(stderr).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if !ok {
		t.Fatalf("server said %q", line)
	}
	post := func(path, body string) (*http.Response, string) {
		resp, err := http.Post("http://"+addr+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatalf("POST %s %s: %v", path, body, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	if resp, body := post("/hook", `{"big": 1}`); resp.StatusCode != 500 || body != `{"error":"the evaluation used more than 64 MiB of memory and was stopped (the limit is --eval-memory-mib=64)"}`+"\n" {
		t.Errorf("a hook past the cap: %d %q", resp.StatusCode, body)
	}
	if resp, body := post("/hook", `{"name": "a"}`); resp.StatusCode != 200 || !strings.Contains(body, `"seen": "a"`) {
		t.Errorf("after it: %d %q", resp.StatusCode, body)
	}
	resp, body := post("/nope", `{}`)
	if resp.StatusCode != 404 || resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("X-Content-Type-Options") != "nosniff" || body != `{"error":"no hook at /nope"}`+"\n" {
		t.Errorf("no hook: %d %v %q", resp.StatusCode, resp.Header, body)
	}
	srv.Process.Kill()
	srv.Wait()
	// A cap too small to start a worker is refused at start-up.
	out, err := exec.Command(bin, "--alpha", "httpd", "-l", "127.0.0.1:0", "--eval-memory-mib", "8", filepath.Join(dir, "hook.jsonnet")).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "--eval-memory-mib is 8: a worker needs at least 64") {
		t.Errorf("--eval-memory-mib 8: %v %s", err, out)
	}
}

// children lists the processes whose parent is pid (Linux /proc).
func children(pid int) []string {
	var out []string
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, s := range stats {
		b, err := os.ReadFile(s)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		rest := string(b[strings.LastIndexByte(string(b), ')')+2:])
		f := strings.Fields(rest)
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, s)
		}
	}
	return out
}
