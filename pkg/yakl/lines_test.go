package yakl

import (
	"fmt"
	"strings"
	"testing"
)

// linesTemplate has a slot @N for an expression on each of several kinds of
// line; TestRuntimeErrorLines puts an error in one slot at a time and
// checks that go-jsonnet names that line.
const linesTemplate = `# comment
'&k': ${@1}
---
plain:
  a: 1
  b: [1, 2,
      3]
  c: |
    block
    scalar
top: ${@2}
flow: {x: 1,
  y: "${@3}"}
list:
- one
- ${@4}
- |
  text ${@5}
  more
folded: >
  folded text
  and ${@10}
quoted: "a
  b ${@11}"
nested:
  deeper:
    '&loc': ${@6}
    value: ${loc}
    after: "pre ${@7} post"
---
second: ${@8}
uses: ${[k, late]}
---
'&late': ${@9}
`

func TestRuntimeErrorLines(t *testing.T) {
	const slots = 11
	for slot := 1; slot <= slots; slot++ {
		t.Run(fmt.Sprintf("slot %d", slot), func(t *testing.T) {
			src := linesTemplate
			want := 0
			for i, line := range strings.Split(src, "\n") {
				if strings.Contains(line, fmt.Sprintf("@%d}", slot)) {
					want = i + 1
				}
			}
			for s := 1; s <= slots; s++ {
				expr := "1"
				if s == slot {
					expr = fmt.Sprintf("error 'slot %d'", s)
				}
				src = strings.Replace(src, fmt.Sprintf("@%d}", s), expr+"}", 1)
			}
			code, err := Compile("lines.yakl", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(code, "\n"); got != strings.Count(src, "\n") {
				t.Errorf("compiled code has %d newlines, source %d", got, strings.Count(src, "\n"))
			}
			_, err = evalJSON("lines.yakl", code)
			wantAt := fmt.Sprintf("lines.yakl:%d:", want)
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("slot %d", slot)) || !strings.Contains(err.Error(), wantAt) {
				t.Errorf("error = %v, want slot %d at %s\ncode:\n%s", err, slot, wantAt, code)
			}
		})
	}
}
