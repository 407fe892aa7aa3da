package share

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// MaxBody is the largest request body POST /api/snippets accepts, in bytes.
const MaxBody = 64 << 10

// Paths of the share API.
const (
	// CollectionPath is where snippets are posted.
	CollectionPath = "/api/snippets"
	// ItemPrefix is followed by an ID to get one snippet.
	ItemPrefix = CollectionPath + "/"
	// PagePrefix is followed by an ID to make the page URL of a snippet.
	PagePrefix = "/s/"
)

// apiCSP is the Content-Security-Policy of every API response: the bodies
// are data, nothing in them may load or run, and nobody may frame them.
const apiCSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

// immutable is the Cache-Control of a stored snippet, which never changes.
const immutable = "public, max-age=31536000, immutable"

// SetSecurityHeaders sets the headers every answer of the share API
// carries, in both builds (and the worker's own answers).
func SetSecurityHeaders(h http.Header) {
	for _, kv := range securityHeaders {
		h.Set(kv[0], kv[1])
	}
}

// securityHeaders are set on every answer, in both builds. Natively the
// site's handler sets the same (internal/site) around the API; on Workers
// this handler is all there is. No one may frame an answer, load it from
// another origin (Cross-Origin-Resource-Policy) or learn where it was
// linked from.
var securityHeaders = [][2]string{
	{"X-Content-Type-Options", "nosniff"},
	{"Content-Security-Policy", apiCSP},
	{"X-Frame-Options", "DENY"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
}

// Created is the JSON answer to a successful POST.
type Created struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// Error is the JSON body of every error answer.
type Error struct {
	Error string `json:"error"`
}

// Option configures Handler.
type Option func(*handler)

// WithRateLimit sets the per-client rate limit (DefaultRateLimit unless
// given; NoRateLimit turns it off).
func WithRateLimit(limit RateLimit) Option {
	return func(h *handler) { h.limit = limit }
}

// WithClientKey sets how a request's client is identified for the rate
// limit (RemoteIP unless given). Behind a proxy that sets a trusted header,
// read the header.
func WithClientKey(key func(*http.Request) string) Option {
	return func(h *handler) { h.clientKey = key }
}

// WithClock sets the clock of the rate limiter (time.Now unless given).
func WithClock(now func() time.Time) Option {
	return func(h *handler) { h.now = now }
}

// WithErrorLog sets where failures of the store are reported (nowhere
// unless given); clients only see "internal error".
func WithErrorLog(w io.Writer) Option {
	return func(h *handler) { h.errLog = w }
}

type handler struct {
	store     Store
	limit     RateLimit
	clientKey func(*http.Request) string
	now       func() time.Time
	errLog    io.Writer
	limiter   *limiter
}

// Handler returns the share API on store. It answers the paths
// CollectionPath and ItemPrefix+ID wherever it is mounted (it looks at the
// full request path) and 404 for every other path.
func Handler(store Store, opts ...Option) http.Handler {
	h := &handler{
		store:     store,
		limit:     DefaultRateLimit,
		clientKey: RemoteIP,
		now:       time.Now,
	}
	for _, o := range opts {
		o(h)
	}
	if h.limit.Enabled() {
		h.limiter = newLimiter(h.limit, h.now)
	}
	return h
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	SetSecurityHeaders(hdr)
	if h.limiter != nil {
		if ok, wait := h.limiter.allow(h.clientKey(r)); !ok {
			secs := int(math.Ceil(wait.Seconds()))
			hdr.Set("Retry-After", strconv.Itoa(max(secs, 1)))
			writeError(w, http.StatusTooManyRequests, "too many requests: try again in a few seconds")
			return
		}
	}
	switch {
	case r.URL.Path == CollectionPath:
		if r.Method != http.MethodPost {
			methodNotAllowed(w, "POST")
			return
		}
		h.post(w, r)
	case strings.HasPrefix(r.URL.Path, ItemPrefix):
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, "GET, HEAD")
			return
		}
		h.get(w, r, strings.TrimPrefix(r.URL.Path, ItemPrefix))
	default:
		writeError(w, http.StatusNotFound, fmt.Sprintf("no such endpoint: %s", r.URL.Path))
	}
}

// acceptedType reports whether a POST's Content-Type may carry JSON: absent,
// application/json (or any +json type), or text/plain, which is what fetch
// sends for a string body. Form encodings are refused.
func acceptedType(ct string) bool {
	if ct == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return mt == "application/json" || mt == "text/plain" || strings.HasSuffix(mt, "+json")
}

func (h *handler) post(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > MaxBody {
		// Answered at once, and the connection closed: without it net/http
		// would first read (up to 256 KiB of) a body that may never come.
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("snippet too large: %d bytes, the limit is %d", r.ContentLength, MaxBody))
		return
	}
	if ct := r.Header.Get("Content-Type"); !acceptedType(ct) {
		writeError(w, http.StatusUnsupportedMediaType, fmt.Sprintf("unsupported content type %q: send application/json", ct))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		h.readError(w, r, err)
		return
	}
	canonical, err := Canonicalize(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	// What is stored is bounded too: the canonical form can be longer
	// than what was sent (U+2028 and U+2029 are escaped).
	if len(canonical) > MaxBody {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("snippet too large: %d bytes once stored (the canonical encoding), the limit is %d", len(canonical), MaxBody))
		return
	}
	id := ID(canonical)
	created, err := h.store.PutIfAbsent(r.Context(), id, canonical)
	if err != nil {
		h.logf("share: %s %s: %v", r.Method, r.URL.Path, err)
		msg := "internal error: the snippet was not stored"
		if errors.Is(err, ErrDamaged) {
			msg = "internal error: the snippet store is damaged: the snippet was not stored"
		}
		writeError(w, http.StatusInternalServerError, msg)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	w.Header().Set("Location", ItemPrefix+id)
	writeJSON(w, status, Created{ID: id, URL: PagePrefix + id})
}

// readError answers a POST whose body could not be read: too large
// (413), too slow for the server's read timeout (408), or cut off or
// otherwise unreadable (400). The answer never holds the error's text,
// which names both ends of the connection; the log does.
func (h *handler) readError(w http.ResponseWriter, r *http.Request, err error) {
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("snippet too large: the limit is %d bytes", MaxBody))
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout():
		h.logf("share: %s %s: read body: %v", r.Method, r.URL.Path, err)
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestTimeout, "request timeout: the snippet arrived too slowly")
	case errors.Is(err, io.ErrUnexpectedEOF):
		h.logf("share: %s %s: read body: %v", r.Method, r.URL.Path, err)
		writeError(w, http.StatusBadRequest, "read snippet: the body was cut off before its end")
	default:
		h.logf("share: %s %s: read body: %v", r.Method, r.URL.Path, err)
		writeError(w, http.StatusBadRequest, "read snippet: the body could not be read")
	}
}

func (h *handler) get(w http.ResponseWriter, r *http.Request, id string) {
	if !ValidID(id) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("malformed snippet id %q: want %d characters of base64url", truncate(id, 64), IDLen))
		return
	}
	// The store is read before If-None-Match is looked at: an unknown ID
	// has no representation a precondition could match (404, not 304),
	// and a damaged one must not be confirmed to a cache.
	body, err := h.store.Get(r.Context(), id)
	if err == nil {
		err = Verify(id, body)
	}
	switch {
	case errors.Is(err, ErrNotFound):
		writeError(w, http.StatusNotFound, fmt.Sprintf("snippet %s not found", id))
		return
	case errors.Is(err, ErrDamaged):
		h.logf("share: %s %s: %v", r.Method, r.URL.Path, err)
		writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: the snippet store is damaged: snippet %s cannot be served", id))
		return
	case err != nil:
		h.logf("share: %s %s: %v", r.Method, r.URL.Path, err)
		writeError(w, http.StatusInternalServerError, "internal error: the snippet could not be read")
		return
	}
	etag := `"` + id + `"`
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, etag) {
		w.Header().Set("ETag", etag)
		w.Header().Set("Cache-Control", immutable)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Cache-Control", immutable)
	hdr.Set("ETag", etag)
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// etagMatch reports whether an If-None-Match list names etag (weak or
// strong) or is "*".
func etagMatch(list, etag string) bool {
	for _, t := range strings.Split(list, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func (h *handler) logf(format string, args ...any) {
	if h.errLog != nil {
		fmt.Fprintf(h.errLog, format+"\n", args...)
	}
}

func methodNotAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method not allowed: use %s", allow))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, Error{Error: msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil { // cannot happen: only structs of strings are written
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal error: encode response"}`)
	}
	b = append(b, '\n')
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}
