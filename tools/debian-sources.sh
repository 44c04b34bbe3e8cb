# Sourced by the scripts that build a dependency from Debian's own source package: fetching
# and unpacking it through a private APT state in a folder of ours, so that the system's APT
# configuration is never changed and no root is needed.

# fetch_debian_source <package> <suite> <folder>: unpacks the suite's source of <package> into
# <folder>/<package>/ (once; a later call finds it) and prints the unpacked source folder.
fetch_debian_source() {
    local package=$1 suite=$2 folder=$3
    local apt_dir=$folder/apt-$suite dir=$folder/$package
    local options=(-o "Dir::Etc::SourceList=$apt_dir/deb-src.sources"
        -o "Dir::Etc::SourceParts=$apt_dir/none" -o "Dir::State::Lists=$apt_dir/lists"
        -o "Dir::Cache=$apt_dir/cache" -o "APT::Sandbox::User=root")
    if ! compgen -G "$dir/*/debian" >/dev/null; then
        mkdir -p "$apt_dir/none" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
        cat >"$apt_dir/deb-src.sources" <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
        if [ ! -e "$apt_dir/lists/lock" ]; then
            apt-get "${options[@]}" update -qq >&2 || {
                echo "apt-get update for $suite's sources failed" >&2
                return 1
            }
        fi
        rm -rf "$dir" && mkdir -p "$dir"
        (cd "$dir" && apt-get "${options[@]}" source -qq "$package" >&2) || {
            echo "apt-get source $package ($suite) failed" >&2
            return 1
        }
    fi
    dirname "$(compgen -G "$dir/*/debian" | head -1)"
}
