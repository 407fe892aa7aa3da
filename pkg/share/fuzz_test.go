package share_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/share"
)

// memStore is an in-memory Store for the fuzz target only, where an fsync
// per input would make fuzzing crawl. The real stores have their own
// conformance tests.
type memStore struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (s *memStore) Get(_ context.Context, id string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[id]
	if !ok {
		return nil, share.ErrNotFound
	}
	return bytes.Clone(b), nil
}

func (s *memStore) PutIfAbsent(_ context.Context, id string, body []byte) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[id]; ok {
		return false, nil
	}
	s.m[id] = bytes.Clone(body)
	return true, nil
}

// FuzzPost posts arbitrary bodies: the handler answers 201, 200, 400 or 413
// with JSON, never fails otherwise, and what it stored comes back as the
// canonical encoding of what was posted.
func FuzzPost(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `[]`, `{"a":`, `{"a":"\ud800"}`, "\xef\xbb\xbf{}", `{"a":1}{"b":2}`} {
		f.Add([]byte(s))
	}
	h := share.Handler(&memStore{m: map[string][]byte{}}, share.WithRateLimit(share.NoRateLimit))
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", share.CollectionPath, bytes.NewReader(body)))
		switch rec.Code {
		case http.StatusCreated, http.StatusOK:
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			var e share.Error
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("error answer %q is not a JSON error", rec.Body)
			}
			return
		default:
			t.Fatalf("POST %q: status %d (%s)", body, rec.Code, rec.Body)
		}
		var c share.Created
		if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil || !share.ValidID(c.ID) {
			t.Fatalf("POST %q: answer %q (%v)", body, rec.Body, err)
		}
		get := httptest.NewRecorder()
		h.ServeHTTP(get, httptest.NewRequest("GET", share.ItemPrefix+c.ID, nil))
		want, err := share.Canonicalize(body)
		if err != nil {
			t.Fatalf("stored %q, which does not canonicalize: %v", body, err)
		}
		if get.Code != 200 || !bytes.Equal(get.Body.Bytes(), want) {
			t.Fatalf("GET %s: %d %q, want 200 %q", c.ID, get.Code, get.Body, want)
		}
		if share.ID(want) != c.ID {
			t.Fatalf("ID %s is not the address of %q", c.ID, want)
		}
	})
}
