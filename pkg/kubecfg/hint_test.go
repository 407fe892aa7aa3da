package kubecfg

import (
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
)

func TestHintAddressInUse(t *testing.T) {
	err := fmt.Errorf("serve playground: %w", &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", syscall.EADDRINUSE)})
	if h := Hint(err); !strings.Contains(h, "SERVE_FLAGS='-l 127.0.0.1:9090'") {
		t.Errorf("Hint(%v) = %q", err, h)
	}
}
