//go:build !js

package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/kubecfg/kubecfg/pkg/share"
)

// DBFile is the name of the snippet database inside the data directory.
const DBFile = "snippets.db"

// shutdownGrace is how long Serve waits for requests in flight on
// cancellation.
const shutdownGrace = 5 * time.Second

// Serve runs the site on addr until ctx is cancelled: it opens (creating)
// the bbolt snippet store dataDir/snippets.db, serves static and the share
// API, prints "kubecfg playground: serving http://HOST:PORT/" to logw once
// it listens, and on cancellation stops accepting, finishes the requests in
// flight (up to five seconds), closes the store and returns nil. opts
// configure the share API (for example share.WithRateLimit).
func Serve(ctx context.Context, addr, dataDir string, static fs.FS, logw io.Writer, opts ...share.Option) error {
	if static == nil {
		return errors.New("serve playground: no static files")
	}
	if logw == nil {
		logw = io.Discard
	}
	// The start-up steps can block (a file system that hangs, a long check
	// of a big store): they end on the first signal (ctx).
	path := filepath.Join(dataDir, DBFile)
	store, err := untilDone(ctx, func() (*share.BoltStore, error) {
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		return share.OpenBolt(path)
	}, func(s *share.BoltStore) { s.Close() })
	if errors.Is(err, errStopped) {
		return fmt.Errorf("serve playground: %w while opening the snippet store %s", err, path)
	} else if err != nil {
		return fmt.Errorf("serve playground: %w", err)
	}
	defer store.Close()

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve playground: %w", err)
	}
	api := share.Handler(store, append([]share.Option{share.WithErrorLog(logw)}, opts...)...)
	srv := &http.Server{
		Handler:           New(static, api, WithSnippets(store)),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(logw, "kubecfg playground: ", 0),
	}
	fmt.Fprintf(logw, "kubecfg playground: serving %s\n", URL(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve playground: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		return fmt.Errorf("serve playground: shut down: %w", err)
	}
	return nil
}

// errStopped is untilDone's error when ctx ended first.
var errStopped = errors.New("stopped")

// untilDone runs fn and returns what it returns, or errStopped as soon as
// ctx is done, whichever comes first; what fn returns after that is
// handed to discard (when its error is nil) on fn's goroutine.
func untilDone[T any](ctx context.Context, fn func() (T, error), discard func(T)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := fn()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		go func() {
			if r := <-done; r.err == nil {
				discard(r.v)
			}
		}()
		var zero T
		return zero, errStopped
	}
}

// URL returns the http URL of a listening address, with "localhost" for
// an unspecified host.
func URL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
