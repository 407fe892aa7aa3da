package importer

import (
	"net/url"
	"path"
	"strings"
)

// The URLs of a plain workspace (file:///app.jsonnet, internal:///,
// imports such as lib/k.libsonnet or ../x.jsonnet) are resolved here
// without net/url: the browser engine's first run compiles every function
// it calls, and net/url's parser, resolver and printer are 40 kB of them
// (issue 33). What these functions decline (any byte net/url would escape
// or read as syntax, another scheme, an empty segment) goes to net/url, as before; simpleurl_test.go holds the two to
// each other.

// plainPath says whether s is made of bytes that mean nothing to net/url
// in a path and that it never escapes there: letters, digits, - . _ ~ /.
func plainPath(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
			return false
		}
	}
	return true
}

// FileURL is the file:// URL of an absolute path, as net/url writes
// url.URL{Scheme: "file", Path: p}.
func FileURL(p string) string {
	if strings.HasPrefix(p, "/") && plainPath(p) {
		return "file://" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// simpleSchemes are the schemes of the URLs resolved here, each with the
// empty authority: scheme:///path.
var simpleSchemes = []string{"file", "internal"}

// splitSimple splits a URL of the form scheme:///path, for a scheme of
// simpleSchemes and a plain path, into the scheme and the path (from its
// first slash); ok is false for any other text.
func splitSimple(raw string) (scheme, path string, ok bool) {
	for _, s := range simpleSchemes {
		if len(raw) > len(s)+3 && raw[:len(s)] == s && raw[len(s):len(s)+4] == ":///" {
			p := raw[len(s)+3:]
			return s, p, plainPath(p)
		}
	}
	return "", "", false
}

// parseSimple is url.Parse(raw) for a URL splitSimple takes.
func parseSimple(raw string) (*url.URL, error) {
	if scheme, p, ok := splitSimple(raw); ok {
		return &url.URL{Scheme: scheme, Path: p}, nil
	}
	return url.Parse(raw)
}

// simpleRef says whether ref is a relative reference resolveSimple takes:
// a plain path, not empty, without an authority (//), an empty segment
// or a trailing slash.
func simpleRef(ref string) bool {
	return ref != "" && plainPath(ref) && !strings.Contains(ref, "//") && !strings.HasSuffix(ref, "/")
}

// resolveSimple resolves a relative reference against scheme:///base as
// url.URL's ResolveReference does (RFC 3986's merge and the removal of
// dot segments), and writes the result; ok is false when it declines.
func resolveSimple(scheme, base, ref string) (string, bool) {
	if !simpleRef(ref) || !strings.HasPrefix(base, "/") || strings.Contains(base, "//") {
		return "", false
	}
	full := ref
	if ref[0] != '/' {
		full = base[:strings.LastIndexByte(base, '/')+1] + ref
	}
	segs := strings.Split(full[1:], "/")
	out := make([]string, 0, len(segs))
	dir := false // the result ends with a slash
	for _, s := range segs {
		dir = false
		switch s {
		case ".":
			dir = true
		case "..":
			if len(out) > 0 { // above the root stays there
				out = out[:len(out)-1]
			}
			dir = true
		case "":
			return "", false // not made by the inputs simpleRef takes
		default:
			out = append(out, s)
		}
	}
	p := "/" + strings.Join(out, "/")
	if dir && len(out) > 0 {
		p += "/"
	}
	return scheme + "://" + p, true
}

// simpleCandidates is candidates without net/url, for a plain workspace;
// ok is false when any of the URLs is not one it takes.
func (im *Importer) simpleCandidates(importedFrom, importedPath string) ([]string, bool) {
	if !simpleRef(importedPath) {
		return nil, false
	}
	scheme, base, ok := im.simpleBase(importedFrom)
	if !ok {
		return nil, false
	}
	first, ok := resolveSimple(scheme, base, importedPath)
	if !ok {
		return nil, false
	}
	out := []string{first}
	for _, s := range append(append([]string(nil), im.opts.SearchURLs...), "internal:///") {
		scheme, base, ok := splitSimple(s)
		if !ok {
			return nil, false
		}
		u, ok := resolveSimple(scheme, base, importedPath)
		if !ok {
			return nil, false
		}
		out = append(out, u)
	}
	return out, true
}

// simpleBase is baseURL's scheme and path without net/url.
func (im *Importer) simpleBase(importedFrom string) (scheme, p string, ok bool) {
	importedFrom = strings.TrimPrefix(importedFrom, YAKLScheme)
	if scheme, p, ok := splitSimple(importedFrom); ok {
		return scheme, p, true
	}
	if !plainPath(importedFrom) || !plainPath(im.opts.Cwd) || !strings.HasPrefix(im.opts.Cwd, "/") {
		return "", "", false // a scheme, or bytes net/url would read
	}
	if importedFrom == "" || strings.HasSuffix(importedFrom, "/") {
		return "file", strings.TrimPrefix(DirURL(path.Join(im.opts.Cwd, importedFrom)), "file://"), true
	}
	p = importedFrom
	if !path.IsAbs(p) {
		p = path.Join(im.opts.Cwd, p)
	}
	return "file", p, true
}
