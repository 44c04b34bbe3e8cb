/** @file TextureDecoder.cpp
 *  The decoders of code/Common, in the order they are tried.
 */
#include "TextureDecoder.h"

#include "Common/DdsDecoder.h"
#include "Common/StbImages.h"

namespace agf {

namespace {

bool RecognisesDds(const uint8_t *data, size_t size, const std::string &) {
    return IsDdsFile(data, size);
}

RgbaImage DecodeDdsTexture(const uint8_t *data, size_t size, const std::string &fileName,
                           Warnings &) {
    return DecodeDds(data, size, fileName);
}

bool RecognisesStb(const uint8_t *data, size_t size, const std::string &) {
    return StbRecognises(data, size);
}

RgbaImage DecodeStbTexture(const uint8_t *data, size_t size, const std::string &fileName,
                           Warnings &) {
    return StbDecode(data, size, fileName);
}

} // namespace

const TextureDecoderTable &CommonTextureDecoders() {
    // DDS first: stb_image's TGA test, which has no signature to go by, accepts some of them.
    static const TextureDecoderTable table = {
        {"DDS", &RecognisesDds, &DecodeDdsTexture},
        {"stb_image", &RecognisesStb, &DecodeStbTexture},
    };
    return table;
}

} // namespace agf
