package rc

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
)

func TestFind(t *testing.T) {
	fsys := files(
		"/w/.kubecfgrc.jsonnet",
		"/w/app.jsonnet",
		"/w/sub/deep/app.jsonnet",
		"/w/two/.kubecfgrc.jsonnet",
		"/w/two/app.jsonnet",
		"/w/two/x/app.jsonnet",
		"/other/app.jsonnet",
		"/other/b/.kubecfgrc.jsonnet",
		"/other/b/app.jsonnet",
	)
	tests := []struct {
		name    string
		cwd     string
		inputs  []string
		want    string
		wantErr string
	}{
		{"no inputs: from cwd", "/w/sub", nil, "/w/.kubecfgrc.jsonnet", ""},
		{"no inputs, nearest first", "/w/two/x", nil, "/w/two/.kubecfgrc.jsonnet", ""},
		{"no rc file at all", "/other", nil, "", ""},
		{"input beside the rc file", "/w", []string{"app.jsonnet"}, "/w/.kubecfgrc.jsonnet", ""},
		{"input below, found upward", "/other", []string{"/w/sub/deep/app.jsonnet"}, "/w/.kubecfgrc.jsonnet", ""},
		{"input's directory, not cwd", "/w", []string{"two/x/app.jsonnet"}, "/w/two/.kubecfgrc.jsonnet", ""},
		{"relative to cwd with dot-dot", "/w/two", []string{"../app.jsonnet"}, "/w/.kubecfgrc.jsonnet", ""},
		{"same rc for two inputs", "/w", []string{"app.jsonnet", "sub/deep/app.jsonnet"}, "/w/.kubecfgrc.jsonnet", ""},
		{"urls take no part", "/w", []string{"https://example.com/x.jsonnet", "two/app.jsonnet"}, "/w/two/.kubecfgrc.jsonnet", ""},
		{"only urls: from cwd", "/w/two", []string{"https://example.com/x.jsonnet"}, "/w/two/.kubecfgrc.jsonnet", ""},
		{"different rc files", "/w", []string{"app.jsonnet", "two/app.jsonnet"}, "",
			`all evaluated files should resolve to the same .kubecfgrc.jsonnet, found ".kubecfgrc.jsonnet" for app.jsonnet and "two/.kubecfgrc.jsonnet" for two/app.jsonnet`},
		{"one input has none", "/w", []string{"/other/app.jsonnet", "app.jsonnet"}, "",
			`all evaluated files should resolve to the same .kubecfgrc.jsonnet, found none for /other/app.jsonnet and ".kubecfgrc.jsonnet" for app.jsonnet`},
		{"rc outside cwd shown absolute", "/w", []string{"app.jsonnet", "/other/b/app.jsonnet"}, "",
			`all evaluated files should resolve to the same .kubecfgrc.jsonnet, found ".kubecfgrc.jsonnet" for app.jsonnet and "/other/b/.kubecfgrc.jsonnet" for /other/b/app.jsonnet`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Find(fsys, tt.cwd, tt.inputs)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error:\n got %v\nwant %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Find: %v", err)
			}
			if got != tt.want {
				t.Fatalf("Find = %q, want %q", got, tt.want)
			}
		})
	}
}

// files returns a MapFS holding each named file with "{}" in it.
func files(names ...string) importer.MapFS {
	m := importer.MapFS{}
	for _, n := range names {
		m[n] = []byte("{}")
	}
	return m
}

// brokenFS fails every read with a permission error.
type brokenFS struct{}

func (brokenFS) ReadFile(name string) ([]byte, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
}

func TestFindReadError(t *testing.T) {
	_, err := Find(brokenFS{}, "/w", nil)
	if !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("Find = %v, want a wrapped permission error", err)
	}
	if want := "looking for .kubecfgrc.jsonnet: open /w/.kubecfgrc.jsonnet: permission denied"; err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
}

// countingFS counts reads, to show each directory is read once.
type countingFS struct {
	importer.MapFS
	reads map[string]int
}

func (c countingFS) ReadFile(name string) ([]byte, error) {
	c.reads[name]++
	return c.MapFS.ReadFile(name)
}

func TestFindReadsEachDirectoryOnce(t *testing.T) {
	c := countingFS{MapFS: importer.NewMapFS("/", map[string]string{"a/b/x.jsonnet": "{}", "a/c/y.jsonnet": "{}"}), reads: map[string]int{}}
	got, err := Find(c, "/", []string{"/a/b/x.jsonnet", "/a/c/y.jsonnet", "/a/b/z.jsonnet"})
	if err != nil || got != "" {
		t.Fatalf("Find = %q, %v; want no rc file", got, err)
	}
	for name, n := range c.reads {
		if n != 1 {
			t.Errorf("%s read %d times", name, n)
		}
	}
	if c.reads["/.kubecfgrc.jsonnet"] != 1 || c.reads["/a/.kubecfgrc.jsonnet"] != 1 {
		t.Errorf("reads = %v; want the search to reach / once", c.reads)
	}
}
