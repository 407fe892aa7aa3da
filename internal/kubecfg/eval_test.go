package kubecfg

import "testing"

func TestMentions(t *testing.T) {
	for _, c := range []struct {
		code string
		want bool
	}{
		{"kubecfg.fold", true},
		{"x + kubecfg", true},
		{"if x then/**/kubecfg.a else 1", true},
		{"import 'file:///w/a.jsonnet#kubecfg-eval-1'", false},
		{"// kubecfg\n1", false},
		{"mykubecfg + kubecfgs", false},
		{"{ kubecfg: 1 }", true}, // a field name: the parse decides
		{"1", false},
	} {
		if got := mentions(c.code, "kubecfg"); got != c.want {
			t.Errorf("mentions(%q) = %v, want %v", c.code, got, c.want)
		}
	}
}
