package objdiff

import (
	"strings"
	"testing"
)

// FuzzUnified checks that every hunk's kept and deleted lines are the
// "from" text's lines where its @@ line says, and its kept and inserted
// lines the "to" text's in order, for texts framed as kubecfg's are
// (a last line "}" both share).
func FuzzUnified(f *testing.F) {
	f.Add("a\nb\nc", "a\nx\nc")
	f.Add("", "a\n\nb")
	f.Fuzz(func(t *testing.T, from, to string) {
		from, to = "{\n"+from+"\n}", "{\n"+to+"\n}"
		a, b := splitLines(from), splitLines(to)
		bi := 0
		for _, h := range Unified(from, to) {
			i := h.FromLine - 1
			for _, l := range h.Lines {
				switch l.Op {
				case Keep, Delete:
					if i >= len(a) || a[i] != l.Text {
						t.Fatalf("hunk at -%d: line %d is %q, not the from text's", h.FromLine, i+1, l.Text)
					}
					i++
				}
				if l.Op != Delete {
					for bi < len(b) && b[bi] != l.Text {
						bi++
					}
					if bi == len(b) {
						t.Fatalf("line %q is not in the to text in order", l.Text)
					}
					bi++
				}
			}
		}
		if (from == to) != (len(Unified(from, to)) == 0) || strings.Count(from, "\n") < 1 {
			t.Fatal("hunks for equal texts, or none for different ones")
		}
	})
}
