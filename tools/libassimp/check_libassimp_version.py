#!/usr/bin/python3
"""Checks a libassimp of another Debian release with our formats built in
(`tools/build-libassimp.sh --version <version>`): the same checks as check_libassimp.py, with
that release's own programs where Debian 12's do not fit it.

- the stock command is the `assimp` built from the same source (build-libassimp-<version>/bin);
- "Debian's library" is the same source built without our patch by tools/build-assimp.sh
  (build-assimp/<version>/lib, with the formats our tests use): what our library adds or must
  leave as it was is measured against it;
- pyassimp is the source's own (port/PyAssimp, build-libassimp-<version>/python), whose
  structures match the release (Debian 12's python3-pyassimp declares 5.2's);
- the C program is built against the release's headers;
- f3d (Debian 12's 1.3.1) links libassimp.so.5: it runs on a 5.x library, and cannot load a
  6.x one (libassimp.so.6) at all, so that check is skipped there;
- no packages (--deb is for the installed version).

    tools/libassimp/check_libassimp_version.py --version 6.0.5 --lib build-libassimp-6.0.5/lib
        --work <dir> --validator <dir>
"""
import argparse
import re
import sys
from pathlib import Path

import check_libassimp
from check_libassimp import ROOT, STOCK_MODELS_DIR, Checker

# The formats of the plain build (tools/build-assimp.sh) that assimp-testmodels has.
PLAIN_FORMATS = ("FBX/", "Collada/", "OBJ/", "glTF2/", "PLY/")


class VersionChecker(Checker):
    def __init__(self, args):
        super().__init__(args)
        version = args.version
        lib = Path(args.lib).resolve()
        self.plain = ROOT / "build-assimp" / version / "lib"
        python = str(lib.parent / "python")
        self.ours = dict(self.ours, PYTHONPATH=python)
        self.debian = dict(self.debian, LD_LIBRARY_PATH=str(self.plain), PYTHONPATH=python)
        self.cli = str(lib.parent / "bin/assimp")
        self.soname_expected = f"libassimp.so.{version.split('.')[0]}"
        minor = ".".join(version.split(".")[:2])
        self.patch = ROOT / f"tools/libassimp/gameformats-{minor}.patch"
        self.patch_only_arguments = ["--version", version, "--patch-only"]

    def check_library(self):
        ours = Path(self.args.lib) / self.soname_expected
        self.check(self.soname(ours) == self.soname(self.plain / self.soname_expected) ==
                   self.soname_expected, f"soname is the release's {self.soname_expected}")
        exported = self.exported_symbols(ours)
        self.check(len(exported) > 400, f"{len(exported)} symbols exported")
        self.check_our_code_hidden(exported)
        self.check_links(ours, "the release's assimp command")

    def check_c_api(self):
        program = self.work / "c_api_import"
        include = self.plain.parent / "include"
        result = self.run(["cc", "-O1", "-I", include, "-o", program,
                           ROOT / "tools/libassimp/c_api_import.c", "-L", self.plain, "-lassimp"],
                          self.debian)
        if not self.check(result.returncode == 0, "C API program builds against the release's "
                          "headers", result.stderr.strip()[-400:]):
            return
        ours = self.run([program, check_libassimp.PSK], self.ours)
        self.check(ours.returncode == 0 and "bones=" in ours.stdout and
                   "meshes=0" not in ours.stdout,
                   f"aiImportFile on {check_libassimp.PSK.name}: {ours.stdout.strip()}",
                   (ours.stdout + ours.stderr).strip())

    def check_f3d(self):
        if self.soname_expected != "libassimp.so.5":
            print(f"skip f3d: Debian 12's f3d links libassimp.so.5 and cannot load "
                  f"{self.soname_expected}")
            return
        super().check_f3d()

    def check_stock_formats(self):
        saved = check_libassimp.STOCK_MODELS
        check_libassimp.STOCK_MODELS = [name for name in saved if name.startswith(PLAIN_FORMATS)]
        try:
            super().check_stock_formats()
        finally:
            check_libassimp.STOCK_MODELS = saved

    def check_debs(self):
        print("skip the Debian packages: built for the installed version only")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", required=True, help="e.g. 6.0.5")
    parser.add_argument("--lib", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--validator", required=True,
                        help="folder with node_modules/gltf-validator")
    args = parser.parse_args()
    args.debs = None
    checker = VersionChecker(args)
    if not (Path(args.lib) / checker.soname_expected).exists():
        print(f"no {args.lib}/{checker.soname_expected}: run tools/build-libassimp.sh "
              f"--version {args.version} first")
        return 1
    if not (checker.plain / checker.soname_expected).exists():
        print(f"no {checker.plain}: run tools/build-assimp.sh {args.version} first")
        return 1
    return checker.run_all()


if __name__ == "__main__":
    sys.exit(main())
