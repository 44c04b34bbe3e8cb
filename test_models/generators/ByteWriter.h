/** @file ByteWriter.h
 *  The generators write files with the library's little-endian byte writer.
 */
#pragma once

#include "Common/ByteWriter.h"

namespace agf::testgen {

using agf::ByteWriter;

} // namespace agf::testgen
