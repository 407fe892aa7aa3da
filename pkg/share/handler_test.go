//go:build !js

package share_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

func TestAPIOverBolt(t *testing.T) {
	srv := httptest.NewServer(share.Handler(openBolt(t), share.WithRateLimit(share.NoRateLimit)))
	defer srv.Close()
	sharetest.RunAPI(t, srv.URL, sharetest.APIOptions{Client: srv.Client(), Atomic: true})
}

// countingReader fails the test if more than limit bytes are read.
type countingReader struct {
	t     *testing.T
	n     int
	limit int
}

func (r *countingReader) Read(p []byte) (int, error) {
	r.n += len(p)
	if r.n > r.limit {
		r.t.Errorf("handler read %d bytes, more than %d", r.n, r.limit)
		return 0, io.ErrUnexpectedEOF
	}
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

func TestTooLargeStopsReading(t *testing.T) {
	h := share.Handler(openBolt(t), share.WithRateLimit(share.NoRateLimit))
	for _, tc := range []struct {
		name          string
		contentLength int64
		limit         int
	}{
		// A declared length over the limit is refused before any read.
		{"declared_length", 1 << 30, 0},
		// An undeclared length is read to the limit and one byte more.
		{"chunked", -1, share.MaxBody + 64<<10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := &countingReader{t: t, limit: tc.limit}
			req := httptest.NewRequest("POST", share.CollectionPath, body)
			req.ContentLength = tc.contentLength
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413 (body %s)", rec.Code, rec.Body)
			}
			if !strings.Contains(rec.Body.String(), `"error":"snippet too large`) {
				t.Errorf("body %s, want a JSON error about the size", rec.Body)
			}
		})
	}
}

// failingStore is a test double for a broken backend.
type failingStore struct{}

func (failingStore) Get(context.Context, string) ([]byte, error) {
	return nil, errors.New("disk on fire")
}

func (failingStore) PutIfAbsent(context.Context, string, []byte) (bool, error) {
	return false, errors.New("disk on fire")
}

func TestStoreFailureIs500(t *testing.T) {
	var log bytes.Buffer
	h := share.Handler(failingStore{}, share.WithRateLimit(share.NoRateLimit), share.WithErrorLog(&log))
	for _, tc := range []struct{ name, method, path, body string }{
		{"post", "POST", share.CollectionPath, `{"a":1}`},
		{"get", "GET", share.ItemPrefix + share.ID([]byte(`{}`)), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log.Reset()
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body)))
			if rec.Code != http.StatusInternalServerError {
				t.Fatalf("status %d, want 500", rec.Code)
			}
			if strings.Contains(rec.Body.String(), "disk on fire") || !strings.Contains(rec.Body.String(), `"error":"internal error`) {
				t.Errorf("body %s: want a generic JSON error that hides the cause", rec.Body)
			}
			if !strings.Contains(log.String(), "disk on fire") {
				t.Errorf("error log %q does not name the cause", log.String())
			}
		})
	}
}

func TestNotModified(t *testing.T) {
	s := openBolt(t)
	h := share.Handler(s, share.WithRateLimit(share.NoRateLimit))
	body := []byte(`{"a":1}`)
	id := share.ID(body)
	if _, err := s.PutIfAbsent(context.Background(), id, body); err != nil {
		t.Fatal(err)
	}
	unknown := share.ID([]byte(`{"never":"stored"}`))
	for _, tc := range []struct {
		name, id, inm string
		want          int
		cache         string
	}{
		{"match", id, `"` + id + `"`, 304, immutable},
		{"weak_match_in_list", id, `"x", W/"` + id + `"`, 304, immutable},
		{"star", id, `*`, 304, immutable},
		{"other", id, `"x"`, 200, immutable},
		// An unknown ID has no representation for a precondition to match:
		// it was a 304 with an immutable Cache-Control.
		{"star_unknown", unknown, `*`, 404, "no-store"},
		{"match_unknown", unknown, `"` + unknown + `"`, 404, "no-store"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", share.ItemPrefix+tc.id, nil)
			req.Header.Set("If-None-Match", tc.inm)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.want {
				t.Errorf("status %d, want %d", rec.Code, tc.want)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != tc.cache {
				t.Errorf("Cache-Control %q, want %q", cc, tc.cache)
			}
		})
	}
}

// immutable is the Cache-Control of a stored snippet.
const immutable = "public, max-age=31536000, immutable"

// TestSlowBodyIs408 sends bodies that do not arrive within the server's
// read timeout, and one cut off: the answers say what happened and hold no
// socket address (a slow body was a 400 whose text named both ends).
func TestSlowBodyIs408(t *testing.T) {
	var log bytes.Buffer
	var mu sync.Mutex
	srv := httptest.NewUnstartedServer(share.Handler(openBolt(t), share.WithRateLimit(share.NoRateLimit), share.WithErrorLog(lockedWriter{&mu, &log})))
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	for _, tc := range []struct {
		name string
		send func(c *net.TCPConn)
		want int
	}{
		{"stalled", func(c *net.TCPConn) {
			fmt.Fprint(c, `{"a":`)
		}, http.StatusRequestTimeout},
		{"trickled", func(c *net.TCPConn) {
			for range 10 {
				c.Write([]byte(" "))
				time.Sleep(100 * time.Millisecond)
			}
		}, http.StatusRequestTimeout},
		{"cut_off", func(c *net.TCPConn) {
			fmt.Fprint(c, `{"a":`)
			c.CloseWrite()
		}, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n", share.CollectionPath)
			tc.send(conn.(*net.TCPConn))
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("status %d, want %d (body %s)", resp.StatusCode, tc.want, body)
			}
			var e share.Error
			if err := json.Unmarshal(body, &e); err != nil || e.Error == "" {
				t.Errorf("body %q is not a JSON error", body)
			}
			for _, addr := range []string{conn.LocalAddr().String(), conn.RemoteAddr().String(), "127.0.0.1", "tcp"} {
				if strings.Contains(e.Error, addr) {
					t.Errorf("error %q holds %q", e.Error, addr)
				}
			}
		})
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(log.String(), "timeout") {
		t.Errorf("error log %q does not name the timeout", log.String())
	}
}

// lockedWriter serializes writes to a buffer the test reads.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func TestHeadHasNoBody(t *testing.T) {
	s := openBolt(t)
	h := share.Handler(s, share.WithRateLimit(share.NoRateLimit))
	body := []byte(`{"a":1}`)
	id := share.ID(body)
	s.PutIfAbsent(context.Background(), id, body)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("HEAD", share.ItemPrefix+id, nil))
	if rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") != "7" {
		t.Errorf("HEAD: status %d, body %q, Content-Length %q; want 200, empty, 7", rec.Code, rec.Body, rec.Header().Get("Content-Length"))
	}
}

func TestUnknownPathIs404JSON(t *testing.T) {
	h := share.Handler(openBolt(t), share.WithRateLimit(share.NoRateLimit))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/other", nil))
	if rec.Code != 404 || rec.Header().Get("Content-Type") != "application/json" || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Errorf("GET /api/other: %d %q %s, want a 404 JSON error", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
}

// fakeClock is a settable clock for the rate limiter.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestRateLimit(t *testing.T) {
	clock := &fakeClock{now: time.Unix(1e9, 0)}
	h := share.Handler(openBolt(t),
		share.WithRateLimit(share.RateLimit{Rate: 2, Burst: 3}),
		share.WithClock(clock.Now))
	get := func(client string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", share.ItemPrefix+share.ID([]byte("x")), nil)
		req.RemoteAddr = client + ":1234"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	steps := []struct {
		name    string
		advance time.Duration
		client  string
		want    int
	}{
		{"burst_1", 0, "10.0.0.1", 404},
		{"burst_2", 0, "10.0.0.1", 404},
		{"burst_3", 0, "10.0.0.1", 404},
		{"empty_bucket", 0, "10.0.0.1", 429},
		{"other_client_has_its_own_bucket", 0, "10.0.0.2", 404},
		{"not_yet_refilled", 400 * time.Millisecond, "10.0.0.1", 429},
		{"refilled_one", 100 * time.Millisecond, "10.0.0.1", 404},
		{"empty_again", 0, "10.0.0.1", 429},
		{"refill_caps_at_burst", time.Hour, "10.0.0.1", 404},
		{"cap_2", 0, "10.0.0.1", 404},
		{"cap_3", 0, "10.0.0.1", 404},
		{"cap_reached", 0, "10.0.0.1", 429},
	}
	for _, s := range steps {
		clock.Advance(s.advance)
		rec := get(s.client)
		if rec.Code != s.want {
			t.Fatalf("step %s: status %d, want %d", s.name, rec.Code, s.want)
		}
		if s.want == 429 {
			if rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), `"error":"too many requests`) {
				t.Fatalf("step %s: 429 without Retry-After or JSON error: %v %s", s.name, rec.Header(), rec.Body)
			}
		}
	}
}

func TestRateLimitManyClientsStaysBounded(t *testing.T) {
	clock := &fakeClock{now: time.Unix(1e9, 0)}
	h := share.Handler(openBolt(t), share.WithRateLimit(share.RateLimit{Rate: 1, Burst: 1}), share.WithClock(clock.Now))
	// More clients than the limiter keeps: old idle buckets are dropped,
	// and a busy client is still limited afterwards.
	for i := range 12000 {
		req := httptest.NewRequest("GET", "/api/x", nil)
		req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:1", i>>16, i>>8&255, i&255)
		h.ServeHTTP(httptest.NewRecorder(), req)
		if i%1000 == 0 {
			clock.Advance(2 * time.Second)
		}
	}
	for i, want := range []int{404, 429} {
		req := httptest.NewRequest("GET", "/api/x", nil)
		req.RemoteAddr = "192.0.2.1:1"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Fatalf("request %d of a fresh client: %d, want %d", i, rec.Code, want)
		}
	}
}

func TestRateLimitFlagValue(t *testing.T) {
	for _, tc := range []struct {
		in, want, wantErr string
	}{
		{"off", "off", ""},
		{"0", "off", ""},
		{"5", "5:50", ""},
		{"0.5", "0.5:5", ""},
		{"5:20", "5:20", ""},
		{"-1", "", "non-negative"},
		{"x", "", "want off, RATE or RATE:BURST"},
		{"5:0", "", "burst must be a positive integer"},
		{"5:x", "", "burst must be a positive integer"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var r share.RateLimit
			err := r.Set(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Set(%q) error = %v, want %q", tc.in, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := r.String(); got != tc.want {
				t.Errorf("Set(%q).String() = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func BenchmarkCanonicalize(b *testing.B) {
	body := []byte(`{"version":1,"entry":"main.jsonnet","command":"show","output":"yaml","features":["yakl"],` +
		`"files":{"main.jsonnet":"local k = import 'kubecfg.libsonnet';\n{ apiVersion: 'v1', kind: 'ConfigMap', data: { a: '1' } }","lib.libsonnet":"{}"}}`)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := share.Canonicalize(body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGetOverBolt(b *testing.B) {
	s, err := share.OpenBolt(b.TempDir() + "/snippets.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	body := []byte(`{"a":1}`)
	id := share.ID(body)
	s.PutIfAbsent(context.Background(), id, body)
	h := share.Handler(s, share.WithRateLimit(share.NoRateLimit))
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", share.ItemPrefix+id, nil))
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

func BenchmarkPostOverBolt(b *testing.B) {
	s, err := share.OpenBolt(b.TempDir() + "/snippets.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	h := share.Handler(s, share.WithRateLimit(share.NoRateLimit))
	i := 0
	for b.Loop() {
		i++
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", share.CollectionPath, strings.NewReader(fmt.Sprintf(`{"n":%d}`, i))))
		if rec.Code != 201 {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
