#!/usr/bin/env bash
# peer-fixtures.sh compares the offline check's verdicts (pkg/validate)
# with the peers' on their own fixtures: kubeconform's fixtures/ and
# kubectl-validate's testcases/ (issue 29; docs/validate.md, "The peers'
# fixtures", lists every difference and its reason). The fixtures stay
# outside the repository; it is not run in CI.
#
#   scripts/peer-fixtures.sh [OUT]
#
# OUT (default: a new temporary directory) receives kubeconform's fixtures/
# from a local bare mirror of yannh/kubeconform, at
# $MIRRORS/yannh+kubeconform/repo (default MIRRORS=/work/.mirror), or from
# a kubeconform checkout named by $KUBECONFORM. kubectl-validate's
# testcases/ are read in the module cache (the module the schemas come
# from; `go mod download` fetches it when it is not there). Then it runs
#
#   go test -run TestPeer -v ./pkg/validate
#
# with KUBECFG_PEER_KUBECONFORM and KUBECFG_PEER_KUBECTL_VALIDATE set,
# which prints each file's verdict and fails on a difference not listed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d /tmp/peer-fixtures.XXXXXX)}
mirrors=${MIRRORS:-/work/.mirror}
module=$(sed -n 's/^const Module = "\(.*\)"$/\1/p' internal/k8sschema/gen/main.go)

mkdir -p "$out/kubeconform"
if [ -n "${KUBECONFORM:-}" ]; then
  cp -r "$KUBECONFORM/fixtures" "$out/kubeconform/"
else
  git_dir="$mirrors/yannh+kubeconform/repo"
  [ -d "$git_dir" ] || { echo "no kubeconform mirror at $git_dir: set KUBECONFORM to a checkout" >&2; exit 1; }
  # valid_large.yaml (100,000 objects) is left out: a snapshot may lack it.
  git --git-dir="$git_dir" archive HEAD fixtures ':!fixtures/valid_large.yaml' | tar -x -C "$out/kubeconform"
  echo "kubeconform $(git --git-dir="$git_dir" rev-parse HEAD) fixtures in $out/kubeconform" >&2
fi

kv_dir=$(go mod download -json "$module" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[ -d "$kv_dir/testcases" ] || { echo "no testcases in $kv_dir" >&2; exit 1; }
echo "kubectl-validate testcases in $kv_dir/testcases" >&2

KUBECFG_PEER_KUBECONFORM="$out/kubeconform" KUBECFG_PEER_KUBECTL_VALIDATE="$kv_dir" \
  go test -count=1 -run 'TestPeer' -v ./pkg/validate
