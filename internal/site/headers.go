package site

import (
	"net/http"
	"path"
	"strings"
)

// cspBase is the Content-Security-Policy of every page but the frame
// ancestors: only the site's own files, no inline or evaluated scripts
// except WebAssembly compilation, no plugins, no <base> tricks. Inline
// styles are allowed because CodeMirror's style-mod falls back to <style>
// elements where constructable style sheets are missing; styles cannot run
// code.
const cspBase = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
	"connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'"

// CSP is the Content-Security-Policy of every response but the embed page:
// nobody may frame the site.
const CSP = cspBase + "; frame-ancestors 'none'"

// EmbedCSP is the Content-Security-Policy of the embed page, which any site
// may frame.
const EmbedCSP = cspBase + "; frame-ancestors *"

// Cache-Control values.
const (
	// Immutable is for content-hashed assets, whose bytes never change
	// under one name.
	Immutable = "public, max-age=31536000, immutable"
	// NoCache is for everything else (index.html, sw.js, kubecfg.wasm):
	// the browser keeps a copy but asks (ETag) before using it.
	NoCache = "no-cache"
)

// Cross-Origin-Resource-Policy values: the site's files are for its own
// pages (SameOrigin), but for the two that other sites' pages load: the
// embed script (EmbedScript, in their <script>) and the embed page (in
// their iframes, which a page isolated with COEP may only load when the
// page allows it).
const (
	SameOrigin  = "same-origin"
	CrossOrigin = "cross-origin"
)

// EmbedScript is the script other sites include to embed snippets
// (web/src/embed.js).
const EmbedScript = "embed.js"

// SecurityHeaders returns the headers every response of the site carries;
// embed selects the policy of the embed page.
func SecurityHeaders(embed bool) http.Header {
	h := http.Header{}
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if embed {
		h.Set("Content-Security-Policy", EmbedCSP)
		h.Set("Cross-Origin-Resource-Policy", CrossOrigin)
	} else {
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Resource-Policy", SameOrigin)
	}
	return h
}

func setSecurityHeaders(w http.ResponseWriter, embed bool) {
	for k, v := range SecurityHeaders(embed) {
		w.Header()[k] = v
	}
}

// ContentHashed reports whether the file name carries a content hash
// before its extension, after a "-" or ".", so that the file may be cached
// forever: esbuild's default "[name]-[hash]" (eight characters of
// upper-case base32, as in main-5XJ3NQ7L.js), or eight or more lower-case
// hex digits with at least one digit (app.3f9a0c1e.js).
func ContentHashed(name string) bool {
	base := path.Base(name)
	stem := strings.TrimSuffix(base, path.Ext(base))
	i := strings.LastIndexAny(stem, "-.")
	if i <= 0 {
		return false
	}
	hash := stem[i+1:]
	if len(hash) < 8 {
		return false
	}
	return (len(hash) == 8 && onlyOf(hash, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")) ||
		(onlyOf(hash, "0123456789abcdef") && strings.ContainsAny(hash, "0123456789"))
}

func onlyOf(s, set string) bool {
	for _, r := range s {
		if !strings.ContainsRune(set, r) {
			return false
		}
	}
	return true
}

// mimeTypes are the types the site serves by extension; nothing is sniffed.
var mimeTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".ico":         "image/x-icon",
	".webp":        "image/webp",
	".woff2":       "font/woff2",
	".txt":         "text/plain; charset=utf-8",
	".txtar":       "text/plain; charset=utf-8",
	".jsonnet":     "text/plain; charset=utf-8",
	".libsonnet":   "text/plain; charset=utf-8",
	".yakl":        "text/plain; charset=utf-8",
	".yaml":        "text/plain; charset=utf-8",
	".xml":         "application/xml",
}

// ContentType returns the MIME type the site serves name with.
func ContentType(name string) string {
	if t, ok := mimeTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}
