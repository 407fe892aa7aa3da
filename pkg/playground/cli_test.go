package playground

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/internal/testdata"

	"golang.org/x/tools/txtar"
)

// TestSideBySide runs every workspace in testdata/workspaces twice: through
// Run, and through the kubecfg binary with the command line that Run
// reports ("Copy as command"), in a directory holding the same files. The
// two must print the same bytes on stdout and stderr and exit alike.
// Each .txtar's comment is the request as JSON, without files; $HTTP in it
// is the URL of a server of the workspace's directory (for -U).
func TestSideBySide(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	paths, _ := filepath.Glob("testdata/workspaces/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no workspaces")
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(p)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			comment := ar.Comment
			if bytes.Contains(comment, []byte("$HTTP")) {
				srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
				defer srv.Close()
				comment = bytes.ReplaceAll(comment, []byte("$HTTP"), []byte(srv.URL))
			}
			var req Request
			if err := json.Unmarshal(comment, &req); err != nil {
				t.Fatalf("request: %v", err)
			}
			req.Files = map[string]string{}
			for _, f := range ar.Files {
				req.Files[f.Name] = string(f.Data)
				full := filepath.Join(dir, f.Name)
				os.MkdirAll(filepath.Dir(full), 0o755)
				if err := os.WriteFile(full, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for link, target := range req.Links {
				if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
					t.Fatal(err)
				}
			}
			resp := (&Runner{Root: filepath.ToSlash(dir), Schema: k8sschema.Data}).Run(req)

			sh := exec.Command("sh", "-c", resp.Command)
			sh.Dir = dir
			sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "KUBECFG_ALPHA=", "KUBECFG_FEATURES=", "KUBECFG_JPATH=")
			var stdout, stderr bytes.Buffer
			sh.Stdout, sh.Stderr = &stdout, &stderr
			code := 0
			if err := sh.Run(); err != nil {
				ee, ok := err.(*exec.ExitError)
				if !ok {
					t.Fatal(err)
				}
				code = ee.ExitCode()
			}
			if resp.Output != stdout.String() {
				t.Errorf("stdout differs for %s\nenvelope:\n%s\ncli:\n%s", resp.Command, resp.Output, stdout.String())
			}
			if resp.Stderr != stderr.String() {
				t.Errorf("stderr differs for %s\nenvelope:\n%s\ncli:\n%s", resp.Command, resp.Stderr, stderr.String())
			}
			if req.ExportDir != "" {
				var written []string
				filepath.WalkDir(filepath.Join(dir, req.ExportDir), func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() {
						rel, _ := filepath.Rel(filepath.Join(dir, req.ExportDir), p)
						written = append(written, filepath.ToSlash(rel))
					}
					return nil
				})
				if len(written) == 0 || len(written) != len(resp.ExportFiles) {
					t.Errorf("export: the CLI wrote %q, the envelope has %d files", written, len(resp.ExportFiles))
				}
				for _, f := range resp.ExportFiles {
					b, err := os.ReadFile(filepath.Join(dir, req.ExportDir, filepath.FromSlash(f.Name)))
					if err != nil || string(b) != f.Data {
						t.Errorf("export file %s: the CLI wrote %q (%v), the envelope has %q", f.Name, b, err, f.Data)
					}
				}
			}
			if resp.ExitCode != code {
				t.Errorf("exit code: envelope %d, cli %d", resp.ExitCode, code)
			}
			if code != 0 && len(resp.Diagnostics) == 0 {
				t.Errorf("failure without a diagnostic")
			}
		})
	}
}
