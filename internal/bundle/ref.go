package bundle

import (
	"fmt"
	"regexp"
	"strings"
)

// Scheme prefixes an import of a bundle's file: oci://REGISTRY/REPO:TAG
// or oci://REGISTRY/REPO@sha256:HEX, then /PATH inside the bundle (none:
// the bundle's entrypoint).
const Scheme = "oci://"

// Ref names a bundle in a registry.
type Ref struct {
	Registry   string // host[:port]
	Repository string // path/name
	Tag        string // or
	Digest     string // sha256:HEX
}

// String is the reference as registries and oras take it:
// REGISTRY/REPO:TAG or REGISTRY/REPO@DIGEST.
func (r Ref) String() string {
	if r.Digest != "" {
		return r.Registry + "/" + r.Repository + "@" + r.Digest
	}
	return r.Registry + "/" + r.Repository + ":" + r.Tag
}

// URL is the bundle's root as an import URL, with the trailing slash
// that makes relative imports resolve inside it.
func (r Ref) URL() string { return Scheme + r.String() + "/" }

var (
	hostRE   = regexp.MustCompile(`^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::[0-9]+)?$`)
	repoRE   = regexp.MustCompile(`^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$`)
	tagRE    = regexp.MustCompile(`^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,127}$`)
	digestRE = regexp.MustCompile(`^sha256:[a-f0-9]{64}$`)
)

// Parse splits an oci:// import URL into the bundle's reference and the
// path of a file inside it ("" for the entrypoint). The repository ends
// at the first ':' (a tag) or '@' (a digest); the path is what follows the
// tag or digest's '/'. Its errors say which part is wrong.
func Parse(u string) (Ref, string, error) {
	rest, ok := strings.CutPrefix(u, Scheme)
	if !ok {
		return Ref{}, "", fmt.Errorf("%q is not an oci:// URL", u)
	}
	host, rest, _ := strings.Cut(rest, "/")
	if !hostRE.MatchString(host) {
		return Ref{}, "", fmt.Errorf("%s: %q is not a registry host", u, host)
	}
	i := strings.IndexAny(rest, ":@")
	if i < 0 {
		return Ref{}, "", fmt.Errorf("%s: missing tag: name the bundle as oci://%s/REPOSITORY:TAG or @sha256:DIGEST", u, host)
	}
	r := Ref{Registry: host, Repository: rest[:i]}
	if !repoRE.MatchString(r.Repository) {
		return Ref{}, "", fmt.Errorf("%s: %q is not a repository name (lowercase letters, digits, separators)", u, r.Repository)
	}
	sep := rest[i]
	ver, p, _ := strings.Cut(rest[i+1:], "/")
	if sep == '@' {
		r.Digest = ver
		if !digestRE.MatchString(ver) {
			return Ref{}, "", fmt.Errorf("%s: %q is not a digest (sha256: and 64 lowercase hex digits)", u, ver)
		}
	} else {
		r.Tag = ver
		if ver == "" {
			return Ref{}, "", fmt.Errorf("%s: missing tag after ':'", u)
		}
		if !tagRE.MatchString(ver) {
			return Ref{}, "", fmt.Errorf("%s: %q is not a tag", u, ver)
		}
	}
	if p != "" {
		if err := CheckName(p); err != nil {
			return Ref{}, "", fmt.Errorf("%s: %w", u, err)
		}
	}
	return r, p, nil
}

// ParseRef parses pack's REF argument, a reference without the scheme:
// REGISTRY/REPO:TAG or REGISTRY/REPO@sha256:HEX.
func ParseRef(s string) (Ref, error) {
	r, p, err := Parse(Scheme + s)
	if err != nil {
		return Ref{}, err
	}
	if p != "" {
		return Ref{}, fmt.Errorf("%s: a reference has no path after the tag", s)
	}
	return r, nil
}
