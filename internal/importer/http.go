//go:build !js

package importer

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"time"
)

// HTTPFetcher fetches http(s):// imports with net/http. Native builds only.
type HTTPFetcher struct{ Client *http.Client }

// DefaultFetcher returns an HTTPFetcher with a 30 second timeout.
func DefaultFetcher() Fetcher {
	return HTTPFetcher{Client: &http.Client{Timeout: 30 * time.Second}}
}

// Fetch gets url; a 404 wraps fs.ErrNotExist.
func (f HTTPFetcher) Fetch(url string) ([]byte, error) {
	resp, err := f.Client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, fmt.Errorf("%s: %w", url, fs.ErrNotExist)
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("error reading content: %s", resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 64<<20))
}
