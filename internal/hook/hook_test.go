package hook

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// inProcess evaluates hooks in this process (the CLI runs each in a
// process of its own; cmd/kubecfg's httpd test covers that).
func inProcess(c *kubecfg.Config) Evaluator {
	return func(ctx context.Context, file string, request []byte) (string, error) {
		v, err := Decode(request)
		if err != nil {
			return "", err
		}
		return c.EvaluateHook(file, v)
	}
}

func TestHandler(t *testing.T) {
	c := &kubecfg.Config{Gates: features.AllAlpha(), Cwd: "/w", FS: importer.NewMapFS("/w", map[string]string{
		"hooks/sync.jsonnet":  "function(request) { status: { seen: request.parent.metadata.name }, lib: (import 'lib.libsonnet').x }",
		"hooks/lib.libsonnet": "{ x: 1 }",
		"bad.jsonnet":         "function(request) error 'no'",
	})}
	if _, err := Handler(nil, inProcess(c), Options{}); err == nil || err.Error() != "jsonnet filename required" {
		t.Fatalf("no files: %v", err)
	}
	h, err := Handler([]string{"hooks/sync.jsonnet", "bad.jsonnet"}, inProcess(c), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, method, path, body string
		code                     int
		want                     string
	}{
		{"post evaluates with the body as request", "POST", "/hooks/sync", `{"parent": {"metadata": {"name": "p1"}}}`, 200, `"seen": "p1"`},
		{"imports resolve beside the hook", "POST", "/hooks/sync", `{"parent": {"metadata": {"name": "p1"}}}`, 200, `"lib": 1`},
		{"other methods get 405", "GET", "/hooks/sync", "", 405, `{"error":"method not allowed: a hook takes a POST"}`},
		{"an evaluation error is a 500", "POST", "/bad", "{}", 500, "RUNTIME ERROR: no"},
		// kubecfg evaluates the body as code: any client could read the
		// server's files, fetch URLs or end the server.
		{"code is not JSON", "POST", "/hooks/sync", "importstr '/etc/passwd'", 400, "the request body must be JSON"},
		{"an import is not JSON", "POST", "/hooks/sync", `{"x": import "/etc/passwd"}`, 400, "the request body must be JSON"},
		{"a self-comparison is not JSON", "POST", "/hooks/sync", "local o = {a: o}; o == o", 400, "the request body must be JSON"},
		{"unclosed brackets", "POST", "/hooks/sync", strings.Repeat("[", 10000), 400, "nested deeper than 1000 levels (line 1, column 1001)"},
		{"too deep but closed", "POST", "/hooks/sync", strings.Repeat("[", 1001) + strings.Repeat("]", 1001), 400, "nested deeper than 1000 levels"},
		{"as deep as allowed", "POST", "/bad", strings.Repeat("[", 1000) + strings.Repeat("]", 1000), 500, "RUNTIME ERROR: no"},
		{"invalid UTF-8", "POST", "/hooks/sync", "{\"a\": \"\xff\"}", 400, "not UTF-8"},
		{"an empty body", "POST", "/hooks/sync", "", 400, "the request body must be JSON"},
		{"too large", "POST", "/hooks/sync", `"` + strings.Repeat("x", MaxBody) + `"`, 413, "larger than"},
		{"unknown path", "POST", "/nope", "{}", 404, `{"error":"no hook at /nope"}`},
		{"the root", "GET", "/", "", 404, `{"error":"no hook at /"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body)))
			if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.want) {
				t.Errorf("%s %s: %d %q, want %d containing %q", tc.method, tc.path, rec.Code, rec.Body.String(), tc.code, tc.want)
			}
			if rec.Header().Get("Content-Type") != "application/json" {
				t.Errorf("content type %q", rec.Header().Get("Content-Type"))
			}
			if tc.code >= 400 && rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("an error without X-Content-Type-Options: nosniff")
			}
			if tc.code >= 400 {
				var e struct{ Error string }
				if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" {
					t.Errorf("error body %q is not {\"error\": ...}: %v", rec.Body.String(), err)
				}
			}
		})
	}
}

// TestSamePath: two files that would be served at one path, or a file
// whose path the mux reads as a pattern, are refused, not a panic of the
// mux.
func TestSamePath(t *testing.T) {
	_, err := Handler([]string{"a.jsonnet", "./a.jsonnet"}, inProcess(&kubecfg.Config{}), Options{})
	if err == nil || err.Error() != "a.jsonnet and ./a.jsonnet would both be served at /a" {
		t.Errorf("got %v", err)
	}
	for _, f := range []string{"a{b}.jsonnet", "a b.jsonnet", "{x}.jsonnet"} {
		_, err := Handler([]string{f}, inProcess(&kubecfg.Config{}), Options{})
		if err == nil || !strings.HasPrefix(err.Error(), f+" cannot be served: ") {
			t.Errorf("%s: got %v", f, err)
		}
	}
}

// TestLargeBody: a body of MaxBody, a JSON array of a hundred thousand
// objects, reaches the hook as a value, not as code to parse: its
// evaluation (which sums a field over the array) allocates 42 times the
// body's size; as TLA code it allocated 759 times it (6 GiB).
func TestLargeBody(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; ; i++ {
		item := fmt.Sprintf(`{"name":"item-%d","value":%d.5,"tags":["a","b"],"ok":true}`, i, i)
		if b.Len()+len(item)+2 > MaxBody {
			break
		}
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(item)
	}
	b.WriteString("]")
	body := b.String()
	c := &kubecfg.Config{Gates: features.AllAlpha(), Cwd: "/w", FS: importer.NewMapFS("/w", map[string]string{
		"h.jsonnet": "function(request) { n: std.length(request), last: request[std.length(request) - 1].name, sum: std.foldl(function(a, o) a + o.value, request, 0) }",
	})}
	h, err := Handler([]string{"h.jsonnet"}, inProcess(c), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/h", strings.NewReader(body)))
	runtime.ReadMemStats(&after)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"last": "item-`) {
		t.Fatalf("%d %.200s", rec.Code, rec.Body.String())
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("a %d-byte body: %d MiB allocated (%.0fx)", len(body), alloc>>20, float64(alloc)/float64(len(body)))
	if alloc > 100*uint64(len(body)) {
		t.Errorf("a %d-byte body allocated %d MiB, over 100 times its size", len(body), alloc>>20)
	}
}

// TestTimeout: an evaluation past the limit is a 504, and its context is
// done (the CLI's evaluator kills its process then).
func TestTimeout(t *testing.T) {
	stopped := make(chan bool, 1)
	eval := func(ctx context.Context, file string, request []byte) (string, error) {
		<-ctx.Done()
		stopped <- true
		return "", ErrTimeout
	}
	h, _ := Handler([]string{"h.jsonnet"}, eval, Options{Timeout: 50 * time.Millisecond})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/h", strings.NewReader("{}")))
	if rec.Code != 504 || !strings.Contains(rec.Body.String(), "took too long") || !<-stopped {
		t.Errorf("%d %q", rec.Code, rec.Body.String())
	}
}

// TestSlowClients: a client that sends its headers or its body too slowly
// is cut off: 408 for the body, the connection closed for the headers.
func TestSlowClients(t *testing.T) {
	h, _ := Handler([]string{"h.jsonnet"}, func(ctx context.Context, file string, request []byte) (string, error) { return "{}", nil }, Options{})
	srv := Server(h, Options{ReadTimeout: 600 * time.Millisecond})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()

	// The body never comes.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /h HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("slow body: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 408 || !strings.Contains(string(b), "did not arrive in time") || strings.Contains(string(b), "127.0.0.1") {
		t.Errorf("slow body: %d %q", resp.StatusCode, b)
	}

	// The headers never end.
	start := time.Now()
	conn2, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	fmt.Fprintf(conn2, "POST /h HTTP/1.1\r\nHost: x\r\n")
	conn2.SetReadDeadline(time.Now().Add(5 * time.Second))
	io.ReadAll(conn2)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("a connection whose headers never end stayed open %s", d)
	}
}
