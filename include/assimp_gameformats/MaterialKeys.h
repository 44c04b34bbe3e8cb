/** @file MaterialKeys.h
 *  The aiMaterial properties our importers add beside Assimp's own AI_MATKEY_* keys. Read them
 *  with aiMaterial::Get(KEY, value), e.g. material->Get(AGF_MATKEY_P3D_RVMAT, path).
 */
#pragma once

/** FXM material key, int: 1 when the diffuse texture <name>.jpg is a guess (neither <name>.jpg
 *  nor <name>.tga exists next to the model). Use as material->Get(AGF_MATKEY_FXM_TEXTURE_GUESSED,
 *  value). */
#define AGF_MATKEY_FXM_TEXTURE_GUESSED "$mat.fxm.guessed", 0, 0

/** PSW material property (string, semantic 0, index 0) on a material made for an override: the
 *  material name or path as written (also the material's name). Terrain tiles share one
 *  material "Landscape" with a plain diffuse colour. */
#define AGF_MATKEY_PSW_OVERRIDE "$mat.psw.override", 0, 0

/** UEFormat material property (string): the material's object path as written in the .uemodel
 *  (MATERIALS, version 6 on), e.g. "/Game/Characters/Hero/M_Hero.M_Hero". */
#define AGF_MATKEY_UEFORMAT_PATH "$mat.ueformat.path", 0, 0

// ---- Bohemia P3D (semantic 0; per-stage and per-transform keys take the index) ----------------
// Procedural "#(argb,...)color(...)" textures set the diffuse colour instead of a texture file.
// Embedded ODOL rvmats also set AI_MATKEY_COLOR_EMISSIVE / AMBIENT / DIFFUSE / SPECULAR and
// AI_MATKEY_SHININESS.

/** string: the face texture path as written in the model. */
#define AGF_MATKEY_P3D_TEXTURE "$mat.p3d.texture", 0, 0
/** string: the face material (.rvmat) path as written in the model. */
#define AGF_MATKEY_P3D_RVMAT "$mat.p3d.rvmat", 0, 0
/** aiColor4D, embedded rvmat: the forced diffuse colour. */
#define AGF_MATKEY_P3D_FORCED_DIFFUSE "$mat.p3d.forcedDiffuse", 0, 0
/** aiColor4D, embedded rvmat: the second specular colour. */
#define AGF_MATKEY_P3D_SPECULAR2 "$mat.p3d.specular2", 0, 0
/** int, embedded rvmat: the material record's version. */
#define AGF_MATKEY_P3D_VERSION "$mat.p3d.version", 0, 0
/** int, embedded rvmat: the pixel shader id. */
#define AGF_MATKEY_P3D_PIXEL_SHADER "$mat.p3d.pixelShaderId", 0, 0
/** int, embedded rvmat: the vertex shader id. */
#define AGF_MATKEY_P3D_VERTEX_SHADER "$mat.p3d.vertexShaderId", 0, 0
/** int, embedded rvmat: the main light. */
#define AGF_MATKEY_P3D_MAIN_LIGHT "$mat.p3d.mainLight", 0, 0
/** int, embedded rvmat: the fog mode. */
#define AGF_MATKEY_P3D_FOG_MODE "$mat.p3d.fogMode", 0, 0
/** int, embedded rvmat: the render flags. */
#define AGF_MATKEY_P3D_RENDER_FLAGS "$mat.p3d.renderFlags", 0, 0
/** string, embedded rvmat: the surface (.bisurf) path. */
#define AGF_MATKEY_P3D_SURFACE "$mat.p3d.surface", 0, 0
/** string, embedded rvmat stage `stage`: the stage's texture. */
#define AGF_MATKEY_P3D_STAGE_TEXTURE(stage) "$mat.p3d.stage.texture", 0, (stage)
/** int, embedded rvmat stage `stage`: the stage's texture filter. */
#define AGF_MATKEY_P3D_STAGE_FILTER(stage) "$mat.p3d.stage.filter", 0, (stage)
/** int, embedded rvmat stage `stage`: the index of the stage's UV transform. */
#define AGF_MATKEY_P3D_STAGE_TRANSFORM(stage) "$mat.p3d.stage.transform", 0, (stage)
/** int, embedded rvmat UV transform `t`: its UV source. */
#define AGF_MATKEY_P3D_TRANSFORM_UV_SOURCE(t) "$mat.p3d.transform.uvSource", 0, (t)
/** 12 floats, embedded rvmat UV transform `t`: its 4x3 matrix. */
#define AGF_MATKEY_P3D_TRANSFORM_MATRIX(t) "$mat.p3d.transform.matrix", 0, (t)
/** string, embedded rvmat: the texture of the TI (thermal imaging) stage. */
#define AGF_MATKEY_P3D_STAGE_TI_TEXTURE "$mat.p3d.stageTI.texture", 0, 0
