package lex

import "iter"

// Kind is what a span of Jsonnet source is.
type Kind uint8

// The kinds of span. Code spans are runs of bytes outside strings and
// comments; every other kind is one comment or one string, its delimiters
// included.
const (
	// CodeRun is a run of code: bytes outside strings and comments.
	CodeRun Kind = iota
	// LineComment is # or // up to the end of its line, the newline not
	// included.
	LineComment
	// BlockComment is /* … */.
	BlockComment
	// TextBlock is a ||| … ||| text block.
	TextBlock
	// Verbatim is @'…' or @"…" (a doubled quote stands for one).
	Verbatim
	// Quoted is '…' or "…" (a backslash escapes the byte after it).
	Quoted
)

// Span is one piece of Jsonnet source: src[Start:End] is of Kind.
type Span struct {
	Kind       Kind
	Start, End int // End is at most len(src)
	// Body is where a string's content starts, after its opening
	// delimiter (Start for the other kinds).
	Body int
	// Closed says that a string or a block comment ends within the text;
	// one that runs to the end of the text unclosed is not. Code runs and
	// line comments are always closed.
	Closed bool
}

// Options are the scanner's choices.
type Options struct {
	// LineStrings ends a quoted string ('…' or "…") at the end of its line,
	// the newline included, as a string being typed in an editor is seen:
	// the code after an unfinished quote on the lines below stays code. A
	// span so ended is Closed. Without it, as in Jsonnet, a quoted string
	// runs over lines until its closing quote.
	LineStrings bool
}

// Spans returns the spans of src in order, every byte in exactly one.
// Malformed text is scanned as far as it goes: a string or comment left
// open runs to the end of the text.
func Spans(src string, opts Options) iter.Seq[Span] {
	return func(yield func(Span) bool) {
		n := len(src)
		run := -1 // where the current code run started
		for i := 0; i < n; {
			start, c := i, src[i]
			var sp Span
			switch {
			case c == '#' || c == '/' && i+1 < n && src[i+1] == '/':
				for i < n && src[i] != '\n' {
					i++
				}
				sp = Span{Kind: LineComment, End: i, Body: start, Closed: true}
			case c == '/' && i+1 < n && src[i+1] == '*':
				i += 2
				for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
					i++
				}
				i += 2
				sp = Span{Kind: BlockComment, End: i, Body: start, Closed: i <= n}
			case c == '|' && i+2 < n && src[i+1] == '|' && src[i+2] == '|':
				i += 3
				for i < n && !(src[i] == '|' && i+2 < n && src[i+1] == '|' && src[i+2] == '|') {
					i++
				}
				i += 3
				sp = Span{Kind: TextBlock, End: i, Body: start + 3, Closed: i <= n}
			case c == '@' && i+1 < n && (src[i+1] == '\'' || src[i+1] == '"'):
				q := src[i+1]
				for i += 2; i < n; i++ {
					if src[i] == q {
						if i+1 < n && src[i+1] == q {
							i++
							continue
						}
						break
					}
				}
				i++
				sp = Span{Kind: Verbatim, End: i, Body: start + 2, Closed: i <= n}
			case c == '\'' || c == '"':
				for i++; i < n && src[i] != c && !(opts.LineStrings && src[i] == '\n'); i++ {
					if src[i] == '\\' {
						i++
					}
				}
				i++
				sp = Span{Kind: Quoted, End: i, Body: start + 1, Closed: i <= n}
			default:
				if run < 0 {
					run = i
				}
				i++
				continue
			}
			if run >= 0 {
				if !yield(Span{Kind: CodeRun, Start: run, End: start, Body: run, Closed: true}) {
					return
				}
				run = -1
			}
			sp.Start, sp.End = start, min(sp.End, n)
			if !yield(sp) {
				return
			}
		}
		if run >= 0 {
			yield(Span{Kind: CodeRun, Start: run, End: n, Body: run, Closed: true})
		}
	}
}
