#!/usr/bin/env bash
# kube-prometheus.sh builds kube-prometheus's tree, with the vendor/
# directory jsonnet-bundler (jb install) would make from its
# jsonnetfile.lock.json, out of local git mirrors and without a network.
# It is the corpus of the "Big workspaces" benchmarks (docs/benchmarks.md,
# BenchmarkEditKubePrometheus in pkg/playground); it is not run in CI.
#
#   scripts/corpus/kube-prometheus.sh OUT
#
# OUT must not exist, or be empty. Then
#
#   cd OUT && kubecfg show -J vendor example.jsonnet
#
# prints kube-prometheus's example (131 objects).
#
# Environment:
#   MIRRORS        directory of bare mirrors, one per GitHub repository, at
#                  $MIRRORS/<owner>+<name>/repo (default /work/.mirror)
#   KP_REV         kube-prometheus's commit (default: the mirror's HEAD)
#   GRAFANA_MIXIN  a directory holding grafana/grafana's grafana-mixin
#                  folder, used when $MIRRORS has no grafana+grafana mirror
#                  (grafana's repository is several GB; the mixin is five
#                  small files)
#
# What it does, as jb does it:
#   - the kube-prometheus tree at KP_REV (git archive);
#   - every git dependency of jsonnetfile.lock.json, at its locked commit,
#     only its locked sub-directory, at vendor/github.com/OWNER/REPO/SUBDIR;
#   - the local dependency jsonnet/kube-prometheus as the symlink
#     vendor/kube-prometheus -> ../jsonnet/kube-prometheus;
#   - jsonnetfile.json sets legacyImports, so each git dependency also gets
#     a symlink vendor/LEGACY -> github.com/OWNER/REPO/SUBDIR, LEGACY being
#     the dependency's "name" in the lock, or else the last element of its
#     sub-directory (or the repository's name when there is none). These
#     are relative symlinks, as jb makes them; kube-prometheus's own code
#     imports github.com/... paths, some dependencies use the short names.
# Where a mirror lacks the locked commit, it takes the last commit of the
# mirror's HEAD branch that is not newer than KP_REV's commit, and says so
# on standard error. A locked sub-directory missing from that commit is
# left out, with a note (grafonnet's gen/grafonnet-v13.0.0 in the mirror of
# 2026-12: kube-prometheus's example does not import it), and the
# sub-directories of the same repository that such an older commit's files
# import are vendored from it too.
set -euo pipefail

out=${1:?usage: kube-prometheus.sh OUT}
mirrors=${MIRRORS:-/work/.mirror}
kp=$mirrors/prometheus-operator+kube-prometheus/repo
[[ -d $kp ]] || { echo "kube-prometheus.sh: no mirror at $kp" >&2; exit 1; }
rev=$(git --git-dir="$kp" rev-parse "${KP_REV:-HEAD}^{commit}")
date=$(git --git-dir="$kp" log -1 --format=%cI "$rev")

mkdir -p "$out"
[[ -z $(ls -A "$out") ]] || { echo "kube-prometheus.sh: $out is not empty" >&2; exit 1; }
out=$(cd "$out" && pwd)
git --git-dir="$kp" archive "$rev" | tar -x -C "$out"
echo "kube-prometheus $rev ($date)" >&2

# extract GITDIR COMMIT SUBDIR DEST: SUBDIR of COMMIT ("" for all) at DEST.
# Archiving the sub-directory's own tree reads nothing outside it (some
# mirrors lack large blobs elsewhere).
extract() {
	mkdir -p "$4"
	git --git-dir="$1" archive "$2${3:+:$3}" | tar -x -C "$4"
}

# One line per git dependency: remote, subdir, version, name, separated by
# | (a tab, being white space to read, would merge an empty field away).
jq -r '.dependencies[] | select(.source.git) |
	[.source.git.remote, (.source.git.subdir // ""), .version, (.name // "")] | join("|")' \
	"$out/jsonnetfile.lock.json" |
while IFS='|' read -r remote subdir version name; do
	repo=${remote#https://github.com/}
	repo=${repo%.git}
	owner=${repo%%/*} rname=${repo#*/}
	pkg=github.com/$repo${subdir:+/$subdir}
	dest=$out/vendor/$pkg
	mirror=$mirrors/$owner+$rname/repo
	if [[ -d $mirror ]]; then
		commit=$version
		if ! git --git-dir="$mirror" cat-file -e "$version^{commit}" 2>/dev/null; then
			commit=$(git --git-dir="$mirror" rev-list -1 --before="$date" HEAD)
			echo "$pkg: locked $version is not in the mirror; using $commit ($(git --git-dir="$mirror" log -1 --format=%cI "$commit"))" >&2
		fi
		if [[ -n $subdir ]] && ! git --git-dir="$mirror" cat-file -e "$commit:$subdir" 2>/dev/null; then
			echo "$pkg: not at $commit; left out (nothing in the example imports it)" >&2
			continue
		fi
		extract "$mirror" "$commit" "$subdir" "$dest"
		if [[ $commit != "$version" ]]; then
			# An older commit's files may import other sub-directories
			# of the same repository than the locked one's did
			# (grafonnet-latest picks one gen/grafonnet-vX): those are
			# vendored from the same commit.
			{ grep -rhoE "github\.com/$repo/[^'\"]+" "$dest" || true; } | sed "s#^github\.com/$repo/##" | xargs -r -n1 dirname | sort -u |
			while read -r sib; do
				[[ -e $out/vendor/github.com/$repo/$sib ]] && continue
				echo "$pkg: at $commit it imports github.com/$repo/$sib, vendored from the same commit" >&2
				extract "$mirror" "$commit" "$sib" "$out/vendor/github.com/$repo/$sib"
			done
		fi
	elif [[ $pkg == github.com/grafana/grafana/grafana-mixin && -n ${GRAFANA_MIXIN:-} ]]; then
		mkdir -p "$dest"
		cp -R "$GRAFANA_MIXIN"/. "$dest"
		echo "$pkg: no mirror; copied from $GRAFANA_MIXIN, not the locked $version" >&2
	else
		echo "kube-prometheus.sh: no mirror of $repo at $mirror (needed for $pkg)" >&2
		exit 1
	fi
	# legacyImports: the short name, as a relative symlink.
	legacy=$name
	if [[ -z $legacy ]]; then
		legacy=${subdir##*/}
		[[ -n $legacy ]] || legacy=$rname
	fi
	[[ -e $out/vendor/$legacy || -L $out/vendor/$legacy ]] || ln -s "$pkg" "$out/vendor/$legacy"
done

# The local dependency of jsonnetfile.json.
ln -s ../jsonnet/kube-prometheus "$out/vendor/kube-prometheus"
echo "built $out: $(find -L "$out/vendor" -type f | wc -l) files under vendor/ (symlinks followed)" >&2
