/** @file TextureDecoders.cpp */
#include "TextureDecoders.h"

#include "Paa/PaaParser.h"

namespace agf {

namespace {

bool RecognisesPaa(const uint8_t *data, size_t size, const std::string &) {
    return paa::LooksLikePaa(data, size);
}

} // namespace

const TextureDecoderTable &TextureFileDecoders() {
    static const TextureDecoderTable table = [] {
        TextureDecoderTable decoders = {{"PAA", &RecognisesPaa, &paa::DecodePaa}};
        const TextureDecoderTable &common = CommonTextureDecoders();
        decoders.insert(decoders.end(), common.begin(), common.end());
        return decoders;
    }();
    return table;
}

} // namespace agf
