package kubecfg

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestVMKeyIsJSON: VMKey writes the JSON array json.Marshal would.
func TestVMKeyIsJSON(t *testing.T) {
	gates, err := features.New(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Config{
		{},
		{Gates: features.Defaults(), Cwd: "/w<s>", JPath: []string{"lib", "é"}, JURL: []string{}, ExtVars: []Var{{Name: "a", Value: "1\n", Kind: 2}}, TLAs: []Var{}, MaxStack: 300},
		{Gates: gates, TLAs: []Var{{Name: "x"}, {Name: "y", Value: "\u2028", Kind: 1}}},
	} {
		want, _ := json.Marshal([]any{features.Rows(c.Gates), c.Cwd, c.JPath, c.JURL, c.ExtVars, c.TLAs, c.Fetch != nil, c.ResolveImage != nil, c.MaxStack})
		if got := c.VMKey(); got != string(want) {
			t.Errorf("VMKey = %s\njson.Marshal: %s", got, want)
		}
	}
}

// TestReadKey: readKey writes what fmt's %q and %t would.
func TestReadKey(t *testing.T) {
	for _, o := range []ReadOptions{
		{},
		{Inputs: []string{"a.jsonnet", "b c\n\"é\x00"}, Exec: "x", Overlay: Overlay{Code: "{}", File: "o.jsonnet"}, Provenance: true},
		{Inputs: []string{}},
	} {
		want := fmt.Sprintf("%q %q %q %q %t", o.Inputs, o.Exec, o.Overlay.Code, o.Overlay.File, o.Provenance)
		if got := readKey(o); got != want {
			t.Errorf("readKey = %s, fmt %s", got, want)
		}
	}
}
