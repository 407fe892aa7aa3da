package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the child end when the supervising parent does, so
// that killing kubecfg (even with SIGKILL) ends the work and frees what it
// holds, such as the playground's database.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
