package k8sschema

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestVersions(t *testing.T) {
	vs := Versions()
	if len(vs) != 5 || vs[0] != "1.31" || vs[4] != "1.35" {
		t.Fatalf("Versions() = %v, want 1.31..1.35", vs)
	}
	if vs[len(vs)-1] != Default {
		t.Errorf("Default %q is not the newest minor %q", Default, vs[len(vs)-1])
	}
	vs[0] = "changed"
	if Versions()[0] != "1.31" {
		t.Error("Versions returns its own slice: a caller changed it")
	}
}

func TestData(t *testing.T) {
	for _, v := range Versions() {
		b, err := Data(v)
		if err != nil {
			t.Fatalf("Data(%q): %v", v, err)
		}
		var doc struct {
			Version string
			Kinds   map[string]map[string]string
			Types   map[string]json.RawMessage
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("Data(%q): %v", v, err)
		}
		if doc.Version != v {
			t.Errorf("Data(%q) says version %q", v, doc.Version)
		}
		if got := doc.Kinds["apps/v1"]["Deployment"]; got != "apps.v1.Deployment" {
			t.Errorf("Data(%q): apps/v1 Deployment is %q", v, got)
		}
		for av, kinds := range doc.Kinds {
			for k, typ := range kinds {
				if _, ok := doc.Types[typ]; !ok {
					t.Errorf("Data(%q): %s %s names type %q, which is not there", v, av, k, typ)
				}
			}
		}
	}
	if _, err := Data("1.30"); err == nil || !strings.Contains(err.Error(), "1.31 to 1.35") {
		t.Errorf("Data(1.30) error = %v, want one naming 1.31 to 1.35", err)
	}
}

// TestRemovedKind checks a fact the page's version picker test relies
// on: flowcontrol.apiserver.k8s.io/v1beta3 is in 1.31 and gone from 1.32.
func TestRemovedKind(t *testing.T) {
	for v, want := range map[string]bool{"1.31": true, "1.32": false, "1.35": false} {
		b, _ := Data(v)
		var doc struct{ Kinds map[string]map[string]string }
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		_, got := doc.Kinds["flowcontrol.apiserver.k8s.io/v1beta3"]["FlowSchema"]
		if got != want {
			t.Errorf("%s: FlowSchema v1beta3 present = %v, want %v", v, got, want)
		}
	}
}

// TestGenerated checks data/ against what the generator writes from the
// module cache. Without the module (offline, empty cache) it skips.
func TestGenerated(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("runs the generator with the go command")
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./gen", "-o", dir, "-sizes=false", "-kinds", filepath.Join(dir, "kinds_gen.go"))
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		if strings.Contains(string(out), "go mod download") {
			t.Skipf("the schemas' module is not in the module cache (GOPROXY=off): %s", out)
		}
		t.Fatalf("go run ./gen: %v\n%s", err, out)
	}
	for _, v := range Versions() {
		want, _ := Data(v)
		got, err := os.ReadFile(filepath.Join(dir, v+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("data/%s.json is not what the generator writes: run make k8sschema", v)
		}
	}
	want, err := os.ReadFile(filepath.Join("kinds", "kinds_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "kinds_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("kinds/kinds_gen.go is not what the generator writes: run make k8sschema")
	}
}
