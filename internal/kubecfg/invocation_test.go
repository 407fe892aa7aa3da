package kubecfg

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"testing"
)

// TestInvocationJSON: the invocation's JSON form is the playground's
// request less its files and links (PLAYGROUND.md), field for field, and
// it decodes back to the same invocation.
func TestInvocationJSON(t *testing.T) {
	want := []string{
		"alpha", "command", "crds", "dir", "entry", "exec", "exportDir", "exportExt", "exportNames",
		"expr", "extCode", "extCodeFile", "extStr", "extStrFile", "features", "inputs",
		"jpath", "jpathEnv", "jurl", "kubernetesVersion", "output", "overlayCode", "overlayCodeFile", "reorder",
		"repeatEval", "reportUnknown", "showKeys", "showProvenance", "tlaCode", "tlaCodeFile", "tlaStr", "tlaStrFile", "trace",
	}
	// Every field set (reflection, so that a new field is in the test).
	var inv Invocation
	v := reflect.ValueOf(&inv).Elem()
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).Tag.Get("json") == "-" {
			continue // not of the JSON form: the command line's own (VarOrder)
		}
		switch f := v.Field(i); f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"x"}))
		case reflect.Map:
			f.Set(reflect.ValueOf(map[string]string{"x": "y"}))
		default:
			t.Fatalf("Invocation.%s: a %s", v.Type().Field(i).Name, f.Kind())
		}
	}
	b, err := json.Marshal(inv)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(m)); !slices.Equal(got, want) {
		t.Errorf("JSON fields\n%q\nwant\n%q", got, want)
	}
	var back Invocation
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, inv) {
		t.Errorf("decoded %+v (%v), want %+v", back, err, inv)
	}
}

// TestInvocationArgs: the CLI's arguments (Inputs only) and the request's
// entry with further inputs are the same inputs, and the same command.
func TestInvocationArgs(t *testing.T) {
	cli := Invocation{Inputs: []string{"a.jsonnet", "b.yaml"}, ExtStr: map[string]string{"n": "v"}, ExtCode: map[string]string{"c": "1"}}
	req := Invocation{Entry: "a.jsonnet", Inputs: []string{"b.yaml"}, ExtStr: map[string]string{"n": "v"}, ExtCode: map[string]string{"c": "1"}}
	if !slices.Equal(cli.Args(), req.Args()) || cli.CommandLine() != req.CommandLine() {
		t.Errorf("%q (%s) and %q (%s) differ", cli.Args(), cli.CommandLine(), req.Args(), req.CommandLine())
	}
	if got, want := cli.CommandLine(), "kubecfg show a.jsonnet b.yaml -V n=v --ext-code c=1"; got != want {
		t.Errorf("command line %q, want %q", got, want)
	}
	if got := (Invocation{}).Args(); len(got) != 0 {
		t.Errorf("no inputs: %q", got)
	}
	if got, want := cli.ExtVars(), []Var{{Name: "n", Value: "v", Kind: Str}, {Name: "c", Value: "1", Kind: Code}}; !reflect.DeepEqual(got, want) {
		t.Errorf("ext vars %+v, want %+v", got, want)
	}
}
