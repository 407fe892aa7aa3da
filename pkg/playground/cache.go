package playground

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"io"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/jsonlite"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// maxResponses is how many distinct requests' responses are kept.
const maxResponses = 32

// cache holds what a Runner reuses: one VM session per workspace version
// (which keeps the objects show found in it, kubecfg.Session.Reuse), and
// the responses of recent requests.
type cache struct {
	wsKey  string
	cfgKey string
	sess   *kubecfg.Session

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
// Either way what show read in the old version is dropped
// (kubecfg.Session.Rebase drops it).
func (c *cache) session(key, cfgKey string, fsys importer.FS, ws *workspace, root string, make func() (*kubecfg.Session, error)) (*kubecfg.Session, error) {
	if c.sess != nil && c.wsKey == key {
		return c.sess, nil
	}
	if c.sess != nil && c.cfgKey == cfgKey && c.sess.Rebase(fsys, ws.changedSince(root, c.gen)) {
		c.rebases++
		c.wsKey, c.gen = key, ws.gen
		return c.sess, nil
	}
	s, err := make()
	if err != nil {
		return nil, err
	}
	c.sessions++
	c.wsKey, c.cfgKey, c.gen, c.sess = key, cfgKey, ws.gen, s
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

// hashJSON is the SHA-256 of the JSON array of items, each already in
// its JSON form (jsonlite: no encoding/json on the first run's path, and
// the bytes json.Marshal writes for the same list).
func hashJSON(items ...[]byte) string {
	b := []byte{'['}
	for i, item := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, item...)
	}
	sum := sha256.Sum256(append(b, ']'))
	return hex.EncodeToString(sum[:])
}

// jsonStr is s in its JSON form.
func jsonStr(s string) []byte { return jsonlite.AppendString(nil, s) }

// keys identify, by hashes, what the caches depend on. The files are
// hashed once (fileHashes); the rest of the request is hashed as the JSON
// it is (the invocation's own form, kubecfg.Invocation), so that a new
// flag is in the keys without a line here.
type keys struct {
	files string
	// request identifies a request entirely.
	request string
}

// keysFor computes req's keys, for the files whose key is files (the
// workspace's filesKey: req's own files are not read).
func keysFor(req Request, files string) keys {
	k := keys{files: files}
	rest := req
	rest.Files = nil
	k.request = hashJSON(jsonStr(k.files), AppendRequest(nil, &rest))
	return k
}

// vmKeys are what a VM depends on besides its files' contents: the
// configuration's key (kubecfg.Config.VMKey: the directory, search paths,
// variables and gates) and the links. workspace adds the files' contents;
// config adds their names instead (an added file could change what an
// import finds), for a session that moves to a new version of its
// workspace (Session.Rebase).
func vmKeys(ws *workspace, k keys, cfg *kubecfg.Config) (workspace, config string) {
	settings := jsonStr(hashJSON(jsonStr(cfg.VMKey()), jsonlite.AppendStringMap(nil, ws.links)))
	return hashJSON(jsonStr(k.files), settings), hashJSON(jsonlite.AppendStrings(nil, ws.names()), settings)
}

// hasher feeds the files' names and sums into SHA-256 (workspace.filesKey),
// each item with its length first, so different inputs never feed the
// same bytes. The rest of a request, small, is hashed as its JSON
// (keysFor): one encoding of the one struct instead of a list of fields.
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

func (h *hasher) sum() string { return hex.EncodeToString(h.h.Sum(nil)) }
