package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"kubecfg": func() { os.Exit(supervise(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs the CLI scripts in testdata/script. $WORK is the current
// directory; error texts name it as file://$WORK/... . Set
// UPDATE_SCRIPTS=1 to rewrite the expected output in the scripts.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") == "1",
		Setup: func(env *testscript.Env) error {
			env.Setenv("KUBECFG_JPATH", "")
			env.Setenv("KUBECFG_ALPHA", "")
			env.Setenv("KUBECFG_FEATURES", "")
			env.Values["registries"] = registries{}
			// The kubecfg-realworld suite's inputs, read in place.
			env.Setenv("REALWORLD", filepath.Join(testdata.Root(), "kubecfg-realworld", "in"))
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond != "realworld" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, err := os.Stat(filepath.Join(testdata.Root(), "kubecfg-realworld", "in"))
			if err != nil && os.Getenv("CI") == "true" {
				// As testdata.Dir: in CI an absent suite fails.
				return false, fmt.Errorf("the kubecfg-realworld suite is absent: %w", err)
			}
			return err == nil, nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"registry": cmdRegistry,
		},
	})
}
