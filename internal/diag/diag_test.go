package diag

import (
	"errors"
	"fmt"
	"testing"
)

type placed struct{ d Data }

func (p *placed) Error() string    { return "placed" }
func (p *placed) Diagnostic() Data { return p.d }

func TestAs(t *testing.T) {
	inner := &placed{Data{Kind: YAKL, Msg: "m", Frames: []Frame{Point("a.yakl", 2, 3, "a.yakl:2:3")}}}
	e, ok := As(fmt.Errorf("error reading a.yakl: %w", inner))
	if !ok || e != inner {
		t.Fatalf("As = %v, %v; want the wrapped error", e, ok)
	}
	f := e.Diagnostic().Frames[0]
	if f.Line != 2 || f.EndLine != 2 || f.Column != 3 || f.EndColumn != 3 || f.Text != "a.yakl:2:3" {
		t.Errorf("Point = %+v", f)
	}
	if _, ok := As(errors.New("plain")); ok {
		t.Error("As found data in a plain error")
	}
	if _, ok := As(nil); ok {
		t.Error("As found data in nil")
	}
}
