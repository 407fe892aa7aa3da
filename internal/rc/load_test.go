package rc

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

const rcPath = "/w/.kubecfgrc.jsonnet"

// load evaluates an rc file with the text given, through go-jsonnet.
func load(t *testing.T, text string, extra map[string]string) (*File, error) {
	t.Helper()
	fsys := importer.NewMapFS("/w", extra)
	fsys[rcPath] = []byte(text)
	return LoadFile(rcPath, JsonnetEval(fsys))
}

func TestLoadFeatures(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		extra map[string]string
		want  []string
	}{
		{"rfc05 object form", `{ flags+: { features+: { yakl: true } } }`, nil, []string{"yakl=true"}},
		{"object, keys in order", `{ flags: { features: { yakl: true, knit: false } } }`, nil, []string{"knit=false", "yakl=true"}},
		{"array form", `{ flags: { features: ['yakl', 'knit=false'] } }`, nil, []string{"yakl", "knit=false"}},
		{"overlay changes one feature", `local base = { flags: { features: { yakl: true, knit: true } } };
			base + { flags+: { features+: { knit: false } } }`, nil, []string{"knit=false", "yakl=true"}},
		{"imported base", `(import 'base.libsonnet') + { flags+: { features+: ['pack'] } }`,
			map[string]string{"base.libsonnet": `{ flags: { features: ['yakl'] } }`}, []string{"yakl", "pack"}},
		{"no features", `{ flags: { jpath: ['lib'] } }`, nil, nil},
		{"empty file object", `{}`, nil, nil},
		{"null features", `{ flags: { features: null } }`, nil, nil},
		{"other keys ignored", `{ version: 1, flags: { features: ['eval'] } }`, nil, []string{"eval"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := load(t, tt.text, tt.extra)
			if err != nil {
				t.Fatalf("LoadFile: %v", err)
			}
			if f.Features.Name != ".kubecfgrc.jsonnet" {
				t.Errorf("source name %q", f.Features.Name)
			}
			if !reflect.DeepEqual(f.Features.Items, tt.want) {
				t.Fatalf("items = %q, want %q", f.Features.Items, tt.want)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{"features under commands.show.flags", `{ commands: { show: { flags: { features: ['yakl'] } } } }`,
			"/w/.kubecfgrc.jsonnet: commands.show.flags.features: features can only be set under flags, for every command at once"},
		{"features under commands.update", `{ commands+: { update+: { features: { yakl: true } } } }`,
			"/w/.kubecfgrc.jsonnet: commands.update.features: features can only be set under flags, for every command at once"},
		{"features copied to commands from flags", `{ flags: { features: ['yakl'] }, commands: { show: $.flags } }`,
			"/w/.kubecfgrc.jsonnet: commands.show.features: features can only be set under flags, for every command at once"},
		{"features a string", `{ flags: { features: 'yakl,knit' } }`,
			`/w/.kubecfgrc.jsonnet: flags.features: must be an object ({yakl: true}) or an array (['yakl']), got a string ("yakl,knit")`},
		{"features a number", `{ flags: { features: 1 } }`,
			`/w/.kubecfgrc.jsonnet: flags.features: must be an object ({yakl: true}) or an array (['yakl']), got a number (1)`},
		{"object value not a boolean", `{ flags: { features: { yakl: 'yes' } } }`,
			`/w/.kubecfgrc.jsonnet: flags.features.yakl: must be true or false, got a string ("yes")`},
		{"array element not a string", `{ flags: { features: ['yakl', true] } }`,
			`/w/.kubecfgrc.jsonnet: flags.features[1]: must be a string such as 'yakl' or 'knit=false', got a boolean (true)`},
		{"array element bad value", `{ flags: { features: ['yakl=on'] } }`,
			`/w/.kubecfgrc.jsonnet: flags.features[0]: invalid value "on" for feature yakl: want true or false`},
		{"flags not an object", `{ flags: ['yakl'] }`,
			`/w/.kubecfgrc.jsonnet: flags: must be an object, got an array`},
		{"commands not an object", `{ commands: 'show' }`,
			`/w/.kubecfgrc.jsonnet: commands: must be an object, got a string ("show")`},
		{"not an object", `['yakl']`,
			`/w/.kubecfgrc.jsonnet: the file must evaluate to an object, got an array`},
		{"flag value nested", `{ flags: { jpath: [['a']] } }`,
			`/w/.kubecfgrc.jsonnet: flags.jpath[0]: must be a string, number or boolean, got an array`},
		{"flag set twice in a command", `{ commands: { show: { format: 'json', flags: { format: 'yaml' } } } }`,
			`/w/.kubecfgrc.jsonnet: commands.show: flag format is set both directly and under flags`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := load(t, tt.text, nil)
			if err == nil {
				t.Fatalf("no error; got %+v", f)
			}
			if err.Error() != tt.want {
				t.Fatalf("error:\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestLoadEvaluationError(t *testing.T) {
	_, err := load(t, "{ flags: { features: [yakl] } }", nil)
	if err == nil {
		t.Fatal("no error for an unknown variable")
	}
	// go-jsonnet's message, with the file, line and column, after ours.
	want := "evaluating /w/.kubecfgrc.jsonnet: /w/.kubecfgrc.jsonnet:1:23-27 Unknown variable: yakl"
	if !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error:\n got %s\nwant prefix %s", err, want)
	}
	sentinel := errors.New("boom")
	_, err = Load(rcPath, func(string) ([]byte, error) { return nil, sentinel })
	if !errors.Is(err, sentinel) {
		t.Fatalf("Load does not wrap the evaluator's error: %v", err)
	}
}

func TestLoadNoFile(t *testing.T) {
	called := false
	src, err := Load("", func(string) ([]byte, error) { called = true; return nil, nil })
	if err != nil || called {
		t.Fatalf("Load(\"\") = %v, evaluator called %v", err, called)
	}
	if src.Name != ".kubecfgrc.jsonnet" || len(src.Items) != 0 {
		t.Fatalf("Load(\"\") = %+v, want an empty rc source", src)
	}
}

func TestLoadFlags(t *testing.T) {
	f, err := load(t, `{
		flags: { jpath: ['lib', 'vendor'], 'resolve-images': 'noop', alpha: true, 'ext-str': { b: 'x', a: 1 }, none: null },
		commands: { show: { format: 'json' }, eval: { flags: { 'show-keys': true } } },
	}`, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantFlags := map[string][]string{"jpath": {"lib", "vendor"}, "resolve-images": {"noop"}, "alpha": {"true"}, "ext-str": {"a=1", "b=x"}}
	if !reflect.DeepEqual(f.Flags, wantFlags) {
		t.Errorf("Flags = %v, want %v", f.Flags, wantFlags)
	}
	wantCmds := map[string]map[string][]string{"show": {"format": {"json"}}, "eval": {"show-keys": {"true"}}}
	if !reflect.DeepEqual(f.Commands, wantCmds) {
		t.Errorf("Commands = %v, want %v", f.Commands, wantCmds)
	}
}

// TestRCWithGates checks the whole path: an rc file's features go to
// features.New as their own source, between --features and --alpha.
func TestRCWithGates(t *testing.T) {
	src, err := func() (features.Source, error) {
		fsys := importer.MapFS{rcPath: []byte(`{ flags+: { features+: { yakl: true, pack: false } } }`)}
		path, err := Find(fsys, "/w/app", []string{"/w/app/main.jsonnet"})
		if err != nil {
			return features.Source{}, err
		}
		return Load(path, JsonnetEval(fsys))
	}()
	if err != nil {
		t.Fatal(err)
	}
	g, err := features.New(true, features.Source{Name: features.SourceFeatures, Items: []string{"httpd=false", "pack"}}, src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[*features.Feature]string{
		features.YAKL:  "on .kubecfgrc.jsonnet",
		features.Pack:  "on --features",
		features.Httpd: "off --features",
		features.Eval:  "on --alpha",
	}
	for _, s := range g.Settings() {
		w, ok := want[s.Feature]
		if !ok {
			continue
		}
		got := map[bool]string{true: "on", false: "off"}[s.Enabled] + " " + s.Source
		if got != w {
			t.Errorf("%s: %s, want %s", s.Feature.Name, got, w)
		}
	}
	_, err = features.New(false, features.Source{Name: features.SourceFeatures}, features.Source{Name: FileName, Items: []string{"yakl", "nope"}})
	if err == nil || !strings.HasPrefix(err.Error(), `.kubecfgrc.jsonnet: unknown feature "nope" (known: `) {
		t.Fatalf("unknown name in the rc file: %v", err)
	}
}

// FuzzParse feeds arbitrary JSON to Parse: an error or a file, never a
// panic, and every feature item it returns parses.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{"flags":{"features":{"yakl":true}}}`,
		`{"flags":{"features":["yakl","knit=false"]}}`,
		`{"commands":{"show":{"flags":{"features":[]}}}}`,
		`{"flags":{"jpath":["a",1,true],"ext-str":{"a":"b"}}}`,
		`[]`, `null`, `{"flags":null}`, `{`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(rcPath, data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), rcPath+": ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, it := range file.Features.Items {
			if _, _, err := features.ParseItem(it); err != nil {
				t.Fatalf("item %q does not parse: %v", it, err)
			}
		}
	})
}

func TestDiscover(t *testing.T) {
	fsys := importer.MapFS{
		"/w/.kubecfgrc.jsonnet":   []byte(`{ flags: { features: ['yakl'] } }`),
		"/w/a/.kubecfgrc.jsonnet": []byte(`{ flags: { features: { knit: true } } }`),
	}
	tests := []struct {
		name    string
		inputs  []string
		want    string
		wantErr string
	}{
		{"nearest rc", []string{"a/x.jsonnet"}, "knit=true", ""},
		{"from cwd", nil, "yakl", ""},
		{"mismatch", []string{"x.jsonnet", "a/x.jsonnet"}, "", `all evaluated files should resolve to the same .kubecfgrc.jsonnet, found ".kubecfgrc.jsonnet" for x.jsonnet and "a/.kubecfgrc.jsonnet" for a/x.jsonnet`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Discover(fsys, "/w", tt.inputs, JsonnetEval(fsys))
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(f.Features.Items, ","); got != tt.want {
				t.Fatalf("items %q, want %q", got, tt.want)
			}
		})
	}
	f, err := Discover(importer.MapFS{}, "/w", nil, JsonnetEval(importer.MapFS{}))
	if err != nil || f.Path != "" || len(f.Features.Items) != 0 || f.Features.Name != FileName {
		t.Fatalf("no rc file: %+v, %v", f, err)
	}
}
