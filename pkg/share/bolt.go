//go:build !js

package share

import (
	"bytes"
	"context"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

var snippetsBucket = []byte("snippets")

// batchDelay is bbolt's MaxBatchDelay for the store (bbolt's default is
// 10 ms).
const batchDelay = 2 * time.Millisecond

// BoltStore is a Store in one bbolt database file on local disk. Every
// acknowledged PutIfAbsent has been committed and fsynced, so it survives the
// process being killed; concurrent writes are coalesced into shared
// transactions (bbolt's Batch) to keep the fsync count down.
type BoltStore struct {
	db *bolt.DB
}

// OpenBolt opens (creating if needed) the bbolt database at path. It fails
// after a second rather than waiting forever when another process holds the
// file open.
func OpenBolt(path string) (*BoltStore, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("open snippet store %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(snippetsBucket)
		return err
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open snippet store %s: create bucket: %w", path, err)
	}
	// A write waits this long for others to share its commit and fsync:
	// short enough for a lone writer, long enough to batch a burst.
	db.MaxBatchDelay = batchDelay
	return &BoltStore{db: db}, nil
}

// Close closes the database file.
func (s *BoltStore) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close snippet store %s: %w", s.db.Path(), err)
	}
	return nil
}

// Get returns the body stored under id.
func (s *BoltStore) Get(ctx context.Context, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("get snippet %s: %w", id, err)
	}
	var out []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(snippetsBucket).Get([]byte(id))
		if v == nil {
			return ErrNotFound
		}
		out = bytes.Clone(v) // v is only valid inside the transaction
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("get snippet %s: %w", id, err)
	}
	return out, nil
}

// PutIfAbsent stores body under id unless it is already there. It returns
// only after the transaction that holds the write has been committed.
func (s *BoltStore) PutIfAbsent(ctx context.Context, id string, body []byte) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("put snippet %s: %w", id, err)
	}
	var created bool
	// Batch may run the function more than once (when another function in
	// the same batch fails), so created is set afresh on every run.
	err := s.db.Batch(func(tx *bolt.Tx) error {
		b := tx.Bucket(snippetsBucket)
		if b.Get([]byte(id)) != nil {
			created = false
			return nil
		}
		created = true
		return b.Put([]byte(id), bytes.Clone(body))
	})
	if err != nil {
		return false, fmt.Errorf("put snippet %s: %w", id, err)
	}
	return created, nil
}
