package importer

import (
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/lex"
)

// go-jsonnet asks the importer for import, importstr and importbin alike,
// and only import parses what it gets. A file named .jsonnet, .libsonnet
// or .json is checked for nesting whatever reads it (IsCode); a file of
// any other name is checked when the code that asks for it imports it as
// code, which importsAsCode reads from that code's text.

// NoteCode records the text of code that is not a file (a snippet, an
// --ext-code value) under the name go-jsonnet evaluates it by, so that an
// import in it of a file of any name is checked for nesting while an
// importstr of the same file is not. Code the importer has neither read
// nor been told of counts as importing everything as code.
func (im *Importer) NoteCode(name, code string) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.snippets == nil {
		im.snippets = map[string]string{}
	}
	im.snippets[name] = code
}

// importsAsCode reports whether the code at importedFrom imports
// importedPath as code (import, not importstr or importbin); true when
// that code's text is unknown.
func (im *Importer) importsAsCode(importedFrom, importedPath string) bool {
	im.mu.Lock()
	c, ok := im.cache[importedFrom]
	src, noted := im.snippets[importedFrom]
	im.mu.Unlock()
	switch {
	case ok:
		src = c.String()
	case !noted:
		return true
	}
	// go-jsonnet asks again every time it evaluates the import: the
	// answer is kept for the text it was read from.
	key := kindKey{importedFrom, importedPath}
	im.mu.Lock()
	k, done := im.kinds[key]
	im.mu.Unlock()
	if done && k.src == src { // the same bytes compare at once
		return k.code
	}
	code := ImportsAsCode(src, importedPath)
	im.mu.Lock()
	if im.kinds == nil {
		im.kinds = map[kindKey]kind{}
	}
	im.kinds[key] = kind{src, code}
	im.mu.Unlock()
	return code
}

// kindKey is an import: the importing code's name and the path.
type kindKey struct{ from, path string }

// kind is importsAsCode's answer for the importing code src.
type kind struct {
	src  string
	code bool
}

// ImportsAsCode reports whether Jsonnet code src has an import expression
// (the keyword import, not importstr or importbin) of path. It does not
// parse: it reads the string literal after each import keyword outside
// strings and comments. A literal it cannot read (a text block, a comment
// before it) counts as path, so that the nesting check runs when in doubt.
func ImportsAsCode(src, path string) bool {
	if !strings.Contains(src, "import") {
		return false
	}
	found := false
	lex.Code(src, func(i int) bool {
		if !keywordAt(src, i, "import") {
			return true
		}
		j := i + len("import")
		for j < len(src) && strings.IndexByte(" \t\r\n", src[j]) >= 0 {
			j++
		}
		lit, ok := stringLiteral(src[j:])
		found = !ok || lit == path
		return !found
	})
	return found
}

// keywordAt reports whether the identifier at src[i:] is exactly kw.
func keywordAt(src string, i int, kw string) bool {
	if !strings.HasPrefix(src[i:], kw) || i > 0 && identByte(src[i-1]) {
		return false
	}
	end := i + len(kw)
	return end == len(src) || !identByte(src[end])
}

func identByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// stringLiteral decodes the Jsonnet string literal at the start of s
// ('…', "…", @'…', @"…"); false for anything else or a malformed one.
func stringLiteral(s string) (string, bool) {
	if len(s) >= 2 && s[0] == '@' && (s[1] == '\'' || s[1] == '"') {
		q := s[1]
		var b strings.Builder
		for i := 2; i < len(s); i++ {
			if s[i] == q {
				if i+1 < len(s) && s[i+1] == q {
					b.WriteByte(q)
					i++
					continue
				}
				return b.String(), true
			}
			b.WriteByte(s[i])
		}
		return "", false
	}
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return "", false
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q:
			return b.String(), true
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", false
		}
		switch e := s[i]; e {
		case '"', '\'', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			if i+4 >= len(s) {
				return "", false
			}
			r, err := strconv.ParseUint(s[i+1:i+5], 16, 32)
			if err != nil {
				return "", false
			}
			b.WriteRune(rune(r))
			i += 4
		default:
			return "", false
		}
	}
	return "", false
}
