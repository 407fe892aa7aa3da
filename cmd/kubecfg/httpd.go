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
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/hook"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// hookEvalEnv names the hook file a worker process evaluates one request
// of: the server runs itself again, with the same command line, once per
// request.
const hookEvalEnv = "KUBECFG_HOOK_EVAL"

func newHttpdCmd(g *globals) *cobra.Command {
	var (
		addr    string
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "httpd FILE.jsonnet...",
		Short: "Serve Jsonnet files as webhooks at /NAME (alpha: --features=httpd)",
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := g.config(args)
			if err != nil {
				return err
			}
			if err := cfg.Gates.Require(features.Httpd); err != nil {
				return err
			}
			if file := os.Getenv(hookEvalEnv); file != "" {
				// A worker: one request's JSON on standard input.
				body, err := io.ReadAll(os.Stdin)
				if err != nil {
					return err
				}
				out, err := cfg.EvaluateHook(file, string(body))
				if err != nil {
					return err
				}
				_, err = io.WriteString(g.stdout, out)
				return err
			}
			opts := hook.Options{Timeout: timeout}
			h, err := hook.Handler(args, workerEvaluator(), opts)
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			fmt.Fprintf(g.stderr, "listening on %s\n", ln.Addr())
			return hook.Server(h, opts).Serve(ln)
		},
	}
	cmd.Flags().StringVarP(&addr, "listen-addr", "l", ":8080", "Address to listen on")
	cmd.Flags().DurationVar(&timeout, "eval-timeout", hook.DefaultTimeout, "Longest one hook evaluation may take; past it the evaluation is stopped and the request answered 504")
	return cmd
}

// workerEvaluator evaluates each request in a process of its own (this
// program with the server's command line and hookEvalEnv set), so that a
// hook that dies of a fatal Go error (a stack overflow, running out of
// memory) or runs away costs that request only: the process is killed
// when the request's time is up. At most four per CPU run at once.
func workerEvaluator() hook.Evaluator {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	wd, _ := os.Getwd()
	slots := make(chan struct{}, 4*runtime.NumCPU())
	return func(ctx context.Context, file string, request []byte) (string, error) {
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		case <-ctx.Done():
			return "", hook.ErrTimeout
		}
		cmd := exec.CommandContext(ctx, exe, os.Args[1:]...)
		cmd.Env = append(os.Environ(), supervisedEnv+"=1", hookEvalEnv+"="+file)
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
