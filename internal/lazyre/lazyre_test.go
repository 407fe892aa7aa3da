package lazyre

import "testing"

func TestNewCompilesOnce(t *testing.T) {
	re := New(`^a+$`)
	first := re()
	if !first.MatchString("aaa") || first.MatchString("ab") {
		t.Fatalf("New(`^a+$`)() matches wrongly")
	}
	if re() != first {
		t.Errorf("a second call compiled the pattern again")
	}
}

func TestNewPanicsOnFirstUseOfABadPattern(t *testing.T) {
	re := New(`(`)
	defer func() {
		if recover() == nil {
			t.Errorf("a bad pattern did not panic on first use")
		}
	}()
	re()
}
