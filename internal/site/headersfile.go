package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
)

// RedirectsFile is the Cloudflare _redirects file of the site: /s/X is
// served as /X (a rewrite, status 200), so /s/ID falls back to index.html
// and the page's relative URLs resolve from /s/ID, as New does natively.
const RedirectsFile = "/s/* /:splat 200\n"

// maxHeaderRules is the number of rules Cloudflare reads from a _headers
// file.
const maxHeaderRules = 100

// HeadersFile returns a Cloudflare _headers file that gives the static
// assets served by Workers the policy New applies natively: the security
// headers on every path, the embed policy on /embed and /embed.html and a
// cross-origin resource policy on /embed.js (the "! Name" lines detach the
// site-wide value), no-cache by default and immutable caching for the
// content-hashed files found in static. Responses of the worker itself (the share API) set their own headers.
func HeadersFile(static fs.FS) ([]byte, error) {
	var hashed []string
	err := fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && ContentHashed(p) {
			hashed = append(hashed, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("headers file: %w", err)
	}
	if rules := 4 + len(hashed); rules > maxHeaderRules {
		return nil, fmt.Errorf("headers file: %d rules, Cloudflare reads at most %d: put hashed assets in one directory", rules, maxHeaderRules)
	}

	var b bytes.Buffer
	b.WriteString("# Generated from internal/site by scripts/share-headers; do not edit.\n")
	b.WriteString("/*\n")
	writeHeaders(&b, SecurityHeaders(false), nil)
	fmt.Fprintf(&b, "  Cache-Control: %s\n", NoCache)
	for _, p := range []string{EmbedPath, "/" + EmbedPage} {
		b.WriteString(p + "\n")
		writeHeaders(&b, nil, []string{"Content-Security-Policy", "Cross-Origin-Resource-Policy", "X-Frame-Options"})
		fmt.Fprintf(&b, "  Content-Security-Policy: %s\n", EmbedCSP)
		fmt.Fprintf(&b, "  Cross-Origin-Resource-Policy: %s\n", CrossOrigin)
	}
	b.WriteString("/" + EmbedScript + "\n")
	writeHeaders(&b, nil, []string{"Cross-Origin-Resource-Policy"})
	fmt.Fprintf(&b, "  Cross-Origin-Resource-Policy: %s\n", CrossOrigin)
	slices.Sort(hashed)
	for _, p := range hashed {
		b.WriteString("/" + p + "\n")
		writeHeaders(&b, nil, []string{"Cache-Control"})
		fmt.Fprintf(&b, "  Cache-Control: %s\n", Immutable)
	}
	return b.Bytes(), nil
}

func writeHeaders(b *bytes.Buffer, h map[string][]string, detach []string) {
	for _, name := range detach {
		fmt.Fprintf(b, "  ! %s\n", name)
	}
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		for _, v := range h[k] {
			fmt.Fprintf(b, "  %s: %s\n", k, v)
		}
	}
}
