// Package site is the HTTP handler of the whole playground site as
// `kubecfg playground` serves it natively: the static files (index.html,
// embed.html, kubecfg.wasm, scripts, manifest, service worker) with their
// MIME types, precompressed variants and cache policy, the share API under
// /api/, the page for /s/ID and /embed, and the security headers on every
// response. The same policy is written as a Cloudflare _headers file for the
// worker (HeadersFile).
package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kubecfg/kubecfg/pkg/share"
)

// Names of the pages in the static file system.
const (
	IndexPage = "index.html"
	EmbedPage = "embed.html"
)

// EmbedPath is the URL of the embed page.
const EmbedPath = "/embed"

type site struct {
	static   fs.FS
	api      http.Handler
	snippets share.Store // nil: /s/ID is the page, with 200, whatever it names

	mu    sync.Mutex
	etags map[etagKey]string
}

type etagKey struct {
	name    string
	size    int64
	modTime time.Time
}

// Option configures New.
type Option func(*site)

// WithSnippets makes the page of a shared link that names no snippet of
// store (/s/ID of an ID it does not hold, or /s/X of no ID at all) answer
// 404 Not Found; its body is still the page, which says that the snippet
// was not found and shows what it can instead.
func WithSnippets(store share.Store) Option {
	return func(s *site) { s.snippets = store }
}

// New returns the site: static files from static, the share API (api, for
// every path under /api/; nil answers 404 there) and the page routes.
func New(static fs.FS, api http.Handler, opts ...Option) http.Handler {
	s := &site{static: static, api: api, etags: make(map[etagKey]string)}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	embed := p == EmbedPath || p == "/"+EmbedPage
	setSecurityHeaders(w, embed)
	if p == "/"+EmbedScript {
		w.Header().Set("Cross-Origin-Resource-Policy", CrossOrigin)
	}
	if strings.HasPrefix(p, "/api/") || p == "/api" {
		if s.api == nil {
			http.Error(w, "404 no API on this server", http.StatusNotFound)
			return
		}
		s.api.ServeHTTP(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := s.route(p)
	if !ok {
		http.NotFound(w, r)
		return
	}
	if name == IndexPage && strings.HasPrefix(p, share.PagePrefix) && s.deadLink(r, strings.TrimPrefix(p, share.PagePrefix)) {
		s.serveFile(w, r, name, http.StatusNotFound)
		return
	}
	s.serveFile(w, r, name, http.StatusOK)
}

// deadLink reports whether the page of /s/rest names no stored snippet:
// rest is no ID, or the store answers that it holds none. A store that
// fails otherwise is not taken for an answer: the page asks the API
// itself and says what went wrong.
func (s *site) deadLink(r *http.Request, rest string) bool {
	if s.snippets == nil {
		return false
	}
	if !share.ValidID(rest) {
		return true
	}
	_, err := s.snippets.Get(r.Context(), rest)
	return errors.Is(err, share.ErrNotFound)
}

// route maps a URL path to a file name in the static file system.
func (s *site) route(p string) (string, bool) {
	switch {
	case p == "/":
		return IndexPage, true
	case p == EmbedPath:
		return EmbedPage, true
	case strings.HasPrefix(p, share.PagePrefix):
		// /s/ID is the page; any other /s/X is X when that is a file, so
		// that the page's relative URLs (dist/main-….js) resolve from
		// /s/ID too (the worker does the same with _redirects,
		// RedirectsFile). /s/X for any other X without a slash is the page
		// too, which says that the shared snippet was not found.
		rest := strings.TrimPrefix(p, share.PagePrefix)
		if share.ValidID(rest) {
			return IndexPage, true
		}
		if rest != "" && !strings.Contains(rest, "/") && !strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, "_") {
			if info, err := fs.Stat(s.static, rest); err != nil || info.IsDir() {
				return IndexPage, true
			}
		}
		p = "/" + rest
	}
	name := strings.TrimPrefix(p, "/")
	if strings.HasSuffix(name, "/") {
		name += IndexPage // a directory's page: /docs/ is docs/index.html
	}
	if !fs.ValidPath(name) || name == "." {
		return "", false
	}
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") || strings.HasPrefix(seg, "_") {
			return "", false // dot files, and _headers and friends
		}
	}
	return name, true
}

// acceptsEncoding reports whether an Accept-Encoding header value allows
// coding (with a q-value above zero, or through "*").
func acceptsEncoding(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case coding:
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// variant is one file to send for a name: the file itself or a
// precompressed sibling.
type variant struct {
	name     string
	encoding string
}

func (s *site) pick(name, acceptEncoding string) (fs.File, fs.FileInfo, variant, bool, error) {
	compressed := false
	for _, c := range []struct{ ext, coding string }{{".br", "br"}, {".gz", "gzip"}} {
		f, info, err := openFile(s.static, name+c.ext)
		if err != nil {
			continue
		}
		compressed = true
		if acceptsEncoding(acceptEncoding, c.coding) {
			return f, info, variant{name + c.ext, c.coding}, true, nil
		}
		f.Close()
	}
	f, info, err := openFile(s.static, name)
	return f, info, variant{name: name}, compressed, err
}

// openFile opens a regular file; directories are not found.
func openFile(fsys fs.FS, name string) (fs.File, fs.FileInfo, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, fs.ErrNotExist
	}
	return f, info, nil
}

// serveFile sends the file name (a precompressed variant when the client
// takes it) with status; a status other than 200 is sent whole, without
// the conditional and range answers of http.ServeContent.
func (s *site) serveFile(w http.ResponseWriter, r *http.Request, name string, status int) {
	f, info, v, hasCompressed, err := s.pick(name, r.Header.Get("Accept-Encoding"))
	if errors.Is(err, fs.ErrNotExist) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "500 cannot read "+name, http.StatusInternalServerError)
		return
	}
	defer f.Close()
	content, err := readSeeker(f)
	if err != nil {
		http.Error(w, "500 cannot read "+name, http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ContentType(name))
	if hasCompressed {
		h.Add("Vary", "Accept-Encoding")
	}
	if v.encoding != "" {
		h.Set("Content-Encoding", v.encoding)
	}
	if ContentHashed(name) {
		h.Set("Cache-Control", Immutable)
	} else {
		h.Set("Cache-Control", NoCache)
	}
	etag, err := s.etag(v.name, info, content)
	if err != nil {
		http.Error(w, "500 cannot read "+name, http.StatusInternalServerError)
		return
	}
	if status != http.StatusOK {
		size, err := content.Seek(0, io.SeekEnd)
		if err == nil {
			_, err = content.Seek(0, io.SeekStart)
		}
		if err != nil {
			http.Error(w, "500 cannot read "+name, http.StatusInternalServerError)
			return
		}
		h.Set("Content-Length", strconv.FormatInt(size, 10))
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			io.Copy(w, content) //nolint:errcheck // the client went away
		}
		return
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, name, info.ModTime(), content)
}

// readSeeker returns f as an io.ReadSeeker, reading it into memory when the
// file system's files cannot seek.
func readSeeker(f fs.File) (io.ReadSeeker, error) {
	if rs, ok := f.(io.ReadSeeker); ok {
		return rs, nil
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(b), nil
}

// etag returns a strong validator for a file's bytes, computed once per
// name, size and modification time.
func (s *site) etag(name string, info fs.FileInfo, content io.ReadSeeker) (string, error) {
	key := etagKey{name, info.Size(), info.ModTime()}
	s.mu.Lock()
	tag, ok := s.etags[key]
	s.mu.Unlock()
	if ok {
		return tag, nil
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, content); err != nil {
		return "", fmt.Errorf("hash %s: %w", name, err)
	}
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return "", fmt.Errorf("hash %s: %w", name, err)
	}
	tag = `"` + base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:16]) + `"`
	s.mu.Lock()
	s.etags[key] = tag
	s.mu.Unlock()
	return tag, nil
}
