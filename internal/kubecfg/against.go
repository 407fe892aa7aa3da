package kubecfg

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ReadObjectFiles reads the objects saved in YAML and JSON files (kubecfg
// diff --against's "live" objects): each path is a file, or a directory
// whose .yaml, .yml and .json files are read in name order (not its
// subdirectories). A .json file is read as kubecfg reads a .json input,
// any other file as it reads a .yaml one (multi-document YAML, v1 Lists:
// decodeYAMLInput). Errors name the file.
func ReadObjectFiles(paths []string) ([]Object, error) {
	var out []Object
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		files := []string{p}
		if st.IsDir() {
			entries, err := os.ReadDir(p)
			if err != nil {
				return nil, err
			}
			files = files[:0]
			for _, e := range entries {
				switch strings.ToLower(filepath.Ext(e.Name())) {
				case ".yaml", ".yml", ".json":
					if !e.IsDir() {
						files = append(files, filepath.Join(p, e.Name()))
					}
				}
			}
			sort.Strings(files)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			var objs []Object
			if strings.EqualFold(filepath.Ext(f), ".json") {
				objs, err = decodeJSONInput(data)
			} else {
				objs, err = decodeYAMLInput(data)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			out = append(out, objs...)
		}
	}
	return out, nil
}
