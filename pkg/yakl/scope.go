package yakl

// frame is one lexical scope of the compiled code.
type frame struct {
	id     int // unique in the file; 0 stands for "no frame"
	names  map[string]bool
	object bool // a YAML mapping: self and super refer to it
}

// outerRead is a name (or self) that code inside an anchored node reads
// from a scope around the node: the frame it resolved to, or 0.
type outerRead struct {
	name string // "" for self, super and $
	id   int
}

// collector gathers the outer reads of an anchored node being compiled.
type collector struct {
	depth int // len(frames) where the node sits
	reads []outerRead
}

// scopes are the lexical scopes around the code being written: the file's
// locals at the bottom, then a frame per mapping (its local keys) and per
// local function (its parameters). They also collect, for each anchored
// node being compiled, what its code reads from outside it, so that a copy
// of the node (an alias) can be checked to see the same names.
type scopes struct {
	frames     []frame
	ids        int
	collectors []*collector
}

// reset starts a file: one frame of its locals.
func (s *scopes) reset(fileLocals map[string]bool) {
	s.frames = nil
	s.push(fileLocals, false)
}

// push opens a scope.
func (s *scopes) push(names map[string]bool, object bool) {
	s.ids++
	s.frames = append(s.frames, frame{id: s.ids, names: names, object: object})
}

func (s *scopes) pop() { s.frames = s.frames[:len(s.frames)-1] }

// outside runs f with the innermost scope closed: a computed field name
// is evaluated outside the object it names a field of.
func (s *scopes) outside(f func() error) error {
	top := s.frames[len(s.frames)-1]
	s.pop()
	defer func() { s.frames = append(s.frames, top) }()
	return f()
}

// fileLocal reports whether name is one of the file's locals.
func (s *scopes) fileLocal(name string) bool { return s.frames[0].names[name] }

// resolve finds the scope that a name read here comes from: the index and
// id of the nearest local-key or parameter frame, or -1 and 0 for the file
// level (file locals, anchors, predefined names).
func (s *scopes) resolve(name string) (int, int) {
	for i := len(s.frames) - 1; i >= 1; i-- {
		if s.frames[i].names[name] {
			return i, s.frames[i].id
		}
	}
	return -1, 0
}

// selfFrame is the innermost mapping's frame (index and id), or -1 and 0.
func (s *scopes) selfFrame() (int, int) {
	for i := len(s.frames) - 1; i >= 1; i-- {
		if s.frames[i].object {
			return i, s.frames[i].id
		}
	}
	return -1, 0
}

// read records a read of name (or of self, for "") here, for every
// anchored node it reaches out of, and returns the index of the frame it
// resolved to (-1: the file level).
func (s *scopes) read(name string) int {
	idx, id := s.resolve(name)
	if name == "" {
		idx, id = s.selfFrame()
	}
	for _, col := range s.collectors {
		if idx < col.depth {
			col.reads = append(col.reads, outerRead{name: name, id: id})
		}
	}
	return idx
}

// collect starts collecting the outer reads of a node compiled at the
// current depth; the returned function ends it and returns the reads.
func (s *scopes) collect() func() []outerRead {
	col := &collector{depth: len(s.frames)}
	s.collectors = append(s.collectors, col)
	return func() []outerRead {
		s.collectors = s.collectors[:len(s.collectors)-1]
		return col.reads
	}
}

// sees reports whether reads, recorded where a node was compiled, resolve
// to the same frames here; if not, it returns the first that does not
// ("" for self).
func (s *scopes) sees(reads []outerRead) (string, bool) {
	for _, r := range reads {
		id := 0
		if r.name == "" {
			_, id = s.selfFrame()
		} else {
			_, id = s.resolve(r.name)
		}
		if id != r.id {
			return r.name, false
		}
	}
	return "", true
}
