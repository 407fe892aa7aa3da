package kubecfg

import (
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

func TestHintAddressInUse(t *testing.T) {
	err := fmt.Errorf("serve playground: %w", &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", syscall.EADDRINUSE)})
	if h := Hint(err); !strings.Contains(h, "SERVE_FLAGS='-l 127.0.0.1:9090'") {
		t.Errorf("Hint(%v) = %q", err, h)
	}
}

// TestHintNotObject: show of a value that is not Kubernetes objects keeps
// kubecfg's text byte for byte (the Go type) and adds a hint that says what
// the value is in words and that eval prints it.
func TestHintNotObject(t *testing.T) {
	files := map[string]string{
		"num.jsonnet":  "{ a: 1 }\n",
		"str.jsonnet":  "{ a: ['x'] }\n",
		"bool.jsonnet": "{ a: { b: true } }\n",
		"top.jsonnet":  "1\n",
	}
	c := &Config{Gates: features.Defaults(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	for _, tc := range []struct{ input, text string }{
		{"num.jsonnet", "error reading num.jsonnet: Looking for kubernetes object at \"$.a\", but instead found float64\n" +
			"hint: show prints Kubernetes objects, and $.a is a number: to print any value, use eval, as in kubecfg --features=eval eval FILE\n"},
		{"str.jsonnet", "error reading str.jsonnet: Looking for kubernetes object at \"$.a[0]\", but instead found string\n" +
			"hint: show prints Kubernetes objects, and $.a[0] is a string: to print any value, use eval, as in kubecfg --features=eval eval FILE\n"},
		{"bool.jsonnet", "error reading bool.jsonnet: Looking for kubernetes object at \"$.a.b\", but instead found bool\n" +
			"hint: show prints Kubernetes objects, and $.a.b is a boolean: to print any value, use eval, as in kubecfg --features=eval eval FILE\n"},
		// eval fails on a file whose value is no object, so no eval here.
		{"top.jsonnet", "error reading top.jsonnet: Looking for kubernetes object at \"$\", but instead found float64\n" +
			"hint: show prints Kubernetes objects, and the file's value is a number, not an object or an array of objects\n"},
	} {
		_, err := c.Show(ShowOptions{Inputs: []string{tc.input}, Format: "yaml"})
		if got := ErrorText(err); got != tc.text {
			t.Errorf("%s:\n%s\nwant\n%s", tc.input, got, tc.text)
		}
	}
}
