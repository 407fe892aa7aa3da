package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/hook"
	"github.com/kubecfg/kubecfg/internal/memlimit"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// hookEvalEnv names the hook file a worker process evaluates one request
// of: the server runs itself again, with the same command line, once per
// request.
const hookEvalEnv = "KUBECFG_HOOK_EVAL"

// hookMemoryEnv is a worker's memory cap in bytes (--eval-memory-mib).
const hookMemoryEnv = "KUBECFG_HOOK_MEMORY"

// defaultEvalMemoryMiB is --eval-memory-mib's default: a hook that
// transforms an 8 MiB body (hook.MaxBody) needs a few hundred MiB.
const defaultEvalMemoryMiB = 1024

func newHttpdCmd(g *globals) *cobra.Command {
	var (
		addr      string
		timeout   time.Duration
		memoryMiB int
	)
	cmd := &cobra.Command{
		Use:   "httpd FILE.jsonnet...",
		Short: "Serve Jsonnet files as webhooks at /NAME (alpha: --features=httpd)",
		RunE: g.runE(prologue{inputs: true, gate: features.Httpd}, func(c *command) error {
			cfg, args := c.cfg, c.args
			if file := os.Getenv(hookEvalEnv); file != "" {
				// A worker: one request's JSON on standard input.
				capMemory(os.Getenv(hookMemoryEnv))
				body, err := io.ReadAll(os.Stdin)
				if err != nil {
					return err
				}
				request, err := hook.Decode(body)
				if err != nil {
					return err
				}
				body = nil
				out, err := cfg.EvaluateHook(file, request)
				if err != nil {
					return err
				}
				_, err = io.WriteString(g.stdout, out)
				return err
			}
			if memoryMiB < 64 {
				return fmt.Errorf("--eval-memory-mib is %d: a worker needs at least 64", memoryMiB)
			}
			opts := hook.Options{Timeout: timeout}
			h, err := hook.Handler(args, workerEvaluator(uint64(memoryMiB)<<20), opts)
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			fmt.Fprintf(g.stderr, "listening on %s\n", ln.Addr())
			return hook.Server(h, opts).Serve(ln)
		}),
	}
	cmd.Flags().StringVarP(&addr, "listen-addr", "l", ":8080", "Address to listen on")
	cmd.Flags().IntVar(&memoryMiB, "eval-memory-mib", defaultEvalMemoryMiB, "Most memory one hook evaluation may use, in MiB; past it the evaluation is stopped and the request answered 500 (and no more evaluations run at once than the machine's available memory holds)")
	cmd.Flags().DurationVar(&timeout, "eval-timeout", hook.DefaultTimeout, "Longest one hook evaluation may take; past it the evaluation is stopped and the request answered 504")
	return cmd
}

// workerEvaluator evaluates each request in a process of its own (this
// program with the server's command line and hookEvalEnv set), so that a
// hook that dies of a fatal Go error (a stack overflow, running out of
// memory) or runs away costs that request only: the process is killed
// when the request's time is up, or by itself when it uses more than
// memory bytes (capMemory). At most four per CPU run at once, and no more
// than the memory available when the server starts holds.
func workerEvaluator(memory uint64) hook.Evaluator {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	wd, _ := os.Getwd()
	slots := make(chan struct{}, memlimit.Slots(4*runtime.NumCPU(), memory))
	return func(ctx context.Context, file string, request []byte) (string, error) {
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		case <-ctx.Done():
			return "", hook.ErrTimeout
		}
		cmd := exec.CommandContext(ctx, exe, os.Args[1:]...)
		cmd.Env = append(os.Environ(), supervisedEnv+"=1", hookEvalEnv+"="+file, hookMemoryEnv+"="+strconv.FormatUint(memory, 10))
		cmd.Stdin = bytes.NewReader(request)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.WaitDelay = time.Second
		dieWithParent(cmd)
		err := cmd.Run()
		if ctx.Err() != nil {
			return "", hook.ErrTimeout
		}
		if err != nil {
			var text bytes.Buffer
			msg := filterStderr(&stderr, &text)
			if msg == "" {
				msg = strings.TrimSpace(text.String())
			}
			if msg == "" {
				msg = fmt.Sprintf("the hook's evaluation failed: %v", err)
			}
			// Paths under the server's directory, as the files were given.
			msg = strings.ReplaceAll(msg, "file://"+filepath.ToSlash(wd)+"/", "")
			return "", errors.New(msg)
		}
		return stdout.String(), nil
	}
}

// capMemory caps a worker's memory at limit bytes (hookMemoryEnv's value;
// none when it is empty or not a number): past it the worker says so on
// standard error, which the server answers the request with, and exits.
func capMemory(limit string) {
	n, err := strconv.ParseUint(limit, 10, 64)
	if err != nil || n == 0 {
		return
	}
	memlimit.Watch(n, func(used uint64) {
		fmt.Fprintf(os.Stderr, "the evaluation used more than %d MiB of memory and was stopped (the limit is --eval-memory-mib=%d)\n", n>>20, n>>20)
		os.Exit(1)
	})
}
