// Package sharetest holds the conformance suites of the share service: one
// for implementations of share.Store, run in process, and one for a running
// share API, run over HTTP against any base URL (the native server, the
// worker under wrangler dev).
package sharetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/share"
)

// StoreOptions describes what a store promises beyond the Store contract.
type StoreOptions struct {
	// Atomic stores report created for exactly one of several racing
	// PutIfAbsent calls on one ID (bbolt does; Workers KV cannot).
	Atomic bool
}

// snippet returns a canonical body and its ID, distinct for each name.
func snippet(t *testing.T, name string) (string, []byte) {
	t.Helper()
	body, err := share.Canonicalize(fmt.Appendf(nil, `{"entry":"main.jsonnet","files":{"main.jsonnet":%q}}`, "{ name: '"+name+"' }"))
	if err != nil {
		t.Fatalf("canonicalize test snippet %s: %v", name, err)
	}
	return share.ID(body), body
}

// RunStore runs the Store conformance suite. open returns a fresh, empty
// store for each subtest; it should register its own cleanup.
func RunStore(t *testing.T, open func(t *testing.T) share.Store, opts StoreOptions) {
	ctx := context.Background()
	t.Run("get_missing", func(t *testing.T) {
		s := open(t)
		id, _ := snippet(t, "missing")
		_, err := s.Get(ctx, id)
		if !errors.Is(err, share.ErrNotFound) {
			t.Fatalf("Get(missing) error = %v, want ErrNotFound", err)
		}
	})
	t.Run("put_then_get", func(t *testing.T) {
		s := open(t)
		id, body := snippet(t, "a")
		created, err := s.PutIfAbsent(ctx, id, body)
		if err != nil || !created {
			t.Fatalf("first PutIfAbsent = %v, %v; want true, nil", created, err)
		}
		got, err := s.Get(ctx, id)
		if err != nil {
			t.Fatalf("Get after put: %v", err)
		}
		if !bytes.Equal(got, body) {
			t.Fatalf("Get = %q, want %q", got, body)
		}
	})
	t.Run("second_put_is_not_created", func(t *testing.T) {
		s := open(t)
		id, body := snippet(t, "b")
		mustPut(t, s, id, body, true)
		mustPut(t, s, id, body, false)
	})
	t.Run("stored_snippet_never_changes", func(t *testing.T) {
		s := open(t)
		id, body := snippet(t, "c")
		mustPut(t, s, id, body, true)
		mustPut(t, s, id, []byte(`{"other":true}`), false)
		mustGet(t, s, id, body)
	})
	t.Run("store_owns_its_bytes", func(t *testing.T) {
		s := open(t)
		id, body := snippet(t, "d")
		mine := bytes.Clone(body)
		mustPut(t, s, id, mine, true)
		for i := range mine {
			mine[i] = 'x'
		}
		got := mustGet(t, s, id, body)
		for i := range got {
			got[i] = 'y'
		}
		mustGet(t, s, id, body)
	})
	t.Run("keys_are_distinct", func(t *testing.T) {
		s := open(t)
		idA, bodyA := snippet(t, "e1")
		idB, bodyB := snippet(t, "e2")
		mustPut(t, s, idA, bodyA, true)
		mustPut(t, s, idB, bodyB, true)
		mustGet(t, s, idA, bodyA)
		mustGet(t, s, idB, bodyB)
	})
	t.Run("concurrent_distinct_puts", func(t *testing.T) {
		s := open(t)
		const n = 200
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id, body := snippet(t, fmt.Sprint("concurrent-", i))
				created, err := s.PutIfAbsent(ctx, id, body)
				if err != nil || !created {
					errs <- fmt.Errorf("PutIfAbsent %d = %v, %v; want true, nil", i, created, err)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for i := range n {
			id, body := snippet(t, fmt.Sprint("concurrent-", i))
			mustGet(t, s, id, body)
		}
	})
	t.Run("racing_puts_of_one_id", func(t *testing.T) {
		s := open(t)
		id, body := snippet(t, "race")
		const n = 50
		var wg sync.WaitGroup
		var mu sync.Mutex
		createdCount := 0
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				created, err := s.PutIfAbsent(ctx, id, body)
				if err != nil {
					t.Errorf("PutIfAbsent: %v", err)
				}
				if created {
					mu.Lock()
					createdCount++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if opts.Atomic && createdCount != 1 {
			t.Errorf("%d of %d racing puts reported created, want exactly 1", createdCount, n)
		}
		if createdCount < 1 {
			t.Errorf("no racing put reported created")
		}
		mustGet(t, s, id, body)
	})
	t.Run("canceled_context", func(t *testing.T) {
		s := open(t)
		id, body := snippet(t, "canceled")
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.PutIfAbsent(cctx, id, body); !errors.Is(err, context.Canceled) {
			t.Errorf("PutIfAbsent with canceled context: error = %v, want context.Canceled", err)
		}
		if _, err := s.Get(cctx, id); !errors.Is(err, context.Canceled) {
			t.Errorf("Get with canceled context: error = %v, want context.Canceled", err)
		}
		if _, err := s.Get(ctx, id); !errors.Is(err, share.ErrNotFound) {
			t.Errorf("canceled put stored the snippet: Get error = %v, want ErrNotFound", err)
		}
	})
}

func mustPut(t *testing.T, s share.Store, id string, body []byte, wantCreated bool) {
	t.Helper()
	created, err := s.PutIfAbsent(context.Background(), id, body)
	if err != nil {
		t.Fatalf("PutIfAbsent(%s): %v", id, err)
	}
	if created != wantCreated {
		t.Fatalf("PutIfAbsent(%s) created = %v, want %v", id, created, wantCreated)
	}
}

func mustGet(t *testing.T, s share.Store, id string, want []byte) []byte {
	t.Helper()
	got, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("Get(%s): %v", id, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Get(%s) = %q, want %q", id, got, want)
	}
	return got
}
