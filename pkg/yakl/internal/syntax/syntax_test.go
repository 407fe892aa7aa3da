package syntax

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestParseErrors: every refusal is an *Error at the place it is about.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		msg       string // part of the message
	}{
		{"goyaml's own error", "a: 1\nb: [\n", 2, 1, "did not find expected node content"},
		// goyaml prints a parser error's line 0-based: these said line 3.
		{"a parser error on line 4", "a: 1\nb: 2\nc: 3\n- d\n", 4, 1, "did not find expected key"},
		{"a parser error on line 4 of a nested mapping", "a: 1\nb:\n  c: 1\n d: 2\n", 4, 1, "did not find expected key"},
		{"a parser error at the end of the stream", "a: 1\nb: [1,", 2, 1, "did not find expected node content"},
		{"a scanner error on line 4", "a: 1\nb: 2\nc: 3\nd e\nf: 1\n", 4, 1, "could not find expected ':'"},
		{"unknown anchor", "a: 1\nb: *nope\n", 2, 4, "alias *nope has no anchor &nope"},
		{"deep nesting", strings.Repeat("[", 1200), 1, 1001, "nested deeper than 1000 levels"},
		{"lint: comment after a quoted scalar", "a: 1\nb: 'q'#c\n", 2, 7, "whitespace before its #"},
		{"lint: anchor with a colon", "a: &x:y 1\n", 1, 4, "anchor names"},
		{"lint: invalid escape", "a: 1\nb: \"\\'\"\n", 2, 5, "invalid escape"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) = %v, want an *Error", tt.src, err)
			}
			if e.Line != tt.line || e.Column != tt.col || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("Parse(%q) = %d:%d: %s, want %d:%d: …%s…", tt.src, e.Line, e.Column, e.Msg, tt.line, tt.col, tt.msg)
			}
		})
	}
}

// TestParseRepairs: a stream that goyaml refuses is read after a repair
// that keeps its lines, and the nodes are positioned in the repaired Src.
func TestParseRepairs(t *testing.T) {
	src := []byte("%YAML 1.2\n---\na: 1\nb:\t 2\n")
	if Reads(src) {
		t.Fatalf("goyaml reads %q without repair; the test needs a stream it refuses", src)
	}
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(s.Src, src) || bytes.Count(s.Src, []byte("\n")) != bytes.Count(src, []byte("\n")) {
		t.Errorf("Src = %q: want a repair of %q with the same lines", s.Src, src)
	}
	if len(s.Docs) != 1 || len(s.Starts) != 5 {
		t.Fatalf("%d documents and %d line starts, want 1 and 5", len(s.Docs), len(s.Starts))
	}
	b := s.Docs[0].Content[0].Content[2]
	if b.Value != "b" || b.Line != 4 || b.Column != 1 {
		t.Errorf("key b at %d:%d (%q), want 4:1", b.Line, b.Column, b.Value)
	}
	if l, c := s.LineCol(s.Starts[3] + 3); l != 4 || c != 4 {
		t.Errorf("LineCol = %d:%d, want 4:4", l, c)
	}
}

// FuzzParse: Parse never panics, a refusal is an *Error with a position,
// and a stream it reads keeps its lines.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"a: 1\n", "- [a, {b: c}]\n", "%YAML 1.2\n---\nx\n...\n", "k: &a [1]\nl: *a\n", "t: |\n  x\n", "a:\t 1\n", "{\"a\"\n: 1}\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse([]byte(src))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Column < 1 {
				t.Fatalf("Parse(%q) = %#v, want an *Error with a position", src, err)
			}
			return
		}
		if got, want := bytes.Count(s.Src, []byte("\n")), strings.Count(src, "\n"); got != want {
			t.Fatalf("Src of %q has %d newlines, the source %d", src, got, want)
		}
		if len(s.Starts) != 1+bytes.Count(s.Src, []byte("\n")) {
			t.Fatalf("%d line starts for %q", len(s.Starts), s.Src)
		}
	})
}
