package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

func defaultDataDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "kubecfg-playground")
	}
	return ".kubecfg-playground"
}

func servePlayground(ctx context.Context, g *globals, addr, dataDir, staticDir string) error {
	return fmt.Errorf("kubecfg playground: the site package is not wired in yet")
}
