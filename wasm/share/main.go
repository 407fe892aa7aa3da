//go:build js && wasm

// Command share is the share service as a Cloudflare Worker: the
// pkg/share handler on the Workers KV namespace bound as SNIPPETS (see
// wrangler.toml), served through github.com/syumai/workers. Static files
// are Workers static assets; only /api/* reaches this code.
//
// The rate limiter is off here: the worker's JavaScript glue starts a fresh
// Go instance for every request, so an in-process bucket would forget each
// client at once. Use Cloudflare's rate limiting rules in front instead.
package main

import (
	"net/http"
	"os"

	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/syumai/workers"
)

// kvBinding is the name of the KV namespace binding in wrangler.toml.
const kvBinding = "SNIPPETS"

func main() {
	store, err := share.NewKV(kvBinding)
	if err != nil {
		workers.Serve(unavailable(err))
		return
	}
	workers.Serve(share.Handler(store,
		share.WithRateLimit(share.NoRateLimit),
		share.WithErrorLog(os.Stderr), // the worker's console: wrangler tail, wrangler dev
		share.WithClientKey(func(r *http.Request) string { return r.Header.Get("CF-Connecting-IP") })))
}

// unavailable answers every request with a JSON 503 naming the missing
// binding, rather than failing without a word.
func unavailable(err error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"error":"share service unavailable: no KV namespace bound as ` + kvBinding + `"}` + "\n"))
	})
}
