//go:build js

package share

import (
	"context"
	"fmt"

	"github.com/syumai/workers/cloudflare/kv"
)

// kvNull is what syumai/workers' GetString returns for a missing key: the
// JavaScript null converted with js.Value.String. No stored snippet can be
// this string, because every stored body is a JSON object and starts with
// "{".
const kvNull = "<null>"

// KVStore is a Store in a Cloudflare Workers KV namespace.
//
// KV has no atomic insert-if-absent: PutIfAbsent reads, then writes when the
// key is missing. Two requests racing on the same ID may both write and both
// report created, but IDs are content addresses, so both write the same
// bytes and the stored snippet still never changes; a write that KV refuses
// because the other one just landed counts as "already stored". KV is eventually
// consistent across locations; a read soon after a write elsewhere may miss.
type KVStore struct {
	ns *kv.Namespace
}

// NewKV returns a KVStore for the KV namespace bound to the worker under
// binding (a kv_namespaces binding in wrangler.toml).
func NewKV(binding string) (*KVStore, error) {
	ns, err := kv.NewNamespace(binding)
	if err != nil {
		return nil, fmt.Errorf("open KV namespace %s: %w", binding, err)
	}
	return &KVStore{ns: ns}, nil
}

// Get returns the body stored under id.
func (s *KVStore) Get(ctx context.Context, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("get snippet %s: %w", id, err)
	}
	v, err := s.ns.GetString(id, nil)
	if err != nil {
		return nil, fmt.Errorf("get snippet %s: %w", id, err)
	}
	if v == kvNull {
		return nil, fmt.Errorf("get snippet %s: %w", id, ErrNotFound)
	}
	return []byte(v), nil
}

// PutIfAbsent stores body under id unless it is already there with bytes
// that hash to id (damaged bytes are replaced; see the type's comment on
// races).
func (s *KVStore) PutIfAbsent(ctx context.Context, id string, body []byte) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("put snippet %s: %w", id, err)
	}
	v, err := s.ns.GetString(id, nil)
	if err != nil {
		return false, fmt.Errorf("put snippet %s: %w", id, err)
	}
	// A stored body that fails its hash (damaged) is written again.
	if v != kvNull && Verify(id, []byte(v)) == nil {
		return false, nil
	}
	if err := s.ns.PutString(id, string(body), nil); err != nil {
		// KV refuses a second write to one key within a second, which is
		// what a racing request that wrote first causes. If the key is now
		// there with bytes that hash to it, they are these very bytes
		// (the key is their address).
		if v, gerr := s.ns.GetString(id, nil); gerr == nil && v != kvNull && Verify(id, []byte(v)) == nil {
			return false, nil
		}
		return false, fmt.Errorf("put snippet %s: %w", id, err)
	}
	return true, nil
}
