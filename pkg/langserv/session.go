package langserv

import (
	"errors"
	"fmt"
	"maps"
	"sync"
)

// Update is a change of a Session's workspace from revision Base to
// revision Rev: the same message the evaluation engine's sessions take
// (pkg/playground.Update), so the page sends both one update stream.
type Update struct {
	// Rev is the revision once updated; it must be positive.
	Rev int `json:"rev"`
	// Base is the revision the change applies to; a session at another
	// one takes nothing in and is stale until an update with Full.
	Base int `json:"base,omitempty"`
	// Full says Files is the whole workspace.
	Full bool `json:"full,omitempty"`
	// Files are the paths that changed: the new text, or null when the
	// path was removed.
	Files map[string]*string `json:"files"`
	// Links replace the workspace's links when given (and with Full).
	Links map[string]string `json:"links,omitempty"`
}

// StaleError answers an update or a question against a revision the
// session does not hold (Have 0: none); the caller sends the whole
// workspace again.
type StaleError struct {
	Have, Want int
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("langserv: the session is at revision %d, not %d: send its whole workspace", e.Have, e.Want)
}

// Session is one workspace the page keeps in the language service: its
// files by revision and their parses, each kept until its path changes.
// It is safe for concurrent use.
type Session struct {
	mu     sync.Mutex
	rev    int
	files  map[string]string
	links  map[string]string
	parsed map[string]*file
	good   goodFiles
	// parses counts the files parsed (for tests).
	parses int
}

// Update applies u. A *StaleError says the session is not at u.Base: it
// took nothing in.
func (s *Session) Update(u Update) error {
	if u.Rev <= 0 {
		return errors.New("langserv: an update's revision must be positive")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !u.Full && (s.rev == 0 || s.rev != u.Base) {
		have := s.rev
		s.rev = 0
		return &StaleError{Have: have, Want: u.Base}
	}
	if s.files == nil || u.Full {
		old := s.files
		s.files, s.links = map[string]string{}, nil
		if s.parsed == nil {
			s.parsed = map[string]*file{}
		}
		for p := range old {
			if t, ok := u.Files[p]; !ok || t == nil || *t != old[p] {
				delete(s.parsed, p)
			}
		}
	}
	if u.Full || u.Links != nil {
		s.links = maps.Clone(u.Links)
	}
	for p, t := range u.Files {
		if t == nil {
			delete(s.files, p)
			delete(s.parsed, p)
			continue
		}
		if old, ok := s.files[p]; !ok || old != *t {
			delete(s.parsed, p)
		}
		s.files[p] = *t
	}
	s.rev = u.Rev
	return nil
}

// Serve answers req against the session's workspace at revision rev:
// req's own Files and Links are not read. A *StaleError says the session
// is not at rev.
func (s *Session) Serve(rev int, req Request) (Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rev == 0 || s.rev != rev {
		return Response{}, &StaleError{Have: s.rev, Want: rev}
	}
	req.Files, req.Links = s.files, s.links
	before := len(s.parsed)
	resp := serve(req, s.parsed, &s.good)
	if n := len(s.parsed) - before; n > 0 {
		s.parses += n
	}
	return resp, nil
}
