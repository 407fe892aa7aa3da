//go:build !js

package share

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"time"
)

// The parts of bbolt's file format (go.etcd.io/bbolt, version 2) that
// checkBoltFile reads. Integers are in the machine's byte order, as bbolt
// writes them.
const (
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	pageHeaderSize   = 16 // id u64, flags u16, count u16, overflow u32
	metaSize         = 64 // magic, version, pageSize, flags u32; root, sequence, freelist, pgid, txid, checksum u64
	elementSize      = 16 // branch: pos, ksize u32, pgid u64; leaf: flags, pos, ksize, vsize u32
	bucketHeaderSize = 16 // root, sequence u64
	branchPage       = 0x01
	leafPage         = 0x02
	freelistPage     = 0x10
	bucketElement    = 0x01
	noFreelist       = ^uint64(0)
	maxTreeDepth     = 64
)

var native = binary.NativeEndian

// boltMeta is what checkBoltFile uses of a meta page.
type boltMeta struct {
	pageSize             uint64
	root, freelist, pgid uint64
	txid                 uint64
}

// parseMeta reads the meta page whose bytes (page header first) are b, as
// bbolt's Meta.Validate does: magic, version and checksum.
func parseMeta(b []byte) (boltMeta, error) {
	if len(b) < pageHeaderSize+metaSize {
		return boltMeta{}, errors.New("too short for a meta page")
	}
	m := b[pageHeaderSize : pageHeaderSize+metaSize]
	if native.Uint32(m[0:]) != boltMagic {
		return boltMeta{}, errors.New("not a bbolt meta page (no magic number)")
	}
	if v := native.Uint32(m[4:]); v != boltVersion {
		return boltMeta{}, fmt.Errorf("bbolt format version %d, want %d", v, boltVersion)
	}
	h := fnv.New64a()
	h.Write(m[:56])
	if native.Uint64(m[56:]) != h.Sum64() {
		return boltMeta{}, errors.New("meta page checksum mismatch")
	}
	return boltMeta{
		pageSize: uint64(native.Uint32(m[8:])),
		root:     native.Uint64(m[16:]),
		freelist: native.Uint64(m[32:]),
		pgid:     native.Uint64(m[40:]),
		txid:     native.Uint64(m[48:]),
	}, nil
}

// regular says what path is when it is not a regular file.
func regular(path string, info os.FileInfo) error {
	switch m := info.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case m&os.ModeNamedPipe != 0:
		return fmt.Errorf("%s is a named pipe (FIFO), not a regular file", path)
	case m&os.ModeSocket != 0:
		return fmt.Errorf("%s is a socket, not a regular file", path)
	case m&os.ModeDevice != 0:
		return fmt.Errorf("%s is a device, not a regular file", path)
	default:
		return fmt.Errorf("%s is not a regular file", path)
	}
}

// readAt reads n bytes at off, or says the file ends first.
func readAt(f io.ReaderAt, off, n uint64) ([]byte, error) {
	b := make([]byte, n)
	got, err := f.ReadAt(b, int64(off))
	if uint64(got) == n {
		return b, nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("the file ends at byte %d, inside the page at %d", off+uint64(got), off)
	}
	return nil, err
}

// checkBoltFile reads the bbolt file f of size bytes the way bbolt will,
// without mapping it, and reports the first damage it finds as a
// description: meta pages that fail validation, a file shorter than its
// pages, and any page of the tree or the freelist that is out of bounds,
// of the wrong type, referenced twice, or whose elements, keys or values
// overrun it. bbolt itself trusts all of these and faults or panics on a
// damaged file; once they hold, bbolt reads only bytes of the file and
// its own consistency check (Tx.Check) can run safely.
func checkBoltFile(f io.ReaderAt, size int64) error {
	meta, err := chooseMeta(f, size)
	if err != nil {
		return err
	}
	ps := meta.pageSize
	if ps < 1024 || ps > 1<<24 || ps&(ps-1) != 0 {
		return fmt.Errorf("page size %d in the meta page is not one bbolt writes", ps)
	}
	if meta.pgid < 4 {
		return fmt.Errorf("its meta page counts %d pages, fewer than an empty database has", meta.pgid)
	}
	if meta.pgid > uint64(size)/ps {
		return fmt.Errorf("it is %d bytes, but its meta page counts %d pages of %d bytes: the file was cut short", size, meta.pgid, ps)
	}
	c := &boltChecker{f: f, pageSize: ps, hwm: meta.pgid, seen: map[uint64]bool{0: true, 1: true}}
	if meta.freelist != noFreelist {
		if err := c.freelist(meta.freelist); err != nil {
			return err
		}
	}
	return c.tree(meta.root, 0)
}

// chooseMeta returns the meta page bbolt will use: of the two, the one
// with the higher transaction ID if it is valid, else the other.
func chooseMeta(f io.ReaderAt, size int64) (boltMeta, error) {
	if size < pageHeaderSize+metaSize {
		return boltMeta{}, fmt.Errorf("it is %d bytes, too short for a bbolt file", size)
	}
	b0, err := readAt(f, 0, pageHeaderSize+metaSize)
	if err != nil {
		return boltMeta{}, err
	}
	m0, err0 := parseMeta(b0)
	// The second meta page is one page in; without a valid first one, try
	// every page size bbolt does.
	var m1 boltMeta
	err1 := errors.New("no second meta page")
	for ps := uint64(1024); ps <= 1<<24; ps <<= 1 {
		if err0 == nil && ps != m0.pageSize {
			continue
		}
		b1, err := readAt(f, ps, pageHeaderSize+metaSize)
		if err != nil {
			break
		}
		m, err := parseMeta(b1)
		if err == nil && m.pageSize != ps {
			err = fmt.Errorf("the meta page at byte %d says pages are %d bytes", ps, m.pageSize)
		}
		if err == nil {
			m1, err1 = m, nil
			break
		}
		if err0 == nil {
			err1 = err
		}
	}
	switch {
	case err0 != nil && err1 != nil:
		return boltMeta{}, fmt.Errorf("neither meta page is valid (first: %v; second: %v): not a bbolt file, or its header is overwritten", err0, err1)
	case err0 != nil:
		return m1, nil
	case err1 != nil:
		return m0, nil
	case m1.pageSize != m0.pageSize:
		return boltMeta{}, fmt.Errorf("the meta pages disagree on the page size (%d and %d)", m0.pageSize, m1.pageSize)
	case m1.txid > m0.txid:
		return m1, nil
	default:
		return m0, nil
	}
}

// boltChecker walks the pages of one meta page's tree.
type boltChecker struct {
	f        io.ReaderAt
	pageSize uint64
	hwm      uint64 // pages in use: the meta page's high water mark
	seen     map[uint64]bool
}

// page reads page id with its overflow pages, checking that it lies
// below the high water mark, names itself id and is referenced once.
func (c *boltChecker) page(id uint64, what string) ([]byte, error) {
	if id < 2 || id >= c.hwm {
		return nil, fmt.Errorf("%s is page %d, outside the %d pages in use", what, id, c.hwm)
	}
	head, err := readAt(c.f, id*c.pageSize, pageHeaderSize)
	if err != nil {
		return nil, fmt.Errorf("%s (page %d): %w", what, id, err)
	}
	if got := native.Uint64(head); got != id {
		return nil, fmt.Errorf("%s: page %d calls itself page %d", what, id, got)
	}
	overflow := uint64(native.Uint32(head[12:]))
	if id+overflow >= c.hwm {
		return nil, fmt.Errorf("%s: page %d runs %d pages past the %d in use", what, id, overflow, c.hwm)
	}
	for i := id; i <= id+overflow; i++ {
		if c.seen[i] {
			return nil, fmt.Errorf("%s: page %d is in use twice", what, i)
		}
		c.seen[i] = true
	}
	b, err := readAt(c.f, id*c.pageSize, (overflow+1)*c.pageSize)
	if err != nil {
		return nil, fmt.Errorf("%s (page %d): %w", what, id, err)
	}
	return b, nil
}

func (c *boltChecker) freelist(id uint64) error {
	p, err := c.page(id, "the freelist")
	if err != nil {
		return err
	}
	if flags := native.Uint16(p[8:]); flags != freelistPage {
		return fmt.Errorf("the freelist: page %d has type %#x, not a freelist's", id, flags)
	}
	start, count := uint64(pageHeaderSize), uint64(native.Uint16(p[10:]))
	if count == 0xFFFF { // the real count is the first element
		count = native.Uint64(p[pageHeaderSize:])
		start += 8
	}
	if count > (uint64(len(p))-start)/8 {
		return fmt.Errorf("the freelist: page %d lists %d free pages, more than it holds", id, count)
	}
	for i := range count {
		if free := native.Uint64(p[start+8*i:]); free < 2 || free >= c.hwm {
			return fmt.Errorf("the freelist: page %d lists page %d as free, outside the %d pages in use", id, free, c.hwm)
		}
	}
	return nil
}

// tree checks a bucket's page and the pages below it.
func (c *boltChecker) tree(id uint64, depth int) error {
	if depth > maxTreeDepth {
		return fmt.Errorf("page %d: the tree is more than %d levels deep", id, maxTreeDepth)
	}
	p, err := c.page(id, "a tree page")
	if err != nil {
		return err
	}
	switch flags := native.Uint16(p[8:]); flags {
	case branchPage:
		return c.branch(p, id, depth)
	case leafPage:
		return c.leaf(p, fmt.Sprintf("page %d", id), depth)
	default:
		return fmt.Errorf("page %d has type %#x where a branch or leaf page belongs", id, flags)
	}
}

// elements returns the number of elements of page p, checking that they
// fit in it after its header.
func elements(p []byte, where string) (int, error) {
	count := int(native.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		return 0, fmt.Errorf("%s: %d elements do not fit in its %d bytes", where, count, len(p))
	}
	return count, nil
}

// span checks that n bytes at elem+pos lie in p and returns where they
// start.
func span(p []byte, elem int, pos, n uint32, where, what string) (uint64, error) {
	start := uint64(elem) + uint64(pos)
	if start+uint64(n) > uint64(len(p)) {
		return 0, fmt.Errorf("%s: a %s of %d bytes at %d runs past its %d bytes", where, what, n, start, len(p))
	}
	return start, nil
}

func (c *boltChecker) branch(p []byte, id uint64, depth int) error {
	where := fmt.Sprintf("page %d", id)
	count, err := elements(p, where)
	if err != nil {
		return err
	}
	if count == 0 {
		return fmt.Errorf("%s: a branch page with no elements", where)
	}
	for i := range count {
		e := pageHeaderSize + i*elementSize
		if _, err := span(p, e, native.Uint32(p[e:]), native.Uint32(p[e+4:]), where, "key"); err != nil {
			return err
		}
		if err := c.tree(native.Uint64(p[e+8:]), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// leaf checks a leaf page (or a bucket's inline page) and the buckets it
// holds.
func (c *boltChecker) leaf(p []byte, where string, depth int) error {
	count, err := elements(p, where)
	if err != nil {
		return err
	}
	for i := range count {
		e := pageHeaderSize + i*elementSize
		flags, pos, ksize, vsize := native.Uint32(p[e:]), native.Uint32(p[e+4:]), native.Uint32(p[e+8:]), native.Uint32(p[e+12:])
		if uint64(ksize)+uint64(vsize) > 1<<32-1 {
			return fmt.Errorf("%s: element %d claims %d+%d bytes", where, i, ksize, vsize)
		}
		start, err := span(p, e, pos, ksize+vsize, where, "key and value")
		if err != nil {
			return err
		}
		if flags&bucketElement == 0 {
			continue
		}
		v := p[start+uint64(ksize) : start+uint64(ksize)+uint64(vsize)]
		if len(v) < bucketHeaderSize {
			return fmt.Errorf("%s: a bucket of %d bytes, shorter than its header", where, len(v))
		}
		if root := native.Uint64(v); root != 0 {
			if err := c.tree(root, depth+1); err != nil {
				return err
			}
			continue
		}
		inline := v[bucketHeaderSize:]
		inWhere := fmt.Sprintf("the inline bucket %d of %s", i, where)
		if len(inline) < pageHeaderSize || native.Uint16(inline[8:]) != leafPage {
			return fmt.Errorf("%s is not a leaf page", inWhere)
		}
		if err := c.leaf(inline, inWhere, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// checkBoltPath checks the file at path, if there is one with data, under
// a shared lock: a writer that holds the file (another server on it) is
// waited for at most timeout, then the error is bbolt's ErrTimeout.
func checkBoltPath(path string, timeout time.Duration) error {
	// The type first, as the evaluator's importer does: opening a named
	// pipe waits for a writer for ever.
	info, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil // bbolt creates it
	}
	if err != nil {
		return err
	}
	if err := regular(path, info); err != nil {
		return err
	}
	f, err := openNonblock(path)
	if err != nil {
		return err
	}
	defer f.Close()
	// What was opened, which may have been replaced since the Stat.
	if info, err = f.Stat(); err != nil {
		return err
	}
	if err := regular(path, info); err != nil {
		return err
	}
	if info.Size() == 0 {
		return nil // bbolt writes a new database into it
	}
	if err := lockShared(f, timeout); err != nil {
		return err
	}
	if err := checkBoltFile(f, info.Size()); err != nil {
		return fmt.Errorf("the file is %w: %w", ErrDamaged, err)
	}
	return nil
}
