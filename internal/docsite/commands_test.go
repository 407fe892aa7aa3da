package docsite

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/testdata"

	"golang.org/x/tools/txtar"
)

// shellBlock is a fenced shell block of a docs page.
var shellBlock = regexp.MustCompile("(?s)```(?:sh|console|bash|shell)\n(.*?)```")

// docsCommands are the kubecfg command lines of the docs' shell blocks
// (in console blocks, the lines after "$ "), continuation lines joined,
// by page.
func docsCommands(t *testing.T) map[string][]string {
	pages, _ := filepath.Glob(filepath.Join(docsDir, "*.md"))
	pages = append(pages, filepath.Join(docsDir, "..", "README.md"))
	out := map[string][]string{}
	for _, p := range pages {
		md, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range shellBlock.FindAllStringSubmatch(string(md), -1) {
			var cmd string
			for _, line := range strings.Split(m[1], "\n") {
				if cmd != "" {
					cmd += "\n" + line
				} else if l := strings.TrimPrefix(strings.TrimSpace(line), "$ "); regexp.MustCompile(`^(KUBECFG_\w+=\S* )*kubecfg `).MatchString(l) {
					cmd = l
				}
				if cmd != "" && !strings.HasSuffix(cmd, "\\") {
					out[filepath.Base(p)] = append(out[filepath.Base(p)], cmd)
					cmd = ""
				}
			}
		}
	}
	return out
}

// TestDocsCommands runs every kubecfg command line of the docs, as
// written, in a directory of the files they name
// (testdata/commands/files.txtar), with the kubecfg built from this tree: each
// must succeed.
func TestDocsCommands(t *testing.T) {
	bin := testdata.BuildKubecfg(t)
	ar, err := txtar.ParseFile("testdata/commands/files.txtar")
	if err != nil {
		t.Fatal(err)
	}
	cmds := docsCommands(t)
	if len(cmds["show.md"]) < 5 || len(cmds["eval.md"]) < 5 {
		t.Fatalf("found too few commands: %v", cmds)
	}
	for page, lines := range cmds {
		for _, line := range lines {
			t.Run(page+": "+line, func(t *testing.T) {
				dir := t.TempDir()
				for _, f := range ar.Files {
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				sh := exec.Command("sh", "-c", line)
				sh.Dir = dir
				sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "KUBECFG_ALPHA=", "KUBECFG_FEATURES=", "KUBECFG_JPATH=")
				if out, err := sh.CombinedOutput(); err != nil {
					t.Errorf("%s: %v\n%s", line, err, out)
				}
			})
		}
	}
}

// TestReadmeCommandLine runs the README's "The command line" block as a
// newcomer would, line for line in a new directory, with bin/kubecfg the
// kubecfg built from this tree in place of its `go build` line: the block
// must make the files it names, and every command must succeed.
func TestReadmeCommandLine(t *testing.T) {
	md, err := os.ReadFile(filepath.Join(docsDir, "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(md), "\n## The command line\n")
	if !ok {
		t.Fatal(`README.md has no "## The command line" section`)
	}
	block := shellBlock.FindStringSubmatch(section)
	if block == nil {
		t.Fatal(`README.md's "The command line" has no sh block`)
	}
	script, ok := strings.CutPrefix(block[1], "go build -o bin/kubecfg ./cmd/kubecfg\n")
	if !ok {
		t.Fatalf("the block does not start with the go build line:\n%s", block[1])
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(testdata.BuildKubecfg(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "kubecfg"), bin, 0o755); err != nil {
		t.Fatal(err)
	}
	sh := exec.Command("sh", "-e", "-c", script)
	sh.Dir = dir
	sh.Env = append(os.Environ(), "KUBECFG_ALPHA=", "KUBECFG_FEATURES=", "KUBECFG_JPATH=")
	out, err := sh.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"name: web\n", "name: web-yakl\n", "\nyakl "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the README's commands printed no %q:\n%s", want, out)
		}
	}
}
