// memoryStorage is a Storage (localStorage's interface) in a Map, for the
// unit tests: full makes every write fail as a full localStorage does, and
// limit fails writes past that many characters in all.
export function memoryStorage({ full = false, limit = Infinity } = {}) {
  const m = new Map();
  const used = () => [...m].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => {
      if (full) throw new Error("QuotaExceededError");
      const before = m.get(k);
      m.set(k, String(v));
      if (used() > limit) {
        if (before === undefined) m.delete(k);
        else m.set(k, before);
        throw new Error("QuotaExceededError");
      }
    },
    removeItem: (k) => m.delete(k),
    key: (i) => [...m.keys()][i] ?? null,
    get length() { return m.size; },
    raw: m,
  };
}
