//go:build !unix && !js

package site_test

import "errors"

func mkfifo(string) error { return errors.New("no named pipes") }
