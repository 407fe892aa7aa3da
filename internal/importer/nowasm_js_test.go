//go:build js

package importer

import (
	"net/http"
	"testing"
)

// Under GOOS=js (go_js_wasm_exec in Node) a test can listen on no port and
// the package has no OSFS nor HTTPFetcher (the browser's engine reads an
// in-memory workspace and fetches through the page). The tests of those
// live in files built for other systems; here each is skipped by name,
// saying why, so that a wasm run lists what it left out.

// testServer has no server to offer: TestImport skips its remote cases.
func testServer(t *testing.T, _ http.Handler) (string, Fetcher) {
	t.Helper()
	return "http://no-server.invalid", nil
}

const (
	noOSFS   = "skipped under GOOS=js: OSFS (the CLI's file system: regular files only, read within FetchTimeout) is not built for js"
	noServer = "skipped under GOOS=js: HTTPFetcher is not built for js, and a test cannot listen for HTTP there"
)

func TestOSFSRefuses(t *testing.T)     { t.Skip(noOSFS) }
func TestOSFSStalledRead(t *testing.T) { t.Skip(noOSFS) }
func TestHTTPFetcherCap(t *testing.T)  { t.Skip(noServer) }
func TestHTTPFetcher404(t *testing.T)  { t.Skip(noServer) }
