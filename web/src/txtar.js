// txtar archives (golang.org/x/tools/txtar): the workspace download format.

const marker = /^-- (.+?) --$/;

/**
 * encodeTxtar writes files (an object path → text) after an optional
 * comment. Every file ends with a newline, as txtar requires.
 */
export function encodeTxtar(files, comment = "") {
  let out = comment && !comment.endsWith("\n") ? comment + "\n" : comment;
  for (const [name, text] of Object.entries(files)) {
    out += `-- ${name} --\n`;
    out += text === "" || text.endsWith("\n") ? text : text + "\n";
  }
  return out;
}

/**
 * decodeTxtar parses an archive into { comment, files }. A file named twice
 * is an error, so a dropped archive never silently loses text.
 */
export function decodeTxtar(data) {
  const lines = data.split("\n");
  const files = Object.create(null); // a file may be called __proto__
  let comment = [];
  let name = null;
  let body = [];
  const flush = (last) => {
    if (name === null) return;
    if (Object.hasOwn(files, name)) throw new Error(`txtar: file ${name} appears twice`);
    files[name] = body.join("\n") + (!last && body.length > 0 ? "\n" : "");
  };
  for (let i = 0; i < lines.length; i++) {
    // As in Go's txtar, a marker names a file: "--    --" is a text line.
    const m = marker.exec(lines[i]);
    if (m && m[1].trim() !== "") {
      flush(false);
      name = m[1].trim();
      body = [];
      continue;
    }
    if (name === null) comment.push(lines[i]); else body.push(lines[i]);
  }
  flush(true);
  // Lines before the first marker each ended with a newline.
  const text = name === null ? comment.join("\n") : comment.map((l) => l + "\n").join("");
  return { comment: text, files };
}
