package langserv

import "github.com/kubecfg/kubecfg/internal/lex"

// The kinds of place a cursor can be in, lexically.
const (
	inCode = iota
	inComment
	inString
)

// lexical is where offset off of Jsonnet text is: code, a comment, or a
// string (strStart is then the offset of its first content byte). The
// spans are internal/lex's, with a quoted string ending at its line as one
// being typed does (lex.Options.LineStrings). A cursor is inside a span
// after its first byte (after the whole opening delimiter of a verbatim
// string or text block) and before its closing delimiter, or anywhere
// after its opening when it is left open; in a line comment also at the
// line's end, and in a block comment that ends the text also after it.
func lexical(src string, off int) (kind, strStart int) {
	for sp := range lex.Spans(src, lex.Options{LineStrings: true}) {
		if sp.Start >= off {
			break
		}
		switch sp.Kind {
		case lex.LineComment:
			if off <= sp.End {
				return inComment, 0
			}
		case lex.BlockComment:
			if off < sp.End || sp.End == len(src) {
				return inComment, 0
			}
		case lex.TextBlock:
			if off >= sp.Body && (off < sp.End-2 || !sp.Closed) {
				return inString, sp.Body
			}
		case lex.Verbatim, lex.Quoted:
			if off >= sp.Body && (off < sp.End || !sp.Closed) {
				return inString, sp.Body
			}
		}
	}
	return inCode, 0
}

// codeBytes calls visit with each offset i of src, in order, at which
// lexical(src, i) is inCode, until visit returns false: the bytes of code
// for a scan that counts brackets. It walks the spans once, where asking
// lexical at each offset would scan the text again for each. By lexical's
// rule a span's first byte is code (a cursor before it is outside), as are
// a verbatim string's second and a text block's first three and last two;
// the newline that ends a line comment is not.
func codeBytes(src string, visit func(i int) bool) {
	skip := -1 // a code byte that lexical puts in the comment before it
	for sp := range lex.Spans(src, lex.Options{LineStrings: true}) {
		from, to := sp.Start, sp.End // the code bytes: [from, to), then tail
		tail := sp.End
		switch sp.Kind {
		case lex.LineComment:
			from, to = sp.Start, sp.Start+1
			skip = sp.End
		case lex.BlockComment, lex.Quoted, lex.Verbatim:
			to = sp.Body
			if sp.Kind == lex.BlockComment {
				to = sp.Start + 1
			}
		case lex.TextBlock:
			to = sp.Body
			if sp.Closed {
				tail = sp.End - 2
			}
		}
		for i := from; i < to; i++ {
			if i != skip && !visit(i) {
				return
			}
		}
		for i := tail; i < sp.End; i++ {
			if !visit(i) {
				return
			}
		}
	}
}
