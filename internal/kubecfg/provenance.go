package kubecfg

import (
	"net/url"
)

// The annotations show --show-provenance adds to each object read from an
// evaluation (objects of .json and .yaml inputs get none).
const (
	// AnnotationProvenanceFile is the input as given on the command line;
	// for --exec code and overlays, the data: URL kubecfg evaluated.
	AnnotationProvenanceFile = "kubecfg.github.com/provenance-file"
	// AnnotationProvenancePath is the walk's path to the object: $,
	// $.web.svc, $["odd-key"], with .item appended for a list's items.
	AnnotationProvenancePath = "kubecfg.github.com/provenance-path"
)

// dataURL is how kubecfg names code that is not a file: a data: URL of
// the path-escaped code.
func dataURL(code string) string { return "data:," + url.PathEscape(code) }

// annotate sets an annotation as kubecfg's SetMetaDataAnnotation does: a
// missing metadata or annotations map is made; metadata that is not a
// map (null included) is left alone, as apimachinery's setter fails
// there silently. The object's own maps are replaced, not changed, so
// that a value shared with another object (the cache) stays as it was.
func annotate(o Object, key, value string) {
	md, found := o["metadata"]
	meta, isMap := md.(map[string]any)
	if found && !isMap {
		return
	}
	newMeta := make(map[string]any, len(meta)+1)
	for k, v := range meta {
		newMeta[k] = v
	}
	old, _ := meta["annotations"].(map[string]any)
	ann := make(map[string]any, len(old)+1)
	for k, v := range old {
		if s, ok := v.(string); ok {
			ann[k] = s
		}
	}
	ann[key] = value
	newMeta["annotations"] = ann
	o["metadata"] = newMeta
}

// withoutProvenance is o as kubecfg compares it for duplicates: the two
// provenance annotations removed (an annotations map that held only them
// stays, empty).
func withoutProvenance(o Object) Object {
	meta, _ := o["metadata"].(map[string]any)
	ann, _ := meta["annotations"].(map[string]any)
	_, hasFile := ann[AnnotationProvenanceFile]
	_, hasPath := ann[AnnotationProvenancePath]
	if !hasFile && !hasPath {
		return o
	}
	strip := make(map[string]any, len(ann))
	for k, v := range ann {
		if k != AnnotationProvenanceFile && k != AnnotationProvenancePath {
			strip[k] = v
		}
	}
	newMeta := make(map[string]any, len(meta))
	for k, v := range meta {
		newMeta[k] = v
	}
	newMeta["annotations"] = strip
	c := make(Object, len(o))
	for k, v := range o {
		c[k] = v
	}
	c["metadata"] = newMeta
	return c
}
