package stdlib

import "fmt"

// ImageRefError is the error for an image reference that does not parse.
// Its text is kubecfg's; Unwrap gives the parser's own reason.
type ImageRefError struct {
	Ref string
	Err error
}

// Error returns kubecfg's text: parsing reference "REF": could not parse
// reference: REF.
func (e *ImageRefError) Error() string {
	return fmt.Sprintf("parsing reference %q: could not parse reference: %s", e.Ref, e.Ref)
}

// Unwrap returns the parser's error.
func (e *ImageRefError) Unwrap() error { return e.Err }

// NormalizeImage returns ref in its fully qualified form: the docker.io
// domain and library/ path added to familiar names, :latest added when
// there is neither tag nor digest, and the tag dropped when there are both
// (nginx is docker.io/library/nginx:latest). digested reports whether the
// result names a digest.
func NormalizeImage(ref string) (normalized string, digested bool, err error) {
	parsed, err := parseDockerRef(ref)
	if err != nil {
		return "", false, &ImageRefError{Ref: ref, Err: err}
	}
	return parsed.String(), parsed.digest != "", nil
}

// resolveImageNative is the resolveImage native: normalise, then, when a
// resolver is set and the reference has no digest, ask it.
func resolveImageNative(resolve func(string) (string, error), args []any) (any, error) {
	ref, err := stringArg("resolveImage", "image", args[0])
	if err != nil {
		return nil, err
	}
	norm, digested, err := NormalizeImage(ref)
	if err != nil {
		return nil, err
	}
	if resolve == nil || digested {
		return norm, nil
	}
	out, err := resolve(norm)
	if err != nil {
		return nil, fmt.Errorf("resolving image %s: %w", norm, err)
	}
	return out, nil
}
