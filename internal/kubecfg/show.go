package kubecfg

import (
	"strconv"

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
// Kubernetes objects, drops identical duplicates and prints the objects:
// Invocation.Run's show on a new session, its output and error.
func (c *Config) Show(opts ShowOptions) (string, error) {
	s, err := c.NewSession()
	if err != nil {
		return "", err
	}
	inv := Invocation{Command: "show", Inputs: opts.Inputs, Exec: opts.Exec, OverlayCode: opts.Overlay.Code, OverlayCodeFile: opts.Overlay.File, Output: opts.Format}
	res := inv.Run(s)
	return res.Output, res.Err
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
	objs, _, err := s.ReadSources(opts)
	return objs, err
}

// Source is where show found an object: the input as given (a data: URL
// for --exec code and overlays, as kubecfg names them) and the walk's path
// to the object; both "" for an object of a .json or .yaml input, which
// kubecfg does not annotate. They are --show-provenance's annotations.
type Source struct {
	File string `json:"file,omitempty"`
	Path string `json:"path,omitempty"`
	// Decoded is the .json or .yaml input the object was decoded from, as
	// given ("" for the others): the input validate names for it.
	Decoded string `json:"-"`
}

// ReadSources is ReadObjects, with each object's Source.
func (s *Session) ReadSources(opts ReadOptions) ([]Object, []Source, error) {
	c, ov := s.cfg, opts.Overlay
	if !ov.empty() {
		if err := c.Gates.Require(features.Overlay); err != nil {
			return nil, nil, err
		}
	}
	var objs []Object
	var srcs []Source
	add := func(o []Object, src []Source, err error) error {
		objs, srcs = append(objs, o...), append(srcs, src...)
		return err
	}
	for _, in := range opts.Inputs {
		if err := add(s.readInput(in, ov)); err != nil {
			return nil, nil, err
		}
	}
	if opts.Exec != "" {
		if err := add(s.readExec(opts.Exec, ov)); err != nil {
			return nil, nil, err
		}
	}
	if opts.Provenance {
		for i, o := range objs {
			if srcs[i].File != "" {
				annotate(o, AnnotationProvenanceFile, srcs[i].File)
				annotate(o, AnnotationProvenancePath, srcs[i].Path)
			}
		}
	}
	return dedupe(objs, srcs)
}

// maxReads is how many reads of show's inputs a reusing session keeps.
const maxReads = 4

// read is one read of show's inputs: the objects and their sources, or
// the error.
type read struct {
	objs []Object
	srcs []Source
	err  error
}

// readKey identifies what ReadSources reads, within a session.
//
// It is fmt.Sprintf("%q %q %q %q %t", ...) of them, written without fmt's
// reflection (the first run's path, issue 33).
func readKey(opts ReadOptions) string {
	b := []byte{'['}
	for i, in := range opts.Inputs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendQuote(b, in)
	}
	b = append(b, "] "...)
	for _, s := range []string{opts.Exec, opts.Overlay.Code, opts.Overlay.File} {
		b = append(strconv.AppendQuote(b, s), ' ')
	}
	return string(strconv.AppendBool(b, opts.Provenance))
}

// readCached is ReadSources, answered from an earlier read of the same
// options when the session reuses (Reuse): reused says so. A read's
// objects are never nil when it succeeded. What was read is dropped when
// the session moves to another version of its workspace (setFS).
func (s *Session) readCached(opts ReadOptions) (objs []Object, srcs []Source, reused bool, err error) {
	if !s.Reuse {
		objs, srcs, err = s.ReadSources(opts)
		if objs == nil && err == nil {
			objs = []Object{}
		}
		return objs, srcs, false, err
	}
	key := readKey(opts)
	if r, ok := s.reads[key]; ok {
		return r.objs, r.srcs, true, r.err
	}
	objs, srcs, err = s.ReadSources(opts)
	if objs == nil && err == nil {
		objs = []Object{}
	}
	if s.reads == nil || len(s.reads) >= maxReads {
		s.reads = map[string]read{}
	}
	s.reads[key] = read{objs, srcs, err}
	return objs, srcs, false, err
}
