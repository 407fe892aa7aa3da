//go:build js

package importer

// DefaultFetcher returns nil in the browser: http(s) imports fail with a
// clear error there.
func DefaultFetcher() Fetcher { return nil }
