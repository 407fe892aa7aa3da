//go:build !js

package share_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	for _, tc := range []struct {
		name, inm string
		want      int
	}{
		{"match", `"` + id + `"`, 304},
		{"weak_match_in_list", `"x", W/"` + id + `"`, 304},
		{"star", `*`, 304},
		{"other", `"x"`, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", share.ItemPrefix+id, nil)
			req.Header.Set("If-None-Match", tc.inm)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.want {
				t.Errorf("status %d, want %d", rec.Code, tc.want)
			}
		})
	}
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
