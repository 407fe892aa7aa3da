package yakl

import yaml "sigs.k8s.io/yaml/goyaml.v3"

// maxAliasSize bounds what aliases (and anchors read as variables) may
// copy in one file, counted as aliasNodeCost per node plus the bytes of its
// scalars: 200,000 nodes, or fewer nodes holding more text. Alias bombs
// (many aliases, or a few of a large anchor) are refused, not evaluated.
const (
	aliasNodeCost = 64
	maxAliasSize  = 200000 * aliasNodeCost
)

// anchorDef is a node that carries &name.
type anchorDef struct {
	node  *yaml.Node
	name  string
	reads []outerRead
}

// anchorTable holds the anchors of the document being compiled, the nodes
// being compiled (an alias of one of them would copy itself), and what the
// file's aliases have copied so far.
type anchorTable struct {
	latest     map[string]*anchorDef // latest definition of each name so far
	count      map[string]int        // definitions of each name in the document
	of         map[*yaml.Node]*anchorDef
	inProgress map[*yaml.Node]bool
	size       map[*yaml.Node]int // nodeSize's memo, for the whole file
	expanded   int                // what the file's copies add up to
	replay     int                // >0 while copying a node for an alias
}

// reset starts document d: anchors are per document, the copy budget per
// file.
func (a *anchorTable) reset(d *yaml.Node) {
	a.latest = map[string]*anchorDef{}
	a.count = map[string]int{}
	a.of = map[*yaml.Node]*anchorDef{}
	a.inProgress = map[*yaml.Node]bool{}
	if a.size == nil {
		a.size = map[*yaml.Node]int{}
	}
	var count func(n *yaml.Node)
	count = func(n *yaml.Node) {
		if n.Anchor != "" {
			a.count[n.Anchor]++
		}
		for _, k := range n.Content {
			count(k)
		}
	}
	count(d)
}

// define records n, just compiled, as the latest definition of its anchor.
func (a *anchorTable) define(n *yaml.Node, reads []outerRead) {
	def := &anchorDef{node: n, name: n.Anchor, reads: reads}
	a.latest[n.Anchor] = def
	a.of[n] = def
}

// charge adds a copy of def to the file's budget and reports whether the
// budget still holds. A copy includes the aliases inside the copied node,
// so only the outermost copy counts.
func (a *anchorTable) charge(def *anchorDef) bool {
	if a.replay == 0 {
		a.expanded += a.nodeSize(def.node)
	}
	return a.expanded <= maxAliasSize
}

// nodeSize measures what an alias of n copies: aliasNodeCost per node
// plus the bytes of its scalars.
func (a *anchorTable) nodeSize(n *yaml.Node) int {
	if s, ok := a.size[n]; ok {
		return s
	}
	a.size[n] = 1 << 30 // a cycle counts as too big
	s := aliasNodeCost + len(n.Value)
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		s = a.nodeSize(n.Alias)
	}
	for _, k := range n.Content {
		s += a.nodeSize(k)
		if s > maxAliasSize {
			s = maxAliasSize + 1
			break
		}
	}
	a.size[n] = s
	return s
}
