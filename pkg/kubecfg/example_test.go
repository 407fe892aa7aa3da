//go:build !js

package kubecfg_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// Example runs kubecfg show in a directory of the real file system, in
// the command line's Env, and prints what the command line prints.
func Example() {
	dir, err := os.MkdirTemp("", "kubecfg-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	app := `local kubecfg = import 'kubecfg.libsonnet';
{
  cm: {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: std.extVar('name') },
    data: { greeting: kubecfg.parseYaml('hello: world')[0].hello },
  },
}
`
	if err := os.WriteFile(filepath.Join(dir, "app.jsonnet"), []byte(app), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	inv := kubecfg.Invocation{Command: "show", Inputs: []string{"app.jsonnet"}, ExtStr: map[string]string{"name": "demo"}}
	res := kubecfg.Run(inv, kubecfg.OSEnv(dir, os.Stderr))
	fmt.Print(res.Output)
	if res.Err != nil {
		fmt.Print(kubecfg.ErrorText(res.Err))
	}
	fmt.Println("exit status", res.ExitCode())
	// Output:
	// ---
	// apiVersion: v1
	// data:
	//   greeting: world
	// kind: ConfigMap
	// metadata:
	//   name: demo
	// exit status 0
}

// ExampleRun_error shows a failed run: the error as the command line
// prints it, the hint included, and its exit status.
func ExampleRun_error() {
	dir, err := os.MkdirTemp("", "kubecfg-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "app.jsonnet"), []byte("kubecfg.parseYaml('a: 1')\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	root := filepath.ToSlash(dir)
	env := kubecfg.Env{FS: kubecfg.OSFS(), Root: root, Fetch: kubecfg.HTTPFetcher()}
	res := kubecfg.Run(kubecfg.Invocation{Inputs: []string{"app.jsonnet"}}, env)
	fmt.Print(strings.ReplaceAll(kubecfg.ErrorText(res.Err), root, "$DIR"))
	fmt.Println("exit status", res.ExitCode())
	// Output:
	// error reading app.jsonnet: file://$DIR/app.jsonnet:1:1-8 Unknown variable: kubecfg
	//
	// kubecfg.parseYaml('a: 1')
	// hint: kubecfg is not predefined in Jsonnet files. Add this line at the top of the file:
	//   local kubecfg = import 'kubecfg.libsonnet';
	// exit status 1
}
