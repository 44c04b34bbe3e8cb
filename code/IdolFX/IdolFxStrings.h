/** @file IdolFxStrings.h
 *  The length-prefixed strings ("lstr") every Idol FX file uses: a u32 byte count followed by
 *  that many 8-bit characters, no terminator.
 */
#pragma once

#include "Common/BinaryReader.h"

#include <string>

namespace agf::idolfx {

/** Reads an lstr, rejecting lengths above `maxLength`; returns the raw bytes. */
std::string ReadLengthString(BinaryReader &reader, uint32_t maxLength, const char *what);

/** True when every byte is a printable ASCII or high (8-bit code page) character, which all
 *  names in real files are; used by the signature checks. */
bool IsPrintableName(const std::string &raw);

} // namespace agf::idolfx
