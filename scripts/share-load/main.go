// Command share-load measures the share API on 127.0.0.1: requests per
// second and latency percentiles of POST /api/snippets (distinct snippets)
// and GET /api/snippets/ID, printed as a Markdown table.
//
//	go run ./scripts/share-load [-n 5000] [-c 32] [-url http://127.0.0.1:8080]
//
// Without -url it starts the site in process (internal/site.Serve, bbolt in a
// temporary directory, no rate limit) on a free port of 127.0.0.1.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing/fstest"
	"time"

	"github.com/kubecfg/kubecfg/internal/site"
	"github.com/kubecfg/kubecfg/pkg/share"
)

type result struct {
	op          string
	n, c        int
	wall        time.Duration
	lat         []time.Duration
	errors      int64
	statusCodes map[int]int
}

func main() {
	n := flag.Int("n", 5000, "requests per operation")
	c := flag.Int("c", 32, "concurrent clients")
	url := flag.String("url", "", "base URL of a running server (default: start one in process)")
	flag.Parse()
	if err := run(*url, *n, *c); err != nil {
		fmt.Fprintln(os.Stderr, "share-load:", err)
		os.Exit(1)
	}
}

func run(base string, n, c int) error {
	if n < 1 || c < 1 {
		return fmt.Errorf("-n and -c must be positive")
	}
	where := base
	if base == "" {
		var stop func() error
		var err error
		base, stop, err = startInProcess()
		if err != nil {
			return err
		}
		defer stop()
		where = "in-process internal/site.Serve, bbolt on local disk"
	}
	base = strings.TrimSuffix(base, "/")
	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConns: c * 2, MaxIdleConnsPerHost: c * 2},
	}
	stamp := time.Now().UnixNano()
	ids := make([]string, n)
	post := load("POST", n, c, func(i int) (int, error) {
		body := fmt.Appendf(nil, `{"version":1,"entry":"main.jsonnet","files":{"main.jsonnet":"{ run: %d, n: %d }"}}`, stamp, i)
		status, b, err := do(client, "POST", base+share.CollectionPath, body)
		if err == nil && status == http.StatusCreated {
			var created share.Created
			json.Unmarshal(b, &created)
			ids[i] = created.ID
		}
		return status, err
	})
	get := load("GET", n, c, func(i int) (int, error) {
		id := ids[(i*7919)%n]
		if id == "" {
			return 0, fmt.Errorf("no id for snippet %d: its POST failed", i)
		}
		status, _, err := do(client, "GET", base+share.ItemPrefix+id, nil)
		return status, err
	})
	fmt.Printf("Share API on %s: %d requests per operation, %d concurrent clients, GOMAXPROCS %d, %s/%s.\n\n",
		where, n, c, runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH)
	fmt.Println("| operation | requests | concurrency | req/s | p50 | p99 | max | errors |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, r := range []result{post, get} {
		slices.Sort(r.lat)
		fmt.Printf("| %s | %d | %d | %.0f | %s | %s | %s | %d |\n", r.op, r.n, r.c,
			float64(r.n)/r.wall.Seconds(), ms(pct(r.lat, 50)), ms(pct(r.lat, 99)), ms(r.lat[len(r.lat)-1]), r.errors)
	}
	if post.errors+get.errors > 0 {
		return fmt.Errorf("%d POST and %d GET requests failed (status codes %v, %v)", post.errors, get.errors, post.statusCodes, get.statusCodes)
	}
	return nil
}

// load runs f for 0..n-1 on c workers and times each call; a call succeeds
// with status 200 or 201.
func load(op string, n, c int, f func(i int) (int, error)) result {
	r := result{op: op, n: n, c: c, lat: make([]time.Duration, n), statusCodes: map[int]int{}}
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				t0 := time.Now()
				status, err := f(i)
				r.lat[i] = time.Since(t0)
				if err != nil || (status != 200 && status != 201) {
					mu.Lock()
					r.errors++
					r.statusCodes[status]++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	r.wall = time.Since(start)
	return r
}

func do(c *http.Client, method, url string, body []byte) (int, []byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(i, len(sorted))-1)]
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}

// logWriter lets the caller wait for the "serving" line of Serve.
type logWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

var servingRE = regexp.MustCompile(`serving (http://\S+)`)

func startInProcess() (string, func() error, error) {
	dir, err := os.MkdirTemp("", "share-load-")
	if err != nil {
		return "", nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	logw := &logWriter{}
	errc := make(chan error, 1)
	static := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}
	go func() {
		errc <- site.Serve(ctx, "127.0.0.1:0", dir, static, logw, share.WithRateLimit(share.NoRateLimit))
	}()
	stop := func() error {
		cancel()
		err := <-errc
		os.RemoveAll(dir)
		return err
	}
	deadline := time.After(10 * time.Second)
	for {
		if m := servingRE.FindStringSubmatch(logw.String()); m != nil {
			return m[1], stop, nil
		}
		select {
		case err := <-errc:
			os.RemoveAll(dir)
			cancel()
			return "", nil, fmt.Errorf("start server: %w", err)
		case <-deadline:
			stop()
			return "", nil, fmt.Errorf("start server: no URL within 10s")
		case <-time.After(10 * time.Millisecond):
		}
	}
}
