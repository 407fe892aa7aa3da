// txtar archives (golang.org/x/tools/txtar): the workspace download format.

const marker = /^-- (.+?) --$/;

/**
 * encodeTxtar writes files (an object path → text) after an optional
 * comment. Every file ends with a newline, as txtar requires. txtar has
 * no escape, so what would not read back as written throws: a name that
 * cannot be a marker's (a line break, spaces at its ends), and a comment
 * or file line that decodeTxtar would take for a marker ("-- x --").
 */
export function encodeTxtar(files, comment = "") {
  let out = comment && !comment.endsWith("\n") ? comment + "\n" : comment;
  const markerLine = (text) => text.split("\n").find((l) => marker.exec(l)?.[1].trim());
  if (markerLine(comment) !== undefined) throw new Error(`the comment has a line ${JSON.stringify(markerLine(comment))}, which a .txtar reads as the start of a file`);
  for (const [name, text] of Object.entries(files)) {
    if (name.trim() !== name || name === "" || /[\r\n]/.test(name)) throw new Error(`the file name ${JSON.stringify(name)} cannot be written in a .txtar (a line break or spaces at its ends): download a .zip`);
    const line = markerLine(text);
    if (line !== undefined) throw new Error(`${name} has a line ${JSON.stringify(line)}, which a .txtar reads as the start of another file: download a .zip`);
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
