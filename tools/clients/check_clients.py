#!/usr/bin/env python3
"""Checks what we write in the real programs people open it with.

    python3 tools/clients/check_clients.py --assimp build/bin/assimp --work build/clients \
        --validator <folder with node_modules/gltf-validator> [--blender blender] \
        [--extra-gltf-dir build/agf_scratch]

1. Exports every test model (test_models/) and every sample (../shared/samples, when present)
   to .glb with our `assimp` command, a few of them to .gltf as well, and runs Khronos
   glTF-Validator on all of them plus every glTF the test suite wrote (--extra-gltf-dir): no
   errors, missing external textures included.
2. Opens exports in Blender (headless) and checks what a user sees there: one armature with
   every bone of the file, one action per sequence of the right length, shape keys named as
   the file's morph targets, shape-key animation, lights, our metadata as custom
   properties, embedded textures on their materials, and additive clips restored to the pose
   their known target shows.

The expected values come from `assimp info` on the source file, so the check compares Blender
with our importer's own reading of the file, which the unit tests check against the files.
Exit status 0 when everything passed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUR_EXTENSIONS = {".psk", ".pskx", ".psa", ".psax", ".psw", ".p3d", ".fxm", ".mot", ".anb",
                  ".pz2", ".p2z", ".cr2", ".crz", ".uemodel", ".ueanim", ".uepose"}
# Written as .gltf too (with its .bin), to check the separate-file path of the writer.
GLTF_TOO = {"skinned_box.psk", "level_v2.psw", "two_submeshes.anb", "keypose_chain4.fxm",
            "knight.uemodel"}
# Bones a restored additive clip must show as its known target does (the generated clips leave
# the fourth bone, Arm, without a track: it keeps its base pose instead).
ADDITIVE_BONES = ["Root", "Spine", "Head"]


def looks_like_gltf(path):
    # Tests also create directories with these names (an unwritable output path).
    if not path.is_file():
        return False
    with open(path, "rb") as stream:
        start = stream.read(64)
    return start[:4] == b"glTF" or start.lstrip()[:1] == b"{"


def is_gallery_model(path):
    # `assimp view --static` writes <gallery>/index.html and <gallery>/models/*.glb.
    return path.parent.name == "models" and (path.parent.parent / "index.html").is_file()


class Checker:
    def __init__(self, args):
        self.args = args
        self.work = Path(args.work)
        self.work.mkdir(parents=True, exist_ok=True)
        self.failures = []
        self.passed = 0

    # ---- helpers --------------------------------------------------------------------------

    def check(self, condition, what):
        if condition:
            self.passed += 1
            print(f"  ok   {what}")
        else:
            self.failures.append(what)
            print(f"  FAIL {what}")

    def assimp(self, *arguments):
        return subprocess.run([self.args.assimp, *arguments], capture_output=True, text=True,
                              errors="replace")

    def export(self, source, output, *extra):
        result = self.assimp("export", str(source), str(output), *extra)
        return result.returncode == 0, (result.stderr.strip().splitlines() or [""])[-1]

    def info(self, source, *extra):
        """Scene metadata, animation durations and morph target names from `assimp info`."""
        text = self.assimp("info", str(source), *extra).stdout
        metadata = dict(re.findall(r"^    (\S+) \(\w+\): (.*)$", text, re.M))
        durations = [float(s) for s in re.findall(r"ticks = ([0-9.]+) s\]", text)]
        ticks = [float(t) for t in re.findall(r"\| ([0-9.]+) ticks/s \|", text)]
        morphs = re.findall(r"^    \d+: \d+: (.*)$", text, re.M)
        names = re.findall(r'"([^"]*)"', morphs[0]) if morphs else []
        lights = int(re.search(r"^Lights:\s+(\d+)", text, re.M).group(1))
        return {"metadata": metadata, "durations": durations, "ticks": ticks, "morphs": names,
                "lights": lights}

    def blender(self, model, poses=False):
        summary = model.with_suffix(model.suffix + ".blender.json")
        # Blender's embedded Python finds its standard library through the first python3 on
        # PATH; a pyenv interpreter there (which runs this script) would hide Debian's numpy.
        path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                               if ".pyenv" not in p)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYENV")}
        env["PATH"] = path
        result = subprocess.run(
            [self.args.blender, "-b", "--factory-startup", "--python",
             str(ROOT / "tools/clients/blender_summary.py"), "--", str(model), str(summary),
             *(["--poses"] if poses else [])],
            capture_output=True, text=True, errors="replace", env=env)
        if result.returncode != 0 or not summary.exists():
            print(result.stdout[-2000:], result.stderr[-2000:])
            return None
        return json.loads(summary.read_text(encoding="utf-8"))

    # ---- glTF-Validator -------------------------------------------------------------------

    def sources(self):
        models = sorted(p for p in (ROOT / "test_models").rglob("*") if p.suffix in OUR_EXTENSIONS)
        samples = Path(self.args.samples)
        if samples.is_dir():
            models += sorted(p for p in samples.rglob("*") if p.suffix.lower() in OUR_EXTENSIONS)
        return models

    def validate_exports(self):
        print("== glTF-Validator on every export ==")
        outputs = []
        for source in self.sources():
            label = str(source.relative_to(source.anchor)).replace(os.sep, "_")
            output = self.work / "gltf" / (label + ".glb")
            output.parent.mkdir(parents=True, exist_ok=True)
            ok, message = self.export(source, output)
            if ok:
                outputs.append(output)
            elif "cannot import" in message:
                print(f"  skip {source.name}: it does not import ({message})")
            else:
                self.check(False, f"{source.name} exports to glb: {message}")
            if source.name in GLTF_TOO:
                output = self.work / "gltf" / label / (source.stem + ".gltf")
                output.parent.mkdir(parents=True, exist_ok=True)
                ok, message = self.export(source, output)
                self.check(ok, f"{source.name} exports to .gltf {message if not ok else ''}")
                outputs.append(output)
        if self.args.extra_gltf_dir and Path(self.args.extra_gltf_dir).is_dir():
            for pattern in ("*.glb", "*.gltf"):
                # Tests also write damaged inputs with these extensions: only what starts like
                # a glTF was written by a glTF writer.
                # A static gallery's models/*.glb are its page's data: they keep the texture
                # references the page resolves itself (EXPORT_GLTF_KEEP_TEXTURE_REFERENCES).
                outputs += sorted(p for p in Path(self.args.extra_gltf_dir).rglob(pattern)
                                  if looks_like_gltf(p) and not is_gallery_model(p))
        env = dict(os.environ, NODE_PATH=str(Path(self.args.validator) / "node_modules"))
        result = subprocess.run(["node", str(ROOT / "tools/clients/validate_gltf.js"),
                                 *map(str, outputs)], capture_output=True, text=True, env=env)
        for line in result.stdout.splitlines():
            if not line.startswith("ok"):
                print("  " + line)
        self.check(result.returncode == 0,
                   f"glTF-Validator: 0 errors in all {len(outputs)} files")

    # ---- Blender --------------------------------------------------------------------------

    def armatures(self, summary):
        return [o for o in summary["objects"] if o["type"] == "ARMATURE"]

    def action_seconds(self, summary):
        # The clips that move the skeleton: Blender's glTF importer puts a clip's shape-key
        # animation in an action of the mesh's own.
        return [(a["range"][1] - a["range"][0]) / summary["fps"] for a in summary["actions"]
                if a.get("bone_curves", 1) > 0]

    def check_skeleton_and_actions(self, label, summary, bones, durations, ticks):
        armatures = self.armatures(summary)
        self.check(len(armatures) == 1 and armatures[0]["bones"] == bones,
                   f"{label}: one armature of {bones} bones "
                   f"(got {[a['bones'] for a in armatures]})")
        seconds = self.action_seconds(summary)
        # Blender's range ends at the last key, one source frame before the clip's end.
        expected = [d - 1.0 / t for d, t in zip(durations, ticks)]
        same = len(seconds) == len(expected) and all(
            abs(s - e) <= 1.5 / t + 1e-3 for s, e, t in zip(sorted(seconds), sorted(expected),
                                                          sorted(ticks)))
        self.check(same, f"{label}: {len(expected)} actions of {[round(e, 3) for e in expected]}"
                         f" s (got {[round(s, 3) for s in seconds]})")

    def height(self, summary):
        low, high = summary["bbox"]
        return high[2] - low[2]

    def opened(self, source, label, kinds=("glb", "fbx"), *extra, report_success=False):
        """Exports `source` to each of `kinds` and opens it in Blender; yields (kind, output,
        summary) for those that opened. One that did not is a failed check; one that did is a
        passed check only with `report_success`."""
        for kind in kinds:
            output = self.work / "blender" / f"{label}.{kind}"
            output.parent.mkdir(parents=True, exist_ok=True)
            ok, message = self.export(source, output, *extra)
            summary = self.blender(output) if ok else None
            if summary is None or report_success:
                self.check(summary is not None, f"{label}.{kind} opens in Blender {message}")
            if summary is not None:
                yield kind, output, summary

    def case_skinned(self, source, animations, label, *options):
        if not source.exists():
            print(f"  skip {label}: {source} is missing")
            return
        extra = [a for anim in animations for a in ("--anim", str(anim))] + list(options)
        facts = self.info(source, *extra)
        metadata = facts["metadata"]
        bones = int(metadata.get("PSK.BoneCount", metadata.get("UEFormat.BoneCount", "0")))
        heights = []
        for kind, _, summary in self.opened(source, label, ("glb", "fbx"), *extra,
                                            report_success=True):
            self.check_skeleton_and_actions(f"{label}.{kind}", summary, bones,
                                            facts["durations"], facts["ticks"])
            heights.append(self.height(summary))
        if len(heights) == 2:
            self.check(abs(heights[0] - heights[1]) <= 0.02 * max(heights),
                       f"{label}: the same height from glb and FBX ({heights[0]:.3f} m, "
                       f"{heights[1]:.3f} m)")
        return heights

    def case_shape_keys(self, source, label):
        if not source.exists():
            print(f"  skip {label}: {source} is missing")
            return
        names = self.info(source)["morphs"]
        for kind, _, summary in self.opened(source, label):
            keys = [o["shape_keys"][1:] for o in summary["objects"]
                    if o["type"] == "MESH" and o.get("shape_keys")]
            self.check(bool(keys) and all(k == names for k in keys),
                       f"{label}.{kind}: shape keys {names} on every mesh (got {keys})")

    def case_p3d(self, source, label):
        if not source.exists():
            print(f"  skip {label}: {source} is missing")
            return
        lods = int(self.info(source)["metadata"].get("P3D.LodCount", "0"))
        for kind, _, summary in self.opened(source, label):
            with_resolution = [o for o in summary["objects"] if "P3D.Resolution" in o["props"]]
            with_properties = [o for o in with_resolution
                               if any(k.startswith("P3D.Properties[") for k in o["props"])]
            self.check(len(with_resolution) == lods and with_properties,
                       f"{label}.{kind}: {lods} LOD objects with P3D.Resolution "
                       f"(got {len(with_resolution)}), {len(with_properties)} with properties")

    def case_lights(self, source, label):
        facts = self.info(source)
        for kind, _, summary in self.opened(source, label):
            lights = [o for o in summary["objects"] if o["type"] == "LIGHT"]
            self.check(len(lights) == facts["lights"] and facts["lights"] > 0,
                       f"{label}.{kind}: {facts['lights']} lights (got {len(lights)})")
            actors = [o for o in summary["objects"] if "PSW.ActorIndex" in o["props"]]
            self.check(len(actors) > 0, f"{label}.{kind}: actors carry PSW.* custom properties")
            if kind == "glb":
                scene = summary["scene_props"]
                self.check(scene.get("PSW.Version") == facts["metadata"].get("PSW.Version", "")
                           .strip('"') and scene.get("GameFormats.Units") == "metre",
                           f"{label}.glb: scene custom properties (PSW.Version, units metre)")

    def case_morph_animation(self, source, label):
        facts = self.info(source)
        for kind, _, summary in self.opened(source, label):
            curves = sum(a["shape_key_curves"] for a in summary["actions"])
            self.check(curves > 0 and facts["durations"],
                       f"{label}.{kind}: shape-key animation ({curves} curves)")

    def case_additive(self, source, animations, label, clip, *options):
        """Restored additive clip `clip` shows in Blender the pose of the sequence "Target"."""
        if not source.exists():
            print(f"  skip {label}: {source} is missing")
            return
        extra = [a for anim in animations for a in ("--anim", str(anim))] + list(options)
        output = self.work / "blender" / f"{label}.glb"
        output.parent.mkdir(parents=True, exist_ok=True)
        ok, message = self.export(source, output, *extra)
        summary = self.blender(output, poses=True) if ok else None
        if summary is None:
            self.check(False, f"{label}.glb opens in Blender {message}")
            return
        def named(name):
            found = [v for k, v in summary.get("poses", {}).items()
                     if k == name or k.startswith(name + "_")]
            return found[0] if found else None
        restored, target = named(clip), named("Target")
        if restored is None or target is None:
            self.check(False, f"{label}: actions {clip} and Target in Blender "
                              f"(got {sorted(summary.get('poses', {}))})")
            return
        worst = 0.0
        for frame, bones in target.items():
            for bone in ADDITIVE_BONES:
                got = restored.get(frame, {}).get(bone)
                want = bones.get(bone)
                if got is None or want is None:
                    worst = float("inf")
                    continue
                worst = max(worst, max(abs(a - b) for ra, rb in zip(got, want)
                                       for a, b in zip(ra, rb)))
        self.check(worst <= 1e-4, f"{label}: Blender shows {clip} as the known target pose at "
                                  f"every key of {ADDITIVE_BONES} (largest difference {worst:.2e})")

    def embedded_images(self, glb):
        """The images a glb carries in its own buffer, from its JSON chunk."""
        data = glb.read_bytes()
        length = int.from_bytes(data[12:16], "little")
        document = json.loads(data[20:20 + length])
        return [i for i in document.get("images", []) if "bufferView" in i]

    def case_textures(self, source, label, sockets, *extra):
        """A textured model: its images embedded in the glb and on the material in Blender."""
        if not source.exists():
            print(f"  skip {label}: {source} is missing")
            return
        opened = list(self.opened(source, label, ("glb",), *extra))
        if not opened:
            return
        _, output, summary = opened[0]
        images = self.embedded_images(output)
        self.check(images and all(i.get("mimeType") == "image/png" for i in images),
                   f"{label}.glb: {len(images)} PNG images embedded in the glb")
        textured = [m for m in summary["materials"] if "base_color" in m]
        self.check(textured and all(m["base_color"]["packed"] and
                                    min(m["base_color"]["size"]) > 0 for m in textured),
                   f"{label}.glb: Blender shows an image on base colour of "
                   f"{[m['name'] for m in textured]}")
        if sockets:
            names = {o["name"] for o in summary["objects"]}
            self.check(all(s in names for s in sockets), f"{label}.glb: socket nodes {sockets}")
        return textured

    def check_blender(self):
        print("== Blender ==")
        samples = Path(self.args.samples)
        actorx = samples / "actorx"
        grunt = self.case_skinned(actorx / "Grunt_Preview_LOD0.psk",
                                  [actorx / "grunt_hh_grabplayer_crouch_SEQ0.psa"], "grunt_crouch")
        if grunt:
            self.check(all(1.0 < h < 2.5 for h in grunt),
                       f"grunt_crouch: a person's height in metres ({grunt})")
        self.case_skinned(actorx / "skbronzechestMesh.psk", [actorx / "skbronzechestAnims.psa"],
                          "bronze_chest_three_sequences")
        self.case_skinned(ROOT / "test_models/actorx/skinned_box.psk",
                          [ROOT / "test_models/actorx/psa_dense.psa"], "skinned_box_dense")
        self.case_shape_keys(actorx / "Slurp_Monster_Axe_LOD0.psk", "slurp")
        self.case_shape_keys(ROOT / "test_models/actorx/skinned_box.psk", "skinned_box_morphs")
        self.case_p3d(samples / "p3d/pylon_single.p3d", "pylon")
        self.case_p3d(ROOT / "test_models/p3d/odol40_skinned.p3d", "odol40")
        self.case_lights(ROOT / "test_models/actorx/world_levels/level_v2.psw", "level_v2")
        self.case_morph_animation(ROOT / "test_models/idolfx/two_submeshes.anb", "anb_morphs")
        ueformat = ROOT / "test_models/ueformat"
        self.case_skinned(ueformat / "knight.uemodel", [ueformat / "knight_additive_mesh.ueanim"],
                          "knight_ueformat", "--set", "IMPORT_ANIMATION_ADDITIVE=bind")
        self.case_shape_keys(ueformat / "knight.uemodel", "knight_shape_keys")
        self.case_morph_animation(ueformat / "knight.uemodel", "knight_curves")
        actorx_models = ROOT / "test_models/actorx"
        for clip, space in (("AddLocal", "local"), ("AddMesh", "mesh")):
            self.case_additive(actorx_models / "knight.psk",
                               [actorx_models / "knight_additive.psax"], f"knight_{clip}", clip,
                               "--set", "IMPORT_ANIMATION_ADDITIVE=bind",
                               "--set", f"IMPORT_ANIMATION_ADDITIVE_SPACE={space}")
        antenna = actorx / "ueviewer/Antenna_Standard/SkeletalMesh3/Antenna_SK.psk"
        self.case_textures(antenna, "antenna_textured", ["TopperSocket"])
        optic = self.case_textures(samples / "p3d/cba_optic_small_70.p3d", "optic_textured", [],
                                   "--texture-root", str(samples / "p3d/data-root"))
        if optic is not None:
            self.check(any(m["blend"] != "OPAQUE" and "alpha" in m for m in optic),
                       f"optic_textured.glb: the reticle's alpha drives the material's alpha "
                       f"({[(m['name'], m['blend'], 'alpha' in m) for m in optic]})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assimp", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--validator", required=True,
                        help="folder whose node_modules holds gltf-validator")
    parser.add_argument("--blender", default="blender")
    parser.add_argument("--samples", default=str(ROOT.parent / "shared/samples"))
    parser.add_argument("--extra-gltf-dir", default="")
    parser.add_argument("--skip-blender", action="store_true")
    args = parser.parse_args()
    checker = Checker(args)
    checker.validate_exports()
    if not args.skip_blender:
        checker.check_blender()
    print(f"\n{checker.passed} checks passed, {len(checker.failures)} failed")
    for failure in checker.failures:
        print(f"  FAIL {failure}")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
