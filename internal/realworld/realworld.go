// Package realworld runs suites of kubecfg command lines the way
// ../shared/testdata/kubecfg-realworld is laid out: a cases.txt of
// NAME<TAB>COMMAND lines, an in/ tree the commands run in, and, for a
// recorded suite, expected/NAME.{stdout,stderr,rc}. The project's tests
// hold the CLI and the envelope to the recorded outputs; the differential
// harness (scripts/kubecfg-diff) runs a reference binary beside this one.
package realworld

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/textdiff"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// DirToken stands for the absolute path of the suite's copy in recorded
// outputs.
const DirToken = "@DIR@"

// Case is one command line of a suite.
type Case struct {
	Name    string
	Command string // run with bash -c, $KUBECFG naming the binary
}

// Result is what one run printed.
type Result struct {
	Stdout, Stderr string
	Code           int
}

// Load reads a suite's cases.txt.
func Load(dir string) ([]Case, error) {
	data, err := os.ReadFile(filepath.Join(dir, "cases.txt"))
	if err != nil {
		return nil, err
	}
	var cases []Case
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, cmd, ok := strings.Cut(line, "\t")
		if !ok || name == "" || cmd == "" {
			return nil, fmt.Errorf("%s/cases.txt:%d: want NAME<TAB>COMMAND", dir, n)
		}
		cases = append(cases, Case{Name: name, Command: cmd})
	}
	return cases, sc.Err()
}

// Expected reads a recorded case's outputs.
func Expected(dir string, c Case) (Result, error) {
	var r Result
	base := filepath.Join(dir, "expected", c.Name)
	out, err := os.ReadFile(base + ".stdout")
	if err != nil {
		return r, err
	}
	errOut, err := os.ReadFile(base + ".stderr")
	if err != nil {
		return r, err
	}
	rc, err := os.ReadFile(base + ".rc")
	if err != nil {
		return r, err
	}
	code, err := strconv.Atoi(strings.TrimSpace(string(rc)))
	if err != nil {
		return r, fmt.Errorf("%s.rc: %w", base, err)
	}
	return Result{Stdout: string(out), Stderr: string(errOut), Code: code}, nil
}

// Copy copies the suite's in/ tree to dst, which must not exist. The
// recorded suite was made in a copy at /tmp/realworld.XXXXXX/run: eval's
// error columns count the input's absolute path, so a copy made by
// CopyTemp has a path of that length.
func Copy(suite, dst string) error {
	src := filepath.Join(suite, "in")
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
}

// CopyTemp copies the suite into a new /tmp/realworld.XXXXXX/run and
// returns that path; the caller removes its parent.
func CopyTemp(suite string) (string, error) {
	parent, err := mkdirTemp()
	if err != nil {
		return "", err
	}
	run := filepath.Join(parent, "run")
	if err := Copy(suite, run); err != nil {
		os.RemoveAll(parent)
		return "", err
	}
	return run, nil
}

// mkdirTemp makes /tmp/realworld.XXXXXX as mktemp(1) does: six random
// letters and digits (os.MkdirTemp's suffix has another length).
func mkdirTemp() (string, error) {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	for try := 0; try < 100; try++ {
		b := make([]byte, 6)
		for i := range b {
			b[i] = chars[rand.IntN(len(chars))]
		}
		dir := "/tmp/realworld." + string(b)
		err := os.Mkdir(dir, 0o700)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", errors.New("no free name for /tmp/realworld.XXXXXX")
}

// Run runs one case with bash in the copy at dir, with $KUBECFG set to bin,
// KUBECFG_JPATH, KUBECFG_FEATURES and KUBECFG_ALPHA unset and standard
// input empty. The copy's path is replaced by DirToken in the outputs.
func Run(bin, dir string, c Case) (Result, error) {
	cmd := exec.Command("bash", "-c", c.Command)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case features.EnvJPath, features.EnvFeatures, features.EnvAlpha, "KUBECFG":
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	cmd.Env = append(cmd.Env, "KUBECFG="+bin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	r := Result{}
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return r, err
		}
		r.Code = ee.ExitCode()
	}
	r.Stdout = strings.ReplaceAll(stdout.String(), dir, DirToken)
	r.Stderr = strings.ReplaceAll(stderr.String(), dir, DirToken)
	return r, nil
}

// Diff describes how got differs from want, or returns "".
// kubecfg's text must be byte for byte; a hint this project prints after
// it (kubecfg.Hint: a "hint: " line and its indented continuation lines,
// at the end of standard error) is not kubecfg's and is not compared.
func Diff(want, got Result) string {
	if !strings.Contains(want.Stderr, "hint: ") {
		got.Stderr = withoutHint(got.Stderr)
	}
	var b strings.Builder
	if want.Code != got.Code {
		fmt.Fprintf(&b, "exit status: want %d, got %d\n", want.Code, got.Code)
	}
	for _, s := range []struct{ name, want, got string }{{"stdout", want.Stdout, got.Stdout}, {"stderr", want.Stderr, got.Stderr}} {
		if s.want != s.got {
			fmt.Fprintf(&b, "%s differs at %s\n", s.name, textdiff.First(s.want, s.got))
		}
	}
	return b.String()
}

// withoutHint is stderr without the hint that ends it, if one does.
func withoutHint(stderr string) string {
	lines := strings.SplitAfter(stderr, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		switch {
		case strings.HasPrefix(lines[i], "hint: "):
			return strings.Join(lines[:i], "")
		case strings.HasPrefix(lines[i], "  ") || lines[i] == "":
			continue
		}
		break
	}
	return stderr
}
