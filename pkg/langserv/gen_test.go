package langserv

import (
	"fmt"
	"os/exec"
	"testing"
)

// generate runs internal/genstd, writing dir/std_gen.go.
func generate(t *testing.T, dir string) error {
	t.Helper()
	if out, err := exec.Command("go", "run", "./internal/genstd", "-o", dir+"/std_gen.go", "-lib", dir+"/library_gen.go").CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}
