/** @file ChannelKeyAlignment.h
 *  Aligns the position, rotation and scaling keys of node channels, for Assimp 5.2.5's Collada
 *  writer.
 *
 *  That writer stores one matrix per key and only for channels whose three tracks have the same
 *  number of keys (taking the position key times for all three); it skips any other channel but
 *  still references it, so the file cannot be read back ("Unable to resolve library reference
 *  <node>_matrix-input"). Resampling every such channel onto the union of its key times, with
 *  linear interpolation (spherical for rotations), makes the writer keep every channel.
 */
#pragma once

struct aiScene;

namespace agf {

/** Resamples every node channel whose tracks differ in key count or key times. A track
 *  without keys takes the node's own transform. Returns the number of channels changed. */
unsigned int AlignChannelKeys(aiScene &scene);

} // namespace agf
