package kubecfg

import (
	"github.com/kubecfg/kubecfg/pkg/features"
)

// ShowOptions are the arguments and flags of show.
type ShowOptions struct {
	Inputs  []string
	Exec    string // --exec / -e
	Overlay Overlay
	Format  string // "yaml" or "json"
}

// ReadOptions are what show reads: the inputs in order, then --exec code,
// each merged with the overlay; Provenance annotates every object read
// from an evaluation with where it was found (--show-provenance).
type ReadOptions struct {
	Inputs     []string
	Exec       string
	Overlay    Overlay
	Provenance bool
}

// Show evaluates the inputs (in order, then --exec), walks them for
// Kubernetes objects, drops identical duplicates and prints the objects.
func (c *Config) Show(opts ShowOptions) (string, error) {
	objs, err := c.ReadObjects(ReadOptions{Inputs: opts.Inputs, Exec: opts.Exec, Overlay: opts.Overlay})
	if err != nil {
		return "", err
	}
	return FormatObjects(objs, opts.Format)
}

// ReadObjects evaluates inputs and exec code and returns the Kubernetes
// objects they hold, duplicates checked.
func (c *Config) ReadObjects(opts ReadOptions) ([]Object, error) {
	s, err := c.NewSession()
	if err != nil {
		return nil, err
	}
	return s.ReadObjects(opts)
}

// ReadObjects is Config.ReadObjects on the session's VM.
func (s *Session) ReadObjects(opts ReadOptions) ([]Object, error) {
	c, ov := s.cfg, opts.Overlay
	if !ov.empty() {
		if err := c.Gates.Require(features.Overlay); err != nil {
			return nil, err
		}
	}
	var objs []Object
	for _, in := range opts.Inputs {
		found, err := s.readInput(in, ov, opts.Provenance)
		if err != nil {
			return nil, err
		}
		objs = append(objs, found...)
	}
	if opts.Exec != "" {
		found, err := s.readExec(opts.Exec, ov, opts.Provenance)
		if err != nil {
			return nil, err
		}
		objs = append(objs, found...)
	}
	return dedupe(objs)
}
