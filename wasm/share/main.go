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
	"encoding/json"
	"io"
	"net/http"
	"os"
	"sync"

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
	workers.Serve(headWithoutLength(drainBody(share.Handler(store,
		share.WithRateLimit(share.NoRateLimit),
		share.WithErrorLog(os.Stderr), // the worker's console: wrangler tail, wrangler dev
		share.WithClientKey(func(r *http.Request) string { return r.Header.Get("CF-Connecting-IP") })))))
}

// headWithoutLength drops the Content-Length of an answer to HEAD:
// syumai/workers sends a body of a declared length through a
// FixedLengthStream, which fails the response ("FixedLengthStream did not
// see all expected bytes", a 500) when, as for HEAD, no byte comes.
func headWithoutLength(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			w = &headWriter{ResponseWriter: w}
		}
		h.ServeHTTP(w, r)
	})
}

// headWriter removes Content-Length before the header goes out and
// discards a body.
type headWriter struct {
	http.ResponseWriter
}

func (hw *headWriter) WriteHeader(status int) {
	hw.Header().Del("Content-Length")
	hw.ResponseWriter.WriteHeader(status)
}

func (hw *headWriter) Write(b []byte) (int, error) { return len(b), nil }

// maxDrain bounds how much of a request body the worker reads and discards
// after the handler has stopped reading it.
const maxDrain = 1 << 20

// drainBody makes every answer wait until the request body has been read
// to its end (discarding what the handler left, at most maxDrain bytes).
// Under wrangler dev, answering while a chunked body is still half read (a
// 413 stops reading at the limit) can stall the next request; natively,
// net/http closes such a connection itself.
//
// A body declared longer than maxDrain is not drained: the handler refuses
// it from its Content-Length (413) without reading it, and the client may
// never send it (a Content-Length of 99999999999 and no body got no answer
// while the worker waited to drain it). A declared length up to maxDrain
// is drained: answering before a body that is being sent has been read
// broke the connection under wrangler dev ("Your worker restarted
// mid-request", then a reset).
func drainBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.ContentLength > maxDrain {
			h.ServeHTTP(w, r)
			return
		}
		dw := &drainingWriter{ResponseWriter: w, body: r.Body}
		h.ServeHTTP(dw, r)
		dw.drain()
	})
}

// drainingWriter drains the request body before the first byte of the
// answer.
type drainingWriter struct {
	http.ResponseWriter
	body io.ReadCloser
	once sync.Once
}

func (d *drainingWriter) drain() {
	d.once.Do(func() {
		io.CopyN(io.Discard, d.body, maxDrain)
		d.body.Close()
	})
}

func (d *drainingWriter) WriteHeader(status int) {
	d.drain()
	d.ResponseWriter.WriteHeader(status)
}

func (d *drainingWriter) Write(b []byte) (int, error) {
	d.drain()
	return d.ResponseWriter.Write(b)
}

// unavailable answers every request with a JSON 503 that says why (the KV
// binding is missing), rather than failing without a word.
func unavailable(err error) http.Handler {
	body, _ := json.Marshal(share.Error{Error: "share service unavailable: " + err.Error()})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		share.SetSecurityHeaders(w.Header())
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write(append(body, '\n'))
	})
}
