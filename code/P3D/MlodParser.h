/** @file MlodParser.h
 *  Parser for editable P3D files (MLOD with P3DM or SP3X LODs, and bare P3DM / SP3X LODs),
 *  specs/p3d.md section 2.
 */
#pragma once

#include "Common/Warnings.h"
#include "P3dFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::p3d {

/** Parses an MLOD file, or a file that is one bare P3DM / SP3X LOD. Damage in a LOD after the
 *  first keeps the LODs before it and records a warning; damage in the first LOD, or a file that
 *  is not MLOD, throws ImportError. Recoverable problems go to `warnings`. */
Model ParseMlod(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings);

/** Splits a proxy selection name "proxy:<path>.<NNN>" into path and instance number. Returns
 *  false when `name` is not a proxy selection. */
bool SplitProxyName(const std::string &name, std::string &path, int32_t &instance);

} // namespace agf::p3d
