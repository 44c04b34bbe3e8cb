#!/usr/bin/env bash
# Writes seed inputs for every fuzz target into <out>/<target>/, from the project's own
# generated test models (test_models/) only, joined with their side files in the fuzz input
# format of fuzz/README.md. Used to (re)build the committed corpora:
#   bash fuzz/make-seeds.sh /tmp/seeds
# Never add ../shared/samples here: those files must not end up in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: bash fuzz/make-seeds.sh <output folder>}
models=test_models

# side <name> <file>: appends one side file to stdout in the fuzz input format.
side() { printf '\n#AGF-FILE:%s\n' "$1"; cat "$2"; }
side_text() { printf '\n#AGF-FILE:%s\n%s' "$1" "$2"; }

mkdir -p "$out"/{psk,psa,psax,psw,p3d_mlod,p3d_odol,fxm,mot,anb,pz2,cr2,uemodel,ueanim,uepose,lzss,lzo,paa,pbo}

for f in "$models"/actorx/*.psk; do cp "$f" "$out/psk/"; done
{
    cat "$models/actorx/skinned_box.psk"
    side_text fuzz.props.txt $'Materials[2] =\n{\n\t[0] = { MaterialInterface = Material\'/Game/Materials/BoxSides.BoxSides\' }\n\t[1] = { MaterialInterface = Material\'/Game/Materials/BoxCaps.BoxCaps\' }\n}\n'
    side_text Game/Materials/BoxSides.mat $'Diffuse=T_Sides_D\nNormal=T_Sides_N\nOther[0]=T_Unused\n'
    side_text Game/Materials/T_Sides_D.tga tga
    side_text Game/Texture2D/T_Sides_N.png png
    side_text BoxCaps.mat $'Diffuse=T_Caps_D\n'
} >"$out/psk/skinned_box_sidecars"
# Material instances with no .mat: their .props.txt parameters and Parent chain (a loop).
{
    cat "$models/actorx/skinned_box.psk"
    side_text fuzz.props.txt $'Materials[2] = { MaterialInstanceConstant\'Pkg.MI_A\', Material3\'Pkg.M_B\' }\n'
    side_text MI_A.props.txt $'TextureParameterValues[1] =\n{\n    TextureParameterValues[0] =\n    {\n        ParameterName = Normal\n        ParameterValue = Texture2D\'Pkg.Group.T_N\'\n    }\n}\nParent = Material3\'Pkg.M_B\'\n'
    side_text M_B.props.txt $'CollectedTextureParameters[1] = { { Texture=Texture2D\'Pkg.T_D\', Name=Diffuse } }\nParent = MaterialInstanceConstant\'Pkg.MI_A\'\n'
    side_text T_D.tga tga
} >"$out/psk/skinned_box_instances"
{ cat "$models/actorx/skinned_box.psk"; side fuzz.psa "$models/actorx/psa_dense.psa"; } \
    >"$out/psk/skinned_box_with_psa"

for f in "$models"/actorx/*.psa; do cp "$f" "$out/psa/"; done
{ cat "$models/actorx/psa_config.psa"; side fuzz.config "$models/actorx/psa_config.config"; } \
    >"$out/psa/psa_with_config"
for f in "$models"/actorx/*.psax; do cp "$f" "$out/psax/"; done
{ cat "$models/actorx/psax_sparse.psax"; side fuzz.config "$models/actorx/psa_config.config"; } \
    >"$out/psax/psax_with_config"

levels=$models/actorx/world_levels
for f in "$levels"/*.psw; do
    name=$(basename "$f" .psw)
    cp "$f" "$out/psw/$name"
    {
        cat "$f"
        (cd "$levels" && find Game -type f | sort) | while read -r asset; do
            side "$asset" "$levels/$asset"
        done
    } >"$out/psw/${name}_with_assets"
done

for f in mlod_cube sp3x_triangle packed_sp3x; do cp "$models/p3d/$f.p3d" "$out/p3d_mlod/$f"; done
{ cat "$models/p3d/mlod_cube.p3d"; side model.cfg "$models/p3d/model.cfg"; } \
    >"$out/p3d_mlod/mlod_cube_with_model_cfg"
for f in odol48_skinned odol50_skinned odol68_alternate odol73_lzo odol73_raw; do
    cp "$models/p3d/$f.p3d" "$out/p3d_odol/$f"
done
for f in odol40_skinned odol7_skinned; do
    cp "$models/p3d/$f.p3d" "$out/p3d_odol/$f"
    { cat "$models/p3d/$f.p3d"; side model.cfg "$models/p3d/model.cfg"; } \
        >"$out/p3d_odol/${f}_with_model_cfg"
done

for f in "$models"/idolfx/*.fxm; do cp "$f" "$out/fxm/"; done
{ cat "$models/idolfx/keypose_chain4.fxm"; side fuzz.mot "$models/idolfx/keypose_chain4.mot"; } \
    >"$out/fxm/keypose_chain4_with_mot"
cp "$models"/idolfx/*.mot "$out/mot/"
cp "$models"/idolfx/*.anb "$out/anb/"

# Poser: poses (plain and gzip), and the figure with its OBJ geometry at the path it names.
for f in "$models"/poser/*.pz2 "$models"/poser/*.p2z; do cp "$f" "$out/pz2/"; done
cp "$models/poser/chain.cr2" "$out/cr2/chain"
{
    cat "$models/poser/chain.cr2"
    side Runtime/Geometries/Synthetic/chain.obj "$models/poser/Runtime/Geometries/Synthetic/chain.obj"
} >"$out/cr2/chain_with_geometry"

# UEFormat: every generated model (stored, GZIP, ZSTD; versions 0 to 10); the model with its
# sibling animation, with poses, and with UE Viewer's material and texture files.
ue=$models/ueformat
for f in "$ue"/*.uemodel; do cp "$f" "$out/uemodel/"; done
{ cat "$ue/knight.uemodel"; side fuzz.ueanim "$ue/knight.ueanim"; } >"$out/uemodel/knight_with_ueanim"
{
    cat "$ue/knight_zstd.uemodel"
    side fuzz.ueanim "$ue/knight_additive_mesh.ueanim"
    side_text Game/Knight/Materials/M_Body.mat $'Diffuse=/Game/Knight/Textures/T_Body_D\nNormal=T_N\n'
    side_text Game/Knight/Textures/T_Body_D.png png
    side_text Game/Knight/Texture2D/T_N.tga tga
} >"$out/uemodel/knight_with_sidecars"
for f in "$ue"/*.ueanim; do cp "$f" "$out/ueanim/"; done
for f in "$ue"/*.uepose; do cp "$f" "$out/uepose/"; done

# LZSS: the whole-file-packed model (mode byte 1), and hand-made streams for LzssDecode
# (mode byte 0, expected size, stream, checksum): eight literals "ABCDEFGH" (flag 0xFF), and
# "ABC" followed by a 6-byte back-reference at distance 3 (flag 0x07: three literals, then a
# reference; length 6 = 3 + 3).
{ printf '\x01'; cat "$models/p3d/packed_sp3x.p3d"; } >"$out/lzss/packed_whole_file"
# checksum of "ABCDEFGH" = 0x41+...+0x48 = 0x224
printf '\x00\x08\x00\x00\x00\xffABCDEFGH\x24\x02\x00\x00' >"$out/lzss/literals"
# output "ABCABCABC": checksum = 3 * (0x41 + 0x42 + 0x43) = 0x252
printf '\x00\x09\x00\x00\x00\x07ABC\x03\x03\x52\x02\x00\x00' >"$out/lzss/back_reference"

# LZO1X (expected size u32, then the stream): a leading literal run "ABCD" (17 + 4), an M2 match
# of 4 bytes at distance 4 and the end marker; a leading literal "A" repeated by an overlapping
# M2 match at distance 1; and an M3 match with an extended length (t = 32, one zero byte, then
# 3: 31 + 255 + 3 + 2 = 291 bytes) copying "AB" at distance 2.
printf '\x08\x00\x00\x00\x15ABCD\x6c\x00\x11\x00\x00' >"$out/lzo/m2_match"
printf '\x04\x00\x00\x00\x12A\x40\x00\x11\x00\x00' >"$out/lzo/overlapping_run"
printf '\x25\x01\x00\x00\x13AB\x20\x00\x03\x04\x00\x11\x00\x00' >"$out/lzo/m3_extended"

# PAA: a raw 4 x 4 DXT1 level (one solid red block, c0 > c1) with its terminator and trailer;
# a raw 2 x 2 ARGB4444 level.
printf '\x01\xff\x00\x00\x04\x00\x04\x00\x08\x00\x00\x00\xf8\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' >"$out/paa/dxt1_raw"
printf '\x44\x44\x00\x00\x02\x00\x02\x00\x08\x00\x00\x21\xf3\x43\x85\x65\xa7\x87\xc9\x00\x00\x00\x00\x00\x00' >"$out/paa/argb4444_raw"
# PBO: the two generated archives (stored and Cprs entries, a prefix, a folder), and one as
# OFP's archives are: no properties record, no trailer, one stored model.
for f in "$models"/pbo/*.pbo; do cp "$f" "$out/pbo/"; done
{
    # Record: name, method 0, original size, reserved, timestamp, data size; then the end
    # record and the model's bytes.
    size=$(stat -c %s "$models/p3d/mlod_cube.p3d")
    le32() { printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)))"; }
    printf 'a.p3d\0'
    le32 0; le32 "$size"; le32 0; le32 0; le32 "$size"
    printf '\0'
    le32 0; le32 0; le32 0; le32 0; le32 0
    cat "$models/p3d/mlod_cube.p3d"
} >"$out/pbo/ofp_style"
echo "seeds written to $out"
