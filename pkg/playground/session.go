package playground

import (
	"errors"
	"fmt"
)

// session is one workspace and what is cached for it: its files by
// revision, and the VM, objects and responses of its runs. A Runner has a
// session for its stateless Run and one per id of the session protocol.
type session struct {
	ws    workspace
	cache cache
}

// Update is the session protocol's update message: a change of a
// session's workspace from revision Base to revision Rev.
type Update struct {
	// Rev is the revision the workspace is at once updated; it must be
	// positive. Run names it.
	Rev int `json:"rev"`
	// Base is the revision the change applies to. A session at another
	// revision (a fresh engine's session is at none) takes nothing in and
	// is stale until it gets an update with Full.
	Base int `json:"base,omitempty"`
	// Full says Files is the whole workspace: a path not in it is
	// removed, and Base does not matter.
	Full bool `json:"full,omitempty"`
	// Files are the paths that changed, each with its new text, or null
	// when it was removed.
	Files map[string]*string `json:"files"`
	// Links replace the workspace's symbolic links (Request.Links) when
	// given; an update that is not Full and has none keeps them.
	Links map[string]string `json:"links,omitempty"`
	// Bytes are further new texts as bytes the session takes over
	// (nothing else may change them): the wasm shim's, copied once out
	// of the page's strings. Never JSON.
	Bytes map[string][]byte `json:"-"`
}

// StaleError is the answer to an update or a run against a revision the
// session does not hold (Have 0: none, as in a fresh engine). The caller
// recovers by sending the whole workspace (Update.Full) again.
type StaleError struct {
	Session    string
	Have, Want int
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("session %q is at revision %d, not %d: send its whole workspace", e.Session, e.Have, e.Want)
}

// errNoRev is an update that names no revision.
var errNoRev = errors.New("an update's revision must be positive")

// named returns the session of id, made on first use.
func (r *Runner) named(id string) *session {
	if r.sessions == nil {
		r.sessions = map[string]*session{}
	}
	s, ok := r.sessions[id]
	if !ok {
		s = &session{}
		r.sessions[id] = s
	}
	return s
}

// Update applies u to session id's workspace, making the session if it
// is new. A *StaleError says the session is not at u.Base: it took
// nothing in and wants the whole workspace.
func (r *Runner) Update(id string, u Update) error {
	if u.Rev <= 0 {
		return fmt.Errorf("session %q: %w", id, errNoRev)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.named(id)
	ws := &s.ws
	if !u.Full && (ws.rev == 0 || ws.rev != u.Base) {
		have := ws.rev
		ws.rev = 0
		return &StaleError{Session: id, Have: have, Want: u.Base}
	}
	if u.Full {
		for name := range ws.files {
			_, inFiles := u.Files[name]
			_, inBytes := u.Bytes[name]
			if !inFiles && !inBytes {
				ws.remove(name)
			}
		}
		ws.setLinks(u.Links)
	} else if u.Links != nil {
		ws.setLinks(u.Links)
	}
	for name, text := range u.Files {
		if text == nil {
			ws.remove(name)
		} else {
			ws.setString(name, *text)
		}
	}
	for name, text := range u.Bytes {
		ws.setBytes(name, text)
	}
	ws.rev = u.Rev
	return nil
}

// RunSession evaluates req against session id's workspace at revision
// rev: req's own Files and Links are not read (the workspace's are its
// files and links). Its answer is the same bytes as Run's of a request
// with the workspace's files and links. A *StaleError says the session is
// not at rev; nothing ran.
func (r *Runner) RunSession(id string, rev int, req Request) (Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.sessions[id]
	if s == nil || s.ws.rev == 0 || s.ws.rev != rev {
		have := 0
		if s != nil {
			have = s.ws.rev
		}
		return Response{}, &StaleError{Session: id, Have: have, Want: rev}
	}
	return r.run(s, req), nil
}

// Dispose forgets session id: its workspace, VM and cached answers.
func (r *Runner) Dispose(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.sessions, id)
}
