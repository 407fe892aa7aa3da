package playground

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash"
	"io"
	"maps"
	"slices"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// maxResponses is how many distinct requests' responses are kept.
const maxResponses = 32

// cache holds what a Runner reuses: one VM session per workspace version,
// the objects show found in it, and the responses of recent requests.
type cache struct {
	wsKey  string
	cfgKey string
	sess   *kubecfg.Session
	// objs are what show read in this workspace version, by objects key:
	// a few, as the page asks for the objects with provenance (a trace)
	// between runs of the plain ones.
	objs map[string]objects

	// gen is the workspace generation the session's VM reads.
	gen uint64

	responses map[string]Response
	order     []string

	// sessions, rebases and reads count VMs made, sessions moved to a new
	// workspace version and show inputs read (for tests).
	sessions, rebases, reads int
}

// session returns the VM session for a workspace version, generation gen
// of ws. When the version changed but only in files the VM never imported
// (the entry file, as you type into it: the workspace knows which paths
// changed since the VM's generation) and cfgKey (everything else the VM
// depends on) did not, the session moves to fsys and keeps its VM: the
// libraries stay parsed and evaluated. Otherwise it makes a new one.
// Either way what was cached for the old version's objects is dropped.
func (c *cache) session(key, cfgKey string, fsys importer.FS, ws *workspace, root string, make func() (*kubecfg.Session, error)) (*kubecfg.Session, error) {
	if c.sess != nil && c.wsKey == key {
		return c.sess, nil
	}
	if c.sess != nil && c.cfgKey == cfgKey && c.sess.Rebase(fsys, ws.changedSince(root, c.gen)) {
		c.rebases++
		c.wsKey, c.gen, c.objs = key, ws.gen, nil
		return c.sess, nil
	}
	s, err := make()
	if err != nil {
		return nil, err
	}
	c.sessions++
	c.wsKey, c.cfgKey, c.gen, c.sess, c.objs = key, cfgKey, ws.gen, s, nil
	return s, nil
}

// forget drops the session and the objects read with it, and the cached
// responses unless keepResponses; the counters stay.
func (c *cache) forget(keepResponses bool) {
	kept := cache{sessions: c.sessions, rebases: c.rebases, reads: c.reads}
	if keepResponses {
		kept.responses, kept.order = c.responses, c.order
	}
	*c = kept
}

// objects are one read of show's inputs: the objects and their sources,
// or the error.
type objects struct {
	objs []kubecfg.Object
	srcs []kubecfg.Source
	err  error
}

// maxObjects is how many reads of one workspace version are kept.
const maxObjects = 4

// objects returns what show found for the inputs, reading them once per
// workspace version and key.
func (c *cache) objects(key string, read func() ([]kubecfg.Object, []kubecfg.Source, error)) (objects, error) {
	if o, ok := c.objs[key]; ok {
		return o, o.err
	}
	c.reads++
	objs, srcs, err := read()
	if objs == nil && err == nil {
		objs = []kubecfg.Object{}
	}
	if c.objs == nil || len(c.objs) >= maxObjects {
		c.objs = map[string]objects{}
	}
	o := objects{objs, srcs, err}
	c.objs[key] = o
	return o, err
}

func (c *cache) response(key string) (Response, bool) {
	r, ok := c.responses[key]
	return r, ok
}

func (c *cache) storeResponse(key string, r Response) {
	if c.responses == nil {
		c.responses = map[string]Response{}
	}
	if _, ok := c.responses[key]; !ok {
		c.order = append(c.order, key)
	}
	c.responses[key] = r
	for len(c.order) > maxResponses {
		delete(c.responses, c.order[0])
		c.order = c.order[1:]
	}
}

// hashJSON is the SHA-256 of v's JSON encoding (maps encode sorted).
func hashJSON(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// keys identify, by hashes, what the caches depend on. The files are
// hashed once; the other keys hash that hash with a few small fields.
type keys struct {
	files string
	// settings are the features and variables: what a VM depends on
	// besides the files.
	settings string
	// request identifies a request entirely.
	request string
	// workspace identifies what a VM depends on: files, gates and
	// variables.
	workspace string
	// objects identifies what show reads, within a workspace version.
	objects string
}

// keysFor computes req's keys, for the files whose key is files (the
// workspace's filesKey: req's own files are not read).
func keysFor(req Request, files string) keys {
	var k keys
	k.files = files

	h := newHasher()
	h.strs(req.Features)
	h.bool(req.Alpha)
	h.strMap(req.ExtStr)
	h.strMap(req.ExtCode)
	h.strMap(req.TLAStr)
	h.strMap(req.TLACode)
	h.strMap(req.ExtStrFile)
	h.strMap(req.ExtCodeFile)
	h.strMap(req.TLAStrFile)
	h.strMap(req.TLACodeFile)
	h.str(req.Dir)
	h.strs(req.JPath)
	h.strs(req.JPathEnv)
	h.strs(req.JURL)
	h.strMap(req.Links)
	k.settings = h.sum()

	h = newHasher()
	h.str(k.files)
	h.str(k.settings)
	k.workspace = h.sum()

	h = newHasher()
	h.str(k.workspace)
	h.str(req.Entry)
	h.str(req.Exec)
	h.str(req.OverlayCode)
	h.str(req.OverlayCodeFile)
	h.strs(req.Inputs)
	h.bool(req.ShowProvenance)
	k.objects = h.sum()

	h = newHasher()
	h.str(k.objects)
	h.str(req.Version)
	h.str(req.Command)
	h.str(req.Expr)
	h.str(req.Output)
	h.bool(req.ShowKeys)
	h.str(req.ExportDir)
	h.str(req.ExportNames)
	h.str(req.ExportExt)
	h.bool(req.Trace)
	h.int(req.TraceLine)
	h.bool(req.TraceAll)
	k.request = h.sum()
	return k
}

// hasher feeds strings, lists and maps into SHA-256, each item with its
// length first, so different inputs never feed the same bytes. Hashing a
// JSON encoding instead cost the wasm engine about 80 µs a request.
type hasher struct {
	h   hash.Hash
	buf [8]byte
}

func newHasher() *hasher { return &hasher{h: sha256.New()} }

func (h *hasher) int(n int) {
	binary.LittleEndian.PutUint64(h.buf[:], uint64(n))
	h.h.Write(h.buf[:])
}

func (h *hasher) str(s string) {
	h.int(len(s))
	io.WriteString(h.h, s)
}

func (h *hasher) bool(b bool) {
	if b {
		h.int(1)
	} else {
		h.int(0)
	}
}

func (h *hasher) strs(ss []string) {
	h.int(len(ss))
	for _, s := range ss {
		h.str(s)
	}
}

func (h *hasher) strMap(m map[string]string) {
	keys := slices.Sorted(maps.Keys(m))
	h.int(len(keys))
	for _, k := range keys {
		h.str(k)
		h.str(m[k])
	}
}

func (h *hasher) sum() string { return hex.EncodeToString(h.h.Sum(nil)) }

// configKey identifies what a VM depends on besides the files' contents:
// their names (an added file could change what an import finds), the
// resolved gates (an rc file sets them) and the variables.
func configKey(names []string, k keys, gates []features.Row) string {
	return hashJSON([]any{names, gates, k.settings})
}
