package sharee2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

// client has room for a thousand connections at once.
func client() *http.Client {
	return &http.Client{
		Timeout: 60 * time.Second,
		Transport: &http.Transport{
			MaxIdleConns:        2000,
			MaxIdleConnsPerHost: 2000,
		},
	}
}

func snippetBody(run string, i int) []byte {
	b, _ := json.Marshal(map[string]any{
		"version": 1,
		"entry":   "main.jsonnet",
		"files":   map[string]string{"main.jsonnet": fmt.Sprintf("{ run: %q, n: %d }", run, i)},
	})
	return b
}

func post(c *http.Client, base string, body []byte) (int, share.Created, error) {
	resp, err := sharetest.Do(c, "POST", base+share.CollectionPath, "application/json", bytes.NewReader(body))
	if err != nil {
		return 0, share.Created{}, err
	}
	var created share.Created
	if resp.Status == 200 || resp.Status == 201 {
		if err := json.Unmarshal(resp.Body, &created); err != nil {
			return resp.Status, created, fmt.Errorf("POST answer %q: %w", resp.Body, err)
		}
	}
	return resp.Status, created, nil
}

// checkStored GETs every id and compares the body with the canonical
// encoding of what was posted.
func checkStored(t *testing.T, c *http.Client, base string, want map[string][]byte) {
	t.Helper()
	ids := make([]string, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	var bad atomic.Int64
	for _, id := range ids {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			resp, err := sharetest.Do(c, "GET", base+share.ItemPrefix+id, "", nil)
			if err != nil {
				t.Errorf("GET %s: %v", id, err)
				bad.Add(1)
				return
			}
			canonical, _ := share.Canonicalize(want[id])
			if resp.Status != 200 || !bytes.Equal(resp.Body, canonical) {
				t.Errorf("GET %s: %d %q, want 200 %q", id, resp.Status, resp.Body, canonical)
				bad.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := bad.Load(); n > 0 {
		t.Fatalf("%d of %d snippets not retrievable", n, len(ids))
	}
}

func TestThousandConcurrentShares(t *testing.T) {
	gate(t, "SHARE_E2E", "load test against a server process")
	srv := startServer(t, t.TempDir())
	c := client()
	run := fmt.Sprint(time.Now().UnixNano())
	const n = 1000
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		ids   = make(map[string][]byte, n)
		start = make(chan struct{})
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := snippetBody(run, i)
			<-start
			status, created, err := post(c, srv.URL, body)
			if err != nil || status != http.StatusCreated {
				t.Errorf("POST %d: status %d, %v; want 201", i, status, err)
				return
			}
			mu.Lock()
			ids[created.ID] = body
			mu.Unlock()
		}()
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	elapsed := time.Since(t0)
	if len(ids) != n {
		t.Fatalf("%d distinct IDs for %d distinct snippets", len(ids), n)
	}
	t.Logf("%d concurrent POSTs in %v (%.0f/s)", n, elapsed.Round(time.Millisecond), n/elapsed.Seconds())
	checkStored(t, c, srv.URL, ids)
}

func TestKillDuringLoadLosesNoAcknowledgedSnippet(t *testing.T) {
	gate(t, "SHARE_E2E", "crash test against a server process")
	dataDir := t.TempDir()
	srv := startServer(t, dataDir)
	c := client()
	run := fmt.Sprint(time.Now().UnixNano())

	const writers = 32
	const killAfter = 400 // acknowledged writes before the kill
	var (
		mu        sync.Mutex
		acked     = make(map[string][]byte)
		failed    atomic.Int64
		next      atomic.Int64
		killed    = make(chan struct{})
		killOnce  sync.Once
		wg        sync.WaitGroup
		deadline  = time.Now().Add(60 * time.Second)
		afterKill atomic.Int64
	)
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				i := int(next.Add(1))
				body := snippetBody(run, i)
				status, created, err := post(c, srv.URL, body)
				if err != nil || status != http.StatusCreated {
					failed.Add(1)
					select {
					case <-killed:
						return // the server is gone; expected
					default:
						t.Errorf("POST %d before the kill: %d %v", i, status, err)
						return
					}
				}
				mu.Lock()
				acked[created.ID] = body
				n := len(acked)
				mu.Unlock()
				select {
				case <-killed:
					afterKill.Add(1) // answered before the kill landed
				default:
				}
				if n >= killAfter {
					killOnce.Do(func() {
						close(killed)
						if err := srv.kill(); err != nil {
							t.Error(err)
						}
					})
				}
			}
		}()
	}
	wg.Wait()
	select {
	case <-killed:
	default:
		t.Fatalf("only %d writes acknowledged in 60s; the server was never killed", len(acked))
	}
	if failed.Load() == 0 {
		t.Errorf("no request failed: the kill did not land mid-load")
	}
	t.Logf("killed with -9 after %d acknowledged writes (%d more answered while it died, %d requests cut off)", killAfter, afterKill.Load(), failed.Load())

	srv2 := startServer(t, dataDir)
	checkStored(t, c, srv2.URL, acked)
}

func TestAPIAgainstServerProcess(t *testing.T) {
	gate(t, "SHARE_E2E", "API round trip against a server process")
	srv := startServer(t, t.TempDir())
	sharetest.RunAPI(t, srv.URL, sharetest.APIOptions{Client: client(), Atomic: true})
}
