#!/usr/bin/python3
"""Checks a libassimp with our formats built in (tools/build-libassimp.sh) through programs that
Debian ships on libassimp5, unchanged, with the library put in front by LD_LIBRARY_PATH:

- the library: Debian's soname, every symbol Debian's library exports (a superset), none of our
  code exported, every symbol it uses defined;
- the stock /usr/bin/assimp (assimp-utils): `listext` lists our extensions and Debian's; `export`
  of a PSK, a P3D and an FXM of ours and of real samples (../shared/samples, when present) to
  glb passes glTF-Validator; `export` to binary FBX re-imports with the bones and the animation
  length, also with Debian's own library;
- pyassimp (python3-pyassimp): a PSK with its PSA beside it, with meshes, bones, animations;
- the C API: aiImportFile on a PSK (a small C program built against libassimp-dev);
- f3d: renders the FBX of a PSK and of a P3D offscreen, and the image is not empty, also
  through tools/f3d-gameformats.sh straight from the PSK;
- Debian's formats: models of assimp-testmodels import exactly as with Debian's library;
- with --debs: the packages of `build-libassimp.sh --deb`, without installing them;
- a Debian update: `build-libassimp.sh --patch-only` applies our patch, and stops on one whose
  context moved.

    tools/libassimp/check_libassimp.py --lib build-libassimp/lib --work <dir> --validator <dir>
Prints one line per check and "N passed, M failed" last; exit status 1 on any failure.
"""
import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEBIAN_LIBRARY = Path("/usr/lib/x86_64-linux-gnu/libassimp.so.5")
STOCK_CLI = "/usr/bin/assimp"
PYTHON = "/usr/bin/python3"  # Debian's, which has python3-pyassimp
TEST_MODELS = ROOT / "test_models"
PSK = TEST_MODELS / "actorx/skinned_box.psk"
P3D = TEST_MODELS / "p3d/mlod_cube.p3d"
FXM = TEST_MODELS / "idolfx/keypose_chain4.fxm"  # keypose_chain4.mot beside it: an animation
# Debian's own formats, read by its own importers: a few of assimp-testmodels.
STOCK_MODELS = [
    "FBX/box.fbx",
    "FBX/animation_with_skeleton.fbx",
    "Collada/duck.dae",
    "OBJ/spider.obj",
    "glTF2/BoxTextured-glTF/BoxTextured.gltf",
    "MD5/SimpleCube.md5mesh",
    "3DS/fels.3ds",
    "PLY/cube.ply",
]
STOCK_MODELS_DIR = Path("/usr/share/assimp/models")
# Real files from real exporters and games (../shared/samples), when that folder is present.
SAMPLES = ROOT.parent / "shared/samples"
REAL_SAMPLES = [
    "actorx/Grunt_Preview_LOD0.psk",  # a game's skinned mesh
    "p3d/odol/bear_trap_v50.p3d",     # ArmA 2 ODOL, skinned
    "p3d/odol/BuildingPos_v73.p3d",   # Arma 3 ODOL
    "p3d/sample_2_crate.p3d",         # MLOD
    "fxm/chest2_top__assimp.fxm",
]


class Checker:
    def __init__(self, args):
        self.args = args
        self.work = Path(args.work)
        self.passed = 0
        self.failed = 0
        self.ours = dict(os.environ, LD_LIBRARY_PATH=str(Path(args.lib).resolve()))
        self.debian = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
        # What another release changes (check_libassimp_version.py): the stock command, the
        # soname, the patch and the arguments that select them.
        self.cli = STOCK_CLI
        self.soname_expected = "libassimp.so.5"
        self.patch = ROOT / "tools/libassimp/gameformats.patch"
        self.patch_only_arguments = ["--patch-only"]

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self.failed += 1
            print(f"FAIL {what}" + (f"\n     {detail}" if detail else ""))
        return ok

    def run(self, command, env, **kwargs):
        return subprocess.run([str(c) for c in command], env=env, capture_output=True, text=True,
                              errors="replace", **kwargs)

    def summary(self, path, env):
        result = self.run([PYTHON, ROOT / "tools/libassimp/scene_summary.py", path], env)
        try:
            return json.loads(result.stdout.strip().splitlines()[-1])
        except (json.JSONDecodeError, IndexError):
            return {"error": (result.stdout + result.stderr).strip()[-400:]}

    def export(self, source, target, env=None):
        result = self.run([self.cli, "export", source, self.work / target], env or self.ours)
        ok = result.returncode == 0 and (self.work / target).is_file()
        self.check(ok, f"stock assimp export {source.name} {target}",
                   (result.stdout + result.stderr).strip()[-400:])
        return self.work / target

    # ---- the library ---------------------------------------------------------------------------

    def exported_symbols(self, library):
        result = self.run(["nm", "-D", "--defined-only", "--format=posix", library], self.debian)
        return {line.split()[0] for line in result.stdout.splitlines() if line.strip()}

    def soname(self, library):
        result = self.run(["objdump", "-p", library], self.debian)
        match = re.search(r"SONAME\s+(\S+)", result.stdout)
        return match.group(1) if match else None

    def check_library(self):
        ours = Path(self.args.lib) / "libassimp.so.5"
        self.check(self.soname(ours) == self.soname(DEBIAN_LIBRARY) == "libassimp.so.5",
                   "soname is Debian's libassimp.so.5",
                   f"ours {self.soname(ours)}, Debian's {self.soname(DEBIAN_LIBRARY)}")
        debian_symbols = self.exported_symbols(DEBIAN_LIBRARY)
        our_symbols = self.exported_symbols(ours)
        missing = sorted(debian_symbols - our_symbols)
        extra = sorted(our_symbols - debian_symbols)
        listing = self.work / "symbols-extra.txt"
        listing.write_text("".join(f"{name}\n" for name in extra))
        self.check(len(debian_symbols) > 400 and not missing,
                   f"all {len(debian_symbols)} symbols of Debian's library are exported "
                   f"({len(extra)} more, listed in {listing})",
                   f"missing: {' '.join(missing[:20])}")
        self.check_our_code_hidden(extra)
        self.check_links(ours, "the stock assimp")

    def check_our_code_hidden(self, exported):
        """Our code is hidden (-fvisibility=hidden, the version script); only std:: template
        instances that take our types as arguments may pass Debian's "ai*" pattern."""
        ours_internal = [name for name in exported
                         if re.match(r"_Z(T[IVST]|GV)?NK?13agf_libassimp", name)]
        self.check(not ours_internal, "no function or class of our code is exported",
                   " ".join(ours_internal[:10]))

    def check_links(self, ours, command):
        """Debian links libassimp without -z defs: a source of ours missing from the build
        would still link, and fail only when a program calls into it. ldd -r resolves every
        symbol; then `command` (self.cli) must load this library."""
        result = self.run(["ldd", "-r", ours], self.ours)
        undefined = [line.strip() for line in (result.stdout + result.stderr).splitlines()
                     if "undefined symbol" in line]
        self.check(result.returncode == 0 and not undefined,
                   "every symbol the library uses is defined (ldd -r)",
                   "\n     ".join(undefined[:10]))
        result = self.run(["ldd", self.cli], self.ours)
        self.check(str(ours.parent.resolve()) in result.stdout,
                   f"{command} loads our library under LD_LIBRARY_PATH",
                   result.stdout.strip())

    # ---- the stock assimp command ------------------------------------------------------------

    def our_extensions(self):
        """Every extension our registry (code/Registry.cpp) declares."""
        text = (ROOT / "code/Registry.cpp").read_text()
        extensions = set()
        for group in re.findall(r'\{\{"[^"]+",\s*"([a-z0-9 ]+)"', text):
            extensions.update(group.split())
        return extensions

    def check_listext(self):
        expected = self.our_extensions()
        listed = set(re.findall(r"\*\.(\w+)", self.run([self.cli, "listext"], self.ours).stdout))
        debian = set(re.findall(r"\*\.(\w+)", self.run([self.cli, "listext"], self.debian).stdout))
        self.check(len(expected) >= 8 and expected <= listed,
                   f"stock assimp listext lists our {len(expected)} extensions "
                   f"({' '.join(sorted(expected))})",
                   f"missing: {' '.join(sorted(expected - listed))}")
        self.check(debian <= listed, f"... and all {len(debian)} extensions of Debian's library",
                   f"lost: {' '.join(sorted(debian - listed))}")
        # An extension both claim (.mot: Assimp's LightWave scene importer, Idol FX motions)
        # goes by signature: our file must still reach our importer.
        for extension in sorted(expected & debian):
            samples = sorted(TEST_MODELS.glob(f"*/*.{extension}"))
            if not self.check(samples, f".{extension}, claimed by Debian's library too: "
                              "a test model of ours has it"):
                continue
            code, info = self.info(samples[0], self.ours)
            animations = re.search(r"Animations:\s+(\d+)", info)
            self.check(code == 0 and animations and int(animations.group(1)) > 0,
                       f"... and {samples[0].name} reaches our importer: "
                       f"{animations.group(0) if animations else 'no animations'}",
                       info[-400:])

    def check_gltf_exports(self):
        outputs = [self.export(source, f"{source.stem}.glb") for source in (PSK, P3D, FXM)]
        outputs = [output for output in outputs if output.is_file()]
        env = dict(os.environ, NODE_PATH=str(Path(self.args.validator) / "node_modules"))
        result = subprocess.run(["node", ROOT / "tools/clients/validate_gltf.js", *outputs],
                                env=env, capture_output=True, text=True)
        self.check(len(outputs) == 3 and result.returncode == 0,
                   "glTF-Validator: no error in the glb of the PSK, the P3D and the FXM",
                   (result.stdout + result.stderr).strip()[-800:])

    def check_real_samples(self):
        """Real files, not our generators': glb through the stock command, then the validator;
        a skinned ODOL to FBX and back with its bones."""
        if not SAMPLES.is_dir():
            print(f"skip real samples: no {SAMPLES}")
            return
        sources = [SAMPLES / name for name in REAL_SAMPLES]
        missing = [str(source) for source in sources if not source.is_file()]
        if not self.check(not missing, f"{len(sources)} real samples found", " ".join(missing)):
            return
        (self.work / "samples").mkdir(exist_ok=True)
        outputs = [self.export(source, f"samples/{source.stem}.glb") for source in sources]
        outputs = [output for output in outputs if output.is_file()]
        env = dict(os.environ, NODE_PATH=str(Path(self.args.validator) / "node_modules"))
        result = subprocess.run(["node", ROOT / "tools/clients/validate_gltf.js", *outputs],
                                env=env, capture_output=True, text=True)
        self.check(len(outputs) == len(sources) and result.returncode == 0,
                   f"glTF-Validator: no error in the glb of {len(outputs)} real samples",
                   (result.stdout + result.stderr).strip()[-800:])
        skinned = SAMPLES / "p3d/odol/bear_trap_v50.p3d"
        original = self.summary(skinned, self.ours)
        fbx = self.export(skinned, "samples/bear_trap_v50.fbx")
        again = self.summary(fbx, self.debian)
        self.check("error" not in again and len(original.get("bones", [])) > 0 and
                   again["bones"] == original["bones"],
                   f"{fbx.name} (stock assimp) re-imports with Debian's library: "
                   f"{len(original.get('bones', []))} bones",
                   f"original {original}\n     re-imported {again}")

    def check_fbx_exports(self):
        for source in (PSK, FXM):
            original = self.summary(source, self.ours)
            fbx = self.export(source, f"{source.stem}.fbx")
            for label, env in (("our library", self.ours), ("Debian's library", self.debian)):
                again = self.summary(fbx, env)
                seconds = [a["seconds"] for a in original.get("animations", [])]
                seconds_again = [a["seconds"] for a in again.get("animations", [])]
                same_lengths = len(seconds) == len(seconds_again) and all(
                    abs(a - b) < 1e-3 for a, b in zip(seconds, seconds_again))
                self.check(
                    "error" not in again and again["bones"] == original["bones"] and
                    len(original["bones"]) > 0 and same_lengths,
                    f"{fbx.name} (stock assimp) re-imports with {label}: "
                    f"{len(original['bones'])} bones, animations {seconds} s",
                    f"original {original}\n     re-imported {again}")

    # ---- pyassimp and the C API ----------------------------------------------------------------

    def check_pyassimp(self):
        # A PSK with its PSA beside it, both written by the stock command's new exporters.
        folder = self.work / "psk_with_psa"
        folder.mkdir(exist_ok=True)
        self.export(FXM, "psk_with_psa/chain.psk")
        self.export(FXM, "psk_with_psa/chain.psa")
        scene = self.summary(folder / "chain.psk", self.ours)
        self.check("error" not in scene and scene["meshes"] > 0 and len(scene["bones"]) > 0 and
                   len(scene["animations"]) > 0 and self.soname_expected in scene["library"],
                   f"pyassimp loads chain.psk: {scene.get('meshes')} meshes, "
                   f"{len(scene.get('bones', []))} bones, {len(scene.get('animations', []))} "
                   "animations", str(scene))
        debian = self.summary(folder / "chain.psk", self.debian)
        self.check("Could not import" in debian.get("error", ""),
                   "... which Debian's library cannot read", str(debian))

    def check_c_api(self):
        program = self.work / "c_api_import"
        result = self.run(["cc", "-O1", "-o", program, ROOT / "tools/libassimp/c_api_import.c",
                           "-lassimp"], self.debian)
        if not self.check(result.returncode == 0, "C API program builds against libassimp-dev",
                          result.stderr.strip()[-400:]):
            return
        ours = self.run([program, PSK], self.ours)
        self.check(ours.returncode == 0 and "bones=" in ours.stdout and
                   "meshes=0" not in ours.stdout,
                   f"aiImportFile on {PSK.name}: {ours.stdout.strip()}",
                   (ours.stdout + ours.stderr).strip())
        debian = self.run([program, PSK], self.debian)
        self.check(debian.returncode != 0, "... and Debian's library refuses it",
                   debian.stdout.strip())

    # ---- f3d -----------------------------------------------------------------------------------

    def non_background_pixels(self, png):
        """Pixels that differ from the top-left one, in an 8-bit RGB/RGBA PNG."""
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        offset, chunks, header = 8, [], None
        while offset < len(data):
            length, kind = struct.unpack(">I4s", data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT":
                chunks.append(body)
            offset += 12 + length
        width, height, depth, colour, _, _, interlace = header
        assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
        channels = 3 if colour == 2 else 4
        raw = zlib.decompress(b"".join(chunks))
        stride = width * channels
        rows, previous = [], bytearray(stride)
        for y in range(height):
            line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
            kind, row = line[0], bytearray(line[1:])
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                up = previous[i]
                corner = previous[i - channels] if i >= channels else 0
                if kind == 1:
                    row[i] = (row[i] + left) & 255
                elif kind == 2:
                    row[i] = (row[i] + up) & 255
                elif kind == 3:
                    row[i] = (row[i] + (left + up) // 2) & 255
                elif kind == 4:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                    row[i] = (row[i] + predictor) & 255
            rows.append(bytes(row))
            previous = row
        background = rows[0][:3]
        return sum(1 for row in rows for x in range(width)
                   if row[x * channels:x * channels + 3] != background)

    def check_f3d(self):
        if shutil.which("f3d") is None or shutil.which("xvfb-run") is None:
            self.check(False, "f3d and xvfb-run are installed (tools/install-deps.sh)")
            return
        # f3d 1.3.1 hands Assimp only .fbx .dae .dxf .off (f3d --readers-list): a .psk never
        # reaches Assimp, so f3d shows what the stock command wrote with our library: binary
        # FBX that Debian's FBX writer alone cannot produce readable.
        for source in (PSK, P3D):
            fbx = self.export(source, f"{source.stem}_f3d.fbx")
            shot = self.work / f"{source.stem}_f3d.png"
            shot.unlink(missing_ok=True)
            result = self.run(["xvfb-run", "-a", "f3d", fbx, f"--output={shot}",
                               "--resolution=320,240", "--verbose"], self.ours, timeout=120)
            pixels = self.non_background_pixels(shot) if shot.is_file() else 0
            self.check(result.returncode == 0 and pixels > 100,
                       f"f3d renders {fbx.name} to {shot.name}: {pixels} pixels not background",
                       (result.stdout + result.stderr).strip()[-600:])
        # The same in one command: tools/f3d-gameformats.sh converts through the stock assimp.
        shot = self.work / "f3d_gameformats.png"
        shot.unlink(missing_ok=True)
        result = self.run(["xvfb-run", "-a", ROOT / "tools/f3d-gameformats.sh", PSK,
                           f"--output={shot}", "--resolution=320,240"], self.ours, timeout=120)
        pixels = self.non_background_pixels(shot) if shot.is_file() else 0
        self.check(result.returncode == 0 and pixels > 100,
                   f"tools/f3d-gameformats.sh {PSK.name} --output {shot.name}: {pixels} pixels "
                   "not background", (result.stdout + result.stderr).strip()[-600:])

    # ---- a Debian update: the patch applies or the build stops --------------------------------

    def check_patch_update(self):
        """What a security update of assimp meets: the script applies our patch to the
        installed version's source, or stops and says so. A source that moved under the patch
        is played by a patch whose context no longer matches."""
        patch = self.patch
        moved = self.work / "moved-context.patch"
        text = patch.read_text()
        if not self.check("#include <cstdlib>" in text, "the patch has the context line the "
                          "check moves (ImporterRegistry.cpp's #include <cstdlib>)"):
            return
        moved.write_text(text.replace("#include <cstdlib>", "#include <cstdlib> // moved", 1))
        for label, candidate, applies in (("our patch", patch, True),
                                          ("a patch whose context moved", moved, False)):
            env = dict(self.debian, AGF_LIBASSIMP_PATCH=str(candidate),
                       AGF_LIBASSIMP_DIR=str((self.work / "patch-only").resolve()))
            result = self.run(["bash", ROOT / "tools/build-libassimp.sh",
                               *self.patch_only_arguments], env)
            said = (result.stdout + result.stderr).strip().splitlines()
            if applies:
                self.check(result.returncode == 0 and any(" applies to assimp " in line
                                                          for line in said),
                           f"build-libassimp.sh --patch-only: {label} applies to the installed "
                           "assimp source", "\n     ".join(said[-5:]))
            else:
                self.check(result.returncode == 1 and said and
                           "does not apply to assimp" in said[-1],
                           f"... and {label} stops the build: \"{said[-1] if said else ''}\"",
                           "\n     ".join(said[-5:]))

    # ---- the Debian packages -------------------------------------------------------------------

    def check_debs(self):
        """The packages of `tools/build-libassimp.sh --deb`, checked without touching the system:
        their version and dependencies, the library inside them, and apt's simulation of
        `apt install ./libassimp5_….deb ./libassimp-dev_….deb`."""
        folder = Path(self.args.debs) if self.args.debs else None
        if folder is None or not folder.is_dir():
            print("skip the Debian packages: tools/build-libassimp.sh ran without --deb")
            return
        installed = self.run(["dpkg-query", "-W", "-f=${Version}", "libassimp5"],
                             self.debian).stdout.strip()
        packages = {}
        for name in ("libassimp5", "libassimp-dev", "assimp-utils"):
            found = sorted(folder.glob(f"{name}_*+agf*_amd64.deb"))
            fields = {}
            if found:
                text = self.run(["dpkg-deb", "-f", found[-1], "Version", "Depends"],
                                self.debian).stdout
                fields = dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)
            self.check(found and fields.get("Version", "").startswith(installed + "+agf"),
                       f"{name} package {fields.get('Version', '(none)')}: the installed "
                       f"{installed} plus our revision", str(found))
            packages[name] = (found[-1] if found else None, fields)
        deb, fields = packages["libassimp5"]
        if deb is None:
            return
        self.check("libsquish0" in fields.get("Depends", ""),
                   "libassimp5's dependencies name libsquish0, which our texture pass links",
                   fields.get("Depends", ""))
        root = self.work / "deb-root"
        shutil.rmtree(root, ignore_errors=True)
        self.run(["dpkg-deb", "-x", deb, root], self.debian)
        libraries = sorted(root.glob("usr/lib/*/libassimp.so.5"))
        if not self.check(libraries, f"{deb.name} holds libassimp.so.5"):
            return
        packaged = self.exported_symbols(libraries[0])
        private = self.exported_symbols(Path(self.args.lib) / "libassimp.so.5")
        self.check(packaged == private,
                   f"... exporting the same {len(packaged)} symbols as the private prefix",
                   f"differ: {' '.join(sorted(packaged ^ private)[:10])}")
        env = dict(self.debian, LD_LIBRARY_PATH=str(libraries[0].parent))
        listed = set(re.findall(r"\*\.(\w+)", self.run([self.cli, "listext"], env).stdout))
        self.check(self.our_extensions() <= listed,
                   "... and the stock assimp on the packaged library lists our extensions")
        debs = [packages[name][0] for name in ("libassimp5", "libassimp-dev")]
        # apt takes a package file only by a path that starts with "/" or "./".
        result = self.run(["apt-get", "install", "--simulate", *[d.resolve() for d in debs]],
                          self.debian)
        planned = re.findall(r"^Inst (\S+) .*\+agf", result.stdout, re.MULTILINE)
        self.check(result.returncode == 0 and sorted(planned) == ["libassimp-dev", "libassimp5"],
                   "apt install of the two packages resolves (simulated): it would replace "
                   f"Debian's {' and '.join(sorted(planned)) or 'nothing'}",
                   (result.stdout + result.stderr).strip()[-600:])

    # ---- Debian's formats ----------------------------------------------------------------------

    def info(self, model, env):
        result = self.run([self.cli, "info", model], env)
        # Progress, timing and memory lines vary from run to run.
        lines = [line for line in result.stdout.splitlines()
                 if not re.search(r"%$|took approx|Memory consumption", line.strip())]
        return result.returncode, "\n".join(lines)

    def check_stock_formats(self):
        models = [STOCK_MODELS_DIR / name for name in STOCK_MODELS
                  if (STOCK_MODELS_DIR / name).is_file()]
        if not self.check(len(models) >= 5, f"{len(models)} models of assimp-testmodels found",
                          "apt-get install assimp-testmodels"):
            return
        for model in models:
            debian_code, debian = self.info(model, self.debian)
            our_code, ours = self.info(model, self.ours)
            counts = re.search(r"Meshes:\s+(\d+)", ours)
            self.check(debian_code == 0 and our_code == 0 and ours == debian,
                       f"{model.relative_to(STOCK_MODELS_DIR)} imports exactly as with Debian's "
                       f"library ({' '.join(counts.group(0).split()) if counts else 'no meshes'})",
                       "assimp info differs")

    def run_all(self):
        self.work.mkdir(parents=True, exist_ok=True)
        for step in (self.check_library, self.check_listext, self.check_gltf_exports,
                     self.check_real_samples, self.check_fbx_exports, self.check_pyassimp,
                     self.check_c_api, self.check_f3d, self.check_stock_formats,
                     self.check_debs, self.check_patch_update):
            try:
                step()
            except Exception as error:  # a broken step is a failure, the others still run
                self.check(False, step.__name__, repr(error))
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default=str(ROOT / "build-libassimp/lib"))
    parser.add_argument("--work", default=str(ROOT / "build-libassimp/check"))
    parser.add_argument("--debs", help="folder of the packages (build-libassimp.sh --deb)")
    parser.add_argument("--validator", required=True,
                        help="folder with node_modules/gltf-validator")
    args = parser.parse_args()
    if not (Path(args.lib) / "libassimp.so.5").exists():
        print(f"no {args.lib}/libassimp.so.5: run tools/build-libassimp.sh first")
        return 1
    return Checker(args).run_all()


if __name__ == "__main__":
    sys.exit(main())
