package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/kubecfg/kubecfg/internal/site"
	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/static"
)

func defaultDataDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "kubecfg-playground")
	}
	return ".kubecfg-playground"
}

// servePlayground serves the site (the built-in copy, or staticDir) and the
// share API until interrupted.
func servePlayground(ctx context.Context, g *globals, addr, dataDir, staticDir string, opts ...share.Option) error {
	var root fs.FS = static.FS()
	if staticDir != "" {
		root = os.DirFS(staticDir)
	}
	if !static.Built(root) {
		if staticDir != "" {
			return fmt.Errorf("kubecfg playground: %s has no index.html; build the site with make", staticDir)
		}
		return fmt.Errorf("kubecfg playground: this kubecfg was built without the playground site; build it with make, or pass --static-dir")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	return site.Serve(ctx, addr, dataDir, root, g.stderr, opts...)
}
