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

// FetchTimeout bounds one http(s) import, from the request to the last
// byte of the answer.
const FetchTimeout = 15 * time.Second

// DefaultFetcher returns an HTTPFetcher with FetchTimeout.
func DefaultFetcher() Fetcher {
	return HTTPFetcher{Client: &http.Client{Timeout: FetchTimeout}}
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
	b, err := io.ReadAll(io.LimitReader(resp.Body, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("%s is larger than the %d MiB one import may read", url, MaxFileSize>>20)
	}
	return b, nil
}
