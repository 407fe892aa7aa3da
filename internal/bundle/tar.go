package bundle

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"
)

// File is one file of a bundle: its path inside the bundle and its bytes.
type File struct {
	Name string
	Data []byte
}

// epoch is every packed file's modification time.
var epoch = time.Unix(0, 0).UTC()

// WriteBody writes files, in the order given, as the body layer: a tar
// archive of regular files (mode 0666, owner 0, the epoch as their time)
// gzipped with no name or time in the gzip header, so the same files
// always give the same bytes.
func WriteBody(w io.Writer, files []File) error {
	zw := gzip.NewWriter(w)
	tw := tar.NewWriter(zw)
	for _, f := range files {
		if err := CheckName(f.Name); err != nil {
			return err
		}
		hdr := &tar.Header{
			Typeflag: tar.TypeReg,
			Name:     f.Name,
			Size:     int64(len(f.Data)),
			Mode:     0o666,
			ModTime:  epoch,
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return fmt.Errorf("packing %s: %w", f.Name, err)
		}
		if _, err := tw.Write(f.Data); err != nil {
			return fmt.Errorf("packing %s: %w", f.Name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// Body returns WriteBody's bytes.
func Body(files []File) ([]byte, error) {
	var b bytes.Buffer
	if err := WriteBody(&b, files); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ErrEscapes is wrapped by the error for a file name that would leave the
// bundle (absolute, or going up with ..).
var ErrEscapes = errors.New("escapes the bundle")

// CheckName refuses a file name that is not a clean relative slash path
// inside the bundle.
func CheckName(name string) error {
	if !fs.ValidPath(name) || name == "." || strings.Contains(name, `\`) {
		return fmt.Errorf("the path %q %w", name, ErrEscapes)
	}
	return nil
}

// ReadBody reads a body layer: the regular files of a tar.gz by name.
// Other entries (directories, links) are skipped, as kubecfg skips them.
// It fails, naming the entry, on a stream that is not a tar.gz, a name
// that leaves the bundle, a name given twice, or files that unpack to
// more than max bytes.
func ReadBody(r io.Reader, max int64) (map[string][]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("the bundle's layer is not a tar.gz: %w", err)
	}
	tr := tar.NewReader(zr)
	files := map[string][]byte{}
	var total int64
	for i := 1; ; i++ {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the bundle's layer is not a tar.gz: entry %d: %w", i, err)
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		name := strings.TrimPrefix(hdr.Name, "./")
		if err := CheckName(name); err != nil {
			return nil, fmt.Errorf("the bundle's entry %d: %w", i, err)
		}
		if _, dup := files[name]; dup {
			return nil, fmt.Errorf("the bundle's entry %d: %q is in the bundle twice", i, name)
		}
		if hdr.Size < 0 || hdr.Size > max-total {
			return nil, fmt.Errorf("the bundle's files are larger than the %s a bundle may hold (at entry %d, %q)", Size(max), i, name)
		}
		b := make([]byte, 0, hdr.Size)
		buf := bytes.NewBuffer(b)
		if _, err := io.Copy(buf, io.LimitReader(tr, hdr.Size)); err != nil {
			return nil, fmt.Errorf("the bundle's layer is not a tar.gz: entry %d, %q: %w", i, name, err)
		}
		total += hdr.Size
		files[name] = buf.Bytes()
	}
	// The gzip stream's own end (its checksum) is checked by reading on.
	if _, err := io.Copy(io.Discard, io.LimitReader(zr, 1<<20)); err != nil {
		return nil, fmt.Errorf("the bundle's layer is not a tar.gz: %w", err)
	}
	return files, nil
}
