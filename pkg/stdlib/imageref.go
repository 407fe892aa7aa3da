package stdlib

import (
	"errors"
	"strings"
)

// This file parses container image references the way kubecfg's
// resolveImage does (Docker's reference grammar with its familiar-name
// rules), by hand: the regular expressions of the usual parser are compiled
// at program start, which costs the page tens of milliseconds before its
// first result. imageref_test.go holds it to that parser's answers.

// The reasons an image reference is refused; ImageRefError wraps one.
var (
	errRefFormat       = errors.New("invalid reference format")
	errRefUppercase    = errors.New("repository name must be lowercase")
	errRefEmpty        = errors.New("repository name must have at least one component")
	errRefTooLong      = errors.New("repository name must not be more than 255 characters")
	errRefHexName      = errors.New("cannot specify 64-byte hexadecimal strings as a repository name")
	errDigestFormat    = errors.New("invalid digest format")
	errDigestLength    = errors.New("invalid digest length")
	errDigestAlgorithm = errors.New("unsupported digest algorithm")
)

const (
	defaultDomain   = "docker.io"
	legacyDomain    = "index.docker.io"
	officialPrefix  = "library/"
	defaultTag      = "latest"
	maxRepoPathSize = 255
	maxTagSize      = 128
)

// imageRef is a parsed reference: [domain/]path[:tag][@digest].
type imageRef struct {
	domain, path, tag, digest string
}

// name is the repository name, with its domain when there is one.
func (r imageRef) name() string {
	if r.domain == "" {
		return r.path
	}
	return r.domain + "/" + r.path
}

// String writes the reference back.
func (r imageRef) String() string {
	s := r.name()
	if r.tag != "" {
		s += ":" + r.tag
	}
	if r.digest != "" {
		s += "@" + r.digest
	}
	return s
}

// parseDockerRef parses s as a familiar or full reference and returns its
// normalised form: docker.io and library/ added, the tag dropped when there
// is a digest, and :latest added when there is neither.
func parseDockerRef(s string) (imageRef, error) {
	if isHex(s, 64, false) {
		return imageRef{}, errRefHexName
	}
	domain, rest := splitDomain(s)
	remote, _, _ := strings.Cut(rest, ":")
	if strings.ToLower(remote) != remote {
		return imageRef{}, errRefUppercase
	}
	ref, err := parseRef(domain + "/" + rest)
	if err != nil {
		return imageRef{}, err
	}
	switch {
	case ref.digest != "":
		ref.tag = ""
	case ref.tag == "":
		ref.tag = defaultTag
	}
	return ref, nil
}

// splitDomain separates a familiar name's registry from its repository
// path: the first component is a registry when it is localhost or holds a
// dot, a colon or a capital letter; otherwise the registry is docker.io, and
// a one-component name there lives under library/.
func splitDomain(name string) (domain, rest string) {
	first, after, ok := strings.Cut(name, "/")
	if !ok {
		return defaultDomain, officialPrefix + name
	}
	switch {
	case first == legacyDomain:
		domain, rest = defaultDomain, after
	case first == "localhost", strings.ContainsAny(first, ".:"), strings.ToLower(first) != first:
		domain, rest = first, after
	default:
		domain, rest = defaultDomain, name
	}
	if domain == defaultDomain && !strings.Contains(rest, "/") {
		rest = officialPrefix + rest
	}
	return domain, rest
}

// parseRef parses the reference grammar itself: an optional registry
// (host[:port]/), a path of lower-case components, an optional :tag and an
// optional @digest.
func parseRef(s string) (imageRef, error) {
	ref, ok := matchRef(s)
	if !ok {
		switch {
		case s == "":
			return imageRef{}, errRefEmpty
		case strings.ToLower(s) != s:
			if _, ok := matchRef(strings.ToLower(s)); ok {
				return imageRef{}, errRefUppercase
			}
		}
		return imageRef{}, errRefFormat
	}
	if len(ref.path) > maxRepoPathSize {
		return imageRef{}, errRefTooLong
	}
	if ref.digest != "" {
		if err := checkDigest(ref.digest); err != nil {
			return imageRef{}, err
		}
	}
	return ref, nil
}

// matchRef splits s into its parts when s has the reference's shape.
func matchRef(s string) (imageRef, bool) {
	var ref imageRef
	nameTag := s
	if at := strings.IndexByte(s, '@'); at >= 0 {
		nameTag, ref.digest = s[:at], s[at+1:]
		if !digestShape(ref.digest) {
			return ref, false
		}
	}
	name := nameTag
	if colon := strings.LastIndexByte(nameTag, ':'); colon > strings.LastIndexByte(nameTag, '/') {
		name, ref.tag = nameTag[:colon], nameTag[colon+1:]
		if !validTag(ref.tag) {
			return ref, false
		}
	}
	if first, rest, ok := strings.Cut(name, "/"); ok && validHostPort(first) && validPath(rest) {
		ref.domain, ref.path = first, rest
		return ref, true
	}
	if validPath(name) {
		ref.path = name
		return ref, true
	}
	return ref, false
}

// validPath reports whether s is components of lower-case letters and
// digits joined by '/', each component's runs joined by one '.', one or two
// '_', or any number of '-'.
func validPath(s string) bool {
	for _, comp := range strings.Split(s, "/") {
		if !validPathComponent(comp) {
			return false
		}
	}
	return true
}

func validPathComponent(c string) bool {
	i := 0
	for {
		start := i
		for i < len(c) && isLowerAlnum(c[i]) {
			i++
		}
		if i == start {
			return false
		}
		if i == len(c) {
			return true
		}
		switch {
		case c[i] == '.':
			i++
		case c[i] == '_':
			i++
			if i < len(c) && c[i] == '_' {
				i++
			}
		case c[i] == '-':
			for i < len(c) && c[i] == '-' {
				i++
			}
		default:
			return false
		}
	}
}

// validHostPort reports whether s is a host name (dot-separated labels of
// letters, digits and inner hyphens) or a bracketed IPv6 address, with an
// optional :port.
func validHostPort(s string) bool {
	host := s
	if colon := strings.LastIndexByte(s, ':'); colon >= 0 && colon > strings.LastIndexByte(s, ']') {
		host = s[:colon]
		port := s[colon+1:]
		if port == "" || strings.Trim(port, "0123456789") != "" {
			return false
		}
	}
	if strings.HasPrefix(host, "[") {
		inner, ok := strings.CutSuffix(host[1:], "]")
		return ok && inner != "" && strings.Trim(inner, "0123456789abcdefABCDEF:") == ""
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if !isAlnum(label[i]) && label[i] != '-' {
				return false
			}
		}
	}
	return true
}

// validTag reports whether s is a tag: a word character, then up to 127
// word characters, dots and hyphens.
func validTag(s string) bool {
	if s == "" || len(s) > maxTagSize || s[0] == '.' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' && s[i] != '.' && s[i] != '-' {
			return false
		}
	}
	return true
}

// digestShape reports whether s looks like a digest: an algorithm (runs of
// letters and digits, each starting with a letter, joined by one of - _ + .)
// and at least 32 hex digits.
func digestShape(s string) bool {
	alg, hex, ok := strings.Cut(s, ":")
	if !ok || len(hex) < 32 || !isHex(hex, len(hex), true) {
		return false
	}
	for i := 0; ; i++ {
		if i >= len(alg) || !isLetter(alg[i]) {
			return false
		}
		for i < len(alg) && isAlnum(alg[i]) {
			i++
		}
		if i == len(alg) {
			return true
		}
		if strings.IndexByte("-_+.", alg[i]) < 0 {
			return false
		}
	}
}

// checkDigest accepts the digests a registry can name: sha256, sha384 or
// sha512 over lower-case hex of that hash's length.
func checkDigest(d string) error {
	alg, hex, _ := strings.Cut(d, ":")
	var size int
	switch alg {
	case "sha256":
		size = 64
	case "sha384":
		size = 96
	case "sha512":
		size = 128
	default:
		return errDigestAlgorithm
	}
	if len(hex) != size {
		return errDigestLength
	}
	if !isHex(hex, size, false) {
		return errDigestFormat
	}
	return nil
}

// isHex reports whether s is n hex digits, upper-case ones allowed only
// when upper is set.
func isHex(s string, n int, upper bool) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || upper && 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool     { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool      { return isLetter(c) || '0' <= c && c <= '9' }
func isLowerAlnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
