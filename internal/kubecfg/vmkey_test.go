package kubecfg

import (
	"encoding/json"
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
