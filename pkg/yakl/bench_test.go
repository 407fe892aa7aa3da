package yakl

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	sigsyaml "sigs.k8s.io/yaml"
	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// genYAML makes a plain YAML file of about n lines: a list of
// Kubernetes-like items with maps, lists, numbers and block scalars.
func genYAML(n int) []byte {
	var b strings.Builder
	b.WriteString("items:\n")
	for i, lines := 0, 1; lines < n; i++ {
		fmt.Fprintf(&b, `- name: item-%d
  labels: {app: web, tier: "front", index: "%d"}
  replicas: %d
  ratio: %d.5
  enabled: true
  ports:
  - 80
  - 443
  description: |
    Item %d of the generated file.
    It has two lines.
`, i, i, i%7, i%3, i)
		lines += 11
	}
	return []byte(b.String())
}

func nodeParse(src []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var n yaml.Node
		if err := dec.Decode(&n); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

var benchSizes = []int{1000, 10000, 100000}

// BenchmarkCompile: Compile against goyaml's node parse of the same file.
func BenchmarkCompile(b *testing.B) {
	for _, n := range benchSizes {
		src := genYAML(n)
		b.Run(fmt.Sprintf("lines=%d/compile", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				if _, err := Compile("bench.yakl", src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("lines=%d/goyaml-node-parse", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				if err := nodeParse(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEval: a 10k-line plain file through Compile and go-jsonnet,
// with and without the std.parseJson shortcut, against sigs.k8s.io/yaml.
func BenchmarkEval(b *testing.B) {
	src := genYAML(10000)
	for _, tt := range []struct {
		name string
		opts options
	}{
		{"compile+jsonnet/parseJson", options{fast: true}},
		{"compile+jsonnet/object-literals", options{fast: false}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				code, err := compileWith("bench.yakl", src, tt.opts)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := evalJSON("bench.yakl", code); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("sigs.k8s.io-yaml-YAMLToJSON", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := sigsyaml.YAMLToJSON(src); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestBenchInputs: the generated file compiles and means what
// sigs.k8s.io/yaml says, with and without the shortcut.
func TestBenchInputs(t *testing.T) {
	src := genYAML(1000)
	want, err := sigsyaml.YAMLToJSON(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, fast := range []bool{true, false} {
		code, err := compileWith("bench.yakl", src, options{fast: fast})
		if err != nil {
			t.Fatal(err)
		}
		got, err := evalJSON("bench.yakl", code)
		if err != nil {
			t.Fatal(err)
		}
		if same, err := sameJSON(got, string(want)); err != nil || !same {
			t.Errorf("fast=%v: value differs from YAMLToJSON (%v)", fast, err)
		}
	}
}
