package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCopySchemas runs copySchemas in a tree of its own: each minor's
// schemas are copied to static/schemas/k8s-1.NN.json, in the order of the
// minors, when web/index.html's version picker lists exactly them; a
// picker that lists others is an error that names both lists.
func TestCopySchemas(t *testing.T) {
	for _, c := range []struct {
		name    string
		picker  string
		data    []string
		want    []string
		wantErr string
	}{
		{
			name:   "the picker lists the data's minors",
			picker: `<select id="k8s-version" aria-label="Kubernetes version"><option>1.9<option>1.10<option selected>1.11</select>`,
			data:   []string{"1.11", "1.9", "1.10"},
			want:   []string{"schemas/k8s-1.9.json", "schemas/k8s-1.10.json", "schemas/k8s-1.11.json"},
		},
		{
			name:    "the picker lacks a minor",
			picker:  `<select id="k8s-version"><option>1.31</option><option>1.32</option></select>`,
			data:    []string{"1.31", "1.32", "1.33"},
			wantErr: "the Kubernetes version picker lists [1.31 1.32], but internal/k8sschema/data has [1.31 1.32 1.33]",
		},
		{
			name:    "no picker",
			picker:  `<p>no picker</p>`,
			data:    []string{"1.31"},
			wantErr: `no <select id="k8s-version">`,
		},
		{
			name:    "no data",
			picker:  `<select id="k8s-version"><option>1.35</select>`,
			wantErr: "no internal/k8sschema/data/1.*.json",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name, text string) {
				t.Helper()
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("web/index.html", "<!doctype html>\n"+c.picker+"\n")
			for _, v := range c.data {
				write(filepath.Join(schemaData, v+".json"), `{"version":"`+v+`"}`)
			}
			t.Chdir(dir)
			got, err := copySchemas()
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("copySchemas() error = %v, want one that says %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Fatalf("copySchemas() = %q, want %q", got, c.want)
			}
			for _, p := range c.want {
				b, err := os.ReadFile(filepath.Join("static", p))
				if err != nil {
					t.Fatal(err)
				}
				v := strings.TrimSuffix(strings.TrimPrefix(p, "schemas/k8s-"), ".json")
				if string(b) != `{"version":"`+v+`"}` {
					t.Errorf("static/%s = %s, not the data of %s", p, b, v)
				}
			}
		})
	}
}
