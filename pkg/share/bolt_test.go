//go:build !js

package share_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

func openBolt(t *testing.T) share.Store {
	t.Helper()
	s, err := share.OpenBolt(filepath.Join(t.TempDir(), "snippets.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

func TestBoltConformance(t *testing.T) {
	sharetest.RunStore(t, openBolt, sharetest.StoreOptions{Atomic: true})
}

func TestBoltReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "snippets.db")
	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"a":1}`)
	id := share.ID(body)
	if created, err := s.PutIfAbsent(ctx, id, body); err != nil || !created {
		t.Fatalf("PutIfAbsent = %v, %v", created, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, id)
	if err != nil || string(got) != string(body) {
		t.Fatalf("Get after reopen = %q, %v; want %q", got, err, body)
	}
}

func TestBoltOpenErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "snippets.db")
	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range []struct{ name, path, want string }{
		{"locked_by_another_handle", path, "timeout"},
		{"missing_directory", filepath.Join(dir, "no", "such", "dir", "x.db"), "no such file"},
		{"a_directory", dir, "open snippet store"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s2, err := share.OpenBolt(tc.path)
			if err == nil {
				s2.Close()
				t.Fatalf("OpenBolt(%s) succeeded, want an error", tc.path)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "open snippet store ") {
				t.Errorf("OpenBolt(%s) error = %q, want it to start with the context and contain %q", tc.path, err, tc.want)
			}
		})
	}
}

// fillBolt makes a real store at path holding n small snippets and
// big ones of 60,000 bytes (values on overflow pages), and returns them by
// ID.
func fillBolt(t *testing.T, path string, n, big int) map[string][]byte {
	t.Helper()
	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stored := map[string][]byte{}
	put := func(body []byte) {
		c, err := share.Canonicalize(body)
		if err != nil {
			t.Fatal(err)
		}
		id := share.ID(c)
		if _, err := s.PutIfAbsent(context.Background(), id, c); err != nil {
			t.Fatal(err)
		}
		stored[id] = c
	}
	for i := range big {
		put(fmt.Appendf(nil, `{"big":%d,"pad":%q}`, i, strings.Repeat(string(rune('a'+i%26)), 60000)))
	}
	for i := range n {
		put(fmt.Appendf(nil, `{"small":%d,"files":{"main.jsonnet":"{ n: %d }"}}`, i, i))
	}
	return stored
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// get asks h for id and returns the answer.
func get(h http.Handler, method, id, inm string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, share.ItemPrefix+id, nil)
	if inm != "" {
		req.Header.Set("If-None-Match", inm)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// wantDamagedAnswer checks a 500 JSON error that says the store is damaged
// and is never cached.
func wantDamagedAnswer(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("%s: status %d, want 500 (body %q)", what, rec.Code, rec.Body)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("%s: Cache-Control %q, want no-store", what, cc)
	}
	if rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("%s: Content-Type %q, want application/json", what, rec.Header().Get("Content-Type"))
	}
	var e share.Error
	if rec.Body.Len() > 0 || what[:4] != "HEAD" {
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || !strings.Contains(e.Error, "damaged") {
			t.Errorf("%s: body %q, want a JSON error that says the store is damaged", what, rec.Body)
		}
	}
}

// TestBoltBodyNotMatchingItsID stores bytes that do not hash to their ID
// in a real bbolt file, by writing another value under an ID and by
// flipping one byte of a stored body on disk: such a snippet was served
// with 200 and an immutable Cache-Control.
func TestBoltBodyNotMatchingItsID(t *testing.T) {
	path := filepath.Join(t.TempDir(), "snippets.db")
	stored := fillBolt(t, path, 20, 2)
	var replaced, flipped string
	for id, body := range stored {
		switch {
		case len(body) > 50000 && flipped == "":
			flipped = id
		case len(body) < 100 && replaced == "":
			replaced = id
		}
	}
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("snippets")).Put([]byte(replaced), []byte(`{"a":"not what was stored"}`))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(file, stored[flipped])
	if at < 0 {
		t.Fatalf("big snippet %s not found in the file", flipped)
	}
	file[at+30000] ^= 0x01
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}

	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var log bytes.Buffer
	h := share.Handler(s, share.WithRateLimit(share.NoRateLimit), share.WithErrorLog(&log))
	for id, body := range stored {
		if id == replaced || id == flipped {
			for _, tc := range []struct{ method, inm string }{{"GET", ""}, {"HEAD", ""}, {"GET", `"` + id + `"`}, {"GET", "*"}} {
				wantDamagedAnswer(t, fmt.Sprintf("%s %s (If-None-Match %q)", tc.method, id, tc.inm), get(h, tc.method, id, tc.inm))
			}
			continue
		}
		if rec := get(h, "GET", id, ""); rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), body) {
			t.Errorf("GET %s: %d, %d bytes; want 200 and the stored body", id, rec.Code, rec.Body.Len())
		}
	}
	for _, id := range []string{replaced, flipped} {
		if !strings.Contains(log.String(), id) {
			t.Errorf("error log %q does not name %s", log.String(), id)
		}
	}

	// A re-POST of a damaged snippet writes the good bytes again (it
	// answered 200 "stored" while GET stayed 500 for ever); an intact one
	// is left alone.
	for _, id := range []string{replaced, flipped} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", share.CollectionPath, bytes.NewReader(stored[id])))
		if rec.Code != 201 || !strings.Contains(rec.Body.String(), id) {
			t.Errorf("re-POST of damaged %s: %d %s, want 201 and its ID", id, rec.Code, rec.Body)
		}
		if rec := get(h, "GET", id, ""); rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), stored[id]) {
			t.Errorf("GET %s after the re-POST: %d, %d bytes; want 200 and the good body", id, rec.Code, rec.Body.Len())
		}
	}
	for id, body := range stored {
		if id == replaced || id == flipped {
			continue
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", share.CollectionPath, bytes.NewReader(body)))
		if rec.Code != 200 {
			t.Errorf("re-POST of intact %s: %d, want 200", id, rec.Code)
		}
		break
	}
	// The healed bytes are in the file.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	for _, id := range []string{replaced, flipped} {
		if got, err := s2.Get(context.Background(), id); err != nil || !bytes.Equal(got, stored[id]) {
			t.Errorf("%s after reopening: %d bytes, %v", id, len(got), err)
		}
	}
}

// damage returns the bytes of a store file after one kind of damage.
type damage struct {
	name string
	do   func(file []byte) []byte
}

func truncateTo(n int) func([]byte) []byte {
	return func(b []byte) []byte { return b[:min(n, len(b))] }
}

// TestBoltDamagedFiles opens real store files after damage: each is one
// error that names the file and says it is damaged, never a panic or a
// fatal error of the Go runtime (an 8 KiB truncation of a fresh store
// faulted in bbolt's mmap; 1 MiB of a bigger one opened and then panicked
// in every handler).
func TestBoltDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "fresh.db")
	fillBolt(t, fresh, 1, 0)
	big := filepath.Join(dir, "big.db")
	fillBolt(t, big, 300, 40)
	if fi, err := os.Stat(big); err != nil || fi.Size() <= 2<<20 {
		t.Fatalf("the big store is %v bytes (%v), want more than 2 MiB", fi.Size(), err)
	}
	for _, tc := range []struct {
		from string
		damage
	}{
		{fresh, damage{"fresh_truncated_to_8KiB", truncateTo(8 << 10)}},
		{fresh, damage{"fresh_truncated_to_100_bytes", truncateTo(100)}},
		{big, damage{"truncated_to_8KiB", truncateTo(8 << 10)}},
		{big, damage{"truncated_to_1MiB", truncateTo(1 << 20)}},
		{big, damage{"truncated_mid_page", func(b []byte) []byte { return b[:len(b)/2+1000] }}},
		{big, damage{"meta_pages_zeroed", func(b []byte) []byte { clear(b[:8192]); return b }}},
		{big, damage{"not_a_bbolt_file", func(b []byte) []byte {
			for i := range b {
				b[i] = byte(i * 7)
			}
			return b
		}}},
		{big, damage{"pages_after_the_metas_zeroed", func(b []byte) []byte { clear(b[8192:]); return b }}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "snippets.db")
			b, err := os.ReadFile(tc.from)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, tc.do(b), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := share.OpenBolt(path)
			if err == nil {
				s.Close()
				t.Fatalf("OpenBolt of a damaged file succeeded")
			}
			want := "open snippet store " + path + ": the file is damaged: "
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q, want it to start with %q", err, want)
			}
			if !errors.Is(err, share.ErrDamaged) {
				t.Errorf("error %q does not wrap ErrDamaged", err)
			}
			t.Log(err)
		})
	}
}

// TestBoltFlippedBytes flips bytes all over a real store file, one place at
// a time (page headers, elements, keys, values, the metas and the
// freelist): the store either refuses to open with an error that names the
// file, or opens and answers every request with the stored body, a 404 or
// a JSON 500, and never panics.
func TestBoltFlippedBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("flips bytes in hundreds of copies of a store")
	}
	dir := t.TempDir()
	orig := filepath.Join(dir, "orig.db")
	stored := fillBolt(t, orig, 150, 1)
	file, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	// The pages in use: the rest of the file is room to grow.
	db, err := bolt.Open(orig, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var inUse int
	db.View(func(tx *bolt.Tx) error { inUse = int(tx.Size()); return nil })
	pageSize := db.Info().PageSize
	db.Close()
	var opened, refused atomic.Int64
	flip := func(path string, at int) {
		b := bytes.Clone(file)
		b[at] ^= 0xa5
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Error(err)
			return
		}
		s, err := share.OpenBolt(path)
		if err != nil {
			refused.Add(1)
			if !strings.Contains(err.Error(), path) {
				t.Errorf("byte %d flipped: error %q does not name the file", at, err)
			}
			return
		}
		defer s.Close()
		opened.Add(1)
		h := share.Handler(s, share.WithRateLimit(share.NoRateLimit))
		for id, body := range stored {
			// The store for every snippet, the handler for the failures.
			got, err := s.Get(context.Background(), id)
			if err == nil && bytes.Equal(got, body) {
				continue
			}
			if err == nil && share.Verify(id, got) == nil {
				t.Errorf("byte %d flipped: Get %s: other bytes that hash to its ID", at, id)
			}
			rec := get(h, "GET", id, "")
			switch rec.Code {
			case 404, 500:
				var e share.Error
				if json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error == "" {
					t.Errorf("byte %d flipped: GET %s: %d %q, not a JSON error", at, id, rec.Code, rec.Body)
				}
			default:
				t.Errorf("byte %d flipped: GET %s: %d, want 404 or 500 (the store: %v)", at, id, rec.Code, err)
			}
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", share.CollectionPath, strings.NewReader(fmt.Sprintf(`{"after":%d}`, at))))
		if rec.Code != 201 && rec.Code != 500 {
			t.Errorf("byte %d flipped: POST: %d %s", at, rec.Code, rec.Body)
		}
	}
	// Four copies at a time: most of the time is fsync.
	var wg sync.WaitGroup
	flips := make(chan int)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := filepath.Join(dir, fmt.Sprintf("snippets-%d.db", w))
			for at := range flips {
				flip(path, at)
			}
		}()
	}
	for page := 0; page*pageSize < inUse; page++ {
		for _, off := range []int{0, 7, 8, 10, 11, 12, 15, 16, 20, 24, 28, 32, 40, 56, 100, 1000, 4000} {
			flips <- page*pageSize + off
		}
	}
	close(flips)
	wg.Wait()
	t.Logf("%d flips refused at open, %d opened", refused.Load(), opened.Load())
}

// TestBoltDamagedWhileOpen truncates the file under an open store: reads
// and writes fail with an error that names the file, the handler answers
// a JSON 500 and keeps answering (bbolt faulted on its mmap, a fatal
// error of the Go runtime).
func TestBoltDamagedWhileOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "snippets.db")
	stored := fillBolt(t, path, 100, 20)
	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var log bytes.Buffer
	h := share.Handler(s, share.WithRateLimit(share.NoRateLimit), share.WithErrorLog(&log))
	if err := os.Truncate(path, 8<<10); err != nil {
		t.Fatal(err)
	}
	for id := range stored {
		_, err := s.Get(context.Background(), id)
		if err == nil {
			continue // on a page the truncation left
		}
		if !errors.Is(err, share.ErrDamaged) || !strings.Contains(err.Error(), path) {
			t.Fatalf("Get %s: %v, want ErrDamaged naming %s", id, err, path)
		}
		wantDamagedAnswer(t, "GET "+id, get(h, "GET", id, ""))
	}
	for i := range 3 {
		body := fmt.Appendf(nil, `{"after_damage":%d}`, i)
		if _, err := s.PutIfAbsent(context.Background(), share.ID(body), body); !errors.Is(err, share.ErrDamaged) {
			t.Errorf("PutIfAbsent after the damage: %v, want ErrDamaged", err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", share.CollectionPath, bytes.NewReader(body)))
		wantDamagedAnswer(t, "POST", rec)
	}
	if !strings.Contains(log.String(), path) {
		t.Errorf("error log %q does not name the file", log.String())
	}
}
