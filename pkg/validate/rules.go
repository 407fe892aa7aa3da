package validate

// kindRules are the checks of Kubernetes' validation code beyond the
// schema that this package makes, by GROUP/KIND.
var kindRules = map[string]func(w *walker, obj map[string]any){
	"/Pod": podImages,
}

// podImages: a Pod's containers need an image (a workload's template may
// leave it out, for a controller or a tool to fill in).
func podImages(w *walker, obj map[string]any) {
	spec, _ := obj["spec"].(map[string]any)
	for _, list := range []string{"containers", "initContainers", "ephemeralContainers"} {
		cs, _ := spec[list].([]any)
		for i, c := range cs {
			cm, ok := c.(map[string]any)
			if !ok {
				continue
			}
			if img, ok := cm["image"]; ok && img != nil && img != "" {
				continue
			}
			w.path = append(w.path[:0], "spec", list, i)
			w.missing(CodeRequired, "image")
			w.path = w.path[:0]
		}
	}
}
