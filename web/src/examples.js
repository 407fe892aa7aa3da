// The built-in examples gallery. Each example is a complete workspace plus
// the controls it needs; they are bundled, so the gallery works offline,
// and each can be linked to as #example=NAME. They are docs examples
// (docs/examples/gallery.json names them, in menu order, with their
// titles and descriptions; docs/examples/gallery-*.txtar hold them), and
// examples.gen.js is generated from there: edit those, then run
// go test ./internal/docsite -update.
import gallery from "./examples.gen.js";

/**
 * examples, in gallery order. The first is the page's default. Each has
 * name, title, description, entry, files (path → text) and controls
 * (command, output, features, and expr and extStr/extCode/tlaStr/tlaCode
 * objects where it sets them), as state.js fromExample reads them.
 */
export const examples = gallery;

/** exampleByName returns the named example or undefined. */
export function exampleByName(name) {
  return examples.find((e) => e.name === name);
}
