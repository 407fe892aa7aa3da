//go:build !js

package site_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kubecfg/kubecfg/internal/golden"
	"github.com/kubecfg/kubecfg/internal/site"
	"github.com/kubecfg/kubecfg/pkg/share"
)

func testFS() fstest.MapFS {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	return fstest.MapFS{
		"index.html":               file("<!doctype html><title>index</title>"),
		"embed.html":               file("<!doctype html><title>embed</title>"),
		"kubecfg.wasm":             file("\x00asm\x01\x00\x00\x00"),
		"kubecfg.wasm.br":          file("BROTLI-WASM"),
		"kubecfg.wasm.gz":          file("GZIP-WASM"),
		"sw.js":                    file("self.addEventListener('fetch', () => {});"),
		"wasm_exec.js":             file("// go"),
		"manifest.webmanifest":     file(`{"name":"kubecfg"}`),
		"dist/main-5XJ3NQ7L.js":    file("console.log('hashed');"),
		"dist/main-5XJ3NQ7L.js.gz": file("GZIP-MAIN"),
		"dist/style.3f9a0c1e.css":  file("body{}"),
		"dist/embed.js":            file("// embed"),
		"embed.js":                 file("// the embed script"),
		".hidden":                  file("secret"),
		"_headers":                 file("/*\n"),
		"icons/icon.svg":           file("<svg/>"),
		"docs/index.html":          file("<!doctype html><title>docs</title>"),
	}
}

func newSite(t *testing.T) http.Handler {
	t.Helper()
	store, err := share.OpenBolt(filepath.Join(t.TempDir(), "snippets.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return site.New(testFS(), share.Handler(store, share.WithRateLimit(share.NoRateLimit)))
}

func TestStatic(t *testing.T) {
	h := newSite(t)
	validID := share.ID([]byte(`{}`))
	for _, tc := range []struct {
		name, method, path, acceptEncoding string
		status                             int
		contentType, encoding, cache, body string
		embed                              bool
	}{
		{name: "root_is_index", path: "/", status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>index</title>"},
		{name: "index_html", path: "/index.html", status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>index</title>"},
		{name: "share_page_is_index", path: "/s/" + validID, status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>index</title>"},
		{name: "share_page_malformed_id", path: "/s/nope", status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>index</title>"},
		{name: "share_page_odd_id", path: "/s/x.y%21", status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>index</title>"},
		{name: "share_page_nested", path: "/s/" + validID + "/x", status: 404},
		{name: "share_page_relative_asset", path: "/s/dist/main-5XJ3NQ7L.js", status: 200, contentType: "text/javascript; charset=utf-8", cache: site.Immutable, body: "console.log('hashed');"},
		{name: "share_page_relative_wasm", path: "/s/kubecfg.wasm", acceptEncoding: "br", status: 200, contentType: "application/wasm", encoding: "br", body: "BROTLI-WASM"},
		{name: "share_page_no_escape", path: "/s/../.hidden", status: 404},
		{name: "share_page_hidden", path: "/s/.hidden", status: 404},
		{name: "embed", path: "/embed", status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>embed</title>", embed: true},
		{name: "embed_html", path: "/embed.html", status: 200, contentType: "text/html; charset=utf-8", body: "<!doctype html><title>embed</title>", embed: true},
		{name: "wasm_plain", path: "/kubecfg.wasm", status: 200, contentType: "application/wasm", cache: site.NoCache, body: "\x00asm\x01\x00\x00\x00"},
		{name: "wasm_brotli", path: "/kubecfg.wasm", acceptEncoding: "gzip, deflate, br", status: 200, contentType: "application/wasm", encoding: "br", body: "BROTLI-WASM"},
		{name: "wasm_gzip_only", path: "/kubecfg.wasm", acceptEncoding: "gzip", status: 200, contentType: "application/wasm", encoding: "gzip", body: "GZIP-WASM"},
		{name: "wasm_brotli_refused", path: "/kubecfg.wasm", acceptEncoding: "br;q=0, gzip;q=0.5", status: 200, encoding: "gzip", body: "GZIP-WASM"},
		{name: "wasm_star", path: "/kubecfg.wasm", acceptEncoding: "*", status: 200, encoding: "br", body: "BROTLI-WASM"},
		{name: "wasm_identity", path: "/kubecfg.wasm", acceptEncoding: "identity", status: 200, body: "\x00asm\x01\x00\x00\x00"},
		{name: "hashed_js_immutable", path: "/dist/main-5XJ3NQ7L.js", status: 200, contentType: "text/javascript; charset=utf-8", cache: site.Immutable, body: "console.log('hashed');"},
		{name: "hashed_js_gzip", path: "/dist/main-5XJ3NQ7L.js", acceptEncoding: "gzip", status: 200, contentType: "text/javascript; charset=utf-8", encoding: "gzip", cache: site.Immutable, body: "GZIP-MAIN"},
		{name: "hashed_css_hex", path: "/dist/style.3f9a0c1e.css", status: 200, contentType: "text/css; charset=utf-8", cache: site.Immutable},
		{name: "unhashed_js", path: "/dist/embed.js", status: 200, contentType: "text/javascript; charset=utf-8", cache: site.NoCache},
		{name: "service_worker_no_cache", path: "/sw.js", status: 200, contentType: "text/javascript; charset=utf-8", cache: site.NoCache},
		{name: "manifest", path: "/manifest.webmanifest", status: 200, contentType: "application/manifest+json"},
		{name: "svg", path: "/icons/icon.svg", status: 200, contentType: "image/svg+xml"},
		{name: "head", method: "HEAD", path: "/sw.js", status: 200, contentType: "text/javascript; charset=utf-8"},
		{name: "missing", path: "/nope.js", status: 404},
		{name: "directory", path: "/dist", status: 404},
		{name: "directory_slash", path: "/dist/", status: 404},
		{name: "directory_index", path: "/docs/", status: 200, contentType: "text/html; charset=utf-8", cache: site.NoCache, body: "<!doctype html><title>docs</title>"},
		{name: "directory_index_no_escape", path: "/docs/../", status: 404},
		{name: "dot_file", path: "/.hidden", status: 404},
		{name: "headers_file_hidden", path: "/_headers", status: 404},
		{name: "dot_dot", path: "/dist/../index.html", status: 404},
		{name: "post_static", method: "POST", path: "/index.html", status: 405},
	} {
		t.Run(tc.name, func(t *testing.T) {
			method := tc.method
			if method == "" {
				method = "GET"
			}
			req := httptest.NewRequest(method, "http://example.test/", nil)
			req.URL.Path = tc.path
			if tc.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tc.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			hdr := rec.Header()
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d (body %q)", rec.Code, tc.status, rec.Body)
			}
			checkSecurity(t, hdr, tc.embed)
			if tc.contentType != "" && hdr.Get("Content-Type") != tc.contentType {
				t.Errorf("Content-Type %q, want %q", hdr.Get("Content-Type"), tc.contentType)
			}
			if hdr.Get("Content-Encoding") != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", hdr.Get("Content-Encoding"), tc.encoding)
			}
			if tc.cache != "" && hdr.Get("Cache-Control") != tc.cache {
				t.Errorf("Cache-Control %q, want %q", hdr.Get("Cache-Control"), tc.cache)
			}
			if tc.body != "" && rec.Body.String() != tc.body {
				t.Errorf("body %q, want %q", rec.Body, tc.body)
			}
			if method == "HEAD" && rec.Body.Len() != 0 {
				t.Errorf("HEAD answered a body of %d bytes", rec.Body.Len())
			}
			if strings.HasPrefix(tc.path, "/kubecfg.wasm") && !strings.Contains(hdr.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary %q, want Accept-Encoding for a file with compressed variants", hdr.Get("Vary"))
			}
		})
	}
}

func checkSecurity(t *testing.T, hdr http.Header, embed bool) {
	t.Helper()
	if hdr.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("X-Content-Type-Options %q, want nosniff", hdr.Get("X-Content-Type-Options"))
	}
	csp := hdr.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'"} {
		if !strings.Contains(csp, want) && !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-eval'") && !strings.Contains(csp, "'wasm-unsafe-eval'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
		t.Errorf("Content-Security-Policy %q allows inline or evaluated scripts", csp)
	}
	if embed {
		if !strings.Contains(csp, "frame-ancestors *") || hdr.Get("X-Frame-Options") != "" {
			t.Errorf("embed page: CSP %q, X-Frame-Options %q; want framing allowed", csp, hdr.Get("X-Frame-Options"))
		}
	} else if !strings.Contains(csp, "frame-ancestors 'none'") || hdr.Get("X-Frame-Options") != "DENY" {
		t.Errorf("CSP %q, X-Frame-Options %q; want frame-ancestors 'none' and DENY", csp, hdr.Get("X-Frame-Options"))
	}
	for name, want := range map[string]string{"Referrer-Policy": "no-referrer", "Cross-Origin-Opener-Policy": "same-origin"} {
		if got := hdr.Get(name); got != want {
			t.Errorf("%s %q, want %q", name, got, want)
		}
	}
	// Other sites frame the embed page; nothing else of the site (but the
	// embed script, TestEmbedScriptCrossOrigin) is theirs to load.
	wantCORP := site.SameOrigin
	if embed {
		wantCORP = site.CrossOrigin
	}
	if got := hdr.Get("Cross-Origin-Resource-Policy"); got != wantCORP {
		t.Errorf("Cross-Origin-Resource-Policy %q, want %q", got, wantCORP)
	}
}

// TestEmbedScriptCrossOrigin: other sites' pages load /embed.js in a
// <script>, so it may be loaded cross-origin, and only it.
func TestEmbedScriptCrossOrigin(t *testing.T) {
	h := newSite(t)
	for _, tc := range []struct{ path, corp string }{
		{"/embed.js", site.CrossOrigin},
		{"/dist/embed.js", site.SameOrigin},
		{"/s/embed.js", site.SameOrigin},
		{"/sw.js", site.SameOrigin},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != 200 {
			t.Fatalf("GET %s: %d", tc.path, rec.Code)
		}
		if got := rec.Header().Get("Cross-Origin-Resource-Policy"); got != tc.corp {
			t.Errorf("GET %s: Cross-Origin-Resource-Policy %q, want %q", tc.path, got, tc.corp)
		}
		if rec.Header().Get("X-Frame-Options") != "DENY" || rec.Header().Get("Content-Security-Policy") != site.CSP {
			t.Errorf("GET %s: X-Frame-Options %q, CSP %q; want the site's", tc.path, rec.Header().Get("X-Frame-Options"), rec.Header().Get("Content-Security-Policy"))
		}
	}
}

func TestAPIRoutes(t *testing.T) {
	h := newSite(t)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/snippets", strings.NewReader(`{"files":{}}`)))
	if rec.Code != 201 || !strings.Contains(rec.Body.String(), `"url":"/s/`) {
		t.Fatalf("POST /api/snippets: %d %s, want 201 with a url", rec.Code, rec.Body)
	}
	checkSecurity(t, rec.Header(), false)
	for _, tc := range []struct {
		name, method, path string
		status             int
	}{
		{"unknown_api_path", "GET", "/api/nope", 404},
		{"malformed_id", "GET", "/api/snippets/x", 400},
		{"api_method", "DELETE", "/api/snippets", 405},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			if rec.Code != tc.status || rec.Header().Get("Content-Type") != "application/json" {
				t.Errorf("%s %s: %d %q, want %d JSON", tc.method, tc.path, rec.Code, rec.Header().Get("Content-Type"), tc.status)
			}
			checkSecurity(t, rec.Header(), false)
		})
	}
}

func TestNoAPI(t *testing.T) {
	rec := httptest.NewRecorder()
	site.New(testFS(), nil).ServeHTTP(rec, httptest.NewRequest("GET", "/api/snippets/x", nil))
	if rec.Code != 404 {
		t.Errorf("status %d, want 404 without an API", rec.Code)
	}
}

func TestETag(t *testing.T) {
	h := newSite(t)
	get := func(etag, ae string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/kubecfg.wasm", nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		req.Header.Set("Accept-Encoding", ae)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	plain, br := get("", "identity"), get("", "br")
	if plain.Header().Get("ETag") == "" || plain.Header().Get("ETag") == br.Header().Get("ETag") {
		t.Fatalf("ETags %q (plain) and %q (br): want distinct, non-empty", plain.Header().Get("ETag"), br.Header().Get("ETag"))
	}
	if rec := get(plain.Header().Get("ETag"), "identity"); rec.Code != 304 {
		t.Errorf("If-None-Match with the ETag: %d, want 304", rec.Code)
	}
	if rec := get(br.Header().Get("ETag"), "identity"); rec.Code != 200 {
		t.Errorf("If-None-Match with the br ETag on the plain file: %d, want 200", rec.Code)
	}
}

func TestContentHashed(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"main-5XJ3NQ7L.js", true},
		{"dist/chunk-ABCDEFGH.js", true},
		{"app.3f9a0c1e.css", true},
		{"kubecfg.0123456789abcdef.wasm", true},
		{"kubecfg.wasm", false},
		{"index.html", false},
		{"sw.js", false},
		{"embed.js", false},
		{"main-5xj3nq7l.js", false},
		{"deadbeef-facade.js", false},
		{"kubecfg-libsonnet.js", false},
		{"app.facadeface.js", false},
		{"-5XJ3NQ7L.js", false},
		{"main-5XJ3NQ.js", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := site.ContentHashed(tc.name); got != tc.want {
				t.Errorf("ContentHashed(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

func TestHeadersFile(t *testing.T) {
	got, err := site.HeadersFile(testFS())
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "_headers.golden"), string(got))
	// The file states the same policy as the native handler.
	for _, v := range []string{site.CSP, site.EmbedCSP, site.Immutable, "/dist/main-5XJ3NQ7L.js", "/dist/style.3f9a0c1e.css", "! Content-Security-Policy"} {
		if !bytes.Contains(got, []byte(v)) {
			t.Errorf("HeadersFile lacks %q", v)
		}
	}
}

func TestHeadersFileTooManyRules(t *testing.T) {
	fsys := fstest.MapFS{}
	for i := range 100 {
		fsys[strings.Repeat("a", i+1)+"-5XJ3NQ7L.js"] = &fstest.MapFile{}
	}
	if _, err := site.HeadersFile(fsys); err == nil || !strings.Contains(err.Error(), "at most 100") {
		t.Errorf("error = %v, want one about the rule limit", err)
	}
}

// FuzzRequest sends arbitrary paths and Accept-Encoding values: the site
// never fails with a 5xx and always sets its security headers.
func FuzzRequest(f *testing.F) {
	for _, s := range [][2]string{{"/", "br"}, {"/kubecfg.wasm", "gzip;q=0.5, br;q=0"}, {"/s/RBNvo1WzZ4oRRq0W9-hkng", "*;q=0"}, {"/../x", ";;,q="}, {"/dist//main-5XJ3NQ7L.js", "identity"}} {
		f.Add(s[0], s[1])
	}
	h := site.New(testFS(), nil)
	f.Fuzz(func(t *testing.T, p, ae string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = p
		req.Header.Set("Accept-Encoding", ae)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("GET %q (Accept-Encoding %q): %d", p, ae, rec.Code)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("Content-Security-Policy") == "" {
			t.Fatalf("GET %q: security headers missing: %v", p, rec.Header())
		}
	})
}

// TestDeadShareLink: with the share store, the page of a link that names
// no stored snippet is still the page (which says so) but answers 404; a
// stored snippet's page answers 200.
func TestDeadShareLink(t *testing.T) {
	store, err := share.OpenBolt(filepath.Join(t.TempDir(), "snippets.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	body := []byte(`{"files":{"a.jsonnet":"{}"},"entry":"a.jsonnet","controls":{}}`)
	stored := share.ID(body)
	if _, err := store.PutIfAbsent(t.Context(), stored, body); err != nil {
		t.Fatal(err)
	}
	h := site.New(testFS(), share.Handler(store, share.WithRateLimit(share.NoRateLimit)), site.WithSnippets(store))
	const page = "<!doctype html><title>index</title>"
	for _, tc := range []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/s/" + stored, 200, page},
		{"GET", "/s/" + share.ID([]byte(`{}`)), 404, page},
		{"GET", "/s/nope", 404, page},
		{"GET", "/s/x.y%21", 404, page},
		{"HEAD", "/s/" + share.ID([]byte(`{}`)), 404, ""},
		{"GET", "/s/dist/main-5XJ3NQ7L.js", 200, "console.log('hashed');"},
		{"GET", "/", 200, page},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		if rec.Code != tc.status || rec.Body.String() != tc.body {
			t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.path, rec.Code, rec.Body.String(), tc.status, tc.body)
		}
		if tc.status == 404 {
			if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
				t.Errorf("%s %s: Content-Type %q", tc.method, tc.path, got)
			}
			if got := rec.Header().Get("Content-Security-Policy"); got != site.CSP {
				t.Errorf("%s %s: CSP %q", tc.method, tc.path, got)
			}
		}
	}
}
