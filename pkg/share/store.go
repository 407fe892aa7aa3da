package share

import (
	"context"
	"errors"
)

// ErrNotFound is returned by Store.Get for an ID that is not stored.
var ErrNotFound = errors.New("snippet not found")

// Store keeps snippets by ID. A stored snippet never changes: PutIfAbsent
// leaves an existing value alone, unless it fails its hash (Verify: the
// stored bytes were damaged), which it replaces with the good bytes, so a
// re-POST heals the snippet. Implementations are safe for concurrent use.
type Store interface {
	// Get returns the body stored under id, or an error wrapping
	// ErrNotFound.
	Get(ctx context.Context, id string) ([]byte, error)
	// PutIfAbsent stores body under id unless id is already stored with
	// bytes that hash to it, and reports whether it stored it. An acknowledged write (nil error) is
	// durable to the degree the store promises.
	PutIfAbsent(ctx context.Context, id string, body []byte) (created bool, err error)
}

// ErrDamaged is wrapped by the errors of a store whose data is damaged: a
// database file that cannot be read as one, a body that no longer hashes
// to its ID.
var ErrDamaged = errors.New("damaged")
