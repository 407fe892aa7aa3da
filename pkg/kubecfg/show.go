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

// Show evaluates the inputs (in order, then --exec), walks them for
// Kubernetes objects, drops identical duplicates and prints the objects.
func (c *Config) Show(opts ShowOptions) (string, error) {
	objs, err := c.ReadObjects(opts.Inputs, opts.Exec, opts.Overlay)
	if err != nil {
		return "", err
	}
	return FormatObjects(objs, opts.Format)
}

// ReadObjects evaluates inputs and exec code and returns the Kubernetes
// objects they hold, duplicates checked.
func (c *Config) ReadObjects(inputs []string, exec string, ov Overlay) ([]Object, error) {
	s, err := c.NewSession()
	if err != nil {
		return nil, err
	}
	return s.ReadObjects(inputs, exec, ov)
}

// ReadObjects is Config.ReadObjects on the session's VM.
func (s *Session) ReadObjects(inputs []string, exec string, ov Overlay) ([]Object, error) {
	c := s.cfg
	if !ov.empty() {
		if err := c.Gates.Require(features.Overlay); err != nil {
			return nil, err
		}
	}
	var objs []Object
	for _, in := range inputs {
		found, err := s.readInput(in, ov)
		if err != nil {
			return nil, err
		}
		objs = append(objs, found...)
	}
	if exec != "" {
		found, err := s.readExec(exec)
		if err != nil {
			return nil, err
		}
		objs = append(objs, found...)
	}
	return dedupe(objs)
}
