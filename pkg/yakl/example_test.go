package yakl_test

import (
	"fmt"

	"github.com/kubecfg/kubecfg/pkg/yakl"
)

func ExampleCompile() {
	src := []byte("name: web\nreplicas: ${1 + 2}\nimage: nginx:${'1.27'}\n")
	code, err := yakl.Compile("app.yakl", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(code)
	// Output:
	// {name: "web",
	// replicas: 1 + 2,
	// image: "nginx:" + ('1.27'),}
}

func ExampleDesugar() {
	src := []byte("# A pod.\nkind: Pod\nimage: ${kubecfg.resolveImage('nginx')}\n")
	code, err := yakl.Desugar("pod.yakl", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(code)
	// Output:
	// // A pod.
	// local kubecfg = import 'internal:///kubecfg.libsonnet',
	//       yakl__kubecfg = kubecfg;
	// {
	//   kind: 'Pod',
	//   image: kubecfg.resolveImage('nginx'),
	// }
}

func ExamplePredefineKubecfg() {
	fmt.Println(yakl.PredefineKubecfg("-e", "kubecfg.isK8sObject({})"))
	fmt.Println(yakl.PredefineKubecfg("-e", "local kubecfg = {}; kubecfg"))
	// Output:
	// local kubecfg = import 'internal:///kubecfg.libsonnet';kubecfg.isK8sObject({})
	// local kubecfg = {}; kubecfg
}

func ExampleError() {
	_, err := yakl.Compile("bad.yakl", []byte("a: 1\nb: .inf\n"))
	fmt.Println(err)
	// Output:
	// bad.yakl:2:4: .inf is not a number Jsonnet can hold; quote it to make it a string
}
