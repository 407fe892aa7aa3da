package syntax

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/lazyre"
)

// goyaml's parser predates YAML 1.2 in a few places, and refuses some valid
// streams. When a stream fails to parse, Parse retries once with
// these repairs, each of which keeps every line where it is and means the
// same in YAML 1.2. If the repaired stream fails too, the original error is
// reported.

// space is YAML's whitespace: space, tab and line breaks.
const space = " \t\r\n"

var (
	reYAML1x   = lazyre.New(`^%YAML[ \t]+1\.[0-9]+\b`)
	reDirName  = lazyre.New(`^%([^ \t\r\n]+)`)
	reDocEnd   = lazyre.New(`^\.\.\.(?:[ \t].*)?$`)
	reDocStart = lazyre.New(`^---(?:[ \t].*)?$`)
	reBlockHdr = lazyre.New(`(?:^|[ \t:\-?])[|>][-+0-9]*[ \t]*(?:#.*)?$`)
)

// repair applies the repairs and reports whether it changed anything.
func repair(src []byte) ([]byte, bool) {
	lines := strings.SplitAfter(string(src), "\n")
	changed := false
	set := func(i int, s string) {
		if s != lines[i] {
			lines[i] = s
			changed = true
		}
	}
	open := false       // inside a document
	blockIndent := -1   // indentation of the line that opened a block scalar
	zeroIndent := false // inside an unindented top-level block scalar
	var stack []byte    // open flow collections
	flowParent := 0     // indentation of the block that holds the flow
	for i, full := range lines {
		line := strings.TrimRight(full, "\r\n")
		eol := full[len(line):]
		trimmed := strings.TrimLeft(line, " \t")
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if zeroIndent {
			if reDocStart().MatchString(line) || reDocEnd().MatchString(line) {
				zeroIndent = false
			} else {
				if trimmed != "" && indent == 0 {
					set(i, " "+full)
				}
				continue
			}
		}
		if blockIndent >= 0 {
			if trimmed == "" || indent > blockIndent {
				continue
			}
			blockIndent = -1
		}
		if trimmed == "" && line != "" {
			// A line of only whitespace (tabs included) is an empty line.
			set(i, eol)
			continue
		}
		if strings.Contains(line, `\/`) {
			// YAML 1.2's escaped slash, which goyaml does not know.
			set(i, unescapeSlash(line)+eol)
			line = strings.TrimRight(lines[i], "\r\n")
		}
		switch {
		case strings.HasPrefix(line, "%") && !open:
			// %YAML 1.2 is the version YAKL reads; goyaml accepts only 1.1.
			// Reserved directives are ignored, as the spec says.
			if m := reYAML1x().FindString(line); m != "" {
				set(i, m[:len(m)-1]+"1"+line[len(m):]+eol)
			} else if m := reDirName().FindStringSubmatch(line); m != nil && m[1] != "YAML" && m[1] != "TAG" {
				set(i, "#"+line[1:]+eol)
			}
			continue
		case reDocEnd().MatchString(line):
			if !open || nextIsBareDocument(lines[i+1:]) {
				// A document end with no document, or one followed by a
				// bare document: goyaml wants a document start there.
				if nextIsBareDocument(lines[i+1:]) {
					set(i, "---"+line[3:]+eol)
					open = true
					continue
				}
				set(i, "#"+line[1:]+eol)
			}
			open = false
			continue
		case reDocStart().MatchString(line):
			open = true
		case trimmed != "" && !strings.HasPrefix(trimmed, "#"):
			open = true
		}
		// A flow mapping's ":" at the start of a line joins the key on the
		// line before (not in a flow sequence, where the key must be on one
		// line, and only where the line is indented inside its block).
		if len(stack) > 0 && stack[len(stack)-1] == '{' && strings.HasPrefix(trimmed, ":") && i > 0 && indent > flowParent {
			if prev, ok := appendColon(lines[i-1]); ok {
				set(i-1, prev)
				line = strings.Replace(line, ":", " ", 1)
				set(i, line+eol)
			}
		}
		// Tabs as separation after the indicators at the start of a line,
		// and in front of flow collections.
		line = untab(line)
		set(i, line+eol)
		if len(stack) == 0 {
			flowParent = indent
			if strings.HasPrefix(line, "[") || strings.HasPrefix(line, "{") {
				flowParent = -1
			}
		}
		stack = flowScan(line, stack)
		if hdr := stripComment(line); reBlockHdr().MatchString(hdr) {
			blockIndent = indent
			// A block scalar at the top of a document may have no
			// indentation, which goyaml does not read: indent it by one.
			t := strings.Trim(strings.TrimPrefix(strings.Trim(hdr, space), "---"), space)
			if indent == 0 && (strings.HasPrefix(hdr, "--- ") || hdr == t) && (strings.HasPrefix(t, "|") || strings.HasPrefix(t, ">")) && !strings.ContainsAny(t, "0123456789") {
				zeroIndent, blockIndent = true, -1
			} else if fixed, ok := indentIndicator(line, indent, lines[i+1:]); ok {
				set(i, fixed+eol)
			}
		}
	}
	if !changed {
		return src, false
	}
	return []byte(strings.Join(lines, "")), true
}

func nextIsBareDocument(rest []string) bool {
	for _, l := range rest {
		t := strings.Trim(l, space)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		return !reDocStart().MatchString(strings.TrimRight(l, "\r\n")) && !strings.HasPrefix(t, "%") && !reDocEnd().MatchString(t)
	}
	return false
}

// appendColon puts ":" after the last token of a line (before a comment).
func appendColon(full string) (string, bool) {
	line := strings.TrimRight(full, "\r\n")
	eol := full[len(line):]
	code := stripComment(line)
	t := strings.TrimRight(code, " \t")
	if t == "" || strings.HasSuffix(t, ",") || strings.HasSuffix(t, "{") || strings.HasSuffix(t, "[") {
		return full, false
	}
	return t + ":" + line[len(t):] + eol, true
}

// stripComment cuts a " #" comment off a line, outside quotes.
func stripComment(line string) string {
	var q byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t[{,:-?", line[i-1]) >= 0 {
				q = c
			}
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

// flowScan pushes and pops the [ { ] } of a line, outside quotes and
// comments.
func flowScan(line string, stack []byte) []byte {
	var q byte
	code := stripComment(line)
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t[{,:-?", code[i-1]) >= 0 {
				q = c
			}
		case c == '[' || c == '{':
			stack = append(stack, c)
		case (c == ']' || c == '}') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	return stack
}

// untab turns tabs into spaces in the indentation and indicator run at the
// start of a line ("-\tx", "? \tx", ":\tx", "\t[").
func untab(line string) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	b := []byte(line)
	i := 0
	for i < len(b) && b[i] == '\t' {
		i++
	}
	if i > 0 {
		// Tabs cannot indent; they may only come before a flow collection.
		if i == len(b) || strings.IndexByte("[{]}", b[i]) < 0 {
			return line
		}
		for j := 0; j < i; j++ {
			b[j] = ' '
		}
	}
	for i < len(b) {
		switch c := b[i]; {
		case c == ' ':
			i++
		case c == '\t':
			// A tab after an indicator separates; another block indicator
			// after it would need indentation, which a tab is not.
			j := i
			for j < len(b) && (b[j] == '\t' || b[j] == ' ') {
				j++
			}
			if j == len(b) || b[j] == '#' || isIndicatorAt(b, j) {
				return line
			}
			for ; i < j; i++ {
				b[i] = ' '
			}
		case (c == '-' || c == '?' || c == ':') && isIndicatorAt(b, i):
			i++
		default:
			// key:\t value
			if j := bytes.Index(b[i:], []byte(":\t")); j >= 0 && !bytes.ContainsAny(b[i:i+j], "\"'#") {
				k := i + j + 1
				for k < len(b) && b[k] == '\t' {
					b[k] = ' '
					k++
				}
			}
			return string(b)
		}
	}
	return string(b)
}

// isIndicatorAt reports whether b[i] is a block indicator: - ? or :
// followed by whitespace or the end of the line.
func isIndicatorAt(b []byte, i int) bool {
	c := b[i]
	return (c == '-' || c == '?' || c == ':') && (i+1 == len(b) || b[i+1] == ' ' || b[i+1] == '\t')
}

// unescapeSlash replaces \/ with / inside double-quoted scalars of a line.
func unescapeSlash(line string) string {
	var b strings.Builder
	var q byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q == '"' && c == '\\' && i+1 < len(line):
			if line[i+1] == '/' {
				b.WriteByte('/')
			} else {
				b.WriteByte(c)
				b.WriteByte(line[i+1])
			}
			i++
			continue
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t[{,:-?", line[i-1]) >= 0 {
				q = c
			}
		case c == '#' && (i == 0 || line[i-1] == ' '):
			b.WriteString(line[i:])
			return b.String()
		}
		b.WriteByte(c)
	}
	return b.String()
}

// indentIndicator gives a block scalar header an explicit indentation
// indicator when its first line of content starts with a tab after the
// indentation: goyaml cannot detect the indentation there, though YAML
// reads the tab as content.
func indentIndicator(line string, indent int, rest []string) (string, bool) {
	hdr := stripComment(line)
	if strings.ContainsAny(hdr, "0123456789") {
		return line, false
	}
	for _, l := range rest {
		l = strings.TrimRight(l, "\r\n")
		spaces := len(l) - len(strings.TrimLeft(l, " "))
		if spaces == len(l) {
			continue // an empty line
		}
		if l[spaces] != '\t' || spaces <= indent || spaces-indent > 9 {
			return line, false
		}
		i := strings.LastIndexAny(hdr, "|>")
		return line[:i+1] + strconv.Itoa(spaces-indent) + line[i+1:], true
	}
	return line, false
}
