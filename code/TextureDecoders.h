/** @file TextureDecoders.h
 *  The table of texture formats the importers' texture pass decodes: PAA/PAC (code/Paa), which
 *  lives beside the registry so that code/Common need not know the format folders, then the
 *  decoders of code/Common (DDS, stb_image's formats).
 */
#pragma once

#include "Common/TextureDecoder.h"

namespace agf {

const TextureDecoderTable &TextureFileDecoders();

} // namespace agf
