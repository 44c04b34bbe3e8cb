/** @file PswParser.h
 *  Bytes of an ActorX world (`.psw`) to PswWorld (specs/actorx.md, section 7).
 */
#pragma once

#include "Common/Warnings.h"

#include "PswFileData.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace agf::psw {

/** Parses a whole world file. Chunk ids are matched exactly and each record size is checked
 *  against the layout of that id (a larger size is read as the known prefix). Refused with
 *  ImportError: a file that is not WRLDHEAD, a chunk list that does not end cleanly (truncated
 *  records), two different actor chunks, a record smaller than its layout, an actor parent
 *  out of range or in a cycle, and an asset or texture path that would leave the root.
 *  Material assignments, lights and tiles that point at missing actors are dropped or moved to
 *  the root with a warning. */
PswWorld ParsePswWorld(const uint8_t *data, size_t size, const std::string &fileName,
                       Warnings &warnings);

} // namespace agf::psw
