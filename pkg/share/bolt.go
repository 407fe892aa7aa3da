//go:build !js

package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
)

var snippetsBucket = []byte("snippets")

// batchDelay is how long a write waits for others to share its
// transaction (bbolt's Batch waits 10 ms by default), and maxBatch how
// many writes one transaction holds at most.
const (
	batchDelay = 2 * time.Millisecond
	maxBatch   = 1000
)

// lockTimeout is how long OpenBolt waits for another process that holds
// the file.
const lockTimeout = time.Second

// BoltStore is a Store in one bbolt database file on local disk. Every
// acknowledged PutIfAbsent has been committed and fsynced, so it survives the
// process being killed; concurrent writes are coalesced into shared
// transactions to keep the fsync count down.
//
// A damaged file is refused at open with one error that names it and says
// what is wrong (checkBoltFile, then bbolt's consistency check). Damage
// that happens while the store is open (the file truncated or overwritten
// under it) makes bbolt panic or fault on its memory map: every read and
// write runs with faults turned into panics and recovers them into an
// error wrapping ErrDamaged, and after the first such error the store
// writes nothing more.
type BoltStore struct {
	db   *bolt.DB
	path string

	damaged atomic.Pointer[error] // the first damage seen while open
	puts    chan putRequest       // to the writer; unbuffered
	quit    chan struct{}         // closed by Close
	done    chan struct{}         // closed when the writer has returned
	closing sync.Once
}

type putRequest struct {
	id     string
	body   []byte
	result chan putResult
}

type putResult struct {
	created bool
	err     error
}

// OpenBolt opens (creating if needed) the bbolt database at path. It fails
// after a second rather than waiting forever when another process holds the
// file open, and with an error wrapping ErrDamaged when the file is not a
// sound bbolt database.
func OpenBolt(path string) (*BoltStore, error) {
	if err := checkBoltPath(path, lockTimeout); err != nil {
		return nil, fmt.Errorf("open snippet store %s: %w%s", path, err, damagedAdvice(err))
	}
	s := &BoltStore{path: path}
	err := s.guard(func() error {
		db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockTimeout})
		if err != nil {
			return err
		}
		s.db = db
		if err := checkTree(db); err != nil {
			return fmt.Errorf("the file is %w: %w", ErrDamaged, err)
		}
		var exists bool
		db.View(func(tx *bolt.Tx) error { exists = tx.Bucket(snippetsBucket) != nil; return nil })
		if exists {
			return nil
		}
		return db.Update(func(tx *bolt.Tx) error {
			if _, err := tx.CreateBucketIfNotExists(snippetsBucket); err != nil {
				return fmt.Errorf("create bucket: %w", err)
			}
			return nil
		})
	})
	if err != nil {
		if s.db != nil {
			s.db.Close()
		}
		return nil, fmt.Errorf("open snippet store %s: %w%s", path, err, damagedAdvice(err))
	}
	s.puts = make(chan putRequest)
	s.quit = make(chan struct{})
	s.done = make(chan struct{})
	go s.writer()
	return s, nil
}

func damagedAdvice(err error) string {
	if errors.Is(err, ErrDamaged) {
		return "; restore a copy of the file, or move it away to start an empty store"
	}
	return ""
}

// checkTree runs bbolt's consistency check (every page reachable once or
// free, keys in order) and returns its first errors.
func checkTree(db *bolt.DB) error {
	return db.View(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() { // read to the end: the check waits on it
			if len(errs) < 3 {
				errs = append(errs, err)
			}
		}
		return errors.Join(errs...)
	})
}

// guard runs fn with memory faults turned into panics (bbolt reads the
// file through a memory map: a page past the end of a truncated file is a
// SIGBUS) and turns a panic into an error wrapping ErrDamaged that names
// the file. bbolt's View and Update roll their transaction back when fn
// panics.
func (s *BoltStore) guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("snippet store %s is %w: %s", s.path, ErrDamaged, describePanic(r))
			first := err
			s.damaged.CompareAndSwap(nil, &first)
		}
	}()
	return fn()
}

// describePanic says what a panic recovered by guard was: a fault on the
// memory map (the runtime's message would speak of a nil pointer), or
// bbolt's own message.
func describePanic(r any) string {
	if f, ok := r.(interface{ Addr() uintptr }); ok {
		return fmt.Sprintf("a read of its memory map faulted at %#x: the file was cut short or changed under the server", f.Addr())
	}
	return fmt.Sprint(r)
}

// Close closes the database file, after the writes in flight.
func (s *BoltStore) Close() error {
	s.closing.Do(func() { close(s.quit) })
	<-s.done
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close snippet store %s: %w", s.path, err)
	}
	return nil
}

// Get returns the body stored under id.
func (s *BoltStore) Get(ctx context.Context, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("get snippet %s: %w", id, err)
	}
	var out []byte
	err := s.guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			v := tx.Bucket(snippetsBucket).Get([]byte(id))
			if v == nil {
				return ErrNotFound
			}
			out = bytes.Clone(v) // v is only valid inside the transaction
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("get snippet %s: %w", id, err)
	}
	return out, nil
}

// PutIfAbsent stores body under id unless it is already there with bytes
// that hash to id (damaged bytes are replaced). It returns only after the
// transaction that holds the write has been committed.
func (s *BoltStore) PutIfAbsent(ctx context.Context, id string, body []byte) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("put snippet %s: %w", id, err)
	}
	if err := s.damaged.Load(); err != nil {
		return false, fmt.Errorf("put snippet %s: refused after an earlier error: %w", id, *err)
	}
	req := putRequest{id: id, body: bytes.Clone(body), result: make(chan putResult, 1)}
	select {
	case s.puts <- req:
	case <-s.quit:
		return false, fmt.Errorf("put snippet %s: snippet store %s is closed", id, s.path)
	}
	r := <-req.result
	if r.err != nil {
		return false, fmt.Errorf("put snippet %s: %w", id, r.err)
	}
	return r.created, nil
}

// writer commits the puts: the first one waits batchDelay for others to
// join its transaction, so a burst shares one commit and one fsync. It
// runs on its own goroutine, where guard can recover what bbolt's commit
// does on a damaged file (bbolt's Batch commits on goroutines of its own).
func (s *BoltStore) writer() {
	defer close(s.done)
	for {
		var batch []putRequest
		select {
		case r := <-s.puts:
			batch = append(batch, r)
		case <-s.quit:
			return
		}
		timer := time.NewTimer(batchDelay)
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-s.puts:
				batch = append(batch, r)
			case <-timer.C:
				break fill
			}
		}
		timer.Stop()
		s.commit(batch)
	}
}

// commit writes a batch in one transaction and answers each put.
func (s *BoltStore) commit(batch []putRequest) {
	created := make([]bool, len(batch))
	err := s.guard(func() error {
		if err := s.damaged.Load(); err != nil {
			return fmt.Errorf("refused after an earlier error: %w", *err)
		}
		return s.db.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket(snippetsBucket)
			for i, r := range batch {
				// A put of an ID earlier in the batch sees it stored; a
				// stored body that fails its hash is written again.
				if v := b.Get([]byte(r.id)); v != nil && Verify(r.id, v) == nil {
					continue
				}
				if err := b.Put([]byte(r.id), r.body); err != nil {
					return err
				}
				created[i] = true
			}
			return nil
		})
	})
	for i, r := range batch {
		if err != nil {
			r.result <- putResult{err: err}
		} else {
			r.result <- putResult{created: created[i]}
		}
	}
}
