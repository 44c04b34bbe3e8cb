/** @file UeAnimParser.h
 *  The bodies of .ueanim (tracks, curves, the additive settings) and .uepose (poses and the
 *  curve names they drive) files.
 */
#pragma once

#include "UeFormatContainer.h"
#include "UeFormatFileData.h"

namespace agf {
class Warnings;
}

namespace agf::ueformat {

/** Parses the body of an opened UEANIM container (versions 0 to 6 keep the frame count and
 *  rate before the sections, later ones in METADATA). */
Anim ParseUeAnim(const Container &container, Warnings &warnings);

/** Parses the body of an opened UEPOSE container. */
PoseFile ParseUePose(const Container &container, Warnings &warnings);

} // namespace agf::ueformat
