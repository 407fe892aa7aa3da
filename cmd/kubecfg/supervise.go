package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/kubecfg/kubecfg/internal/fatal"
)

// supervisedEnv marks the child process that does the work.
const supervisedEnv = "KUBECFG_SUPERVISED"

// supervise runs kubecfg in a child process so that a fatal Go runtime
// error (which no recover() can catch) still ends with one clear sentence
// and exit status 1. The child keeps Go's own stack limit (1 GB on 64-bit
// systems), the one kubecfg runs under: go-jsonnet recurses deeply in real
// programs (std.format of a 50 KB template needs about 300 MB), so a
// smaller cap would stop programs that kubecfg evaluates. A runaway that
// Jsonnet's own depth limit does not count ({a: $} == {a: $}) still ends
// in the stack-overflow sentence, after about 9 s. Standard input and output pass straight through;
// standard error passes through line by line until the runtime's fatal
// report starts, which is replaced by its sentence (internal/fatal).
func supervise(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if os.Getenv(supervisedEnv) != "" {
		return run(args, stdout, stderr)
	}
	exe, err := exec.LookPath(os.Args[0])
	if err != nil {
		if exe, err = os.Executable(); err != nil {
			return run(args, stdout, stderr)
		}
	}
	cmd := exec.Command(exe, args...)
	cmd.Args[0] = os.Args[0]
	cmd.Env = append(os.Environ(), supervisedEnv+"=1")
	cmd.Stdin, cmd.Stdout = stdin, stdout
	dieWithParent(cmd)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return run(args, stdout, stderr)
	}
	if err := cmd.Start(); err != nil {
		return run(args, stdout, stderr)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	sentence := filterStderr(pipe, stderr)
	err = cmd.Wait()
	signal.Stop(sigs)
	close(sigs)
	if sentence != "" {
		fmt.Fprintln(stderr, sentence)
		return 1
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ee.ExitCode() < 0 {
			fmt.Fprintf(stderr, "kubecfg was stopped: %v\n", ee)
			return 1
		}
		return ee.ExitCode()
	}
	if err != nil {
		fmt.Fprintf(stderr, "kubecfg: %v\n", err)
		return 1
	}
	return 0
}

// filterStderr copies r to w line by line until a line starts one of the
// Go runtime's fatal reports, and returns that report's replacement ("" if
// none came).
func filterStderr(r io.Reader, w io.Writer) string {
	br := bufio.NewReader(r)
	sentence := ""
	for {
		line, err := br.ReadString('\n')
		if sentence == "" {
			sentence, _ = fatal.Message(line)
		}
		if sentence == "" && line != "" {
			io.WriteString(w, line)
		}
		if err != nil {
			return sentence
		}
	}
}
