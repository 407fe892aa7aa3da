//go:build !js

package importer

import (
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"
)

// testServer serves h over HTTP for the test and returns its URL and an
// HTTPFetcher for it.
func testServer(t *testing.T, h http.Handler) (string, Fetcher) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL, HTTPFetcher{Client: srv.Client()}
}

func TestHTTPFetcher404(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	_, err := HTTPFetcher{Client: srv.Client()}.Fetch(srv.URL + "/x")
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("error = %v, want fs.ErrNotExist", err)
	}
}
